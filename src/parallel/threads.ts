// Spreads a kernel's rows over threads: the calling thread and a pool of workers (worker
// threads in Node, Web Workers in the browser) that share the grids through SharedArrayBuffer.
//
// A node whose kernel can split by rows declares it as its NodeDef's `band` hook and calls
// `bands(type, band, args, rows)` from its run(): the rows are cut into chunks, every worker is
// sent the call (it finds the hook by the node's type in the catalogue), the caller and the
// workers take chunks off a shared counter until none is left, and the caller blocks
// (Atomics.wait) until every chunk is written (the chunks and their counters: chunks.ts). So evaluation stays synchronous and the engine does not change: a node's kernel is
// the only place that knows it split. A band hook computes each row the same way whatever the
// band, so the result is bit-identical to one thread. I chose this over running whole
// sub-graphs on tiles because most of the graph's cost is in a few kernels (the noises, the
// cell kernels), and global nodes (the water's sort, the rank) cannot be tiled.
//
// Where there is no pool (never started, still starting, SharedArrayBuffer unavailable, one
// core) or an output is not in shared memory, `bands` runs every row on the calling thread.

import { BUSY_US, BY_WORKERS, chunkRows, type ChunkPlan, FAILURE, FINISHED, gridCells, leaveChunks, MIN_CHUNK_CELLS, NEXT, planChunks, shareable, takeChunks } from './chunks.ts';
import { adoptHeap, gridHeap, shareGrids } from './memory.ts';

/** What the pool needs of a worker: post it a message; it answers through shared memory. */
export interface BandWorker {
  postMessage(message: BandMessage): void;
  terminate(): void;
}

/** Rows r0 … r1 − 1 of a kernel: reads and writes the grids in args (see NodeDef.band). */
export type BandKernel = (args: never, r0: number, r1: number) => void;

/** A call of bands() sent to a worker: the node type whose band hook to run, its args (grids on SharedArrayBuffers), the shared chunk counters. */
export interface BandCall {
  readonly kernel: string;
  readonly args: unknown;
  readonly plan: ChunkPlan;
}

/**
 * What a worker is sent: a band call; a wake-up (holdThreads: stay awake for the calls to
 * come); or (once, when the pool starts) the pool's control block and the grid heap (memory.ts).
 */
export type BandMessage = BandCall | { readonly wake: true } | { readonly control: Int32Array; readonly heap?: WebAssembly.Memory | null };

interface Pool {
  readonly workers: BandWorker[];
  /** Shared with every worker: POSTED counts the calls posted, so a worker awake after a band sees the next one come. */
  readonly control: Int32Array;
}

let pool: Pool | null = null;
/** Bands handed to workers so far (tests check that work really went out). */
let sent = 0;
let byWorkers = 0;
/** Threads a band job may use, the caller included (1: everything on the caller). */
let wanted = 1;

/** True where grids can be shared with workers (Node; a cross-origin isolated page or worker). */
export function sharedMemoryAvailable(): boolean {
  return typeof SharedArrayBuffer === 'function' && (typeof crossOriginIsolated === 'undefined' || crossOriginIsolated);
}

/**
 * Starts `count − 1` workers (the caller is the first thread) made by `spawn`, and resolves once
 * each has answered that it is ready: a worker still loading never holds a band up. Replaces a
 * pool started earlier. With count ≤ 1 or without shared memory, stops the pool.
 */
export async function startThreads(count: number, spawn: () => { worker: BandWorker; ready: Promise<void> }): Promise<number> {
  stopThreads();
  if (count <= 1 || !sharedMemoryAvailable()) return 1;
  const started = Array.from({ length: count - 1 }, spawn);
  try {
    await Promise.all(started.map((s) => s.ready));
  } catch (err) {
    for (const s of started) s.worker.terminate();
    throw err;
  }
  const control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_WORDS));
  writeAwake(control, tuning);
  const heap = gridHeap();
  for (const s of started) s.worker.postMessage({ control, heap });
  pool = { workers: started.map((s) => s.worker), control };
  wanted = count;
  shareGrids(true);
  return count;
}

/** Stops the workers; kernels run on the calling thread from then on. */
export function stopThreads(): void {
  if (pool) for (const w of pool.workers) w.terminate();
  pool = null;
  wanted = 1;
  shareGrids(false);
}

