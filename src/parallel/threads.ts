// Spreads a kernel's rows over threads: the calling thread and a pool of workers (worker
// threads in Node, Web Workers in the browser) that share the grids through SharedArrayBuffer.
//
// A node whose kernel can split by rows declares it as its NodeDef's `band` hook and calls
// `bands(type, band, args, rows)` from its run(): the rows are cut into chunks, every worker is
// sent the call (it finds the hook by the node's type in the catalogue), the caller and the
// workers take chunks off a shared counter until none is left, and the caller blocks
// (Atomics.wait) until every chunk is written. So evaluation stays synchronous and the engine does not change: a node's kernel is
// the only place that knows it split. A band hook computes each row the same way whatever the
// band, so the result is bit-identical to one thread. I chose this over running whole
// sub-graphs on tiles because most of the graph's cost is in a few kernels (the noises, the
// cell kernels), and global nodes (the water's sort, the rank) cannot be tiled.
//
// Where there is no pool (never started, still starting, SharedArrayBuffer unavailable, one
// core) or an output is not in shared memory, `bands` runs every row on the calling thread.

import { shareGrids } from './memory.ts';

/** What the pool needs of a worker: post it a message; it answers through shared memory. */
export interface BandWorker {
  postMessage(message: BandMessage): void;
  terminate(): void;
}

/** Rows r0 … r1 − 1 of a kernel: reads and writes the grids in args (see NodeDef.band). */
export type BandKernel = (args: never, r0: number, r1: number) => void;

/** A call of bands() sent to a worker: the node type whose band hook to run, its args (grids on SharedArrayBuffers), the shared chunk counters. */
export interface BandMessage {
  readonly kernel: string;
  readonly args: unknown;
  readonly plan: ChunkPlan;
}

