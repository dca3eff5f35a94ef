// The blur's three extended boxes (src/kernels/box-blur.ts) in WebAssembly: four lines side by
// side as boxLanes lays them out (lane j's cell i at position i, 32 bytes a position), two
// f64x2 vectors a position, the same operations on the same doubles in the same order as the
// JS kernel, so the same bits (tests/box-blur-bits.test.ts holds both to the one-line kernel).
//
// Not TypeScript: `npm run wasm` compiles this file into blur-heap-binary.ts (on the grid heap,
// for the engine's threads, which read and write its grids in place). IEEE add and multiply
// only (no fused multiply-add); nothing allocates.

/** Bytes a position of four lanes takes. */
const POS: usize = 32;

/**
 * One box over the four lanes of len positions at lineAt: writes at dstAt the centres R + 1 …
 * len − R − 2, from position 0. g0: the world index of position 0; blocks of w = 2R + 1 cells
 * start where it is a multiple of w. sufAt: scratch of len positions.
 */
function boxLanes(lineAt: usize, len: i32, g0: i32, r: i32, alpha: f64, norm: f64, sufAt: usize, dstAt: usize): void {
  const w = 2 * r + 1;
  let phase = g0 % w;
  if (phase < 0) phase += w;
  const first = phase == 0 ? 0 : w - phase;
  const zero = f64x2.splat(0);
  // Suffix sums within blocks, from each block's last cell down (0 + its value first).
  for (let end = len, start = first + ((len - 1 - first) / w) * w; end > 0; end = start, start -= w) {
    const lo = start > 0 ? start : 0;
    let p = <usize>(end - 1) * POS;
    let s0 = f64x2.add(zero, v128.load(lineAt + p));
    let s1 = f64x2.add(zero, v128.load(lineAt + p, 16));
    v128.store(sufAt + p, s0);
    v128.store(sufAt + p, s1, 16);
    for (let i = end - 2; i >= lo; i--) {
      p = <usize>i * POS;
      s0 = f64x2.add(s0, v128.load(lineAt + p));
      s1 = f64x2.add(s1, v128.load(lineAt + p, 16));
      v128.store(sufAt + p, s0);
      v128.store(sufAt + p, s1, 16);
    }
  }
  const a2 = f64x2.splat(alpha);
  const n2 = f64x2.splat(norm);
  // Window [a, a + w) for centre a + R, b = a + w − 1 its last cell: the suffix of a's block plus
  // the prefix of b's block up to b; when b ends its block the prefix is the whole window. Then
  // α of the cells just outside.
  for (let start = first - w; start < len - 1; start += w) {
    const end = start + w < len - 1 ? start + w : len - 1;
    let s0 = zero;
    let s1 = zero;
    let b = start > 0 ? start : 0;
    for (; b < end && b < w; b++) {
      const p = <usize>b * POS;
      s0 = f64x2.add(s0, v128.load(lineAt + p));
      s1 = f64x2.add(s1, v128.load(lineAt + p, 16));
    }
    const last = start + w - 1;
    for (; b < end; b++) {
      const pb = lineAt + <usize>b * POS;
      const pa = <usize>(b - w + 1) * POS;
      const before = lineAt + pa - POS;
      const after = pb + POS;
      s0 = f64x2.add(s0, v128.load(pb));
      s1 = f64x2.add(s1, v128.load(pb, 16));
      const to = dstAt + pa - POS;
      if (b == last) {
        v128.store(to, f64x2.mul(f64x2.add(s0, f64x2.mul(a2, f64x2.add(v128.load(before), v128.load(after)))), n2));
        v128.store(to, f64x2.mul(f64x2.add(s1, f64x2.mul(a2, f64x2.add(v128.load(before, 16), v128.load(after, 16)))), n2), 16);
      } else {
        const sa = sufAt + pa;
        v128.store(to, f64x2.mul(f64x2.add(f64x2.add(v128.load(sa), s0), f64x2.mul(a2, f64x2.add(v128.load(before), v128.load(after)))), n2));
        v128.store(to, f64x2.mul(f64x2.add(f64x2.add(v128.load(sa, 16), s1), f64x2.mul(a2, f64x2.add(v128.load(before, 16), v128.load(after, 16)))), n2), 16);
      }
    }
  }
}