/**
 * Threads band jobs use from now on, at most the pool's (the bench and the tests compare one
 * thread with several on the same pool). Returns the count in effect.
 */
export function useThreads(count: number): number {
  // A new count starts afresh: whether the workers were starved is found again (see bands()).
  starvedInRow = 0;
  aloneFor = 0;
  wanted = Math.max(1, Math.min(count, pool ? pool.workers.length + 1 : 1));
  return wanted;
}

/** How many bands() calls have been handed to workers since the process started. */
export function bandsSent(): number {
  return sent;
}

/** How many chunks of rows the workers (not the callers) have computed since the process started. */
export function chunksByWorkers(): number {
  return byWorkers;
}

/** The number of threads band jobs use now (1 without a pool). */
export function threadCount(): number {
  return pool ? wanted : 1;
}

/**
 * The pool's control block: calls posted so far (a worker watches it while it stays awake), how
 * long a worker stays awake and the gap that tells it was preempted (µs), calls workers took
 * while awake, whether and how long they are held, calls workers have begun (any way).
 */
const POSTED = 0;
const AWAKE_US = 1;
const PREEMPTED_US = 2;
const BACKOFF_US = 3;
const TAKEN_AWAKE = 4;
/** 1 while the caller holds the workers awake (holdThreads); how long a held worker watches after a band (µs). */
const HELD = 5;
const HELD_US = 6;
const BEGUN = 7;
const CONTROL_WORDS = 8;

/**
 * How long a worker stays awake after a band, watching for the next call, before it goes back
 * to sleep in its event loop (workerMs); how long the caller watches for the workers' last
 * chunks before it sleeps in Atomics.wait (callerMs). Waking a sleeping thread costs tens of
 * microseconds in this VM and more when its core has gone idle, and an evaluation at 256²
 * makes a call every 0.1–1 ms, most gaps between calls (the engine's own work, a kernel not
 * split) under 0.2 ms. But a thread awake for nothing takes a core the machine's other work
 * (or the caller) may need: a gap of preemptedMs between two looks at the clock means it was
 * preempted, and the thread then sleeps at once after each band for backoffMs. Not less than
 * 1 ms: a thread spinning on a quiet core of this VM still sees some 300 gaps of 50–100 µs a
 * second and 50 of 0.1–0.5 ms (the host's), but under 2 of 0.5 ms or more; under load, 80.
 * How long a worker held awake by the caller (holdThreads: an evaluation) watches after a band
 * (heldMs; 0: no hold); 2 ms covers the gaps of the curve edit at 1024² (0.25–0.54 ms) and took
 * 0.2–0.3 ms off it, quiet.
 */
const TUNING = { workerMs: 0.2, callerMs: 0.2, preemptedMs: 1, backoffMs: 500, starvedMs: 0.3, aloneCalls: 32, heldMs: 2, defer: true };
type Tuning = typeof TUNING;
let tuning: Tuning = TUNING;

/**
 * How long workers and the caller stay awake (ms; 0, 0: they sleep at once, as before
 * 2026-12-04), the gap that tells a thread it was preempted and how long it then sleeps at
 * once, when the caller runs calls alone (see bands(); aloneCalls 0: never), how long held
 * workers watch (heldMs), and whether a call left to the workers gets none of the caller's
 * chunks until it is finished (defer; false: the caller takes its share first, as before
 * 2026-12-05): for A/B runs and the tests. What is not given takes its default.
 */
export function tuneThreads(t: Partial<Tuning> = {}): void {
  tuning = { ...TUNING, ...t };
  aloneFor = 0;
  if (pool) writeAwake(pool.control, tuning);
}

function writeAwake(control: Int32Array, awake: Tuning): void {
  Atomics.store(control, AWAKE_US, Math.round(awake.workerMs * 1000));
  Atomics.store(control, HELD_US, Math.round(awake.heldMs * 1000));
  Atomics.store(control, PREEMPTED_US, Math.round(awake.preemptedMs * 1000));
  Atomics.store(control, BACKOFF_US, Math.round(awake.backoffMs * 1000));
}

