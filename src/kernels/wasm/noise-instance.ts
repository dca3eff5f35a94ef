// The SIMD noise module (noise.as.ts), instantiated on first use (lazy-module.ts). The caller's
// rows are computed in the module's memory and copied out once; the per-octave tables are tiny.
// While a pool runs and the output grid lies on the grid heap (src/parallel/memory.ts), the
// module's heap build (noise-heap-binary.ts, one instance per thread) writes the rows straight
// into the grid instead, its tables and cache in the thread's own scratch on the heap.

import { heapMemory, heapScratch, onHeap } from '../../parallel/memory.ts';
import { countHeapCall, heapAt, onHeapModule } from './heap-instance.ts';
import { NOISE_HEAP_WASM_BASE64 } from './noise-heap-binary.ts';
import { NOISE_WASM_BASE64 } from './noise-binary.ts';
import { CHUNK_CELLS, FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface NoiseKernels {
  fbmRows(
    n: number, r0: number, r1: number, octaves: number,
    colsAt: number, rowsAt: number, seedsAt: number, weightsAt: number, sharedAt: number, outAt: number, tablesAt: number,
    keysAt: number, cacheAt: number, offsAt: number,
  ): void;
  columnKeys(cols: number, at: number, padded: number): void;
  fillTable(at: number, i0: number, j0: number, rows: number, cols: number, stride: number, seed: number): void;
}
interface NoiseExports extends NoiseKernels {
  readonly memory: WebAssembly.Memory;
}

const noiseModule = lazyModule<NoiseExports>(
  NOISE_WASM_BASE64,
  'noise, which needs WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 or later)',
);
const noise = noiseModule.exports;
/** The same module on the grid heap (heap-instance.ts). */
const heapNoise = onHeapModule<NoiseKernels>(NOISE_HEAP_WASM_BASE64);

/** The compiled module's bytes, and its heap build's. */
export const noiseBytes = noiseModule.bytes;
export const heapNoiseBytes = heapNoise.bytes;

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
  /**
   * The columns' keys per octave (columnKeys in noise.as.ts, 16 bytes a column), after the row
   * terms in their buffer; where absent, each call makes them.
   */
  readonly keys?: Int32Array;
}

/** The kernel's cache: CACHE_BYTES in noise.as.ts (tests/wasm.test.ts reads both). */
export const NOISE_CACHE_BYTES = 336;

/** Bytes of lattice tables one call lays out at most (see latticeTables). */
const TABLE_BYTES = 512 * 1024;

/**
 * The lattice tables of octaves o0 … o1 − 1 over rows r0 … r1 − 1, six words an octave: the
 * table's byte offset among the tables (−1: none), its stride in bytes, the i and j of
 * its first point, its rows (one per i) and the points filled in each (one per j). An octave
 * whose blocks share lattice cells reads it only for the blocks across a lattice line (the
 * kernel's caches serve the others); none has a table with more lattice points than three
 * quarters of its cells (hashing the corners is as cheap from about one point a cell) or past
 * the bytes allowed. The points are the box the rows' cells and
 * corners reach: a cell's lattice coordinates are a column's integer term plus a row's (plus a
 * carry), both growing with the column and the row, and the padding columns repeat the last one.
 */
export function latticeTables(t: OctaveTables, o0: number, o1: number, r0: number, r1: number): { plan: Int32Array; bytes: number } {
  const { n, colWords, cols, rows } = t;
  const plan = new Int32Array(6 * (o1 - o0)).fill(-1);
  const cells = (r1 - r0) * ((n + 3) & ~3);
  let bytes = 0;
  for (let o = o0; o < o1; o++) {
    const first = o * colWords;
    const last = first + ((n - 1) >> 2) * 16 + ((n - 1) & 3);
    const top = 4 * (o * n + r0);
    const bottom = 4 * (o * n + r1 - 1);
    // Wrapping differences: the integer terms are taken modulo 2³², as the kernel adds them.
    const di = ((cols[last] - cols[first]) | 0) + ((rows[bottom] - rows[top]) | 0);
    const dj = ((cols[last + 8] - cols[first + 8]) | 0) + ((rows[bottom + 2] - rows[top + 2]) | 0);
    if (!(di >= 0 && di <= 4096 && dj >= 0 && dj <= 4096)) continue;
    // Rows of the table one per i, dj + 3 points long (carry, corner) rounded up to a multiple
    // of 4 (fillTable hashes four points at a time), packed: a stride of a power of two put a
    // column's points of every row in the same few sets of the core's cache, and a row of
    // cells, which crosses many rows of the table, missed it.
    const points = (dj + 6) & ~3;
    const stride = 8 * points;
    const size = (di + 3) * stride;
    if (size > 6 * cells || bytes + size > TABLE_BYTES) continue;
    const p = 6 * (o - o0);
    plan[p] = bytes;
    plan[p + 1] = stride;
    plan[p + 2] = cols[first] + rows[top];
    plan[p + 3] = cols[first + 8] + rows[top + 2];
    plan[p + 4] = di + 3;
    plan[p + 5] = points;
    bytes += size;
  }
  return { plan, bytes };
}

