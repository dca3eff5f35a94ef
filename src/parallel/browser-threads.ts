// The band pool's workers in the browser: Web Workers started by the engine worker, sharing the
// grids through SharedArrayBuffer. That needs a cross-origin isolated page (the COOP/COEP
// headers vite.config.ts sets on the dev and preview servers, and a static host must set);
// without it, or on one core, nothing starts and every kernel runs in the engine worker.

import { type BandWorker, sharedMemoryAvailable, startThreads } from './threads.ts';

function spawn(): { worker: BandWorker; ready: Promise<void> } {
  const worker = new Worker(new URL('./browser-thread.ts', import.meta.url), { type: 'module' });
  const ready = new Promise<void>((resolve, reject) => {
    worker.onmessage = () => resolve();
    worker.onerror = (e) => reject(new Error(`a band worker failed to start: ${e.message}`));
  });
  return { worker, ready };
}

/**
 * Starts one Web Worker per core beside the calling (engine) worker, at most `max` threads in
 * all; resolves with the threads kernels use (1 when shared memory is unavailable).
 */
export async function startBrowserThreads(max = 4): Promise<number> {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1;
  if (!sharedMemoryAvailable() || cores <= 1) return 1;
  return startThreads(Math.min(cores, max), spawn);
}
