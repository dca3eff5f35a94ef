// The world wind's sweep (src/kernels/wind-sweep.ts) and its WebAssembly (wind.as.ts): the
// region a target needs gives the target the same bits as sweeping the whole grid, the module
// gives the same bits as the JS sweep at every angle, and its e^x is Math.exp's.
import { describe, expect, it } from 'vitest';
import { windBytes, wasmExp } from '../src/kernels/wasm/wind-instance.ts';
import { CHUNK_CELLS, setChunkCells } from '../src/kernels/wasm/lazy-module.ts';
import { type CellRect, type StartAir, sweepBlended, sweepBlendedJs, sweepRegion } from '../src/kernels/wind-sweep.ts';
import { rng } from './helpers/graphs.ts';
import { sweepTerrain } from './helpers/sweep-terrain.ts';

const ANGLES = [0, 10, 45, 80, 90, 135, 180, 200, 225, 270, 300, 315, 333];
const PARAMS = { evap: 0.03, dry: 0.001, lift: 0.6 };
const shipped = CHUNK_CELLS;

const grid = sweepTerrain;

function coarseAir(seed: number): StartAir {
  const rand = rng(seed);
  const n = 24;
  return { air: Float64Array.from({ length: n * n }, () => 0.3 + 0.7 * rand()), n, perUnit: 16, col0: -4, row0: -7 };
}

describe('the world wind sweep', () => {
  it.each(ANGLES)('a target swept over the region it needs has the bits of the whole grid swept, at %i°', (angle) => {
    const n = 83;
    const g = grid(n, angle + 1, { perUnit: 97, col0: -21, row0: 13 });
    const start = coarseAir(angle);
    const block = 6;
    const all: CellRect = { c0: 0, r0: 0, c1: n, r1: n };
    const whole = new Float64Array(n * n);
    sweepBlendedJs(g, { angle, ...PARAMS }, block, start, all, all, { c0: 0, r0: 0, stride: n }, whole);
    // A target well inside the grid (its fetch of 2 blocks fits), and bands of it.
    const target: CellRect = { c0: 14, r0: 15, c1: 69, r1: 67 };
    const w = target.c1 - target.c0;
    for (const [m0, m1] of [[0, 52], [0, 9], [9, 40], [40, 52]]) {
      const band: CellRect = { ...target, r0: target.r0 + m0, r1: target.r0 + m1 };
      const region = sweepRegion(g, angle, block, band);
      const part = new Float64Array(w * (target.r1 - target.r0));
      sweepBlendedJs(g, { angle, ...PARAMS }, block, start, region, band, { c0: target.c0, r0: target.r0, stride: w }, part);
      let differ = 0;
      for (let r = band.r0; r < band.r1; r++) {
        for (let c = band.c0; c < band.c1; c++) if (part[(r - target.r0) * w + c - target.c0] !== whole[r * n + c]) differ++;
      }
      expect(differ, `rows ${m0}…${m1}`).toBe(0);
    }
  });

  it.each(ANGLES)('the WebAssembly sweep gives the JS sweep\'s bits at %i°, with and without rank and start air', (angle) => {
    for (const [n, withRank, withStart] of [[64, true, true], [97, false, true], [71, true, false]] as const) {
      const g0 = grid(n, 7 * angle + n, { perUnit: 64, col0: 5, row0: -3 });
      const g = withRank ? g0 : { ...g0, rank: null };
      const start = withStart ? coarseAir(n) : null;
      const block = 5;
      const target: CellRect = { c0: 12, r0: 11, c1: n - 13, r1: n - 10 };
      const region = sweepRegion(g, angle, block, target);
      const place = { c0: target.c0, r0: target.r0, stride: target.c1 - target.c0 };
      const cells = place.stride * (target.r1 - target.r0);
      for (const wide of [false, true]) {
        const js = wide ? new Float64Array(cells) : new Float32Array(cells);
        const wasm = wide ? new Float64Array(cells) : new Float32Array(cells);
        sweepBlendedJs(g, { angle, ...PARAMS }, block, start, region, target, place, js);
        sweepBlended(g, { angle, ...PARAMS }, block, start, region, target, place, wasm);
        expect(wasm.some((v) => !(v > 0 && v <= 1)), 'air within (0, 1]').toBe(false);
        expect(Buffer.from(wasm.buffer).equals(Buffer.from(js.buffer)), `${n}², rank ${withRank}, start ${withStart}, ${wide ? 'doubles' : 'floats'}`).toBe(true);
      }
    }
  });

  it.each([0, 180, 90, 45])('a wind along the columns swept a few rows at a time gives the JS sweep\'s bits, at %i°', (angle) => {
    // East and west winds are swept about CHUNK_CELLS cells of whole 16-row strips at a time;
    // the others whole (the same call): chunks of one strip, of two, of the whole region.
    const n = 67;
    const g = grid(n, angle + 3, { perUnit: 64, col0: 5, row0: -3 });
    const start = coarseAir(n);
    const block = 5;
    const target: CellRect = { c0: 12, r0: 11, c1: n - 13, r1: n - 10 };
    const region = sweepRegion(g, angle, block, target);
    const place = { c0: target.c0, r0: target.r0, stride: target.c1 - target.c0 };
    const cells = place.stride * (target.r1 - target.r0);
    const js = new Float32Array(cells);
    sweepBlendedJs(g, { angle, ...PARAMS }, block, start, region, target, place, js);
    try {
      for (const chunk of [1, 32 * (n - 6), 0]) {
        setChunkCells(chunk);
        const wasm = new Float32Array(cells);
        sweepBlended(g, { angle, ...PARAMS }, block, start, region, target, place, wasm);
        expect(Buffer.from(wasm.buffer).equals(Buffer.from(js.buffer)), `${chunk} cells a chunk`).toBe(true);
      }
    } finally {
      setChunkCells(shipped);
    }
  });

  it('computes e^x as Math.exp does, bit for bit, over the rain of any climb', () => {
    const rand = rng(5);
    const xs = [-0, -1e-300, -1e-9, -0.34657359, -0.34657360, -1, -1.03972077, -1.0397208, -16, -700];
    for (let i = 0; i < 200_000; i++) xs.push(-rand() * (i % 3 === 0 ? 0.5 : i % 3 === 1 ? 20 : 1e-6));
    const differ = xs.filter((x) => !Object.is(wasmExp(x), Math.exp(x)));
    expect(differ).toEqual([]);
  });

  it('keeps the module under the 4 KB a browser main thread may compile synchronously', () => {
    expect(windBytes().length).toBeLessThan(4096);
  });
});
