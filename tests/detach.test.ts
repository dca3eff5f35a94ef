// Band calls left finishing on the workers (src/parallel/threads.ts, bands' detach): the caller
// returns while a worker still holds a chunk, finishDetached waits for it (and throws the error
// of a chunk that failed there), finishReaders waits only for calls that read the memory about
// to be written; and an evaluation leaves some calls finishing but none unfinished at its end.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import { parseGraph } from '../src/model/format.ts';
import { FAILURE, FINISHED, type ChunkPlan } from '../src/parallel/chunks.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import {
  type BandMessage,
  type BandWorker,
  bands,
  collectDetached,
  type Detached,
  detachedCount,
  finishDetached,
  finishReaders,
  startThreads,
  stopThreads,
  useThreads,
} from '../src/parallel/threads.ts';

afterEach(() => {
  collectDetached(null);
  stopThreads();
});

/** A worker that takes the first chunk of each call it is sent and holds it until `release`. */
function holding(): { spawn: () => { worker: BandWorker; ready: Promise<void> }; held: { plan: ChunkPlan; args: { out: Float32Array }; k: number }[] } {
  const held: { plan: ChunkPlan; args: { out: Float32Array }; k: number }[] = [];
  const worker: BandWorker = {
    postMessage(m: BandMessage) {
      if (!('kernel' in m)) return;
      const k = Atomics.add(m.plan.counters, 0, 1);
      if (k < m.plan.chunks) held.push({ plan: m.plan, args: m.args as { out: Float32Array }, k });
    },
    terminate() {},
  };
  return { spawn: () => ({ worker, ready: Promise.resolve() }), held };
}

const n = 64;
const ramp = (a: { out: Float32Array }, r0: number, r1: number): void => {
  for (let i = r0 * n; i < r1 * n; i++) a.out[i] = i;
};
/** The rows of chunk k of a plan (as chunkRows cuts them). */
const rowsOf = (plan: ChunkPlan, k: number): [number, number] => [Math.round((plan.rows * k) / plan.chunks), Math.round((plan.rows * (k + 1)) / plan.chunks)];

describe('a detached band call', () => {
  it('returns while a worker holds a chunk; finishDetached waits for it', async () => {
    const { spawn, held } = holding();
    expect(await startThreads(2, spawn)).toBe(2);
    const out = new Float32Array(new SharedArrayBuffer(4 * n * n));
    const d: Detached = { calls: [] };
    collectDetached(d);
    bands('ramp', ramp, { out }, n, 8, true);
    expect(d.calls).toHaveLength(1);
    expect(detachedCount().unfinished).toBe(1);
    const [{ plan, args, k }] = held;
    const [r0, r1] = rowsOf(plan, k);
    // The held chunk's rows are not written yet; every other row is.
    expect(out.subarray(r0 * n, r1 * n).every((v) => v === 0)).toBe(true);
    expect(out.every((v, i) => (i >= r0 * n && i < r1 * n) || v === i)).toBe(true);
    // Memory the call does not read: no wait (a wait here would never end: the chunk is held).
    finishReaders(new Float32Array(new SharedArrayBuffer(16)));
    // The worker ends its chunk.
    ramp(args, r0, r1);
    Atomics.add(plan.counters, FINISHED, 1);
    finishReaders(out.subarray(r0 * n, r0 * n + 4));
    finishDetached(d);
    expect(d.calls).toHaveLength(0);
    expect(detachedCount().unfinished).toBe(0);
    expect(out.every((v, i) => v === i)).toBe(true);
  });

  it('throws the error of a chunk that failed on the worker, when it is finished', async () => {
    const { spawn, held } = holding();
    await startThreads(2, spawn);
    const out = new Float32Array(new SharedArrayBuffer(4 * n * n));
    const d: Detached = { calls: [] };
    collectDetached(d);
    let calls = 0;
    const failing = (a: { out: Float32Array }, r0: number, r1: number): void => {
      // Fails on the caller's run again of the worker's rows.
      if (++calls > 1) throw new Error('band broke');
      ramp(a, r0, r1);
    };
    bands('failing', failing, { out }, n, 8, true);
    expect(d.calls).toHaveLength(1);
    const [{ plan }] = held;
    Atomics.store(plan.counters, FAILURE, 1);
    Atomics.add(plan.counters, FINISHED, 1);
    expect(() => finishDetached(d)).toThrow('band broke');
    expect(detachedCount().unfinished).toBe(0);
  });
});

describe('an evaluation on two threads', () => {
  it('leaves calls finishing between its nodes, and none unfinished when it returns, with the bytes of one thread', async () => {
    await startNodeThreads(2);
    const g = parseGraph(readFileSync('graphs/default.json', 'utf8'));
    const render = (threads: number): Uint8Array => {
      useThreads(threads);
      const e = createEngine(g, { size: 257 });
      e.evaluate();
      const r = e.output('biomes');
      expect(r?.type).toBe('biome');
      return new Uint8Array((r as { data: Uint8Array }).data);
    };
    const one = render(1);
    const before = detachedCount().calls;
    // A call is left finishing only when a worker still holds a chunk as the caller runs out of
    // them: on a loaded machine the caller may take every chunk of an evaluation itself.
    for (let k = 0; k < 30 && detachedCount().calls === before; k++) {
      expect(render(2)).toEqual(one);
      expect(detachedCount().unfinished).toBe(0);
    }
    expect(detachedCount().calls).toBeGreaterThan(before);
  });
});
