// The exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012) in WebAssembly, a
// band of output rows at a time, so threads can each take bands.
//
// The column pass gives every cell its distance to the nearest site down its column: a forward
// and a backward scan, eight columns at a time (SIMD, 16-bit counters of the rows since the
// last site). The row pass takes, along each row, the lower envelope of the parabolas
// (q − p)² + g²[p] and evaluates it on the columns wanted. Rows are contiguous in memory, so
// nothing is transposed, and the backward scan hands the rows to the envelope four at a time as
// soon as they are finished (hulls(): four rows' steps interleaved). Non-sites stay out of the envelope instead of taking INF = 1e20 (which loses
// the q² terms to rounding), so the result is exact and a row without a site stays at +∞.
//
// Not TypeScript: `npm run wasm` compiles this file into distance-binary.ts. The caller
// (distance-instance.ts) lays out every buffer and passes byte offsets; nothing here allocates.

/** Rows whose envelopes are built together, their steps taken in turn (see hulls()). */
const LANES = 4;

/** Bytes of work memory band() needs past `workAt` for rows m long, `rows` output rows and n output columns. */
export function workBytes(m: i32, rows: i32, n: i32): usize {
  const mp = <usize>((m + 7) & ~7);
  // The forward scan's distances (u16 rows of mp), the counters, LANES rows with their
  // sentinels (u16) and LANES lanes (laneBytes), which columns enter (a bit each), each output
  // cell's squared distance (f64 n).
  return (<usize>rows * mp << 1) + (mp << 1) + LANES * ((mp << 1) + 32 + laneBytes(m)) + ((mp >> 3) + 16) + (<usize>(n + 2) << 3) + 64;
}

/**
 * A lane's bytes: the columns of its row that enter the envelope (list(): f64 pairs 2q,
 * g[q]² + q²), then the envelope (32-byte slots, m + 2 of them: see hulls()).
 */
