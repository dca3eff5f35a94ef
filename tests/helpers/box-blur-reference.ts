// The box blur's line kernels as they were before they ran many lines at once (src/kernels/box-blur.ts,
// 6 December 2026), kept verbatim as the reference the new kernel must match bit for bit
// (tests/box-blur-bits.test.ts), with its two passes over a whole grid on one thread.

import { BOXES, type Box, type BoxPlacement, boxReach, extendedBox } from '../../src/kernels/box-blur.ts';

/**
 * One box over line[0 … len): writes dst[i − (R + 1)] for the centres i = R + 1 … len − R − 2.
 * `g0` is the world index of line[0]; blocks of w = 2R + 1 cells start where the world index is
 * a multiple of w. `suf` is scratch of len entries.
 */
function boxLine(line: Float64Array, len: number, g0: number, box: Box, suf: Float64Array, /* out */ dst: Float64Array): void {
  const r = box.r;
  const w = 2 * r + 1;
  // Offset within its block of line[0]; the blocks start at line indices first − w, first, first + w, …
  let phase = g0 % w;
  if (phase < 0) phase += w;
  const first = phase === 0 ? 0 : w - phase;
  // Suffix sums within blocks, from each block's last cell down (a block cut by the line's end
  // ends there: only windows reaching past the line read those, and none is in range). Block by
  // block, so the loops test no block ends.
  for (let end = len, start = first + Math.floor((len - 1 - first) / w) * w; end > 0; end = start, start -= w) {
    let s = 0;
    for (let i = end - 1, lo = Math.max(0, start); i >= lo; i--) {
      s += line[i];
      suf[i] = s;
    }
  }
  const alpha = box.alpha;
  const norm = box.norm;
  // Window [a, a + w) for centre a + R, with b = a + w − 1 its last cell: the suffix of a's
  // block plus the prefix of b's block up to b; when b ends its block, a starts it and the
  // prefix is the whole window. Then α of the cells just outside. Written for a ≥ 1 (b ≥ w),
  // b ≤ len − 2.
  for (let start = first - w; start < len - 1; start += w) {
    const end = Math.min(start + w, len - 1); // b runs over [start, end) within this block
    let s = 0;
    let b = Math.max(0, start);
    for (; b < end && b < w; b++) s += line[b]; // the prefix before the first window written
    const last = start + w - 1; // the block's own last cell
    for (; b < end; b++) {
      s += line[b];
      const a = b - w + 1;
      dst[a - 1] = ((b === last ? s : suf[a] + s) + alpha * (line[a - 1] + line[b + 1])) * norm;
    }
  }
}

/**
 * Blurs line[0 … len) by the three boxes in turn (each shortens it by R + 1 at each end) and
 * returns the result's length; the result is in `line` from index 0, and its first cell is
 * line's cell reach. `g0`: the world index of line[0]. The boxes go line → tmp → line → tmp,
 * then one copy back.
 */
function blurLine(line: Float64Array, len: number, g0: number, box: Box, suf: Float64Array, tmp: Float64Array): number {
  const shrink = box.r + 1;
  let src = line;
  let dst = tmp;
  for (let b = 0; b < BOXES; b++) {
    boxLine(src, len, g0, box, suf, dst);
    len -= 2 * shrink;
    g0 += shrink;
    [src, dst] = [dst, src];
  }
  if (src !== line) line.set(src.subarray(0, len));
  return len;
}

/** Columns gathered at once in the vertical pass. */
const STRIP = 16;

/** boxBlur as it was: rows one by one, then strips of STRIP columns, gathered into lines. */
export function boxBlurReference(input: Float32Array, m: number, n: number, at: BoxPlacement, sigmaCells: number, /* out */ out: Float32Array): void {
  const box = extendedBox((sigmaCells * sigmaCells) / BOXES);
  const k = boxReach(sigmaCells);
  const len = n + 2 * k;
  const mid = new Float64Array(len * n);
  const line = new Float64Array(len);
  const suf = new Float64Array(len);
  const tmp = new Float64Array(len);
  const c0 = at.dc - k;
  const inside = c0 >= 0 && c0 + len <= m;
  for (let rr = 0; rr < len; rr++) {
    const ri = Math.min(m - 1, Math.max(0, at.dr - k + rr));
    const src = ri * m;
    if (inside) for (let j = 0; j < len; j++) line[j] = input[src + c0 + j];
    else for (let j = 0; j < len; j++) line[j] = input[src + Math.min(m - 1, Math.max(0, c0 + j))];
    blurLine(line, len, at.col0 + c0, box, suf, tmp);
    mid.set(line.subarray(0, n), rr * n);
  }
  const strip = new Float64Array(STRIP * len);
  const g0 = at.row0 + at.dr - k;
  for (let cs = 0; cs < n; cs += STRIP) {
    const width = Math.min(STRIP, n - cs);
    for (let rr = 0; rr < len; rr++) {
      const src = rr * n + cs;
      for (let j = 0; j < width; j++) strip[j * len + rr] = mid[src + j];
    }
    for (let j = 0; j < width; j++) blurLine(strip.subarray(j * len, (j + 1) * len), len, g0, box, suf, tmp);
    for (let r = 0; r < n; r++) {
      const dst = r * n + cs;
      for (let j = 0; j < width; j++) out[dst + j] = strip[j * len + r];
    }
  }
}
