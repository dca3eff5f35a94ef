// Spreads a kernel's rows over threads: the calling thread and a pool of workers (worker
// threads in Node, Web Workers in the browser) that share the grids through SharedArrayBuffer.
//
// A node whose kernel can split by rows declares it as its NodeDef's `band` hook and calls
// `bands(type, band, args, rows)` from its run(): the rows are cut into one band per thread,
// each worker is sent its band (it finds the hook by the node's type in the catalogue), the
// caller computes the first band itself and then blocks (Atomics.wait) until every band is
// written. So evaluation stays synchronous and the engine does not change: a node's kernel is
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

/** A band sent to a worker: the node type whose band hook to run, its args (grids on SharedArrayBuffers), the rows. */
export interface BandMessage {
  readonly kernel: string;
  readonly args: unknown;
  readonly r0: number;
  readonly r1: number;
  /** The status array and this band's slot in it: the worker stores DONE or FAILED there. */
  readonly status: Int32Array;
  readonly slot: number;
}

export const PENDING = 0;
export const DONE = 1;
export const FAILED = 2;

interface Pool {
  readonly workers: BandWorker[];
  /** One slot per worker: PENDING while its band runs. */
  readonly status: Int32Array;
}

let pool: Pool | null = null;
/** Bands handed to workers so far (tests check that work really went out). */
let sent = 0;
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
  pool = { workers: started.map((s) => s.worker), status: new Int32Array(new SharedArrayBuffer(4 * started.length)) };
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

/** How many bands have been handed to workers since the process started. */
export function bandsSent(): number {
  return sent;
}

/** The number of threads band jobs use now (1 without a pool). */
export function threadCount(): number {
  return pool ? wanted : 1;
}

/** True when every grid in the args lives in shared memory, so a worker writes where the caller reads. */
function shareable(args: Record<string, unknown>): boolean {
  for (const v of Object.values(args)) {
    if (ArrayBuffer.isView(v) && !(v.buffer instanceof SharedArrayBuffer)) return false;
  }
  return true;
}

/**
 * Runs `band` (the band hook of node type `name`) on rows 0 … rows − 1, split into one band
 * per thread. The grids of `args` sit at its top level, in shared memory (the engine's buffers
 * are while a pool runs; with one that is not, every row runs on the caller); anything nested,
 * like a biome table, is copied to each worker. Bands smaller than `minRows` are not worth a message: fewer threads are used
 * then. A band that fails in a worker (or whose type the worker's catalogue lacks, in a test
 * with a catalogue of its own) is run again on the caller, so its error is thrown here.
 */
export function bands<A extends Record<string, unknown>>(name: string, band: (args: A, r0: number, r1: number) => void, args: A, rows: number, minRows = 8): void {
  const threads = Math.min(threadCount(), Math.floor(rows / minRows));
  if (threads <= 1 || !pool || !shareable(args)) {
    band(args, 0, rows);
    return;
  }
  const { workers, status } = pool;
  const cut = (k: number) => Math.round((rows * k) / threads);
  for (let k = 1; k < threads; k++) {
    Atomics.store(status, k - 1, PENDING);
    workers[k - 1].postMessage({ kernel: name, args, r0: cut(k), r1: cut(k + 1), status, slot: k - 1 });
    sent++;
  }
  let error: unknown = null;
  try {
    band(args, 0, cut(1));
  } catch (err) {
    error = err;
  }
  // Wait for every band even after an error here: no worker may still write into the grids.
  for (let k = 1; k < threads; k++) {
    while (Atomics.load(status, k - 1) === PENDING) Atomics.wait(status, k - 1, PENDING);
  }
  if (error) throw error;
  for (let k = 1; k < threads; k++) if (Atomics.load(status, k - 1) === FAILED) band(args, cut(k), cut(k + 1));
}

/** The worker's side: runs one band with the kernel `find` gives for its name, and reports through the shared status. */
export function serveBand(message: BandMessage, find: (name: string) => BandKernel | undefined): void {
  let outcome = DONE;
  try {
    const band = find(message.kernel);
    if (!band) throw new Error(`no band kernel "${message.kernel}"`);
    band(message.args as never, message.r0, message.r1);
  } catch {
    // The caller runs this band again itself, to throw the error where it can be reported.
    outcome = FAILED;
  }
  Atomics.store(message.status, message.slot, outcome);
  Atomics.notify(message.status, message.slot);
}

/** Rows r0 … r1 − 1 of an n-wide grid, as a view (null stays null): what a cell-by-cell band reads and writes. */
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T, n: number, r0: number, r1: number): T;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null;
export function rowsOf<T extends Float32Array | Uint8Array>(grid: T | null, n: number, r0: number, r1: number): T | null {
  return grid ? (grid.subarray(r0 * n, r1 * n) as T) : null;
}