/**
 * The caller is about to make band calls with gaps between them (an evaluation: the engine's
 * own work and the kernels not split run between its calls): wakes the workers the calls will
 * use, and keeps them watching for the next call for up to `heldMs` after each band, not
 * `workerMs`, until releaseThreads(). Their wake-up then overlaps the caller's work before the
 * first call, and no call of the evaluation finds them asleep. True when it woke any.
 */
export function holdThreads(): boolean {
  if (!pool || threadCount() <= 1 || tuning.heldMs <= 0) return false;
  Atomics.store(pool.control, HELD, 1);
  for (let k = 1; k < threadCount(); k++) pool.workers[k - 1].postMessage({ wake: true });
  Atomics.add(pool.control, POSTED, 1);
  return true;
}

/** The end of holdThreads(): a held worker goes back to sleep at once. */
export function releaseThreads(): void {
  if (pool) Atomics.store(pool.control, HELD, 0);
}

/** How many band calls workers took off their port while awake since the pool started. */
export function callsTakenAwake(): number {
  return pool ? Atomics.load(pool.control, TAKEN_AWAKE) : 0;
}

/**
 * Band calls a node's run left to the workers (bands' `detach`), the engine's to finish
 * (finishDetached) before anything reads what they write or lets their memory go: a consumer of
 * the node, a crop of it, its inputs given back to the pool, the end of the evaluation. The
 * caller goes on to the next nodes meanwhile, and takes what chunks are left when it finishes
 * them: the workers compute while it does the work that is not split (the small grids, the
 * engine's own), where they waited for it.
 */
export interface Detached {
  readonly calls: PendingCall[];
  /**
   * The pool's time on the calls finished so far, in ms: each call's chunks, summed over the
   * threads that ran them and divided by the threads it was cut for (by one when the caller ran
   * them all), less what the caller ran of it before the run returned (the run's own time holds
   * that). What the node took, spread over the pool, wherever its chunks ran and whatever ran
   * beside them.
   */
  poolMs: number;
}

/** A new, empty Detached for a run's calls. */
export function newDetached(): Detached {
  return { calls: [], poolMs: 0 };
}

interface PendingCall {
  readonly band: (args: never, r0: number, r1: number) => void;
  readonly args: unknown;
  readonly plan: ChunkPlan;
  /** Threads the call was cut for: the caller and the workers it was posted to. */
  readonly threads: number;
  /** The pool's count of calls workers had begun when it was posted (BEGUN). */
  readonly begun: number;
  /** The caller's time in the call's chunks before the run returned (0 when it was deferred). */
  readonly inRunMs: number;
  /** The caller's time in the call's chunks in all (the starvation rule reads it). */
  ownMs: number;
  /** Set when finished: the pool's time on it (Detached.poolMs). */
  poolMs?: number;
  /**
   * Set when finishReaders finished it ahead of its holder: whether a chunk failed and the
   * error of its run again on the caller, thrown by finishDetached.
   */
  early?: { readonly failed: boolean; readonly error: unknown };
}

/** Where bands() leaves detached calls: the running node's (collectDetached); none: every call waits. */
let collecting: Detached | null = null;
/** Every detached call not finished yet, whoever holds it (finishReaders). */
const unfinished = new Set<PendingCall>();
/** Calls left finishing so far (tests check the engine does leave some). */
let detachedCalls = 0;

/** How many band calls have been left finishing on the workers, and how many of them are not finished yet (tests). */
export function detachedCount(): { readonly calls: number; readonly unfinished: number } {
  return { calls: detachedCalls, unfinished: unfinished.size };
}

/** Detached calls from now on go to `d` (null: none are left, every call waits); returns the one before. */
export function collectDetached(d: Detached | null): Detached | null {
  const before = collecting;
  collecting = d;
  return before;
}

/** Whether every chunk of every call in `d` is done (nothing to wait for: finishDetached would return at once). */
export function detachedDone(d: Detached): boolean {
  for (const call of d.calls) if (!call.early && Atomics.load(call.plan.counters, FINISHED) < call.plan.chunks) return false;
  return true;
}

/**
 * Waits for every call in `d` (taking them out of it). A chunk that failed in a worker is run
 * again here, so its error is thrown here; the other calls are finished first all the same.
 */
