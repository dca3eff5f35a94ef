// Same place, same value, far from the origin: past 2³¹ and 2³² cells from 0 (a view origin may
// lie 10⁹ views out: at 97 cells a view that is 9.7 · 10¹⁰ cells), east and west, north and
// south, the WebAssembly kernels that take world positions (wind, noise, cellular, blur) give
// the bits of their JS references, and every layer of a graph that uses every node type agrees
// between two overlapping views, with and without the thread pool (whose grids the heap builds
// of the modules read in place). The wind is also evaluated through the engine with its sweep
// forced to the JS reference (sweepBlended swapped for sweepBlendedJs below).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { cellularKernel } from '../nodes/cellular.ts';
import { cellOffset, grow } from '../src/engine/domains.ts';
import { latticeDomain, latticeOf } from '../src/grid.ts';
import { createEngine, type Domain } from '../src/index.ts';
import { boxBlur, boxReach } from '../src/kernels/box-blur.ts';
import { cellularRows } from '../src/kernels/cellular.ts';
import { fbmGrid, fbmGridReference } from '../src/kernels/noise.ts';
import { heapCalls } from '../src/kernels/wasm/heap-instance.ts';
import { type CellRect, type StartAir, sweepBlended, sweepBlendedJs, sweepRegion } from '../src/kernels/wind-sweep.ts';
import type { Graph } from '../src/model/graph.ts';
import { footprintOf, gridBound } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { gridBuffer } from '../src/parallel/memory.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { stopThreads, tuneThreads } from '../src/parallel/threads.ts';
import { boxBlurReference } from './helpers/box-blur-reference.ts';
import { sweepTerrain } from './helpers/sweep-terrain.ts';
import { loadGraph, rng } from './helpers/graphs.ts';

/** While `on`, the engine's wind sweeps in JS (sweepBlendedJs), the reference of the module. */
const windInJs = vi.hoisted(() => ({ on: false }));
vi.mock('../src/kernels/wind-sweep.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../src/kernels/wind-sweep.ts')>();
  return { ...m, sweepBlended: (...a: Parameters<typeof m.sweepBlended>) => (windInJs.on ? m.sweepBlendedJs : m.sweepBlended)(...a) };
});

const N = 97;

/**
 * Lattice column and row (at N cells a view) of the south-west cells of far views: across 2³¹
 * in x and in y (a view and its fetch on both sides of it), across 2³² and −2³², past −2³¹, and
 * near the farthest origin (10⁹ views) both ways; the origin first, where nothing wraps.
 */
const PLACES: readonly (readonly [number, number])[] = [
  [0, 0],
  [2 ** 31 - 40, 11],
  [-13, 2 ** 31 - 40],
  [2 ** 32 - 40, -(2 ** 32) - 40],
  [-(2 ** 31) - 40, 2 ** 32 + 5],
  [1e9 * N - 140, -1e9 * N + 3],
];

/** Bits of two float grids the same, or the first cell that differs. */
function firstDifference(got: Float32Array | Float64Array, want: Float32Array | Float64Array): string | null {
  for (let i = 0; i < want.length; i++) if (!Object.is(got[i], want[i])) return `cell ${i}: ${got[i]} ≠ ${want[i]}`;
  return got.length === want.length ? null : `${got.length} cells ≠ ${want.length}`;
}

/** Coarse air at 16 cells a view round a fine grid at (col0, row0), a little beyond it every way. */
function startAir(seed: number, perUnit: number, col0: number, row0: number, n: number): StartAir {
  const rand = rng(seed);
  const cn = Math.ceil((n * 16) / perUnit) + 8;
  const air = Float64Array.from({ length: cn * cn }, () => 0.3 + 0.7 * rand());
  return { air, n: cn, perUnit: 16, col0: Math.floor((col0 * 16) / perUnit) - 4, row0: Math.floor((row0 * 16) / perUnit) - 4 };
}

const ANGLES = [0, 90, 180, 270, 37, 200, 315];

/**
 * The wind's sweep of a grid at (col0, row0) against the JS sweep at every angle, with a block
 * that does not divide 2³² (6 cells: 97 a view) and one that does (64: 1024 a view), with and
 * without the coarse start air, as floats and as doubles; `grid` makes each float grid (on the
 * heap or not).
 */
