// The exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012) in WebAssembly, a
// band of output rows at a time, so threads can each take bands.
//
// The column pass gives every cell its distance to the nearest site down its column: a forward
// and a backward scan, eight columns at a time (SIMD, 16-bit counters of the rows since the
// last site). The row pass takes, along each row, the lower envelope of the parabolas
// (q − p)² + g²[p] and evaluates it on the columns wanted. Rows are contiguous in memory, so
// nothing is transposed, and the backward scan hands each row to the envelope as soon as it
// is finished. Non-sites stay out of the envelope instead of taking INF = 1e20 (which loses
// the q² terms to rounding), so the result is exact and a row without a site stays at +∞.
//
// Not TypeScript: `npm run wasm` compiles this file into distance-binary.ts. The caller
// (distance-instance.ts) lays out every buffer and passes byte offsets; nothing here allocates.

/** Bytes of work memory band() needs past `workAt` for rows m long, `rows` output rows and n output columns. */
export function workBytes(m: i32, rows: i32, n: i32): usize {
  const mp = <usize>((m + 7) & ~7);
  // The forward scan's distances (u16 rows of mp), the counters, the row with its sentinels
  // (u16), the envelope's z, h (f64 m + 1), v (i32 m + 1), which columns enter (a bit each),
  // each output cell's squared distance (f64 n).
  return (<usize>rows * mp << 1) + (mp << 1) + (mp << 1) + 32 + (<usize>(m + 1) << 4) + (<usize>(m + 1) << 2) + ((mp >> 3) + 16) + (<usize>(n + 2) << 3) + 64;
}

/** 32767: a counter that saw no site (16-bit lanes saturate there; far ≤ 32767). */
const NONE: i16 = 32767;

/**
 * One band of the transform over an m-wide grid: heights rows s0 … s1 − 1 at `hAt` (f32 rows
 * of m), the sites where below `level` (where above 0 if `sites`), or with hAt 0 the sites
 * already at `sAt` (sites()); the output's grid rows
 * a … b − 1, their columns from … from + n − 1 written × unit, capped at `cap`, as f32 rows of
 * n at `outAt`. 1 on each site, 0 elsewhere, is written (u8 rows of m) at `sAt` for every row
 * read: the scans read those, and the caller the water. Column distances from `far` (≤ 32767)
 * rows on count as none, so a band reads only `far` rows past its own (all of them uncapped).
 * The forward scan (top down) keeps the distance to the nearest site above for rows a … b − 1;
 * the backward scan takes, row by row from b − 1 up, the minimum with the nearest site below
 * and runs the row's envelope while the row is in cache. Work memory from `workAt` (16-aligned):
 * workBytes(m, b − a, n).
 */
