// Kernels in AssemblyScript compiled to WebAssembly: the radix argsort of the heights (water
// level and land rank), bound by memory latency, and the cell-by-cell kernels. Without bounds
// checks and with plain loads and stores they run about twice as fast as the same code in JS.
// (The distance transform's column pass is a module of its own, distance.as.ts.)
//
// Not TypeScript: `npm run wasm` compiles this file into binary.ts, and tests/wasm.test.ts fails
// when the two disagree. The caller (instance.ts) lays out every buffer in linear memory and
// passes byte offsets; nothing here allocates. The argsort's radix sort is radix.as.ts's, shared
// with flood.as.ts. Same inputs, same bits: IEEE arithmetic only.

import { bump, floatBits, radixArgsort, sortableKey, startOf, word } from './radix.as';

/**
 * Vector constants, loaded from memory where they are used: V8 builds a v128 constant in three
 * instructions at every use, in the loop (as in wind.as.ts). As i32 words: f64x2 0 (i32x4 0
 * too) at 0, f64x2 1 at 16, f64x2 ½ at 32, f64x2 +∞ at 48, f32x4 4 at 64, i32x4 3 at 80.
 */
const K = memory.data<i32>([0, 0, 0, 0, 0, 0x3ff00000, 0, 0x3ff00000, 0, 0x3fe00000, 0, 0x3fe00000, 0, 0x7ff00000, 0, 0x7ff00000, 0x40800000, 0x40800000, 0x40800000, 0x40800000, 3, 3, 3, 3], 16);

// ---- argsort -------------------------------------------------------------------------------

/** Bytes of scratch argsort needs for n values. */
export function argsortScratchBytes(n: i32): usize {
  return (<usize>(2 * 65536) + 2 * <usize>n) << 2;
}

/**
 * Sorts n Float32 values ascending, stably: the sorted values to `sortedAt`, the index of the
 * cell holding each to `orderAt` (radix.as.ts radixArgsort, every value: the flood sorts the
 * land's with the same code). Scratch at `scratchAt`: argsortScratchBytes(n), the two count
 * tables then the pairs.
 */
export function argsort(n: i32, valuesAt: usize, sortedAt: usize, orderAt: usize, scratchAt: usize): void {
  radixArgsort(n, valuesAt, false, 0, sortedAt, orderAt, 0, scratchAt, scratchAt + (<usize>(2 * 65536) << 2));
}

/** Bytes of scratch sort needs for n values: three 2048-entry count tables and n keys. */
export function sortScratchBytes(n: i32): usize {
  return (<usize>(3 * 2048) + <usize>n) << 2;
}

/**
 * Sorts n Float32 values ascending into `sortedAt`, values only (the same keys as argsort, so
 * the same order: only the cells of equal values could differ, and no cells are kept). Three
 * passes of 11, 11 and 10 bits, all counted in one pass: for the world cut's 16,384 heights
 * the 16-bit passes' two 65,536-entry tables cost more than the values (0.36 ms a sort).
 * Scratch at `scratchAt`: sortScratchBytes(n).
 */
export function sort(n: i32, valuesAt: usize, sortedAt: usize, scratchAt: usize): void {
  const c0 = scratchAt;
  const c1 = c0 + (2048 << 2);
  const c2 = c1 + (2048 << 2);
  const keys = c2 + (2048 << 2);
  memory.fill(c0, 0, 3 * 2048 << 2);
  for (let i = 0; i < n; i++) {
    const k = sortableKey(load<u32>(word(valuesAt, i)));
    bump(word(c0, k & 0x7ff));
    bump(word(c1, (k >>> 11) & 0x7ff));
    bump(word(c2, k >>> 22));
  }
  let s0: u32 = 0;
  let s1: u32 = 0;
  let s2: u32 = 0;
  for (let d = 0; d < 2048; d++) {
    s0 = startOf(word(c0, d), s0);
    s1 = startOf(word(c1, d), s1);
    s2 = startOf(word(c2, d), s2);
  }
  // Values to keys in `sortedAt` by the low digit, to `keys` by the middle one, back by the top one as floats.
  for (let i = 0; i < n; i++) {
    const k = sortableKey(load<u32>(word(valuesAt, i)));
    store<u32>(word(sortedAt, bump(word(c0, k & 0x7ff))), k);
  }
  for (let i = 0; i < n; i++) {
    const k = load<u32>(word(sortedAt, i));
    store<u32>(word(keys, bump(word(c1, (k >>> 11) & 0x7ff))), k);
  }
  for (let i = 0; i < n; i++) {
    const k = load<u32>(word(keys, i));
    store<u32>(word(sortedAt, bump(word(c2, k >>> 22))), floatBits(k));
  }
}

