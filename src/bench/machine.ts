// What the rest of the machine did while the bench measured: the CPU time every other process
// used, as a share of all the cores, read from /proc/stat and /proc/self/stat (Linux; null
// elsewhere). A load average counts the bench's own threads and lags a minute behind, so a
// "quiet" load of 0.5 may be another engineer's one-thread job holding one core of two, which
// is enough to make two threads slower than one (docs/speed-log.md, "Hand-offs at 256²").
// And what this process's own helper threads did: V8 compiles hot functions and collects garbage
// on threads of its own, which on two cores take a core from the two band threads; in a fresh
// process it is still compiling long after the bench's warm-up (docs/speed-log.md, "What warms").

import { readdirSync, readFileSync } from 'node:fs';

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

/** This process's threads by id (/proc/self/task on Linux; none elsewhere). The main thread's id is the process id. */
export function threadIds(): string[] {
  try {
    return readdirSync('/proc/self/task');
  } catch {
    return [];
  }
}

/** CPU time (ms) some of this process's threads have used, and when (performance.now()). */
export interface HelpersMark {
  readonly ms: number;
  readonly at: number;
}

/**
 * The CPU time (ms) this process's threads have used, those in `leave` left out, and when: with
 * the main thread and the band pool's workers left out, what V8's own threads (its optimizing
 * compiler, its garbage collector) and Node's used. Null where /proc is not there.
 */
export function helpersMark(leave: ReadonlySet<string>): HelpersMark | null {
  const ids = threadIds();
  if (!ids.length) return null;
  let ns = 0;
  for (const id of ids) {
    if (leave.has(id)) continue;
    try {
      // schedstat: time on a CPU (ns), time waiting for one, timeslices.
      ns += Number(readFileSync(`/proc/self/task/${id}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // Ended while it was read: left out (V8's and Node's own threads live as long as the process).
    }
  }
  return Number.isFinite(ns) ? { ms: ns / 1e6, at: performance.now() } : null;
}

/** The CPU time (ms) the threads helpersMark counted used between two of its marks; null where unknown. */
export function helpersMs(from: HelpersMark | null, to: HelpersMark | null): number | null {
  return from && to && to.at > from.at ? Math.max(0, to.ms - from.ms) : null;
}
