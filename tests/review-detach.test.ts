// Review of bands left finishing (src/parallel/threads.ts, detach): a worker that is slow on
// purpose holds the first chunk it takes of a call and runs it only when the caller waits for
// that call (Atomics.wait), the latest a real worker, preempted, may run it. Anything the
// engine or a kernel writes before that which the held chunk reads shows in the result.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { CROP_BAND, cropBand } from '../src/engine/domains.ts';
import { createEngine } from '../src/engine/engine.ts';
import type { Graph } from '../src/model/graph.ts';
import { type AnyNodeDef, catalogueOf, defineNode, field } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { sharedScratch } from '../src/kernels/scratch.ts';
import { gridBuffer } from '../src/parallel/memory.ts';
import { BY_WORKERS, type ChunkPlan, chunkRows, FAILURE, FINISHED } from '../src/parallel/chunks.ts';
import {
  type BandMessage,
  type BandWorker,
  bands,
  bandsSent,
  collectDetached,
  type Detached,
  detachedCount,
  finishDetached,
  startThreads,
  stopThreads,
  tuneThreads,
  useThreads,
} from '../src/parallel/threads.ts';

type Band = (args: never, r0: number, r1: number) => void;

/**
 * One worker that takes a chunk of a call only when it holds none, and runs it when the caller
 * waits (or `fail` says it fails there, as a worker-only error would).
 */
function lateWorker(find: (name: string) => Band | undefined) {
  const state: { held: { band: Band; args: unknown; plan: ChunkPlan; k: number } | null; fail: boolean } = { held: null, fail: false };
  const worker: BandWorker = {
    postMessage(m: BandMessage) {
      if (!('kernel' in m) || state.held) return;
      const band = find(m.kernel);
      if (!band) throw new Error(`no band ${m.kernel}`);
      const k = Atomics.add(m.plan.counters, 0, 1);
      if (k < m.plan.chunks) state.held = { band, args: m.args, plan: m.plan, k };
    },
    terminate() {},
  };
  const run = (): void => {
    const h = state.held;
    if (!h) throw new Error('the caller waits for a chunk nobody holds');
    state.held = null;
    Atomics.add(h.plan.counters, BY_WORKERS, 1);
    try {
      if (state.fail) throw new Error('worker-only failure');
      h.band(h.args as never, ...chunkRows(h.plan, h.k));
    } catch {
      Atomics.store(h.plan.counters, FAILURE, 1);
    }
    Atomics.add(h.plan.counters, FINISHED, 1);
  };
  return { spawn: () => ({ worker, ready: Promise.resolve() }), state, run };
}

/** Bands of this file's own, by name, then the engine's crop and the catalogue's. */
const testBands = new Map<string, Band>();
const findInCatalogue = (name: string): Band | undefined =>
  testBands.get(name) ?? (name === CROP_BAND ? (cropBand as Band) : (CATALOGUE.def(name)?.band as Band | undefined));

const N = 64;
/** Every cell of its rows: the table's first entry. */
const fillBand = (a: { table: Float32Array; out: Float32Array }, r0: number, r1: number): void => {
  for (let i = r0 * N; i < r1 * N; i++) a.out[i] = a.table[0];
};
testBands.set('review.fill', fillBand as Band);

/** The GC, for a test of what the heap gives back when a grid is collected. */
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

let late: ReturnType<typeof lateWorker>;

