// The distance transform's column pass (distance.as.ts), instantiated on first use on each
// thread (lazy-module.ts; the module is under 1 KB). A call copies its block of columns into
// the module's memory, runs, and copies the rows wanted out.

import { DISTANCE_WASM_BASE64 } from './distance-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface DistanceExports {
  readonly memory: WebAssembly.Memory;
  columnScratchBytes(n: number): number;
  columnPass(n: number, w: number, gAt: number, rowFrom: number, rows: number, outAt: number, scratchAt: number, unit: number, cap: number): void;
}

const distanceModule = lazyModule<DistanceExports>(DISTANCE_WASM_BASE64, 'distance transform');
const distance = distanceModule.exports;

/** The compiled module's bytes. */
export const distanceBytes = distanceModule.bytes;

/** Where a column pass reads and writes: see wasmColumnPass. */
export interface ColumnBlock {
  /** Squared row distances, m × m, row-major. */
  readonly g2: Float32Array;
  readonly m: number;
  /** The columns c0 … c1 − 1 of the m-grid to finish. */
  readonly c0: number;
  readonly c1: number;
  /** The rows of the m-grid to write: rowFrom … rowFrom + rows − 1. */
  readonly rowFrom: number;
  readonly rows: number;
  /** Output grid, `outN` cells wide: row q and column c0 + t of the block go to (q, outCol + t). */
  readonly out: Float32Array;
  readonly outN: number;
  readonly outCol: number;
  readonly unit: number;
  /** Largest distance written (+∞: none). */
  readonly cap: number;
}

/** Finishes a block of columns of the distance transform (see columnPass in distance.as.ts). */
export function wasmColumnPass(b: ColumnBlock): void {
  const k = distance();
  const { m, c0, c1, rows } = b;
  const w = c1 - c0;
  if (w <= 0 || rows <= 0) return;
  const gAt = FIRST_BYTE;
  const outAt = gAt + 4 * m * w;
  const scratchAt = outAt + ((4 * rows * w + 7) & ~7);
  const end = scratchAt + k.columnScratchBytes(m);
  const memory = distanceModule.reserve(k, end);
  const g = new Float32Array(memory, gAt, m * w);
  for (let q = 0; q < m; q++) g.set(b.g2.subarray(q * m + c0, q * m + c1), q * w);
  k.columnPass(m, w, gAt, b.rowFrom, rows, outAt, scratchAt, b.unit, b.cap);
  const done = new Float32Array(memory, outAt, rows * w);
  for (let q = 0; q < rows; q++) b.out.set(done.subarray(q * w, q * w + w), q * b.outN + b.outCol);
}

/** Bytes the module's memory holds now (0 before first use). */
export const distanceMemoryBytes = distanceModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseDistanceMemory(maxCells: number): void {
  distanceModule.release(FIRST_BYTE + 8 * maxCells + 4 * PAGE);
}