// ---- land rank -----------------------------------------------------------------------------

/**
 * Each of `cells` heights at `hAt` (padded to a multiple of 4) placed among ascending sorted
 * heights by a bucket table (src/kernels/places.ts): bucket b = trunc((v − lo) · scale) in
 * Float32, clamped to 0 … last, counted from i32 `startAt`[b] over the sorted f32 at `sortedAt`
 * (padded with 4 NaN), then the count's rank read from the f32 table at `ranksAt` into `outAt`.
 * The bucket function is monotone, so an entry past v's bucket is above v: a bucket of up to
 * four entries is counted by one compare of the four entries from its start, without a branch;
 * a longer one (a run of equal heights) by binary search. Cells below the least entry (−∞ is
 * below none; NaN is not below it) have no entry below them: four of them at once (the sea) are
 * rank 0, with no lookup.
 */
export function rank(cells: i32, hAt: usize, outAt: usize, startAt: usize, sortedAt: usize, ranksAt: usize, lo: f32, scale: f32, last: i32): void {
  const lov = f32x4.splat(lo);
  const leastv = f32x4.splat(load<f32>(sortedAt));
  const scalev = f32x4.splat(scale);
  const lastv = i32x4.splat(last);
  for (let i = 0; i < cells; i += 4) {
    const o = <usize>i << 2;
    const v = v128.load(hAt + o);
    // Four cells below the least entry (the sea, mostly): no entry is below them, rank 0.
    if (i32x4.all_true(f32x4.lt(v, leastv))) {
      v128.store(outAt + o, v128.load(K));
      continue;
    }
    const b = i32x4.min_s(i32x4.max_s(i32x4.trunc_sat_f32x4_s(f32x4.mul(f32x4.sub(v, lov), scalev)), v128.load(K)), lastv);
    store<f32>(outAt + o, place(f32x4.extract_lane(v, 0), i32x4.extract_lane(b, 0), startAt, sortedAt, ranksAt));
    store<f32>(outAt + o, place(f32x4.extract_lane(v, 1), i32x4.extract_lane(b, 1), startAt, sortedAt, ranksAt), 4);
    store<f32>(outAt + o, place(f32x4.extract_lane(v, 2), i32x4.extract_lane(b, 2), startAt, sortedAt, ranksAt), 8);
    store<f32>(outAt + o, place(f32x4.extract_lane(v, 3), i32x4.extract_lane(b, 3), startAt, sortedAt, ranksAt), 12);
  }
}

/**
 * The bucket table of `valid` ascending Float32 entries at `sortedAt` (src/kernels/places.ts
 * placesTable, the same numbers): the i32 `startAt`[b] is the first entry whose bucket
 * trunc((v − lo) · scale), in Float32 and clamped to 0 … buckets − 1, is ≥ b; `startAt`[buckets]
 * is `valid`.
 */
