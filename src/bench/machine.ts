// What the rest of the machine did while the bench measured: the CPU time every other process
// used, as a share of all the cores, read from /proc/stat and /proc/self/stat (Linux; null
// elsewhere). A load average counts the bench's own threads and lags a minute behind, so a
// "quiet" load of 0.5 may be another engineer's one-thread job holding one core of two, which
// is enough to make two threads slower than one (docs/speed-log.md, "Hand-offs at 256²").

import { readFileSync } from 'node:fs';

/** The machine's busy time and this process's CPU time (both in clock ticks), and when. */
export interface CpuMark {
  readonly busy: number;
  readonly ours: number;
  readonly at: number;
}

/** Linux's clock tick for /proc (USER_HZ), 100 on every kernel configuration in use. */
const TICKS_PER_MS = 0.1;

export function cpuMark(): CpuMark | null {
  try {
    // cpu  user nice system idle iowait irq softirq steal ...: all but idle and iowait is busy.
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // Fields 14 and 15 (utime, stime), counted after the command's closing parenthesis.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ours = Number(fields[11]) + Number(fields[12]);
    const busy = user + nice + system + irq + softirq + steal;
    return Number.isFinite(busy) && Number.isFinite(ours) ? { busy, ours, at: performance.now() } : null;
  } catch {
    return null;
  }
}

/** The share (0–1) of `cores` cores other processes used between two marks; null where unknown. */
export function othersShare(from: CpuMark | null, to: CpuMark | null, cores: number): number | null {
  if (!from || !to || to.at <= from.at) return null;
  const ticks = (to.at - from.at) * TICKS_PER_MS * cores;
  return Math.max(0, (to.busy - from.busy - (to.ours - from.ours)) / ticks);
}
