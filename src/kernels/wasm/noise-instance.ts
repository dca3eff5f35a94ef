// The SIMD noise module (noise.as.ts), instantiated on first use, synchronously: it is under the
// 4 KB a browser's main thread may compile synchronously, like the cell kernels. The caller's
// rows are computed in the module's memory and copied out once; the per-octave tables are tiny.

import { NOISE_WASM_BASE64 } from './noise-binary.ts';

interface NoiseExports {
  readonly memory: WebAssembly.Memory;
  fbmRows(
    n: number, r0: number, r1: number, octaves: number,
    xsAt: number, ysAt: number, seedsAt: number, scalesAt: number, inv: number,
    outAt: number, accAt: number,
  ): void;
  octaveRows(n: number, r0: number, r1: number, xsAt: number, ysAt: number, seed: number, scale: number, outAt: number): void;
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

/** The per-octave inputs of the fractal sum, computed once by the caller (see fbmGrid). */
export interface OctaveTables {
  readonly n: number;
  readonly octaves: number;
  /** Noise-space x of each column, per octave: octaves × n. */
  readonly xs: Float64Array;
  /** Noise-space y of each row, per octave: octaves × n. */
  readonly ys: Float64Array;
  readonly seeds: Int32Array;
  /** amp · output scale, per octave. */
  readonly scales: Float64Array;
  /** 1 / Σ amp (0 when every amp is 0). */
  readonly inv: number;
}

/** Writes rows r0 … r1 − 1 of the fractal sum into `out` (row r0 at out[0]). */
export function wasmFbmRows(t: OctaveTables, r0: number, r1: number, /* out */ out: Float32Array): void {
  const { n, octaves } = t;
  const rows = r1 - r0;
  if (!(r0 >= 0 && r1 <= n && rows >= 0) || out.length < rows * n) {
    throw new Error(`fbm rows ${r0}…${r1} of a ${n}² grid into ${out.length} cells`);
  }
  const k = noise();
  const padded = (n + 3) & ~3;
  const xsAt = FIRST_BYTE;
  const ysAt = xsAt + 8 * octaves * padded;
  const scalesAt = ysAt + 8 * octaves * n;
  const seedsAt = scalesAt + 8 * octaves;
  const accAt = seedsAt + 8 * octaves;
  const outAt = accAt + 8 * padded;
  const end = outAt + 4 * rows * n;
  const have = k.memory.buffer.byteLength;
  if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
  const memory = k.memory.buffer;
  const xs = new Float64Array(memory, xsAt, octaves * padded);
  for (let o = 0; o < octaves; o++) {
    xs.set(t.xs.subarray(o * n, o * n + n), o * padded);
    // The padding columns are computed and dropped: give them a harmless finite x.
    xs.fill(0, o * padded + n, o * padded + padded);
  }
  new Float64Array(memory, ysAt, octaves * n).set(t.ys.subarray(0, octaves * n));
  new Float64Array(memory, scalesAt, octaves).set(t.scales.subarray(0, octaves));
  new Int32Array(memory, seedsAt, octaves).set(t.seeds.subarray(0, octaves));
  k.fbmRows(n, r0, r1, octaves, xsAt, ysAt, seedsAt, scalesAt, t.inv, outAt, accAt);
  out.set(new Float32Array(memory, outAt, rows * n));
}

/**
 * Octave o alone, scale · simplex at every cell of the grid (the same bits as addSimplexRow onto
 * zeroed rows), as a view on the module's memory: valid until the next call into the module.
 */
export function wasmOctaveGrid(t: OctaveTables, o: number, scale: number): Float64Array {
  const { n } = t;
  const k = noise();
  const padded = (n + 3) & ~3;
  const xsAt = FIRST_BYTE;
  const ysAt = xsAt + 8 * padded;
  const outAt = ysAt + 8 * n;
  const end = outAt + 8 * (n * n + 4);
  const have = k.memory.buffer.byteLength;
  if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
  const memory = k.memory.buffer;
  const xs = new Float64Array(memory, xsAt, padded);
  xs.set(t.xs.subarray(o * n, o * n + n));
  xs.fill(0, n);
  new Float64Array(memory, ysAt, n).set(t.ys.subarray(o * n, o * n + n));
  k.octaveRows(n, 0, n, xsAt, ysAt, t.seeds[o], scale, outAt);
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