export function places(valid: i32, sortedAt: usize, startAt: usize, lo: f32, scale: f32, buckets: i32): void {
  const last = buckets - 1;
  // The buckets are monotone in j, so the first entry at or past bucket b is the count of
  // entries below it: counted into startAt[b + 1], then summed (no branch on the data, where
  // stepping b up entry by entry mispredicted at every irregular gap).
  memory.fill(startAt, 0, <usize>(buckets + 1) << 2);
  for (let j = 0; j < valid; j++) {
    const x: f32 = (load<f32>(sortedAt + (<usize>j << 2)) - lo) * scale;
    // NaN and x ≤ 0 go to bucket 0, as in JS; x < last truncates in range.
    const b: i32 = x >= <f32>last ? last : x > 0 ? <i32>x : 0;
    const at = startAt + (<usize>(b + 1) << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
  let sum = 0;
  for (let b = 1; b <= buckets; b++) {
    const at = startAt + (<usize>b << 2);
    sum += load<i32>(at);
    store<i32>(at, sum);
  }
}

/** The rank of v in bucket b: the sorted entries below v counted, read in the rank table. */
@inline function place(v: f32, b: i32, startAt: usize, sortedAt: usize, ranksAt: usize): f32 {
  let j = load<i32>(startAt + (<usize>b << 2));
  let end = load<i32>(startAt + (<usize>b << 2), 4);
  if (end - j <= 4) {
    const below = f32x4.lt(v128.load(sortedAt + (<usize>j << 2)), f32x4.splat(v));
    j += popcnt(i32x4.bitmask(below));
  } else {
    while (j < end) {
      const mid = (j + end) >>> 1;
      if (load<f32>(sortedAt + (<usize>mid << 2)) < v) j = mid + 1;
      else end = mid;
    }
  }
  return load<f32>(ranksAt + (<usize>j << 2));
}

// ---- cell by cell --------------------------------------------------------------------------
//
// Kernels that read a few grids and write one, each cell on its own, two cells at a time in
// f64x2 lanes. They do the same operations in the same order as the formulas in JS on doubles,
// so every result is the one JS would give, bit for bit. An input at offset 0 is unwired.
// The caller pads every grid to 8 bytes: with an odd count the last pair reads and writes one
// cell of padding.

/** Two Float32 cells as doubles. */
@inline function load2(at: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(at));
}

/** Two doubles stored as Float32 cells. */
@inline function store2(at: usize, v: v128): void {
  v128.store64_lane(at, f32x4.demote_f64x2_zero(v), 0);
}

/** v < 0 ? 0 : v > 1 ? 1 : v per lane (NaN stays NaN, as in JS). */
@inline function saturate(v: v128): v128 {
  return f64x2.pmin(f64x2.pmax(v, v128.load(K)), v128.load(K, 16));
}

/** a where the lane mask is set, b elsewhere. */
@inline function choose(mask: v128, a: v128, b: v128): v128 {
  return v128.bitselect(a, b, mask);
}

/** Combine modes, as numbered by the caller. */
const TERRAIN = 0, ADD = 1, MULTIPLY = 2, MIN = 3, MAX = 4, LERP = 5;

/** terrain b + s·d, add b + d, multiply b·s, min, max, lerp b + (d − b)·s; unwired: b 0, s 1, d 0. */
export function combine(n: i32, mode: i32, baseAt: usize, scaleAt: usize, detailAt: usize, outAt: usize): void {
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 2;
    const b = baseAt ? load2(baseAt + o) : v128.load(K);
    const s = scaleAt ? load2(scaleAt + o) : v128.load(K, 16);
    const d = detailAt ? load2(detailAt + o) : v128.load(K);
    let v: v128;
    if (mode == TERRAIN) v = f64x2.add(b, f64x2.mul(s, d));
    else if (mode == ADD) v = f64x2.add(b, d);
    else if (mode == MULTIPLY) v = f64x2.mul(b, s);
    else if (mode == MIN) v = f64x2.min(b, d);
    else if (mode == MAX) v = f64x2.max(b, d);
    else v = f64x2.add(b, f64x2.mul(f64x2.sub(d, b), s));
    store2(outAt + o, v);
  }
}

/**
 * T = sat(rowBase[r] − lapse · rank + coastMod / (1 + d) + tempNoise · ((noise + 1) · ½ − ½)),
 * for `rows` rows of n cells (rowBase holds each row's base − latitude term). Each row runs in
 * pairs; with an odd n a row's last pair spills one cell into the next row, which that row
 * then writes again.
 */
export function temperature(rows: i32, n: i32, rowBaseAt: usize, rankAt: usize, coastAt: usize, noiseAt: usize, outAt: usize, lapse: f64, coastMod: f64, tempNoise: f64): void {
  const lapsev = f64x2.splat(lapse);
  const coastv = f64x2.splat(coastMod);
  const noisev = f64x2.splat(tempNoise);
  for (let r = 0; r < rows; r++) {
    const base = f64x2.splat(load<f64>(rowBaseAt + (<usize>r << 3)));
    const end = r * n + n;
    for (let i = r * n; i < end; i += 2) {
      const o = <usize>i << 2;
      let t = base;
      if (rankAt) t = f64x2.sub(t, f64x2.mul(lapsev, load2(rankAt + o)));
      if (coastAt) t = f64x2.add(t, f64x2.div(coastv, f64x2.add(v128.load(K, 16), load2(coastAt + o))));
      if (noiseAt) t = f64x2.add(t, f64x2.mul(noisev, f64x2.sub(f64x2.mul(f64x2.add(load2(noiseAt + o), v128.load(K, 16)), v128.load(K, 32)), v128.load(K, 32))));
      store2(outAt + o, saturate(t));
    }
  }
}

/** M = sat(moistNoise · sat((noise + 1) · ½) + coastBonus / (1 + d · decay) + strength · air); d = +∞ adds nothing. */
export function moisture(n: i32, noiseAt: usize, coastAt: usize, airAt: usize, outAt: usize, moistNoise: f64, coastBonus: f64, decay: f64, strength: f64): void {
  const noisev = f64x2.splat(moistNoise);
  const bonusv = f64x2.splat(coastBonus);
  const decayv = f64x2.splat(decay);
  const strengthv = f64x2.splat(strength);
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 2;
    const nm = noiseAt ? saturate(f64x2.mul(f64x2.add(load2(noiseAt + o), v128.load(K, 16)), v128.load(K, 32))) : v128.load(K, 32);
    let m = f64x2.mul(noisev, nm);
    if (coastAt) {
      const d = load2(coastAt + o);
      const wet = f64x2.add(m, f64x2.div(bonusv, f64x2.add(v128.load(K, 16), f64x2.mul(d, decayv))));
      m = choose(f64x2.ne(d, v128.load(K, 48)), wet, m);
    }
    if (airAt) m = f64x2.add(m, f64x2.mul(strengthv, load2(airAt + o)));
    store2(outAt + o, saturate(m));
  }
}

