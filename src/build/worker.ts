// A build worker thread: takes the job in its first message (the thread is started before the
// job is ready, so loading the engine overlaps the coarse range pass), then renders the blocks
// of tiles it is sent (src/build/blocks.ts), one at a time, and answers each tile of a block
// with done or the error as it settles. Only this file touches parentPort.

import { parentPort } from 'node:worker_threads';
import type { TileBlock } from './blocks.ts';
import { type BuildPlan, makePlan, type PlanOptions } from './plan.ts';
import { renderBlock, type TileJob, type TileOutcome } from './tile.ts';

export interface WorkerInit {
  readonly job: TileJob;
  readonly plan: PlanOptions;
}

export type WorkerReply = TileOutcome | { readonly index: number; readonly outcome: 'skipped' };

let job: TileJob | null = null;
let plan: BuildPlan | null = null;

parentPort!.on('message', (message: { init: WorkerInit } | { block: TileBlock }) => {
  if ('init' in message) {
    job = message.init.job;
    // The plan is a pure function of its options: rebuilding it here gives the main thread's tiles.
    plan = makePlan(message.init.plan);
    return;
  }
  const { block } = message;
  if (!job || !plan) throw new Error(`build worker: tiles ${block.tiles.join(', ')} sent before the job`);
  const p = plan;
  renderBlock(job, block.tiles.map((i) => p.tiles[i]), block.domain, (reply: WorkerReply) => parentPort!.postMessage(reply));
});
