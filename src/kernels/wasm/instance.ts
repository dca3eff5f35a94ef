// The WebAssembly kernels, instantiated on first use (lazy-module.ts): the cell kernels' module
// and the curve's (curve.as.ts), each under the 4 KB a browser's main thread may compile
// synchronously (a test keeps them there), so this runs the same in Node, in a Web Worker and on
// a page. A call whose grids lie on the grid heap (while a band pool runs) runs in place there
// (heap-instance.ts); otherwise it copies its inputs into the
// module's memory, runs, and copies the outputs out: the cell-by-cell kernels and the rank a
// chunk of cells at a time (CHUNK_CELLS), the argsort whole. The memory only grows;
// releaseKernelMemory drops it after a one-off large grid (an argsort's).

import { KERNELS_WASM_BASE64 } from './binary.ts';
import { CURVE_WASM_BASE64 } from './curve-binary.ts';
import { float32Above } from './distance-instance.ts';
import { heapCombine, heapCurve, heapMoisture, heapPlaces, heapRank, heapTemperature, heapWhittaker } from './heap-instance.ts';
import { chunkStep, FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';
import type { StridedRows } from '../../grid.ts';

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  argsortScratchBytes(n: number): number;
  argsort(n: number, valuesAt: number, sortedAt: number, orderAt: number, scratchAt: number): void;
  sortScratchBytes(n: number): number;
  sort(n: number, valuesAt: number, sortedAt: number, scratchAt: number): void;
  places(valid: number, sortedAt: number, startAt: number, lo: number, scale: number, buckets: number): void;
  combine(n: number, mode: number, baseAt: number, scaleAt: number, detailAt: number, outAt: number): void;
  temperature(rows: number, n: number, rowBaseAt: number, rankAt: number, coastAt: number, noiseAt: number, outAt: number, lapse: number, coastMod: number, tempNoise: number): void;
  moisture(n: number, noiseAt: number, coastAt: number, airAt: number, outAt: number, moistNoise: number, coastBonus: number, decay: number, strength: number): void;
  whittaker(
    n: number,
    heightAt: number,
    level: number,
    temperatureAt: number,
    moistureAt: number,
    coastAt: number,
    tableAt: number,
    outAt: number,
    ocean: number,
    beach: number,
    beachWidth: number,
    beachMinTemperature: number,
  ): void;
  rank(cells: number, hAt: number, outAt: number, startAt: number, sortedAt: number, ranksAt: number, lo: number, scale: number, last: number): void;
}

type Grid = Float32Array | Float64Array | Uint8Array | Uint32Array | Int32Array;

const kernelModule = lazyModule<KernelExports>(
  KERNELS_WASM_BASE64,
  'kernels, which need WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)',
);
const kernels = kernelModule.exports;

/** The compiled module's bytes. */
export const kernelBytes = kernelModule.bytes;

interface CurveExports {
  readonly memory: WebAssembly.Memory;
  curve(n: number, inAt: number, outAt: number, xsAt: number, ysAt: number, m: number, aboveAt: number): void;
}

/** The curve's module (curve.as.ts): its four-cell loop had no room in the cell kernels'. */
const curveModule = lazyModule<CurveExports>(CURVE_WASM_BASE64, 'curve, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)');

/** The curve module's bytes. */
export const curveBytes = curveModule.bytes;

/**
 * The rank table the memory holds at its first bytes (wasmRank), by its generation, and in which
 * instance: any other kernel's reserve() lays its own grids there, so it forgets it.
 */
let rankHeld: { readonly k: KernelExports; readonly generation: number } | null = null;

/** Byte offsets of consecutive 8-aligned regions of these sizes; grows the memory to hold them. */
function reserve(k: KernelExports, sizes: readonly number[]): number[] {
  rankHeld = null;
  return regions(sizes, (end) => kernelModule.reserve(k, end));
}

/** Byte offsets of consecutive 8-aligned regions of these sizes from FIRST_BYTE; `grow` is given their end. */
function regions(sizes: readonly number[], grow: (end: number) => void): number[] {
  const offsets: number[] = [];
  let end = FIRST_BYTE;
  for (const size of sizes) {
    offsets.push(end);
    end += Math.ceil(size / 8) * 8;
  }
  grow(end);
  return offsets;
}

