// The grid heap (src/parallel/memory.ts, src/kernels/wasm/heap-instance.ts): while a band pool
// runs, the engine's pooled grids live in one shared WebAssembly memory whose kernels read and
// write them in place. The same bits as the kernels copying grids in and out of their own
// memory: kernel by kernel (even and odd counts, strided inputs, unwired ones, and one cell
// past each output left alone; the fBm's bands), and every shipped graph's outputs at even and odd sizes against
// an evaluation in plain memory (no pool). Also: regions the pool lets go are taken again.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { combineKernel, COMBINE_MODES } from '../nodes/combine.ts';
import { applyCurve } from '../nodes/curve.ts';
import { moistureKernel } from '../nodes/moisture.ts';
import { landRank } from '../nodes/rank.ts';
import { temperature } from '../nodes/temperature.ts';
import { tableIds, whittaker } from '../nodes/whittaker.ts';
import { probeGraph } from '../src/bench/nodes.ts';
import { createEngine } from '../src/engine/engine.ts';
import { BufferPool } from '../src/engine/pool.ts';
import { type Domain, type GridWindow, wholeWindow } from '../src/grid.ts';
import { heapDistanceBytes } from '../src/kernels/wasm/distance-instance.ts';
import { distanceBand, distanceGrid } from '../src/kernels/distance.ts';
import { heapCalls, heapCurveBytes, heapKernelBytes, setHeapKernels } from '../src/kernels/wasm/heap-instance.ts';
import { fbmTableRows, octaveTables } from '../src/kernels/noise.ts';
import { heapNoiseBytes } from '../src/kernels/wasm/noise-instance.ts';
import { heapWindBytes } from '../src/kernels/wasm/wind-instance.ts';
import { heapThermalBytes } from '../src/kernels/wasm/thermal-instance.ts';
import { heapBlurBytes } from '../src/kernels/wasm/blur-instance.ts';
import { DEFAULT_TABLE } from '../src/model/biomes.ts';
import type { TerrainValue, Value } from '../src/model/values.ts';
import { gridBuffer, HEAP_BASES, HEAP_PAGES, heapMemory, onHeap, releaseGrid } from '../src/parallel/memory.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { bands, collectDetached, finishDetached, newDetached, rowsOf, stopThreads, tuneThreads, useThreads } from '../src/parallel/threads.ts';
import { loadGraph, rng } from './helpers/graphs.ts';

const GRAPHS = readdirSync('graphs').filter((f) => f.endsWith('.json'));
const SIZES = [96, 97];

/** Every output of every node as bytes, keyed by node and port. */
function outputs(file: string, size: number): Map<string, Uint8Array> {
  const graph = loadGraph(file);
  const engine = createEngine(graph, { size, poisonBuffers: true });
  engine.evaluate();
  const all = new Map<string, Uint8Array>();
  for (const node of graph.nodes) {
    const def = engine.catalogue.def(node.type)!;
    for (const port of Object.keys(def.outputs)) {
      const v = engine.output(node.id, port) as Value | undefined;
      all.set(`${node.id}.${port}`, v ? new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength)) : Uint8Array.of(engine.status(node.id)?.state === 'ok' ? 1 : 0));
    }
  }
  return all;
}

/** In plain memory, before the pool starts. */
const plain = new Map<string, Map<string, Uint8Array>>();

/** default.json at 96², then after each edit of the continent's curve (inland, then where the coast falls) and of the wind's angle: the biomes, moisture and coast bytes after each. */
function edits(): Uint8Array[] {
  const graph = loadGraph('default.json');
  const engine = createEngine(graph, { size: 96, poisonBuffers: true });
  const points = graph.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
  const seen: Uint8Array[] = [];
  const keep = () => {
    for (const id of ['biomes', 'moisture', 'coast']) {
      const v = engine.output(id) as Value;
      seen.push(new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength)));
    }
  };
  engine.evaluate();
  keep();
  for (const [x, dy] of [[0.6, 0.01], [0.6, 0.02], [0, 0.03], [0, -0.05]] as const) {
    engine.setParam('contCurve', 'points', points.map(([px, py]): [number, number] => [px, px === x ? py + dy : py]));
    engine.evaluate();
    keep();
  }
  // Slanted winds and one along the rows: the wind reads its region's rows in place at any angle.
  for (const angle of [45, 200, 90]) {
    engine.setParam('wind', 'angle', angle);
    engine.evaluate();
    keep();
  }
  return seen;
}
let plainEdits: Uint8Array[] = [];

