// The fBm noise: pinned values for a fixed seed, the SIMD kernel against its plain reference,
// bounds, and the spread the SPEC describes.
import { describe, expect, it } from 'vitest';
import { fbmGrid, fbmGridReference, fbmRows, fbmTableRows, keepLatticeTerms, octaveGridReference, octaveTables, packTables, simplex2, unpackTables } from '../src/kernels/noise.ts';
import { CHUNK_CELLS, setChunkCells } from '../src/kernels/wasm/lazy-module.ts';
import { latticeTables, wasmOctaveGrid } from '../src/kernels/wasm/noise-instance.ts';

describe('fBm noise', () => {
  // The numbers are the product's own on every machine: integer hashing, IEEE add and multiply
  // in a fixed order, no fused or approximate operations. A change to hashing, octaves or
  // arithmetic shows here. (They moved in the 7th digit when the corners went to Float32, and
  // again, by at most 1.2e-7, when the lattice offsets and the octave sum did.)
  it('gives the pinned golden values for seed 1234, in the SIMD kernel and in the plain reference', () => {
    const domain = { x0: 0.3, y0: -1.7, extent: 1, n: 4 };
    const settings = { seed: 1234, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 };
    const golden = [
      0.02579762041568756, -0.1830495297908783, -0.20446646213531494, 0.35904860496520996, -0.2384810447692871, 0.2964541018009186,
      -0.10524444282054901, 0.024783246219158173, 0.09369691461324692, -0.534378170967102, 0.31610676646232605, -0.1883874386548996,
      -0.2819362282752991, 0.5242266654968262, -0.2342233508825302, -0.09551509469747543,
    ];
    const simd = new Float32Array(16);
    const plain = new Float32Array(16);
    fbmGrid(simd, domain, settings);
    fbmGridReference(plain, domain, settings);
    expect([...simd]).toEqual(golden);
    expect([...plain]).toEqual(golden);
    expect([simplex2(0, 0.5, 0.5), simplex2(1, 10.25, -3.75), simplex2(-7, 1e3 + 0.1, 2e3 + 0.3)]).toEqual([
      -0.30221346765756607, 0.21449780091643333, -0.6990348547697067,
    ]);
  });

  it.each([
    [1, { x0: 0, y0: 0, extent: 1, n: 1 }],
    [97, { x0: -3.3, y0: 7.1, extent: 1, n: 97 }],
    [130, { x0: 1234.5, y0: -987.25, extent: 16, n: 130 }],
  ])('matches the plain reference bit for bit at %i² (lanes past the edge, far coordinates)', (n, domain) => {
    for (const settings of [
      { seed: 42, frequency: 3, octaves: 5, lacunarity: 2.1, gain: 0.55 },
      { seed: 2147483647, frequency: 64, octaves: 10, lacunarity: 4, gain: 1 },
      { seed: 0, frequency: 0.05, octaves: 1, lacunarity: 1, gain: 0 },
    ]) {
      const simd = new Float32Array(n * n);
      const plain = new Float32Array(n * n);
      fbmGrid(simd, domain, settings);
      fbmGridReference(plain, domain, settings);
      expect(simd).toEqual(plain);
    }
  });

  it('reads the gradients from its caches, from lattice tables or by hashing each corner, with the same bits every way', () => {
    // 1.5 cycles over 256 cells: on the coarse octaves blocks of four cells nearly always share a
    // lattice cell and the row leaves each lattice cell after dozens of blocks (the caches, and
    // the blocks across a lattice line read the table); the next four read a table of the
    // lattice points their rows reach for every block, the finest hashes (its table would hold
    // more points than the cells); far from the origin too, whole and in a band.
    const n = 256;
    const settings = { seed: 5, frequency: 1.5, octaves: 8, lacunarity: 2, gain: 0.6 };
    const tabled = (plan: Int32Array) => Array.from({ length: settings.octaves }, (_, o) => plan[6 * o] >= 0);
    for (const domain of [{ x0: 0.1, y0: -0.4, extent: 1, n }, { x0: -31004.7, y0: 5120.3, extent: 1, n }]) {
      const t = octaveTables(domain, settings);
      expect([...t.shared]).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
      const ways = [true, true, true, true, true, true, true, false];
      expect(tabled(latticeTables(t, 0, t.octaves, 0, n).plan)).toEqual(ways);
      expect(tabled(latticeTables(t, 0, t.octaves, 40, 90).plan)).toEqual(ways);
      const simd = new Float32Array(n * n);
      const plain = new Float32Array(n * n);
      fbmGrid(simd, domain, settings);
      fbmGridReference(plain, domain, settings);
      expect(simd).toEqual(plain);
      const band = new Float32Array(50 * n);
      fbmRows(band, domain, settings, 40, 90);
      expect(band).toEqual(plain.subarray(40 * n, 90 * n));
    }
  });

  it('reads lattice tables across the wrap of the lattice coordinates at 2³¹, with the same bits', () => {
    // Far east the columns' integer terms pass 2³¹ − 1 and wrap to −2³¹ within a row: the table's
    // box is measured by wrapping differences, as the kernel adds the terms.
    const n = 60;
    const x0 = 2 ** 31 / ((1 + (Math.sqrt(3) - 1) / 2) * 8) - 0.2;
    const domain = { x0, y0: x0, extent: 0.5, n };
    const settings = { seed: 11, frequency: 8, octaves: 2, lacunarity: 1.5, gain: 0.5 };
    const t = octaveTables(domain, settings);
    expect(t.cols[0]).toBeGreaterThan(2 ** 31 - 100);
    expect(t.cols[((n - 1) >> 2) * 16 + ((n - 1) & 3)]).toBeLessThan(-(2 ** 31) + 100);
    const { plan } = latticeTables(t, 0, t.octaves, 0, n);
    expect([plan[0] >= 0, plan[6] >= 0]).toEqual([true, true]);
    const simd = new Float32Array(n * n);
    const plain = new Float32Array(n * n);
    fbmGrid(simd, domain, settings);
    fbmGridReference(plain, domain, settings);
    expect(simd).toEqual(plain);
    // And on the cached path: a coarse octave whose rows cross the wrap.
    const coarse = { seed: 11, frequency: 0.5, octaves: 1, lacunarity: 2, gain: 0.5 };
    const near = { x0: 2 ** 31 / ((1 + (Math.sqrt(3) - 1) / 2) * 0.5) - 0.2, y0: 0, extent: 0.5, n };
    const tc = octaveTables(near, coarse);
    expect([tc.shared[0], tc.cols[0] > 2 ** 31 - 100, tc.cols[((n - 1) >> 2) * 16 + ((n - 1) & 3)] < -(2 ** 31) + 100]).toEqual([1, true, true]);
    fbmGrid(simd, near, coarse);
    fbmGridReference(plain, near, coarse);
    expect(simd).toEqual(plain);
  });

  it('matches the plain reference bit for bit on 300 random domains and settings, most octaves on the cached path', () => {
    // The cached path follows each row's lattice cells by their growth along the row (one lane's
    // test a block): any domain, near or far (past the wrap at 2³¹ too), any step below the
    // cache's threshold, odd sizes, whole and in bands; with a negative frequency the columns'
    // terms fall along the row instead, and a block's cells still lie between its neighbours'.
    let state = 20261204;
    const random = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
    let cachedOctaves = 0;
    for (let k = 0; k < 300; k++) {
      const n = 1 + Math.floor(random() * 72);
      const far = [0, 1, 1e3, 1e6, 2 ** 31 / 1.366 / 2][Math.floor(random() * 5)];
      const domain = { x0: (random() - 0.5) * 2 * far, y0: (random() - 0.5) * 2 * far, extent: 0.01 + random() * 3, n };
      const settings = { seed: Math.floor(random() * 2 ** 31), frequency: (random() < 0.1 ? -1 : 1) * (0.05 + (random() * random() * (0.05 * n)) / domain.extent), octaves: 1 + Math.floor(random() * 4), lacunarity: 1 + random() * 2, gain: random() };
      cachedOctaves += octaveTables(domain, settings).shared.reduce((a, b) => a + b, 0);
      const simd = new Float32Array(n * n);
      const plain = new Float32Array(n * n);
      fbmGrid(simd, domain, settings);
      fbmGridReference(plain, domain, settings);
      expect(simd, `domain ${JSON.stringify(domain)}, settings ${JSON.stringify(settings)}`).toEqual(plain);
      const [r0, r1] = [Math.floor(random() * n), n];
      const band = new Float32Array((r1 - r0) * n);
      fbmRows(band, domain, settings, r0, r1);
      expect(band).toEqual(plain.subarray(r0 * n, r1 * n));
    }
    expect(cachedOctaves).toBeGreaterThan(300);
  });

  it('ends a lattice cell on the cached path exactly where a fraction starts to carry, to the last bit', () => {
    // Column fractions one Float32 step apart around the least one that carries with the row's
    // fraction (f + r ≥ 1 in Float32), the carry starting at each lane in turn, in u and in v.
    const bits = new Int32Array(1);
    const float = new Float32Array(bits.buffer);
    const step = (x: number, k: number) => ((float[0] = x), (bits[0] += k), float[0]);
    const carriesFrom = (r: number) => {
      let t = Math.fround(1 - r);
      while (Math.fround(step(t, -1) + r) >= 1) t = step(t, -1);
      while (Math.fround(t + r) < 1) t = step(t, 1);
      return t;
    };
    const n = 8;
    for (const r of [0.5, 0.25, 0.7071067690849304, 0.000123, 0.9999, 0.3333333432674408, 0.1]) {
      for (let p = 0; p < n; p++) {
        const cols = new Int32Array(4 * n);
        const colFracs = new Float32Array(cols.buffer);
        const rows = new Int32Array(4 * n);
        const rowFracs = new Float32Array(rows.buffer);
        const [tu, tv] = [carriesFrom(r), carriesFrom(Math.fround(1 - r))];
        for (let c = 0; c < n; c++) {
          const w = (c >> 2) * 16 + (c & 3);
          [cols[w], colFracs[w + 4], cols[w + 8], colFracs[w + 12]] = [5, step(tu, c - p), -9, step(tv, c - ((p + 3) % n))];
        }
        for (let row = 0; row < n; row++) [rows[4 * row], rowFracs[4 * row + 1], rows[4 * row + 2], rowFracs[4 * row + 3]] = [row, r, -row, Math.fround(1 - r)];
        const t = { n, octaves: 1, colWords: 4 * n, cols, colFracs, rows, rowFracs, seeds: new Int32Array([3]), scales: new Float64Array([80]), weights: new Float32Array([1]), shared: new Int32Array([1]) };
        expect(wasmOctaveGrid(t, 0, 80).slice(), `r ${r}, carry from column ${p}`).toEqual(octaveGridReference(t, 0, 80));
      }
    }
  });

  it('gives each octave alone (for the ridged and billow folds) as the plain rows do, bit for bit', () => {
    const n = 53;
    const t = octaveTables({ x0: -40.2, y0: 3.3, extent: 2, n }, { seed: 99, frequency: 5, octaves: 3, lacunarity: 2.5, gain: 0.5 });
    for (let o = 0; o < t.octaves; o++) expect(wasmOctaveGrid(t, o, 80).slice()).toEqual(octaveGridReference(t, o, 80));
  });

  it('computes any band of rows as the same bits as the whole grid', () => {
    const domain = { x0: 0.25, y0: -0.5, extent: 1, n: 61 };
    const settings = { seed: 7, frequency: 4, octaves: 4, lacunarity: 2, gain: 0.5 };
    const whole = new Float32Array(61 * 61);
    fbmGrid(whole, domain, settings);
    for (const [r0, r1] of [[0, 1], [5, 33], [33, 61], [60, 61]]) {
      const band = new Float32Array((r1 - r0) * 61);
      fbmRows(band, domain, settings, r0, r1);
      expect(band).toEqual(whole.subarray(r0 * 61, r1 * 61));
    }
  });

  // Its rows are moved in the module's memory to where their copy's destination lies modulo 8
  // (noise-instance.ts: V8 copies shared memory word by word only so): an odd width in chunks
  // of three rows, into a band at an odd cell, starts every other chunk 4 bytes off.
  it('keeps a domain\'s lattice terms only for that domain and those frequencies, the same as made anew', () => {
    // The recent lattice terms are found by domain, frequency, lacunarity and octave count: each
    // of them changed alone must give its own terms. Asked in turn (so each finds the others
    // kept), then each again made anew, and the seed's and the gain's parts taken fresh either way.
    const base = { x0: 0.25, y0: -1.5, extent: 1.25, n: 37 };
    const s = { seed: 3, frequency: 2, octaves: 3, lacunarity: 2, gain: 0.5 };
    const cases = [
      [base, s], [{ ...base, x0: 0.5 }, s], [{ ...base, y0: 0 }, s], [{ ...base, extent: 2 }, s], [{ ...base, n: 36 }, s],
      [base, { ...s, frequency: 3 }], [base, { ...s, lacunarity: 2.5 }], [base, { ...s, octaves: 4 }], [base, { ...s, seed: 4, gain: 0.6 }],
    ] as const;
    const snapshot = (t: ReturnType<typeof octaveTables>) => [[...t.cols], [...t.colFracs], [...t.rows], [...t.rowFracs], [...t.shared], [...t.seeds], [...t.weights]];
    try {
      keepLatticeTerms(true);
      const kept = [0, 1].flatMap(() => cases.map(([d, settings]) => snapshot(octaveTables(d, settings))));
      const anew = cases.map(([d, settings]) => {
        keepLatticeTerms(false);
        return snapshot(octaveTables(d, settings));
      });
      expect(kept).toEqual([...anew, ...anew]);
    } finally {
      keepLatticeTerms(true);
    }
  });

  it('gives the same rows from its tables packed into a message and unpacked, as a worker gets them', () => {
    const domain = { x0: -0.3, y0: 0.7, extent: 1.5, n: 45 };
    const settings = { seed: 12, frequency: 3, octaves: 5, lacunarity: 2.1, gain: 0.55 };
    const whole = new Float32Array(45 * 45);
    fbmGrid(whole, domain, settings);
    const t = octaveTables(domain, settings);
    const posted = unpackTables(structuredClone(packTables(t)));
    for (const key of ['cols', 'colFracs', 'rows', 'rowFracs', 'seeds', 'scales', 'weights', 'shared'] as const) expect(posted[key], key).toEqual(t[key]);
    const band = new Float32Array(20 * 45);
    fbmTableRows(band, posted, 10, 30);
    expect(band).toEqual(whole.subarray(10 * 45, 30 * 45));
  });

  it('lays out each column\'s keys as the kernel reads them: per octave and column, the integer term over the fraction\'s bits, in u and in v', () => {
    const n = 23;
    const t = octaveTables({ x0: -3.7, y0: 2.2, extent: 0.8, n }, { seed: 5, frequency: 0.7, octaves: 3, lacunarity: 2.2, gain: 0.5 });
    const keys = t.keys!;
    const padded = (n + 3) & ~3;
    expect(keys.length).toBe(3 * padded * 4);
    const u64 = new BigUint64Array(keys.buffer, keys.byteOffset, keys.length / 2);
    const bits = new Uint32Array(t.colFracs.buffer, t.colFracs.byteOffset, t.colFracs.length);
    const key = (int: number, frac: number) => (BigInt(int >>> 0) << 32n) | BigInt(frac);
    for (let o = 0; o < 3; o++) {
      for (let c = 0; c < padded; c++) {
        const w = o * t.colWords + (c >> 2) * 16 + (c & 3);
        expect([u64[(o * padded + c) * 2], u64[(o * padded + c) * 2 + 1]], `octave ${o}, column ${c}`).toEqual([key(t.cols[w], bits[w + 4]), key(t.cols[w + 8], bits[w + 12])]);
      }
    }
  });

  it('copies its rows out at any alignment, the same bits', () => {
    const n = 61;
    const domain = { x0: 0.25, y0: -0.5, extent: 1, n };
    const settings = { seed: 7, frequency: 4, octaves: 3, lacunarity: 2, gain: 0.5 };
    const whole = new Float32Array(n * n);
    fbmGrid(whole, domain, settings);
    const shipped = CHUNK_CELLS;
    setChunkCells(3 * n);
    try {
      for (const skip of [0, 1]) {
        const band = new Float32Array(skip + 28 * n).subarray(skip);
        fbmRows(band, domain, settings, 5, 33);
        expect(band).toEqual(whole.subarray(5 * n, 33 * n));
      }
    } finally {
      setChunkCells(shipped);
    }
  });

  it('gives different fields for different seeds and the same field for the same seed', () => {
    const d = { x0: 0, y0: 0, extent: 1, n: 32 };
    const s = { seed: 5, frequency: 3, octaves: 3, lacunarity: 2, gain: 0.5 };
    const a = new Float32Array(32 * 32);
    const b = new Float32Array(32 * 32);
    const c = new Float32Array(32 * 32);
    fbmGrid(a, d, s);
    fbmGrid(b, d, s);
    fbmGrid(c, d, { ...s, seed: 6 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('stays within [−1, 1], averages near 0, lies within ±0.5 nearly everywhere and past ±0.6 almost never', () => {
    const n = 256;
    const out = new Float32Array(n * n);
    fbmGrid(out, { x0: -3, y0: 5, extent: 4, n }, { seed: 77, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 });
    let within = 0;
    let beyond = 0;
    let sum = 0;
    for (const v of out) {
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      if (Math.abs(v) <= 0.5) within++;
      if (Math.abs(v) > 0.6) beyond++;
      sum += v;
    }
    expect(Math.abs(sum / out.length)).toBeLessThan(0.05);
    expect(within / out.length).toBeGreaterThan(0.93);
    expect(beyond / out.length).toBeLessThan(0.02);
  });

  it('samples world coordinates: a view and its half overlap cell for cell', () => {
    const s = { seed: 9, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 };
    const whole = new Float32Array(64 * 64);
    const east = new Float32Array(32 * 32);
    fbmGrid(whole, { x0: 0, y0: 0, extent: 1, n: 64 }, s);
    fbmGrid(east, { x0: 0.5, y0: 0, extent: 0.5, n: 32 }, s);
    for (let r = 0; r < 32; r++) for (let c = 0; c < 32; c++) expect(east[r * 32 + c]).toBeCloseTo(whole[r * 64 + 32 + c], 5);
  });
});
