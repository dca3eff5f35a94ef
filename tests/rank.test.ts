// The world-cut land rank (a bucket table in Float32 lanes, nodes/rank.ts and wasm/kernels.as.ts)
// against the plain count of land heights below each cell, on cuts that make awkward tables:
// runs of equal heights longer than the four-wide compare, ranges of a few subnormals (an
// infinite scale), one height, infinities and NaN, cells far outside the range; and the same
// bits on 1, 2 and 3 threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landRank } from '../nodes/rank.ts';
import { wasmCombine } from '../src/kernels/wasm/instance.ts';
import { placesBuckets, placesFor, placesStarts, placesTable } from '../src/kernels/places.ts';
import { settleBuffer } from '../src/model/values.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { gridBuffer } from '../src/parallel/memory.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { bandsSent, stopThreads, useThreads } from '../src/parallel/threads.ts';
import { rng } from './helpers/graphs.ts';

/** The rank the node promises: land heights (the cut's from waterCount on) below v over the span, at most 1; 0 below the level. */
function plainRank(t: TerrainValue): Float32Array {
  const land = t.sorted.subarray(t.waterCount);
  const span = land.length > 1 ? land.length - 1 : 1;
  return t.data.map((v) => {
    if (v < t.seaLevel) return 0;
    let below = 0;
    for (const x of land) if (x < v) below++;
    return Math.min(1, below / span);
  });
}

/** A world cut of these heights (sorted here) with the level at `level`, and a grid of `cells`. */
function terrain(world: readonly number[], level: number, cells: readonly number[]): TerrainValue {
  const sorted = Float32Array.from(world).sort();
  const waterCount = sorted.findIndex((v) => !(v < level));
  const data = gridBuffer(Float32Array, cells.length);
  data.set(cells);
  return { type: 'terrain', meaning: 'height', data, seaLevel: level, sorted, waterCount: waterCount < 0 ? sorted.length : waterCount, order: null };
}

/** Cells: every world height, its Float32 neighbours, values between and outside, NaN and infinities, as a square grid. */
function probeCells(world: readonly number[], extra: readonly number[], random: () => number): number[] {
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  const near = (v: number, step: number): number => {
    f[0] = v;
    if (!Number.isFinite(f[0]) || f[0] === 0) return v;
    u[0] += step * Math.sign(f[0]);
    return f[0];
  };
  const cells = [...extra, NaN, Infinity, -Infinity, 0, -0, 3e38, -3e38, 1e-45, -1e-45];
  for (const v of world) cells.push(v, near(v, 1), near(v, -1));
  const lo = Math.min(...world.filter(Number.isFinite));
  const hi = Math.max(...world.filter(Number.isFinite));
  while (cells.length < 64 * 64) cells.push(lo + (hi - lo) * (random() * 1.4 - 0.2));
  const n = Math.ceil(Math.sqrt(cells.length));
  while (cells.length < n * n) cells.push(lo);
  return cells;
}

const CUTS: Record<string, (random: () => number) => { world: number[]; level: number; extra: number[] }> = {
  'runs of equal heights longer than four': (random) => ({
    world: [...Array.from({ length: 900 }, () => random() - 0.3), ...Array(40).fill(0.25), ...Array(7).fill(0.5), ...Array(5).fill(0.75)],
    level: 0,
    extra: [0.25, 0.5, 0.75],
  }),
  'a range of a few subnormals (infinite scale)': () => ({ world: [-1, -0.5, 1e-45, 2e-45, 3e-45, 3e-45, 4e-45], level: 0, extra: [2.5e-45] }),
  'one land height': () => ({ world: [-2, -1, 0.5], level: 0, extra: [0.5, 0.4, 0.6] }),
  'all land the same height': (random) => ({ world: Array.from({ length: 300 }, (_, j) => (j < 100 ? -random() : 0.3)), level: 0, extra: [0.3] }),
  'infinite land heights and NaN in the cut': (random) => ({ world: [...Array.from({ length: 500 }, () => random() * 2 - 1), Infinity, Infinity, NaN, NaN], level: -0.2, extra: [Infinity] }),
  'land from −∞': (random) => ({ world: [-Infinity, -Infinity, ...Array.from({ length: 200 }, () => random())], level: -Infinity, extra: [-Infinity] }),
  'heights of every magnitude': (random) => ({ world: Array.from({ length: 2000 }, () => (random() - 0.5) * 10 ** (random() * 60 - 30)), level: -1e-20, extra: [] }),
};

