// Where values fall among ascending sorted values, in constant time per value: a bucket table
// over the sorted values' range gives each value the few sorted entries it must be compared to.
//
// The land rank places every cell of a grid among the world cut's sorted heights. A binary
// search costs 16 dependent, mispredicted steps a cell; sorting the grid first and walking both
// (as before) cost a full radix sort of 1.8 M cells at 1024² with its halo. Buckets are
// floor((v − lo) · scale): IEEE subtraction and multiplication round monotonically, so a bucket
// below v's holds only values below v, a bucket above only values above, and counting in v's own
// bucket gives the exact count, the same as any search.

import { sameBits } from './sort.ts';

/** A bucket table over ascending `sorted` (see placesTable). */
export interface Places {
  readonly sorted: Float32Array;
  /** Entries of sorted that are not NaN (NaN sorts last and is never below a value). */
  readonly valid: number;
  readonly lo: number;
  readonly scale: number;
  readonly buckets: number;
  /** start[b]: the first entry whose bucket is ≥ b; start[buckets] = valid. */
  readonly start: Int32Array;
}

/**
 * Buckets for `count` sorted values, a power of two: eight per value while the table stays within
 * 2^17 entries (512 KB), so most values land in an empty bucket and are placed by one read with no
 * compare (the world-8 cut's 16,384 heights: the rank a third faster than at two per value); at
 * least two per value for a large sort, at most 2^22.
 */
export function placesBuckets(count: number): number {
  let b = 1;
  while ((b < 2 * count || (b < 8 * count && b < 1 << 17)) && b < 1 << 22) b <<= 1;
  return b;
}

function bucketOf(v: number, lo: number, scale: number, last: number): number {
  const b = Math.floor((v - lo) * scale);
  // NaN and values below lo go to bucket 0, values above the range to the last.
  return b >= 0 ? (b < last ? b : last) : 0;
}

/** Fills `start` (placesBuckets(n) + 1 entries) for ascending `sorted` and returns the table. */
export function placesTable(sorted: Float32Array, /* out */ start: Int32Array): Places {
  let valid = sorted.length;
  while (valid > 0 && Number.isNaN(sorted[valid - 1])) valid--;
  let first = 0;
  while (first < valid && !Number.isFinite(sorted[first])) first++;
  let end = valid - 1;
  while (end >= first && !Number.isFinite(sorted[end])) end--;
  const buckets = placesBuckets(valid);
  if (start.length < buckets + 1) throw new Error(`places: a table of ${start.length} entries for ${buckets} buckets`);
  const lo = first < valid ? sorted[first] : 0;
  const hi = end >= first ? sorted[end] : 0;
  const scale = hi > lo ? buckets / (hi - lo) : 0;
  const last = buckets - 1;
  let next = 0;
  for (let j = 0; j < valid; j++) {
    const b = bucketOf(sorted[j], lo, scale, last);
    while (next <= b) start[next++] = j;
  }
  while (next <= buckets) start[next++] = valid;
  return { sorted, valid, lo, scale, buckets, start };
}

/** The number of entries of the table's sorted values that are < v. */
export function countBelowIn(t: Places, v: number): number {
  const b = bucketOf(v, t.lo, t.scale, t.buckets - 1);
  const sorted = t.sorted;
  let j = t.start[b];
  const end = t.start[b + 1];
  if (end === j) return j;
  // Buckets hold an eighth to half a value each; a flat run of equal heights is one long bucket.
  if (end - j > 16) {
    let hi = end;
    while (j < hi) {
      const mid = (j + hi) >>> 1;
      if (sorted[mid] < v) j = mid + 1;
      else hi = mid;
    }
    return j;
  }
  while (j < end && sorted[j] < v) j++;
  return j;
}

/** The last table made by placesFor, with a copy of the sorted values it was made from. */
let last: { readonly copy: Float32Array; readonly places: Places } | null = null;

/**
 * The bucket table for ascending `sorted`, its start array in `start` (sharedScratch of the
 * caller, which must hold placesBuckets(n) + 1 entries and stay the same array): the last table
 * again when `sorted` holds the same values (the world cut's heights, read by the rank on the
 * view and on the wind's coarse grid, are the same for both and change only with the heights).
 */
export function placesFor(sorted: Float32Array, start: Int32Array): Places {
  if (last && last.places.start === start && sameBits(last.copy, sorted)) return { ...last.places, sorted };
  const places = placesTable(sorted, start);
  // The copy's buffer is kept from the last table when it fits: a fresh 256 KB array each edit
  // costs its page faults.
  const copy = last && last.copy.length === sorted.length ? last.copy : new Float32Array(sorted.length);
  copy.set(sorted);
  last = { copy, places };
  return places;
}
