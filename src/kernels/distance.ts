// Exact Euclidean distance transform in linear time (Felzenszwalb & Huttenlocher 2012,
// "Distance transforms of sampled functions"), in two passes that each split over threads.
//
// The input is binary, so the row pass needs no parabolas: along each row the distance to the
// nearest site is a forward and a backward scan (here, in JS, rows in bands). The column pass,
// the lower envelope of parabolas down each column, is most of the work and runs in WebAssembly
// (wasm/distance.as.ts), blocks of columns in bands. Each cell is computed the same way
// whatever the band, so any split gives the same bits as one thread.
//
// With a cap, the envelope holds only what can matter: a row distance past the cap (plus a
// margin) is dropped, as is a sea cell with sea above and below it. Together about 60 % of the
// cells of the default graph's grown view; the capped transform at 1024² took about a third
// less time. Each value is still the exact minimum, so the bits do not change.

import type { Domain } from '../grid.ts';
import { bands } from '../parallel/threads.ts';
import { sharedScratch } from './scratch.ts';
import { wasmColumnPass } from './wasm/distance-instance.ts';

/** What a band of the transform reads and writes (rows for the row pass, columns for the column pass). */
export type DistanceBand = {
  /** 0: row pass, 1: column pass. */
  readonly pass: 0 | 1;
  /** m × m: heights, the sites where < level; or, with `sites`, the sites where non-zero. */
  readonly values: Float32Array | Uint8Array;
  readonly level: number;
  readonly sites: boolean;
  /** Squared row distances, m × m: written by the row pass, read by the column pass. */
  readonly g2: Float32Array;
  readonly m: number;
  /** The cells written: the m-grid's rows dr … dr + n − 1 and columns dc … dc + n − 1. */
  readonly dc: number;
  readonly dr: number;
  readonly n: number;
  readonly out: Float32Array;
  readonly unit: number;
  readonly cap: number;
  /**
   * Row distances from this many cells on count as none (+∞): every distance through them is
   * past the cap, so the column pass leaves them out. Past the grid's width when uncapped.
   */
  readonly far: number;
  /** Optional, m × m: the row pass writes 1 on every site, 0 elsewhere (what the result came from). */
  readonly water: Uint8Array | null;
};

/** Rows r0 … r1 − 1 of the row pass: squared distance along the row to the nearest site (+∞ for none, or from `far` on). */
function rowPass(a: DistanceBand, r0: number, r1: number): void {
  if (a.sites) rowPassSites(a.values as Uint8Array, a.g2, a.m, a.far, r0, r1);
  else rowPassBelow(a.values as Float32Array, a.level, a.g2, a.water, a.m, a.far, r0, r1);
}

/**
 * The row pass over heights, the sites where below the level, also writing them into `water`
 * when given. Written out for Float32 heights alone (and the sites' version apart) so the JIT
 * compiles each loop for one array type: a loop shared by both took 1.5 times as long. Column
 * indices stay small integers (no site yet: m + far before the row), so the loops run on int32.
 */
function rowPassBelow(values: Float32Array, level: number, g2: Float32Array, water: Uint8Array | null, m: number, far: number, r0: number, r1: number): void {
  for (let r = r0; r < r1; r++) {
    const row = r * m;
    let last = -m - far;
    if (water) {
      for (let c = 0; c < m; c++) {
        const site = values[row + c] < level;
        if (site) last = c;
        water[row + c] = site ? 1 : 0;
        const g = c - last;
        g2[row + c] = g < far ? g * g : Infinity;
      }
    } else {
      for (let c = 0; c < m; c++) {
        if (values[row + c] < level) last = c;
        const g = c - last;
        g2[row + c] = g < far ? g * g : Infinity;
      }
    }
    last = m + m + far;
    for (let c = m - 1; c >= 0; c--) {
      if (g2[row + c] === 0) last = c;
      const g = last - c;
      if (g < far) {
        const gg = g * g;
        if (gg < g2[row + c]) g2[row + c] = gg;
      }
    }
  }
}

