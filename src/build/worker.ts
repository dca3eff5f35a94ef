// A build worker thread: takes the job in its first message (the thread is started before the
// job is ready, so loading the engine overlaps the coarse range pass), then renders the tiles it
// is sent, one at a time, and answers each with done, skipped or the error. Only this file
// touches parentPort.

import { parentPort } from 'node:worker_threads';
import { type BuildPlan, makePlan, type PlanOptions } from './plan.ts';
import { renderTile, tileDone, type TileJob } from './tile.ts';

export interface WorkerInit {
  readonly job: TileJob;
  readonly plan: PlanOptions;
}

export type WorkerReply = { readonly index: number; readonly outcome: 'done' | 'skipped' } | { readonly index: number; readonly outcome: 'failed'; readonly message: string };

let job: TileJob | null = null;
let plan: BuildPlan | null = null;

parentPort!.on('message', (message: WorkerInit | number) => {
  if (typeof message !== 'number') {
    job = message.job;
    // The plan is a pure function of its options: rebuilding it here gives the main thread's tiles.
    plan = makePlan(message.plan);
    return;
  }
  const index = message;
  if (!job || !plan) throw new Error(`build worker: tile ${index} sent before the job`);
  const tile = plan.tiles[index];
  let reply: WorkerReply;
  try {
    if (tileDone(job, tile)) reply = { index, outcome: 'skipped' };
    else {
      renderTile(job, tile);
      reply = { index, outcome: 'done' };
    }
  } catch (err) {
    reply = { index, outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
