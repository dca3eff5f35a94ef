// The distance transform's two passes (distance.as.ts), instantiated on first use on each thread
// (lazy-module.ts; the module is under 2 KB): the column pass's two scans, and the row pass. All
// copy whole rows in and out of the module's memory, so each copy is one contiguous piece.

import { DISTANCE_WASM_BASE64 } from './distance-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface DistanceExports {
  readonly memory: WebAssembly.Memory;
  columnStrip(m: number, rows: number, r0: number, hAt: number, above: boolean, level: number, waterAt: number, dr: number, n: number, far: number, gAt: number, lastAt: number, backward: boolean, start: boolean): void;
  sameSites(cells: number, hAt: number, level: number, waterAt: number): boolean;
  rowScratchBytes(m: number): number;
  rowPass(m: number, rows: number, gAt: number, belowAt: number, from: number, n: number, outAt: number, scratchAt: number, unit: number, cap: number): void;
}

const distanceModule = lazyModule<DistanceExports>(DISTANCE_WASM_BASE64, 'distance transform');
const distance = distanceModule.exports;

/** The compiled module's bytes. */
export const distanceBytes = distanceModule.bytes;

/** Where the column pass reads and writes: see wasmColumnScan. */
export interface ColumnGrid {
  /** m × m: heights, the sites where < level; or, a Uint8Array, the sites where non-zero. */
  readonly values: Float32Array | Uint8Array;
  readonly level: number;
  readonly m: number;
  /** Rows dr … dr + n − 1 are written, +∞ from `far` on. */
  readonly dr: number;
  readonly n: number;
  readonly far: number;
  /** n rows of m: squared distances to the nearest site above (the forward scan's). */
  readonly above: Float32Array;
  /** The same to the nearest site below (the backward scan's). */
  readonly below: Float32Array;
  /** Optional, m × m: 1 on each site, 0 elsewhere (rows above dr + n by the forward scan, the rest by the backward). */
  readonly water: Uint8Array | null;
}

/** Cells of a strip of rows taken into the module's memory at a time (a MB of heights). */
const STRIP_CELLS = 1 << 18;

/**
 * One scan of the column pass over the whole grid, forward (top to bottom) or backward, in
 * strips of whole rows, so every copy in and out of the module's memory is one contiguous
 * piece (pieces of rows cost about a microsecond each, more than the pass). The two scans
 * write buffers of their own, so two threads can each take one.
 */
export function wasmColumnScan(b: ColumnGrid, backward: boolean): void {
  const k = distance();
  const { values, m, dr, n, far, water } = b;
  if (n <= 0) return;
  const end = dr + n;
  const most = Math.max(1, Math.min(m, Math.floor(STRIP_CELLS / m)));
  const hAt = FIRST_BYTE;
  // 16 bytes of slack after each buffer: the last vector of a row may read past it.
  const gAt = hAt + ((4 * m * most + 31) & ~15);
  const waterAt = gAt + ((4 * m * most + 31) & ~15);
  const lastAt = waterAt + ((m * most + 31) & ~15);
  const memory = distanceModule.reserve(k, lastAt + 4 * m + 32);
  const sites = values instanceof Uint8Array;
  const level = sites ? 0 : float32Above(b.level);
  const h = new Float32Array(memory, hAt, m * most);
  const g = new Float32Array(memory, gAt, m * most);
  const wet = new Uint8Array(memory, waterAt, m * most);
  const wetAt = water ? waterAt : 0;
  if (!backward) {
    // Rows read: all of them above the last written for the water, else those within `far`.
    const first = water ? 0 : Math.max(0, dr - far);
    for (let r0 = first; r0 < end; r0 += most) {
      const rows = Math.min(most, end - r0);
      h.set(values.subarray(r0 * m, (r0 + rows) * m));
      k.columnStrip(m, rows, r0, hAt, sites, level, wetAt, dr, n, far, gAt, lastAt, false, r0 === first);
      const a = Math.max(r0, dr);
      if (a < r0 + rows) b.above.set(g.subarray((a - r0) * m, rows * m), (a - dr) * m);
      if (water) water.set(wet.subarray(0, rows * m), r0 * m);
    }
    return;
  }
  const lastRow = water ? m - 1 : Math.min(m - 1, end - 1 + far);
  for (let r1 = lastRow + 1; r1 > dr; r1 -= most) {
    const r0 = Math.max(dr, r1 - most);
    const rows = r1 - r0;
    h.set(values.subarray(r0 * m, r1 * m));
    k.columnStrip(m, rows, r0, hAt, sites, level, wetAt, dr, n, far, gAt, lastAt, true, r1 === lastRow + 1);
    const a = Math.min(r1, end);
    if (a > r0) b.below.set(g.subarray(0, (a - r0) * m), (r0 - dr) * m);
    if (water && r1 > end) {
      const b0 = Math.max(r0, end);
      water.set(wet.subarray((b0 - r0) * m, rows * m), b0 * m);
    }
  }
}