/**
 * A thermal node on default.json's heights at `size`² (its default 40 passes, then 39: only it
 * runs again): its outputs' bytes, and the heap calls this thread made in that second run.
 */
function thermal(size: number): { bytes: Uint8Array[]; calls: number } {
  const engine = createEngine(probeGraph(loadGraph('default.json'), CATALOGUE.def('thermal')!, size), { poisonBuffers: true });
  // 39 passes of this grid's cells: in 256-map cells (the default) a 97² grid runs 6 of them.
  engine.setParam('probe', 'cells', 'grid');
  engine.evaluate({ targets: ['probe'] });
  engine.setParam('probe', 'iterations', 39);
  const before = heapCalls();
  engine.evaluate({ targets: ['probe'] });
  const calls = heapCalls() - before;
  const bytes = ['out', 'moved'].map((port) => {
    const v = engine.output('probe', port) as Value;
    return new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength));
  });
  return { bytes, calls };
}
const plainThermal = new Map<number, Uint8Array[]>();

beforeAll(async () => {
  stopThreads();
  for (const file of GRAPHS) for (const size of SIZES) plain.set(`${file}@${size}`, outputs(file, size));
  plainEdits = edits();
  for (const size of SIZES) plainThermal.set(size, thermal(size).bytes);
  expect(await startNodeThreads(2)).toBe(2);
  tuneThreads({ aloneCalls: 0 });
}, 120_000);
afterAll(() => {
  setHeapKernels(true);
  tuneThreads();
  stopThreads();
});