export function finishDetached(d: Detached): void {
  const calls = d.calls.splice(0);
  let error: unknown = null;
  for (const call of calls) {
    if (call.early) {
      if (call.early.failed) error ??= call.early.error;
    } else {
      try {
        finishPending(call);
      } catch (err) {
        error ??= err;
      }
    }
    d.poolMs += call.poolMs ?? 0;
  }
  if (error !== null) throw error;
}

/**
 * Waits for the chunks of every detached call whose args hold memory overlapping `view` (a typed
 * array at their top level, or one level down, as a noise's tables): for what is about to write
 * shared memory such a call may still read (a table for the workers made anew, a heap region
 * given back), and runs a failed one again on the caller before that. Errors are left for the
 * call's holder (finishDetached throws them there).
 */
export function finishReaders(view: ArrayBufferView): void {
  if (!unfinished.size) return;
  for (const call of [...unfinished]) {
    if (!reads(call.args, view, 2)) continue;
    // Finished now, a failed chunk run again on the caller too: later, that run would read
    // what the caller is about to write.
    try {
      finishPending(call);
      call.early = { failed: false, error: null };
    } catch (err) {
      call.early = { failed: true, error: err };
    }
  }
}

/** Whether `value` (depth levels of objects down) holds a typed array overlapping `view`. */
function reads(value: unknown, view: ArrayBufferView, depth: number): boolean {
  if (ArrayBuffer.isView(value)) {
    return value.buffer === view.buffer && value.byteOffset < view.byteOffset + view.byteLength && view.byteOffset < value.byteOffset + value.byteLength;
  }
  if (depth <= 0 || value === null || typeof value !== 'object') return false;
  for (const v of Object.values(value)) if (reads(v, view, depth - 1)) return true;
  return false;
}

/** Band calls in a row (long ones) where the workers took no chunk; band calls left to run on the caller alone. */
let starvedInRow = 0;
let aloneFor = 0;

/**
 * Runs `band` (the band hook of node type `name`) on rows 0 … rows − 1, cut into chunks of rows
 * that the calling thread and the pool's workers take in turn. The grids of `args` sit at its
 * top level, in shared memory (the engine's buffers are while a pool runs; with one that is
 * not, every row runs on the caller); anything nested, like a biome table, is copied to each
 * worker. Chunks are at least `minRows` rows and MIN_CHUNK_CELLS cells (a smaller job runs on
 * the caller alone). If a chunk fails in a worker (or its type is
 * missing from the worker's catalogue, in a test with a catalogue of its own), the caller runs
 * every chunk again itself, so the error is thrown here.
 *
 * With `detach`, in a node's run (collectDetached), the call is left to the workers: the caller
 * returns at once and goes on to the next nodes, and takes the chunks no worker has taken yet
 * when the engine finishes the call (finishDetached: before its outputs are read). So the
 * workers compute while the caller does what is not split (a cold 256² evaluation, on two
 * threads, 12 % faster than the caller taking its share first). For the last call of a run
 * that reads nothing the call writes, and whose args hold nothing the caller may write again
 * before the engine finishes the call, except through a guard (finishReaders: sharedScratch,
 * the wind's coarse air, the noise's lattice terms). The error of a failed chunk is then
 * thrown where the call is finished (finishDetached).
 */