function compareWind(col0: number, row0: number, grid: (length: number) => Float32Array): void {
  for (const [perUnit, block] of [[97, 6], [1024, 64]]) {
    for (const angle of ANGLES) {
      const g0 = sweepTerrain(N, angle + 5, { perUnit, col0, row0 });
      const g = { ...g0, h: grid(N * N), rank: grid(N * N) };
      g.h.set(g0.h);
      g.rank.set(g0.rank!);
      const target: CellRect = { c0: 12, r0: 11, c1: N - 13, r1: N - 10 };
      const region = sweepRegion(g, angle, block, target);
      const place = { c0: target.c0, r0: target.r0, stride: target.c1 - target.c0 };
      const cells = place.stride * (target.r1 - target.r0);
      for (const start of [startAir(angle, perUnit, col0, row0, N), null]) {
        for (const wide of [false, true]) {
          const p = { angle, evap: 0.03, dry: 0.001, lift: 0.6 };
          const js = wide ? new Float64Array(cells) : new Float32Array(cells);
          sweepBlendedJs(g, p, block, start, region, target, place, js);
          const wasm = wide ? new Float64Array(cells).fill(NaN) : grid(cells).fill(NaN);
          sweepBlended(g, p, block, start, region, target, place, wasm);
          const diff = firstDifference(wasm, js);
          if (diff) expect.fail(`at (${col0}, ${row0}), ${perUnit} a view, ${angle}°, ${start ? 'coarse start' : 'saturated start'}, ${wide ? 'doubles' : 'floats'}: ${diff}`);
        }
      }
    }
  }
}

/** The blur of a seeded field placed with its output at (col0, row0), against the one-line JS blur. */
function compareBlur(col0: number, row0: number, grid: (length: number) => Float32Array): void {
  for (const sigma of [3.02, 10.24]) {
    const k = boxReach(sigma);
    const m = N + 2 * k + 3;
    const rand = rng(m);
    const input = grid(m * m);
    for (let i = 0; i < m * m; i++) input[i] = Math.sin(i * 0.013) * 3 + rand() * 1e-3;
    const at = { dc: k + 1, dr: k + 2, col0, row0 };
    const want = new Float32Array(N * N);
    boxBlurReference(input, m, N, at, sigma, want);
    const got = grid(N * N).fill(NaN);
    boxBlur(input, m, N, at, sigma, got);
    const diff = firstDifference(got, want);
    if (diff) expect.fail(`at (${col0}, ${row0}), σ ${sigma}: ${diff}`);
  }
}

/** The view whose south-west cell is lattice cell (col, row) at N a view. */
function viewAt(col: number, row: number): Domain {
  return { x0: col / N, y0: row / N, extent: 1, n: N };
}

/** The noise and cellular noise of the view at (col, row) against their JS references. */
function compareNoises(col: number, row: number, grid: (length: number) => Float32Array): void {
  const d = viewAt(col, row);
  for (const frequency of [1, 4, 37.5]) {
    const s = { seed: 7, frequency, octaves: 6, lacunarity: 2.1, gain: 0.5 };
    const want = new Float32Array(N * N);
    fbmGridReference(want, d, s);
    const got = grid(N * N).fill(NaN);
    fbmGrid(got, d, s);
    const diff = firstDifference(got, want);
    if (diff) expect.fail(`noise at (${col}, ${row}), frequency ${frequency}: ${diff}`);
    const p = { seed: 5, frequency, jitter: 0.9 };
    const outs = ['f1', 'f2', 'edges', 'cell'] as const;
    const ref = outs.map(() => new Float32Array(N * N));
    cellularKernel(d, p, ref[0], ref[1], ref[2], ref[3]);
    const fast = outs.map(() => grid(N * N).fill(NaN));
    cellularRows({ domain: d, ...p, f1: fast[0], f2: fast[1], edges: fast[2], cell: fast[3] }, 0, N);
    outs.forEach((o, k) => {
      const cdiff = firstDifference(fast[k], ref[k]);
      if (cdiff) expect.fail(`cellular ${o} at (${col}, ${row}), frequency ${frequency}: ${cdiff}`);
    });
  }
}