/** ⌊4v⌋ clamped to 0…3; NaN reads 0, +∞ reads 3 (4v is exact in Float32 as in f64). */
@inline function tableIndex(v: f32): i32 {
  return v >= 1 ? 3 : v > 0 ? <i32>(<f32>4 * v) : 0;
}

/** tableIndex of four cells: trunc_sat(4v) clamped to 0 … 3 (NaN truncates to 0). */
@inline function tableIndex4(v: v128): v128 {
  return i32x4.min_s(i32x4.max_s(i32x4.trunc_sat_f32x4_s(f32x4.mul(v, v128.load(K, 64))), v128.load(K)), v128.load(K, 80));
}

/** Four i32x4 lanes' low bytes (0 … 255, or masks 0 / −1) as 16 bytes, in order. */
@inline function bytes16(a: v128, b: v128, c: v128, d: v128): v128 {
  return i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(a, b), i16x8.narrow_i32x4_s(c, d));
}

/**
 * Biome ids (u8): ocean below the level; beach within beachWidth of the coast where
 * T ≥ beachMinTemperature; else table[⌊4T⌋ · 4 + ⌊4M⌋] (16 u8 at tableAt). The caller gives
 * each threshold as the least Float32 at or above it (float32Above), so Float32 compares decide
 * as the doubles did. Sixteen cells at a time: the table is one vector, read by swizzle.
 */
export function whittaker(n: i32, heightAt: usize, level: f32, temperatureAt: usize, moistureAt: usize, coastAt: usize, tableAt: usize, outAt: usize, ocean: u8, beach: u8, beachWidth: f32, beachMinTemperature: f32): void {
  const table = v128.load(tableAt);
  const levelv = f32x4.splat(level);
  const widthv = f32x4.splat(beachWidth);
  const warmv = f32x4.splat(beachMinTemperature);
  const oceanv = i8x16.splat(ocean);
  const beachv = i8x16.splat(beach);
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    const o = <usize>i << 2;
    const t0 = v128.load(temperatureAt + o);
    const t1 = v128.load(temperatureAt + o, 16);
    const t2 = v128.load(temperatureAt + o, 32);
    const t3 = v128.load(temperatureAt + o, 48);
    const rows = bytes16(tableIndex4(t0), tableIndex4(t1), tableIndex4(t2), tableIndex4(t3));
    const m = moistureAt + o;
    const cols = bytes16(tableIndex4(v128.load(m)), tableIndex4(v128.load(m, 16)), tableIndex4(v128.load(m, 32)), tableIndex4(v128.load(m, 48)));
    let ids = i8x16.swizzle(table, v128.or(i8x16.shl(rows, 2), cols));
    if (coastAt) {
      const c = coastAt + o;
      const near = bytes16(
        v128.and(f32x4.lt(v128.load(c), widthv), f32x4.ge(t0, warmv)),
        v128.and(f32x4.lt(v128.load(c, 16), widthv), f32x4.ge(t1, warmv)),
        v128.and(f32x4.lt(v128.load(c, 32), widthv), f32x4.ge(t2, warmv)),
        v128.and(f32x4.lt(v128.load(c, 48), widthv), f32x4.ge(t3, warmv)),
      );
      ids = v128.bitselect(beachv, ids, near);
    }
    const h = heightAt + o;
    const wet = bytes16(f32x4.lt(v128.load(h), levelv), f32x4.lt(v128.load(h, 16), levelv), f32x4.lt(v128.load(h, 32), levelv), f32x4.lt(v128.load(h, 48), levelv));
    v128.store(outAt + <usize>i, v128.bitselect(oceanv, ids, wet));
  }
  for (; i < n; i++) {
    const o = <usize>i << 2;
    if (load<f32>(heightAt + o) < level) {
      store<u8>(outAt + <usize>i, ocean);
      continue;
    }
    const t = load<f32>(temperatureAt + o);
    if (coastAt && load<f32>(coastAt + o) < beachWidth && t >= beachMinTemperature) {
      store<u8>(outAt + <usize>i, beach);
      continue;
    }
    const m = load<f32>(moistureAt + o);
    store<u8>(outAt + <usize>i, load<u8>(tableAt + <usize>(tableIndex(t) * 4 + tableIndex(m))));
  }
}
