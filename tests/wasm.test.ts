// The WebAssembly kernels: the committed binary is the compiled source, the sort is a stable
// ascending argsort, and the memory a one-off large grid grew is given back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argsortFloat32, sortFloat32 } from '../src/kernels/sort.ts';
import { scratchBytes, trimScratch } from '../src/kernels/scratch.ts';
import { WASM_MODULES, binaryModuleText, compileModule } from '../src/kernels/wasm/compile.ts';
import { curveBytes, kernelBytes, kernelMemoryBytes } from '../src/kernels/wasm/instance.ts';
import { distanceBytes, distanceMemoryBytes } from '../src/kernels/wasm/distance-instance.ts';
import { cellularBytes } from '../src/kernels/wasm/cellular-instance.ts';
import { thermalBytes, thermalMemoryBytes } from '../src/kernels/wasm/thermal-instance.ts';
import { floodMemoryBytes } from '../src/kernels/wasm/flood-instance.ts';
import { priorityFlood } from '../src/kernels/flow.ts';
import { thermalErosion } from '../src/kernels/thermal.ts';
import { distanceCells, distanceToBelow, distanceTransform } from '../src/kernels/distance.ts';
import { NOISE_CACHE_BYTES, noiseBytes, noiseMemoryBytes, wasmOctaveGrid } from '../src/kernels/wasm/noise-instance.ts';
import { fbmGrid, octaveTables } from '../src/kernels/noise.ts';
import type { Domain } from '../src/grid.ts';
import { rng } from './helpers/graphs.ts';

it.each(WASM_MODULES.map((m) => [m.binary.split('/').pop(), m] as const))(
  '%s is its AssemblyScript source compiled (run npm run wasm after changing it)',
  async (_, m) => {
    expect(readFileSync(m.binary, 'utf8')).toBe(binaryModuleText(m, await compileModule(m)));
  },
  60_000,
);

it('keeps each module under the 4 KB a browser main thread may compile synchronously', () => {
  expect(kernelBytes().length).toBeLessThan(4096);
  expect(curveBytes().length).toBeLessThan(4096);
  expect(noiseBytes().length).toBeLessThan(4096);
  expect(distanceBytes().length).toBeLessThan(4096);
  expect(cellularBytes().length).toBeLessThan(4096);
  expect(thermalBytes().length).toBeLessThan(4096);
});

// Every module's builds, the heap's too (the noise's heap build was 4093 bytes on 7 December):
// a page compiles each synchronously where it first needs it (lazy-module.ts, heap-instance.ts).
it.each(WASM_MODULES.map((m) => [m.binary.split('/').pop(), m] as const))('%s stays under the 4 KB a browser main thread may compile synchronously', async (_, m) => {
  const text = ((await import(m.binary)) as Record<string, string>)[m.constant];
  expect(Buffer.from(text, 'base64').length).toBeLessThan(4096);
});

it('lays out as many cache bytes for the noise kernel as the kernel uses', () => {
  // The heap's build finds its cache where the caller puts it, and the caller's rows after it:
  // a cache grown in noise.as.ts alone would run into the first row of sums.
  const source = readFileSync('src/kernels/wasm/noise.as.ts', 'utf8');
  const declared = /const CACHE_BYTES = (\d+);/.exec(source);
  expect(declared).not.toBeNull();
  expect(NOISE_CACHE_BYTES).toBe(Number(declared![1]));
});

/** The square domain of an n² grid (the distance transform measures in its cells). */
function square(n: number): Domain {
  return { x0: 0, y0: 0, extent: 1, n };
}

/** The distance transform on the calling thread, as the kernel tests below call it. */
function wasmDistance(out: Float32Array, n: number, sites: Uint8Array, unit: number): void {
  distanceTransform(out, square(n), sites, unit);
}

/** The order a stable sort by value gives, with −0 before +0 as the float bits order them. */
function referenceOrder(values: Float32Array): number[] {
  const zeroSign = (v: number) => (Object.is(v, -0) ? -1 : 0);
  return [...values.keys()].sort((a, b) => {
    const va = values[a];
    const vb = values[b];
    if (va !== vb) return va < vb ? -1 : 1;
    return zeroSign(va) - zeroSign(vb) || a - b;
  });
}