/** The three boxes over the lanes at lineAt (len positions, first one at world index g0), the result back at lineAt; returns its length. */
function blurLanes(lineAt: usize, len: i32, g0: i32, r: i32, alpha: f64, norm: f64, sufAt: usize, tmpAt: usize): i32 {
  const shrink = r + 1;
  let src = lineAt;
  let dst = tmpAt;
  for (let b = 0; b < 3; b++) {
    boxLanes(src, len, g0, r, alpha, norm, sufAt, dst);
    len -= 2 * shrink;
    g0 += shrink;
    const t = src;
    src = dst;
    dst = t;
  }
  if (src != lineAt) memory.copy(lineAt, src, <usize>len * POS);
  return len;
}

/** Bytes of each of the three scratch regions (line, suffixes, tmp) for lines of len cells. */
export function scratchBytes(len: i32): usize {
  return <usize>len * POS;
}

/**
 * Rows r0 … r1 − 1 of mid (n doubles each, at midAt): input row min(m − 1, max(0, dr − k + rr))
 * (m Float32 a row, at inputAt) from column c0 = dc − k on (clamped into the row), blurred along
 * x. Four rows at a time; past r1 a lane repeats the band's last row, computed, not written.
 */
export function rows(inputAt: usize, m: i32, n: i32, k: i32, dc: i32, dr: i32, col0: i32, midAt: usize, r0: i32, r1: i32, r: i32, alpha: f64, norm: f64, lineAt: usize, sufAt: usize, tmpAt: usize): void {
  const len = n + 2 * k;
  const c0 = dc - k;
  const inside = c0 >= 0 && c0 + len <= m;
  for (let g = r0; g < r1; g += 4) {
    const lanes = r1 - g < 4 ? r1 - g : 4;
    for (let j = 0; j < 4; j++) {
      let ri = dr - k + g + (j < lanes ? j : lanes - 1);
      ri = ri < 0 ? 0 : ri > m - 1 ? m - 1 : ri;
      const src = inputAt + (<usize>ri * <usize>m << 2);
      const to = lineAt + (<usize>j << 3);
      if (inside) {
        const from = src + (<usize>c0 << 2);
        for (let i = 0; i < len; i++) store<f64>(to + <usize>i * POS, <f64>load<f32>(from + (<usize>i << 2)));
      } else {
        for (let i = 0; i < len; i++) {
          let c = c0 + i;
          c = c < 0 ? 0 : c > m - 1 ? m - 1 : c;
          store<f64>(to + <usize>i * POS, <f64>load<f32>(src + (<usize>c << 2)));
        }
      }
    }
    blurLanes(lineAt, len, col0 + c0, r, alpha, norm, sufAt, tmpAt);
    for (let j = 0; j < lanes; j++) {
      const from = lineAt + (<usize>j << 3);
      const to = midAt + (<usize>(g + j) * <usize>n << 3);
      for (let c = 0; c < n; c++) store<f64>(to + (<usize>c << 3), load<f64>(from + <usize>c * POS));
    }
  }
}

/**
 * Columns c0 … c1 − 1 of out (n Float32 a row, at outAt): mid's columns (len = n + 2k rows of n
 * doubles at midAt, the first at world row g0) blurred along y. Four at a time; past the grid's
 * last column a lane repeats it.
 */
export function columns(midAt: usize, n: i32, k: i32, g0: i32, outAt: usize, c0: i32, c1: i32, r: i32, alpha: f64, norm: f64, lineAt: usize, sufAt: usize, tmpAt: usize): void {
  const len = n + 2 * k;
  for (let cs = c0; cs < c1; cs += 4) {
    const lanes = n - cs < 4 ? n - cs : 4;
    if (lanes == 4) {
      for (let rr = 0; rr < len; rr++) {
        const from = midAt + ((<usize>rr * <usize>n + <usize>cs) << 3);
        const to = lineAt + <usize>rr * POS;
        v128.store(to, v128.load(from));
        v128.store(to, v128.load(from, 16), 16);
      }
    } else {
      for (let rr = 0; rr < len; rr++) {
        const from = midAt + ((<usize>rr * <usize>n + <usize>cs) << 3);
        const to = lineAt + <usize>rr * POS;
        for (let j = 0; j < 4; j++) store<f64>(to + (<usize>j << 3), load<f64>(from + (<usize>(j < lanes ? j : lanes - 1) << 3)));
      }
    }
    blurLanes(lineAt, len, g0, r, alpha, norm, sufAt, tmpAt);
    for (let row = 0; row < n; row++) {
      const from = lineAt + <usize>row * POS;
      const to = outAt + ((<usize>row * <usize>n + <usize>cs) << 2);
      for (let j = 0; j < lanes; j++) store<f32>(to + (<usize>j << 2), <f32>load<f64>(from + (<usize>j << 3)));
    }
  }
}