describe('far from the origin, a domain keeps its place on the world\'s lattice', () => {
  it.each([97, 1000, 2017, 3000, 4096, 65536])('at %i cells a view: views and grown domains up to 10⁹ views out, and the offsets between them', (perUnit) => {
    const rand = rng(perUnit);
    const lost: string[] = [];
    for (let t = 0; t < 3000; t++) {
      const views = 10 ** (3 + 6 * rand());
      const col = Math.round((rand() * 2 - 1) * views * perUnit);
      const row = Math.round((rand() * 2 - 1) * views * perUnit);
      const view: Domain = { x0: col / perUnit, y0: row / perUnit, extent: 1, n: perUnit };
      const k = 1 + Math.floor(rand() * 300);
      const made = latticeDomain(perUnit, col - k, row - k, perUnit + 2 * k);
      const grown = grow(view, { west: k / perUnit, east: k / perUnit, south: k / perUnit, north: k / perUnit });
      const place = (d: Domain) => JSON.stringify(latticeOf(d));
      if (place(view) !== JSON.stringify({ perUnit, col0: col, row0: row })) lost.push(`view at (${col}, ${row}): ${place(view)}`);
      if (place(made) !== JSON.stringify({ perUnit, col0: col - k, row0: row - k })) lost.push(`(${col - k}, ${row - k}), ${perUnit + 2 * k} cells: ${place(made)}`);
      if (place(grown) !== place(made)) lost.push(`view at (${col}, ${row}) grown by ${k}: ${place(grown)}`);
      const at = cellOffset(made, view);
      if (at?.dc !== k || at.dr !== k) lost.push(`view at (${col}, ${row}) in its ${k}-cell halo at ${JSON.stringify(at)}`);
      // Half a cell off the lattice is still off it, however far out.
      if (latticeOf({ ...view, x0: (col + 0.5) / perUnit }) !== null) lost.push(`half a cell east of (${col}, ${row}) is on the lattice`);
    }
    expect(lost.slice(0, 5), `${lost.length} of 3000`).toEqual([]);
  });
});

describe('far from the origin, the WebAssembly kernels give their JS references\' bits', () => {
  it.each(PLACES)('at lattice cell (%d, %d): the wind, the blur, the noise and the cellular noise', (col, row) => {
    const plain = (length: number) => new Float32Array(length);
    compareWind(col, row, plain);
    compareBlur(col, row, plain);
    compareNoises(col, row, plain);
  });
});

/**
 * A graph with every node type: the default map (noises, curves, combine, water with its world
 * cut, coast, rank, temperature, wind, moisture, biomes), two more winds (north, and slanted),
 * and the rest read off its heights; the grid-bound ones (thermal, hydraulic, flow, fluvial)
 * as leaves, so every other layer depends on the world round each cell alone.
 */
function everyNodeGraph(): Graph {
  const graph = loadGraph('default.json');
  const add = (id: string, type: string, params: Record<string, unknown> = {}) => {
    const def = CATALOGUE.def(type)!;
    graph.nodes.push({ id, type, title: id, position: [0, 0], params: { ...defaultParams(def), ...params } as never });
  };
  add('north', 'wind', { angle: 90, start: 'world-4' });
  add('slant', 'wind', { angle: 200, start: 'world-8' });
  add('cells', 'cellular', { frequency: 6 });
  add('blurred', 'blur', { radius: 0.2 });
  add('slope', 'slope');
  add('sel', 'select');
  add('terr', 'terrace');
  add('warped', 'warp');
  add('sh', 'shape');
  add('ch', 'chain', { knots: [-0.2, 0, 0.3] });
  add('th', 'thermal', { iterations: 8 });
  add('hy', 'hydraulic', { droplets: 0.2 });
  add('fl', 'flow');
  add('fv', 'fluvial', { iterations: 2 });
  const wires: [string, string][] = [
    ['water.terrain', 'north.terrain'], ['rank.out', 'north.rank'],
    ['water.terrain', 'slant.terrain'], ['rank.out', 'slant.rank'],
    ['height.out', 'blurred.in'], ['blurred.out', 'slope.in'], ['height.out', 'sel.in'], ['height.out', 'terr.in'],
    ['height.out', 'warped.in'], ['cont.out', 'warped.dx'], ['eros.out', 'warped.dy'],
    ['sh.out', 'ch.selector'], ['terr.out', 'ch.in0'], ['warped.out', 'ch.in1'], ['cells.f1', 'ch.in2'],
    ['height.out', 'th.height'], ['height.out', 'hy.height'],
    ['water.terrain', 'fl.terrain'], ['moisture.out', 'fl.rain'], ['water.terrain', 'fv.terrain'], ['slant.out', 'fv.rain'],
  ];
  const end = (s: string) => ({ node: s.split('.')[0], port: s.split('.')[1] });
  for (const [from, to] of wires) graph.edges.push({ from: end(from), to: end(to) });
  return graph;
}

const GRAPH = everyNodeGraph();

