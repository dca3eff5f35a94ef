// The cell-by-cell WebAssembly kernels take their grids into the module's memory a chunk at a
// time (CHUNK_CELLS, src/kernels/wasm/lazy-module.ts): every chunking gives the bits of the grids
// staged whole, for chunks of a few cells, of less than a row, of rows and a remainder, with
// unwired inputs and with inputs read in place out of wider grids (strided rows); and the water's
// copy and mask, the same as JS's comparison of each Float32 height with the (double) level.
import { afterEach, describe, expect, it } from 'vitest';
import { combineKernel, COMBINE_MODES } from '../nodes/combine.ts';
import { applyCurve } from '../nodes/curve.ts';
import { moistureKernel } from '../nodes/moisture.ts';
import { landRank } from '../nodes/rank.ts';
import { temperature } from '../nodes/temperature.ts';
import { tableIds, whittaker } from '../nodes/whittaker.ts';
import { type Domain, type GridWindow, wholeWindow } from '../src/grid.ts';
import { DEFAULT_TABLE } from '../src/model/biomes.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { wasmWater } from '../src/kernels/wasm/distance-instance.ts';
import { CHUNK_CELLS, setChunkCells } from '../src/kernels/wasm/lazy-module.ts';
import { rng } from './helpers/graphs.ts';

const N = 37;
/** The chunk sizes compared with whole grids (0): three cells, a few, under a row (37), a row and a bit, many rows. */
const CHUNKS = [3, 4, 6, 30, 45, 8 * 37 + 5];
const shipped = CHUNK_CELLS;
afterEach(() => setChunkCells(shipped));

function grid(cells: number, seed: number, lo = -1, hi = 1): Float32Array {
  const rand = rng(seed);
  return Float32Array.from({ length: cells }, (_, i) => (i === 3 ? NaN : i === 5 ? Infinity : lo + (hi - lo) * rand()));
}

/** The kernel's output staged whole, then in each chunking: the same bytes. */
function sameInChunks(run: () => Float32Array | Uint8Array): void {
  setChunkCells(0);
  const whole = new Uint8Array(run().slice().buffer);
  for (const chunk of CHUNKS) {
    setChunkCells(chunk);
    expect(new Uint8Array(run().slice().buffer), `${chunk} cells a chunk`).toEqual(whole);
  }
}

/** An N × N window at (3, 2) of a wider grid (rows of N + 8): read in place as strided rows. */
function windowOf(seed: number, lo = -1, hi = 1): GridWindow {
  const stride = N + 8;
  return { data: grid(stride * (N + 5), seed, lo, hi), stride, dc: 3, dr: 2 };
}

// Near the equator: the temperatures spread over 0 … 1 (at the poles all would be 0).
const domain: Domain = { x0: 0.25, y0: -0.5, extent: 1, n: N };
/** What a band hook's context gives it: this domain's grids, every row on one band. */
function band<A>(hook: unknown, args: A): void {
  (hook as (a: A, r0: number, r1: number) => void)(args, 0, N);
}