export function band(m: i32, s0: i32, s1: i32, hAt: usize, sites: bool, level: f32, a: i32, b: i32, far: i32, sAt: usize, outAt: usize, workAt: usize, from: i32, n: i32, unit: f64, cap: f64): void {
  const mp = (m + 7) & ~7;
  const above = workAt; // u16 (b − a) rows of mp: the forward scan's distances
  const counts = above + (<usize>((b - a) * mp) << 1); // u16 mp: rows since each column's last site
  const row = counts + (<usize>mp << 1) + 16; // u16 m: the row's distances; row[−1] and row[m] are NONE
  const z = row + (<usize>mp << 1) + 16; // f64 m + 1: boundaries between the envelope's parabolas
  const hh = z + (<usize>(m + 1) << 3); // f64 m + 1: the envelope's parabolas' f[p] + p²
  const v = hh + (<usize>(m + 1) << 3); // i32 m + 1: columns of the envelope's parabolas
  const keep = v + (<usize>(m + 1) << 2); // a bit per column: which enter the envelope
  const dd = (keep + (<usize>mp >> 3) + 16 + 7) & ~7; // f64 n: each output cell's squared distance
  // A site where (h, its sign flipped for `sites`) < level: for sites, −h < 0 where h > 0.
  // hAt 0: the caller has written the sites already (sites(), a chunk of rows at a time).
  if (hAt != 0) sitesOut(hAt, (s1 - s0) * m, i32x4.splat(sites ? 0x80000000 : 0), f32x4.splat(level), sAt);
  const none = i16x8.splat(NONE);
  reset(counts, mp, none);
  for (let r = s0; r < b; r++) scan(m, sAt + <usize>((r - s0) * m), counts, r >= a ? above + (<usize>((r - a) * mp) << 1) : 0);
  reset(counts, mp, none);
  for (let r = s1 - 1; r >= b; r--) scan(m, sAt + <usize>((r - s0) * m), counts, 0);
  const farv = i16x8.splat(<i16>far);
  // Every squared distance is an integer up to 2m², exact in Float32 below 2²⁴ (m ≤ 2896); with
  // a unit that is a power of two, √ × unit rounded once to Float32 is the Float32 √ × unit
  // (rounding through Float64 first changes no square root: 53 ≥ 2 × 24 + 2 bits), four a vector.
  const fast = m <= 2896 && (reinterpret<u64>(unit) & 0xfffffffffffff) == 0 && unit >= 1e-30 && unit <= 1e30;
  store<i16>(row - 2, NONE);
  for (let r = b - 1; r >= a; r--) {
    scan(m, sAt + <usize>((r - s0) * m), counts, 0);
    // The row: the nearer of the sites above and below, and which of its columns can matter.
    const up = above + (<usize>((r - a) * mp) << 1);
    for (let t = 0; t < m; t += 8) {
      const at = <usize>t << 1;
      v128.store(row + at, i16x8.min_s(v128.load(counts + at), v128.load(up + at)));
    }
    store<i16>(row + (<usize>m << 1), NONE);
    envelope(row, outAt + (<usize>((r - a) * n) << 2), m, farv, v, hh, z, keep, dd, from, n, unit, cap, fast);
  }
}

@inline function reset(at: usize, mp: i32, none: v128): void {
  for (let t = 0; t < mp; t += 8) v128.store(at + (<usize>t << 1), none);
}

/**
 * One row of a scan, eight columns a vector: each column's count of rows since its last site
 * (0 on a site, saturating at NONE) at `counts` brought to this row from its sites (bytes at
 * `s`), and stored at `out` too unless it is 0.
 */
function scan(m: i32, s: usize, counts: usize, out: usize): void {
  const one = i16x8.splat(1);
  for (let t = 0; t < m; t += 8) {
    const at = counts + (<usize>t << 1);
    const c = v128.andnot(i16x8.add_sat_s(v128.load(at), one), i16x8.neg(v128.load8x8_u(s + <usize>t)));
    v128.store(at, c);
    if (out != 0) v128.store(out + (<usize>t << 1), c);
  }
}

/**
 * The sites of `cells` heights at `hAt` as band() finds them (where below `level`; where above 0
 * if `isSites`), 1 or 0 a byte at `out`: so the caller can take the heights in a few rows at a
 * time and call band() with hAt 0.
 */
export function sites(hAt: usize, cells: i32, isSites: bool, level: f32, out: usize): void {
  sitesOut(hAt, cells, i32x4.splat(isSites ? 0x80000000 : 0), f32x4.splat(level), out);
}

