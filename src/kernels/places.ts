// Where values fall among ascending sorted values, in constant time per value: a bucket table
// over the sorted values' range gives each value the few sorted entries it must be compared to.
//
// The land rank places every cell of a grid among the world cut's sorted heights. A binary
// search costs 16 dependent, mispredicted steps a cell; sorting the grid first and walking both
// (as before) cost a full radix sort of 1.8 M cells at 1024² with its halo. Buckets are
// trunc((v − lo) · scale) in Float32 arithmetic, as WebAssembly's f32x4 computes them four at a
// time (wasm/kernels.as.ts rank): IEEE subtraction and multiplication round monotonically, so a
// bucket below v's holds only values below v, a bucket above only values above, and counting in
// v's own bucket gives the exact count, the same as any search.

import { isSettled } from '../model/values.ts';
import { gridBuffer } from '../parallel/memory.ts';
import { sameBits } from './sort.ts';
import { wasmPlaces } from './wasm/instance.ts';

/** A bucket table over ascending `sorted` (see placesTable). */
export interface Places {
  readonly sorted: Float32Array;
  /** Entries of sorted that are not NaN (NaN sorts last and is never below a value). */
  readonly valid: number;
  /** The least finite entry, a Float32. */
  readonly lo: number;
  /** Buckets per unit of value, a Float32 (so the bucket is the same in JS and in Float32 lanes). */
  readonly scale: number;
  readonly buckets: number;
  /** start[b]: the first entry whose bucket is ≥ b; start[buckets] = valid. */
  readonly start: Int32Array;
  /**
   * Which table this is, counted up from 1 by this thread: the same generation is the same
   * table (the same start entries from the same sorted values), so what a caller made from it
   * (the rank's table of ranks, the copy in WebAssembly memory) need not be made again.
   */
  readonly generation: number;
}

/** Generations handed out by placesTable on this thread. */
let generations = 0;

/**
 * Buckets for `count` sorted values, a power of two: four per value while the table stays within
 * 2^17 entries (512 KB), so nearly every bucket holds at most four entries, which the rank
 * counts with one four-wide compare (the world-8 cut's land heights: one bucket in 65,536 holds
 * more); at least two per value for a large sort, at most 2^22.
 */
export function placesBuckets(count: number): number {
  let b = 1;
  while ((b < 2 * count || (b < 4 * count && b < 1 << 17)) && b < 1 << 22) b <<= 1;
  return b;
}

/**
 * v's bucket: trunc((v − lo) · scale) with each operation rounded to Float32 (Math.fround of a
 * double operation on Float32 operands is the Float32 operation), as i32x4.trunc_sat_f32x4_s
 * of the f32x4 operations gives it. NaN and values below lo go to bucket 0, values above the
 * range to the last.
 */
function bucketOf(v: number, lo: number, scale: number, last: number): number {
  const b = Math.trunc(Math.fround(Math.fround(v - lo) * scale));
  return b > 0 ? (b < last ? b : last) : 0;
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
  // Float32: an infinite scale (a range of a few subnormals) still gives a monotone bucket.
  const scale = hi > lo ? Math.fround(buckets / (hi - lo)) : 0;
  // The fill in WebAssembly (a third of the JS loop's time at the world-8 cut's 10,000 land
  // heights and 65,536 buckets); placesStarts is the same fill in JS, the reference the tests hold it to.
  wasmPlaces(sorted.subarray(0, valid), lo, scale, buckets, start);
  return { sorted, valid, lo, scale, buckets, start, generation: ++generations };
}

/** placesTable's start entries filled in JS, entry by entry: the reference for the module's fill. */
export function placesStarts(sorted: Float32Array, valid: number, lo: number, scale: number, buckets: number, /* out */ start: Int32Array): void {
  const last = buckets - 1;
  let next = 0;
  for (let j = 0; j < valid; j++) {
    const b = bucketOf(sorted[j], lo, scale, last);
    while (next <= b) start[next++] = j;
  }
  while (next <= buckets) start[next++] = valid;
}

/**
 * The last table made by placesFor, with a copy of the sorted values it was made from, and the
 * settled array (src/model/values.ts) last found to hold them, if any.
 */
let last: { readonly copy: Float32Array; readonly places: Places; same: Float32Array | null } | null = null;

/**
 * The bucket table for ascending `sorted`, its start array in `start` (sharedScratch of the
 * caller, which must hold placesBuckets(n) + 1 entries and stay the same array): the last table
 * again when `sorted` holds the same values (the world cut's heights, read by the rank on the
 * view and on the wind's coarse grid, are the same for both and change only with the heights).
 * Those values are compared once per array: the engine's shared sorted cut is settled, so the
 * same view of it again (the rank on the next domain) holds the same values.
 */
export function placesFor(sorted: Float32Array, start: Int32Array): Places {
  if (last && last.places.start === start) {
    const s = last.same;
    if (s && s.buffer === sorted.buffer && s.byteOffset === sorted.byteOffset && s.length === sorted.length) return { ...last.places, sorted };
    if (sameBits(last.copy, sorted)) {
      last.same = isSettled(sorted.buffer) ? sorted : null;
      return { ...last.places, sorted };
    }
  }
  // The copy's buffer is kept from the last table when it fits: a fresh 256 KB array each edit
  // costs its page faults. On the grid heap while there is one, so the table is made from the
  // copy in place there (the same values, so the same table).
  const copy = last && last.copy.length === sorted.length ? last.copy : gridBuffer(Float32Array, sorted.length, true);
  copy.set(sorted);
  const places = { ...placesTable(copy, start), sorted };
  last = { copy, places, same: isSettled(sorted.buffer) ? sorted : null };
  return places;
}