beforeEach(async () => {
  late = lateWorker(findInCatalogue);
  expect(await startThreads(2, late.spawn)).toBe(2);
  // No spinning before the wait, no calls left to the caller alone: every wait is the worker's cue.
  tuneThreads({ callerMs: 0, aloneCalls: 0 });
  vi.spyOn(Atomics, 'wait').mockImplementation(() => {
    late.run();
    return 'ok';
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  collectDetached(null);
  tuneThreads();
  stopThreads();
});

const node = (id: string, type: string, params: Record<string, unknown> = {}) => ({
  id,
  type,
  title: id,
  position: [0, 0] as [number, number],
  params: { ...defaultParams(CATALOGUE.def(type) as AnyNodeDef), ...params },
});
const wire = (from: string, to: string, port: string) => ({ from: { node: from, port: 'out' }, to: { node: to, port } });

describe('review: detached band calls', () => {
  // First in the file: the heap has no free region yet, so the next grid sweeps for collected ones.
  it('a shared scratch grown while a call left finishing reads a view of the old one: no grid takes its region before the call is finished', async () => {
    sharedScratch('review.grow', Float32Array, 1024).fill(1);
    // The buffer was made in an earlier job: the GC may take it once nothing holds it.
    await tick();
    const out = gridBuffer(Float32Array, N * N, true);
    const d: Detached = { calls: [], poolMs: 0 };
    collectDetached(d);
    // As the rank's ranks and sorted heights: a view of the scratch, not the scratch itself.
    const table = sharedScratch('review.grow', Float32Array, 1024).subarray(0, 1000);
    bands('review.fill', fillBand, { table, out }, N, 8, true);
    collectDetached(null);
    expect(d.calls).toHaveLength(1);
    // A larger table: the scratch is made anew, the old one dropped.
    sharedScratch('review.grow', Float32Array, 4096);
    await tick();
    gc();
    const taken: Float32Array[] = [];
    for (let k = 0; k < 4; k++) taken.push(gridBuffer(Float32Array, 1024, true));
    const overlaps = taken.some((g) => g.byteOffset < table.byteOffset + table.byteLength && table.byteOffset < g.byteOffset + g.byteLength);
    const unfinished = detachedCount().unfinished;
    finishDetached(d);
    expect(overlaps && unfinished > 0).toBe(false);
  });

  it('a chunk that failed on a worker is run again with the guarded scratch the call was made with', () => {
    const out = gridBuffer(Float32Array, N * N, true);
    const table = sharedScratch('review.table', Float32Array, 4);
    table.fill(1);
    const d: Detached = { calls: [], poolMs: 0 };
    collectDetached(d);
    bands('review.fill', fillBand, { table, out }, N, 8, true);
    collectDetached(null);
    expect(d.calls).toHaveLength(1);
    // The worker's chunk fails there (not on the caller), when the guard waits for it.
    late.state.fail = true;
    const again = sharedScratch('review.table', Float32Array, 4);
    expect(again).toBe(table);
    // What the guard lets the caller do next: write the scratch.
    again.fill(2);
    finishDetached(d);
    expect(out.every((v) => v === 1)).toBe(true);
  });

  it('dropIntermediates gives back an input a consumer left finishing still reads', () => {
    // Runs a, b, ca, cb1, cb2, m: after ca, a's grid goes back (its last reader ran) while ca's
    // held chunk still reads it, and cb1 takes that grid and writes curve(b) there.
    const graph: Graph = {
      name: 'drop',
      notes: '',
      view: { x: 0, y: 0, size: 128 },
      nodes: [node('a', 'fbm', { seed: 1 }), node('b', 'fbm', { seed: 2 }), node('ca', 'curve'), node('cb1', 'curve'), node('cb2', 'curve'), node('m', 'combine', { mode: 'add' })],
      edges: [wire('a', 'ca', 'in'), wire('b', 'cb1', 'in'), wire('cb1', 'cb2', 'in'), wire('ca', 'm', 'base'), wire('cb2', 'm', 'detail')],
    } as Graph;
    const render = (threads: number): Float32Array => {
      useThreads(threads);
      const e = createEngine(graph);
      e.evaluate({ targets: ['m'], dropIntermediates: true });
      const v = e.output('m');
      expect(v?.type).toBe('field');
      return (v as { data: Float32Array }).data.slice();
    };
    const one = render(1);
    const before = detachedCount().calls;
    const two = render(2);
    expect(detachedCount().calls).toBeGreaterThan(before);
    expect(detachedCount().unfinished).toBe(0);
    expect(two).toEqual(one);
  });
});

describe('review: an onNode callback that throws', () => {
  it('fails that node as on one thread, and the calls of the others are finished before evaluate() returns', () => {
    // Two noises, both targets: both runs leave their call to the workers (the worker holds a
    // chunk of the first, so the caller has every chunk of the second to take when finishing).
    const graph: Graph = {
      name: 'progress',
      notes: '',
      view: { x: 0, y: 0, size: 128 },
      nodes: [node('a', 'fbm', { seed: 1 }), node('b', 'fbm', { seed: 2 })],
      edges: [],
    } as Graph;
    const render = (threads: number) => {
      useThreads(threads);
      const e = createEngine(graph, { poisonBuffers: true });
      let error: unknown = null;
      try {
        e.evaluate({
          onNode: (id) => {
            if (id === 'a') throw new Error('progress broke');
          },
        });
      } catch (err) {
        error = err;
      }
      const b = e.output('b') as { data: Float32Array } | undefined;
      return {
        error: error instanceof Error ? error.message : error,
        a: e.status('a')?.state,
        b: e.status('b')?.state,
        unfinished: detachedCount().unfinished,
        b_: b ? b.data.slice() : null,
      };
    };
    const one = render(1);
    expect(one.a).toBe('failed');
    const before = detachedCount().calls;
    const { b_: bOne, ...oneStates } = one;
    const { b_: bTwo, ...twoStates } = render(2);
    expect(detachedCount().calls).toBeGreaterThan(before);
    expect(twoStates).toEqual(oneStates);
    // b's grid whole (the pool's buffers are poisoned with NaN: a chunk never run shows).
    expect(bTwo && bOne && bTwo.every((v, i) => Object.is(v, bOne[i]))).toBe(true);
  });
});

describe('review: the starvation rule', () => {
  it('counts the worker busy with an earlier call left to it as not starved: the calls made meanwhile still go to the pool', () => {
    // Any call counts as long enough for a worker to have come; two starved ones in a row and
    // the next four would run on the caller alone.
    tuneThreads({ callerMs: 0, starvedMs: 0, aloneCalls: 4 });
    useThreads(2);
    const table = gridBuffer(Float32Array, 4);
    table.fill(1);
    const left = gridBuffer(Float32Array, N * N, true);
    const d: Detached = { calls: [], poolMs: 0 };
    collectDetached(d);
    bands('review.fill', fillBand, { table, out: left }, N, 8, true);
    collectDetached(null);
    expect(d.calls).toHaveLength(1);
    // The worker is in that call (it holds a chunk of it) until the caller waits for it; the
    // calls made meanwhile (not left) are the caller's, every chunk.
    expect(late.state.held).not.toBeNull();
    const posted: boolean[] = [];
    for (let k = 0; k < 3; k++) {
      const out = gridBuffer(Float32Array, N * N, true);
      const before = bandsSent();
      bands('review.fill', fillBand, { table, out }, N);
      posted.push(bandsSent() > before);
      expect(out.every((v) => v === 1)).toBe(true);
    }
    finishDetached(d);
    expect(left.every((v) => v === 1)).toBe(true);
    expect(posted).toEqual([true, true, true]);
  });
});

describe('the order nodes settle in', () => {
  it('lets a node whose sources are ready go before one that waits on a call the workers still compute', () => {
    const ran: string[] = [];
    const plain = (type: string, inputs: Record<string, { type: 'field'; doc: string }>) =>
      defineNode({
        type,
        title: type,
        group: 'Terrain',
        doc: 'A cell-by-cell test node.',
        inputs,
        outputs: { out: { type: 'field', meaning: 'value', doc: 'its values' } },
        params: {},
        run(ctx) {
          ran.push(type);
          const out = ctx.alloc('f32').fill(Object.keys(inputs).length ? ctx.field('in')![0] + 1 : 1);
          return { out: field(out, 'value') };
        },
      });
    // Its one call left to the workers, whose first chunk the late worker holds until the caller waits.
    const slow = defineNode({
      type: 'review.left',
      title: 'Left',
      group: 'Terrain',
      doc: 'Its band left to the workers.',
      inputs: {},
      outputs: { out: { type: 'field', meaning: 'value', doc: '1' } },
      params: {},
      band: fillBand,
      run(ctx) {
        ran.push('review.left');
        const table = sharedScratch('review.order', Float32Array, 4).fill(1);
        const out = ctx.alloc('f32');
        bands('review.fill', fillBand, { table, out }, N, 8, true);
        return { out: field(out, 'value') };
      },
    });
    const input = { in: { type: 'field' as const, doc: 'read' } };
    const defs = [slow, plain('review.source', {}), plain('review.waits', input), plain('review.ready', input)] as AnyNodeDef[];
    // File order, and the engine's: left, source, waits (reads left), ready (reads source).
    const graph = {
      version: 1,
      view: { x: 0, y: 0, size: N },
      nodes: ['left', 'source', 'waits', 'ready'].map((id) => ({ id, type: `review.${id}`, params: {}, x: 0, y: 0 })),
      edges: [
        { from: { node: 'left', port: 'out' }, to: { node: 'waits', port: 'in' } },
        { from: { node: 'source', port: 'out' }, to: { node: 'ready', port: 'in' } },
      ],
    };
    const e = createEngine(graph as never, { catalogue: catalogueOf(defs) });
    e.evaluate();
    expect(late.state.held).toBeNull();
    expect(ran).toEqual(['review.left', 'review.source', 'review.ready', 'review.waits']);
    expect((e.output('waits') as { data: Float32Array }).data.every((v) => v === 2)).toBe(true);
    expect((e.output('ready') as { data: Float32Array }).data.every((v) => v === 2)).toBe(true);
  });
});

describe("review: a node's time", () => {
  it("holds none of another run's call that its guard finished (finishReaders): that call's time is its own node's", () => {
    // A clock of the test's own: each chunk of the slow band takes 10 ms by it, nothing else any.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const slowBand = (a: { table: Float32Array; out: Float32Array; n: number }, r0: number, r1: number): void => {
      for (let i = r0 * a.n; i < r1 * a.n; i++) a.out[i] = a.table[0];
      now += 10;
    };
    testBands.set('review.slow', slowBand as Band);
    const slow = defineNode({
      type: 'review.slow',
      title: 'Slow',
      group: 'Terrain',
      doc: 'The table, by a slow band left to the workers.',
      inputs: {},
      outputs: { out: { type: 'field', meaning: 'value', doc: 'table[0]' } },
      params: {},
      band: slowBand,
      run(ctx) {
        const table = sharedScratch('review.time', Float32Array, 4);
        table.fill(1);
        const out = ctx.alloc('f32');
        bands('review.slow', slowBand, { table, out, n: ctx.domain.n }, ctx.domain.n, 8, true);
        return { out: field(out, 'value') };
      },
    });
    // Writes the same scratch, so its guard finishes the slow node's call first.
    const guard = defineNode({
      type: 'review.guard',
      title: 'Guard',
      group: 'Terrain',
      doc: 'The scratch written again; 2 everywhere.',
      inputs: {},
      outputs: { out: { type: 'field', meaning: 'value', doc: '2' } },
      params: {},
      run(ctx) {
        sharedScratch('review.time', Float32Array, 4).fill(2);
        const out = ctx.alloc('f32');
        out.fill(2);
        return { out: field(out, 'value') };
      },
    });
    const graph = { version: 1, view: { x: 0, y: 0, size: N }, nodes: [{ id: 's', type: 'review.slow', params: {}, x: 0, y: 0 }, { id: 'g', type: 'review.guard', params: {}, x: 0, y: 0 }], edges: [] };
    const e = createEngine(graph as never, { catalogue: catalogueOf([slow as AnyNodeDef, guard as AnyNodeDef]) });
    const told: Record<string, number> = {};
    const before = detachedCount().calls;
    const report = e.evaluate({ onNode: (id, ms) => void (told[id] = ms) });
    expect(detachedCount().calls).toBe(before + 1);
    expect((e.output('s') as { data: Float32Array }).data.every((v) => v === 1)).toBe(true);
    // The slow node's chunks ran on the fake clock while the guard's run was under way; none of
    // them is the guard's.
    expect(report.ran.s).toBeGreaterThan(0);
    expect([report.ran.g, told.g]).toEqual([0, 0]);
  });

  it('counts a run once when what follows it fails the node (onNode throwing, one thread)', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const tick = defineNode({
      type: 'review.tick',
      title: 'Tick',
      group: 'Terrain',
      doc: 'Takes 10 ms by the test clock.',
      inputs: {},
      outputs: { out: { type: 'field', meaning: 'value', doc: '1' } },
      params: {},
      run(ctx) {
        now += 10;
        return { out: field(ctx.alloc('f32').fill(1), 'value') };
      },
    });
    const graph = { version: 1, view: { x: 0, y: 0, size: N }, nodes: [{ id: 't', type: 'review.tick', params: {}, x: 0, y: 0 }], edges: [] };
    const e = createEngine(graph as never, { catalogue: catalogueOf([tick as AnyNodeDef]) });
    const report = e.evaluate({
      onNode: () => {
        throw new Error('progress broke');
      },
    });
    expect(e.status('t')).toMatchObject({ state: 'failed', message: 'progress broke', ms: 10 });
    expect(report.ran.t).toBe(10);
  });
});
