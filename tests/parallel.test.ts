// Evaluation spread over threads: every shipped graph gives the same bytes with 1, 2 and 3
// threads at odd sizes, work really goes to the workers, and rows a worker cannot run are run
// by the caller, which throws the error of a failing band.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import { catalogueOf, defineNode, field } from '../src/model/manifest.ts';
import type { Graph } from '../src/model/graph.ts';
import type { Value } from '../src/model/values.ts';
import { bands, bandsSent, callsTakenAwake, chunksByWorkers, holdThreads, releaseThreads, tuneThreads, threadCount, useThreads } from '../src/parallel/threads.ts';
import { loadGraph } from './helpers/graphs.ts';
import { threadsForEveryCall } from './helpers/threads.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { probeGraph } from '../src/bench/nodes.ts';
import { warpKernel } from '../nodes/warp.ts';
import { cellOffset, grow } from '../src/engine/domains.ts';
import { viewDomain } from '../src/grid.ts';
import { fbmGrid } from '../src/kernels/noise.ts';
import { footprintOf, marginsOf } from '../src/model/manifest.ts';

const GRAPHS = readdirSync('graphs').filter((f) => f.endsWith('.json'));

threadsForEveryCall(3);

/** Every output of every node, as bytes, keyed by node and port (`edit` changes the graph first). */
function outputs(file: string, size: number, threads: number, edit?: (graph: Graph) => void): Map<string, Uint8Array> {
  useThreads(threads);
  const graph = loadGraph(file);
  edit?.(graph);
  const engine = createEngine(graph, { size, poisonBuffers: true });
  engine.evaluate();
  const all = new Map<string, Uint8Array>();
  for (const node of graph.nodes) {
    const status = engine.status(node.id);
    const def = engine.catalogue.def(node.type)!;
    for (const port of Object.keys(def.outputs)) {
      const v = engine.output(node.id, port) as Value | undefined;
      if (!v) {
        all.set(`${node.id}.${port}`, Uint8Array.of(status?.state === 'ok' ? 1 : 0));
        continue;
      }
      all.set(`${node.id}.${port}`, new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength)));
    }
  }
  return all;
}

