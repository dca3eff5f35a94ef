// The band pool's workers in Node: worker threads, one fewer than the threads asked (the
// calling thread is the first). Used by the command line, the bench, `build` and the tests.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type BandWorker, startThreads } from './threads.ts';

/** The threads to use by default: one per core. */
export function defaultThreads(): number {
  return availableParallelism();
}

function spawn(): { worker: BandWorker; ready: Promise<void> } {
  const worker = new Worker(new URL('./node-thread.mjs', import.meta.url));
  // A pool never keeps the process alive: the command line exits when its work is done.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a band worker thread exited (code ${code}) before it was ready`)));
  });
  return { worker, ready };
}

/** Starts worker threads so that kernels use `count` threads (the caller included); resolves with the count. */
export function startNodeThreads(count = defaultThreads()): Promise<number> {
  return startThreads(count, spawn);
}
