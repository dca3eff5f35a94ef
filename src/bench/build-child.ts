// One bench build in a process of its own, so its peak memory is the build's alone: runs
// `terrain-graph build` with the arguments given and prints {ms, cpuMs, maxRssMb} as JSON on
// stdout: its wall time, and its CPU time (user and system, every thread of the process), which
// a machine shared with other jobs inflates far less than the wall time.

import { readFileSync } from 'node:fs';
import { main } from '../cli/main.ts';

/**
 * This process's peak resident memory in MB, its worker threads included (one address space).
 * On Linux from VmHWM, the high-water mark of this program's own memory: resourceUsage().maxRSS
 * also carries the parent's resident size at the fork that started this process (Linux keeps
 * the larger across exec), so under `npm run bench`, whose scenarios leave gigabytes of shared
 * grids for the collector, it read 5.4 GB for a build that peaks at 0.6.
 */
function peakRssMb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // Not Linux: no /proc.
  }
  // resourceUsage().maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}

const cpu = process.cpuUsage();
const start = performance.now();
const code = await main(process.argv.slice(2), { out: () => {}, err: (t) => process.stderr.write(`${t}\n`) });
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ code, ms, cpuMs: (used.user + used.system) / 1000, maxRssMb: peakRssMb() })}\n`);
process.exitCode = code;