@inline function laneBytes(m: i32): usize {
  return (<usize>(m + 1) << 4) + (<usize>(m + 2) << 5);
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
 * the backward scan takes, row by row from b − 1 up, the minimum with the nearest site below,
 * and hands the rows LANES at a time to the envelopes while they are in cache. Work memory
 * from `workAt` (16-aligned): workBytes(m, b − a, n).
 */
export function band(m: i32, s0: i32, s1: i32, hAt: usize, sites: bool, level: f32, a: i32, b: i32, far: i32, sAt: usize, outAt: usize, workAt: usize, from: i32, n: i32, unit: f64, cap: f64): void {
  const mp = (m + 7) & ~7;
  const above = workAt; // u16 (b − a) rows of mp: the forward scan's distances
  const counts = above + (<usize>((b - a) * mp) << 1); // u16 mp: rows since each column's last site
  const rowBytes = (<usize>mp << 1) + 32;
  const rows = counts + (<usize>mp << 1) + 16; // LANES u16 rows of m, rowBytes apart; row[−1] and row[m] are NONE
  const lane = laneBytes(m);
  const lanes = rows + LANES * rowBytes - 16; // LANES lanes, `lane` bytes apart
  const keep = lanes + LANES * lane; // a bit per column: which enter the envelope
  const dd = (keep + (<usize>mp >> 3) + 16 + 7) & ~7; // f64 n: each output cell's squared distance
  // A site where (h, its sign flipped for `sites`) < level: for sites, −h < 0 where h > 0.
  // hAt 0: the caller has written the sites already (sites(), a chunk of rows at a time).
  if (hAt != 0) sitesOut(hAt, (s1 - s0) * m, i32x4.splat(sites ? 0x80000000 : 0), f32x4.splat(level), sAt);
  const none = i16x8.splat(NONE);
  reset(counts, mp, none);
  for (let r = s0; r < b; r++) scan(m, sAt + <usize>((r - s0) * m), counts, r >= a ? above + (<usize>((r - a) * mp) << 1) : 0);
  const farv = i16x8.splat(<i16>far);
  // Every squared distance is an integer up to 2m², exact in Float32 below 2²⁴ (m ≤ 2896); with
  // a unit that is a power of two (2⁻¹⁰⁰ … 2¹⁰⁰), √ × unit rounded once to Float32 is the
  // Float32 √ × unit (rounding through Float64 first changes no square root: 53 ≥ 2 × 24 + 2
  // bits), four a vector.
  const bits = reinterpret<u64>(unit);
  const fast = m <= 2896 && bits << 12 == 0 && (bits >> 52) - 923 <= 200;
  // The scan up: each of the band's rows, the nearer of the sites above and below, goes to a
  // lane with which of its columns can matter; every LANES rows (at the band's top fewer, the
  // other lanes empty) their envelopes, then their values.
  reset(counts, mp, none);
  let l = 0;
  for (let r = s1 - 1; r >= a; r--) {
    scan(m, sAt + <usize>((r - s0) * m), counts, 0);
    if (r >= b) continue;
    const g = rows + <usize>l * rowBytes;
    const up = above + (<usize>((r - a) * mp) << 1);
    for (let t = 0; t < m; t += 8) {
      const at = <usize>t << 1;
      v128.store(g + at, i16x8.min_s(v128.load(counts + at), v128.load(up + at)));
    }
    store<i16>(g - 2, NONE);
    store<i16>(g + (<usize>m << 1), NONE);
    store<i32>(lanes + <usize>l * lane - 4, kept(g, lanes + <usize>l * lane, m, farv, keep));
    if (++l < LANES && r > a) continue;
    for (let e = l; e < LANES; e++) store<i32>(lanes + <usize>e * lane - 4, 0);
    hulls(lanes, lane, m);
    for (let e = 0; e < l; e++) {
      const list = lanes + <usize>e * lane;
      evaluate(rows + <usize>e * rowBytes, outAt + (<usize>((r + l - 1 - e - a) * n) << 2), load<i32>(list - 4), list + (<usize>(m + 1) << 4), dd, from, n, unit, cap, fast);
    }
    l = 0;
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
 * Which columns of the row g (u16 column distances, from `far` on none, NONE at g[−1] and g[m])
 * enter its envelope, as f64 pairs (2q, g[q]² + q²) at `list`; their count. Left out, as they
 * cannot change a value: a site (g = 0) with sites left and right (its neighbours are nearer
 * to every column but its own, where the distance is 0 anyway: the open sea, most of the
 * sites), and a column whose neighbours are no farther from the sea down their columns and one
 * of them nearer (at every column right of it the right neighbour is nearer, left of it the
 * left one, at its own the nearer one; so at every column some column left in is at least as
 * near). Every value is still the exact minimum over the parabolas (integers), so no bit
 * changes. Found eight at a time (SIMD) into `keep`, a bit each.
 */
function kept(g: usize, list: usize, m: i32, farv: v128, keep: usize): i32 {
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
  let e = list;
  for (let t = 0; t < m; t += 64) {
    let word = load<u64>(keep + <usize>(t >> 3));
    while (word != 0) {
      const q = t + <i32>ctz(word);
      word &= word - 1;
      if (q >= m) break;
      const qf = <f64>q;
      const gq = <f64>load<u16>(g + (<usize>q << 1));
      store<f64>(e, qf + qf);
      store<f64>(e, gq * gq + qf * qf, 8);
      e += 16;
    }
  }
  return <i32>((e - list) >> 4);
}

/**
 * One step of the lower envelope of a lane's parabolas, without a branch: the list's entry at
 * e (2q, hq = g[q]² + q²) against the envelope's top slot at `top` (2p, hp, and the boundary left of p,
 * a fraction zN / zD of integers). The boundary between the two is s = (hq − hp) / (2q − 2p);
 * p is hidden when s ≤ zN / zD, compared as (hq − hp) · zD ≤ zN · (2q − 2p), integers below
 * 2⁵³, exact, and the comparison of the rounded divisions: two distinct fractions N1 / D1 and
 * N2 / D2 (denominators below 2¹⁶) differ by at least 1 / (D1 · D2), more than an ulp of either
 * while |N1| · D2 < 2⁵²; here |N| ≤ far² + m · D (N = g[q]² − g[p]² + q² − p²), so
 * |N1| · D2 ≤ (far² + m · D1) · D2 < 2⁴⁸ for far, m ≤ 32767, and they round to distinct Float64s. The entry is written above the top with s as
 * its fraction (where it lands if p stays; a slot past the top holds nothing). 1 if p is
 * hidden (pop: the slot below, the same entry again), 0 if not (push: the slot above, the
 * next entry).
 */
@inline function step(e: usize, top: usize): i32 {
  const q2 = load<f64>(e);
  const hq = load<f64>(e, 8);
  const sN = hq - load<f64>(top, 8);
  const sD = q2 - load<f64>(top);
  store<f64>(top, q2, 32);
  store<f64>(top, hq, 40);
  store<f64>(top, sN, 48);
  store<f64>(top, sD, 56);
  return <i32>(sN * load<f64>(top, 24) <= load<f64>(top, 16) * sD);
}

/**
 * The lower envelopes of LANES lanes' lists (`lane` bytes apart from `lanes`, each's count at
 * −4, where its top index goes). A row's envelope is one long chain of dependent steps whose
 * pops no branch predicts, so the lanes take their steps in turn, without branches, each
 * overlapping the others', until one lane has no entry left; then each finishes alone. Slot 0
 * is the list's first entry with the boundary −∞ (−∞ / 1: nothing pops it); the top slot's
 * boundary on the right is +∞ (+∞ / 1). The same steps in the same order as one lane alone.
 */
function hulls(lanes: usize, lane: usize, m: i32): void {
  const env = <usize>(m + 1) << 4;
  const l0 = lanes;
  const l1 = l0 + lane;
  const l2 = l1 + lane;
  const l3 = l2 + lane;
  for (let l = lanes; l <= l3; l += lane) {
    const at = l + env;
    v128.store(at, v128.load(l));
    store<f64>(at, -Infinity, 16);
    store<f64>(at, 1, 24);
  }
  // Each lane's top slot and next entry as addresses: a pop steps the top down a slot and
  // keeps the entry, a push steps both up.
  let t0 = l0 + env;
  let t1 = l1 + env;
  let t2 = l2 + env;
  let t3 = l3 + env;
  let e0 = l0 + 16;
  let e1 = l1 + 16;
  let e2 = l2 + 16;
  let e3 = l3 + 16;
  const n0 = l0 + (<usize>load<i32>(l0 - 4) << 4);
  const n1 = l1 + (<usize>load<i32>(l1 - 4) << 4);
  const n2 = l2 + (<usize>load<i32>(l2 - 4) << 4);
  const n3 = l3 + (<usize>load<i32>(l3 - 4) << 4);
  while (e0 < n0 && e1 < n1 && e2 < n2 && e3 < n3) {
    const p0 = step(e0, t0);
    const p1 = step(e1, t1);
    const p2 = step(e2, t2);
    const p3 = step(e3, t3);
    t0 += 32 - (<usize>p0 << 6);
    t1 += 32 - (<usize>p1 << 6);
    t2 += 32 - (<usize>p2 << 6);
    t3 += 32 - (<usize>p3 << 6);
    e0 += 16 - (<usize>p0 << 4);
    e1 += 16 - (<usize>p1 << 4);
    e2 += 16 - (<usize>p2 << 4);
    e3 += 16 - (<usize>p3 << 4);
  }
  store<i32>(l0 - 4, finish(l0 + env, t0, e0, n0, l0));
  store<i32>(l1 - 4, finish(l1 + env, t1, e1, n1, l1));
  store<i32>(l2 - 4, finish(l2 + env, t2, e2, n2, l2));
  store<i32>(l3 - 4, finish(l3 + env, t3, e3, n3, l3));
}

/** A lane's remaining steps (hulls()) up to its list's `end`; its top index, −1 for an empty list, the top's right boundary +∞. */
function finish(env: usize, top: usize, e: usize, end: usize, list: usize): i32 {
  if (end <= list) return -1;
  while (e < end) {
    const p = step(e, top);
    top += 32 - (<usize>p << 6);
    e += 16 - (<usize>p << 4);
  }
  store<f64>(top, Infinity, 48);
  store<f64>(top, 1, 56);
  return <i32>((top - env) >> 5);
}

/**
 * The envelope 0 … k at `env` (k −1: none) evaluated at columns from … from + n − 1 of the row
 * g, each as √ × unit capped, into out: parabola j is the least on the columns q with
 * z[j] < q ≤ z[j + 1], its boundaries divided here (the same correctly rounded divisions as
 * where they were found). Every value is the exact minimum over the parabolas (integers), so
 * no bit depends on which were left out. The squared distances go to `dd`, then their roots:
 * in Float64 two a vector, or when `fast` (band(): integers below 2²⁴, a unit that is a power
 * of two) in Float32 four a vector, the same bits.
 */
function evaluate(g: usize, out: usize, k: i32, env: usize, dd: usize, from: i32, n: i32, unit: f64, cap: f64, fast: bool): void {
  if (k < 0) {
    // No column within reach: +∞, the cap if there is one.
    for (let q = 0; q < n; q++) {
      if (fast) store<f32>(dd + (<usize>q << 2), Infinity);
      else store<f64>(dd + (<usize>q << 3), Infinity);
    }
  } else {
    // Each segment's squared distances (q − p)² + g²[p], Float32 four columns a vector (up to
    // three past `last`: the next segment or the slack past n takes them), or Float64 two.
    const end = from + n;
    let q = from;
    for (let j = env; q < end; j += 32) {
      const zr = load<f64>(j, 48) / load<f64>(j, 56);
      if (zr < <f64>q) continue;
      const last = zr >= <f64>(end - 1) ? end - 1 : <i32>zr;
      const p = <i32>load<f64>(j) >> 1;
      const gp = <f64>load<u16>(g + (<usize>p << 1));
      if (fast) {
        const fp = f32x4.splat(<f32>(gp * gp));
        const pv = f32x4.splat(<f32>p);
        for (; q <= last; q += 4) {
          const e = f32x4.sub(f32x4.add(f32x4.splat(<f32>q), f32x4(0, 1, 2, 3)), pv);
          v128.store(dd + (<usize>(q - from) << 2), f32x4.add(f32x4.mul(e, e), fp));
        }
        q = last + 1;
        continue;
      }
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
  const capv = f32x4.splat(<f32>cap);
  const none = i32x4.splat(0);
  let q = 0;
  if (fast) {
    const unitv = f32x4.splat(<f32>unit);
    for (; q + 4 <= n; q += 4) {
      const d = f32x4.mul(f32x4.sqrt(v128.load(dd + (<usize>q << 2))), unitv);
      const site = i32x4.eq(v128.load16x4_u(g + (<usize>(from + q) << 1)), none);
      v128.store(out + (<usize>q << 2), v128.andnot(f32x4.pmin(d, capv), site));
    }
  } else {
    const unitv = f64x2.splat(unit);
    for (; q + 4 <= n; q += 4) {
      const at = dd + (<usize>q << 3);
      const lo = f32x4.demote_f64x2_zero(f64x2.mul(f64x2.sqrt(v128.load(at)), unitv));
      const hi = f32x4.demote_f64x2_zero(f64x2.mul(f64x2.sqrt(v128.load(at, 16)), unitv));
      const site = i32x4.eq(v128.load16x4_u(g + (<usize>(from + q) << 1)), none);
      v128.store(out + (<usize>q << 2), v128.andnot(f32x4.pmin(v128.shuffle<i64>(lo, hi, 0, 2), capv), site));
    }
  }
  for (; q < n; q++) {
    const d = fast ? Mathf.sqrt(load<f32>(dd + (<usize>q << 2))) * <f32>unit : <f32>(Math.sqrt(load<f64>(dd + (<usize>q << 3))) * unit);
    store<f32>(out + (<usize>q << 2), load<u16>(g + (<usize>(from + q) << 1)) == 0 ? 0 : <f64>d > cap ? <f32>cap : d);
  }
}
