// The cellular module (cellular.as.ts), instantiated on first use on each thread (lazy-module.ts;
// the module is 1.2 KB). The caller writes the lattice points and a strip's blocks into the
// module's memory; a call computes the strip's rows there, and the caller copies them out.

import { CELLULAR_WASM_BASE64 } from './cellular-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface CellularExports {
  readonly memory: WebAssembly.Memory;
  strip(
    n: number, rows: number, blocks: number, xsAt: number, ysAt: number, pxAt: number, pyAt: number, valueAt: number,
    aroundAt: number, blocksAt: number, scratchAt: number, outAt: number, plane: number,
  ): void;
}

const cellularModule = lazyModule<CellularExports>(
  CELLULAR_WASM_BASE64,
  'cellular noise, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)',
);

/** The compiled module's bytes. */
export const cellularBytes = cellularModule.bytes;

/** Rows of a strip at most, and columns of a block. */
export const STRIP = 16;
/** Bytes of the module's own scratch (its candidates, their dx² and dy²). */
const SCRATCH = 12288;

/**
 * The module's memory laid out for strips of an n-wide grid over a table of `cells` lattice
 * cells: typed views the caller fills, valid until the next call of stripMemory (the memory may
 * grow then). The table is row-major, its lattice cells around one at the offsets `around`.
 */
export interface StripMemory {
  readonly n: number;
  /** The columns' lattice x, n + 1 (the last only read, never used). */
  readonly xs: Float64Array;
  /** The strip's rows' lattice y. */
  readonly ys: Float64Array;
  /** Each lattice cell's point and cell value. */
  readonly px: Float64Array;
  readonly py: Float64Array;
  readonly value: Float32Array;
  /** Table offsets of the 25 lattice cells around one, nearest ring first. */
  readonly around: Int32Array;
  /** Per block: first column, one past the last, its lattice cell's table index. */
  readonly blocks: Int32Array;
  /** The strip's F1, F2, F2 − F1 and cell value, each rows × n (row 0 first). */
  readonly f1: Float32Array;
  readonly f2: Float32Array;
  readonly edges: Float32Array;
  readonly cell: Float32Array;
  /** Byte offsets passed to the module. */
  readonly at: readonly number[];
}

/** Rounds a byte count up to 16. */
const up16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/** Lays out (and grows) the module's memory for strips of an n-wide grid over a table of `cells` lattice cells. */
export function stripMemory(n: number, cells: number): StripMemory {
  const k = cellularModule.exports();
  const sizes = [8 * (n + 1), 8 * STRIP, 8 * cells, 8 * cells, 4 * cells, 4 * 25, 12 * n, SCRATCH];
  const at: number[] = [];
  let end = FIRST_BYTE;
  for (const size of sizes) {
    at.push(end);
    end += up16(size);
  }
  const plane = up16(4 * STRIP * n);
  const memory = cellularModule.reserve(k, end + 4 * plane);
  const [xs, ys, px, py, value, around, blocks] = at;
  const out = (q: number) => new Float32Array(memory, end + q * plane, STRIP * n);
  return {
    n,
    xs: new Float64Array(memory, xs, n + 1),
    ys: new Float64Array(memory, ys, STRIP),
    px: new Float64Array(memory, px, cells),
    py: new Float64Array(memory, py, cells),
    value: new Float32Array(memory, value, cells),
    around: new Int32Array(memory, around, 25),
    blocks: new Int32Array(memory, blocks, 3 * n),
    f1: out(0),
    f2: out(1),
    edges: out(2),
    cell: out(3),
    at: [...at, end, plane],
  };
}

/** Runs the module on the strip the caller wrote into `s`: `rows` rows (≤ STRIP), `blocks` blocks. */
export function cellularStrip(s: StripMemory, rows: number, blocks: number): void {
  const [xs, ys, px, py, value, around, blocksAt, scratch, out, plane] = s.at;
  cellularModule.exports().strip(s.n, rows, blocks, xs, ys, px, py, value, around, blocksAt, scratch, out, plane);
}

/** Bytes the module's memory holds now (0 before first use). */
export const cellularMemoryBytes = cellularModule.memoryBytes;

/** Lets the memory go when it holds more than strips of grids of `maxCells` cells need. */
export function releaseCellularMemory(maxCells: number): void {
  cellularModule.release(FIRST_BYTE + 512 * Math.ceil(Math.sqrt(maxCells)) + 32 * PAGE);
}
