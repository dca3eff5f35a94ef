// Runs a build: prepares the job (prepare.ts: layers, the world's value ranges, hashes), writes
// the build manifest, and renders the chosen tiles here or on worker threads, reporting progress.

import { Worker } from 'node:worker_threads';
import { blockSide, blocksAllowed, gridBoundUpstream, type TileBlock, tileBlocks } from './blocks.ts';
import type { ImportScale } from './import-scale.ts';
import { buildManifest, type PreparedBuild } from './prepare.ts';
import { renderBlock, tileDone, writeAtomic } from './tile.ts';
import { adoptGridRuns } from './tile-render.ts';
import type { GridReply, WorkerInit, WorkerReply } from './worker.ts';
import type { PinnedResult } from '../engine/engine.ts';
import { workerCode } from './worker-code.ts';

export { type BuildRequest, buildLayers, buildManifest, planBuild, type PreparedBuild, prepareBuild } from './prepare.ts';

export interface RunOutcome {
  readonly done: number[];
  readonly skipped: number[];
  readonly failed: { index: number; message: string }[];
  /** Tiles not rendered because the build was stopped (stopTiles): not failures, and not reported one by one. */
  readonly stopped: number[];
  /** Of the tiles done, those a worker thread rendered (the rest, this thread). */
  readonly onWorkers: number;
  readonly ms: number;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** Progress lines: tiles settled of the total, and the time left at the pace of the tiles rendered so far. */
function progress(total: number, log: (line: string) => void) {
  const start = performance.now();
  let settled = 0;
  let rendered = 0;
  return (index: number, outcome: WorkerReply['outcome'], message?: string) => {
    settled++;
    // Counted, not said one by one: a resumed build of 289 tiles printed a line for each built one.
    if (outcome === 'skipped') return;
    if (outcome === 'done') rendered++;
    const elapsed = performance.now() - start;
    const left = rendered ? (elapsed / rendered) * (total - settled) : NaN;
    const what = outcome === 'failed' ? `tile ${index} FAILED: ${message}` : `tile ${index} ${outcome}`;
    log(`[${settled}/${total}] ${what} · ${seconds(elapsed)} elapsed${settled < total && rendered ? ` · about ${seconds(left)} left` : ''}`);
  };
}

/** The build's worker threads while tiles are being rendered, for stopTiles. */
const running = new Set<Worker>();

/** Set by stopTiles: this thread takes no further block (runTiles clears it as it starts). */
let stopRequested = false;

/**
 * Stops the worker threads rendering tiles and resolves once they have exited, so no thread
 * writes a file after it (a stopped build then removes its half-written files). On this
 * thread a block is never cut short, but no block is started after this: the loop yields
 * between blocks and stops there.
 */
export async function stopTiles(): Promise<void> {
  stopRequested = true;
  const threads = [...running];
  running.clear();
  await Promise.all(threads.map((t) => t.terminate()));
}

/**
 * Starts the worker threads of a build before its job is ready: each loads the engine (the
 * bundle of worker-code.ts) while this thread runs the coarse range pass. runTiles sends them
 * the job; stopTiles ends them if the build stops before.
 */
export function startTileThreads(count: number): Worker[] {
  const code = workerCode();
  const threads = Array.from({ length: count }, () => new Worker(code));
  for (const t of threads) running.add(t);
  return threads;
}

/**
 * The blocks to render the tiles in (src/build/blocks.ts): as large as the graph and the tile
 * size allow, but at least as many as the threads while blocks can be split, so no thread
 * waits on another's one large block.
 */
export function blocksFor(prepared: PreparedBuild, indices: readonly number[], threads: number): TileBlock[] {
  const { plan, job } = prepared;
  let side = blocksAllowed(job.graph, [...new Set(job.layers.map((l) => l.node))], job.grid !== null) ? blockSide(plan.tileSize) : 1;
  let blocks = tileBlocks(plan, indices, side);
  while (side > 1 && blocks.length < threads) blocks = tileBlocks(plan, indices, (side /= 2));
  return blocks;
}

/**
 * Renders the tiles `indices` on `jobs` threads: this one, and jobs − 1 worker threads (the
 * `started` ones when given: startTileThreads); skips tiles already built. Neighbouring tiles
 * are evaluated together as blocks where the graph allows (src/build/blocks.ts): the same
 * bytes. Every thread takes the next block from one shared counter, so a worker never waits
 * for this thread to hand it work while this thread renders.
 */
export async function runTiles(prepared: PreparedBuild, indices: readonly number[], jobs: number, log: (line: string) => void, started?: Worker[]): Promise<RunOutcome> {
  const { plan, job, planOptions } = prepared;
  const outcome: Outcome = { done: [], skipped: [], failed: [], stopped: [], onWorkers: 0 };
  const report = progress(indices.length, log);
  stopRequested = false;
  const settled = new Set<number>();
  const settle = (reply: WorkerReply) => {
    if (settled.has(reply.index)) return;
    settled.add(reply.index);
    if (reply.outcome === 'failed') outcome.failed.push({ index: reply.index, message: reply.message });
    else (reply.outcome === 'done' ? outcome.done : outcome.skipped).push(reply.index);
    report(reply.index, reply.outcome, reply.outcome === 'failed' ? reply.message : undefined);
  };
  const start = performance.now();
  const todo: number[] = [];
  for (const index of indices) {
    if (tileDone(job, plan.tiles[index])) settle({ index, outcome: 'skipped' });
    else todo.push(index);
  }
  if (outcome.skipped.length) log(`${outcome.skipped.length} of ${indices.length} tiles already built from the same graph and settings: skipped`);
  const blocks = blocksFor(prepared, todo, started ? started.length + 1 : Math.max(1, Math.min(jobs, todo.length)));
  const workers = started ?? (jobs > 1 && blocks.length > 1 ? startTileThreads(Math.min(jobs, blocks.length) - 1) : []);
  // An erosion or a flow on the whole grid: run once, on a worker thread, its results shared
  // with every thread (each ran its own before: the same CPU again on every thread, and its memory).
  const grid = job.grid && blocks.length ? await gridRunsOn(job, workers[0], log) : { results: null };
  if ('failed' in grid) {
    for (const index of todo) settle({ index, outcome: 'failed', message: grid.failed });
    await Promise.all(workers.map((w) => (running.delete(w), w.terminate())));
    return { ...outcome, ms: performance.now() - start };
  }
  // Stopped while the grid ran: stopTiles has ended the workers; no block is started.
  if (stopRequested) return stoppedOutcome(outcome, todo, settled, start);
  const gridRuns = grid.results;
  if (gridRuns) adoptGridRuns(job, gridRuns);
  // Slot 0: the next block to take; slot 1 + w: the block worker w renders (−1: none).
  const counter = new Int32Array(new SharedArrayBuffer(4 * (1 + workers.length))).fill(-1);
  counter[0] = 0;
  const finished = workers.map(
    (worker, w) =>
      new Promise<void>((resolve) => {
        const init: WorkerInit = { job, plan: planOptions, blocks, counter: counter.buffer as SharedArrayBuffer, slot: 1 + w, gridRuns };
        worker.on('message', (reply: WorkerReply | 'ready' | 'finished') => {
          if (reply === 'ready') return;
          if (reply !== 'finished') {
            if (reply.outcome === 'done' && !settled.has(reply.index)) outcome.onWorkers++;
            settle(reply);
            return;
          }
          running.delete(worker);
          void worker.terminate().then(() => resolve());
        });
        // A thread that dies (out of memory, say) fails its block's tiles; the other threads carry on.
        worker.on('error', (err) => {
          running.delete(worker);
          const b = Atomics.load(counter, 1 + w);
          if (b >= 0 && b < blocks.length) for (const index of blocks[b].tiles) settle({ index, outcome: 'failed', message: `worker thread died: ${err.message}` });
          resolve();
        });
        // Ended by stopTiles (no 'finished', no error): its tiles not done are failed below.
        worker.on('exit', () => {
          running.delete(worker);
          resolve();
        });
        worker.postMessage({ init });
      }),
  );
  for (let b = Atomics.add(counter, 0, 1); b < blocks.length; b = Atomics.add(counter, 0, 1)) {
    // A turn of the event loop between blocks: the workers' replies are reported, and a SIGINT
    // or SIGTERM is handled (src/cli/build.ts).
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Stopped (a signal, src/cli/build.ts) while this thread rendered the last block: no other.
    if (stopRequested) break;
    renderBlock(job, blocks[b].tiles.map((i) => plan.tiles[i]), blocks[b].domain, settle);
  }
  await Promise.all(finished);
  for (const index of todo) if (!settled.has(index) && !stopRequested) settle({ index, outcome: 'failed', message: 'not rendered: its worker thread died' });
  return stoppedOutcome(outcome, todo, settled, start);
}

type Outcome = Omit<RunOutcome, 'ms' | 'onWorkers'> & { onWorkers: number };

/**
 * The outcome with the tiles never started counted as stopped, not listed as failures one line
 * each (a Ctrl-C printed "tile K FAILED: not rendered: the build was stopped" for 34 tiles, a
 * time left after each, and "rerun one alone with --tile K" for tiles nothing was wrong with).
 */
function stoppedOutcome(outcome: Outcome, todo: readonly number[], settled: Set<number>, start: number): RunOutcome {
  for (const index of todo) {
    if (settled.has(index)) continue;
    settled.add(index);
    outcome.stopped.push(index);
  }
  return { ...outcome, ms: performance.now() - start };
}

/**
 * Runs the job's grid-bound nodes on its whole grid on a worker thread (`worker`, the build's
 * first, or one of its own when the build has none, ended after) and gives their results, in
 * shared memory for every thread to adopt. On a worker, this thread stays free to take a signal:
 * run here, a Ctrl-C waited for the erosion's end, 30 s on a 2049² grid. `results` null: the run
 * failed in a node (every thread then meets that in its blocks, as one would alone). `failed`:
 * the thread died or ran out of memory making the shared copies; its tiles cannot be made.
 */
async function gridRunsOn(job: WorkerInit['job'], worker: Worker | undefined, log: (line: string) => void): Promise<{ results: PinnedResult[] | null } | { failed: string }> {
  const own = worker ?? startTileThreads(1)[0];
  // A line now and then while it runs (many minutes on a large grid): a wait, not a hang.
  const start = performance.now();
  const nodes = gridBoundUpstream(job.graph, [...new Set(job.layers.map((l) => l.node))]).join(', ');
  const beat = setInterval(() => log(`${nodes} on the whole build: ${seconds(performance.now() - start)} so far (the tiles come after)`), GRID_BEAT_MS);
  try {
    return await gridReply(own, job);
  } finally {
    // Whatever happens (a job that cannot be posted, say), no heartbeat or thread of ours keeps the process alive.
    clearInterval(beat);
    if (!worker) {
      running.delete(own);
      await own.terminate();
    }
  }
}

/** The answer of the thread running the whole grid (gridRunsOn). */
function gridReply(own: Worker, job: WorkerInit['job']): Promise<{ results: PinnedResult[] | null } | { failed: string }> {
  return new Promise<{ results: PinnedResult[] | null } | { failed: string }>((resolve) => {
    const onMessage = (m: GridReply | WorkerReply | 'ready') => {
      if (typeof m !== 'object') return;
      if ('gridRuns' in m) done({ results: m.gridRuns });
      else if ('gridFailed' in m) done({ failed: `the whole grid's run failed: ${m.gridFailed}` });
    };
    const onError = (err: Error) => done({ failed: `the whole grid's run died on its thread: ${err.message}` });
    // Ended by stopTiles: no results, and runTiles starts no block.
    const onExit = () => done({ results: null });
    const done = (r: { results: PinnedResult[] | null } | { failed: string }) => {
      own.off('message', onMessage).off('error', onError).off('exit', onExit);
      resolve(r);
    };
    own.on('message', onMessage).on('error', onError).on('exit', onExit);
    own.postMessage({ grid: job });
  });
}

/** How often a build says its whole grid's run is still going. */
const GRID_BEAT_MS = 10_000;

/** Writes DIR/manifest.json for the build (every process writes the same bytes). */
export function writeBuildManifest(prepared: PreparedBuild, graphFile: string, scale: ImportScale | null = null): void {
  writeAtomic(prepared.job.outDir, 'manifest.json', buildManifest(prepared, graphFile, scale));
}