describe('argsort', () => {
  it.each([0, 1, 7, 1000, 65537])('sorts %i values stably, ties, signed zeros and infinities included', (n) => {
    const rand = rng(n + 3);
    const values = Float32Array.from({ length: n }, () => {
      const r = rand();
      if (r < 0.02) return rand() < 0.5 ? Infinity : -Infinity;
      if (r < 0.05) return rand() < 0.5 ? 0 : -0;
      if (r < 0.3) return Math.round(rand() * 20) / 10 - 1; // many ties
      return (rand() * 2 - 1) * 10 ** Math.floor(rand() * 8 - 4);
    });
    const sorted = new Float32Array(n);
    const order = new Uint32Array(n);
    argsortFloat32(values, sorted, order);
    const expected = referenceOrder(values);
    expect([...order]).toEqual(expected);
    expect([...sorted].map((v) => Object.is(v, -0))).toEqual(expected.map((i) => Object.is(values[i], -0)));
    expect([...sorted]).toEqual(expected.map((i) => values[i]));
  });

  it('refuses outputs of the wrong length', () => {
    expect(() => argsortFloat32(new Float32Array(4), new Float32Array(3), new Uint32Array(4))).toThrow(/must hold 4 entries/);
  });
});

describe('sort (values only)', () => {
  it.each([0, 1, 2, 7, 1000, 16384, 65537])('writes the bits the argsort writes for %i values, NaN, signed zeros, infinities and subnormals included', (n) => {
    const rand = rng(n + 17);
    const values = Float32Array.from({ length: n }, () => {
      const r = rand();
      if (r < 0.01) return NaN;
      if (r < 0.03) return rand() < 0.5 ? Infinity : -Infinity;
      if (r < 0.06) return rand() < 0.5 ? 0 : -0;
      if (r < 0.08) return (rand() - 0.5) * 1e-40; // subnormal
      if (r < 0.3) return Math.round(rand() * 20) / 10 - 1; // many ties
      return (rand() * 2 - 1) * 10 ** Math.floor(rand() * 8 - 4);
    });
    // A NaN of the other sign and payload, which sorts first where the positive one sorts last.
    const bits = new Uint32Array(values.buffer);
    if (n > 2) bits[n >> 1] = 0xffc00001;
    const viaArgsort = new Float32Array(n);
    argsortFloat32(values, viaArgsort, new Uint32Array(n));
    const sorted = new Float32Array(n);
    sortFloat32(values, sorted);
    expect([...new Uint32Array(sorted.buffer)]).toEqual([...new Uint32Array(viaArgsort.buffer)]);
    const finite = [...sorted].filter((v) => !Number.isNaN(v));
    for (let j = 1; j < finite.length; j++) expect(finite[j]).toBeGreaterThanOrEqual(finite[j - 1]);
  });

  it('refuses an output of the wrong length', () => {
    expect(() => sortFloat32(new Float32Array(4), new Float32Array(5))).toThrow(/must hold 4 entries/);
  });
});

describe('distance kernel', () => {
  it('handles grids of one cell, and a single site in a grid that is not a multiple of the block', () => {
    const one = new Float32Array(1);
    wasmDistance(one, 1, Uint8Array.of(1), 2);
    expect(one[0]).toBe(0);
    wasmDistance(one, 1, Uint8Array.of(0), 2);
    expect(one[0]).toBe(Infinity);
    const n = 37;
    const sites = new Uint8Array(n * n);
    sites[20 * n + 3] = 1;
    const out = new Float32Array(n * n);
    wasmDistance(out, n, sites, 1);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) expect(out[r * n + c]).toBe(Math.fround(Math.hypot(r - 20, c - 3)));
  });

  it.each([
    [560, 0.002, Infinity, 0, 0, 560],
    [601, 0.004, 30, 7, 19, 571],
  ])('on a %i² grid (%f sites, cap %f cells): the plain reference, bit for bit', (m, share, capCells, dc, dr, n) => {
    // Larger than the brute-force tests elsewhere: the column scans' counters run long and
    // the rows are many vectors wide. Reference: each column's nearest site above and below
    // found by walking it, then the minimum along the row.
    const rand = rng(m);
    const h = Float32Array.from({ length: m * m }, () => (rand() < share ? -1 : 1));
    for (let r = 40; r < m - 40; r++) h[r * m + (m >> 1)] = -1; // a sea column down most of the grid
    const unit = 256 / n;
    const cap = capCells * unit;
    const out = new Float32Array(n * n);
    const water = new Uint8Array(m * m);
    distanceCells('', { below: h, level: 0 }, m, dc, dr, n, unit, cap, out, water);
    const g = new Float64Array(m * m);
    for (let c = 0; c < m; c++) {
      for (let r = 0, last = -Infinity; r < m; r++) g[r * m + c] = (r - (last = h[r * m + c] < 0 ? r : last)) ** 2;
      for (let r = m - 1, next = Infinity; r >= 0; r--) g[r * m + c] = Math.min(g[r * m + c], ((next = h[r * m + c] < 0 ? r : next) - r) ** 2);
    }
    let wrong = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let best = Infinity;
        for (let k = 0, row = (r + dr) * m; k < m; k++) best = Math.min(best, (k - c - dc) ** 2 + g[row + k]);
        const e = Math.fround(Math.sqrt(best) * unit);
        if (out[r * n + c] !== (e > cap ? Math.fround(cap) : e)) wrong++;
      }
    }
    expect(wrong).toBe(0);
    expect(water.every((w, i) => w === (h[i] < 0 ? 1 : 0))).toBe(true);
  });
});

