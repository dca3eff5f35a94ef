// A Gaussian blur as three extended box filters per axis, each box summed in O(1) per cell from
// block sums anchored to the world lattice, so a world cell gets the same bits in every view.
//
// Why boxes: the direct Gaussian costs 2 · (6σ + 1) multiply-adds per cell and axis (at 1024²
// with σ = 10 cells, 1.3 G per map, a third of a second). Three boxes cost a few adds per cell
// whatever σ. Why not a running sum: a sliding window's sum carries the rounding of every cell
// it has seen since the row's start, and the row starts where the view starts, so two
// overlapping views would differ in the last bits. Why not a recursive (Deriche, Young–van
// Vliet) filter: the same, and worse, it never forgets. Here a box's sum over [a, a + w) is
// the suffix sum of a's block plus the prefix sum of the next block up to a + w − 1, with blocks
// of w cells starting at world cells that are multiples of w (van Herk / Gil–Werman for sums):
// both sums start at a world-fixed cell, so they are the same in every view that holds the window.
//
// Each box is "extended" (Gwosdek et al. 2011): width 2R + 1 plus a fraction α of the next cell
// on both sides, so three of them have exactly the variance σ². Their product is a piecewise-
// quadratic bell within 6.5 % of the Gaussian's peak (boxWeights gives it; a test checks).

import { scratch, sharedScratch } from './scratch.ts';

/** One extended box: whole radius R, end weight α ∈ [0, 1), and 1 / (2R + 1 + 2α). */
export interface Box {
  readonly r: number;
  readonly alpha: number;
  readonly norm: number;
}

/** The box with variance v (cells²): R the largest radius whose plain box has variance ≤ v, then α to make up the rest. */
export function extendedBox(v: number): Box {
  // A plain box of radius R has variance R(R + 1)/3.
  let r = Math.max(0, Math.floor((Math.sqrt(1 + 12 * v) - 1) / 2));
  while (r > 0 && (r * (r + 1)) / 3 > v) r--;
  while (((r + 1) * (r + 2)) / 3 <= v) r++;
  const alpha = ((2 * r + 1) * (v - (r * (r + 1)) / 3)) / (2 * ((r + 1) * (r + 1) - v));
  return { r, alpha, norm: 1 / (2 * r + 1 + 2 * alpha) };
}

/** Boxes per axis. */
export const BOXES = 3;

/** Cells the three boxes of σ read on each side: 3 · (R + 1). */
export function boxReach(sigmaCells: number): number {
  return BOXES * (extendedBox((sigmaCells * sigmaCells) / BOXES).r + 1);
}

/** The weights of the three boxes composed (the blur of a single cell along one axis), centred, length 2 · reach + 1. */
export function boxWeights(sigmaCells: number): Float64Array {
  const box = extendedBox((sigmaCells * sigmaCells) / BOXES);
  const k = boxReach(sigmaCells);
  let w = new Float64Array(2 * k + 1);
  w[k] = 1;
  for (let b = 0; b < BOXES; b++) {
    const next = new Float64Array(w.length);
    for (let i = 0; i < w.length; i++) {
      let s = 0;
      for (let j = -box.r - 1; j <= box.r + 1; j++) {
        const t = i + j;
        if (t < 0 || t >= w.length) continue;
        s += (Math.abs(j) <= box.r ? 1 : box.alpha) * w[t];
      }
      next[i] = s * box.norm;
    }
    w = next;
  }
  return w;
}

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

/** Where the grids lie: the output's first cell in the input (whole cells), and the input's first cell's world column and row. */
export interface BoxPlacement {
  readonly dc: number;
  readonly dr: number;
  readonly col0: number;
  readonly row0: number;
}

/** Columns gathered at once in the vertical pass: a cache line's worth of each row per read. */
const STRIP = 16;

/**
 * What a band of either pass reads and writes. `mid` holds every input row the column pass reads,
 * blurred along x over the output's columns (`rows` of them, n wide).
 */