/** The row pass over a grid of sites (non-zero). */
function rowPassSites(sites: Uint8Array, g2: Float32Array, m: number, far: number, r0: number, r1: number): void {
  for (let r = r0; r < r1; r++) {
    const row = r * m;
    let last = -m - far;
    for (let c = 0; c < m; c++) {
      if (sites[row + c] !== 0) last = c;
      const g = c - last;
      g2[row + c] = g < far ? g * g : Infinity;
    }
    last = m + m + far;
    for (let c = m - 1; c >= 0; c--) {
      if (g2[row + c] === 0) last = c;
      const g = last - c;
      if (g < far) {
        const gg = g * g;
        if (gg < g2[row + c]) g2[row + c] = gg;
      }
    }
  }
}

/** Band hook of the transform: rows of the row pass, or output columns c0 … c1 − 1 of the column pass. */
export function distanceBand(a: DistanceBand, r0: number, r1: number): void {
  if (a.pass === 0) {
    rowPass(a, r0, r1);
    return;
  }
  wasmColumnPass({ g2: a.g2, m: a.m, c0: a.dc + r0, c1: a.dc + r1, rowFrom: a.dr, rows: a.n, out: a.out, outN: a.n, outCol: r0, unit: a.unit, cap: a.cap });
}

/** Where a transform reads its sites: heights below a level, or a grid of non-zero sites. */
export type Sites = { readonly below: Float32Array; readonly level: number } | { readonly sites: Uint8Array };

/**
 * The transform of an m × m grid of sites, written for the n × n cells at column dc, row dr of
 * it into `out`, in grid cells times `unit`, at most `cap` (+∞: no cap), and 1 on every site,
 * 0 elsewhere, into `water` when given (m × m). With a node type, both passes run in bands of
 * that type, whose band hook must call distanceBand; with '' on the calling thread alone.
 */
export function distanceCells(
  type: string,
  from: Sites,
  m: number,
  dc: number,
  dr: number,
  n: number,
  unit: number,
  cap: number,
  /* out */ out: Float32Array,
  /* out */ water: Uint8Array | null = null,
): void {
  const values = 'sites' in from ? from.sites : from.below;
  if (values.length !== m * m || out.length !== n * n || dc < 0 || dr < 0 || dc + n > m || dr + n > m) {
    throw new Error(`distance: ${values.length} values of a ${m}² grid, ${out.length} outputs for ${n}² cells at (${dc}, ${dr})`);
  }
  const g2 = sharedScratch('distance.g2', Float32Array, m * m).subarray(0, m * m);
  const level = 'sites' in from ? 0 : from.level;
  if (water && water.length !== m * m) throw new Error(`distance: a site grid of ${water.length} cells for a ${m}² grid`);
  // Two cells of margin over the cap: a distance from `far` cells on is more than cap + unit,
  // so clamped to the cap even after rounding to Float32.
  const far = Number.isFinite(cap) ? Math.min(m + 1, Math.ceil(cap / unit) + 2) : m + 1;
  const rows: DistanceBand = { pass: 0, values, level, sites: 'sites' in from, g2, m, dc, dr, n, out, unit, cap, far, water };
  const columns: DistanceBand = { ...rows, pass: 1 };
  if (!type) {
    distanceBand(rows, 0, m);
    distanceBand(columns, 0, n);
    return;
  }
  bands(type, distanceBand, rows, m);
  // Blocks of 16 columns at least: the column pass transposes and finishes 16 at a time.
  bands(type, distanceBand, columns, n, 16);
}

/**
 * Distance from every cell to the nearest cell whose `sites` entry is non-zero, in grid cells
 * times `unit`; 0 on sites, +Infinity everywhere when there is no site. Sites outside the grid
 * are not seen. On the calling thread.
 */
export function distanceTransform(
  /* out */ out: Float32Array,
  domain: Domain,
  sites: Uint8Array,
  unit: number,
): void {
  const n = domain.n;
  distanceCells('', { sites }, n, 0, 0, n, unit, Infinity, out);
}

/** distanceTransform with the sites where values < level (water below the sea level). */
export function distanceToBelow(
  /* out */ out: Float32Array,
  domain: Domain,
  values: Float32Array,
  level: number,
  unit: number,
): void {
  const n = domain.n;
  distanceCells('', { below: values, level }, n, 0, 0, n, unit, Infinity, out);
}
