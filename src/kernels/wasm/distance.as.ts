// The exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012) in WebAssembly: the
// column pass in strips of rows, and the row pass for any block of rows, so threads can each
// take a block.
//
// The column pass gives every cell its squared distance to the nearest site down its column:
// a forward and a backward scan, four columns at a time (SIMD), a strip of rows at a time.
// The row pass takes, along each row, the lower envelope of the parabolas (q − p)² + g²[p] and
// evaluates it on the columns wanted. Rows are contiguous in memory, so nothing is transposed.
// Non-sites stay out of the envelope instead of taking INF = 1e20 (which loses the q² terms to
// rounding), so the result is exact and a row without a site stays at +∞.
//
// Not TypeScript: `npm run wasm` compiles this file into distance-binary.ts. The caller
// (distance-instance.ts) lays out every buffer and passes byte offsets; nothing here allocates.

/**
 * One strip of the column pass over an m-wide grid: `rows` rows of heights (f32, rows of m) at
 * `hAt`, grid rows r0 … r0 + rows − 1, the sites where below `level` (above it if `above`).
 * Forward (top to bottom) or backward, carrying each column's nearest site row in `lastAt`
 * (i32 × m, rounded up to 4) from the strip before; `start` resets it. Squared distances
 * (f32, +∞ from `far` on) to the nearest site above (forward) or below (backward) go to the
 * strip's rows at `gAt` that are grid rows dr … dr + n − 1: the two scans write buffers of their
 * own, so two threads can each take one, and the row pass takes their minimum. 1 on each site, 0 elsewhere, is written (u8) at
 * `waterAt` unless it is 0: forward for rows above dr + n, backward for the rows from there.
 */