/** 1 on each site (xor(h, flip) < level), 0 elsewhere, as bytes at `out` for the `cells` heights at `hAt`, sixteen a vector. */
function sitesOut(hAt: usize, cells: i32, flip: v128, level: v128, out: usize): void {
  const one = i32x4.splat(1);
  let i = 0;
  for (; i + 16 <= cells; i += 16) {
    const h = hAt + (<usize>i << 2);
    const a = v128.and(f32x4.lt(v128.xor(v128.load(h), flip), level), one);
    const b = v128.and(f32x4.lt(v128.xor(v128.load(h, 16), flip), level), one);
    const c = v128.and(f32x4.lt(v128.xor(v128.load(h, 32), flip), level), one);
    const d = v128.and(f32x4.lt(v128.xor(v128.load(h, 48), flip), level), one);
    v128.store(out + <usize>i, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(a, b), i16x8.narrow_i32x4_s(c, d)));
  }
  for (; i < cells; i++) {
    store<u8>(out + <usize>i, <u8>(i32x4.extract_lane(f32x4.lt(v128.xor(v128.load32_zero(hAt + (<usize>i << 2)), flip), level), 0) & 1));
  }
}

/**
 * 1 (a Float32) on each of the `cells` heights at `hAt` below `level`, 0 elsewhere (NaN is not
 * below), at `outAt`: the water node's mask. Four vectors a step, then one: the cells up to
 * the next multiple of 4 are written too (the caller's padding). One vector a step took 0.25 ms
 * for 1280² cells in the cache, four 0.15.
 */
export function waterMask(cells: i32, hAt: usize, level: f32, outAt: usize): void {
  const levelv = f32x4.splat(level);
  const one = f32x4.splat(1);
  let i = 0;
  for (; i + 16 <= cells; i += 16) {
    const h = hAt + (<usize>i << 2);
    const o = outAt + (<usize>i << 2);
    v128.store(o, v128.and(f32x4.lt(v128.load(h), levelv), one));
    v128.store(o, v128.and(f32x4.lt(v128.load(h, 16), levelv), one), 16);
    v128.store(o, v128.and(f32x4.lt(v128.load(h, 32), levelv), one), 32);
    v128.store(o, v128.and(f32x4.lt(v128.load(h, 48), levelv), one), 48);
  }
  for (; i < cells; i += 4) {
    const o = <usize>i << 2;
    v128.store(outAt + o, v128.and(f32x4.lt(v128.load(hAt + o), levelv), one));
  }
}

/**
 * True when the bytes at `waterAt` are 1 exactly on the `cells` heights at `hAt` below `level`
 * and 0 elsewhere (NaN is not below): whether a grid's water cells are those of a record.
 */
export function sameSites(cells: i32, hAt: usize, level: f32, waterAt: usize): bool {
  const levelv = f32x4.splat(level);
  const one = i32x4.splat(1);
  let i = 0;
  for (; i + 16 <= cells; i += 16) {
    const h = hAt + (<usize>i << 2);
    const a = v128.and(f32x4.lt(v128.load(h), levelv), one);
    const b = v128.and(f32x4.lt(v128.load(h, 16), levelv), one);
    const c = v128.and(f32x4.lt(v128.load(h, 32), levelv), one);
    const d = v128.and(f32x4.lt(v128.load(h, 48), levelv), one);
    const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(a, b), i16x8.narrow_i32x4_s(c, d));
    if (!i8x16.all_true(i8x16.eq(bytes, v128.load(waterAt + <usize>i)))) return false;
  }
  for (; i < cells; i++) {
    if (<u8>(load<f32>(hAt + (<usize>i << 2)) < level) != load<u8>(waterAt + <usize>i)) return false;
  }
  return true;
}

/**
 * Lower envelope of the parabolas (q − p)² + g[p]², g the row's column distances (u16, from
 * `far` on none, NONE at g[−1] and g[m]), evaluated at columns from … from + n − 1, each as
 * √ × unit capped, into out. Left out, as they cannot change a value: a site (g = 0) with
 * sites left and right (its neighbours are nearer to every column but its own, where the
 * distance is 0 anyway: the open sea, most of the sites), and a column whose neighbours are
 * no farther from the sea down their columns and one of them nearer (at every column right of
 * it the right neighbour is nearer, left of it the left one, at its own the nearer one; so at
 * every column some column left in is at least as near). Every value is still the exact
 * minimum over the parabolas (integers), so no bit changes. Which columns enter is found eight
 * at a time (SIMD) into `keep`, a bit each; the squared distances go to `dd` (f64), then their
 * roots two at a time.
 */
