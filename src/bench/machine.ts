// What the rest of the machine did while the bench measured: the CPU time every other process
// used, as a share of all the cores, read from /proc/stat and /proc/self/stat (Linux; null
// elsewhere). A load average counts the bench's own threads and lags a minute behind, so a
// "quiet" load of 0.5 may be another engineer's one-thread job holding one core of two, which
// is enough to make two threads slower than one (docs/speed-log.md, "Hand-offs at 256²").
// And what this process's own helper threads did: V8 compiles hot functions and collects garbage
// on threads of its own, which on two cores take a core from the two band threads; in a fresh
// process it is still compiling long after the bench's warm-up (docs/speed-log.md, "What warms").

import { readdirSync, readFileSync } from 'node:fs';
import { median } from './median.ts';

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

/**
 * How fast this machine is at the moment, on a fixed probe that no change of ours moves: an
 * integer loop (the cores' speed) and a copy of 96 MB (memory: more than its last-level cache
 * holds, so it streams from DRAM). This VM's speed drifts through the day by 20–30 %, with
 * nothing else running (docs/speed-log.md); taken before and after the scenarios, it tells a
 * slow hour from a slower build. A 1024² edit reads and writes some 67 MB of grids, over the
 * 56–60 MB of cache this VM keeps for it: the cell kernels then wait on DRAM.
 */
export interface MachineSpeed {
  /** Median ms of 2 million rounds of an integer hash. */
  readonly loopMs: number;
  /** Gigabytes a second read and written by a 96 MB TypedArray.set (median of five). */
  readonly copyGBs: number;
}

const COPY_WORDS = 24 << 20;

export function machineSpeed(): MachineSpeed {
  const timed = (f: () => number, k: number): number => median(Array.from({ length: k }, f));
  let sink = 0;
  const loopMs = timed(() => {
    const start = performance.now();
    let h = 0x12345;
    for (let i = 0; i < 2e6; i++) h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    sink += h & 1;
    return performance.now() - start;
  }, 9);
  const from = new Float32Array(COPY_WORDS).fill(sink);
  const to = new Float32Array(COPY_WORDS);
  const copyMs = timed(() => {
    const start = performance.now();
    to.set(from);
    return performance.now() - start;
  }, 5);
  return { loopMs, copyGBs: (2 * 4 * COPY_WORDS) / copyMs / 1e6 };
}

/** The probe before and after, as one line of the bench. */
export function machineLine(before: MachineSpeed, after: MachineSpeed): string {
  const f = (x: number) => x.toFixed(x < 10 ? 2 : 1);
  return `This machine (a fixed probe, before / after the scenarios): an integer loop ${f(before.loopMs)} / ${f(after.loopMs)} ms, a 96 MB copy ${f(before.copyGBs)} / ${f(after.copyGBs)} GB/s`;
}