/** Where stage lays out a call's inputs: a module and the memory it runs on. */
interface Place {
  readonly k: NoiseKernels;
  /** The memory's buffer once it holds `bytes` bytes from the first offset, and that offset (16-aligned); null without room. */
  room(bytes: number): { buffer: ArrayBufferLike; base: number } | null;
}

/** The module's own memory, from its first free byte. */
function ownPlace(): Place & { k: NoiseExports } {
  const k = noise();
  return { k, room: (bytes) => ({ buffer: noiseModule.reserve(k, FIRST_BYTE + bytes), base: FIRST_BYTE }) };
}

/**
 * Copies the octaves' tables into the place's memory, makes room for `rows` rows of sums (none:
 * 0) and the kernel's cache, fills the lattice tables for rows r0 … r1 − 1 and the coarse
 * octaves' column keys: the byte offsets, null without room. With `terms` (the heap's byte
 * offsets of the tables' column terms, row terms and keys, which the kernel then reads where
 * they are) only the rest is laid out.
 */
function stage(place: Place, t: OctaveTables, o0: number, o1: number, rows: number, r0: number, r1: number, terms: readonly [number, number, number] | null = null): number[] | null {
  const { n, colWords } = t;
  const { k } = place;
  const octaves = o1 - o0;
  const padded = (n + 3) & ~3;
  // Offsets from the place's first byte (16-aligned).
  const colsAt = 0;
  const rowsAt = terms ? colsAt : colsAt + 4 * octaves * colWords;
  const seedsAt = terms ? rowsAt : rowsAt + 16 * octaves * n;
  const weightsAt = seedsAt + 4 * octaves;
  const sharedAt = weightsAt + 4 * octaves;
  const planAt = sharedAt + 4 * octaves;
  const cacheAt = (planAt + 16 * octaves + 15) & ~15;
  // 16-aligned (with 8 bytes to spare: see wasmFbmRows): V8 copies between a SharedArrayBuffer
  // and the module's memory word by word only where both addresses agree modulo 8, else byte
  // by byte, four times the instructions.
  const outAt = cacheAt + NOISE_CACHE_BYTES;
  // The last row's last vector may run three cells past the end.
  const keysAt = rows > 0 ? (outAt + 8 + 4 * (rows * n + 4) + 15) & ~15 : outAt;
  const tablesAt = terms ? keysAt : keysAt + 16 * padded * octaves;
  const { plan, bytes } = latticeTables(t, o0, o1, r0, r1);
  // The columns' parts of the corners' addresses, 8 bytes a column (columnOffsets in noise.as.ts).
  const offsAt = (tablesAt + bytes + 15) & ~15;
  const got = place.room(offsAt + 8 * padded * octaves);
  if (!got) return null;
  const { buffer: memory, base } = got;
  if (!terms) {
    new Int32Array(memory, base + colsAt, octaves * colWords).set(t.cols.subarray(o0 * colWords, o1 * colWords));
    new Int32Array(memory, base + rowsAt, 4 * octaves * n).set(t.rows.subarray(4 * o0 * n, 4 * o1 * n));
  }
  new Int32Array(memory, base + seedsAt, octaves).set(t.seeds.subarray(o0, o1));
  new Float32Array(memory, base + weightsAt, octaves).set(t.weights.subarray(o0, o1));
  new Int32Array(memory, base + sharedAt, octaves).set(t.shared.subarray(o0, o1));
  // Per octave for the kernel: the table's address (0: none), its stride, i and j.
  const planned = new Int32Array(memory, base + planAt, 4 * octaves).fill(0);
  for (let o = 0; o < octaves; o++) {
    const p = 6 * o;
    if (plan[p] < 0) continue;
    planned[4 * o] = base + tablesAt + plan[p];
    for (let w = 1; w < 4; w++) planned[4 * o + w] = plan[p + w];
    k.fillTable(base + tablesAt + plan[p], plan[p + 2], plan[p + 3], plan[p + 4], plan[p + 5], plan[p + 1], t.seeds[o0 + o]);
  }
  if (terms) {
    return [terms[0] + 4 * o0 * colWords, terms[1] + 16 * o0 * n, base + seedsAt, base + weightsAt, base + sharedAt, base + outAt, base + planAt, terms[2] + 16 * padded * o0, base + cacheAt, base + offsAt];
  }
  for (let o = 0; o < octaves; o++) {
    if (t.shared[o0 + o]) k.columnKeys(base + colsAt + 4 * o * colWords, base + keysAt + 16 * padded * o, padded);
  }
  return [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt, planAt, keysAt, cacheAt, offsAt].map((at) => base + at);
}