beforeAll(async () => {
  expect(await startNodeThreads(3)).toBe(3);
}, 60_000);
afterAll(() => stopThreads());

describe('land rank on a world cut', () => {
  it.each(Object.keys(CUTS))('is the plain count over the span on %s, on 1, 2 and 3 threads', (name) => {
    const random = rng(name.length * 31 + 7);
    const { world, level, extra } = CUTS[name](random);
    const t = terrain(world, level, probeCells(world, extra, random));
    const expected = plainRank(t);
    for (const threads of [1, 2, 3]) {
      useThreads(threads);
      const before = bandsSent();
      const out = gridBuffer(Float32Array, t.data.length).fill(-1);
      landRank(t, out);
      if (threads > 1) expect(bandsSent()).toBeGreaterThan(before);
      expect(out).toEqual(expected);
    }
  });
});

describe('land rank table kept in WebAssembly memory', () => {
  it('ranks grid after grid by one cut, and again after another kernel has used the memory or the cut changed', () => {
    useThreads(1);
    const random = rng(99);
    const world = Array.from({ length: 3000 }, () => random() * 2 - 1);
    const check = (w: readonly number[]): void => {
      const t = terrain(w, 0, probeCells(w, [], random));
      const out = gridBuffer(Float32Array, t.data.length).fill(-1);
      landRank(t, out);
      expect(out).toEqual(plainRank(t));
    };
    check(world);
    check(world);
    // A combine over a grid larger than the table writes over where the rank's table lay.
    const big = Float32Array.from({ length: 256 * 256 }, () => random());
    wasmCombine(1, big, null, big, new Float32Array(big.length));
    check(world);
    check(world.map((v) => v * 0.5 + 0.1));
    check(world);
  });
});

describe('places table of a sorted cut', () => {
  it('is compared once per settled array (the engine\'s shared cut), and every time for any other', () => {
    const start = new Int32Array(placesBuckets(1000) + 1);
    const values = Float32Array.from({ length: 1000 }, (_, j) => j / 1000);
    // An array of the caller's own: written in place, its table is made again.
    const own = values.slice();
    const a = placesFor(own, start);
    own[500] = 2;
    own.sort();
    expect(placesFor(own, start).generation).not.toBe(a.generation);
    // A settled array is never written again: the same view of it is not compared again, so a
    // write against that promise would go unseen (which is how this test sees the shortcut).
    const settledArray = values.slice();
    settleBuffer(settledArray.buffer);
    const b = placesFor(settledArray, start);
    expect(placesFor(values.slice(), start).generation).toBe(b.generation);
    expect(placesFor(settledArray, start).generation).toBe(b.generation);
    settledArray[999] = 5;
    expect(placesFor(settledArray, start).generation).toBe(b.generation);
    // Another view of it is compared.
    expect(placesFor(settledArray.subarray(1), start).generation).not.toBe(b.generation);
  });
});

describe('places table filled in WebAssembly', () => {
  /** Ascending Float32 heights of awkward kinds: long runs, subnormal ranges, one value, infinities, NaN last. */
  const cuts: [string, () => Float32Array][] = [
    ['smooth', () => Float32Array.from({ length: 10_000 }, (_, j) => Math.fround(0.1 + (j / 10_000) ** 1.7 * 1.5))],
    ['runs of ties', () => Float32Array.from({ length: 3000 }, (_, j) => Math.floor(j / 37) / 10)],
    ['a few subnormals (an infinite scale)', () => Float32Array.from({ length: 50 }, (_, j) => (j % 3) * 1e-45).sort()],
    ['one value', () => Float32Array.of(0.25)],
    ['infinities at both ends, NaN last', () => Float32Array.from([-Infinity, -1, -0.5, 0, 0.5, 1, Infinity, NaN, NaN])],
    ['random, wide', () => { const r = rng(5); return Float32Array.from({ length: 5000 }, () => (r() * 2 - 1) * 10 ** Math.floor(r() * 6 - 3)).sort(); }],
  ];
  it.each(cuts)('gives the JS fill\'s start entries: %s', (_, make) => {
    const sorted = make();
    const start = new Int32Array(placesBuckets(sorted.length) + 1).fill(-7);
    const t = placesTable(sorted, start);
    const expected = new Int32Array(start.length).fill(-7);
    placesStarts(sorted, t.valid, t.lo, t.scale, t.buckets, expected);
    expect([...start.subarray(0, t.buckets + 1)]).toEqual([...expected.subarray(0, t.buckets + 1)]);
    expect(start[t.buckets]).toBe(t.valid);
  });
});
