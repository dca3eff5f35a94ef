// The wind module (wind.as.ts), instantiated on first use (lazy-module.ts; it is under the 4 KB a
// page may compile synchronously, like the other modules). One call sweeps one region: its
// heights and rank are copied in row by row, the target's blended air is copied out. The memory only grows;
// releaseWindMemory drops it after a one-off large grid.

import { heapMemory, heapScratch } from '../../parallel/memory.ts';
import { countHeapCall, heapAt, onHeapModule } from './heap-instance.ts';
import { WIND_WASM_BASE64 } from './wind-binary.ts';
import { WIND_HEAP_WASM_BASE64 } from './wind-heap-binary.ts';
import { CHUNK_CELLS, FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface WindExports {
  readonly memory: WebAssembly.Memory;
  exp(x: number): number;
  setStart(at: number, n: number, fineToCoarse: number, fineCol0: number, fineRow0: number, coarseCol0: number, coarseRow0: number): void;
  sweep(
    hAt: number, rankAt: number, level: number, width: number, lines: number,
    a0: number, b0: number, major: number, major0: number, block: number, transposed: boolean,
    offset: number, reach: number, t: number, wet: number, dry: number, kLift: number,
    ta0: number, ta1: number, tb0: number, tb1: number, outAt: number, wide: boolean, bufAt: number, pitch: number, outPitch: number,
  ): void;
  transpose64(fromAt: number, toAt: number, rows: number, cols: number): void;
}

const windModule = lazyModule<WindExports>(
  WIND_WASM_BASE64,
  'wind, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)',
);
const wind = windModule.exports;

/** The compiled module's bytes. */
export const windBytes = windModule.bytes;

/** The same module on the grid heap (heap-instance.ts): heights and rank read, the air written, in place. */
const heapWind = onHeapModule<WindExports>(WIND_HEAP_WASM_BASE64);

/** The heap module's bytes. */
export const heapWindBytes = heapWind.bytes;

/** The module's e^x (fdlibm's), for the test that holds it to Math.exp. */
export function wasmExp(x: number): number {
  return wind().exp(x);
}

/** Byte offsets of consecutive 16-aligned regions of these sizes (16 bytes more each: a pair of f32 cells may be read one cell past a line); grows the memory to hold them. */
function reserve(k: WindExports, sizes: readonly number[]): number[] {
  return windModule.regions(k, sizes).at;
}

/** One region of the fine grid as the module sweeps it (see sweepLines in wind-sweep.ts). */
export interface WasmSweep {
  /** The n-wide grids and the region: columns c0 … c1 − 1, rows r0 … r1 − 1. */
  readonly h: Float32Array;
  readonly rank: Float32Array | null;
  readonly level: number;
  readonly n: number;
  readonly c0: number;
  readonly c1: number;
  readonly r0: number;
  readonly r1: number;
  /** True when the lines along the wind are columns. */
  readonly transposed: boolean;
  readonly major: number;
  readonly major0: number;
  readonly block: number;
  readonly offset: number;
  readonly reach: number;
  readonly t: number;
  readonly wet: number;
  readonly dry: number;
  readonly kLift: number;
  /** The coarse air (null: air starts saturated) and how fine cells map onto it. */
  readonly air: Float64Array | null;
  readonly cn: number;
  readonly scale: number;
  readonly fineCol0: number;
  readonly fineRow0: number;
  readonly coarseCol0: number;
  readonly coarseRow0: number;
  /** The target cells, and where they go: out[(r − pr0) · stride + (c − pc0)]. */
  readonly tc0: number;
  readonly tc1: number;
  readonly tr0: number;
  readonly tr1: number;
  readonly pc0: number;
  readonly pr0: number;
  readonly stride: number;
}

/**
 * The grid's first lattice line modulo the block, 0 … block − 1, for the module: the lines'
 * phases depend on it only modulo the block, and the lattice index may lie past 2³¹ (a view 10⁹
 * views out), where the module's i32 wrapped it and anchored the blocks elsewhere unless the
 * block divides 2³² (a view of 97 cells has blocks of 6).
 */
function phaseAnchor(major0: number, block: number): number {
  return ((major0 % block) + block) % block;
}

/** Copies rows r0 … r1 − 1, columns c0 … c1 − 1 of an n-wide grid to `at`, row after row. */
function copyIn(memory: ArrayBuffer, at: number, grid: Float32Array, n: number, c0: number, c1: number, r0: number, r1: number): void {
  const width = c1 - c0;
  const to = new Float32Array(memory, at, width * (r1 - r0));
  for (let r = r0; r < r1; r++) to.set(grid.subarray(r * n + c0, r * n + c1), (r - r0) * width);
}

/** Rows of the module's strips of a wind along the columns (STRIP in wind.as.ts): a chunk holds whole strips. */
const STRIP = 16;
/** Rows of its strips when it copies them from grids read in place (STAGED_STRIP in wind.as.ts). */
const STAGED_STRIP = 32;

/**
 * Bytes of the sweep's line buffers (bufAt in wind.as.ts) for a region of `width` × `rows`: four
 * lines and four carries of doubles, each STAGGER (208) bytes more; with `staged` (a wind straight
 * along the columns on the grid heap) also two strips of STAGED_STRIP rows of floats, heights
 * and rank, each row 64 bytes more; for a wind along the columns, one more such strip, the
 * target's rows (stageOut).
 */
function lineBytes(transposed: boolean, width: number, rows: number, staged: boolean): number {
  const strips = (staged ? 2 : 0) + (transposed ? 1 : 0);
  return 4 * (8 * (transposed ? rows : width) + 208) + 4 * (8 * (transposed ? width : rows) + 208) + strips * STAGED_STRIP * (4 * width + 64);
}

/**
 * Sweeps a region in the module and writes its target's blended air into `out` (floats, or
 * doubles for the coarse air). A wind straight along the columns (east or west) is swept 16
 * rows at a time at 1024² (about CHUNK_CELLS cells of each grid, lazy-module.ts, in whole strips):
 * its rows do not read each other, and a chunk's heights and rank are still in the core's cache
 * when the sweep reads them, where the whole region (1152 × 1024 cells of each at 1024²) went
 * through memory twice more. One thread, wind alone at 1024², whole and in chunks alternating in
 * one process (60 runs each, load 7-9): CPU 11.5 → 9.95 and 11.0 → 9.5 ms in two runs; 14 rows a
 * chunk 3 % slower than 16, 7 rows 10 %, 28 no faster. Any other wind reads its neighbours across
 * the wind and is swept whole.
 */
export function wasmSweep(s: WasmSweep, /* out */ out: Float32Array | Float64Array): void {
  if (out instanceof Float32Array && heapSweep(s, out)) return;
  const k = wind();
  const width = s.c1 - s.c0;
  const height = s.r1 - s.r0;
  const rowsApart = s.transposed && s.offset === 0 && s.reach === 0;
  const step = rowsApart && CHUNK_CELLS > 0 ? STRIP * Math.max(1, Math.round(CHUNK_CELLS / (STRIP * Math.max(1, width)))) : height;
  const rows = Math.min(step, height);
  const cells = width * rows;
  const withRank = s.rank !== null && s.kLift > 0;
  const tw = s.tc1 - s.tc0;
  const [airAt, hAt, rankAt, bufAt, outAt] = reserve(k, [
    s.air ? s.air.byteLength : 0,
    4 * cells,
    withRank ? 4 * cells : 0,
    lineBytes(s.transposed, width, rows, false),
    out.BYTES_PER_ELEMENT * tw * Math.max(0, Math.min(rows, s.tr1 - s.tr0)),
  ]);
  const memory = k.memory.buffer;
  if (s.air) new Float64Array(memory, airAt, s.air.length).set(s.air);
  k.setStart(s.air ? airAt : 0, s.cn, s.scale, s.fineCol0, s.fineRow0, s.coarseCol0, s.coarseRow0);
  const wide = out instanceof Float64Array;
  for (let r0 = s.r0; r0 < s.r1; r0 += step) {
    const r1 = Math.min(s.r1, r0 + step);
    const tr0 = Math.max(s.tr0, r0);
    const tr1 = Math.min(s.tr1, r1);
    // Rows apart: rows outside the target need no sweep. Swept whole: the target as it is.
    if (rowsApart && tr1 <= tr0) continue;
    copyIn(memory, hAt, s.h, s.n, s.c0, s.c1, r0, r1);
    if (withRank) copyIn(memory, rankAt, s.rank!, s.n, s.c0, s.c1, r0, r1);
    // Lines along the wind: columns (a wind along columns) or rows, and cells across it.
    const [a0, b0, ta0, ta1, tb0, tb1] = s.transposed ? [s.c0, r0, s.tc0, s.tc1, tr0, tr1] : [r0, s.c0, tr0, tr1, s.tc0, s.tc1];
    k.sweep(
      hAt, withRank ? rankAt : 0, s.level, s.transposed ? r1 - r0 : width, s.transposed ? width : r1 - r0,
      a0, b0, s.major, phaseAnchor(s.major0, s.block), s.block, s.transposed,
      s.offset, s.reach, s.t, s.wet, s.dry, s.kLift,
      ta0, ta1, tb0, tb1, outAt, wide, bufAt, 0, 0,
    );
    // The target's rows, back where they go.
    const done = wide ? new Float64Array(k.memory.buffer, outAt, tw * (tr1 - tr0)) : new Float32Array(k.memory.buffer, outAt, tw * (tr1 - tr0));
    for (let r = tr0; r < tr1; r++) {
      const from = (r - tr0) * tw;
      (out as Float32Array).set(done.subarray(from, from + tw) as Float32Array, (r - s.pr0) * s.stride + (s.tc0 - s.pc0));
    }
  }
}

/**
 * wasmSweep on the grid heap, when the heights, the rank (if read) and the output lie on it: the
 * whole region in one call, its rows read where they lie in the n-wide grids (a wind straight
 * along the columns copies each strip's rows into the scratch first) and the target's written
 * where they go, the coarse air and the line buffers in this thread's scratch. False (nothing
 * done) otherwise.
 */
function heapSweep(s: WasmSweep, out: Float32Array): boolean {
  const withRank = s.rank !== null && s.kLift > 0;
  const [hAt, rankAt, outAt] = [heapAt(s.h), withRank ? heapAt(s.rank) : 0, heapAt(out)];
  if (hAt < 0 || rankAt < 0 || outAt < 0) return false;
  const k = heapWind.exports();
  const memory = heapMemory();
  if (!k || !memory) return false;
  const width = s.c1 - s.c0;
  const height = s.r1 - s.r0;
  const airBytes = s.air ? (s.air.byteLength + 15) & ~15 : 0;
  // A wind straight along the columns also copies each strip's rows of heights and rank.
  const bufBytes = lineBytes(s.transposed, width, height, s.transposed && s.offset === 0 && s.reach === 0) + 16;
  const scratchAt = heapScratch('wind', airBytes + bufBytes);
  if (scratchAt < 0) return false;
  countHeapCall();
  if (s.air) new Float64Array(memory.buffer, scratchAt, s.air.length).set(s.air);
  k.setStart(s.air ? scratchAt : 0, s.cn, s.scale, s.fineCol0, s.fineRow0, s.coarseCol0, s.coarseRow0);
  if (s.tr1 <= s.tr0 || s.tc1 <= s.tc0) return true;
  const first = 4 * (s.r0 * s.n + s.c0);
  const [a0, b0, ta0, ta1, tb0, tb1] = s.transposed ? [s.c0, s.r0, s.tc0, s.tc1, s.tr0, s.tr1] : [s.r0, s.c0, s.tr0, s.tr1, s.tc0, s.tc1];
  k.sweep(
    hAt + first, withRank ? rankAt + first : 0, s.level, s.transposed ? height : width, s.transposed ? width : height,
    a0, b0, s.major, phaseAnchor(s.major0, s.block), s.block, s.transposed,
    s.offset, s.reach, s.t, s.wet, s.dry, s.kLift,
    ta0, ta1, tb0, tb1, outAt + 4 * ((s.tr0 - s.pr0) * s.stride + (s.tc0 - s.pc0)), false, scratchAt + airBytes, s.n, s.stride,
  );
  return true;
}

/** Bytes the wind module's memory holds now (0 before first use). */
export const windMemoryBytes = windModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseWindMemory(maxCells: number): void {
  // Heights and rank of a region (a grid and its fetch: under twice its cells), and the target.
  windModule.release(FIRST_BYTE + 20 * maxCells + 16 * PAGE);
}