interface Pool {
  readonly workers: BandWorker[];
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
  pool = { workers: started.map((s) => s.worker) };
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

/** The grid a band's arg holds: the arg itself, or a window's data (GridWindow); else the arg as it is. */
function gridOf(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && 'data' in v ? v.data : v;
}

/**
 * True when every grid in the args lives in shared memory, so a worker writes where the caller
 * reads: the typed arrays at the top level and the data of a window there (GridWindow).
 */
function shareable(args: Record<string, unknown>): boolean {
  for (const v of Object.values(args)) {
    const grid = gridOf(v);
    if (ArrayBuffer.isView(grid) && !(grid.buffer instanceof SharedArrayBuffer)) return false;
  }
  return true;
}

/** The shared counters of one bands() call: the next chunk to take, chunks finished, a failure seen, chunks workers ran. */
const NEXT = 0;
const FINISHED = 1;
const FAILURE = 2;
const BY_WORKERS = 3;

/** Chunks per thread: enough that a thread slowed by the machine's other work holds no one up. */
const CHUNKS_PER_THREAD = 4;

/**
 * The fewest cells a chunk may hold. Waking a worker asleep in its event loop costs the caller
 * tens of microseconds, hundreds when no core is free (the woken thread preempts it), and the
 * caller then waits for the chunk the late worker took: the wind's three 32² coarse squares gave
 * some thirty such hand-offs per cold 256² evaluation, each for a few microseconds of work.
 */
const MIN_CHUNK_CELLS = 2048;

/** Cells of the largest grid in a band's args (a typed array at the top level, or a window's data): the rows' cells. */
function gridCells(args: Record<string, unknown>): number {
  let cells = 0;
  for (const v of Object.values(args)) {
    const grid = gridOf(v);
    if (ArrayBuffer.isView(grid)) cells = Math.max(cells, (grid as Float32Array).length);
  }
  return cells;
}

/**
 * Takes chunks of rows off the shared counter until none is left: the caller and every worker
 * run this same loop, so whichever thread is running does the work (on a busy machine a worker
 * may start late, and then the caller has done its share for it).
 */
function takeChunks(band: (args: never, r0: number, r1: number) => void, args: unknown, plan: ChunkPlan, worker: boolean): void {
  const { counters, chunks } = plan;
  for (let k = Atomics.add(counters, NEXT, 1); k < chunks; k = Atomics.add(counters, NEXT, 1)) {
    if (worker) Atomics.add(counters, BY_WORKERS, 1);
    try {
      band(args as never, ...chunkRows(plan, k));
    } catch {
      // The caller runs every chunk again itself, to throw the error where it can be reported.
      Atomics.store(counters, FAILURE, 1);
    }
    if (Atomics.add(counters, FINISHED, 1) + 1 === chunks) Atomics.notify(counters, FINISHED);
  }
}

/** Rows r0, r1 of chunk k. */
function chunkRows({ rows, chunks }: ChunkPlan, k: number): [number, number] {
  return [Math.round((rows * k) / chunks), Math.round((rows * (k + 1)) / chunks)];
}

interface ChunkPlan {
  readonly counters: Int32Array;
  readonly rows: number;
  readonly chunks: number;
}

/**
 * Runs `band` (the band hook of node type `name`) on rows 0 … rows − 1, cut into chunks of rows
 * that the calling thread and the pool's workers take in turn. The grids of `args` sit at its
 * top level, in shared memory (the engine's buffers are while a pool runs; with one that is
 * not, every row runs on the caller); anything nested, like a biome table, is copied to each
 * worker. Chunks are at least `minRows` rows and MIN_CHUNK_CELLS cells (a smaller job runs on
 * the caller alone). If a chunk fails in a worker (or its type is
 * missing from the worker's catalogue, in a test with a catalogue of its own), the caller runs
 * every chunk again itself, so the error is thrown here.
 */
export function bands<A extends Record<string, unknown>>(name: string, band: (args: A, r0: number, r1: number) => void, args: A, rows: number, minRows = 8): void {
  if (threadCount() <= 1 || !pool || rows <= 0) {
    band(args, 0, rows);
    return;
  }
  // At least MIN_CHUNK_CELLS a chunk, the rows' cells read off the largest grid in the args.
  const least = Math.max(minRows, Math.ceil((MIN_CHUNK_CELLS * rows) / Math.max(1, gridCells(args))));
  const threads = Math.min(threadCount(), Math.floor(rows / least));
  if (threads <= 1 || !shareable(args)) {
    band(args, 0, rows);
    return;
  }
  const chunks = Math.max(threads, Math.min(threads * CHUNKS_PER_THREAD, Math.floor(rows / least)));
  // Counters of their own for each call: a worker that wakes up late reads a finished plan and does nothing.
  const plan: ChunkPlan = { counters: new Int32Array(new SharedArrayBuffer(16)), rows, chunks };
  for (let k = 1; k < threads; k++) {
    pool.workers[k - 1].postMessage({ kernel: name, args, plan });
    sent++;
  }
  takeChunks(band as never, args, plan, false);
  // Wait for every chunk, a failed one too: no worker may still write into the grids.
  for (let done = Atomics.load(plan.counters, FINISHED); done < chunks; done = Atomics.load(plan.counters, FINISHED)) {
    Atomics.wait(plan.counters, FINISHED, done);
  }
  byWorkers += Atomics.load(plan.counters, BY_WORKERS);
  if (Atomics.load(plan.counters, FAILURE)) for (let k = 0; k < chunks; k++) band(args, ...chunkRows(plan, k));
}

/** The worker's side: takes chunks of a bands() call with the kernel `find` gives for its name. */
export function serveBand(message: BandMessage, find: (name: string) => BandKernel | undefined): void {
  const band = find(message.kernel);
  if (band) {
    takeChunks(band, message.args, message.plan, true);
    return;
  }
  // Without the kernel, leave the chunks to the caller; if it has taken them all already, a
  // failure is recorded for none of them.
  const { counters, chunks } = message.plan;
  for (let k = Atomics.add(counters, NEXT, 1); k < chunks; k = Atomics.add(counters, NEXT, 1)) {
    Atomics.store(counters, FAILURE, 1);
    if (Atomics.add(counters, FINISHED, 1) + 1 === chunks) Atomics.notify(counters, FINISHED);
  }
}

/** Rows r0 … r1 − 1 of an n-wide grid, as a view (null stays null): what a cell-by-cell band reads and writes. */
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T, n: number, r0: number, r1: number): T;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null {
  return grid ? (grid.subarray(r0 * n, r1 * n) as T) : null;
}
