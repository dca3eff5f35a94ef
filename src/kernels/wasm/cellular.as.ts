// Cellular (Worley) noise in WebAssembly SIMD, two cells to a vector, bit for bit the reference
// search in nodes/cellular.ts.
//
// The caller (src/kernels/cellular.ts) cuts a strip of rows into blocks that each lie in one
// lattice cell, and lays out the lattice points around them. Each block first drops the points
// that cannot be any of its cells' F1 or F2 (2–6 of the 25 remain at usual frequencies), then
// every cell of the block runs the same loop over the same points, so the running first and
// second minima need no branch: with the points in the reference's visiting order and a strict
// `<`, F2 = min(F2, max(F1, d)), F1 = min(F1, d) and "the cell value where d < F1" make the
// reference's if/else choices, ties included. Doubles throughout, as in the reference:
// d = dx² + dy² with dx² per column and dy² per row, correctly rounded sqrt, then one rounding
// to Float32, as a Float32Array store rounds. (The pseudo min and max, one instruction each,
// are exact here: no NaN, no −0; pmin(a, b) is b < a ? b : a.) The pruning is branch-free too:
// a point's mispredicted keep-or-drop cost more than its arithmetic (12 % of the whole kernel,
// measured in one process).
//
// Not TypeScript: `npm run wasm` compiles this file into cellular-binary.ts. Nothing here
// allocates; the caller lays out every buffer and passes byte offsets.

/** Lattice cells around a block's own: its own cell, ring 1, ring 2 (the reference's order). */
const AROUND = 25;
/**
 * A point is dropped only when its nearest possible distance exceeds the bound by this relative
 * margin: the real-number argument then survives the rounding of the distances (~1e-16).
 */
const MARGIN: f64 = 1 + 1e-9;

/**
 * Rows 0 … rows − 1 of a strip n cells wide whose rows all lie in one lattice row of cells.
 * xsAt: the columns' lattice x (f64, n + 1: one past the last may be read); ysAt: the rows'
 * lattice y (f64, rows ≤ 16); pxAt, pyAt (f64) and valueAt (f32): the point and cell value of
 * each lattice cell in a table; aroundAt: the table offsets of the 25 lattice cells around one,
 * in the reference's order (i32); blocksAt: per block, left to right, its first column, one past
 * its last (≤ 16 columns) and its lattice cell's table index (i32 × 3); scratchAt: 12 KB;
 * outAt: F1, F2, F2 − F1 and the cell value as Float32 rows of n, `plane` bytes apart.
 */
