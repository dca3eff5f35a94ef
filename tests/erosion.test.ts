// Erosion kernels: zero iterations is the identity, the sediment books balance, the same seed
// gives the same bits, and thermal erosion settles slopes without losing material.
import { describe, expect, it } from 'vitest';
import { hash32, hydraulicErosion, hydraulicErosionJs, type HydraulicParams } from '../src/kernels/hydraulic.ts';
import { hydraulicBytes } from '../src/kernels/wasm/hydraulic-instance.ts';
import { thermalErosion } from '../src/kernels/thermal.ts';
import { evaluated, grab, loadGraph } from './helpers/graphs.ts';

const N = 97;
const start = grab(evaluated(loadGraph('default.json'), N), 'height');

const PARAMS: HydraulicParams = {
  droplets: 0.45,
  seed: 3,
  inertia: 0.05,
  capacity: 4,
  minCapacity: 0.01,
  erosion: 0.3,
  deposition: 0.3,
  evaporation: 0.02,
  gravity: 4,
  radius: 3,
  lifetime: 30,
  heightScale: N / 16,
};

function erode(height: Float32Array, p: HydraulicParams) {
  const out = new Float32Array(height.length);
  const wear = new Float32Array(height.length);
  const deposit = new Float32Array(height.length);
  const books = hydraulicErosion(height, N, p, out, wear, deposit);
  return { out, wear, deposit, books };
}