describe('the grid heap', () => {
  it("each heap module is under 4 KB and writes its static data only in its own KB of the heap's first page", () => {
    const modules = [
      [heapKernelBytes(), HEAP_BASES.kernels],
      [heapCurveBytes(), HEAP_BASES.curve],
      [heapDistanceBytes(), HEAP_BASES.distance],
      [heapWindBytes(), HEAP_BASES.wind],
      [heapNoiseBytes(), HEAP_BASES.noise],
      [heapThermalBytes(), HEAP_BASES.thermal],
      [heapBlurBytes(), HEAP_BASES.blur],
    ] as const;
    for (const [bytes, base] of modules) {
      expect(bytes.length).toBeLessThan(4096);
      const memory = new WebAssembly.Memory({ initial: 2, maximum: HEAP_PAGES, shared: true });
      const all = new Uint8Array(memory.buffer).fill(0xa5);
      new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
      // Nothing written, or only within [base, base + 1 KB).
      const changed = all.findIndex((b) => b !== 0xa5);
      const last = all.findLastIndex((b) => b !== 0xa5);
      if (changed >= 0) expect(changed).toBeGreaterThanOrEqual(base);
      expect(last).toBeLessThan(base + 1024);
    }
  });

  it("the pool's grids are on it while a pool runs, a region let go is taken again, and a grid of 2048² cells is not", () => {
    const pool = new BufferPool();
    const a = pool.take('f32', 1000);
    expect(onHeap(a.buffer)).toBe(true);
    expect(onHeap(new Float32Array(new SharedArrayBuffer(4 * 65536)).buffer)).toBe(false);
    pool.clear();
    const at = a.byteOffset;
    pool.give(a);
    pool.clear();
    expect(pool.take('f32', 1000).byteOffset).toBe(at);
    // An export's 2048² grid stays a SharedArrayBuffer of its own, which the GC gives back (the heap never shrinks).
    const big = pool.take('u8', 2048 * 2048);
    expect(onHeap(big.buffer)).toBe(false);
    expect(big.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('a region let go serves grids of other sizes: the heap does not grow for them', () => {
    // A view resized or a halo's radius dragged makes grids of new sizes; the heap never shrinks.
    const pool = new BufferPool();
    const big = pool.take('f32', 1 << 20);
    const start = big.byteOffset;
    pool.give(big);
    pool.clear();
    const end = heapMemory()!.buffer.byteLength;
    // A half, a quarter and 15 grids of 64 KB fit where it was (with their slack).
    const grids = [pool.take('f32', (1 << 19) - 32), pool.take('u8', 1 << 20), ...Array.from({ length: 15 }, () => pool.take('f32', 1 << 14))];
    expect(heapMemory()!.buffer.byteLength).toBe(end);
    for (const g of grids) expect(g.byteOffset).toBeGreaterThanOrEqual(start);
    // Given back, they are one region again: the big grid's place.
    grids.forEach((g) => pool.give(g));
    pool.clear();
    expect(pool.take('f32', 1 << 20).byteOffset).toBe(start);
  });

  it('grids taken and let go at random, of random sizes, never share a byte', () => {
    const rand = rng(31);
    const live: Float32Array[] = [];
    let overlap = -1;
    for (let step = 0; step < 3000 && overlap < 0; step++) {
      if (live.length && rand() < 0.45) releaseGrid(live.splice(Math.floor(rand() * live.length), 1)[0]);
      else live.push(gridBuffer(Float32Array, 1 + Math.floor(rand() ** 3 * 40000), true));
      const sorted = live.map((g) => [g.byteOffset, g.byteOffset + g.byteLength]).sort((a, b) => a[0] - b[0]);
      for (let k = 1; k < sorted.length; k++) if (sorted[k - 1][1] > sorted[k][0]) overlap = step;
    }
    expect(overlap).toBe(-1);
    expect(live.every((g) => onHeap(g.buffer))).toBe(true);
    live.forEach(releaseGrid);
  });

  it.each(GRAPHS.flatMap((file) => SIZES.map((size) => [file, size] as const)))('%s at %i², on the heap over two threads: the bytes of plain memory', (file, size) => {
    useThreads(2);
    const before = heapCalls();
    const heap = outputs(file, size);
    const want = plain.get(`${file}@${size}`)!;
    expect([...want].filter(([key, bytes]) => Buffer.compare(bytes, heap.get(key)!) !== 0).map(([key]) => key)).toEqual([]);
    // Kernels ran in place (on this thread; the workers too, uncounted here).
    if (CATALOGUE.def('combine') && file === 'default.json') expect(heapCalls()).toBeGreaterThan(before);
  });

  it("heap kernels keep nothing of their own in the heap's first page: a table there is every thread's at once", () => {
    // Every thread runs the heap modules on one memory. A table a kernel writes in its static
    // memory is then one table for all threads: the curve's Float32 bounds (curve.as.ts ABOVE)
    // were written by one curve while a worker's band of another curve, left finishing by the
    // node before, read them, and that band's rows took the other curve's breaks (seen as a
    // wrong band of rows in the browser's compare view, about one full run in ten). And each
    // thread instantiates the modules at its first call, while the others may be running: a
    // data segment written then over such a table changed their cells too. So after each
    // module's constants are in place, no kernel run, on any thread, and no instantiation
    // writes the first page's static data again.
    const memory = heapMemory()!;
    const modules = [heapKernelBytes(), heapCurveBytes(), heapDistanceBytes(), heapWindBytes(), heapNoiseBytes(), heapThermalBytes(), heapBlurBytes()].map((bytes) => new WebAssembly.Module(bytes));
    for (const m of modules) new WebAssembly.Instance(m, { env: { memory } });
    // From the modules' data on: the tag and the next free byte (below 1 KB) change as grids come.
    const page = () => new Uint8Array(memory.buffer, HEAP_BASES.kernels, 65536 - HEAP_BASES.kernels).slice();
    const constants = page();
    const unchanged = (what: string) => expect(page().findIndex((b, i) => b !== constants[i]), what).toBe(-1);
    const pool = new BufferPool();
    const input = pool.take('f32', 64).fill(0.3);
    const out = pool.take('f32', 64);
    const before = heapCalls();
    applyCurve(input, [[-1, -0.5], [-0.2, 0.1], [0.4, 0.2], [1, 0.9]], out);
    expect(heapCalls()).toBeGreaterThan(before);
    unchanged('after a curve');
    applyCurve(input, [[-1, 0.5], [0.1, -0.1], [1, -0.9]], out);
    unchanged('after another curve');
    // Every kernel of the shipped graphs, on both threads.
    for (const file of ['default.json', 'terrain-cliff.json', 'climate-kauai.json']) {
      const engine = createEngine(loadGraph(file), { size: 97 });
      engine.evaluate();
      engine.dispose();
      unchanged(`after ${file}`);
    }
    thermal(97);
    unchanged('after a thermal erosion');
    for (const m of modules) new WebAssembly.Instance(m, { env: { memory } });
    unchanged('after the modules are instantiated again');
  });

  it("a curve's band left to a worker while the caller runs another curve: both give one thread's bits", () => {
    // The race the test above rules out, run: the worker's chunks of curve A overlap the
    // caller's curve B. With one table of bounds for both threads, 22 of 3000 tries had wrong
    // cells (a script run before the fix); a try is a fraction of a millisecond.
    useThreads(2);
    const n = 128;
    const pool = new BufferPool();
    const input = pool.take('f32', n * n);
    for (let i = 0; i < n * n; i++) input[i] = Math.sin(i * 0.004) * 0.99;
    const a: [number, number][] = [[-1, -0.5], [-0.2, 0.1], [0.4, 0.2], [1, 0.9]];
    const b: [number, number][] = [[-1, 0.9], [-0.5, -0.8], [0, 0.7], [0.5, -0.6], [1, 0.5]];
    type Args = { input: Float32Array; out: Float32Array; n: number; points: [number, number][] };
    const band = (args: Args, r0: number, r1: number) => applyCurve(rowsOf(args.input, args.n, r0, r1), args.points, rowsOf(args.out, args.n, r0, r1));
    const once = (points: [number, number][]) => {
      const out = new Float32Array(n * n);
      applyCurve(input, points, out);
      return out;
    };
    const [wantA, wantB] = [once(a), once(b)];
    let wrong = 0;
    for (let t = 0; t < 1500; t++) {
      const outA = pool.take('f32', n * n);
      const outB = pool.take('f32', n * n);
      const left = newDetached();
      const before = collectDetached(left);
      bands('curve', band, { input, out: outA, n, points: a }, n, 8, true);
      collectDetached(before);
      band({ input, out: outB, n, points: b }, 0, n);
      finishDetached(left);
      if (outA.some((v, i) => v !== wantA[i]) || outB.some((v, i) => v !== wantB[i])) wrong++;
      pool.give(outA);
      pool.give(outB);
    }
    expect(wrong).toBe(0);
  });
});

describe('edits on the grid heap', () => {
  it("default.json's curve edited inland and at the coast, then the wind turned: after each edit the bytes of plain memory", () => {
    useThreads(2);
    const before = heapCalls();
    const heap = edits();
    expect(heap.length).toBe(plainEdits.length);
    heap.forEach((bytes, i) => expect(Buffer.compare(bytes, plainEdits[i]), `output ${i}`).toBe(0));
    expect(heapCalls()).toBeGreaterThan(before);
  });
});

describe('thermal erosion on the grid heap', () => {
  it.each(SIZES)("at %i², each pass's rows over two threads, read and written in place: the bytes of one thread in plain memory", (size) => {
    useThreads(2);
    const { bytes, calls } = thermal(size);
    bytes.forEach((b, k) => expect(Buffer.compare(b, plainThermal.get(size)![k]), `output ${k}`).toBe(0));
    // The caller ran bands on the heap (the workers' calls are not counted here). Not one in
    // each of the 39 passes: where the worker takes every band of a pass while the caller waits
    // for a core, the caller runs none (a loaded CI machine counted 36).
    expect(calls).toBeGreaterThan(0);
  });
});

describe('each kernel in place: the bits of the copies', () => {
  /** A heap grid (the engine's pool) and a plain one of the same cells. */
  function pair(cells: number, seed: number, lo = -1, hi = 1): [Float32Array, Float32Array] {
    const rand = rng(seed);
    const a = Float32Array.from({ length: cells }, (_, i) => (i === 3 ? NaN : i === 5 ? Infinity : lo + (hi - lo) * rand()));
    const h = new BufferPool().take('f32', cells);
    h.set(a);
    expect(onHeap(h.buffer)).toBe(true);
    return [h, a];
  }
  /** A window of a wider grid (rows of n + 8) on the heap and in plain memory. */
  function windows(n: number, seed: number, lo = -1, hi = 1): [GridWindow, GridWindow] {
    const stride = n + 8;
    const [h, a] = pair(stride * (n + 5), seed, lo, hi);
    return [{ data: h, stride, dc: 3, dr: 2 }, { data: a, stride, dc: 3, dr: 2 }];
  }
  /** Runs `run` on heap grids (in place) and on plain ones (copies): the same bytes, in place counted, and the cell past the output untouched. */
  function same(cells: number, kind: 'f32' | 'u8', run: (heap: boolean, out: Float32Array | Uint8Array) => void): void {
    const pool = new BufferPool();
    // One cell more than the kernel's: the last must stay as it was (a pair written past the end would change it).
    const heapOut = pool.take(kind, cells + 1).fill(7);
    const plainOut = (kind === 'f32' ? new Float32Array(cells + 1) : new Uint8Array(cells + 1)).fill(7);
    // On this thread alone: heapCalls counts its calls only.
    useThreads(1);
    const before = heapCalls();
    run(true, heapOut.subarray(0, cells));
    expect(heapCalls()).toBeGreaterThan(before);
    run(false, plainOut.subarray(0, cells));
    expect(new Uint8Array(heapOut.buffer, heapOut.byteOffset, heapOut.byteLength)).toEqual(new Uint8Array(plainOut.buffer));
    expect(heapOut[cells]).toBe(7);
  }

  it.each([61, 64])('the coast distance on a %i² grid, its water cells written in place by bands that share rows: the bits of the copies', (m) => {
    const rand = rng(m);
    const h = Float32Array.from({ length: m * m }, () => (rand() < 0.1 ? -1 : 1));
    const [dc, dr, n] = [4, 6, m - 10];
    const unit = 256 / n;
    const cap = 9 * unit;
    const plainOut = new Float32Array(n * n);
    const plainWater = new Uint8Array(m * m);
    distanceBand(distanceGrid({ below: h, level: 0 }, m, dc, dr, n, unit, cap, plainOut, plainWater), 0, n);
    const pool = new BufferPool();
    const heights = pool.take('f32', m * m);
    heights.set(h);
    useThreads(1);
    for (const cuts of [[0, n], [0, 5, 6, 30, n]]) {
      const out = pool.take('f32', n * n).fill(NaN);
      // One cell more than the grid's: it must stay as it was.
      const water = pool.take('u8', m * m + 1).fill(7);
      const before = heapCalls();
      const args = distanceGrid({ below: heights, level: 0 }, m, dc, dr, n, unit, cap, out, water.subarray(0, m * m));
      for (let k = cuts.length - 2; k >= 0; k--) distanceBand(args, cuts[k], cuts[k + 1]);
      expect(heapCalls()).toBeGreaterThan(before);
      expect(Buffer.from(out.buffer, out.byteOffset, out.byteLength).equals(Buffer.from(plainOut.buffer))).toBe(true);
      expect(water.subarray(0, m * m)).toEqual(plainWater);
      expect(water[m * m]).toBe(7);
    }
  });

  it.each([36, 37])('curve, combine, moisture and rank on %i² cells', (n) => {
    const cells = n * n;
    const [input, inputPlain] = pair(cells, 1, -1.2, 1.2);
    const points: [number, number][] = [[-1, -0.6], [-0.35, -0.3], [0, 0], [0, 0.1], [0.6, 0.3], [1, 0.5]];
    same(cells, 'f32', (heap, out) => applyCurve(heap ? input : inputPlain, points, out as Float32Array));
    const [b, bp] = pair(cells, 2);
    const [s, sp] = pair(cells, 3);
    const [d, dp] = pair(cells, 4);
    for (const mode of COMBINE_MODES) {
      same(cells, 'f32', (heap, out) => combineKernel(mode, heap ? b : bp, heap ? s : sp, heap ? d : dp, out as Float32Array));
      same(cells, 'f32', (heap, out) => combineKernel(mode, null, heap ? s : sp, null, out as Float32Array));
    }
    const p = { moistNoise: 0.285, coastBonus: 0.355, decay: 0.274, strength: 0.583 };
    const [coast, coastPlain] = pair(cells, 9, 0, 40);
    same(cells, 'f32', (heap, out) => moistureKernel(p, heap ? b : bp, heap ? coast : coastPlain, heap ? s : sp, out as Float32Array));
    same(cells, 'f32', (heap, out) => moistureKernel(p, null, heap ? coast : coastPlain, null, out as Float32Array));
    const sorted = pair(900, 15)[1].filter((v) => !Number.isNaN(v)).sort();
    const [h, hp] = pair(cells, 16, -1.3, 1.3);
    const terrain = (data: Float32Array): TerrainValue => ({ type: 'terrain', meaning: 'height', data, seaLevel: 0, sorted, waterCount: sorted.findIndex((v) => v >= 0), order: null });
    same(cells, 'f32', (heap, out) => landRank(terrain(heap ? h : hp), out as Float32Array));
  });

  it.each([36, 37, 38, 39])('the fBm on %i² in bands, the last band first: each band writes no cell past its rows', (n) => {
    // Coarse octaves (the cache), fine ones with a lattice table and without (hashed corners).
    const domain: Domain = { x0: 0.25, y0: -0.5, extent: 1, n };
    const s = { seed: 7, frequency: 0.5, octaves: 6, lacunarity: 2.5, gain: 0.6 };
    const tables = octaveTables(domain, s);
    // Its lattice terms and keys on the heap, where the heap's kernel reads them in place (the plain run copies them).
    expect(onHeap(tables.cols.buffer) && tables.keys !== undefined && onHeap(tables.keys.buffer)).toBe(true);
    // Bands of one row, two, and the rest, the last first: a band writing past its rows changes the next one's.
    const cuts = [0, 1, 3, Math.floor(n / 2), n];
    same(n * n, 'f32', (_, out) => {
      for (let b = cuts.length - 2; b >= 0; b--) fbmTableRows((out as Float32Array).subarray(cuts[b] * n, cuts[b + 1] * n), tables, cuts[b], cuts[b + 1]);
    });
  });

  it.each([36, 37])('temperature and biomes on %i², plain and strided inputs', (n) => {
    const cells = n * n;
    const domain: Domain = { x0: 0.25, y0: -0.5, extent: 1, n };
    const band = (hook: unknown, args: object) => (hook as (a: object, r0: number, r1: number) => void)(args, 0, n);
    const p = { base: 0.4, lapse: 0.1, latitude: 1, coastMod: 0.062, tempNoise: 0.15 };
    const [rank, rankPlain] = windows(n, 5, 0, 1);
    const [coast, coastPlain] = windows(n, 6, 0, 40);
    const [noise, noisePlain] = pair(cells, 7);
    const grids = (heap: boolean) => ({ rank: heap ? rank : rankPlain, coast: heap ? coast : coastPlain, noise: wholeWindow(heap ? noise : noisePlain, n) });
    // n = 37 is odd: the temperature's pairs would spill into the next row, so it copies (no call in place).
    if (n % 2 === 0) {
      same(cells, 'f32', (heap, out) => band(temperature.band, { domain, p, ...grids(heap), out }));
      same(cells, 'f32', (heap, out) => band(temperature.band, { domain, p, rank: null, coast: grids(heap).coast, noise: null, out }));
      same(cells, 'f32', (heap, out) => band(temperature.band, { domain, p, rank: wholeWindow(heap ? noise : noisePlain, n), coast: null, noise: null, out }));
    }
    const rules = { table: tableIds(DEFAULT_TABLE), beachWidth: 1.5, beachMinTemperature: 0.25 };
    const [t, tp] = pair(cells, 11, -0.2, 1.2);
    const [m, mp] = pair(cells, 12, -0.2, 1.2);
    const [c, cp] = pair(cells, 13, 0, 4);
    const [height, heightPlain] = windows(n, 14);
    for (const withCoast of [true, false]) {
      same(cells, 'u8', (heap, out) =>
        band(whittaker.band, { rules, temperature: heap ? t : tp, moisture: heap ? m : mp, height: heap ? height : heightPlain, seaLevel: 0.1, coast: withCoast ? (heap ? c : cp) : null, out, n }),
      );
      same(cells, 'u8', (heap, out) =>
        band(whittaker.band, { rules, temperature: heap ? t : tp, moisture: heap ? m : mp, height: wholeWindow(heap ? t : tp, n), seaLevel: 0.1, coast: withCoast ? (heap ? c : cp) : null, out, n }),
      );
    }
  });
});