export function strip(
  n: i32, rows: i32, blocks: i32, xsAt: usize, ysAt: usize, pxAt: usize, pyAt: usize, valueAt: usize,
  aroundAt: usize, blocksAt: usize, scratchAt: usize, outAt: usize, plane: usize,
): void {
  const ya = load<f64>(ysAt);
  const yb = load<f64>(ysAt + (<usize>(rows - 1) << 3));
  const candAt = scratchAt; // x, y, value (f64) of each point kept, 32 bytes apart
  const cvAt = candAt + (AROUND + 1) * 32; // each point's cell value, splat
  const eyAt = cvAt + AROUND * 16; // dy² per point and row, splat
  const exAt = eyAt + AROUND * 16 * 16; // dx² per point and pair of columns
  for (let b = 0; b < blocks; b++) {
    const header = blocksAt + <usize>b * 12;
    const ca = load<i32>(header);
    const cb = load<i32>(header, 4);
    const centre = load<i32>(header, 8);
    const xa = load<f64>(xsAt + (<usize>ca << 3));
    const xb = load<f64>(xsAt + (<usize>(cb - 1) << 3));
    // F2 of every cell in the box [xa, xb] × [ya, yb] is at most the second smallest of the
    // farthest distances from the box of any two points: those of the block's own lattice cell
    // and ring 1 give a bound nearly as tight as all 25. The box's corners as (x, y) vectors;
    // only lane 0 of b1, b2, d counts.
    const lo = f64x2.replace_lane(f64x2.splat(xa), 1, ya);
    const hi = f64x2.replace_lane(f64x2.splat(xb), 1, yb);
    let b1 = f64x2.splat(Infinity);
    let b2 = b1;
    for (let k = 0; k < 9; k++) {
      const t = <usize>(centre + load<i32>(aroundAt + (<usize>k << 2))) << 3;
      const p = v128.load64_lane(pyAt + t, v128.load64_zero(pxAt + t), 1);
      const f = f64x2.pmax(f64x2.sub(p, lo), f64x2.sub(hi, p));
      const f2 = f64x2.mul(f, f);
      const d = f64x2.add(f2, i64x2.shuffle(f2, f2, 1, 0));
      b2 = f64x2.pmin(b2, f64x2.pmax(b1, d));
      b1 = f64x2.pmin(b1, d);
    }
    const bound = f64x2.extract_lane(b2, 0) * MARGIN;
    // Keeps, in order, each point whose nearest distance to the box is within the bound (the
    // others are farther than F2 from every cell of the block), without branching: every point
    // is written, and the count moves past the kept ones.
    let m = 0;
    const zero = f64x2.splat(0);
    for (let k = 0; k < AROUND; k++) {
      const t = centre + load<i32>(aroundAt + (<usize>k << 2));
      const p = v128.load64_lane(pyAt + (<usize>t << 3), v128.load64_zero(pxAt + (<usize>t << 3)), 1);
      const g = f64x2.pmax(zero, f64x2.pmax(f64x2.sub(lo, p), f64x2.sub(p, hi)));
      const g2 = f64x2.mul(g, g);
      const at = candAt + <usize>m * 32;
      v128.store(at, p);
      store<f64>(at, <f64>load<f32>(valueAt + (<usize>t << 2)), 16);
      m += <i32>(f64x2.extract_lane(g2, 0) + f64x2.extract_lane(g2, 1) <= bound);
    }
    // Per point: its value and dy² per row splat, dx² per pair of columns.
    const w = cb - ca;
    const stride = <usize>((w + 1) >> 1) << 4; // bytes of one point's dx²
    for (let k = 0; k < m; k++) {
      const at = candAt + <usize>k * 32;
      const cx = f64x2.splat(load<f64>(at));
      const cy = load<f64>(at, 8);
      v128.store(cvAt + (<usize>k << 4), f64x2.splat(load<f64>(at, 16)));
      for (let r = 0; r < rows; r++) {
        const dy = cy - load<f64>(ysAt + (<usize>r << 3));
        v128.store(eyAt + (<usize>(k * 16 + r) << 4), f64x2.splat(dy * dy));
      }
      let e = exAt + <usize>k * stride;
      for (let c = ca; c < cb; c += 2) {
        const dx = f64x2.sub(cx, v128.load(xsAt + (<usize>c << 3)));
        v128.store(e, f64x2.mul(dx, dx));
        e += 16;
      }
    }
    for (let r = 0; r < rows; r++) {
      let o = outAt + (<usize>(r * n + ca) << 2);
      const ey = eyAt + (<usize>r << 4);
      let e = exAt;
      for (let c = 0; c < w; c += 2) {
        let f1 = f64x2.add(v128.load(e), v128.load(ey));
        let f2 = f64x2.splat(Infinity);
        let value = v128.load(cvAt);
        for (let k = 1; k < m; k++) {
          const d = f64x2.add(v128.load(e + <usize>k * stride), v128.load(ey + (<usize>k << 8)));
          f2 = f64x2.pmin(f2, f64x2.pmax(f1, d));
          const nearer = f64x2.lt(d, f1);
          f1 = f64x2.pmin(f1, d);
          value = v128.bitselect(v128.load(cvAt + (<usize>k << 4)), value, nearer);
        }
        const s1 = f64x2.sqrt(f1);
        const s2 = f64x2.sqrt(f2);
        const g1 = f32x4.demote_f64x2_zero(s1);
        const g2 = f32x4.demote_f64x2_zero(s2);
        const edges = f32x4.demote_f64x2_zero(f64x2.sub(s2, s1));
        const cell = f32x4.demote_f64x2_zero(value);
        if (c + 1 < w) {
          v128.store64_lane(o, g1, 0);
          v128.store64_lane(o + plane, g2, 0);
          v128.store64_lane(o + 2 * plane, edges, 0);
          v128.store64_lane(o + 3 * plane, cell, 0);
        } else {
          // An odd width's last column: the second lane is the next block's.
          v128.store32_lane(o, g1, 0);
          v128.store32_lane(o + plane, g2, 0);
          v128.store32_lane(o + 2 * plane, edges, 0);
          v128.store32_lane(o + 3 * plane, cell, 0);
        }
        o += 8;
        e += 16;
      }
    }
  }
}
