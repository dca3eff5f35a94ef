// A pool of worker threads for the tests of one file (or describe block): started before them,
// every band call split over the threads however loaded the machine (the caller otherwise runs
// calls alone when the workers get no core), and stopped after them.
import { afterAll, beforeAll, expect } from 'vitest';
import { startNodeThreads } from '../../src/parallel/node-threads.ts';
import { stopThreads, tuneThreads } from '../../src/parallel/threads.ts';

/** Registers the pool's start and stop around the tests of the current scope. */
export function threadsForEveryCall(threads: number): void {
  beforeAll(async () => {
    expect(await startNodeThreads(threads)).toBe(threads);
    tuneThreads({ aloneCalls: 0 });
  }, 60_000);
  afterAll(() => {
    tuneThreads();
    stopThreads();
  });
}
