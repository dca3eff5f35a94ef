// The distance transform's column pass (distance.as.ts), instantiated on first use on each
// thread, synchronously (the module is under 1 KB). A call copies its block of columns into
// the module's memory, runs, and copies the rows wanted out.

import { DISTANCE_WASM_BASE64 } from './distance-binary.ts';

interface DistanceExports {
  readonly memory: WebAssembly.Memory;
  columnScratchBytes(n: number): number;
  columnPass(n: number, w: number, gAt: number, rowFrom: number, rows: number, outAt: number, scratchAt: number, unit: number, cap: number): void;
}

/** Buffers start above the first page, which the compiled module may use for its own data. */
const FIRST_BYTE = 65536;
const PAGE = 65536;

let compiled: WebAssembly.Module | null = null;
let instance: DistanceExports | null = null;

function distance(): DistanceExports {
  if (!instance) {
    try {
      compiled ??= new WebAssembly.Module(distanceBytes());
      instance = new WebAssembly.Instance(compiled, {}).exports as unknown as DistanceExports;
    } catch (err) {
      throw new Error(`this browser cannot run Terrain Graph's WebAssembly distance transform: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return instance;
}

/** The compiled module's bytes. */
export function distanceBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(DISTANCE_WASM_BASE64), (c) => c.charCodeAt(0));
}

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
  const have = k.memory.buffer.byteLength;
  if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
  const memory = k.memory.buffer;
  const g = new Float32Array(memory, gAt, m * w);
  for (let q = 0; q < m; q++) g.set(b.g2.subarray(q * m + c0, q * m + c1), q * w);
  k.columnPass(m, w, gAt, b.rowFrom, rows, outAt, scratchAt, b.unit, b.cap);
  const done = new Float32Array(memory, outAt, rows * w);
  for (let q = 0; q < rows; q++) b.out.set(done.subarray(q * w, q * w + w), q * b.outN + b.outCol);
}

/** Bytes the module's memory holds now (0 before first use). */
export function distanceMemoryBytes(): number {
  return instance ? instance.memory.buffer.byteLength : 0;
}

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseDistanceMemory(maxCells: number): void {
  if (instance && instance.memory.buffer.byteLength > FIRST_BYTE + 8 * maxCells + 4 * PAGE) instance = null;
}