function envelope(g: usize, out: usize, m: i32, farv: v128, v: usize, h: usize, z: usize, keep: usize, dd: usize, from: i32, n: i32, unit: f64, cap: f64, fast: bool): void {
  const zero = i16x8.splat(0);
  for (let t = 0; t < m; t += 8) {
    const at = g + (<usize>t << 1);
    const c = v128.load(at);
    const l = v128.load(at - 2);
    const r = v128.load(at, 2);
    const innerSea = i16x8.eq(v128.or(c, v128.or(l, r)), zero);
    const peak = v128.andnot(v128.or(i16x8.lt_s(l, c), i16x8.lt_s(r, c)), v128.or(i16x8.gt_s(l, c), i16x8.gt_s(r, c)));
    let bits = i16x8.bitmask(v128.andnot(i16x8.lt_s(c, farv), v128.or(innerSea, peak)));
    if (t + 8 > m) bits &= (1 << (m - t)) - 1;
    store<u8>(keep + <usize>(t >> 3), <u8>bits);
  }
  let k = -1;
  for (let t = 0; t < m; t += 64) {
    let word = load<u64>(keep + <usize>(t >> 3));
    while (word != 0) {
      const q = t + <i32>ctz(word);
      word &= word - 1;
      if (q >= m) break;
      const qf = <f64>q;
      const gq = <f64>load<u16>(g + (<usize>q << 1));
      const hq = gq * gq + qf * qf;
      if (k < 0) {
        k = 0;
        store<i32>(v, q);
        store<f64>(h, hq);
        store<f64>(z, -Infinity);
        store<f64>(z + 8, Infinity);
        continue;
      }
      // z[0] is −∞, so the loop always stops by k = 0.
      let s = (hq - load<f64>(h + (<usize>k << 3))) / (2 * (qf - <f64>load<i32>(v + (<usize>k << 2))));
      while (s <= load<f64>(z + (<usize>k << 3))) {
        k--;
        s = (hq - load<f64>(h + (<usize>k << 3))) / (2 * (qf - <f64>load<i32>(v + (<usize>k << 2))));
      }
      k++;
      store<i32>(v + (<usize>k << 2), q);
      store<f64>(h + (<usize>k << 3), hq);
      store<f64>(z + (<usize>k << 3), s);
      store<f64>(z + (<usize>(k + 1) << 3), Infinity);
    }
  }
  if (fast) {
    evaluate32(g, out, k, v, z, dd, from, n, unit, cap);
    return;
  }
  if (k < 0) {
    // No column within reach: +∞, the cap if there is one.
    for (let q = 0; q < n; q++) store<f64>(dd + (<usize>q << 3), Infinity);
  } else {
    // Parabola j is the least on the columns q with z[j] < q ≤ z[j + 1]: each segment's
    // squared distances (q − p)² + g[p]², two columns a vector.
    const end = from + n;
    let q = from;
    for (let j = 0; q < end; j++) {
      const zr = load<f64>(z + (<usize>(j + 1) << 3));
      if (zr < <f64>q) continue;
      const last = zr >= <f64>(end - 1) ? end - 1 : <i32>zr;
      const p = load<i32>(v + (<usize>j << 2));
      const gp = <f64>load<u16>(g + (<usize>p << 1));
      const fp = f64x2.splat(gp * gp);
      const pv = f64x2.splat(<f64>p);
      for (; q < last; q += 2) {
        const e = f64x2.sub(f64x2.replace_lane(f64x2.splat(<f64>q), 1, <f64>(q + 1)), pv);
        v128.store(dd + (<usize>(q - from) << 3), f64x2.add(f64x2.mul(e, e), fp));
      }
      if (q == last) {
        const e = <f64>q - <f64>p;
        store<f64>(dd + (<usize>(q - from) << 3), e * e + gp * gp);
        q++;
      }
    }
  }
  // √ × unit rounded to Float32, then the least of it and the cap (as Float32: a Float32 d is
  // above the cap exactly when it is at or above the cap's Float32, so min gives the cap's);
  // 0 on sites (one left out of the envelope may have a site beside it nearer than itself).
  const unitv = f64x2.splat(unit);
  const capv = f32x4.splat(<f32>cap);
  const none = i32x4.splat(0);
  let q = 0;
  for (; q + 4 <= n; q += 4) {
    const at = dd + (<usize>q << 3);
    const lo = f32x4.demote_f64x2_zero(f64x2.mul(f64x2.sqrt(v128.load(at)), unitv));
    const hi = f32x4.demote_f64x2_zero(f64x2.mul(f64x2.sqrt(v128.load(at, 16)), unitv));
    const site = i32x4.eq(v128.load16x4_u(g + (<usize>(from + q) << 1)), none);
    v128.store(out + (<usize>q << 2), v128.andnot(f32x4.pmin(v128.shuffle<i64>(lo, hi, 0, 2), capv), site));
  }
  for (; q < n; q++) {
    const d = <f32>(Math.sqrt(load<f64>(dd + (<usize>q << 3))) * unit);
    store<f32>(out + (<usize>q << 2), load<u16>(g + (<usize>(from + q) << 1)) == 0 ? 0 : <f64>d > cap ? <f32>cap : d);
  }
}