/** Every output of every node on the domain, copied (biome ids as numbers). */
function layers(d: Domain): Map<string, Float32Array | Uint8Array> {
  const e = createEngine(GRAPH);
  e.evaluate({ domain: d });
  const out = new Map<string, Float32Array | Uint8Array>();
  for (const node of GRAPH.nodes) {
    expect(e.status(node.id, d)?.state, `${node.id}: ${e.status(node.id, d)?.message}`).toBe('ok');
    for (const port of Object.keys(e.catalogue.def(node.type)!.outputs)) out.set(`${node.id}.${port}`, e.output(node.id, port, d)!.data.slice());
  }
  return out;
}

/** Layers of nodes whose values depend on their grid (compared only on the same view). */
const GRID_BOUND = new Set(GRAPH.nodes.filter((node) => gridBound(footprintOf(CATALOGUE.def(node.type)!, node.params))).map((node) => node.id));

/** Cells of layer pairs that differ where view b (dc, dr cells from a) overlaps view a. */
function overlapDifferences(a: Map<string, Float32Array | Uint8Array>, b: Map<string, Float32Array | Uint8Array>, dc: number, dr: number): string[] {
  const bad: string[] = [];
  for (const [layer, va] of a) {
    if (GRID_BOUND.has(layer.split('.')[0])) continue;
    const vb = b.get(layer)!;
    let differ = 0;
    for (let r = Math.max(0, dr); r < Math.min(N, N + dr); r++) {
      for (let c = Math.max(0, dc); c < Math.min(N, N + dc); c++) if (!Object.is(va[r * N + c], vb[(r - dr) * N + (c - dc)])) differ++;
    }
    if (differ) bad.push(`${layer}: ${differ} cells`);
  }
  return bad;
}

/** Layers that differ anywhere between two evaluations of one view. */
function differences(a: Map<string, Float32Array | Uint8Array>, b: Map<string, Float32Array | Uint8Array>): string[] {
  return [...a].filter(([layer, v]) => firstDifference(v as Float32Array, b.get(layer)! as Float32Array) !== null).map(([layer]) => layer);
}

/** Each place's layers without the pool, for the pool's to be held to. */
const alone = new Map<string, Map<string, Float32Array | Uint8Array>>();

describe('far from the origin, a graph of every node type: same place, same value', () => {
  // View b lies 48 cells east and 24 north of view a (and across the wrap where a lies just before it).
  it.each(PLACES)('at lattice cell (%d, %d): two overlapping views agree on every layer, and the wind swept in JS gives the same', (col, row) => {
    const a = layers(viewAt(col, row));
    alone.set(`${col},${row}`, a);
    const b = layers(viewAt(col + 48, row + 24));
    expect(overlapDifferences(a, b, 48, 24)).toEqual([]);
    windInJs.on = true;
    try {
      expect(differences(layers(viewAt(col, row)), a)).toEqual([]);
    } finally {
      windInJs.on = false;
    }
  });
});

describe('far from the origin, off the lattice', () => {
  // An origin that is no whole number of cells from 0 (the command line's --view or a file may
  // give one): its cells are placed from x0, and the halos round it in whole cells of it.
  it.each([
    [999999999.5, -999999999.25],
    [-999999998.3, 999999997.625],
  ])('a view at (%d, %d) evaluates every node', (x0, y0) => {
    const d: Domain = { x0, y0, extent: 1, n: N };
    expect(latticeOf(d)).toBeNull();
    expect(layers(d).size).toBeGreaterThan(GRAPH.nodes.length);
  });
});

describe('far from the origin, on the thread pool\'s grid heap', () => {
  beforeAll(async () => {
    expect(await startNodeThreads(2)).toBe(2);
    tuneThreads({ aloneCalls: 0 });
  }, 60_000);
  afterAll(() => {
    tuneThreads();
    stopThreads();
  });

  it.each(PLACES)('at lattice cell (%d, %d): the heap modules give the JS references\' bits', (col, row) => {
    const before = heapCalls();
    const onHeap = (length: number) => gridBuffer(Float32Array, length, true);
    compareWind(col, row, onHeap);
    compareBlur(col, row, onHeap);
    compareNoises(col, row, onHeap);
    expect(heapCalls()).toBeGreaterThan(before);
  });

  it.each(PLACES)('at lattice cell (%d, %d): every layer is what one thread gave, and overlapping views agree', (col, row) => {
    const a = layers(viewAt(col, row));
    expect(differences(a, alone.get(`${col},${row}`)!)).toEqual([]);
    const b = layers(viewAt(col + 48, row + 24));
    expect(overlapDifferences(a, b, 48, 24)).toEqual([]);
  });
});
