// Cellular (Worley) noise: one seeded feature point per cell of a square lattice in the world;
// each grid cell gets the distance to the nearest and second-nearest point and the value of the
// nearest point's cell. Cracked earth, basalt columns, crater fields, stones for a splat map.

import { assertGrid, cellX, cellY, type Domain } from '../src/grid.ts';
import { type CellularBand, cellularRows, cellValue, hashCell, OFF_I, OFF_J } from '../src/kernels/cellular.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

export interface CellularParams {
  readonly seed: number;
  readonly frequency: number;
  readonly jitter: number;
}

/**
 * The feature point of lattice cell (i, j), in lattice units: the kernel places it the same
 * way inline. For tests and for reading one point.
 */
export function featurePoint(seed: number, jitter: number, i: number, j: number): [number, number] {
  const h = hashCell(seed | 0, i, j);
  const j01 = Math.min(1, Math.max(0, jitter));
  const lo = 0.5 - j01 / 2;
  return [i + lo + (h & 0xffff) * (j01 / 65536), j + lo + (h >>> 16) * (j01 / 65536)];
}

/**
 * Writes F1, F2 (distances to the nearest and second-nearest feature point, in lattice cells),
 * their difference and the nearest point's cell value (−1 … 1) at every cell centre. The point
 * of lattice cell (i, j) sits at (i + ½ ± jitter/2, j + ½ ± jitter/2), hashed from the seed
 * (featurePoint). Every lattice cell within two of the sample is considered unless it cannot
 * hold a point nearer than the current F2, so F1 and F2 are exact for any jitter. The points of
 * the lattice cells the domain touches are hashed once into a table, not once per grid cell.
 * The reference search, kept as the tests' oracle: the node runs src/kernels/cellular.ts's
 * cellularRows (pruned blocks searched in WebAssembly SIMD), which writes the same bits much
 * faster, by row bands.
 */
export function cellularKernel(
  domain: Domain,
  p: CellularParams,
  /* out */ f1Out: Float32Array,
  /* out */ f2Out: Float32Array,
  /* out */ edgeOut: Float32Array,
  /* out */ cellOut: Float32Array,
): void {
  for (const [name, a] of [['f1', f1Out], ['f2', f2Out], ['edges', edgeOut], ['cell', cellOut]] as const) assertGrid(`cellular ${name}`, a, domain);
  const n = domain.n;
  const seed = p.seed | 0;
  const jitter = Math.min(1, Math.max(0, p.jitter));
  const lo = 0.5 - jitter / 2; // a point's offset within its lattice cell lies in [lo, hi]
  const hi = 0.5 + jitter / 2;
  const scale = jitter / 65536;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let c = 0; c < n; c++) xs[c] = p.frequency * cellX(domain, c);
  for (let r = 0; r < n; r++) ys[r] = p.frequency * cellY(domain, r);
  // The table of points: lattice cells i0 … i0 + w − 1 by j0 … j0 + h − 1.
  const i0 = Math.floor(xs[0]) - 2;
  const j0 = Math.floor(ys[0]) - 2;
  const w = Math.floor(xs[n - 1]) + 3 - i0;
  const h = Math.floor(ys[n - 1]) + 3 - j0;
  const px = new Float64Array(w * h);
  const py = new Float64Array(w * h);
  const value = new Float32Array(w * h);
  for (let b = 0; b < h; b++) {
    for (let a = 0; a < w; a++) {
      const k = b * w + a;
      const hash = hashCell(seed, i0 + a, j0 + b);
      px[k] = i0 + a + lo + (hash & 0xffff) * scale;
      py[k] = j0 + b + lo + (hash >>> 16) * scale;
      value[k] = cellValue(hash);
    }
  }
  // Offsets of the 25 lattice cells in the table, in the order of OFF_I/OFF_J (the first 9 are
  // the sample's own cell and ring 1).
  const offT = new Int32Array(25);
  for (let k = 0; k < 25; k++) offT[k] = OFF_J[k] * w + OFF_I[k];
  // Per column: the table column and how far ring 2 lies along x at least (a point of lattice
  // column ix − 2 is at least fx + 2 − hi away, one of ix + 2 at least 2 + lo − fx).
  const colT = new Int32Array(n);
  const ring2x = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    const x = xs[c];
    const fl = Math.floor(x);
    colT[c] = fl - i0;
    const fx = x - fl;
    ring2x[c] = Math.min(fx + 2 - hi, 2 + lo - fx);
  }
  for (let r = 0; r < n; r++) {
    const y = ys[r];
    const fl = Math.floor(y);
    const jy = fl - j0;
    const fy = y - fl;
    const ring2y = Math.min(fy + 2 - hi, 2 + lo - fy);
    const rowT = jy * w;
    for (let c = 0; c < n; c++) {
      const x = xs[c];
      const ix = colT[c];
      const centre = rowT + ix;
      let d1 = Infinity;
      let d2 = Infinity;
      let k1 = 0;
      // The own cell and ring 1 first, always.
      for (let k = 0; k < 9; k++) {
        const t = centre + offT[k];
        const dx = px[t] - x;
        const dy = py[t] - y;
        const d = dx * dx + dy * dy;
        if (d < d1) {
          d2 = d1;
          d1 = d;
          k1 = t;
        } else if (d < d2) d2 = d;
      }
      // Ring 2 only when one of its points could come nearer than F2: every point there lies at
      // least ring2 away, so when F2 is within that, no ring-2 point changes F1, F2 or the cell
      // (the same comparisons would all fail): the same bits as searching all 25.
      const ring2 = ring2x[c] < ring2y ? ring2x[c] : ring2y;
      if (d2 > ring2 * ring2) {
        for (let k = 9; k < 25; k++) {
          const a = ix + OFF_I[k];
          const b = jy + OFF_J[k];
          // Skip a lattice cell whose points all lie at least as far as F2.
          const ci = a + i0;
          const cj = b + j0;
          let gx = ci + lo - x;
          if (gx < 0) gx = x - ci - hi > 0 ? x - ci - hi : 0;
          let gy = cj + lo - y;
          if (gy < 0) gy = y - cj - hi > 0 ? y - cj - hi : 0;
          if (gx * gx + gy * gy >= d2) continue;
          const t = centre + offT[k];
          const dx = px[t] - x;
          const dy = py[t] - y;
          const d = dx * dx + dy * dy;
          if (d < d1) {
            d2 = d1;
            d1 = d;
            k1 = t;
          } else if (d < d2) d2 = d;
        }
      }
      const i = r * n + c;
      const f1 = Math.sqrt(d1);
      const f2 = Math.sqrt(d2);
      f1Out[i] = f1;
      f2Out[i] = f2;
      edgeOut[i] = f2 - f1;
      cellOut[i] = value[k1];
    }
  }
}

