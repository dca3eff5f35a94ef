// The SIMD noise module (noise.as.ts), instantiated on first use (lazy-module.ts). The caller's
// rows are computed in the module's memory and copied out once; the per-octave tables are tiny.

import { NOISE_WASM_BASE64 } from './noise-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface NoiseExports {
  readonly memory: WebAssembly.Memory;
  fbmRows(n: number, r0: number, r1: number, octaves: number, colsAt: number, rowsAt: number, seedsAt: number, weightsAt: number, outAt: number): void;
  octaveRows(n: number, r0: number, r1: number, colsAt: number, rowsAt: number, seed: number, scale: number, outAt: number): void;
}

const noiseModule = lazyModule<NoiseExports>(
  NOISE_WASM_BASE64,
  'noise, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)',
);
const noise = noiseModule.exports;

/** The compiled module's bytes. */
export const noiseBytes = noiseModule.bytes;

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
  const memory = noiseModule.reserve(k, outAt + 4 * (rows * n + 4));
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
  const memory = noiseModule.reserve(k, outAt + 8 * (n * n + 4));
  new Int32Array(memory, colsAt, t.colWords).set(t.cols.subarray(o * t.colWords, (o + 1) * t.colWords));
  new Int32Array(memory, rowsAt, 4 * n).set(t.rows.subarray(o * 4 * n, (o + 1) * 4 * n));
  k.octaveRows(n, 0, n, colsAt, rowsAt, t.seeds[o], scale, outAt);
  return new Float64Array(memory, outAt, n * n);
}

/** Bytes the noise module's memory holds now (0 before first use). */
export const noiseMemoryBytes = noiseModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseNoiseMemory(maxCells: number): void {
  noiseModule.release(FIRST_BYTE + 4 * maxCells + 8 * PAGE);
}