export type BoxBlurJob = {
  readonly input: Float32Array;
  readonly mid: Float64Array;
  readonly out: Float32Array;
  readonly m: number;
  readonly n: number;
  readonly dc: number;
  readonly dr: number;
  readonly col0: number;
  readonly row0: number;
  readonly sigmaCells: number;
  /** 0: rows of `mid` r0 … r1 − 1; 1: strips of STRIP output columns r0 … r1 − 1. */
  readonly pass: 0 | 1;
};

/** How boxBlur runs each pass over its `count` rows or strips: all on this thread, or in bands over threads. */
export type SpreadPass = (job: BoxBlurJob, count: number) => void;

/**
 * Writes out (n × n) = input (m × m) blurred by three extended boxes of total variance σ²
 * along rows, then along columns. Reads beyond the input's border are clamped to it (the
 * engine's halo makes that unnecessary; a bare call on a small grid still works). Each pass is
 * cut into independent lines, so `spread` may hand them to threads: the same bits.
 */
export function boxBlur(
  input: Float32Array,
  m: number,
  n: number,
  at: BoxPlacement,
  sigmaCells: number,
  /* out */ out: Float32Array,
  spread: SpreadPass = (job, count) => boxBlurBand(job, 0, count),
): void {
  const rows = n + 2 * boxReach(sigmaCells);
  const mid = sharedScratch('box.mid', Float64Array, rows * n);
  const job = { input, mid, out, m, n, dc: at.dc, dr: at.dr, col0: at.col0, row0: at.row0, sigmaCells };
  spread({ ...job, pass: 0 }, rows);
  spread({ ...job, pass: 1 }, Math.ceil(n / STRIP));
}

/** Rows (pass 0) or column strips (pass 1) r0 … r1 − 1 of boxBlur: the band hook of a blur. */
export function boxBlurBand(a: BoxBlurJob, r0: number, r1: number): void {
  const box = extendedBox((a.sigmaCells * a.sigmaCells) / BOXES);
  const k = boxReach(a.sigmaCells);
  const { input, mid, out, m, n } = a;
  const len = n + 2 * k;
  const line = scratch('box.line', Float64Array, len);
  const suf = scratch('box.suf', Float64Array, len);
  const tmp = scratch('box.tmp', Float64Array, len);
  if (a.pass === 0) {
    // Rows: every input row the column pass reads, blurred along x over the output's columns.
    const c0 = a.dc - k;
    const inside = c0 >= 0 && c0 + len <= m;
    for (let rr = r0; rr < r1; rr++) {
      const ri = Math.min(m - 1, Math.max(0, a.dr - k + rr));
      const src = ri * m;
      if (inside) for (let j = 0; j < len; j++) line[j] = input[src + c0 + j];
      else for (let j = 0; j < len; j++) line[j] = input[src + Math.min(m - 1, Math.max(0, c0 + j))];
      blurLine(line, len, a.col0 + c0, box, suf, tmp);
      mid.set(line.subarray(0, n), rr * n);
    }
    return;
  }
  // Columns, STRIP at a time: gather each into a line, blur, scatter.
  const rows = len;
  const strip = scratch('box.strip', Float64Array, STRIP * len);
  const g0 = a.row0 + a.dr - k;
  for (let cs = r0 * STRIP; cs < Math.min(n, r1 * STRIP); cs += STRIP) {
    const width = Math.min(STRIP, n - cs);
    for (let rr = 0; rr < rows; rr++) {
      const src = rr * n + cs;
      for (let j = 0; j < width; j++) strip[j * len + rr] = mid[src + j];
    }
    for (let j = 0; j < width; j++) {
      const col = strip.subarray(j * len, (j + 1) * len);
      blurLine(col, len, g0, box, suf, tmp);
    }
    for (let r = 0; r < n; r++) {
      const dst = r * n + cs;
      for (let j = 0; j < width; j++) out[dst + j] = strip[j * len + r];
    }
  }
}
