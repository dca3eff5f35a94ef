// Exact Euclidean distance transform in linear time (Felzenszwalb & Huttenlocher 2012,
// "Distance transforms of sampled functions"), in two passes that each split over threads.
//
// The input is binary, so the first pass needs no parabolas: down each column the distance to
// the nearest site above is a forward scan, to the nearest below a backward one. Each scan
// walks the grid row by row, four columns a vector (WebAssembly SIMD, wasm/distance.as.ts),
// into a buffer of its own, so two threads take one each. The second pass, the lower envelope
// of parabolas along each row over the smaller of the two, is most of the work and runs in
// bands of rows, which are contiguous: a block goes in and out of the module's memory in one
// copy, with no transposing. The first pass writes only the rows the output needs, and the
// second evaluates only its columns, so no crop follows. Each cell is computed the same way
// whatever the band, so any split gives the same bits as one thread.
//
// With a cap, the envelope holds only what can matter: a column distance past the cap (plus a
// margin) is dropped, as is a sea cell with sea left and right of it. Each value is still the
// exact minimum over integer squared distances, so which pass runs first changes no bit.

import type { Domain } from '../grid.ts';
import { bands } from '../parallel/threads.ts';
import { sharedScratch } from './scratch.ts';
import { wasmColumnScan, wasmRowPass } from './wasm/distance-instance.ts';

/** What a band of the transform reads and writes (the scans for the column pass, output rows for the row pass). */
export type DistanceBand = {
  /** 0: column pass, 1: row pass. */
  readonly pass: 0 | 1;
  /** m × m: heights, the sites where < level; or, with `sites`, the sites where non-zero. */
  readonly values: Float32Array | Uint8Array;
  readonly level: number;
  readonly sites: boolean;
  /**
   * Squared column distances to the nearest site above and below, each n rows of m (the
   * m-grid's rows dr …): written by the column pass's two scans, read by the row pass.
   */
  readonly above: Float32Array;
  readonly below: Float32Array;
  readonly m: number;
  /** The cells written: the m-grid's rows dr … dr + n − 1 and columns dc … dc + n − 1. */
  readonly dc: number;
  readonly dr: number;
  readonly n: number;
  readonly out: Float32Array;
  readonly unit: number;
  readonly cap: number;
  /**
   * Column distances from this many cells on count as none (+∞): every distance through them is
   * past the cap, so the row pass leaves them out. Past the grid's height when uncapped.
   */
  readonly far: number;
  /** Optional, m × m: the column pass writes 1 on every site, 0 elsewhere (what the result came from). */
  readonly water: Uint8Array | null;
};

/** Band hook of the transform: the column pass's scans r0 … r1 − 1 (0 forward, 1 backward), or output rows r0 … r1 − 1 of the row pass. */
export function distanceBand(a: DistanceBand, r0: number, r1: number): void {
  if (a.pass === 0) {
    for (let scan = r0; scan < r1; scan++) wasmColumnScan(a, scan === 1);
    return;
  }
  wasmRowPass({ above: a.above, below: a.below, m: a.m, r0, r1, from: a.dc, n: a.n, out: a.out, unit: a.unit, cap: a.cap });
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
  const g2 = sharedScratch('distance.g2', Float32Array, 2 * n * m);
  const above = g2.subarray(0, n * m);
  const below = g2.subarray(n * m, 2 * n * m);
  const level = 'sites' in from ? 0 : from.level;
  if (water && water.length !== m * m) throw new Error(`distance: a site grid of ${water.length} cells for a ${m}² grid`);
  // Two cells of margin over the cap: a distance from `far` cells on is more than cap + unit,
  // so clamped to the cap even after rounding to Float32.
  const far = Number.isFinite(cap) ? Math.min(m + 1, Math.ceil(cap / unit) + 2) : m + 1;
  const columns: DistanceBand = { pass: 0, values, level, sites: 'sites' in from, above, below, m, dc, dr, n, out, unit, cap, far, water };
  const rows: DistanceBand = { ...columns, pass: 1 };
  if (!type) {
    distanceBand(columns, 0, 2);
    distanceBand(rows, 0, n);
    return;
  }
  // The column pass's two scans, one a thread: split into blocks of columns instead, its copies
  // in and out of WebAssembly memory (row pieces) cost more than the scans.
  bands(type, distanceBand, columns, 2, 1);
  bands(type, distanceBand, rows, n);
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
