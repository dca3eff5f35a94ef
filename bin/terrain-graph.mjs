#!/usr/bin/env node
// The terrain-graph command. The engine is TypeScript; tsx compiles it on the fly, so the
// command line and the browser run the very same source files.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