/**
 * envelope()'s values when `fast` (see band()): the squared distances as Float32 (exact
 * integers), four columns a vector, their Float32 roots × unit (a power of two: exact), capped
 * and 0 on sites, four a vector. The bits of the Float64 way.
 */
function evaluate32(g: usize, out: usize, k: i32, v: usize, z: usize, dd: usize, from: i32, n: i32, unit: f64, cap: f64): void {
  if (k < 0) {
    for (let q = 0; q < n; q++) store<f32>(dd + (<usize>q << 2), Infinity);
  } else {
    const end = from + n;
    const lanes = f32x4(0, 1, 2, 3);
    let q = from;
    for (let j = 0; q < end; j++) {
      const zr = load<f64>(z + (<usize>(j + 1) << 3));
      if (zr < <f64>q) continue;
      const last = zr >= <f64>(end - 1) ? end - 1 : <i32>zr;
      const p = load<i32>(v + (<usize>j << 2));
      const gp = <f32>load<u16>(g + (<usize>p << 1));
      const fp = f32x4.splat(gp * gp);
      const pv = f32x4.splat(<f32>p);
      // Up to three columns past `last` too: the next segment (or the slack past n) takes them.
      for (; q <= last; q += 4) {
        const e = f32x4.sub(f32x4.add(f32x4.splat(<f32>q), lanes), pv);
        v128.store(dd + (<usize>(q - from) << 2), f32x4.add(f32x4.mul(e, e), fp));
      }
      q = last + 1;
    }
  }
  const unitv = f32x4.splat(<f32>unit);
  const capv = f32x4.splat(<f32>cap);
  const none = i32x4.splat(0);
  let q = 0;
  for (; q + 4 <= n; q += 4) {
    const d = f32x4.mul(f32x4.sqrt(v128.load(dd + (<usize>q << 2))), unitv);
    const site = i32x4.eq(v128.load16x4_u(g + (<usize>(from + q) << 1)), none);
    v128.store(out + (<usize>q << 2), v128.andnot(f32x4.pmin(d, capv), site));
  }
  for (; q < n; q++) {
    const d = Mathf.sqrt(load<f32>(dd + (<usize>q << 2))) * <f32>unit;
    store<f32>(out + (<usize>q << 2), load<u16>(g + (<usize>(from + q) << 1)) == 0 ? 0 : <f64>d > cap ? <f32>cap : d);
  }
}