export function bands<A extends Record<string, unknown>>(name: string, band: (args: A, r0: number, r1: number) => void, args: A, rows: number, minRows = 8, detach = false): void {
  // A run's calls follow one another: the next may read what the last wrote.
  if (collecting && collecting.calls.length) finishDetached(collecting);
  if (threadCount() <= 1 || !pool || rows <= 0) {
    band(args, 0, rows);
    return;
  }
  // At least MIN_CHUNK_CELLS a chunk, the rows' cells read off the output grid (gridCells).
  const least = Math.max(minRows, Math.ceil((MIN_CHUNK_CELLS * rows) / Math.max(1, gridCells(args))));
  const threads = Math.min(threadCount(), Math.floor(rows / least));
  if (threads <= 1 || aloneFor > 0 || !shareable(args)) {
    if (threads > 1 && aloneFor > 0) aloneFor--;
    band(args, 0, rows);
    return;
  }
  const plan = planChunks(rows, threads, least);
  const { chunks } = plan;
  const begun = Atomics.load(pool.control, BEGUN);
  for (let k = 1; k < threads; k++) {
    pool.workers[k - 1].postMessage({ kernel: name, args, plan });
    sent++;
  }
  // A worker still awake from its last band takes this call off its port now.
  Atomics.add(pool.control, POSTED, 1);
  const leave = detach && collecting !== null;
  // Left to the workers, the caller takes none now: it goes on to the next nodes, and takes what
  // is left when something needs the call (finishCall). Else it takes its share at once.
  const inRunMs = leave && tuning.defer ? 0 : takeChunks(band as never, args, plan, false);
  const call: PendingCall = { band: band as never, args, plan, threads, begun, inRunMs, ownMs: inRunMs };
  if (leave && Atomics.load(plan.counters, FINISHED) < chunks) {
    collecting!.calls.push(call);
    unfinished.add(call);
    detachedCalls++;
    return;
  }
  finishCall(call);
}

/**
 * Waits for every chunk of a call, a failed one too: no worker may still write into the grids.
 * A worker's last chunk is usually a fraction of a millisecond away: watch for it a while
 * before sleeping.
 */
function awaitChunks(plan: ChunkPlan): void {
  const { chunks } = plan;
  const { callerMs, preemptedMs, backoffMs } = tuning;
  if (Atomics.load(plan.counters, FINISHED) === chunks) return;
  if (callerMs > 0) watch(callerMs, preemptedMs, backoffMs, () => Atomics.load(plan.counters, FINISHED) === chunks);
  for (let done = Atomics.load(plan.counters, FINISHED); done < chunks; done = Atomics.load(plan.counters, FINISHED)) {
    Atomics.wait(plan.counters, FINISHED, done);
  }
}

/** The caller's time finishing calls left to the workers so far (ms): see finishingClock(). */
let finishingMs = 0;

/**
 * Milliseconds the caller has spent finishing calls left to the workers (their chunks it took,
 * the wait for the rest) since the process started: a node's run that finishes other calls (a
 * guard's finishReaders, its own earlier call) leaves this out of its own time, as those calls'
 * time is counted in their pool time (Detached.poolMs).
 */
export function finishingClock(): number {
  return finishingMs;
}

/** finishCall for a call left to the workers, its time on the finishing clock. */
function finishPending(call: PendingCall): void {
  const start = performance.now();
  try {
    finishCall(call);
  } finally {
    finishingMs += performance.now() - start;
  }
}

/** The end of a call: every chunk awaited, the workers' share counted, a failed call run again on the caller (its error thrown here). */
function finishCall(call: PendingCall): void {
  const { band, args, plan } = call;
  const { chunks } = plan;
  // Chunks no worker has taken yet (a call left to them: bands' detach): the caller's now.
  if (Atomics.load(plan.counters, NEXT) < chunks) call.ownMs += takeChunks(band, args, plan, false);
  awaitChunks(plan);
  unfinished.delete(call);
  const { ownMs } = call;
  const took = Atomics.load(plan.counters, BY_WORKERS);
  // Over the threads it was cut for, or the caller's alone when no worker took a chunk.
  call.poolMs = Atomics.load(plan.counters, BUSY_US) / 1000 / (took > 0 ? call.threads : 1) - call.inRunMs;
  byWorkers += took;
  // Starved workers: two calls in a row long enough for a worker to wake many times over, and
  // no worker began any call meanwhile nor is still in one left to it (one busy with an earlier
  // call is not starved: it began that call before this one was posted). The machine has no
  // core for them; posting to them only costs the caller (and the worker's late, empty wake-up
  // takes CPU from it): run the next calls alone.
  if (took > 0 || !pool || Atomics.load(pool.control, BEGUN) !== call.begun || inLeftCall()) starvedInRow = 0;
  else if (ownMs >= tuning.starvedMs && ++starvedInRow >= 2) aloneFor = tuning.aloneCalls;
  if (Atomics.load(plan.counters, FAILURE)) for (let k = 0; k < chunks; k++) band(args as never, ...chunkRows(plan, k));
}