describe('kernel memory', () => {
  it('is given back after a one-off large grid and made again when needed', () => {
    const n = 1024;
    const values = Float32Array.from({ length: n * n }, (_, i) => Math.sin(i));
    argsortFloat32(values, new Float32Array(n * n), new Uint32Array(n * n));
    // The plain fBm computes in chunks of rows; one octave alone (the folded noises) takes the grid.
    const octaves = octaveTables({ x0: 0, y0: 0, extent: 1, n }, { seed: 1, frequency: 2, octaves: 1, lacunarity: 2, gain: 0.5 });
    fbmGrid(new Float32Array(n * n), { x0: 0, y0: 0, extent: 1, n }, { seed: 1, frequency: 2, octaves: 1, lacunarity: 2, gain: 0.5 });
    expect(noiseMemoryBytes()).toBeLessThan(n * n);
    wasmOctaveGrid(octaves, 0, 80);
    expect(kernelMemoryBytes()).toBeGreaterThan(20 * n * n);
    expect(noiseMemoryBytes()).toBeGreaterThan(4 * n * n);
    const sites = new Uint8Array(n * n);
    sites[n * 3 + 5] = 1;
    wasmDistance(new Float32Array(n * n), n, sites, 1);
    // The transform takes its band of rows into its memory (with its halo: here the grid).
    expect(distanceMemoryBytes()).toBeGreaterThan(2 ** 20);
    // Thermal erosion keeps its two padded grids of doubles in its memory.
    thermalErosion(values, n, { iterations: 1, talusPerCell: 0.01, rate: 0.25 }, new Float32Array(n * n), new Float32Array(n * n));
    expect(thermalMemoryBytes()).toBeGreaterThan(16 * n * n);
    // The flow's flood keeps seven grids of Int32 or Float32 in its memory.
    priorityFlood(values, n, 0, new Float32Array(n * n), new Int32Array(n * n));
    expect(floodMemoryBytes()).toBeGreaterThan(28 * n * n);
    trimScratch(128 * 128);
    expect(thermalMemoryBytes()).toBe(0);
    expect(floodMemoryBytes()).toBe(0);
    expect(kernelMemoryBytes()).toBe(0);
    expect(noiseMemoryBytes()).toBe(0);
    expect(distanceMemoryBytes()).toBe(0);
    expect(scratchBytes()).toBeLessThan(4 * n * n);
    const small = Float32Array.of(3, 1, 2);
    const order = new Uint32Array(3);
    argsortFloat32(small, new Float32Array(3), order);
    expect([...order]).toEqual([1, 2, 0]);
    expect(kernelMemoryBytes()).toBeLessThan(20 * 128 * 128 + 2 ** 20 + 65536);
  });
});

