// The bench's measure of how quiet the machine was (src/bench/machine.ts): the CPU other
// processes used between two marks, as a share of the cores, this process's own time left out.
import { describe, expect, it } from 'vitest';
import { cpuMark, helpersMark, helpersMs, machineLine, machineSpeed, othersShare } from '../src/bench/machine.ts';

describe("other processes' share of the cores", () => {
  it('is the busy time less this process, over the ticks of every core', () => {
    // 1 s on 2 cores is 200 ticks; 200 busy, 50 of them ours: 150 of 200.
    expect(othersShare({ busy: 100, ours: 10, at: 0 }, { busy: 300, ours: 60, at: 1000 }, 2)).toBeCloseTo(0.75, 12);
    // This process alone busy: nothing left for the others (never below 0).
    expect(othersShare({ busy: 0, ours: 0, at: 0 }, { busy: 100, ours: 104, at: 1000 }, 1)).toBe(0);
  });

  it('is unknown without two marks in order', () => {
    const mark = { busy: 1, ours: 1, at: 5 };
    expect(othersShare(null, mark, 2)).toBeNull();
    expect(othersShare(mark, null, 2)).toBeNull();
    expect(othersShare(mark, mark, 2)).toBeNull();
  });

  it("reads the counters on Linux: this process's CPU as the kernel counts it, inside the busy time", () => {
    const from = cpuMark();
    if (!from) return expect(process.platform).not.toBe('linux');
    // Arithmetic alone (no system call), 100 ms of CPU or more however loaded the machine.
    const c0 = process.cpuUsage();
    let x = 0;
    while (process.cpuUsage(c0).user < 100_000) for (let i = 0; i < 1e6; i++) x = (x * 1664525 + 1013904223) | 0;
    const to = cpuMark()!;
    const c = process.cpuUsage(c0);
    // Ticks of 10 ms (USER_HZ 100), sampled by the kernel: within a few of getrusage's figure.
    expect(Math.abs((to.ours - from.ours) * 10 - (c.user + c.system) / 1000)).toBeLessThan(40);
    expect(to.busy - from.busy).toBeGreaterThanOrEqual(to.ours - from.ours - 2);
    expect(othersShare(from, to, 1)).toBeGreaterThanOrEqual(0);
    expect(x).not.toBeNaN();
  });
});

describe("this process's helper threads' CPU", () => {
  it('is the CPU time between two marks in order', () => {
    expect(helpersMs({ ms: 100, at: 0 }, { ms: 600, at: 1000 })).toBe(500);
    expect(helpersMs(null, { ms: 1, at: 1 })).toBeNull();
    expect(helpersMs({ ms: 1, at: 1 }, { ms: 2, at: 1 })).toBeNull();
  });

  it('reads every thread but those left out (Linux)', () => {
    const all0 = helpersMark(new Set());
    if (!all0) return expect(process.platform).not.toBe('linux');
    // The main thread's id is the process id: left out, 100 ms of its CPU count for nothing.
    const main = new Set([String(process.pid)]);
    const but0 = helpersMark(main)!;
    const c0 = process.cpuUsage();
    let x = 0;
    while (process.cpuUsage(c0).user < 100_000) for (let i = 0; i < 1e6; i++) x = (x * 1664525 + 1013904223) | 0;
    const all = helpersMark(new Set())!.ms - all0.ms;
    const but = helpersMark(main)!.ms - but0.ms;
    expect(all).toBeGreaterThanOrEqual(90);
    expect(but).toBeLessThan(50);
    expect(x).not.toBeNaN();
  });
});

describe("the machine's speed probe", () => {
  it('times its loop and its copy (positive, finite) and prints both, before and after', () => {
    const s = machineSpeed();
    expect(s.loopMs).toBeGreaterThan(0);
    expect(Number.isFinite(s.copyGBs) && s.copyGBs > 0).toBe(true);
    expect(machineLine({ loopMs: 2.861, copyGBs: 13.39 }, { loopMs: 3.2, copyGBs: 9.5 })).toBe(
      'This machine (a fixed probe, before / after the scenarios): an integer loop 2.86 / 3.20 ms, a 96 MB copy 13.4 / 9.50 GB/s',
    );
  });
});
