// Cellular (Worley) noise by blocks: the grid is cut into small blocks that each lie in one
// lattice cell, and each block first drops the lattice points that cannot be its cells' F1 or
// F2, so a cell compares itself with 2–6 points instead of 9–25. Same bits as the reference
// search in nodes/cellular.ts (which the tests keep as the oracle): the points kept are visited
// in the reference's order, and a point dropped could not have changed a comparison.
//
// I chose pruning in JS over moving the reference search into WebAssembly: the search is
// branchy (a running first and second minimum), so SIMD lanes would mostly wait on each other,
// while pruning removes four fifths of the work whatever the language. Rows are independent,
// so the node spreads them over threads (its band hook).

import { cellX, cellY, type Domain } from '../grid.ts';

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

/** Side of a block in grid cells: small enough that few points survive, large enough to pay for the pruning. */
const BLOCK = 16;
/**
 * A point is dropped only when its nearest possible distance exceeds the bound by this relative
 * margin: the real-number argument then survives the rounding of the distances (~1e-16).
 */
const MARGIN = 1 + 1e-9;

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
  // The points of every lattice cell the band's cells can reach (±2 around theirs).
  const i0 = Math.floor(xs[0]) - 2;
  const j0 = Math.floor(ys[0]) - 2;
  const w = Math.floor(xs[n - 1]) + 3 - i0;
  const h = Math.floor(ys[r1 - r0 - 1]) + 3 - j0;
  const px = new Float64Array(w * h);
  const py = new Float64Array(w * h);
  const value = new Float32Array(w * h);
  for (let b = 0; b < h; b++) {
    for (let q = 0; q < w; q++) {
      const k = b * w + q;
      const hash = hashCell(seed, i0 + q, j0 + b);
      px[k] = i0 + q + lo + (hash & 0xffff) * scale;
      py[k] = j0 + b + lo + (hash >>> 16) * scale;
      value[k] = cellValue(hash);
    }
  }
  // Candidate points of a block, in the reference's visiting order.
  const cx = new Float64Array(25);
  const cy = new Float64Array(25);
  const cv = new Float32Array(25);
  const ex = new Float64Array(25 * BLOCK);
  const ey = new Float64Array(25 * BLOCK);
  // Runs of columns (and rows) that share a lattice cell, cut into BLOCK-cell pieces.
  const colRuns = runs(xs, 0, n);
  const rowRuns = runs(ys, 0, r1 - r0);
  for (let rr = 0; rr < rowRuns.length; rr += 2) {
    const ra = rowRuns[rr];
    const rb = rowRuns[rr + 1];
    const jy = Math.floor(ys[ra]) - j0;
    const ya = ys[ra];
    const yb = ys[rb - 1];
    for (let cc = 0; cc < colRuns.length; cc += 2) {
      const ca = colRuns[cc];
      const cb = colRuns[cc + 1];
      const ix = Math.floor(xs[ca]) - i0;
      const xa = xs[ca];
      const xb = xs[cb - 1];
      // F2 of every cell in the box [xa, xb] × [ya, yb] is at most the second smallest of the
      // points' farthest distances from the box.
      let b1 = Infinity;
      let b2 = Infinity;
      for (let k = 0; k < 25; k++) {
        const t = (jy + OFF_J[k]) * w + ix + OFF_I[k];
        const fx = Math.max(px[t] - xa, xb - px[t]);
        const fy = Math.max(py[t] - ya, yb - py[t]);
        const d = fx * fx + fy * fy;
        if (d < b1) {
          b2 = b1;
          b1 = d;
        } else if (d < b2) b2 = d;
      }
      const bound = b2 * MARGIN;
      let m = 0;
      for (let k = 0; k < 25; k++) {
        const t = (jy + OFF_J[k]) * w + ix + OFF_I[k];
        const gx = px[t] < xa ? xa - px[t] : px[t] > xb ? px[t] - xb : 0;
        const gy = py[t] < ya ? ya - py[t] : py[t] > yb ? py[t] - yb : 0;
        if (gx * gx + gy * gy > bound) continue; // farther than F2 from every cell of the block
        cx[m] = px[t];
        cy[m] = py[t];
        cv[m] = value[t];
        m++;
      }
      // The squared distances along each axis, per candidate: a cell's distance is then one
      // add per candidate (dx² + dy², the reference's own sum, so the same bits).
      const bw = cb - ca;
      const bh = rb - ra;
      for (let k = 0; k < m; k++) {
        for (let c = 0; c < bw; c++) {
          const dx = cx[k] - xs[ca + c];
          ex[k * BLOCK + c] = dx * dx;
        }
        for (let r = 0; r < bh; r++) {
          const dy = cy[k] - ys[ra + r];
          ey[k * BLOCK + r] = dy * dy;
        }
      }
      if (m === 2) {
        // Two points left (most blocks at usual frequencies): no search loop.
        const v0 = cv[0];
        const v1 = cv[1];
        for (let r = 0; r < bh; r++) {
          const row = (ra + r + r0) * n + ca;
          const y0 = ey[r];
          const y1 = ey[BLOCK + r];
          for (let c = 0; c < bw; c++) {
            const da = ex[c] + y0;
            const db = ex[BLOCK + c] + y1;
            const near = db < da;
            const f1 = Math.sqrt(near ? db : da);
            const f2 = Math.sqrt(near ? da : db);
            const i = row + c;
            f1Out[i] = f1;
            f2Out[i] = f2;
            edgeOut[i] = f2 - f1;
            cellOut[i] = near ? v1 : v0;
          }
        }
        continue;
      }
      for (let r = 0; r < bh; r++) {
        const row = (ra + r + r0) * n + ca;
        for (let c = 0; c < bw; c++) {
          let d1 = ex[c] + ey[r];
          let d2 = Infinity;
          let k1 = 0;
          for (let k = 1; k < m; k++) {
            const d = ex[k * BLOCK + c] + ey[k * BLOCK + r];
            if (d < d1) {
              d2 = d1;
              d1 = d;
              k1 = k;
            } else if (d < d2) d2 = d;
          }
          const i = row + c;
          const f1 = Math.sqrt(d1);
          const f2 = Math.sqrt(d2);
          f1Out[i] = f1;
          f2Out[i] = f2;
          edgeOut[i] = f2 - f1;
          cellOut[i] = cv[k1];
        }
      }
    }
  }
}

/**
 * Consecutive runs [start, end) of indices whose coordinates share a lattice cell (the same
 * floor), each cut into pieces of at most BLOCK, as a flat list start0, end0, start1, …
 */
function runs(coords: Float64Array, from: number, to: number): number[] {
  const out: number[] = [];
  let s = from;
  for (let k = from + 1; k <= to; k++) {
    if (k === to || k - s === BLOCK || Math.floor(coords[k]) !== Math.floor(coords[s])) {
      out.push(s, k);
      s = k;
    }
  }
  return out;
}