describe('cell-by-cell kernels', () => {
  // Each against its formula written plainly in JS on doubles: the WebAssembly does the same
  // operations in the same order, so the Float32 results are equal bit for bit. Odd sizes
  // exercise the last pair of cells; NaN, ±∞ and unwired inputs the edge cases.
  const sizes = [1, 7, 33];
  function grid(n: number, seed: number, spread = 2): Float32Array {
    const rand = rng(seed);
    return Float32Array.from({ length: n * n }, (_, i) =>
      i === 3 ? NaN : i === 5 ? Infinity : i === 6 ? -Infinity : (rand() - 0.5) * spread,
    );
  }
  const sat = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
  /** Equal bits, except that a NaN is a NaN whatever its sign and payload. */
  function expectBits(actual: Float32Array, expected: (i: number) => number): void {
    const want = Float32Array.from(actual, (_, i) => expected(i));
    const bits = (a: Float32Array) => [...new Uint32Array(a.buffer)].map((b, i) => (Number.isNaN(a[i]) ? 'NaN' : b));
    expect(bits(actual)).toEqual(bits(want));
  }

  it.each(sizes)('combine: every mode, wired and unwired, at %i²', async (n) => {
    const { combineKernel, COMBINE_MODES } = await import('../nodes/combine.ts');
    const [b, s, d] = [grid(n, 1), grid(n, 2), grid(n, 3)];
    const formulas: Record<string, (b: number, s: number, d: number) => number> = {
      terrain: (b, s, d) => b + s * d,
      add: (b, _s, d) => b + d,
      multiply: (b, s) => b * s,
      min: (b, _s, d) => Math.min(b, d),
      max: (b, _s, d) => Math.max(b, d),
      lerp: (b, s, d) => b + (d - b) * s,
    };
    for (const mode of COMBINE_MODES) {
      const cases: [Float32Array | null, Float32Array | null, Float32Array | null][] = [[b, s, d], [null, s, d], [b, null, null]];
      for (const wired of cases) {
        const out = new Float32Array(n * n);
        combineKernel(mode, wired[0], wired[1], wired[2], out);
        expectBits(out, (i) => formulas[mode](wired[0]?.[i] ?? 0, wired[1]?.[i] ?? 1, wired[2]?.[i] ?? 0));
      }
    }
  });

  it.each(sizes)('curve: segments, ends, steps and NaN at %i²', async (n) => {
    const { applyCurve } = await import('../nodes/curve.ts');
    const points: [number, number][] = [[-0.8, -1], [-0.2, 0.3], [0.1, 0.3], [0.1, 0.9], [0.7, 1.2]];
    const input = grid(n, 4, 2.4);
    const out = new Float32Array(n * n);
    applyCurve(input, points, out);
    expectBits(out, (i) => {
      const v = input[i];
      if (v < points[0][0]) return points[0][1];
      if (v >= points[points.length - 1][0]) return points[points.length - 1][1];
      if (Number.isNaN(v)) return NaN;
      let k = 1;
      while (points[k][0] <= v) k++;
      const [x0, y0] = points[k - 1];
      const [x1, y1] = points[k];
      return y0 + ((v - x0) / (x1 - x0)) * (y1 - y0);
    });
  });

  it.each(sizes)('temperature and moisture: their formulas, with and without inputs, at %i²', async (n) => {
    const { temperatureKernel } = await import('../nodes/temperature.ts');
    const { moistureKernel } = await import('../nodes/moisture.ts');
    const { cellY, POLE_DISTANCE } = await import('../src/grid.ts');
    const domain: Domain = { x0: 0.3, y0: 7.5, extent: 1, n };
    const [rank, noise, air] = [grid(n, 5, 1).map(Math.abs), grid(n, 6), grid(n, 7, 1).map(Math.abs)];
    const coast = grid(n, 8, 40).map(Math.abs);
    const tp = { base: 0.4, lapse: 0.3, latitude: 1, coastMod: 0.062, tempNoise: 0.15 };
    const mp = { moistNoise: 0.285, coastBonus: 0.355, decay: 0.274, strength: 0.583 };
    for (const wired of [true, false]) {
      const t = new Float32Array(n * n);
      temperatureKernel(domain, tp, wired ? rank : null, coast, wired ? noise : null, t);
      expectBits(t, (i) => {
        const lat = Math.min(1, Math.abs(cellY(domain, Math.floor(i / n))) / POLE_DISTANCE);
        let v = tp.base - tp.latitude * lat;
        if (wired) v -= tp.lapse * rank[i];
        v += tp.coastMod / (1 + coast[i]);
        if (wired) v += tp.tempNoise * ((noise[i] + 1) * 0.5 - 0.5);
        return sat(v);
      });
      for (const decay of [mp.decay, 0]) {
        const m = new Float32Array(n * n);
        moistureKernel({ ...mp, decay }, wired ? noise : null, coast, wired ? air : null, m);
        expectBits(m, (i) => {
          let v = mp.moistNoise * (wired ? sat((noise[i] + 1) * 0.5) : 0.5);
          if (coast[i] !== Infinity) v += mp.coastBonus / (1 + coast[i] * decay);
          if (wired) v += mp.strength * air[i];
          return sat(v);
        });
      }
    }
  });

  it.each(sizes)('coast sites: below the level, NaN not, at %i²', (n) => {
    const h = grid(n, 9);
    const level = 0.1; // not a Float32: the comparison is on doubles
    const viaSites = new Float32Array(n * n);
    wasmDistance(viaSites, n, Uint8Array.from(h, (v) => (v < level ? 1 : 0)), 3);
    const direct = new Float32Array(n * n);
    distanceToBelow(direct, square(n), h, level, 3);
    expect(direct).toEqual(viaSites);
  });
});
