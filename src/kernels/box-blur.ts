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
//
// Four lines run side by side (boxLanes); on the grid heap (a band pool runs) the same lanes run
// in WebAssembly SIMD instead (wasm/blur.as.ts, in place), the same bits.

import { scratch, sharedScratch } from './scratch.ts';
import { wasmBlurBand } from './wasm/blur-instance.ts';

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

/** Lines blurred side by side (boxLanes): written out as four sums, not a loop over lanes. */
const LANES = 4;

/**
 * One box over LANES lines at once, stored position by position: lane j's cell i at
 * line[i · LANES + j], len positions. Writes dst[(i − (R + 1)) · LANES + j] for the centres i =
 * R + 1 … len − R − 2. `g0` is the world index of position 0 (the same in every lane); blocks of
 * w = 2R + 1 cells start where the world index is a multiple of w. `suf` is scratch of
 * len · LANES entries.
 *
 * Each lane is computed as one line alone would be, the same operations in the same order; the
 * lanes only interleave them. I run four lines at once because a line alone is a chain of
 * dependent additions (each running sum waits for the one before): side by side, the additions
 * of different lines overlap. A loop over 16 lanes instead ran slower than one line at a time
 * (V8's loop overhead on so short a loop).
 */
function boxLanes(line: Float64Array, len: number, g0: number, box: Box, suf: Float64Array, /* out */ dst: Float64Array): void {
  const r = box.r;
  const w = 2 * r + 1;
  // Offset within its block of position 0; the blocks start at positions first − w, first, first + w, …
  let phase = g0 % w;
  if (phase < 0) phase += w;
  const first = phase === 0 ? 0 : w - phase;
  // Suffix sums within blocks, from each block's last cell down (a block cut by the line's end
  // ends there: only windows reaching past the line read those, and none is in range).
  for (let end = len, start = first + Math.floor((len - 1 - first) / w) * w; end > 0; end = start, start -= w) {
    const lo = Math.max(0, start) * LANES;
    // The block's last cell: 0 + its value, as a running sum from 0 gives it (−0 becomes +0).
    let p = (end - 1) * LANES;
    let s0 = 0 + line[p];
    let s1 = 0 + line[p + 1];
    let s2 = 0 + line[p + 2];
    let s3 = 0 + line[p + 3];
    suf[p] = s0;
    suf[p + 1] = s1;
    suf[p + 2] = s2;
    suf[p + 3] = s3;
    for (p -= LANES; p >= lo; p -= LANES) {
      suf[p] = s0 += line[p];
      suf[p + 1] = s1 += line[p + 1];
      suf[p + 2] = s2 += line[p + 2];
      suf[p + 3] = s3 += line[p + 3];
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
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let b = Math.max(0, start);
    for (; b < end && b < w; b++) {
      // The prefix before the first window written.
      const p = b * LANES;
      s0 += line[p];
      s1 += line[p + 1];
      s2 += line[p + 2];
      s3 += line[p + 3];
    }
    const last = start + w - 1; // the block's own last cell
    for (; b < end; b++) {
      const pb = b * LANES;
      const pa = pb - (w - 1) * LANES; // a = b − w + 1
      const before = pa - LANES; // a − 1: also where the window's result goes
      const after = pb + LANES; // b + 1
      s0 += line[pb];
      s1 += line[pb + 1];
      s2 += line[pb + 2];
      s3 += line[pb + 3];
      if (b === last) {
        dst[before] = (s0 + alpha * (line[before] + line[after])) * norm;
        dst[before + 1] = (s1 + alpha * (line[before + 1] + line[after + 1])) * norm;
        dst[before + 2] = (s2 + alpha * (line[before + 2] + line[after + 2])) * norm;
        dst[before + 3] = (s3 + alpha * (line[before + 3] + line[after + 3])) * norm;
      } else {
        dst[before] = (suf[pa] + s0 + alpha * (line[before] + line[after])) * norm;
        dst[before + 1] = (suf[pa + 1] + s1 + alpha * (line[before + 1] + line[after + 1])) * norm;
        dst[before + 2] = (suf[pa + 2] + s2 + alpha * (line[before + 2] + line[after + 2])) * norm;
        dst[before + 3] = (suf[pa + 3] + s3 + alpha * (line[before + 3] + line[after + 3])) * norm;
      }
    }
  }
}

/**
 * Blurs LANES lines of len positions (laid out as boxLanes reads them) by the three boxes in
 * turn (each shortens them by R + 1 at each end) and returns the result's length; the result is
 * in `line` from position 0, and its first cell is the lines' cell reach. `g0`: the world index
 * of position 0. The boxes go line → tmp → line → tmp, then one copy back.
 */
function blurLanes(line: Float64Array, len: number, g0: number, box: Box, suf: Float64Array, tmp: Float64Array): number {
  const shrink = box.r + 1;
  let src = line;
  let dst = tmp;
  for (let b = 0; b < BOXES; b++) {
    boxLanes(src, len, g0, box, suf, dst);
    len -= 2 * shrink;
    g0 += shrink;
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== line) line.set(src.subarray(0, len * LANES));
  return len;
}

/** Where the grids lie: the output's first cell in the input (whole cells), and the input's first cell's world column and row. */
export interface BoxPlacement {
  readonly dc: number;
  readonly dr: number;
  readonly col0: number;
  readonly row0: number;
}

/** Columns in one unit of the vertical pass's bands (LANES at a time within it): two cache lines of each row of mid. */
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
  // On the grid heap, the same lanes in WebAssembly (three to four times faster), in place.
  const heap = { ...a, k, r: box.r, alpha: box.alpha, norm: box.norm };
  if (a.pass === 0 ? wasmBlurBand(heap, 0, r0, r1) : wasmBlurBand(heap, 1, r0 * STRIP, Math.min(n, r1 * STRIP))) return;
  const len = n + 2 * k;
  const line = scratch('box.line', Float64Array, LANES * len);
  const suf = scratch('box.suf', Float64Array, LANES * len);
  const tmp = scratch('box.tmp', Float64Array, LANES * len);
  if (a.pass === 0) {
    // Rows, LANES at a time: every input row the column pass reads, blurred along x over the
    // output's columns, into mid. Past r1 a lane repeats the band's last row (computed, not written).
    const c0 = a.dc - k;
    const inside = c0 >= 0 && c0 + len <= m;
    for (let g = r0; g < r1; g += LANES) {
      const lanes = Math.min(LANES, r1 - g);
      for (let j = 0; j < LANES; j++) {
        const src = Math.min(m - 1, Math.max(0, a.dr - k + g + Math.min(j, lanes - 1))) * m;
        if (inside) for (let i = 0, p = j, q = src + c0; i < len; i++, p += LANES, q++) line[p] = input[q];
        else for (let i = 0, p = j; i < len; i++, p += LANES) line[p] = input[src + Math.min(m - 1, Math.max(0, c0 + i))];
      }
      blurLanes(line, len, a.col0 + c0, box, suf, tmp);
      for (let j = 0; j < lanes; j++) {
        for (let c = 0, p = j, q = (g + j) * n; c < n; c++, p += LANES, q++) mid[q] = line[p];
      }
    }
    return;
  }
  // Columns, STRIP at a time, LANES by LANES: each row's cells of the lanes are a position,
  // read from mid and written to out. Past the grid's last column a lane repeats it.
  const g0 = a.row0 + a.dr - k;
  for (let cs = r0 * STRIP; cs < Math.min(n, r1 * STRIP); cs += LANES) {
    const lanes = Math.min(LANES, n - cs);
    for (let rr = 0; rr < len; rr++) {
      for (let j = 0, p = rr * LANES, q = rr * n + cs; j < LANES; j++, p++) line[p] = mid[q + Math.min(j, lanes - 1)];
    }
    blurLanes(line, len, g0, box, suf, tmp);
    for (let r = 0; r < n; r++) {
      for (let j = 0, p = r * LANES, q = r * n + cs; j < lanes; j++, p++, q++) out[q] = line[p];
    }
  }
}
