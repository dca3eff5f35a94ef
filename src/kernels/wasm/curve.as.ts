// The curve node's kernel in AssemblyScript compiled to WebAssembly: a module of its own, as the
// cell kernels' (kernels.as.ts) had no room under the 4 KB a page compiles synchronously for
// its four-cell loop. The same operations in the same order as the formula in JS on doubles,
// so every result is the one JS would give, bit for bit.
//
// Not TypeScript: `npm run wasm` compiles this file into curve-binary.ts, and tests/wasm.test.ts
// fails when the two disagree. The caller (instance.ts) lays out every buffer in linear memory
// and passes byte offsets; nothing here allocates. The caller pads every grid to 8 bytes: with
// an odd count the last pair reads and writes one cell of padding.

/** Two Float32 cells as doubles. */
@inline function load2(at: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(at));
}

/** Two doubles stored as Float32 cells. */
@inline function store2(at: usize, v: v128): void {
  v128.store64_lane(at, f32x4.demote_f64x2_zero(v), 0);
}

/**
 * Piecewise-linear curve through m points (x at xsAt, y at ysAt, doubles, sorted by x),
 * constant past the ends; with equal xs the later point wins. Neighbouring cells mostly fall in
 * the same segment, so the segment is searched from the last one, and four cells that all lie in
 * it are computed as two f64x2 pairs (the same operations per lane, so the same bits); four that
 * leave it find each lane's segment by counting (up to BRANCHLESS_POINTS points; more: by pairs,
 * curvePair). A pair's lanes past n are padding the caller allows.
 */
/** Curves of at most this many points find a four's or a pair's segments by counting. */
const BRANCHLESS_POINTS = 16;

/**
 * The least Float32 at or above x: for a Float32 v, x ≤ v exactly when this ≤ v, and v < x
 * exactly when v < this (as float32Above in distance-instance.ts).
 */
@inline function float32Above(x: f64): f32 {
  const f = <f32>x;
  if (!(<f64>f < x)) return f;
  return f == 0 ? reinterpret<f32>(1) : reinterpret<f32>(reinterpret<i32>(f) + (f > 0 ? 1 : -1));
}

/**
 * Each point's x as float32Above, for the four-cell search of a curve of up to BRANCHLESS_POINTS
 * points. In static memory; in the grid heap's build (compile.ts, with threads), where every
 * thread runs this module on one memory, the caller's (`aboveAt`, its own per thread): a table
 * at one address for all threads was written by one curve while another thread's band of
 * another curve read it (a curve's band is left finishing while the next node runs, threads.ts
 * detach), and that band's rows took the other curve's breaks.
 */
const ABOVE = memory.data(4 * BRANCHLESS_POINTS, 16);

