// Kernel invariants of the coast distance: exact Euclidean distance to water up to a cap, in bands, against brute force.
import { describe, expect, it } from 'vitest';
import { coastDistance } from '../nodes/coast.ts';
import { cellLength256 } from '../src/grid.ts';
import { distanceBand, distanceCells, distanceGrid } from '../src/kernels/distance.ts';
import { float32Above, wasmSameSites } from '../src/kernels/wasm/distance-instance.ts';
import { CHUNK_CELLS, setChunkCells } from '../src/kernels/wasm/lazy-module.ts';
import { rng } from './helpers/graphs.ts';

const shipped = CHUNK_CELLS;
import { domainOf, terrainOf } from './helpers/terrain.ts';
import { createEngine } from '../src/engine/engine.ts';
import { evaluated, grab, loadGraph } from './helpers/graphs.ts';

describe('coast distance', () => {
  it.each([
    [17, 0.02, 1],
    [40, 0.1, 2],
    [64, 0.3, 3],
    [64, 0.7, 4],
    [33, 0.002, 5],
  ])('equals brute-force Euclidean distance on a random %i² mask with %f water', (n, share, seed) => {
    const rand = rng(seed);
    const h = new Float32Array(n * n);
    for (let i = 0; i < h.length; i++) h[i] = rand() < share ? -1 : 1;
    const d = domainOf(n);
    const out = new Float32Array(n * n);
    coastDistance(terrainOf(h), d, out);
    const unit = cellLength256(d);
    const water: [number, number][] = [];
    for (let i = 0; i < h.length; i++) if (h[i] < 0) water.push([Math.floor(i / n), i % n]);
    let maxErr = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let best = Infinity;
        for (const [wr, wc] of water) best = Math.min(best, (wr - r) ** 2 + (wc - c) ** 2);
        maxErr = Math.max(maxErr, Math.abs(Math.sqrt(best) * unit - out[r * n + c]));
      }
    }
    expect(water.length).toBeGreaterThan(0);
    expect(maxErr).toBeLessThan(1e-4);
  });

  it.each([
    [48, 0.05, 6, 3],
    [60, 0.3, 7, 5],
    [41, 0.6, 8, 1.5],
    [50, 0.01, 9, 40],
  ])('capped, on a window inside a %i² mask with %f water: the brute-force distance clamped to the cap, bit for bit', (m, share, seed, capCells) => {
    // Sea in open runs (most sites have sites above and below, which the column pass leaves
    // out) and in single cells, and a cap that makes many row distances "too far".
    const rand = rng(seed);
    const h = new Float32Array(m * m);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) h[r * m + c] = rand() < share || (c > m / 3 && c < m / 2 && r > 5) ? -1 : 1;
    const n = m - 10;
    const [dc, dr] = [4, 6];
    const unit = 256 / n;
    const cap = capCells * unit;
    const out = new Float32Array(n * n);
    const water = new Uint8Array(m * m);
    distanceCells('', { below: h, level: 0 }, m, dc, dr, n, unit, cap, out, water);
    const sites: [number, number][] = [];
    for (let i = 0; i < h.length; i++) if (h[i] < 0) sites.push([Math.floor(i / m), i % m]);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let best = Infinity;
        for (const [wr, wc] of sites) best = Math.min(best, (wr - r - dr) ** 2 + (wc - c - dc) ** 2);
        const e = Math.fround(Math.sqrt(best) * unit);
        expect(out[r * n + c]).toBe(e > cap ? Math.fround(cap) : e);
      }
    }
    expect([...water]).toEqual([...h].map((v) => (v < 0 ? 1 : 0)));
  });

  it.each([
    [90, 6, 0.02, 9],
    [77, Infinity, 0.01, 3],
    [64, 20, 0.05, 2],
  ])('on a %i² grid with cap %f cells, cut into bands of rows any way, gives the bits of one band', (m, capCells, share, seed) => {
    // Each band reads the rows within the cap of its own (all of them uncapped) and writes the
    // water of its rows, the first also of the rows above the output, the last below. Runs of
    // land between sea rows make column distances that rise and fall along a row (peaks the
    // envelope leaves out); lone sites far apart leave rows with no site within the cap.
    const rand = rng(seed);
    const h = new Float32Array(m * m);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) h[r * m + c] = rand() < share || (r % 23 === 0 && c % 7 !== 3) || (c > m / 2 && c < m / 2 + 4 && r % 5 !== 0) ? -1 : 1;
    const [dc, dr, n] = [5, 7, m - 12];
    const unit = 256 / n;
    const cap = capCells * unit;
    const whole = new Float32Array(n * n);
    const wholeWater = new Uint8Array(m * m);
    distanceBand(distanceGrid({ below: h, level: 0 }, m, dc, dr, n, unit, cap, whole, wholeWater), 0, n);
    // The brute force first, so the band cut is compared with the right answer.
    const sites: [number, number][] = [];
    for (let i = 0; i < h.length; i++) if (h[i] < 0) sites.push([Math.floor(i / m), i % m]);
    let wrong = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let best = Infinity;
        for (const [wr, wc] of sites) best = Math.min(best, (wr - r - dr) ** 2 + (wc - c - dc) ** 2);
        const e = Math.fround(Math.sqrt(best) * unit);
        if (whole[r * n + c] !== (e > cap ? Math.fround(cap) : e)) wrong++;
      }
    }
    expect(wrong).toBe(0);
    for (const cuts of [[0, 1, n], [0, 3, 4, 40, n - 1, n], [0, 17, 18, 19, 50, n]]) {
      const out = new Float32Array(n * n).fill(NaN);
      const water = new Uint8Array(m * m).fill(7);
      const args = distanceGrid({ below: h, level: 0 }, m, dc, dr, n, unit, cap, out, water);
      // Bands in no particular order, as threads take them.
      for (let k = cuts.length - 2; k >= 0; k--) distanceBand(args, cuts[k], cuts[k + 1]);
      expect(Buffer.from(out.buffer).equals(Buffer.from(whole.buffer))).toBe(true);
      expect(water).toEqual(wholeWater);
    }
  });

  it.each([
    [75, 0.25, 20, 75],
    [70, 1, Infinity, 70],
    [61, 4, 9, 61],
    [66, 0.5, 5, 20],
  ])('on a %i² grid in units of %f (a power of two: Float32 roots) with cap %f cells, sea in its first %i rows, the brute-force bits, whole and in bands', (m, unit, capCells, seaRows) => {
    // Squared distances are integers below 2²⁴: their Float32 roots × a power of two are the
    // Float64 ones rounded to Float32. Output widths that are not a multiple of 4 (the last
    // columns one at a time), segments that end anywhere in a vector, and rows with no sea
    // within the cap (the cap everywhere).
    const rand = rng(m);
    const h = new Float32Array(m * m);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) h[r * m + c] = r < seaRows && (rand() < 0.02 || (r % 29 === 3 && c % 9 !== 4) || (c > m / 3 && c < m / 3 + 3 && r % 7 !== 0)) ? -1 : 1;
    const [dc, dr, n] = [3, 6, m - 9];
    const cap = capCells * unit;
    const sites: [number, number][] = [];
    for (let i = 0; i < h.length; i++) if (h[i] < 0) sites.push([Math.floor(i / m), i % m]);
    const expected = new Float32Array(n * n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        let best = Infinity;
        for (const [wr, wc] of sites) best = Math.min(best, (wr - r - dr) ** 2 + (wc - c - dc) ** 2);
        const e = Math.fround(Math.sqrt(best) * unit);
        expected[r * n + c] = e > cap ? Math.fround(cap) : e;
      }
    }
    for (const cuts of [[0, n], [0, 1, 2, 9, 30, n]]) {
      const out = new Float32Array(n * n).fill(NaN);
      const args = distanceGrid({ below: h, level: 0 }, m, dc, dr, n, unit, cap, out);
      for (let k = 0; k + 1 < cuts.length; k++) distanceBand(args, cuts[k], cuts[k + 1]);
      let wrong = 0;
      for (let i = 0; i < out.length; i++) if (!Object.is(out[i], expected[i])) wrong++;
      expect(wrong, `cut at ${cuts}`).toBe(0);
    }
  });

  it('on a grid wider than 2896 cells keeps the Float64 roots, the unit a power of two or not', () => {
    // One sea cell in the corner of a 3000² grid: in the window at the far corner the squared
    // distances pass 2²⁴, where a Float32 sum of squares rounds (the Float32 roots are exact only
    // below it): the Float64 root rounded once to Float32 is the bits.
    const m = 3000;
    const h = new Float32Array(m * m).fill(1);
    h[0] = -1;
    const [dc, dr, n] = [m - 130, m - 131, 130];
    for (const unit of [1, 0.5, 0.3]) {
      const out = new Float32Array(n * n).fill(NaN);
      distanceBand(distanceGrid({ below: h, level: 0 }, m, dc, dr, n, unit, Infinity, out), 0, n);
      let wrong = 0;
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!Object.is(out[r * n + c], Math.fround(Math.sqrt((r + dr) ** 2 + (c + dc) ** 2) * unit))) wrong++;
      expect(wrong, `unit ${unit}`).toBe(0);
    }
  });

  it.each([
    [90, 6],
    [77, Infinity],
  ])('on a %i² grid with cap %f cells, takes its heights or sites in a few rows at a time with the bits of all at once', (m, capCells) => {
    const rand = rng(m);
    const h = Float32Array.from({ length: m * m }, (_, i) => (rand() < 0.03 || (Math.floor(i / m) % 19 === 0 && i % 5 !== 0) ? -1 : 1));
    const sites = Uint8Array.from(h, (v) => (v < 0 ? 1 : 0));
    const [dc, dr, n] = [5, 7, m - 12];
    const unit = 256 / n;
    const run = (from: { below: Float32Array; level: number } | { sites: Uint8Array }) => {
      const out = new Float32Array(n * n);
      const water = new Uint8Array(m * m);
      const args = distanceGrid(from, m, dc, dr, n, unit, capCells * unit, out, water);
      for (const [r0, r1] of [[0, 20], [20, 21], [21, n]]) distanceBand(args, r0, r1);
      return [Buffer.from(out.buffer), Buffer.from(water.buffer)];
    };
    try {
      for (const from of [{ below: h, level: 0 }, { sites }]) {
        setChunkCells(0);
        const whole = run(from);
        // A row at a time, three rows and a bit (three rows), more rows than a band reads.
        for (const chunk of [1, 3 * m + 1, 200 * m]) {
          setChunkCells(chunk);
          expect(run(from), `${chunk} cells a chunk`).toEqual(whole);
        }
      }
    } finally {
      setChunkCells(shipped);
    }
  });

  it('compares heights with a level that is no Float32 as the double comparison does', () => {
    // Levels that round down to Float32, up, exactly, and past the Float32 range; heights at
    // the Float32 just below and just above each level.
    const levels = [0.7, 0.3, 0.1, -0.7, -0.3, 1 / 3, 0.5, 1e-46, -1e-46, 3.5e38, -3.5e38, Infinity, NaN];
    for (const level of levels) {
      const t = float32Above(level);
      const near = [Math.fround(level), t, -t, 0, -0, Math.fround(level * (1 - 1e-7)), Math.fround(level * (1 + 1e-7)), NaN, Infinity, -Infinity];
      for (const h of near.map(Math.fround)) expect([level, h, h < t]).toEqual([level, h, h < level]);
    }
    // A cell exactly at the Float32 just under a level that rounds down is water.
    const level = 0.7;
    expect(Math.fround(level) < level).toBe(true);
    const m = 40;
    const h = new Float32Array(m * m).fill(1);
    h[20 * m + 20] = Math.fround(level);
    const out = new Float32Array(m * m);
    distanceCells('', { below: h, level }, m, 0, 0, m, 1, Infinity, out);
    expect(out[20 * m + 20]).toBe(0);
    expect(out[20 * m + 23]).toBe(3);
  });

  it('knows whether a grid has the water cells of a record, wherever a cell differs', () => {
    const rand = rng(5);
    for (const cells of [0, 1, 15, 16, 17, 1000, 300_001]) {
      const level = 0.7;
      const h = Float32Array.from({ length: cells }, (_, i) => (i % 11 === 0 ? NaN : i % 13 === 0 ? Math.fround(level) : rand() * 2 - 1));
      const water = Uint8Array.from(h, (v) => (v < level ? 1 : 0));
      expect(wasmSameSites(h, level, water)).toBe(true);
      for (const at of [0, cells >> 1, cells - 1].filter((i) => i >= 0 && i < cells)) {
        water[at] ^= 1;
        expect(wasmSameSites(h, level, water)).toBe(false);
        water[at] ^= 1;
      }
    }
    expect(wasmSameSites(new Float32Array(4), 0, new Uint8Array(5))).toBe(false);
  });

  it('is infinite everywhere when no water is in view, and 0 on water', () => {
    const n = 16;
    const out = new Float32Array(n * n);
    coastDistance(terrainOf(new Float32Array(n * n).fill(1)), domainOf(n), out);
    expect([...out].every((v) => v === Infinity)).toBe(true);
    const h = new Float32Array(n * n).fill(1);
    h[5 * n + 7] = -1;
    coastDistance(terrainOf(h), domainOf(n), out);
    expect(out[5 * n + 7]).toBe(0);
    expect(out[5 * n + 10]).toBeCloseTo(3 * 16, 4); // 3 cells of a 16 map = 48 cells of a 256 map
  });
});

describe('the coast node across a change of its cap', () => {
  it('measures again without a cap, where it copied the distances measured with one', () => {
    // The same water cells with the cap set to 0: the last result, clipped at the cap and
    // seeing water in the halo, was copied (5718 of 65536 cells off at 256², a review found).
    const g = loadGraph('default.json');
    const e = createEngine(g, { size: 64 });
    e.evaluate();
    e.setParam('coast', 'cap', 0);
    e.evaluate();
    const fresh = structuredClone(g);
    fresh.nodes.find((n) => n.id === 'coast')!.params.cap = 0;
    expect(grab(e, 'coast')).toEqual(grab(evaluated(fresh, 64), 'coast'));
    // And back: the capped path keys its own reuse.
    e.setParam('coast', 'cap', 32);
    e.evaluate();
    expect(grab(e, 'coast')).toEqual(grab(evaluated(g, 64), 'coast'));
  });
});
