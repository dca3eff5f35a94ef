// A build worker thread: takes the job once, then renders the tiles it is sent, one at a time,
// and answers each with done, skipped or the error. Only this file touches parentPort.

import { parentPort, workerData } from 'node:worker_threads';
import { makePlan, type PlanOptions } from './plan.ts';
import { renderTile, tileDone, type TileJob } from './tile.ts';

export interface WorkerInit {
  readonly job: TileJob;
  readonly plan: PlanOptions;
}

export type WorkerReply = { readonly index: number; readonly outcome: 'done' | 'skipped' } | { readonly index: number; readonly outcome: 'failed'; readonly message: string };

const { job, plan: options } = workerData as WorkerInit;
// The plan is a pure function of its options: rebuilding it here gives the main thread's tiles.
const plan = makePlan(options);

parentPort!.on('message', (index: number) => {
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
