// The Shape node: a disc, a square and a linear gradient drawn from the world position alone
// (values at known points; the same cell the same value in a shifted view and in tiles), what
// its doc says makes an island (and what does not), and the palette words a Gaea user types for it.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { shapeAt, shapeKernel, type ShapeParams } from '../nodes/shape.ts';
import { allItems, searchMenu } from '../src/editor/catalogue.ts';
import { createEngine } from '../src/engine/engine.ts';
import { cellX, cellY, type Domain } from '../src/grid.ts';
import type { Graph } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import { bandsSent, useThreads } from '../src/parallel/threads.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { buildRecipe, type Recipe } from '../src/recipes/build.ts';
import { terrainFigures } from '../src/recipes/measures.ts';
import { loadGraph } from './helpers/graphs.ts';
import { threadsForEveryCall } from './helpers/threads.ts';

const DISC: ShapeParams = { kind: 'radial', x: 0.5, y: 0.5, radius: 0.4, falloff: 0.5, rounding: 0, angle: 0, invert: false };

describe('Shape values at known points', () => {
  it('radial: 1 at the centre and inside radius · (1 − falloff), 0.5 at the falloff\'s midpoint, 0 at and beyond the radius', () => {
    expect(shapeAt(DISC, 0.5, 0.5)).toBe(1);
    expect(shapeAt(DISC, 0.5 + 0.19, 0.5)).toBe(1);
    // The falloff runs from 0.2 to 0.4: its midpoint 0.3, in any direction.
    expect(shapeAt(DISC, 0.8, 0.5)).toBeCloseTo(0.5, 12);
    expect(shapeAt(DISC, 0.5, 0.2)).toBeCloseTo(0.5, 12);
    expect(shapeAt(DISC, 0.5 + 0.3 * Math.SQRT1_2, 0.5 + 0.3 * Math.SQRT1_2)).toBeCloseTo(0.5, 12);
    // A quarter into the falloff: smoothstep(0.25) = 0.15625 fallen.
    expect(shapeAt(DISC, 0.75, 0.5)).toBeCloseTo(1 - 0.15625, 12);
    expect(shapeAt(DISC, 0.9, 0.5)).toBe(0);
    expect(shapeAt(DISC, 3, -2)).toBe(0);
    expect(shapeAt({ ...DISC, invert: true }, 0.5, 0.5)).toBe(0);
    expect(shapeAt({ ...DISC, invert: true }, 3, -2)).toBe(1);
    // Falloff 0: a hard edge at the radius.
    expect(shapeAt({ ...DISC, falloff: 0 }, 0.89, 0.5)).toBe(1);
    expect(shapeAt({ ...DISC, falloff: 0 }, 0.9, 0.5)).toBe(0);
  });

  it('square: the Chebyshev distance (a corner point inside is 1 where the disc is 0); rounding 1 is the disc', () => {
    const sq: ShapeParams = { ...DISC, kind: 'square' };
    expect(shapeAt(sq, 0.5 + 0.19, 0.5 + 0.19)).toBe(1);
    expect(shapeAt(DISC, 0.5 + 0.19, 0.5 + 0.19)).toBeLessThan(1);
    expect(shapeAt(sq, 0.8, 0.5 + 0.29)).toBeCloseTo(0.5, 12);
    expect(shapeAt(sq, 0.5 + 0.35, 0.5 + 0.35)).toBeGreaterThan(0);
    expect(shapeAt(sq, 0.5 + 0.41, 0.5)).toBe(0);
    for (const [x, y] of [[0.8, 0.8], [0.7, 0.6], [0.55, 0.85], [0.5, 0.5]]) {
      expect(shapeAt({ ...sq, rounding: 1 }, x, y)).toBeCloseTo(shapeAt(DISC, x, y), 12);
    }
    // A half-rounded corner cuts the square's corner: inside the square, outside the rounded one.
    expect(shapeAt({ ...sq, falloff: 0 }, 0.89, 0.89)).toBe(1);
    expect(shapeAt({ ...sq, falloff: 0, rounding: 0.5 }, 0.89, 0.89)).toBe(0);
  });

  it('linear: 0 at one side, 1 at the other across the width, rising towards the angle', () => {
    const ramp: ShapeParams = { ...DISC, kind: 'linear', radius: 0.5, angle: 0 };
    expect(shapeAt(ramp, 0.25, 0.9)).toBe(0);
    expect(shapeAt(ramp, 0.5, 0.1)).toBeCloseTo(0.5, 12);
    expect(shapeAt(ramp, 0.625, 0.3)).toBeCloseTo(0.75, 12);
    expect(shapeAt(ramp, 0.75, 0.3)).toBe(1);
    expect(shapeAt(ramp, -5, 0)).toBe(0);
    const north = { ...ramp, angle: 90 };
    expect(shapeAt(north, 0.9, 0.25)).toBeCloseTo(0, 12);
    expect(shapeAt(north, 0.1, 0.75)).toBeCloseTo(1, 12);
    expect(shapeAt({ ...north, invert: true }, 0.1, 0.75)).toBeCloseTo(0, 12);
  });
});