/**
 * Copies the inputs into the module's memory and makes room for the outputs (bytes): the byte
 * offsets of the inputs then of the outputs, 0 for an input that is null (unwired). Regions are
 * padded to 8 bytes, so a kernel working on pairs of Float32 cells may run one cell over. Strided
 * rows (an input read in place out of a wider grid) are laid end to end as they are copied: the
 * crop costs no copy of its own.
 */
function stage(k: KernelExports, inputs: readonly (Grid | StridedRows | null)[], outputBytes: readonly number[]): number[] {
  const at = reserve(k, [...inputs.map((a) => (a ? ('rows' in a ? 4 * a.rows * a.n : a.byteLength) : 0)), ...outputBytes]);
  const memory = k.memory.buffer;
  inputs.forEach((a, j) => {
    if (!a) at[j] = 0;
    else if ('rows' in a) {
      const to = new Float32Array(memory, at[j], a.rows * a.n);
      for (let i = 0; i < a.rows; i++) to.set(a.data.subarray(a.at + i * a.stride, a.at + i * a.stride + a.n), i * a.n);
    } else new Uint8Array(memory, at[j], a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  });
  return at;
}

/** Copies a kernel's output out of the module's memory. */
function collect(k: KernelExports, at: number, /* out */ out: Grid): void {
  new Uint8Array(out.buffer, out.byteOffset, out.byteLength).set(new Uint8Array(k.memory.buffer, at, out.byteLength));
}

/** A grid a chunked kernel reads cell by cell: plain, or strided rows read in place. */
type Cells = Float32Array | Uint8Array | StridedRows;

/** Cells c0 … c1 − 1 of a grid (of strided rows: whole rows, c0 and c1 multiples of its n). */
function cellsOf(a: Cells, c0: number, c1: number): Cells {
  if (!('rows' in a)) return a.subarray(c0, c1);
  return { data: a.data, at: a.at + (c0 / a.n) * a.stride, stride: a.stride, n: a.n, rows: (c1 - c0) / a.n };
}

/** Bytes a cell of a grid takes. */
function cellBytes(a: Cells): number {
  return 'rows' in a ? 4 : a.BYTES_PER_ELEMENT;
}

/** Copies a chunk of a grid to byte `at` of the memory, strided rows end to end. */
function copyIn(memory: ArrayBuffer, at: number, a: Cells): void {
  if (!('rows' in a)) {
    new Uint8Array(memory, at, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    return;
  }
  const to = new Float32Array(memory, at, a.rows * a.n);
  for (let i = 0; i < a.rows; i++) to.set(a.data.subarray(a.at + i * a.stride, a.at + i * a.stride + a.n), i * a.n);
}

/**
 * Runs a cell-by-cell kernel over `cells` cells, about CHUNK_CELLS at a time in whole multiples
 * of `unit` cells (a row, for a kernel that works by rows or reads strided rows): the `fixed` inputs (tables) are staged once, then each chunk
 * of the `grids` (null: unwired, offset 0) is copied in, `run(c0, count, fixedAt, gridAt,
 * outAt)` computes it, and its outputs are copied out. Regions are padded to 8 bytes, as stage's.
 * Every kernel here computes each cell on its own, so any chunking gives the same bits.
 */
function chunked(
  k: KernelExports | CurveExports,
  /** Lays out regions of these sizes in k's memory (reserve, regions): their byte offsets. */
  layout: (sizes: readonly number[]) => number[],
  cells: number,
  unit: number,
  fixed: readonly Grid[],
  grids: readonly (Cells | null)[],
  outs: readonly (Float32Array | Uint8Array)[],
  run: (c0: number, count: number, fixedAt: readonly number[], gridAt: readonly number[], outAt: readonly number[]) => void,
): void {
  const step = chunkStep(cells, unit);
  const span = Math.max(1, Math.min(step, cells));
  const sizes = [...fixed.map((a) => a.byteLength), ...grids.map((g) => (g ? cellBytes(g) * span : 0)), ...outs.map((o) => o.BYTES_PER_ELEMENT * span)];
  const at = layout(sizes);
  const memory = k.memory.buffer;
  const fixedAt = at.slice(0, fixed.length);
  const gridAt = at.slice(fixed.length, fixed.length + grids.length).map((a, j) => (grids[j] ? a : 0));
  const outAt = at.slice(fixed.length + grids.length);
  fixed.forEach((a, j) => new Uint8Array(memory, fixedAt[j], a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)));
  for (let c0 = 0; c0 < cells; c0 += step) {
    const c1 = Math.min(cells, c0 + step);
    grids.forEach((g, j) => g && copyIn(memory, gridAt[j], cellsOf(g, c0, c1)));
    run(c0, c1 - c0, fixedAt, gridAt, outAt);
    outs.forEach((o, j) => {
      const part = o.subarray(c0, c1);
      new Uint8Array(part.buffer, part.byteOffset, part.byteLength).set(new Uint8Array(memory, outAt[j], part.byteLength));
    });
  }
}

/** Stable ascending argsort of Float32 values (see argsort in kernels.as.ts). */
export function wasmArgsort(values: Float32Array, /* out */ sortedOut: Float32Array, /* out */ orderOut: Uint32Array): void {
  const k = kernels();
  const n = values.length;
  const [valuesAt, sortedAt, orderAt, scratchAt] = stage(k, [values], [4 * n, 4 * n, k.argsortScratchBytes(n)]);
  k.argsort(n, valuesAt, sortedAt, orderAt, scratchAt);
  collect(k, sortedAt, sortedOut);
  collect(k, orderAt, orderOut);
}

/** Ascending sort of Float32 values, values only (see sort in kernels.as.ts). */
export function wasmSort(values: Float32Array, /* out */ sortedOut: Float32Array): void {
  const k = kernels();
  const n = values.length;
  const [valuesAt, sortedAt, scratchAt] = stage(k, [values], [4 * n, k.sortScratchBytes(n)]);
  k.sort(n, valuesAt, sortedAt, scratchAt);
  collect(k, sortedAt, sortedOut);
}

/** The start entries of a bucket table over ascending `sorted` (see places in kernels.as.ts) into start[0 … buckets]. */
export function wasmPlaces(sorted: Float32Array, lo: number, scale: number, buckets: number, /* out */ start: Int32Array): void {
  // In place where both lie on the grid heap (a 256 KB table copied out of the module's memory
  // into shared memory cost more than the fill).
  if (heapPlaces(sorted, lo, scale, buckets, start)) return;
  const k = kernels();
  const [sortedAt, startAt] = stage(k, [sorted], [4 * (buckets + 1)]);
  k.places(sorted.length, sortedAt, startAt, lo, scale, buckets);
  collect(k, startAt, start.subarray(0, buckets + 1));
}

/**
 * Combine by mode: 0 terrain, 1 add, 2 multiply, 3 min, 4 max, 5 lerp (see combine in
 * kernels.as.ts); unwired inputs take base 0, scale 1, detail 0.
 */
export function wasmCombine(
  mode: number,
  base: Float32Array | null,
  scale: Float32Array | null,
  detail: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  // In place on the grid heap (heap-instance.ts); copied as below where it leaves cells.
  const done = heapCombine(mode, base, scale, detail, out);
  if (done === out.length) return;
  const k = kernels();
  chunked(k, (sizes) => reserve(k, sizes), out.length - done, 1, [], [from(base, done), from(scale, done), from(detail, done)], [out.subarray(done)], (_, count, __, [baseAt, scaleAt, detailAt], [outAt]) =>
    k.combine(count, mode, baseAt, scaleAt, detailAt, outAt),
  );
}

export interface TemperatureTerms {
  readonly lapse: number;
  readonly coastMod: number;
  readonly tempNoise: number;
}

/** Temperature from each row's base (base − latitude term) and the optional grids, rowBase.length rows of cells. */
export function wasmTemperature(
  rowBase: Float64Array,
  p: TemperatureTerms,
  rank: Float32Array | StridedRows | null,
  coast: Float32Array | StridedRows | null,
  noise: Float32Array | StridedRows | null,
  /* out */ out: Float32Array,
): void {
  if (heapTemperature(rowBase, p, rank, coast, noise, out)) return;
  const k = kernels();
  const n = out.length / rowBase.length;
  // Whole rows a chunk: each row has its base.
  chunked(k, (sizes) => reserve(k, sizes), out.length, n, [rowBase], [rank, coast, noise], [out], (c0, count, [rowBaseAt], [rankAt, coastAt, noiseAt], [outAt]) =>
    k.temperature(count / n, n, rowBaseAt + 8 * (c0 / n), rankAt, coastAt, noiseAt, outAt, p.lapse, p.coastMod, p.tempNoise),
  );
}

export interface MoistureTerms {
  readonly moistNoise: number;
  readonly coastBonus: number;
  readonly decay: number;
  readonly strength: number;
}

/** Moisture from the optional noise, coast distance and air humidity. */
export function wasmMoisture(
  p: MoistureTerms,
  noise: Float32Array | null,
  coast: Float32Array | null,
  air: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  const done = heapMoisture(p, noise, coast, air, out);
  if (done === out.length) return;
  const k = kernels();
  chunked(k, (sizes) => reserve(k, sizes), out.length - done, 1, [], [from(noise, done), from(coast, done), from(air, done)], [out.subarray(done)], (_, count, __, [noiseAt, coastAt, airAt], [outAt]) =>
    k.moisture(count, noiseAt, coastAt, airAt, outAt, p.moistNoise, p.coastBonus, p.decay, p.strength),
  );
}

export interface BiomeRules {
  /** 16 biome ids, rows cold → hot, columns dry → wet. */
  readonly table: Uint8Array;
  readonly ocean: number;
  readonly beach: number;
  readonly beachWidth: number;
  readonly beachMinTemperature: number;
}

/** Biome ids from heights and sea level, temperature, moisture and the optional coast distance. */
export function wasmWhittaker(
  rules: BiomeRules,
  height: Float32Array | StridedRows,
  level: number,
  temperature: Float32Array,
  moisture: Float32Array,
  coast: Float32Array | null,
  /* out */ out: Uint8Array,
): void {
  const k = kernels();
  // Each threshold as the least Float32 at or above it: the module compares Float32 cells in
  // Float32, with the answers of the doubles' compares.
  const [levelAbove, widthAbove, warmAbove] = [float32Above(level), float32Above(rules.beachWidth), float32Above(rules.beachMinTemperature)];
  if (heapWhittaker(rules, height, levelAbove, temperature, moisture, coast, out, widthAbove, warmAbove)) return;
  // Strided heights are copied in by whole rows.
  chunked(k, (sizes) => reserve(k, sizes), out.length, 'rows' in height ? height.n : 1, [rules.table], [height, temperature, moisture, coast], [out], (_, count, [tableAt], [heightAt, temperatureAt, moistureAt, coastAt], [outAt]) =>
    k.whittaker(count, heightAt, levelAbove, temperatureAt, moistureAt, coastAt, tableAt, outAt, rules.ocean, rules.beach, widthAbove, warmAbove),
  );
}

/** The piecewise-linear curve through points (xs sorted) at every input cell (see curve.as.ts). */
export function wasmCurve(input: Float32Array, xs: Float64Array, ys: Float64Array, /* out */ out: Float32Array): void {
  const done = heapCurve(input, xs, ys, out);
  if (done === out.length) return;
  const k = curveModule.exports();
  chunked(k, (sizes) => regions(sizes, (end) => curveModule.reserve(k, end)), input.length - done, 1, [xs, ys], [input.subarray(done)], [out.subarray(done)], (_, count, [xsAt, ysAt], [inAt], [outAt]) =>
    // The copying build's table of bounds is its own static one (aboveAt unread).
    k.curve(count, inAt, outAt, xsAt, ysAt, xs.length, 0),
  );
}

/** Cells c0 … of a grid, null staying null. */
function from(a: Float32Array | null, c0: number): Float32Array | null {
  return a && (c0 === 0 ? a : a.subarray(c0));
}

/** A bucket table over sorted heights and the rank of each count (see rank in kernels.as.ts). */
export interface RankTable {
  /** The table's buckets + 1 starts (src/kernels/places.ts). */
  readonly start: Int32Array;
  readonly buckets: number;
  /** The ascending entries that are not NaN. */
  readonly sorted: Float32Array;
  readonly lo: number;
  readonly scale: number;
  /** ranks[j]: the rank of a height with j entries below it, for j = 0 … sorted.length. */
  readonly ranks: Float32Array;
  /** Which table (src/kernels/places.ts): the same generation holds the same start, sorted and ranks. */
  readonly generation: number;
  /**
   * True when four NaN follow the sorted entries in their buffer (the four-wide compare from a
   * bucket's start may read past the last): with the three on the grid heap, the bands read them
   * there in place, where each thread copied them into its own scratch.
   */
  readonly padded?: boolean;
}

/** Each height's rank by the table, into out: the table staged once, the heights a chunk at a time (see CHUNK_CELLS). */
export function wasmRank(t: RankTable, heights: Float32Array, /* out */ out: Float32Array): void {
  if (heapRank(t, heights, out)) return;
  const k = kernels();
  const cells = heights.length;
  // Chunks of a multiple of 4 cells (at least 4): the module ranks four at a time.
  const step = chunkStep(cells, 4);
  const span = (Math.max(1, Math.min(step, cells)) + 3) & ~3;
  const valid = t.sorted.length;
  // The table first, so the same table lies at the same offsets whatever the grid.
  const held = rankHeld !== null && rankHeld.k === k && rankHeld.generation === t.generation;
  const [startAt, sortedAt, ranksAt, hAt, outAt] = reserve(k, [4 * (t.buckets + 1), 4 * (valid + 4), 4 * (valid + 1), 4 * span, 4 * span]);
  const memory = k.memory.buffer;
  // The table is left in place from the last call when no other kernel ran since: the rank runs
  // on the view and on each of the wind's coarse squares with the same one, and its 256 KB of
  // starts cost more to copy than a 32² square to rank.
  if (!held) {
    new Int32Array(memory, startAt, t.buckets + 1).set(t.start.subarray(0, t.buckets + 1));
    const sorted = new Float32Array(memory, sortedAt, valid + 4);
    sorted.set(t.sorted);
    // The four entries compared from a bucket's start may run past the last: NaN is below nothing.
    sorted.fill(NaN, valid);
    new Float32Array(memory, ranksAt, valid + 1).set(t.ranks.subarray(0, valid + 1));
  }
  rankHeld = { k, generation: t.generation };
  const h = new Float32Array(memory, hAt, span);
  const ranked = new Float32Array(memory, outAt, span);
  for (let c0 = 0; c0 < cells; c0 += step) {
    const c = Math.min(step, cells - c0);
    const padded = (c + 3) & ~3;
    h.set(heights.subarray(c0, c0 + c));
    h.fill(0, c, padded);
    k.rank(padded, hAt, outAt, startAt, sortedAt, ranksAt, t.lo, t.scale, t.buckets - 1);
    out.set(c === span ? ranked : ranked.subarray(0, c), c0);
  }
}

/** Bytes the kernels' memory holds now (0 before first use). */
export const kernelMemoryBytes = kernelModule.memoryBytes;

/**
 * Lets the memory go when it holds more than grids of `maxCells` cells need (after an export):
 * the next call starts a fresh instance from the compiled module.
 */
export function releaseKernelMemory(maxCells: number): void {
  // The argsort needs the most: 20 bytes a cell (values, sorted, order, the 8-byte key and cell pairs) and two 256 KB count tables.
  kernelModule.release(FIRST_BYTE + 20 * maxCells + 16 * PAGE);
  // The curve's: a grid in and one out (whole grids when CHUNK_CELLS is 0).
  curveModule.release(FIRST_BYTE + 8 * maxCells + PAGE);
}