const bits = new Float32Array(1);
const bitsInt = new Int32Array(bits.buffer);

/**
 * The least Float32 at or above `level`: for every Float32 height h, h < level exactly when
 * h < this, so the module compares in Float32 with the bits of JS's double comparison.
 */
export function float32Above(level: number): number {
  const f = Math.fround(level);
  if (!(f < level)) return f;
  // Rounded down: the next Float32 up (from 0, the least subnormal).
  bits[0] = f;
  if (f === 0) bitsInt[0] = 1;
  else bitsInt[0] += f > 0 ? 1 : -1;
  return bits[0];
}

/**
 * True when `water` is 1 exactly on the heights below `level` and 0 elsewhere: whether a grid
 * crosses the sea level where a record's did not. In the module's SIMD (a JS loop took 3.3 ms at
 * 1280²), strip by strip, stopping at the first strip that differs.
 */
export function wasmSameSites(values: Float32Array, level: number, water: Uint8Array): boolean {
  if (water.length !== values.length) return false;
  const k = distance();
  const cells = values.length;
  const most = STRIP_CELLS;
  const hAt = FIRST_BYTE;
  const waterAt = hAt + 4 * most;
  const memory = distanceModule.reserve(k, waterAt + most + 16);
  const threshold = float32Above(level);
  for (let i = 0; i < cells; i += most) {
    const c = Math.min(most, cells - i);
    new Float32Array(memory, hAt, c).set(values.subarray(i, i + c));
    new Uint8Array(memory, waterAt, c).set(water.subarray(i, i + c));
    if (!k.sameSites(c, hAt, threshold, waterAt)) return false;
  }
  return true;
}

/** Where a row pass reads and writes: see wasmRowPass. */
export interface RowBlock {
  /** Squared column distances to the nearest site above and below, rows of m, row-major; rows r0 … r1 − 1 are finished. */
  readonly above: Float32Array;
  readonly below: Float32Array;
  readonly m: number;
  readonly r0: number;
  readonly r1: number;
  /** The columns of each row to write: from … from + n − 1. */
  readonly from: number;
  /** Output grid, n wide: row r of g2 goes to row r of out. */
  readonly n: number;
  readonly out: Float32Array;
  readonly unit: number;
  /** Largest distance written (+∞: none). */
  readonly cap: number;
}

/** Rows taken into the module's memory at a time: a few hundred KB, so it stays small and in cache. */
const ROWS_AT_ONCE = 32;

/** Finishes a block of rows of the distance transform (see rowPass in distance.as.ts). */
export function wasmRowPass(b: RowBlock): void {
  const k = distance();
  const { m, n } = b;
  if (b.r1 <= b.r0 || n <= 0) return;
  const most = Math.min(ROWS_AT_ONCE, b.r1 - b.r0);
  const gAt = FIRST_BYTE;
  const belowAt = gAt + ((4 * m * most + 7) & ~7);
  const outAt = belowAt + ((4 * m * most + 7) & ~7);
  const scratchAt = outAt + ((4 * n * most + 7) & ~7);
  const memory = distanceModule.reserve(k, scratchAt + k.rowScratchBytes(m));
  for (let r = b.r0; r < b.r1; r += most) {
    const rows = Math.min(most, b.r1 - r);
    new Float32Array(memory, gAt, m * rows).set(b.above.subarray(r * m, (r + rows) * m));
    new Float32Array(memory, belowAt, m * rows).set(b.below.subarray(r * m, (r + rows) * m));
    k.rowPass(m, rows, gAt, belowAt, b.from, n, outAt, scratchAt, b.unit, b.cap);
    b.out.set(new Float32Array(memory, outAt, n * rows), r * n);
  }
}

/** Bytes the module's memory holds now (0 before first use). */
export const distanceMemoryBytes = distanceModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseDistanceMemory(maxCells: number): void {
  distanceModule.release(FIRST_BYTE + 8 * maxCells + 4 * PAGE);
}