export function columnStrip(m: i32, rows: i32, r0: i32, hAt: usize, above: bool, level: f32, waterAt: usize, dr: i32, n: i32, far: i32, gAt: usize, lastAt: usize, backward: bool, start: bool): void {
  const end = dr + n;
  const levelv = f32x4.splat(level);
  const farv = i32x4.splat(far);
  const inf = f32x4.splat(Infinity);
  const one = i32x4.splat(1);
  if (start) {
    const none = i32x4.splat(backward ? m + m + far : -m - far);
    for (let t = 0; t < m; t += 4) v128.store(lastAt + (<usize>t << 2), none);
  }
  for (let i = 0; i < rows; i++) {
    const s = backward ? rows - 1 - i : i;
    const r = r0 + s;
    const rv = i32x4.splat(r);
    const hRow = hAt + (<usize>(s * m) << 2);
    const gRow = gAt + (<usize>(s * m) << 2);
    const wRow = waterAt + <usize>(s * m);
    const written = r >= dr && r < end;
    const wet = waterAt != 0 && backward == r >= end;
    for (let t = 0; t < m; t += 4) {
      const last = lastAt + (<usize>t << 2);
      const site = isSite(v128.load(hRow + (<usize>t << 2)), levelv, above);
      const l = v128.bitselect(rv, v128.load(last), site);
      v128.store(last, l);
      if (wet) sitesOut(wRow + <usize>t, site, one, m - t);
      if (!written) continue;
      const g = backward ? i32x4.sub(l, rv) : i32x4.sub(rv, l);
      const gg = v128.bitselect(f32x4.convert_i32x4_s(i32x4.mul(g, g)), inf, i32x4.lt_s(g, farv));
      storeColumns(gRow + (<usize>t << 2), gg, m - t);
    }
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

@inline function isSite(h: v128, level: v128, above: bool): v128 {
  return above ? f32x4.gt(h, level) : f32x4.lt(h, level);
}

/** Stores the first min(4, left) lanes of v (f32) at `at`: a block's last vector may be partial. */
@inline function storeColumns(at: usize, v: v128, left: i32): void {
  if (left >= 4) {
    v128.store(at, v);
    return;
  }
  store<f32>(at, f32x4.extract_lane(v, 0));
  if (left > 1) store<f32>(at, f32x4.extract_lane(v, 1), 4);
  if (left > 2) store<f32>(at, f32x4.extract_lane(v, 2), 8);
}

/** Stores 1 or 0 for the first min(4, left) lanes of a site mask as bytes at `at`. */
@inline function sitesOut(at: usize, site: v128, one: v128, left: i32): void {
  const b = v128.and(site, one);
  const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(b, b), b);
  if (left >= 4) {
    store<i32>(at, i32x4.extract_lane(bytes, 0));
    return;
  }
  store<u8>(at, <u8>i32x4.extract_lane(b, 0));
  if (left > 1) store<u8>(at, <u8>i32x4.extract_lane(b, 1), 1);
  if (left > 2) store<u8>(at, <u8>i32x4.extract_lane(b, 2), 2);
}

/** Bytes of scratch rowPass needs for rows m long. */
export function rowScratchBytes(m: i32): usize {
  return (<usize>(m + 1) << 3) + (<usize>m << 3) + (<usize>m << 2);
}

/**
 * Distances × unit, capped at `cap` (+∞ for none), for `rows` rows m long: squared column
 * distances (f32, rows of m) the minimum of those at `gAt` and at `belowAt` (the two scans'),
 * taken into `gAt`; columns from … from + n − 1 of each written as f32 rows of n at `outAt`.
 * Scratch at `scratchAt` (8-aligned): rowScratchBytes(m).
 */
export function rowPass(m: i32, rows: i32, gAt: usize, belowAt: usize, from: i32, n: i32, outAt: usize, scratchAt: usize, unit: f64, cap: f64): void {
  const cells = rows * m;
  let i = 0;
  for (; i + 4 <= cells; i += 4) {
    const at = gAt + (<usize>i << 2);
    v128.store(at, f32x4.min(v128.load(at), v128.load(belowAt + (<usize>i << 2))));
  }
  for (; i < cells; i++) {
    const at = gAt + (<usize>i << 2);
    store<f32>(at, min(load<f32>(at), load<f32>(belowAt + (<usize>i << 2))));
  }
  const z = scratchAt; // f64 m + 1: boundaries between the envelope's parabolas
  const h = z + (<usize>(m + 1) << 3); // f64 m: the envelope's parabolas' f[p] + p²
  const v = h + (<usize>m << 3); // i32 m: columns of the envelope's parabolas
  for (let t = 0; t < rows; t++) {
    envelope(gAt + (<usize>(t * m) << 2), outAt + (<usize>(t * n) << 2), m, v, h, z, from, n, unit, cap);
  }
}

/**
 * Lower envelope of the parabolas (q − p)² + f[p] over the finite f[p], evaluated at columns
 * from … from + n − 1, each as √ × unit capped, into out. f is Float32 (squared integers, exact
 * up to m = 4096). A site (f = 0) with sites left and right is left out: its neighbours are
 * nearer to every column but its own, where the distance is 0 anyway. The open sea is most of
 * the sites, so the envelope holds about the coast's only. Every value is the exact minimum over
 * the parabolas (integers), so leaving dominated ones out changes no bit.
 */
function envelope(f: usize, out: usize, m: i32, v: usize, h: usize, z: usize, from: i32, n: i32, unit: f64, cap: f64): void {
  let k = -1;
  let before: f32 = Infinity; // f[q − 1]
  for (let q = 0; q < m; q++) {
    const f32q = load<f32>(f + (<usize>q << 2));
    const fq = <f64>f32q;
    const wasSite = before == 0;
    before = f32q;
    if (fq == Infinity) continue;
    if (fq == 0 && wasSite && q + 1 < m && load<f32>(f + (<usize>(q + 1) << 2)) == 0) continue;
    const qf = <f64>q;
    const hq = fq + qf * qf;
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
  const capf = <f32>cap;
  if (k < 0) {
    const none: f32 = Infinity > cap ? capf : <f32>Infinity;
    for (let q = 0; q < n; q++) store<f32>(out + (<usize>q << 2), none);
    return;
  }
  let j = 0;
  for (let q = from; q < from + n; q++) {
    const qf = <f64>q;
    while (load<f64>(z + (<usize>(j + 1) << 3)) < qf) j++;
    const at = out + (<usize>(q - from) << 2);
    if (load<f32>(f + (<usize>q << 2)) == 0) {
      store<f32>(at, 0);
      continue;
    }
    const p = load<i32>(v + (<usize>j << 2));
    const e = qf - <f64>p;
    const d = <f32>(Math.sqrt(e * e + <f64>load<f32>(f + (<usize>p << 2))) * unit);
    store<f32>(at, <f64>d > cap ? capf : d);
  }
}