function sum(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

describe('hydraulic erosion', () => {
  it('with zero droplets returns the heights bit for bit, with no wear or deposit', () => {
    const { out, wear, deposit, books } = erode(start, { ...PARAMS, droplets: 0 });
    expect(Buffer.from(out.buffer).equals(Buffer.from(start.buffer))).toBe(true);
    expect(Math.max(...wear, ...deposit)).toBe(0);
    expect(books.steps).toBe(0);
  });

  it('balances the sediment: worn away = deposited + carried off the map, to 1e-6', () => {
    const { out, wear, deposit, books } = erode(start, PARAMS);
    expect(books.eroded).toBeGreaterThan(0);
    expect(books.carriedOff).toBeGreaterThan(0); // droplets near the edge do leave
    const eroded = sum(wear);
    const deposited = sum(deposit);
    expect(Math.abs(eroded - books.eroded) / books.eroded).toBeLessThan(1e-6);
    expect(Math.abs(eroded - (deposited + books.carriedOff)) / eroded).toBeLessThan(1e-6);
    // And the heights agree with the books: what the map lost is what was carried off.
    const lost = sum(start) - sum(out);
    expect(Math.abs(lost - books.carriedOff)).toBeLessThan(1e-6 * eroded + 1e-4);
  });

  it('keeps every carried grain on the map when droplets stop inside it', () => {
    // Short-lived droplets in the middle of a bowl never reach the edge.
    const bowl = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) bowl[r * N + c] = ((r - 48) ** 2 + (c - 48) ** 2) / 4000;
    const { wear, deposit, books } = erode(bowl, { ...PARAMS, lifetime: 4 });
    expect(books.eroded).toBeGreaterThan(0);
    expect(Math.abs(sum(wear) - sum(deposit)) / sum(wear)).toBeLessThan(1e-6);
  });

  it('wears the ground where water gathers and changes it only by the books', () => {
    const { out, wear, deposit } = erode(start, PARAMS);
    let changed = 0;
    for (let i = 0; i < start.length; i++) {
      expect(Number.isFinite(out[i])).toBe(true);
      expect(wear[i]).toBeGreaterThanOrEqual(0);
      expect(deposit[i]).toBeGreaterThanOrEqual(0);
      expect(Math.abs(out[i] - (start[i] - wear[i] + deposit[i]))).toBeLessThan(1e-5);
      if (out[i] !== start[i]) changed++;
    }
    expect(changed / start.length).toBeGreaterThan(0.2);
  });

  it('gives the same bits for the same seed and others for another seed', () => {
    const a = erode(start, PARAMS).out;
    const b = erode(start, PARAMS).out;
    const c = erode(start, { ...PARAMS, seed: 4 }).out;
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Buffer.from(a.buffer).equals(Buffer.from(c.buffer))).toBe(false);
  });

  it('speeds a droplet up as it runs down: a long even slope is worn more on its lower half', () => {
    // With v² + drop × gravity (the drop negative downhill), droplets came to rest after a few
    // steps and wore the slope evenly: 1.03 times as much below as above.
    const ramp = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) ramp[r * N + c] = 0.004 * (N - c);
    const { wear } = erode(ramp, { ...PARAMS, droplets: 1, lifetime: 60 });
    let upper = 0;
    let lower = 0;
    for (let r = 10; r < N - 10; r++) {
      for (let c = 10; c < 40; c++) upper += wear[r * N + c];
      for (let c = 55; c < 85; c++) lower += wear[r * N + c];
    }
    expect(lower / upper).toBeGreaterThan(1.5);
  });

  it('wears a valley on its floor, not beside it', () => {
    // A valley running north with its floor on column 48: the wear's mean column was 1.7 cells
    // west of it with the brush on the cell below the droplet (0.5 before the speed was fixed).
    const valley = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) valley[r * N + c] = 0.3 - 0.002 * r + 0.004 * Math.abs(c - 48);
    for (const seed of [1, 2, 3]) {
      const { wear } = erode(valley, { ...PARAMS, droplets: 1, seed });
      let sum = 0;
      let column = 0;
      for (let i = 0; i < N * N; i++) {
        sum += wear[i];
        column += wear[i] * (i % N);
      }
      expect(Math.abs(column / sum - 48), `seed ${seed}`).toBeLessThan(0.3);
    }
  });

  it('never wears the ground below the lowest height it was given, where droplets leave over the south edge too', () => {
    // A plane falling to the south, 8 droplets a cell: each droplet leaving over the south edge
    // dug it deeper for the next, to −5.3 here before (and without end once droplets sped up
    // downhill: past 10^14, then not a number).
    const south = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) south[r * N + c] = 0.01 * r + 0.002 * Math.sin(c);
    const { out, books } = erode(south, { ...PARAMS, droplets: 8 });
    expect(books.eroded).toBeGreaterThan(100);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(Math.min(...south) - 1e-6);
  });

  it('gives the JS kernel\'s bits in WebAssembly: heights, wear, deposit and books, over params, seeds, brushes and far world cells', () => {
    // The droplets run in WebAssembly (hydraulic.as.ts); the JS kernel is the reference.
    const eroded = grab(evaluated(loadGraph('eroded-valleys.json'), N), 'height');
    const cases: [string, Float32Array, HydraulicParams][] = [
      ['the test params', start, PARAMS],
      ['eroded-valleys, 2.3 droplets a cell, a brush of 1.5', eroded, { ...PARAMS, droplets: 2.3, radius: 1.5, inertia: 0.3, capacity: 0.15 }],
      ['a brush of 8 (every droplet near an edge), no inertia, heavy evaporation', start, { ...PARAMS, radius: 8, inertia: 0, evaporation: 0.4, lifetime: 64 }],
      ['far world cells (past 2³¹), another seed, strong gravity', eroded, { ...PARAMS, seed: 2147483647, originCol: 2 ** 31 + 5, originRow: -(2 ** 32) - 3, gravity: 20, deposition: 1, erosion: 1 }],
    ];
    for (const [what, height, p] of cases) {
      const mine = erode(height, p);
      const out = new Float32Array(height.length);
      const wear = new Float32Array(height.length);
      const deposit = new Float32Array(height.length);
      const books = hydraulicErosionJs(height, N, p, out, wear, deposit);
      expect(books.steps, what).toBeGreaterThan(1000);
      expect(mine.books, what).toEqual(books);
      for (const [name, a, b] of [['out', mine.out, out], ['wear', mine.wear, wear], ['deposit', mine.deposit, deposit]] as const) {
        expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer)), `${what}: ${name}`).toBe(true);
      }
    }
    expect(hydraulicBytes().length).toBeLessThan(4096);
  });

  it("gives the JS kernel's bits for params the module's i32 cannot hold: a fractional lifetime, origins off whole cells or past 2⁵³", () => {
    // The kernel is called with any HydraulicParams (the node gives whole numbers): the JS loop
    // runs while step < 7.5 (8 steps) and takes (sc + col0) | 0, where an i32 parameter would
    // have truncated 7.5 to 7 and −2.5 to −2 before adding sc.
    const cases: [string, HydraulicParams][] = [
      ['lifetime 7.5', { ...PARAMS, lifetime: 7.5 }],
      ['origin −2.5, 3.7', { ...PARAMS, originCol: -2.5, originRow: 3.7 }],
      ['origin past 2⁵³', { ...PARAMS, originCol: 2 ** 53 + 2, originRow: -(2 ** 54) }],
    ];
    for (const [what, p] of cases) {
      const mine = erode(start, p);
      const out = new Float32Array(start.length);
      const wear = new Float32Array(start.length);
      const deposit = new Float32Array(start.length);
      const books = hydraulicErosionJs(start, N, p, out, wear, deposit);
      expect(mine.books, what).toEqual(books);
      for (const [name, a, b] of [['out', mine.out, out], ['wear', mine.wear, wear], ['deposit', mine.deposit, deposit]] as const) {
        expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer)), `${what}: ${name}`).toBe(true);
      }
    }
  });

  it('hashes with integer math to the values lowbias32 gives (checked in Python)', () => {
    expect([hash32(0), hash32(1), hash32(123456789)]).toEqual([0, 1753845952, 2834422664]);
  });
});

