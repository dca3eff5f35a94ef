// Cellular (Worley) noise by blocks: the grid is cut into strips of rows and blocks of columns
// that each lie in one lattice cell; each block first drops the lattice points that cannot be
// its cells' F1 or F2, so a cell compares itself with 2–6 points instead of 9–25, and then all
// its cells run the same branch-free loop over those points, two to a SIMD vector. Both steps
// run in WebAssembly (wasm/cellular.as.ts); this file lays out the lattice points and the blocks
// and copies each strip out. Same bits as the reference search in nodes/cellular.ts (which the
// tests keep as the oracle): the points kept are visited in the reference's order, and a point
// dropped could not have changed a comparison.
//
// The pruned search in JS took 11–20 ms at 1024²; in WebAssembly the pruning is a few times
// faster and the lanes do two cells per instruction. Rows are independent, so the node spreads
// them over threads (its band hook).

import { cellX, cellY, type Domain } from '../grid.ts';
import { cellularStrip, releaseCellularMemory, STRIP, stripMemory } from './wasm/cellular-instance.ts';

// Integer hashing of a lattice cell, as the simplex noise does it: Math.imul only, so every
// platform gives the same bits.
const PRIME_X = 501125321;
const PRIME_Y = 1136930381;

/** The hash of lattice cell (i, j): the low 16 bits place the point in x, the high 16 in y. */
export function hashCell(seed: number, i: number, j: number): number {
  let h = Math.imul(seed ^ Math.imul(i, PRIME_X) ^ Math.imul(j, PRIME_Y), 0x27d4eb2d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  return h ^ (h >>> 15);
}

/** The cell value of a lattice cell's hash: another mix of it, onto −1 … 1. */
export function cellValue(hash: number): number {
  return (Math.imul(hash, 0x5bd1e995) >>> 8) / 8388608 - 1;
}

/** Lattice offsets around a cell, nearest ring first (the order ties are broken in). */
export const OFF_I = new Int8Array(25);
export const OFF_J = new Int8Array(25);
{
  const list: [number, number][] = [];
  for (let dj = -2; dj <= 2; dj++) for (let di = -2; di <= 2; di++) list.push([di, dj]);
  list.sort((a, b) => Math.max(Math.abs(a[0]), Math.abs(a[1])) - Math.max(Math.abs(b[0]), Math.abs(b[1])));
  list.forEach(([di, dj], k) => {
    OFF_I[k] = di;
    OFF_J[k] = dj;
  });
}

/** What a band of rows reads and writes (plain numbers and grids, so a worker thread can run it). */
export type CellularBand = {
  readonly domain: Domain;
  readonly seed: number;
  readonly frequency: number;
  readonly jitter: number;
  readonly f1: Float32Array;
  readonly f2: Float32Array;
  readonly edges: Float32Array;
  readonly cell: Float32Array;
};

/**
 * Rows r0 … r1 − 1 of F1, F2, F2 − F1 and the nearest point's cell value (see cellularKernel in
 * nodes/cellular.ts for the definition; this writes the same bits). Every row is computed the
 * same way whatever the band.
 */
export function cellularRows(a: CellularBand, r0: number, r1: number): void {
  const { domain, f1: f1Out, f2: f2Out, edges: edgeOut, cell: cellOut } = a;
  const n = domain.n;
  if (r1 <= r0) return;
  const seed = a.seed | 0;
  const jitter = Math.min(1, Math.max(0, a.jitter));
  const lo = 0.5 - jitter / 2;
  const scale = jitter / 65536;
  const xs = new Float64Array(n);
  for (let c = 0; c < n; c++) xs[c] = a.frequency * cellX(domain, c);
  const ys = new Float64Array(r1 - r0);
  for (let r = r0; r < r1; r++) ys[r - r0] = a.frequency * cellY(domain, r);
  // The points of every lattice cell the band's cells can reach (±2 around theirs), written
  // where the module reads them.
  const i0 = Math.floor(xs[0]) - 2;
  const j0 = Math.floor(ys[0]) - 2;
  const w = Math.floor(xs[n - 1]) + 3 - i0;
  const h = Math.floor(ys[r1 - r0 - 1]) + 3 - j0;
  const s = stripMemory(n, w * h);
  const { px, py, value, around, blocks } = s;
  for (let b = 0; b < h; b++) {
    for (let q = 0; q < w; q++) {
      const k = b * w + q;
      const hash = hashCell(seed, i0 + q, j0 + b);
      px[k] = i0 + q + lo + (hash & 0xffff) * scale;
      py[k] = j0 + b + lo + (hash >>> 16) * scale;
      value[k] = cellValue(hash);
    }
  }
  for (let k = 0; k < 25; k++) around[k] = OFF_J[k] * w + OFF_I[k];
  s.xs.set(xs);
  // Runs of columns (and rows) that share a lattice cell, cut into blocks of at most STRIP.
  const colRuns = runs(xs, 0, n);
  const rowRuns = runs(ys, 0, r1 - r0);
  for (let rr = 0; rr < rowRuns.length; rr += 2) {
    const ra = rowRuns[rr];
    const rb = rowRuns[rr + 1];
    const rowT = (Math.floor(ys[ra]) - j0) * w;
    s.ys.set(ys.subarray(ra, rb));
    let count = 0;
    for (let cc = 0; cc < colRuns.length; cc += 2) {
      const ca = colRuns[cc];
      blocks[3 * count] = ca;
      blocks[3 * count + 1] = colRuns[cc + 1];
      blocks[3 * count + 2] = rowT + Math.floor(xs[ca]) - i0;
      count++;
    }
    // Every cell of the strip in WebAssembly (cellular.as.ts: pruning, then the search), copied out.
    cellularStrip(s, rb - ra, count);
    const at = (r0 + ra) * n;
    const cells = (rb - ra) * n;
    f1Out.set(s.f1.subarray(0, cells), at);
    f2Out.set(s.f2.subarray(0, cells), at);
    edgeOut.set(s.edges.subarray(0, cells), at);
    cellOut.set(s.cell.subarray(0, cells), at);
  }
  // The module's memory only grows, and the table spans every lattice cell of the band: at
  // frequency 256 over the world cut's 16 views that is 16 M cells (334 MB), which would stay
  // held by this thread. Let it go when it is far more than strips of this width need.
  releaseCellularMemory(n * n);
}

/**
 * Consecutive runs [start, end) of indices whose coordinates share a lattice cell (the same
 * floor), each cut into pieces of at most STRIP, as a flat list start0, end0, start1, …
 */
function runs(coords: Float64Array, from: number, to: number): number[] {
  const out: number[] = [];
  let s = from;
  for (let k = from + 1; k <= to; k++) {
    if (k === to || k - s === STRIP || Math.floor(coords[k]) !== Math.floor(coords[s])) {
      out.push(s, k);
      s = k;
    }
  }
  return out;
}