describe('evaluation over threads', () => {
  it.each(GRAPHS.flatMap((file) => [97, 255].map((size) => [file, size] as const)))(
    '%s at %i² gives the same bytes with 1, 2 and 3 threads',
    (file, size) => {
      const one = outputs(file, size, 1);
      const before = bandsSent();
      const two = outputs(file, size, 2);
      const three = outputs(file, size, 3);
      expect(bandsSent()).toBeGreaterThan(before);
      // Compared as bytes (a deep equality over a million numbers takes seconds).
      const differing = (other: Map<string, Uint8Array>) => [...one].filter(([key, bytes]) => Buffer.compare(bytes, other.get(key)!) !== 0).map(([key]) => key);
      expect(differing(two)).toEqual([]);
      expect(differing(three)).toEqual([]);
    },
  );

  // No shipped graph lays sediment down (carved-valleys' deposition is 0): the fluvial erosion
  // with deposition, and everything after it, the same across threads too.
  it('carved-valleys with deposition 1 at 255² gives the same bytes with 1, 2 and 3 threads', () => {
    const edit = (graph: Graph) => (graph.nodes.find((node) => node.id === 'valleys')!.params.deposition = 1);
    const one = outputs('carved-valleys.json', 255, 1, edit);
    expect([...one.get('valleys.deposit')!].some((b) => b !== 0)).toBe(true);
    for (const threads of [2, 3]) {
      const other = outputs('carved-valleys.json', 255, threads, edit);
      expect([...one].filter(([key, bytes]) => Buffer.compare(bytes, other.get(key)!) !== 0).map(([key]) => key)).toEqual([]);
    }
  });

  // At 97² and 255² the engine's crops are too small to split (64 K cells a band at least);
  // at 601² the default graph's crops of its 1 in 1.25 grown grids go over the threads too.
  it('default.json at 601²: the same bytes with 1 and 3 threads, the crops split too', () => {
    const one = outputs('default.json', 601, 1);
    const before = bandsSent();
    const three = outputs('default.json', 601, 3);
    expect(bandsSent()).toBeGreaterThan(before);
    expect([...one].filter(([key, bytes]) => Buffer.compare(bytes, three.get(key)!) !== 0).map(([key]) => key)).toEqual([]);
  }, 60_000);

  // The node types no shipped graph holds split their rows too: each added to the default graph
  // as the node bench adds it, at an odd size.
  const probes: [string, Record<string, number>][] = CATALOGUE.types.filter((def) => def.band).map((def) => [def.type, {}]);
  // A blur wide enough for its boxes (σ 6.5 cells), besides the default's exact Gaussian.
  probes.push(['blur', { radius: 0.05 }]);
  it.each(probes)('a %s node %j gives the same bytes with 1, 2 and 3 threads', (type, params) => {
    const graph = probeGraph(loadGraph('default.json'), CATALOGUE.def(type)!, 131);
    Object.assign(graph.nodes.find((n) => n.id === 'probe')!.params, params);
    const bytes = (threads: number) => {
      useThreads(threads);
      const engine = createEngine(graph, { poisonBuffers: true });
      engine.evaluate({ targets: ['probe'] });
      const def = CATALOGUE.def(type)!;
      return Object.keys(def.outputs).map((port) => {
        const v = engine.output('probe', port) as Value;
        return new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength));
      });
    };
    const one = bytes(1);
    const before = bandsSent();
    for (const other of [bytes(2), bytes(3)]) one.forEach((b, k) => expect(Buffer.compare(b, other[k]), `${type} output ${k}`).toBe(0));
    expect(bandsSent()).toBeGreaterThan(before);
  });

  // The warp makes its own noise in its bands, row by row before it warps them: with one
  // displacement wired and the other its own, and with both its own, at an odd size and on a view
  // shifted by whole cells (its halo then starts elsewhere), the same bytes on 1, 2 and 3 threads.
  it.each([[['dx']], [['dy']], [[]]])('a warp with %j wired and its own noise for the rest gives the same bytes with 1, 2 and 3 threads, and its noise as before', (wired: string[]) => {
    const bytes = (threads: number, x: number) => {
      useThreads(threads);
      const graph = probeGraph(loadGraph('default.json'), CATALOGUE.def('warp')!, 97);
      graph.view = { ...graph.view, x, y: -x / 2 };
      Object.assign(graph.nodes.find((n) => n.id === 'probe')!.params, { amplitude: 0.12, frequency: 5.5, seed: 77 });
      for (const port of wired) graph.edges.push({ from: { node: 'height', port: 'out' }, to: { node: 'probe', port } });
      const engine = createEngine(graph, { poisonBuffers: true });
      engine.evaluate({ targets: ['probe'] });
      const v = engine.output('probe', 'out') as Value;
      return new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength));
    };
    for (const x of [0, 20 / 97]) {
      const one = bytes(1, x);
      const before = bandsSent();
      for (const threads of [2, 3]) expect(Buffer.compare(one, bytes(threads, x)), `${threads} threads, view at x ${x}`).toBe(0);
      expect(bandsSent()).toBeGreaterThan(before);
    }
    // And what the warp made before its noise went into its bands: twice the fBm of the whole
    // grid (seed, and seed + 7919 for dy), then warpKernel over every row.
    useThreads(3);
    const graph = probeGraph(loadGraph('default.json'), CATALOGUE.def('warp')!, 97);
    const params = { amplitude: 0.12, frequency: 5.5, seed: 77 };
    Object.assign(graph.nodes.find((n) => n.id === 'probe')!.params, params);
    for (const port of wired) graph.edges.push({ from: { node: 'height', port: 'out' }, to: { node: 'probe', port } });
    const engine = createEngine(graph);
    engine.evaluate({ targets: ['probe'] });
    const d = viewDomain(graph.view);
    const grown = grow(d, marginsOf(footprintOf(CATALOGUE.def('warp')!, params)));
    const input = engine.output('height', 'out', grown)!.data as Float32Array;
    const own = (seed: number) => {
      const noise = new Float32Array(d.n * d.n);
      fbmGrid(noise, d, { seed, frequency: 5.5, octaves: 3, lacunarity: 2, gain: 0.5 });
      return noise.map((v) => 2 * v);
    };
    const at = cellOffset(grown, d)!;
    const cropped = Float32Array.from({ length: d.n * d.n }, (_, i) => input[(Math.floor(i / d.n) + at.dr) * grown.n + (i % d.n) + at.dc]);
    const want = new Float32Array(d.n * d.n);
    warpKernel(input, grown, d, wired.includes('dx') ? cropped : own(77), wired.includes('dy') ? cropped : own(77 + 7919), 0.12, want);
    expect(Buffer.compare(new Uint8Array(want.buffer), bytes(3, 0))).toBe(0);
  });

  // A worker stays awake a while after a band and takes the next call off its port itself
  // (src/parallel/node-thread.mjs): here long enough, and never backing off, that it does so
  // whatever the machine's load, and the bytes stay the same.
  it('gives the same bytes when a worker awake after a band takes the next calls itself', () => {
    const one = outputs('default.json', 255, 1);
    const before = callsTakenAwake();
    tuneThreads({ workerMs: 100, preemptedMs: 1e6, backoffMs: 0, aloneCalls: 0 });
    try {
      // Up to five evaluations: on a machine loaded enough that the worker is never given a core
      // while it is awake, one evaluation may post every call to a worker asleep (same bytes).
      for (let k = 0; k < 5 && callsTakenAwake() === before; k++) {
        const two = outputs('default.json', 255, 2);
        expect([...one].filter(([key, bytes]) => Buffer.compare(bytes, two.get(key)!) !== 0).map(([key]) => key)).toEqual([]);
      }
    } finally {
      tuneThreads({ aloneCalls: 0 });
    }
    expect(callsTakenAwake()).toBeGreaterThan(before);
  });

  // While the caller holds them (an evaluation does), workers stay awake between its calls for
  // heldMs, not workerMs: here workerMs is 0 (asleep at once after a band), so only the hold
  // keeps a worker awake across the 5 ms between two calls.
  it('keeps the workers awake between the calls while the caller holds them', () => {
    useThreads(2);
    const out = new Float32Array(new SharedArrayBuffer(4 * 256 * 256));
    const fill = (a: { out: Float32Array }, r0: number, r1: number) => a.out.fill(r0, r0 * 256, r1 * 256);
    const gap = () => {
      for (const t = performance.now(); performance.now() - t < 5; );
    };
    tuneThreads({ workerMs: 0, heldMs: 1000, preemptedMs: 1e6, backoffMs: 0, aloneCalls: 0 });
    try {
      // A worker still watching from an earlier test takes this call (perhaps after the caller
      // has done every chunk) and then sleeps at once: wait until the count stays put.
      const settled = () => {
        let count = -1;
        while (count !== callsTakenAwake()) {
          count = callsTakenAwake();
          for (let k = 0; k < 4; k++) gap();
        }
        return count;
      };
      bands('#test-fill', fill, { out }, 256);
      // Without a hold: every call finds the worker asleep. On a loaded machine a worker
      // descheduled in the middle of its band can wake after the next call was posted and take
      // it as if awake; so up to five tries of three calls, one of which must see none taken
      // awake (a worker kept awake between calls would take some in every try).
      let before = settled();
      let asleep = false;
      for (let t = 0; t < 5 && !asleep; t++) {
        before = settled();
        for (let k = 0; k < 3; k++) {
          gap();
          bands('#test-fill', fill, { out }, 256);
        }
        asleep = callsTakenAwake() === before;
      }
      expect(asleep).toBe(true);
      // Held: a worker that had a core in the gap takes the call awake (up to twenty tries on a
      // machine loaded enough that it does not).
      for (let k = 0; k < 20 && callsTakenAwake() === before; k++) {
        holdThreads();
        try {
          gap();
          bands('#test-fill', fill, { out }, 256);
        } finally {
          releaseThreads();
        }
      }
      expect(callsTakenAwake()).toBeGreaterThan(before);
    } finally {
      tuneThreads({ aloneCalls: 0 });
    }
  });

  it('has had rows computed by the workers, not only by the caller', () => {
    expect(chunksByWorkers()).toBeGreaterThan(0);
  });

  it('uses as many threads as asked, up to the pool', () => {
    expect(useThreads(2)).toBe(2);
    expect(useThreads(9)).toBe(3);
    expect(threadCount()).toBe(3);
  });

  it('cuts a call by its output grid, not by a larger table beside it: a 32² grid runs on the caller', () => {
    useThreads(3);
    const shared = (cells: number) => new Float32Array(new SharedArrayBuffer(cells * 4));
    const fill = (a: { out: Float32Array; n: number }, r0: number, r1: number) => {
      for (let i = r0 * a.n; i < r1 * a.n; i++) a.out[i] = i;
    };
    // The rank's case: its sorted heights of the 128² world cut beside a 32² coarse square.
    const small = { out: shared(32 * 32), table: shared(128 * 128), n: 32 };
    let before = bandsSent();
    bands('fill', fill, small, 32);
    expect(bandsSent()).toBe(before);
    expect(small.out[32 * 32 - 1]).toBe(32 * 32 - 1);
    // A grid large enough to split is still split, with the same table beside it.
    const large = { out: shared(128 * 128), table: shared(128 * 128), n: 128 };
    before = bandsSent();
    bands('fill', fill, large, 128);
    expect(bandsSent()).toBeGreaterThan(before);
    expect(large.out[128 * 128 - 1]).toBe(128 * 128 - 1);
  });

  it('runs on the caller a band whose node type the workers do not know, with the same result', () => {
    // A catalogue of the test's own: the workers load the full one, which has no "ramp".
    const ramp = (a: { out: Float32Array; n: number }, r0: number, r1: number) => {
      for (let i = r0 * a.n; i < r1 * a.n; i++) a.out[i] = i;
    };
    const def = defineNode({
      type: 'ramp',
      title: 'Ramp',
      group: 'Terrain',
      doc: 'The cell index.',
      inputs: {},
      outputs: { out: { type: 'field', meaning: 'value', doc: 'i' } },
      params: {},
      band: ramp,
      run(ctx) {
        const out = ctx.alloc('f32');
        bands('ramp', ramp, { out, n: ctx.domain.n }, ctx.domain.n);
        return { out: field(out, 'value') };
      },
    });
    useThreads(3);
    const graph = { version: 1, view: { x: 0, y: 0, size: 64 }, nodes: [{ id: 'r', type: 'ramp', params: {}, x: 0, y: 0 }], edges: [] };
    const engine = createEngine(graph as never, { catalogue: catalogueOf([def]), poisonBuffers: true });
    engine.evaluate();
    const out = (engine.output('r') as Value).data;
    expect([...out]).toEqual(Array.from({ length: 64 * 64 }, (_, i) => i));
  });

  it('throws the error of a band that fails, after every band has finished', () => {
    useThreads(3);
    const out = new Float32Array(new SharedArrayBuffer(4 * 64 * 64));
    const failing = (a: { out: Float32Array }, r0: number) => {
      if (r0 > 0) throw new Error('band past row 0 refused');
    };
    expect(() => bands('fbm-none', failing, { out }, 64)).toThrow('band past row 0 refused');
  });
});
