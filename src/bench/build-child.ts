// One bench build in a process of its own, so its peak memory is the build's alone: runs
// `terrain-graph build` with the arguments given and prints {ms, maxRssMb} as JSON on stdout.

import { main } from '../cli/main.ts';

const start = performance.now();
const code = await main(process.argv.slice(2), { out: () => {}, err: (t) => process.stderr.write(`${t}\n`) });
const ms = performance.now() - start;
// resourceUsage().maxRSS is in kilobytes and covers the worker threads (one process).
process.stdout.write(`${JSON.stringify({ code, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
process.exitCode = code;
