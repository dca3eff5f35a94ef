// One bench build in a process of its own, so its peak memory is the build's alone: runs
// `terrain-graph build` with the arguments given and prints {ms, cpuMs, maxRssMb} as JSON on
// stdout: its wall time, and its CPU time (user and system, every thread of the process), which
// a machine shared with other jobs inflates far less than the wall time.

import { main } from '../cli/main.ts';

const cpu = process.cpuUsage();
const start = performance.now();
const code = await main(process.argv.slice(2), { out: () => {}, err: (t) => process.stderr.write(`${t}\n`) });
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
// resourceUsage().maxRSS is in kilobytes and covers the worker threads (one process).
process.stdout.write(`${JSON.stringify({ code, ms, cpuMs: (used.user + used.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
process.exitCode = code;
