// Thermal erosion's pass (src/kernels/thermal.ts) in WebAssembly: the same operations on the same
// doubles in the same order as the JS kernel it replaced (tests/helpers/thermal-reference.ts),
// so the same bits.
//
// The JS kernel scattered: each cell, in row order, took its share from its own sum and added it
// to each lower neighbour's. Every cell's sum therefore received, in this order, the shares of
// its neighbours at −w−1, −w, −w+1, −1, then its own eight (subtracted), then those of +1,
// +w−1, +w, +w+1. Here each cell gathers them in that order instead, so a band of rows needs
// nothing written by another band: the engine's threads can each take rows of one pass. Where a
// neighbour gave nothing the scatter added nothing and the gather adds +0, which leaves any sum
// but −0 as it is, and a sum that starts at +0 never becomes −0 by adding or subtracting.
//
// A pass of rows r0 … r1 − 1 first computes the eight shares each cell of rows r0 − 1 … r1 gives
// (a ring of three rows of them, eight planes each, so two cells' shares sit side by side for
// f64x2), then each row's new heights from the three rows of shares around it.
//
// Not TypeScript: `npm run wasm` compiles this file into thermal-binary.ts (its own memory) and
// thermal-heap-binary.ts (the grid heap's, for the threads' bands). IEEE add, subtract,
// multiply and divide only (no fused multiply-add); nothing allocates.

/** Bytes of the ring of shares for a padded width w: three rows of eight planes of w doubles. */
export function ringBytes(w: i32): usize {
  return <usize>(24 * w) << 3;
}

/**
 * The shares every cell of padded row p gives its eight neighbours (in the JS kernel's order: +1,
 * −1, +w, −w, +w+1, −w+1, +w−1, −w−1), into the ring's slot for p. A row of the padding (p 0 or
 * w − 1) gives nothing, nor does the padding's column on either side. Two cells at a time:
 * where the JS kernel skipped (no excess, or a cell with none) the share is +0, chosen without a
 * branch but one, for a pair of which neither cell gives (zeros written at once).
 */
function shares(w: i32, p: i32, hAt: usize, ringAt: usize, talus: f64, diagonal: f64, rate: f64): void {
  const plane = <usize>w << 3;
  const slot = ringAt + <usize>(p % 3) * (plane << 3);
  if (p == 0 || p == w - 1) {
    memory.fill(slot, 0, plane << 3);
    return;
  }
  const row = hAt + <usize>(p * w) * 8;
  const up = <usize>w << 3;
  const zero = f64x2.splat(0);
  const axis = f64x2.splat(talus);
  const diag = f64x2.splat(diagonal);
  const share = f64x2.splat(rate);
  // Pairs of cells from column 1; with n odd the last pair's second cell is the padding's, set to 0 after.
  for (let c = 1; c < w - 1; c += 2) {
    const at = row + (<usize>c << 3);
    const hi = v128.load(at);
    const e0 = f64x2.sub(f64x2.sub(hi, v128.load(at + 8)), axis);
    const e1 = f64x2.sub(f64x2.sub(hi, v128.load(at - 8)), axis);
    const e2 = f64x2.sub(f64x2.sub(hi, v128.load(at + up)), axis);
    const e3 = f64x2.sub(f64x2.sub(hi, v128.load(at - up)), axis);
    const e4 = f64x2.sub(f64x2.sub(hi, v128.load(at + up + 8)), diag);
    const e5 = f64x2.sub(f64x2.sub(hi, v128.load(at - up + 8)), diag);
    const e6 = f64x2.sub(f64x2.sub(hi, v128.load(at + up - 8)), diag);
    const e7 = f64x2.sub(f64x2.sub(hi, v128.load(at - up - 8)), diag);
    // The JS kernel's `if (e > 0) { total += e; if (e > most) most = e; }`, in the same order:
    // adding +0 leaves the total (never −0) as it is, and the largest of +0 and the positive
    // excesses is theirs.
    const p0 = v128.and(e0, f64x2.gt(e0, zero));
    const p1 = v128.and(e1, f64x2.gt(e1, zero));
    const p2 = v128.and(e2, f64x2.gt(e2, zero));
    const p3 = v128.and(e3, f64x2.gt(e3, zero));
    const p4 = v128.and(e4, f64x2.gt(e4, zero));
    const p5 = v128.and(e5, f64x2.gt(e5, zero));
    const p6 = v128.and(e6, f64x2.gt(e6, zero));
    const p7 = v128.and(e7, f64x2.gt(e7, zero));
    const total = f64x2.add(f64x2.add(f64x2.add(f64x2.add(f64x2.add(f64x2.add(f64x2.add(f64x2.add(zero, p0), p1), p2), p3), p4), p5), p6), p7);
    const most = f64x2.max(f64x2.max(f64x2.max(f64x2.max(p0, p1), f64x2.max(p2, p3)), f64x2.max(p4, p5)), f64x2.max(p6, p7));
    const to = slot + (<usize>c << 3);
    const gives = f64x2.gt(most, zero);
    if (!v128.any_true(gives)) {
      for (let k = 0; k < 8; k++) v128.store(to + <usize>k * plane, zero);
      continue;
    }
    // As the JS kernel: a cell with no excess gives nothing, else every neighbour but those with
    // `e <= 0` gets (amount · e) / total, so an excess that is NaN (a neighbour's height NaN, or
    // +∞ beside +∞) gives a NaN share, where `e > 0` would give none.
    const amount = f64x2.mul(share, most);
    v128.store(to, v128.and(f64x2.div(f64x2.mul(amount, e0), total), v128.andnot(gives, f64x2.le(e0, zero))));
    v128.store(to + plane, v128.and(f64x2.div(f64x2.mul(amount, e1), total), v128.andnot(gives, f64x2.le(e1, zero))));
    v128.store(to + 2 * plane, v128.and(f64x2.div(f64x2.mul(amount, e2), total), v128.andnot(gives, f64x2.le(e2, zero))));
    v128.store(to + 3 * plane, v128.and(f64x2.div(f64x2.mul(amount, e3), total), v128.andnot(gives, f64x2.le(e3, zero))));
    v128.store(to + 4 * plane, v128.and(f64x2.div(f64x2.mul(amount, e4), total), v128.andnot(gives, f64x2.le(e4, zero))));
    v128.store(to + 5 * plane, v128.and(f64x2.div(f64x2.mul(amount, e5), total), v128.andnot(gives, f64x2.le(e5, zero))));
    v128.store(to + 6 * plane, v128.and(f64x2.div(f64x2.mul(amount, e6), total), v128.andnot(gives, f64x2.le(e6, zero))));
    v128.store(to + 7 * plane, v128.and(f64x2.div(f64x2.mul(amount, e7), total), v128.andnot(gives, f64x2.le(e7, zero))));
  }
  for (let k = 0; k < 8; k++) {
    store<f64>(slot + <usize>k * plane, 0);
    store<f64>(slot + <usize>k * plane + plane - 8, 0);
  }
}

