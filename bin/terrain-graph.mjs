#!/usr/bin/env node
// The terrain-graph command. The engine is TypeScript; tsx compiles it on the fly, so the
// command line and the browser run the very same source files.
import { register } from 'tsx/esm/api';

// A reader that stops early (`build --plan | head`) closes the pipe: the next write fails with
// EPIPE, which Node threw as an unhandled 'error' event with its stack. Stop quietly instead,
// with the status a process killed by SIGPIPE has (128 + 13), as `git log | head` does.
process.stdout.on('error', (err) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(141);
});

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