function graph(params: Partial<ShapeParams>): Graph {
  const def = CATALOGUE.def('shape')!;
  return {
    name: 'shape',
    notes: '',
    view: { x: 0, y: 0, size: 64 },
    nodes: [{ id: 'mask', type: 'shape', title: 'mask', position: [0, 0], params: { ...defaultParams(def), ...params } }],
    edges: [],
  };
}

function evaluate(g: Graph, d: Domain): Float32Array {
  const engine = createEngine(g, { poisonBuffers: true });
  engine.evaluate({ domain: d });
  expect(engine.status('mask', d)?.state, engine.status('mask', d)?.message).toBe('ok');
  return engine.output('mask', 'out', d)!.data as Float32Array;
}

describe('Shape in the engine: one world', () => {
  const kinds: Partial<ShapeParams>[] = [{}, { kind: 'square', rounding: 0.3, x: 0.7 }, { kind: 'linear', angle: 30, radius: 0.6 }];
  it.each(kinds)('a view shifted by whole cells agrees cell by cell, and so do two tiles with the one view (%j)', (params) => {
    const g = graph(params);
    const n = 64;
    const a = evaluate(g, { x0: 0, y0: 0, extent: 1, n });
    expect(a[32 * n + 32]).toBeGreaterThan(0.2);
    expect(new Set(a).size).toBeGreaterThan(10); // a shape, not a flat grid
    // Shifted 20 cells east and 7 south.
    const b = evaluate(g, { x0: 20 / n, y0: -7 / n, extent: 1, n });
    for (let r = 0; r < n - 7; r++) for (let c = 20; c < n; c++) expect(b[(r + 7) * n + (c - 20)], `cell ${c}, ${r}`).toBe(a[r * n + c]);
    // The west and east halves as tiles.
    const half = n / 2;
    const tiles = [0, 1].map((t) => evaluate(g, { x0: t / 2, y0: 0, extent: 0.5, n: half }));
    const top = [0, 1].map((t) => evaluate(g, { x0: t / 2, y0: 0.5, extent: 0.5, n: half }));
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const tile = (r < half ? tiles : top)[c < half ? 0 : 1];
        expect(tile[(r % half) * half + (c % half)], `cell ${c}, ${r}`).toBe(a[r * n + c]);
      }
    }
  });
});

// The kernel works each formula out as a column's term plus a row's: it must give shapeAt's
// bits at every centre, whole or by bands of rows, on a lattice domain and an off-lattice one.
const EVERY_KIND: Partial<ShapeParams>[] = [
  {},
  { invert: true, x: 0.3, y: 0.62, radius: 0.31, falloff: 0.9 },
  { falloff: 0 },
  { kind: 'square', rounding: 0.3, x: 0.7 },
  { kind: 'square', rounding: 0, falloff: 0.2, invert: true },
  { kind: 'square', rounding: 1, radius: 0.2 },
  { kind: 'linear', angle: 30, radius: 0.6 },
  { kind: 'linear', angle: 200, radius: 0, invert: true },
];

describe('Shape kernel', () => {
  const domains: Domain[] = [
    { x0: -0.25, y0: 0.125, extent: 1.5, n: 97 },
    { x0: 0.1234567, y0: -0.0987, extent: 0.77, n: 61 },
  ];
  it.each(EVERY_KIND)('gives shapeAt\'s bits at every cell centre, whole and in bands of rows (%j)', (params) => {
    const p = { ...DISC, ...params };
    for (const d of domains) {
      const { n } = d;
      const whole = new Float32Array(n * n).fill(NaN);
      shapeKernel(p, d, whole);
      const banded = new Float32Array(n * n).fill(NaN);
      for (const [r0, r1] of [[0, 13], [13, 14], [14, 60], [60, n]]) shapeKernel(p, d, banded, r0, r1);
      let differing = 0;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const want = Math.fround(shapeAt(p, cellX(d, c), cellY(d, r)));
          if (!Object.is(whole[r * n + c], want) || !Object.is(banded[r * n + c], want)) differing++;
        }
      }
      expect(differing, `${JSON.stringify(d)}`).toBe(0);
      // Not a flat grid: two values at a hard edge (falloff 0, a ramp of width 0), a ramp's many else.
      const hard = p.kind === 'linear' ? p.radius === 0 : p.falloff === 0;
      expect(new Set(whole).size).toBeGreaterThan(hard ? 1 : 10);
    }
  });
});