/**
 * True while a worker is in a call left to the workers that is not finished: one of its chunks
 * taken and not all of them done, the caller not in it (it is finishing another call).
 */
function inLeftCall(): boolean {
  for (const u of unfinished) if (Atomics.load(u.plan.counters, NEXT) > 0 && Atomics.load(u.plan.counters, FINISHED) < u.plan.chunks) return true;
  return false;
}

/** A worker's copy of the pool's control block (its first message). */
let workerControl: Int32Array | null = null;
/** When (this thread's performance.now()) it last found it was preempted while awake. */
let preemptedAt = -Infinity;

/**
 * Watches `awake()` for up to `ms`, checking the clock every 64 reads: true as soon as it says
 * so, false when the time is up or the thread was preempted meanwhile (a gap in the clock: the
 * machine has other work for this core, so the thread then sleeps at once for a while).
 */
function watch(ms: number, preemptedMs: number, backoffMs: number, awake: () => boolean): boolean {
  let last = performance.now();
  if (last < preemptedAt + backoffMs) return awake();
  const until = last + ms;
  for (let reads = 1; ; reads++) {
    if (awake()) return true;
    if ((reads & 63) === 0) {
      const now = performance.now();
      if (now - last > preemptedMs) {
        preemptedAt = now;
        return false;
      }
      if (now > until) return false;
      last = now;
    }
  }
}

/**
 * The worker's side: takes chunks of a bands() call with the kernel `find` gives for its name.
 * With `receive` (a synchronous read of the worker's port, as Node's receiveMessageOnPort),
 * the worker then stays awake a while, and takes each call posted meanwhile off its port
 * itself, without going back to its event loop (and to sleep).
 */
export function serveBand(message: BandMessage, find: (name: string) => BandKernel | undefined, receive?: () => BandMessage | undefined): void {
  if ('control' in message) {
    takeControl(message);
    return;
  }
  const control = workerControl;
  // Read before the band: a call posted while it runs moves the counter after this.
  let seen = control ? Atomics.load(control, POSTED) : 0;
  if ('kernel' in message) serveCall(message, find);
  if (!receive || !control) return;
  for (;;) {
    // What is on the port now: a call posted while the band ran, or before the counter was read.
    // An evaluation's wake-up reaches a sleeping worker after its first call was posted (the
    // caller goes on at once): watching for the counter to move, the worker left that call on
    // its port until its watch ran out, 2 ms later, and it came through the event loop.
    for (let next = receive(); next; next = receive()) {
      if ('control' in next) takeControl(next);
      else if ('kernel' in next) {
        Atomics.add(control, TAKEN_AWAKE, 1);
        serveCall(next, find);
      }
    }
    const held = Atomics.load(control, HELD) === 1;
    const ms = Atomics.load(control, held ? HELD_US : AWAKE_US) / 1000;
    if (ms <= 0) return;
    const woke = watch(ms, Atomics.load(control, PREEMPTED_US) / 1000, Atomics.load(control, BACKOFF_US) / 1000, () => Atomics.load(control, POSTED) !== seen || (held && Atomics.load(control, HELD) === 0));
    if (!woke || Atomics.load(control, POSTED) === seen) return;
    // Posted before the counter moved, so on the port now (unless it was for another worker,
    // or this one's came through the event loop): taken at the loop's top.
    seen = Atomics.load(control, POSTED);
  }
}

/** The worker's side: the pool's control block and grid heap, sent once when the pool starts. */
function takeControl(message: Extract<BandMessage, { control: Int32Array }>): void {
  workerControl = message.control;
  if (message.heap) adoptHeap(message.heap);
}

function serveCall(message: BandCall, find: (name: string) => BandKernel | undefined): void {
  const band = find(message.kernel);
  if (workerControl) Atomics.add(workerControl, BEGUN, 1);
  if (band) {
    takeChunks(band, message.args, message.plan, true);
    return;
  }
  // Without the kernel, leave the chunks to the caller.
  leaveChunks(message.plan);
}

/** Rows r0 … r1 − 1 of an n-wide grid, as a view (null stays null): what a cell-by-cell band reads and writes. */
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T, n: number, r0: number, r1: number): T;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null {
  return grid ? (grid.subarray(r0 * n, r1 * n) as T) : null;
}