describe('cell-by-cell kernels in chunks', () => {
  it('curve: the same bits in every chunking', () => {
    const input = grid(N * N, 1, -1.2, 1.2);
    const out = new Float32Array(N * N);
    sameInChunks(() => (applyCurve(input, [[-1, -0.6], [-0.35, -0.3], [0, 0], [0, 0.1], [0.6, 0.3], [1, 0.5]], out), out));
  });

  it('combine: every mode, wired and unwired, the same bits in every chunking', () => {
    const [b, s, d] = [grid(N * N, 2), grid(N * N, 3), grid(N * N, 4)];
    const out = new Float32Array(N * N);
    for (const mode of COMBINE_MODES) {
      sameInChunks(() => (combineKernel(mode, b, s, d, out), out));
      sameInChunks(() => (combineKernel(mode, null, s, null, out), out));
    }
  });

  it('temperature: plain grids, inputs in place out of wider grids and unwired, the same bits in every chunking', () => {
    const p = { base: 0.4, lapse: 0.1, latitude: 1, coastMod: 0.062, tempNoise: 0.15 };
    const [rank, coast, noise] = [windowOf(5, 0, 1), windowOf(6, 0, 40), windowOf(7)];
    const [rankGrid, coastGrid, noiseGrid] = [grid(N * N, 5, 0, 1), grid(N * N, 6, 0, 40), grid(N * N, 7)].map((g) => wholeWindow(g, N));
    const out = new Float32Array(N * N);
    sameInChunks(() => (band(temperature.band, { domain, p, rank: rankGrid, coast: coastGrid, noise: noiseGrid, out }), out));
    sameInChunks(() => (band(temperature.band, { domain, p, rank, coast, noise, out }), out));
    sameInChunks(() => (band(temperature.band, { domain, p, rank: null, coast, noise: null, out }), out));
  });

  it('moisture: wired and unwired, the same bits in every chunking', () => {
    const p = { moistNoise: 0.285, coastBonus: 0.355, decay: 0.274, strength: 0.583 };
    const [noise, coast, air] = [grid(N * N, 8), grid(N * N, 9, 0, 40), grid(N * N, 10, 0, 1)];
    const out = new Float32Array(N * N);
    sameInChunks(() => (moistureKernel(p, noise, coast, air, out), out));
    sameInChunks(() => (moistureKernel(p, null, coast, null, out), out));
  });

  it('biomes: heights in place out of a wider grid, with and without a coast, the same bits in every chunking', () => {
    const rules = { table: tableIds(DEFAULT_TABLE), beachWidth: 1.5, beachMinTemperature: 0.25 };
    const [t, m, coast] = [grid(N * N, 11, -0.2, 1.2), grid(N * N, 12, -0.2, 1.2), grid(N * N, 13, 0, 4)];
    const height = windowOf(14);
    const out = new Uint8Array(N * N);
    for (const c of [coast, null]) {
      sameInChunks(() => (band(whittaker.band, { rules, temperature: t, moisture: m, height, seaLevel: 0.1, coast: c, out, n: N }), out));
    }
  });

  it('rank on a world cut: the same bits in every chunking', () => {
    const sorted = grid(900, 15).filter((v) => !Number.isNaN(v)).sort();
    const t: TerrainValue = { type: 'terrain', meaning: 'height', data: grid(N * N, 16, -1.3, 1.3), seaLevel: 0, sorted, waterCount: sorted.findIndex((v) => v >= 0), order: null };
    const out = new Float32Array(N * N);
    sameInChunks(() => (landRank(t, out), out));
  });

  it("water: the heights copied and the mask of JS's double comparison, in every chunking", () => {
    // A Float32 height on, under and over levels that Float32 does not hold (the module compares
    // with the Float32 above the level), signed zeros, infinities and NaN, an odd count of cells.
    const on = Math.fround(0.7);
    const heights = grid(N * N, 17);
    heights.set([on, Math.fround(on - 1e-7), Math.fround(on + 1e-7), -0, 0, -Infinity], 20);
    const out = new Float32Array(2 * N * N);
    const [height, mask] = [out.subarray(0, N * N), out.subarray(N * N)];
    for (const level of [on + 1e-12, on, on - 1e-12, 0, -0, Infinity, -Infinity, NaN, 1e39, -1e39]) {
      sameInChunks(() => (wasmWater(heights, level, height, mask), out));
      expect(new Uint8Array(height.slice().buffer)).toEqual(new Uint8Array(heights.slice().buffer));
      expect(mask, `level ${level}`).toEqual(Float32Array.from(heights, (h) => (h < level ? 1 : 0)));
    }
    // Rows out of the middle of the grids, as a band takes them.
    height.fill(5);
    wasmWater(heights.subarray(N, 3 * N), on + 1e-12, height.subarray(N, 3 * N), mask.subarray(N, 3 * N));
    expect(height.subarray(N, 3 * N)).toEqual(heights.subarray(N, 3 * N));
    expect([height[N - 1], height[3 * N]]).toEqual([5, 5]);
  });
});