describe('Shape over threads', () => {
  threadsForEveryCall(3);

  it.each(EVERY_KIND)('at 97² and in two tiles gives the same bytes with 1, 2 and 3 threads, the rows split (%j)', (params) => {
    const g = graph(params);
    const view: Domain = { x0: 0.01, y0: -0.02, extent: 1, n: 97 };
    // Two tiles of 194² each, one above the other, at twice the view's resolution.
    const tiles: Domain[] = [0, 1].map((t) => ({ x0: 0.01, y0: -0.02 + t / 2, extent: 1, n: 194 }));
    const run = (threads: number) => {
      useThreads(threads);
      return [view, ...tiles].map((d) => evaluate(g, d));
    };
    const one = run(1);
    const before = bandsSent();
    for (const threads of [2, 3]) {
      const other = run(threads);
      one.forEach((grid, k) => expect(Buffer.compare(Buffer.from(grid.buffer, grid.byteOffset, grid.byteLength), Buffer.from(other[k].buffer, other[k].byteOffset, other[k].byteLength)), `threads ${threads}, grid ${k}`).toBe(0));
    }
    expect(bandsSent()).toBeGreaterThan(before);
    // The tiles overlap by half: their shared rows hold the same bits.
    const [, low, high] = one;
    for (let r = 0; r < 97; r++) expect(Buffer.compare(Buffer.from(high.buffer, high.byteOffset + r * 194 * 4, 194 * 4), Buffer.from(low.buffer, low.byteOffset + (r + 97) * 194 * 4, 194 * 4)), `row ${r}`).toBe(0);
  });
});

describe('Shape for an island, as its doc says', () => {
  const base = loadGraph('default.json');
  const island = (edits: Omit<Recipe, 'file' | 'name' | 'notes'>) => {
    const engine = createEngine(buildRecipe(base, { file: 'island.json', name: 'island', notes: '', ...edits }), { size: 128 });
    engine.evaluate({ targets: ['water'] });
    return terrainFigures(engine.output('water', 'terrain') as TerrainValue, 128);
  };
  type Added = NonNullable<Recipe['addNodes']>[number];
  const mask: Added = { id: 'mask', type: 'shape', title: 'Island', cell: [0, 3] };
  // The mask through a curve: the sea floor (−0.5) where it is 0, nothing added where it is 1.
  const floor: Added = { id: 'floor', type: 'curve', title: 'Sea floor', cell: [1, 3], params: { points: [[0, -0.5], [1, 0]] } };
  const lerp = {
    addNodes: [mask, floor, { id: 'island', type: 'combine', title: 'Island', cell: [2, 3], params: { mode: 'terrain' } }],
    wires: [
      ['mask.out', 'floor.in'],
      ['floor.out', 'island.base'],
      ['mask.out', 'island.scale'],
      ['height.out', 'island.detail'],
      ['island.out', 'water.height'],
    ],
  } satisfies Partial<Recipe>;
  const RAW = { water: { mode: 'raw', level: 0 } };

  it('a lerp from a sea floor to the height by the mask, with a fixed sea level, puts every border cell under water and keeps land inside', () => {
    const f = island({ ...lerp, params: RAW });
    expect(f.borderWater).toBe(1);
    expect(f.land).toBeGreaterThan(0.1);
  });

  it('the same lerp with the level at a share of the world cut leaves the edges dry: the level falls on the sea floor', () => {
    expect(island(lerp).borderWater).toBe(0);
  });

  it('multiplying the height by the mask leaves the edges at 0, dry under either water level', () => {
    const multiply = {
      addNodes: [mask, { id: 'island', type: 'combine', title: 'Island', cell: [2, 3], params: { mode: 'multiply' } }],
      wires: [
        ['height.out', 'island.base'],
        ['mask.out', 'island.scale'],
        ['island.out', 'water.height'],
      ],
    } satisfies Partial<Recipe>;
    expect(island(multiply).borderWater).toBe(0);
    expect(island({ ...multiply, params: RAW }).borderWater).toBe(0);
  });
});

describe('Shape in the palette', () => {
  it.each(['falloff', 'radial', 'gradient', 'island', 'mask', 'circle', 'shape'])('"%s" finds it', (word) => {
    const found = searchMenu(allItems(), word).flatMap((g) => g.items.map((i) => i.type));
    expect(found).toContain('shape');
  });
});
