// Reads a Chrome trace of the editor (measure-speed.ts records one with TRACE set) for the UI
// thread's long tasks: what ran in each, and whether the thread worked or waited for a core.

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's CPU time in the event (µs): against dur, how long the thread ran at all. */
  readonly tdur?: number;
  readonly args?: { name?: string };
}
export interface Trace {
  readonly traceEvents: readonly TraceEvent[];
}

/**
 * The page's main thread from a Chrome trace: its busiest kinds of event, then each task over
 * 50 ms with its wall time, its CPU time (a task the machine's load kept off the core has far
 * less CPU than wall time), what ran inside it, and the CPU every other Chromium thread (the
 * compositor, the engine worker and the band workers, all named 'DedicatedWorker thread')
 * used meanwhile: what two cores could give in that time, less these, went to other processes.
 */
export function printLongTasks(trace: Trace): void {
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'Commit');
  if (!main) return;
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}/${e.tid}`, e.args?.name ?? '']));
  const totals = new Map<string, number>();
  for (const e of events) if (e.dur && e.ph === 'X' && e.tid === main.tid) totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
  console.error([...totals].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n'));
  const ms = (us: number | undefined) => (us === undefined ? '?' : (us / 1000).toFixed(1));
  const tasks = events.filter((e) => e.ph === 'X' && e.dur && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  for (const t of events.filter((e) => e.name === 'RunTask' && e.tid === main.tid && (e.dur ?? 0) > 50_000)) {
    const end = t.ts + t.dur!;
    const inside = events.filter((e) => e.tid === t.tid && e.ph === 'X' && e.ts >= t.ts && e.ts < end && e !== t && (e.dur ?? 0) > 500);
    // Other threads' CPU in the task's window, each of their tasks counted pro rata.
    const others = new Map<string, number>();
    for (const e of tasks) {
      if (e.tid === main.tid && e.pid === main.pid) continue;
      const overlap = Math.min(end, e.ts + e.dur!) - Math.max(t.ts, e.ts);
      if (overlap <= 0) continue;
      const name = names.get(`${e.pid}/${e.tid}`) ?? String(e.tid);
      others.set(name, (others.get(name) ?? 0) + ((e.tdur ?? e.dur!) * overlap) / e.dur!);
    }
    console.error(
      `long task ${ms(t.dur)} ms (CPU ${ms(t.tdur)}): ${inside.map((e) => `${e.name} ${ms(e.dur)} (CPU ${ms(e.tdur)}) ${JSON.stringify(e.args).slice(0, 100)}`).join(' | ')}\n` +
        `  other threads' CPU meanwhile: ${[...others].filter(([, v]) => v >= 500).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${ms(v)}`).join(', ') || 'none'}`,
    );
  }
}
