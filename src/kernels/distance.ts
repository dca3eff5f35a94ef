// Exact Euclidean distance transform in linear time (Felzenszwalb & Huttenlocher 2012,
// "Distance transforms of sampled functions"), in bands of output rows that split over threads.
//
// The input is binary, so the first pass needs no parabolas: down each column the distance to
// the nearest site above is a forward scan, to the nearest below a backward one, eight columns a
// vector (WebAssembly SIMD, wasm/distance.as.ts). The second pass, the lower envelope of
// parabolas along each row over the smaller of the two, is most of the work; the backward scan
// hands it the rows four at a time as it finishes them, and their envelopes are built together
// (their steps interleaved, with no branch). A band of output rows does both in the module's memory:
// its heights go in and its output comes out in one copy each, with nothing transposed and no
// grid of column distances between threads. With a cap a band reads only the rows within the
// cap of its own, so the bands over the threads repeat little. Each cell is computed the same
// way whatever the band, so any split gives the same bits as one thread.
//
// With a cap, the envelope holds only what can matter: a column distance past the cap (plus a
// margin) is dropped, as is a sea cell with sea left and right of it. Each value is still the
// exact minimum over integer squared distances, so which pass runs first changes no bit.

import type { Domain } from '../grid.ts';
import { bands, threadCount } from '../parallel/threads.ts';
import { type DistanceGrid, wasmDistanceBand } from './wasm/distance-instance.ts';

/** What a band of the transform reads and writes (see DistanceGrid). */
export type DistanceBand = DistanceGrid & { readonly sites: boolean };

/** Band hook of the transform: output rows r0 … r1 − 1, both passes. */
export function distanceBand(a: DistanceBand, r0: number, r1: number): void {
  wasmDistanceBand(a, r0, r1);
}

/** Where a transform reads its sites: heights below a level, or a grid of non-zero sites. */
export type Sites = { readonly below: Float32Array; readonly level: number } | { readonly sites: Uint8Array };

/**
 * What the bands of the transform of an m × m grid of sites read and write: the n × n cells at
 * column dc, row dr of it into `out`, in grid cells times `unit`, at most `cap` (+∞: no cap),
 * and 1 on every site, 0 elsewhere, into `water` when given (m × m).
 */
export function distanceGrid(
  from: Sites,
  m: number,
  dc: number,
  dr: number,
  n: number,
  unit: number,
  cap: number,
  /* out */ out: Float32Array,
  /* out */ water: Uint8Array | null = null,
): DistanceBand {
  const values = 'sites' in from ? from.sites : from.below;
  // The module counts rows in 16-bit lanes: up to 32767 (a 32766² grid).
  if (values.length !== m * m || out.length !== n * n || dc < 0 || dr < 0 || dc + n > m || dr + n > m || m > 32766) {
    throw new Error(`distance: ${values.length} values of a ${m}² grid, ${out.length} outputs for ${n}² cells at (${dc}, ${dr})`);
  }
  if (water && water.length !== m * m) throw new Error(`distance: a site grid of ${water.length} cells for a ${m}² grid`);
  const level = 'sites' in from ? 0 : from.level;
  // Two cells of margin over the cap: a distance from `far` cells on is more than cap + unit,
  // so clamped to the cap even after rounding to Float32.
  const far = Number.isFinite(cap) ? Math.min(m + 1, Math.ceil(cap / unit) + 2) : m + 1;
  return { values, level, sites: 'sites' in from, m, dc, dr, n, out, unit, cap, far, water };
}

/**
 * The transform of distanceGrid's arguments. With a node type, in bands of that type, whose
 * band hook must call distanceBand; with '' on the calling thread alone. `detach`: the bands may
 * be left finishing when it returns (threads.ts), for a node's run that reads nothing it wrote.
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
  detach = false,
): void {
  const args = distanceGrid(from, m, dc, dr, n, unit, cap, out, water);
  if (!type) {
    distanceBand(args, 0, n);
    return;
  }
  // Each band scans `far` rows past its own both ways (every row uncapped): with a cap, two
  // bands a thread (so one slowed by other work holds little up), one uncapped.
  const per = args.far > m ? threadCount() : 2 * threadCount();
  bands(type, distanceBand, args, n, Math.max(8, Math.floor(n / per)), detach);
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
