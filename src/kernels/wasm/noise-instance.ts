// The SIMD noise module (noise.as.ts), instantiated on first use, synchronously: it is under the
// 4 KB a browser's main thread may compile synchronously, like the cell kernels. The caller's
// rows are computed in the module's memory and copied out once; the per-octave tables are tiny.

import { NOISE_WASM_BASE64 } from './noise-binary.ts';

interface NoiseExports {
  readonly memory: WebAssembly.Memory;
  fbmRows(n: number, r0: number, r1: number, octaves: number, colsAt: number, rowsAt: number, seedsAt: number, weightsAt: number, outAt: number): void;
  octaveRows(n: number, r0: number, r1: number, colsAt: number, rowsAt: number, seed: number, scale: number, outAt: number): void;
}

/** Buffers start above the first page, which holds the module's gradient table. */
const FIRST_BYTE = 65536;
const PAGE = 65536;

let compiled: WebAssembly.Module | null = null;
let instance: NoiseExports | null = null;

function noise(): NoiseExports {
  if (!instance) {
    try {
      compiled ??= new WebAssembly.Module(noiseBytes());
      instance = new WebAssembly.Instance(compiled, {}).exports as unknown as NoiseExports;
    } catch (err) {
      throw new Error(
        `this browser cannot run Terrain Graph's WebAssembly noise, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later): ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return instance;
}

/** The compiled module's bytes. */
export function noiseBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(NOISE_WASM_BASE64), (c) => c.charCodeAt(0));
}

/** The per-octave inputs of the fractal sum, computed once by the caller (see octaveTables in noise.ts). */
export interface OctaveTables {
  readonly n: number;
  readonly octaves: number;
  /** Words per octave of the column tables: 16 per block of four columns. */
  readonly colWords: number;
  /** The columns' lattice terms per octave (latticeColumns): integer parts, and as Float32 the fractions. */
  readonly cols: Int32Array;
  readonly colFracs: Float32Array;
  /** The rows' lattice terms per octave, four words a row (latticeRow). */
  readonly rows: Int32Array;
  readonly rowFracs: Float32Array;
  readonly seeds: Int32Array;
  /** amp · output scale, per octave. */
  readonly scales: Float64Array;
  /** amp · output scale / Σ amp as Float32, per octave: each octave's factor in the sum (0 when every amp is 0). */
  readonly weights: Float32Array;
}

/** Grows the module's memory to hold `end` bytes. */
function reserve(k: NoiseExports, end: number): ArrayBuffer {
  const have = k.memory.buffer.byteLength;
  if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
  return k.memory.buffer;
}

/** Writes rows r0 … r1 − 1 of the fractal sum into `out` (row r0 at out[0]). */
export function wasmFbmRows(t: OctaveTables, r0: number, r1: number, /* out */ out: Float32Array): void {
  const { n, octaves } = t;
  const rows = r1 - r0;
  if (!(r0 >= 0 && r1 <= n && rows >= 0) || out.length < rows * n) {
    throw new Error(`fbm rows ${r0}…${r1} of a ${n}² grid into ${out.length} cells`);
  }
  const k = noise();
  const colsAt = FIRST_BYTE;
  const rowsAt = colsAt + 4 * t.cols.length;
  const seedsAt = rowsAt + 4 * t.rows.length;
  const weightsAt = seedsAt + 4 * octaves;
  const outAt = weightsAt + 4 * octaves;
  // The last row's last vector may run three cells past the end.
  const memory = reserve(k, outAt + 4 * (rows * n + 4));
  new Int32Array(memory, colsAt, t.cols.length).set(t.cols);
  new Int32Array(memory, rowsAt, t.rows.length).set(t.rows);
  new Int32Array(memory, seedsAt, octaves).set(t.seeds);
  new Float32Array(memory, weightsAt, octaves).set(t.weights);
  k.fbmRows(n, r0, r1, octaves, colsAt, rowsAt, seedsAt, weightsAt, outAt);
  out.set(new Float32Array(memory, outAt, rows * n));
}

/**
 * Octave o alone, scale · simplex at every cell of the grid (the same bits as addSimplexRow onto
 * zeroed rows), as a view on the module's memory: valid until the next call into the module.
 */
export function wasmOctaveGrid(t: OctaveTables, o: number, scale: number): Float64Array {
  const { n } = t;
  const k = noise();
  const colsAt = FIRST_BYTE;
  const rowsAt = colsAt + 4 * t.colWords;
  const outAt = rowsAt + 16 * n;
  const memory = reserve(k, outAt + 8 * (n * n + 4));
  new Int32Array(memory, colsAt, t.colWords).set(t.cols.subarray(o * t.colWords, (o + 1) * t.colWords));
  new Int32Array(memory, rowsAt, 4 * n).set(t.rows.subarray(o * 4 * n, (o + 1) * 4 * n));
  k.octaveRows(n, 0, n, colsAt, rowsAt, t.seeds[o], scale, outAt);
  return new Float64Array(memory, outAt, n * n);
}

/** Bytes the noise module's memory holds now (0 before first use). */
export function noiseMemoryBytes(): number {
  return instance ? instance.memory.buffer.byteLength : 0;
}

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseNoiseMemory(maxCells: number): void {
  if (instance && instance.memory.buffer.byteLength > FIRST_BYTE + 4 * maxCells + 8 * PAGE) instance = null;
}
