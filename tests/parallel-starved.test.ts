// The band pool's answer to starved workers (src/parallel/threads.ts, bands()): on a pool whose
// workers never take a chunk, as when the machine's other work leaves them no core, the caller
// stops posting after two such calls and runs the next ones alone, then tries the workers again;
// the rows are computed all the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BandWorker, bands, bandsSent, startThreads, stopThreads, tuneThreads, useThreads } from '../src/parallel/threads.ts';

/** Workers that take every call and never run it. */
function idle(): { worker: BandWorker; ready: Promise<void> } {
  return { worker: { postMessage() {}, terminate() {} }, ready: Promise.resolve() };
}

beforeAll(async () => {
  expect(await startThreads(2, idle)).toBe(2);
  // Any call counts as long enough for a worker to have come.
  tuneThreads({ starvedMs: 0, aloneCalls: 5 });
});
afterAll(() => {
  tuneThreads();
  stopThreads();
});

describe('a pool whose workers get no core', () => {
  const n = 64;
  const ramp = (a: { out: Float32Array }, r0: number, r1: number): void => {
    for (let i = r0 * n; i < r1 * n; i++) a.out[i] = i;
  };
  /** One call of 64 rows; returns whether it was posted to the workers, and checks its rows. */
  function call(): boolean {
    const out = new Float32Array(new SharedArrayBuffer(4 * n * n));
    const before = bandsSent();
    bands('ramp', ramp, { out }, n);
    expect(out.every((v, i) => v === i)).toBe(true);
    return bandsSent() > before;
  }

  it('posts two calls, runs the next five alone, then posts again', () => {
    useThreads(2);
    expect(Array.from({ length: 9 }, call)).toEqual([true, true, false, false, false, false, false, true, false]);
  });

  it('starts afresh on useThreads', () => {
    useThreads(2);
    call();
    call();
    expect(call()).toBe(false);
    // Afresh: the calls left alone and the starved calls counted so far are both forgotten, so
    // it takes two starved calls again before the caller runs alone.
    useThreads(2);
    expect([call(), call(), call()]).toEqual([true, true, false]);
  });
});