describe('thermal erosion', () => {
  const cliff = new Float32Array(N * N);
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) cliff[r * N + c] = c < 40 ? 0 : 0.5 + 0.001 * r;

  function run(height: Float32Array, iterations: number, talusPerCell = 0.01, rate = 0.25) {
    const out = new Float32Array(height.length);
    const moved = new Float32Array(height.length);
    thermalErosion(height, N, { iterations, talusPerCell, rate }, out, moved);
    return { out, moved };
  }

  function steepest(h: Float32Array): number {
    let most = 0;
    for (let r = 0; r < N; r++) for (let c = 0; c + 1 < N; c++) most = Math.max(most, Math.abs(h[r * N + c + 1] - h[r * N + c]));
    return most;
  }

  it('with zero iterations returns the heights bit for bit', () => {
    const { out, moved } = run(start, 0);
    expect(Buffer.from(out.buffer).equals(Buffer.from(start.buffer))).toBe(true);
    expect(Math.max(...moved)).toBe(0);
  });

  it('keeps the material: the sum of heights does not change, to 1e-6', () => {
    const before = sum(cliff);
    const { out } = run(cliff, 50);
    expect(Math.abs(sum(out) - before) / before).toBeLessThan(1e-6);
  });

  it('lays a cliff back towards the talus slope and never raises the top or digs the foot', () => {
    const { out } = run(cliff, 200);
    expect(steepest(out)).toBeLessThan(steepest(cliff) / 5);
    expect(Math.max(...out)).toBeLessThanOrEqual(Math.max(...cliff) + 1e-6);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(Math.min(...cliff) - 1e-6);
  });

  it('agrees bit for bit with a tile cut with 2 × iterations cells of margin', () => {
    // A pass moves material from a cell by its excess over all its neighbours: two cells of reach.
    const iterations = 8;
    const margin = 2 * iterations;
    const full = run(start, iterations, 0.005).out;
    // A 41² tile at (30, 20) with its margin.
    const m = 41 + 2 * margin;
    const tile = new Float32Array(m * m);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) tile[r * m + c] = start[(r + 20 - margin) * N + c + 30 - margin];
    const out = new Float32Array(m * m);
    thermalErosion(tile, m, { iterations, talusPerCell: 0.005, rate: 0.25 }, out, new Float32Array(m * m));
    let differ = 0;
    let changed = 0;
    for (let r = 0; r < 41; r++) {
      for (let c = 0; c < 41; c++) {
        const a = full[(r + 20) * N + c + 30];
        if (a !== out[(r + margin) * m + c + margin]) differ++;
        if (a !== start[(r + 20) * N + c + 30]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(100);
    expect(differ).toBe(0);
  });

  it('leaves slopes gentler than the talus alone', () => {
    const ramp = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) ramp[r * N + c] = 0.005 * c;
    const { out } = run(ramp, 20, 0.01);
    expect(Buffer.from(out.buffer).equals(Buffer.from(ramp.buffer))).toBe(true);
  });
});