/**
 * Row p's new heights into toAt: its old ones plus what it gathers from the ring's three rows
 * around it. Two cells at a time; with n odd, the padding cell the last pair wrote is +∞ again.
 */
function gather(w: i32, p: i32, fromAt: usize, toAt: usize, ringAt: usize): void {
  const plane = <usize>w << 3;
  const below = ringAt + <usize>((p - 1) % 3) * (plane << 3);
  const here = ringAt + <usize>(p % 3) * (plane << 3);
  const above = ringAt + <usize>((p + 1) % 3) * (plane << 3);
  const row = <usize>(p * w) * 8;
  const zero = f64x2.splat(0);
  for (let c = 1; c < w - 1; c += 2) {
    const x = <usize>c << 3;
    // Who gives to this cell, in the scatter's order: from −w−1 its share towards +w+1 (plane 4), …
    let d = f64x2.add(zero, v128.load(below + 4 * plane + x - 8));
    d = f64x2.add(d, v128.load(below + 2 * plane + x));
    d = f64x2.add(d, v128.load(below + 6 * plane + x + 8));
    d = f64x2.add(d, v128.load(here + x - 8));
    const own = here + x;
    d = f64x2.sub(d, v128.load(own));
    d = f64x2.sub(d, v128.load(own + plane));
    d = f64x2.sub(d, v128.load(own + 2 * plane));
    d = f64x2.sub(d, v128.load(own + 3 * plane));
    d = f64x2.sub(d, v128.load(own + 4 * plane));
    d = f64x2.sub(d, v128.load(own + 5 * plane));
    d = f64x2.sub(d, v128.load(own + 6 * plane));
    d = f64x2.sub(d, v128.load(own + 7 * plane));
    d = f64x2.add(d, v128.load(here + plane + x + 8));
    d = f64x2.add(d, v128.load(above + 5 * plane + x - 8));
    d = f64x2.add(d, v128.load(above + 3 * plane + x));
    d = f64x2.add(d, v128.load(above + 7 * plane + x + 8));
    v128.store(toAt + row + x, f64x2.add(v128.load(fromAt + row + x), d));
  }
  if ((w & 1) == 1) store<f64>(toAt + row + (<usize>(w - 1) << 3), Infinity);
}

/**
 * One pass over the map's rows r0 … r1 − 1 (0 is the first row inside the padding): reads the
 * padded heights (w × w doubles, a ring of +∞ around the map) at fromAt, writes those rows' new
 * heights at the same places of toAt (its padding is left alone). talus and diagonal: the
 * steepest stable drop to a neighbour along an axis and across a diagonal.
 */
export function pass(w: i32, r0: i32, r1: i32, fromAt: usize, toAt: usize, ringAt: usize, talus: f64, diagonal: f64, rate: f64): void {
  shares(w, r0, fromAt, ringAt, talus, diagonal, rate);
  shares(w, r0 + 1, fromAt, ringAt, talus, diagonal, rate);
  for (let p = r0 + 1; p <= r1; p++) {
    shares(w, p + 1, fromAt, ringAt, talus, diagonal, rate);
    gather(w, p, fromAt, toAt, ringAt);
  }
}