export function curve(n: i32, inAt: usize, outAt: usize, xsAt: usize, ysAt: usize, m: i32, aboveAt: usize): void {
  const branchless = m <= BRANCHLESS_POINTS;
  const above: usize = ASC_FEATURE_THREADS ? aboveAt : ABOVE;
  // The ends as Float32 for the counting, read only from the table written (it has room for
  // BRANCHLESS_POINTS points; a longer curve does not count).
  let firstA = f32x4.splat(0);
  let lastA = firstA;
  if (branchless) {
    for (let j = 0; j < m; j++) store<f32>(above + (<usize>j << 2), float32Above(load<f64>(xsAt + (<usize>j << 3))));
    firstA = f32x4.splat(load<f32>(above));
    lastA = f32x4.splat(load<f32>(above + (<usize>(m - 1) << 2)));
  }
  const yFirst = f64x2.splat(load<f64>(ysAt));
  const yLast = f64x2.splat(load<f64>(ysAt + (<usize>(m - 1) << 3)));
  let k = 1;
  // Segment k's terms, and its ends as Float32 (four cells tested as Float32 against them
  // answer as their doubles against the xs): made again only when k moves.
  let seg = 0;
  let x0v = f64x2.splat(0);
  let dxv = x0v;
  let y0v = x0v;
  let dyv = x0v;
  let lov = x0v;
  let hiv = x0v;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    if (k != seg) {
      seg = k;
      const x0 = load<f64>(xsAt + (<usize>(k - 1) << 3));
      const x1 = load<f64>(xsAt + (<usize>k << 3));
      const y0 = load<f64>(ysAt + (<usize>(k - 1) << 3));
      x0v = f64x2.splat(x0);
      dxv = f64x2.splat(x1 - x0);
      y0v = f64x2.splat(y0);
      dyv = f64x2.splat(load<f64>(ysAt + (<usize>k << 3)) - y0);
      lov = f32x4.splat(float32Above(x0));
      hiv = f32x4.splat(float32Above(x1));
    }
    const o = <usize>i << 2;
    const v = v128.load(inAt + o);
    // x0 ≤ v < x1 puts v inside [xFirst, xLast) too, where the cell-by-cell code reaches segment k.
    if (i32x4.all_true(v128.and(f32x4.ge(v, lov), f32x4.lt(v, hiv)))) {
      const a = f64x2.promote_low_f32x4(v);
      const b = f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 2, 3));
      const ya = f64x2.add(y0v, f64x2.mul(f64x2.div(f64x2.sub(a, x0v), dxv), dyv));
      const yb = f64x2.add(y0v, f64x2.mul(f64x2.div(f64x2.sub(b, x0v), dxv), dyv));
      v128.store(outAt + o, v128.shuffle<i64>(f32x4.demote_f64x2_zero(ya), f32x4.demote_f64x2_zero(yb), 0, 2));
      continue;
    }
    if (!branchless) {
      k = curvePair(i, k, inAt, outAt, xsAt, ysAt, m);
      k = curvePair(i + 2, k, inAt, outAt, xsAt, ysAt, m);
      continue;
    }
    // Four cells across segments (a contour of the input, or rough input): each lane's segment
    // by counting the inner points at or below it (as Float32, the doubles' answers), with no
    // branch, then the segment's formula with the same operations per lane as the pairs'; a
    // lane past either end takes the end's y, as the search does (a NaN lane, in segment 1 by
    // the count, gives NaN, as the search's formula does).
    let count = i32x4.splat(1);
    for (let j = 1; j < m - 1; j++) count = i32x4.sub(count, f32x4.ge(v, f32x4.splat(load<f32>(above + (<usize>j << 2)))));
    const past = f32x4.ge(v, lastA);
    const before = f32x4.lt(v, firstA);
    const ya = across(f64x2.promote_low_f32x4(v), i32x4.extract_lane(count, 0), i32x4.extract_lane(count, 1), xsAt, ysAt);
    const yb = across(f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 2, 3)), i32x4.extract_lane(count, 2), i32x4.extract_lane(count, 3), xsAt, ysAt);
    const fa = v128.bitselect(yFirst, v128.bitselect(yLast, ya, i64x2.extend_low_i32x4_s(past)), i64x2.extend_low_i32x4_s(before));
    const fb = v128.bitselect(yFirst, v128.bitselect(yLast, yb, i64x2.extend_high_i32x4_s(past)), i64x2.extend_high_i32x4_s(before));
    v128.store(outAt + o, v128.shuffle<i64>(f32x4.demote_f64x2_zero(fa), f32x4.demote_f64x2_zero(fb), 0, 2));
    k = i32x4.extract_lane(count, 3);
  }
  for (; i < n; i += 2) k = curvePair(i, k, inAt, outAt, xsAt, ysAt, m);
}

/** Two cells v in segments k0 and k1: y[k − 1] + (v − x[k − 1]) / (x[k] − x[k − 1]) · (y[k] − y[k − 1]) per lane. */
@inline function across(v: v128, k0: i32, k1: i32, xsAt: usize, ysAt: usize): v128 {
  const p0 = <usize>k0 << 3;
  const p1 = <usize>k1 << 3;
  const a = f64x2.replace_lane(f64x2.splat(load<f64>(xsAt + p0 - 8)), 1, load<f64>(xsAt + p1 - 8));
  const b = f64x2.replace_lane(f64x2.splat(load<f64>(ysAt + p0 - 8)), 1, load<f64>(ysAt + p1 - 8));
  const xk = f64x2.replace_lane(f64x2.splat(load<f64>(xsAt + p0)), 1, load<f64>(xsAt + p1));
  const yk = f64x2.replace_lane(f64x2.splat(load<f64>(ysAt + p0)), 1, load<f64>(ysAt + p1));
  return f64x2.add(b, f64x2.mul(f64x2.div(f64x2.sub(v, a), f64x2.sub(xk, a)), f64x2.sub(yk, b)));
}

