// A build worker thread: takes the job in its first message (the thread is started before the
// job is ready, so loading the engine overlaps the coarse range pass) with the build's blocks of
// tiles (src/build/blocks.ts), then takes the next block from the counter it shares with the
// other threads until none is left, answering each tile with done or the error as it settles,
// and 'finished' at the end ('ready' first, once loaded). Before that it may be asked to run the
// job's grid-bound nodes on its whole grid for every thread (`{ grid: job }`, answered with a
// GridReply). Only this file touches parentPort.

import { parentPort } from 'node:worker_threads';
import type { TileBlock } from './blocks.ts';
import { makePlan, type PlanOptions } from './plan.ts';
import { renderBlock, type TileJob, type TileOutcome } from './tile.ts';
import { adoptGridRuns, shareGridRuns } from './tile-render.ts';
import type { PinnedResult } from '../engine/engine.ts';

export interface WorkerInit {
  readonly job: TileJob;
  readonly plan: PlanOptions;
  readonly blocks: readonly TileBlock[];
  /** Int32 slot 0: the next block to take (shared by every thread); slot `slot`: the block this thread renders. */
  readonly counter: SharedArrayBuffer;
  readonly slot: number;
  /** The grid-bound nodes' runs on the build's whole grid, made once by one worker thread (tile-render.ts shareGridRuns); null: none. */
  readonly gridRuns: readonly PinnedResult[] | null;
}

export type WorkerReply = TileOutcome | { readonly index: number; readonly outcome: 'skipped' };

/**
 * The answer to `{ grid: job }`: the job's grid-bound nodes' runs on its whole grid, in shared
 * memory (shareGridRuns; null: they failed in a node), or what went wrong making the copies.
 */
export type GridReply = { readonly gridRuns: PinnedResult[] | null } | { readonly gridFailed: string };

parentPort!.on('message', (message: { init: WorkerInit } | { grid: TileJob }) => {
  if ('grid' in message) {
    let reply: GridReply;
    try {
      reply = { gridRuns: shareGridRuns(message.grid) };
    } catch (err) {
      // Out of memory making the shared copies, say: said, not a thread that never answers.
      reply = { gridFailed: err instanceof Error ? err.message : String(err) };
    }
    parentPort!.postMessage(reply);
    return;
  }
  const { init } = message;
  const { job, blocks, slot } = init;
  // The plan is a pure function of its options: rebuilding it here gives the main thread's tiles.
  const plan = makePlan(init.plan);
  const counter = new Int32Array(init.counter);
  if (init.gridRuns) adoptGridRuns(job, init.gridRuns);
  for (let b = Atomics.add(counter, 0, 1); b < blocks.length; b = Atomics.add(counter, 0, 1)) {
    Atomics.store(counter, slot, b);
    renderBlock(job, blocks[b].tiles.map((i) => plan.tiles[i]), blocks[b].domain, (reply: WorkerReply) => parentPort!.postMessage(reply));
  }
  Atomics.store(counter, slot, -1);
  parentPort!.postMessage('finished');
});
// Loaded: the engine is ready for the job (a test waits for this before handing out blocks).
parentPort!.postMessage('ready');