/**
 * wasmFbmRows on the grid heap, when `out` lies on it: the rows summed straight into it. A row
 * whose width is not a multiple of 4 writes up to three cells past its end (zeroed and summed
 * into, then zeroed again by the next row), so then the last row is summed in the scratch and
 * copied: past the band lie another thread's rows, or another grid. False: not done.
 */
function heapFbmRows(t: OctaveTables, r0: number, r1: number, out: Float32Array): boolean {
  const outAt = heapAt(out);
  const k = outAt >= 0 ? heapNoise.exports() : null;
  const memory = heapMemory();
  if (!k || !memory) return false;
  const { n, octaves } = t;
  const whole = n % 4 === 0 ? r1 : r1 - 1;
  const place: Place = {
    k,
    room: (bytes) => {
      const base = heapScratch('noise', bytes);
      return base < 0 ? null : { buffer: memory.buffer, base };
    },
  };
  // The tables' terms and keys where they lie, when on the heap (octaveTables puts them there).
  const terms = t.keys && onHeap(t.cols.buffer) ? ([t.cols.byteOffset, t.rows.byteOffset, t.keys.byteOffset] as const) : null;
  const at = stage(place, t, 0, octaves, whole < r1 ? 1 : 0, r0, r1, terms);
  if (!at) return false;
  countHeapCall();
  const [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, sumAt, planAt, keysAt, cacheAt, offsAt] = at;
  if (whole > r0) k.fbmRows(n, r0, whole, octaves, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt, planAt, keysAt, cacheAt, offsAt);
  if (whole < r1) {
    k.fbmRows(n, whole, r1, octaves, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, sumAt, planAt, keysAt, cacheAt, offsAt);
    out.set(new Float32Array(memory.buffer, sumAt, n), (whole - r0) * n);
  }
  return true;
}

/** Writes rows r0 … r1 − 1 of the fractal sum into `out` (row r0 at out[0]). */
export function wasmFbmRows(t: OctaveTables, r0: number, r1: number, /* out */ out: Float32Array): void {
  const { n, octaves } = t;
  const rows = r1 - r0;
  if (!(r0 >= 0 && r1 <= n && rows >= 0) || out.length < rows * n) {
    throw new Error(`fbm rows ${r0}…${r1} of a ${n}² grid into ${out.length} cells`);
  }
  if (rows > 0 && heapFbmRows(t, r0, r1, out)) return;
  // About CHUNK_CELLS cells of rows a call (lazy-module.ts), summed into the module's memory and
  // copied out while they are still in the core's cache.
  const chunk = CHUNK_CELLS > 0 ? Math.max(1, Math.min(rows, Math.floor(CHUNK_CELLS / n))) : rows;
  const place = ownPlace();
  const { k } = place;
  const [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt, planAt, keysAt, cacheAt, offsAt] = stage(place, t, 0, octaves, chunk, r0, r1)!;
  for (let ra = r0; ra < r1; ra += chunk) {
    const rb = Math.min(r1, ra + chunk);
    // The rows where their copy's destination lies modulo 8 (see stage): a whole-word copy.
    const sumAt = outAt + ((out.byteOffset + 4 * (ra - r0) * n - outAt) & 7);
    k.fbmRows(n, ra, rb, octaves, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, sumAt, planAt, keysAt, cacheAt, offsAt);
    out.set(new Float32Array(k.memory.buffer, sumAt, (rb - ra) * n), (ra - r0) * n);
  }
}

/**
 * Octave o alone, scale · simplex / 80 at every cell of the grid (the same bits as
 * octaveGridReference), as a view on the module's memory: valid until the next call into the
 * module. It is the fractal sum of that one octave, weighted by `scale`.
 */
export function wasmOctaveGrid(t: OctaveTables, o: number, scale: number): Float32Array {
  const { n } = t;
  const place = ownPlace();
  const { k } = place;
  const [colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt, planAt, keysAt, cacheAt, offsAt] = stage(place, t, o, o + 1, n, 0, n)!;
  new Float32Array(k.memory.buffer, weightsAt, 1)[0] = scale;
  k.fbmRows(n, 0, n, 1, colsAt, rowsAt, seedsAt, weightsAt, sharedAt, outAt, planAt, keysAt, cacheAt, offsAt);
  return new Float32Array(k.memory.buffer, outAt, n * n);
}

/** Bytes the noise module's memory holds now (0 before first use). */
export const noiseMemoryBytes = noiseModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseNoiseMemory(maxCells: number): void {
  noiseModule.release(FIRST_BYTE + 4 * maxCells + 8 * PAGE);
}