/** Cells i and i + 1 of the curve, searched from segment k: the segment they end in. */
function curvePair(i: i32, k: i32, inAt: usize, outAt: usize, xsAt: usize, ysAt: usize, m: i32): i32 {
  const xFirst = load<f64>(xsAt);
  const xLast = load<f64>(xsAt + (<usize>(m - 1) << 3));
  const yFirst = load<f64>(ysAt);
  const yLast = load<f64>(ysAt + (<usize>(m - 1) << 3));
  const o = <usize>i << 2;
  const x0 = load<f64>(xsAt + (<usize>(k - 1) << 3));
  const x1 = load<f64>(xsAt + (<usize>k << 3));
  const v2 = load2(inAt + o);
  if (i64x2.all_true(v128.and(f64x2.le(f64x2.splat(x0), v2), f64x2.lt(v2, f64x2.splat(x1))))) {
    const y0 = load<f64>(ysAt + (<usize>(k - 1) << 3));
    const t = f64x2.div(f64x2.sub(v2, f64x2.splat(x0)), f64x2.splat(x1 - x0));
    store2(outAt + o, f64x2.add(f64x2.splat(y0), f64x2.mul(t, f64x2.splat(load<f64>(ysAt + (<usize>k << 3)) - y0))));
    return k;
  }
  if (m <= BRANCHLESS_POINTS) {
    // Rough input (the world cut's cells, far apart): each lane's segment by counting the
    // inner points at or below it, with no branch to mispredict. It is the segment the search
    // below finds (xs[k − 1] ≤ v < xs[k]), computed by the same operations per lane; a lane
    // past either end takes the end's y as the search does (a NaN lane gives NaN, as there).
    let count = i64x2.splat(0);
    for (let j = 1; j < m - 1; j++) count = i64x2.sub(count, f64x2.le(f64x2.splat(load<f64>(xsAt + (<usize>j << 3))), v2));
    const k0 = <usize>i64x2.extract_lane(count, 0) + 1;
    const k1 = <usize>i64x2.extract_lane(count, 1) + 1;
    const a = f64x2.replace_lane(f64x2.splat(load<f64>(xsAt + ((k0 - 1) << 3))), 1, load<f64>(xsAt + ((k1 - 1) << 3)));
    const b = f64x2.replace_lane(f64x2.splat(load<f64>(ysAt + ((k0 - 1) << 3))), 1, load<f64>(ysAt + ((k1 - 1) << 3)));
    const xk = f64x2.replace_lane(f64x2.splat(load<f64>(xsAt + (k0 << 3))), 1, load<f64>(xsAt + (k1 << 3)));
    const yk = f64x2.replace_lane(f64x2.splat(load<f64>(ysAt + (k0 << 3))), 1, load<f64>(ysAt + (k1 << 3)));
    const t = f64x2.div(f64x2.sub(v2, a), f64x2.sub(xk, a));
    let y = f64x2.add(b, f64x2.mul(t, f64x2.sub(yk, b)));
    y = v128.bitselect(f64x2.splat(yLast), y, f64x2.ge(v2, f64x2.splat(xLast)));
    y = v128.bitselect(f64x2.splat(yFirst), y, f64x2.lt(v2, f64x2.splat(xFirst)));
    store2(outAt + o, y);
    return <i32>k1;
  }
  for (let c = i; c < i + 2; c++) {
    const v = <f64>load<f32>(inAt + (<usize>c << 2));
    let y: f64;
    if (v < xFirst) y = yFirst;
    else if (v >= xLast) y = yLast;
    else {
      while (load<f64>(xsAt + (<usize>k << 3)) <= v) k++;
      while (load<f64>(xsAt + (<usize>(k - 1) << 3)) > v) k--;
      const a = load<f64>(xsAt + (<usize>(k - 1) << 3));
      const b = load<f64>(ysAt + (<usize>(k - 1) << 3));
      const t = (v - a) / (load<f64>(xsAt + (<usize>k << 3)) - a);
      y = b + t * (load<f64>(ysAt + (<usize>k << 3)) - b);
    }
    store<f32>(outAt + (<usize>c << 2), <f32>y);
  }
  return k;
}
