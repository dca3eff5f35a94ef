// The chunks of one bands() call (threads.ts): how its rows are cut, and the shared counters
// the calling thread and the workers take the chunks off. Which grids a call may share, and how
// many cells its rows hold, are read off its args here too.

/** The grid a band's arg holds: the arg itself, or a window's data (GridWindow); else the arg as it is. */
function gridOf(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && 'data' in v ? v.data : v;
}

/**
 * True when every grid in the args lives in shared memory, so a worker writes where the caller
 * reads: the typed arrays at the top level and the data of a window there (GridWindow).
 */
export function shareable(args: Record<string, unknown>): boolean {
  for (const v of Object.values(args)) {
    const grid = gridOf(v);
    if (ArrayBuffer.isView(grid) && !(grid.buffer instanceof SharedArrayBuffer)) return false;
  }
  return true;
}

/**
 * The shared counters of one bands() call: the next chunk to take, chunks finished, a failure
 * seen, chunks workers ran, microseconds every thread spent in its chunks.
 */
export const NEXT = 0;
export const FINISHED = 1;
export const FAILURE = 2;
export const BY_WORKERS = 3;
export const BUSY_US = 4;
const COUNTERS = 5;

/** Chunks per thread: enough that a thread slowed by the machine's other work holds no one up. */
const CHUNKS_PER_THREAD = 4;

/**
 * The fewest cells a chunk may hold. Waking a worker asleep in its event loop costs the caller
 * tens of microseconds, hundreds when no core is free (the woken thread preempts it), and the
 * caller then waits for the chunk the late worker took: the wind's three 32² coarse squares gave
 * some thirty such hand-offs per cold 256² evaluation, each for a few microseconds of work.
 */
export const MIN_CHUNK_CELLS = 2048;

/**
 * Cells of the rows being cut: the output grid's (`out` at the args' top level, a typed array or
 * a window's data) when there is one, else the largest grid in the args. A table beside the
 * grid (the rank's sorted heights of a 128² world cut, beside a 32² coarse square) is not the
 * rows' cells: counted as such it cut a job of a few microseconds into chunks for the workers.
 */
export function gridCells(args: Record<string, unknown>): number {
  const out = gridOf(args.out);
  if (ArrayBuffer.isView(out)) return (out as Float32Array).length;
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
 * may start late, and then the caller has done its share for it). Returns the milliseconds this
 * thread spent in them; every thread's are summed in the counters (BUSY_US).
 */
export function takeChunks(band: (args: never, r0: number, r1: number) => void, args: unknown, plan: ChunkPlan, worker: boolean): number {
  const { counters, chunks } = plan;
  let busy = 0;
  for (let k = Atomics.add(counters, NEXT, 1); k < chunks; k = Atomics.add(counters, NEXT, 1)) {
    if (worker) Atomics.add(counters, BY_WORKERS, 1);
    const start = performance.now();
    try {
      band(args as never, ...chunkRows(plan, k));
    } catch {
      // The caller runs every chunk again itself, to throw the error where it can be reported.
      Atomics.store(counters, FAILURE, 1);
    }
    const ms = performance.now() - start;
    busy += ms;
    Atomics.add(counters, BUSY_US, Math.round(ms * 1000));
    if (Atomics.add(counters, FINISHED, 1) + 1 === chunks) Atomics.notify(counters, FINISHED);
  }
  return busy;
}

/** A call's shared counters (NEXT … BUSY_US), its rows and how many chunks they are cut into. */
export interface ChunkPlan {
  readonly counters: Int32Array;
  readonly rows: number;
  readonly chunks: number;
}

/**
 * The plan of a call of `rows` rows over `threads` threads: CHUNKS_PER_THREAD even chunks a
 * thread, none under `least` rows. Counters of their own for each call: a worker that wakes up
 * late reads a finished plan and does nothing.
 */
export function planChunks(rows: number, threads: number, least: number): ChunkPlan {
  const chunks = Math.max(threads, Math.min(threads * CHUNKS_PER_THREAD, Math.floor(rows / least)));
  return { counters: new Int32Array(new SharedArrayBuffer(4 * COUNTERS)), rows, chunks };
}

/** Rows r0, r1 of chunk k. */
export function chunkRows({ rows, chunks }: ChunkPlan, k: number): [number, number] {
  return [Math.round((rows * k) / chunks), Math.round((rows * (k + 1)) / chunks)];
}

/** A worker without the call's kernel: leaves every chunk not yet taken to the caller (a failure, which it runs again); none if the caller took them all. */
export function leaveChunks({ counters, chunks }: ChunkPlan): void {
  for (let k = Atomics.add(counters, NEXT, 1); k < chunks; k = Atomics.add(counters, NEXT, 1)) {
    Atomics.store(counters, FAILURE, 1);
    if (Atomics.add(counters, FINISHED, 1) + 1 === chunks) Atomics.notify(counters, FINISHED);
  }
}