export const cellular = defineNode({
  type: 'cellular',
  title: 'Cellular noise',
  group: 'Terrain',
  doc:
    'Worley (Voronoi) noise: one seeded feature point in each cell of a square lattice laid on the ' +
    'world, frequency cells per view width, each point moved from its cell centre by up to ±jitter/2. ' +
    'f1 is the distance to the nearest point, f2 to the second nearest (in lattice cells: about 0 … 1.5), ' +
    'edges is f2 − f1 (0 on the borders between cells: cracks, ridges), cell the nearest point\'s cell ' +
    'value in [−1, 1] (flat plates). Exact for every jitter; the same bits on every platform.',
  inputs: {},
  outputs: {
    f1: { type: 'field', meaning: 'value', doc: 'Distance to the nearest feature point, in lattice cells (0 … √2·(½ + jitter/2)).' },
    f2: { type: 'field', meaning: 'value', doc: 'Distance to the second-nearest feature point, in lattice cells.' },
    edges: { type: 'field', meaning: 'value', doc: 'f2 − f1: 0 on the borders between cells, growing towards the points.' },
    cell: { type: 'field', meaning: 'noise', doc: 'A value in [−1, 1] per cell of the pattern, constant over each.' },
  },
  params: {
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Integer seed of the feature points and cell values.' },
    frequency: { kind: 'number', scale: 'log', default: 8, min: 0.25, max: 256, step: 0.25, doc: 'Lattice cells per view width.' },
    jitter: { kind: 'number', default: 1, min: 0, max: 1, step: 0.01, doc: 'How far points move from their cell centres: 0 a square grid, 1 anywhere in the cell.' },
  },
  // Rows are independent: the engine's threads take bands of them.
  band: (args, r0, r1) => cellularRows(args as unknown as CellularBand, r0, r1),
  run(ctx, p) {
    const f1 = ctx.alloc('f32');
    const f2 = ctx.alloc('f32');
    const edges = ctx.alloc('f32');
    const cell = ctx.alloc('f32');
    const args: CellularBand = { domain: ctx.domain, seed: p.seed, frequency: p.frequency, jitter: p.jitter, f1, f2, edges, cell };
    bands('cellular', cellularRows, args, ctx.domain.n);
    return { f1: field(f1, 'value'), f2: field(f2, 'value'), edges: field(edges, 'value'), cell: field(cell, 'noise') };
  },
});
