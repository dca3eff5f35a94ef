// The SIMD noise module (noise.as.ts), instantiated on first use (lazy-module.ts). The caller's
// rows are computed in the module's memory and copied out once; the per-octave tables are tiny.

import { NOISE_WASM_BASE64 } from './noise-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface NoiseExports {
  readonly memory: WebAssembly.Memory;
  fbmRows(
    n: number, r0: number, r1: number, octaves: number,
    colsAt: number, rowsAt: number, seedsAt: number, weightsAt: number, sharedAt: number, outAt: number,
  ): void;
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
  /** 1 where an octave's blocks of four cells mostly share a lattice cell (the kernel then hashes per lattice cell). */
  readonly shared: Int32Array;
}

/** Copies the octaves' tables into the module's memory and makes room for `rows` rows: the byte offsets. */
function stage(t: OctaveTables, o0: number, o1: number, rows: number): { k: NoiseExports; at: number[] } {
  const { n, colWords } = t;
  const k = noise();
  const octaves = o1 - o0;
  const colsAt = FIRST_BYTE;
  const rowsAt = colsAt + 4 * octaves * colWords;
  const seedsAt = rowsAt + 16 * octaves * n;
  const weightsAt = seedsAt + 4 * octaves;
  const sharedAt = weightsAt + 4 * octaves;
  const outAt = sharedAt + 4 * octaves;
  // The last row's last vector may run three cells past the end.
  const memory = noiseModule.reserve(k, outAt + 4 * (rows * n + 4));
  new Int32Array(memory, colsAt, octaves * colWords).set(t.cols.subarray(o0 * colWords, o1 * colWords));
  new Int32Array(memory, rowsAt, 4 * octaves * n).set(t.rows.subarray(4 * o0 * n, 4 * o1 * n));
  new Int32Array(memory, seedsAt, octaves).set(t.seeds.subarray(o0, o1));
  new Float32Array(memory, weightsAt, octaves).set(t.weights.subarray(o0, o1));
  new Int32Array(memory, sharedAt, octaves).set(t.shared.subarray(o0, o1));
  return { k, at: [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt] };
}

/**
 * Rows a call computes into the module's memory before they are copied out: about 128 KB, so
 * they are still in the core's cache when copied, and the module's memory stays small.
 */
const CHUNK_CELLS = 32768;

/** Writes rows r0 … r1 − 1 of the fractal sum into `out` (row r0 at out[0]). */
export function wasmFbmRows(t: OctaveTables, r0: number, r1: number, /* out */ out: Float32Array): void {
  const { n, octaves } = t;
  const rows = r1 - r0;
  if (!(r0 >= 0 && r1 <= n && rows >= 0) || out.length < rows * n) {
    throw new Error(`fbm rows ${r0}…${r1} of a ${n}² grid into ${out.length} cells`);
  }
  const chunk = Math.max(1, Math.min(rows, Math.floor(CHUNK_CELLS / n)));
  const { k, at } = stage(t, 0, octaves, chunk);
  const [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt] = at;
  for (let ra = r0; ra < r1; ra += chunk) {
    const rb = Math.min(r1, ra + chunk);
    k.fbmRows(n, ra, rb, octaves, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt);
    out.set(new Float32Array(k.memory.buffer, outAt, (rb - ra) * n), (ra - r0) * n);
  }
}

/**
 * Octave o alone, scale · simplex / 80 at every cell of the grid (the same bits as
 * octaveGridReference), as a view on the module's memory: valid until the next call into the
 * module. It is the fractal sum of that one octave, weighted by `scale`.
 */
export function wasmOctaveGrid(t: OctaveTables, o: number, scale: number): Float32Array {
  const { n } = t;
  const { k, at } = stage(t, o, o + 1, n);
  const [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt] = at;
  new Float32Array(k.memory.buffer, weightsAt, 1)[0] = scale;
  k.fbmRows(n, 0, n, 1, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt);
  return new Float32Array(k.memory.buffer, outAt, n * n);
}

/** Bytes the noise module's memory holds now (0 before first use). */
export const noiseMemoryBytes = noiseModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseNoiseMemory(maxCells: number): void {
  noiseModule.release(FIRST_BYTE + 4 * maxCells + 8 * PAGE);
}
