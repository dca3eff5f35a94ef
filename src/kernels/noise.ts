// 2-D simplex noise and its fractal sum, over whole rows of a grid.
//
// I hash lattice points with Math.imul and two large primes (as FastNoiseLite does) instead of
// a shuffled permutation table: a table would have to be rebuilt for every seed and octave,
// and imul is exact integer math, so the same seed gives the same bits in every JS engine.
// Gradients are 24 unit vectors at 7.5° + k · 15°, written out as literals so no trigonometry
// at load time can differ between engines. The grids are computed by the WebAssembly SIMD
// kernel (wasm/noise.as.ts); the plain JS here is its reference, pinned to it bit for bit.

import { assertGrid, cellCentres, domainKey, type Domain } from '../grid.ts';
import { gridBuffer, gridsShared, releaseGrid } from '../parallel/memory.ts';
import { finishReaders } from '../parallel/threads.ts';
import { wasmFbmRows, type OctaveTables } from './wasm/noise-instance.ts';

const F2 = 0.36602540378443865; // (√3 − 1) / 2
const G2 = 0.21132486540518713; // (3 − √3) / 6
const PRIME_X = 501125321;
const PRIME_Y = 1136930381;
const HASH_MUL = 0x27d4eb2d;
/**
 * Output scale (of simplexCell's values). 99.84 would stretch the extremes to exactly ±1, but then one octave has a
 * standard deviation of 0.54, wider than the classic simplex noise the explainer pages used
 * (Gustavson's, std ≈ 0.44). I scale to that classic spread instead (std 0.43, extremes ±0.8),
 * so the fBm lives where the pages say it does: about 95 % of values within ±0.5.
 */
const NORMALISE = 80;

const A = 0.9914448613738104;
const B = 0.1305261922200516;
const C = 0.9238795325112867;
const D = 0.3826834323650898;
const E = 0.7933533402912352;
const F = 0.6087614290087207;

/** Interleaved (gx, gy) of the 24 gradient directions, counter-clockwise from 7.5°, as Float32. */
const GRADIENTS = new Float32Array([
  A, B, C, D, E, F, F, E, D, C, B, A,
  -B, A, -D, C, -F, E, -E, F, -C, D, -A, B,
  -A, -B, -C, -D, -E, -F, -F, -E, -D, -C, -B, -A,
  B, -A, D, -C, F, -E, E, -F, C, -D, A, -B,
]);

const f = Math.fround;
const D2 = f(2 * G2 - 1);
const G2F = f(G2);
const G2M1 = f(G2 - 1);

/**
 * One corner's contribution in Float32 arithmetic: (max(0, ½ − x² − y²))⁴ · (g · (x, y)), with
 * gradient number g. Every operation rounds to Float32, as f32x4 lanes do.
 */
function corner(x: number, y: number, h: number): number {
  h = Math.imul(h, HASH_MUL);
  h ^= h >>> 15;
  const g = (((h >>> 16) * 24) >>> 16) << 1; // top 16 bits onto 0…23, no modulo
  let a = f(f(0.5 - f(x * x)) - f(y * y));
  a = 0 < a ? a : 0;
  a = f(a * a);
  return f(f(a * a) * f(f(GRADIENTS[g] * x) + f(GRADIENTS[g + 1] * y)));
}

/**
 * The lattice coordinates of one noise-space coordinate, skewed: v's integer part (i32, modulo
 * 2³² as `| 0` takes it) into ints[intAt] and its fraction in [0, 1) rounded to Float32 into
 * fracs[fracAt]. A fraction that rounds up to 1 carries into the integer.
 */
function splitLattice(v: number, /* out */ ints: Int32Array, /* out */ fracs: Float32Array, intAt: number, fracAt: number): void {
  let i = Math.floor(v);
  let frac = f(v - i);
  if (frac >= 1) {
    i += 1;
    frac = 0;
  }
  ints[intAt] = i;
  fracs[fracAt] = frac;
}

/** Word of column c's terms in a column table starting at word `colAt` (latticeColumns). */
function columnWord(colAt: number, c: number): number {
  return colAt + (c >> 2) * 16 + (c & 3);
}

/**
 * Each column's keys per octave (the SIMD kernel's test that a block lies in the cached lattice
 * cell, see fbmRows in noise.as.ts), 16 bytes a column: in u and in v the fraction's bits and
 * the integer term, a little-endian u64 with the integer high. `cols` holds `octaves` column
 * tables of `colWords` words (latticeColumns), including their padding columns.
 */
function columnKeys(cols: Int32Array, colWords: number, octaves: number, /* out */ keys: Int32Array): void {
  for (let o = 0; o < octaves; o++) {
    for (let c = 0; c < colWords / 4; c++) {
      const w = columnWord(o * colWords, c);
      const k = o * colWords + 4 * c;
      keys[k] = cols[w + 4];
      keys[k + 1] = cols[w];
      keys[k + 2] = cols[w + 12];
      keys[k + 3] = cols[w + 8];
    }
  }
}

/**
 * The skewed coordinates of a cell are a column term plus a row term: x + s = x(1 + F2) + y·F2
 * and y + s = x·F2 + y(1 + F2), with s = (x + y)·F2. So I split each column's and each row's
 * terms once, in doubles, into an integer and a Float32 fraction (splitLattice), and a cell
 * adds two fractions in [0, 1) and two integers: its lattice cell and the offsets into it in
 * Float32 alone, four cells to a SIMD vector, and as precise at x = 10⁶ as at the origin
 * (a double demoted to Float32 there would keep 1/16 of a cell).
 *
 * The columns lie at scale · xs[c] (one product in doubles, as the caller would make it).
 * Column c's terms, per block of four columns (16 words, the layout the SIMD kernel loads):
 * word 0…3 the integer parts of x(1 + F2), 4…7 their fractions, 8…11 and 12…15 the same
 * for x·F2. The padding columns up to a multiple of four repeat the last column (so the kernel's
 * lanes past the row's end stay inside the lattice points the row reaches).
 */
export function latticeColumns(xs: Float64Array, scale: number, /* out */ ints: Int32Array, /* out */ fracs: Float32Array, at: number): void {
  const last = xs.length - 1;
  for (let c = 0; c < ((last + 4) & ~3); c++) {
    const w = columnWord(at, c);
    const x = scale * xs[c < last ? c : last];
    splitLattice(x * (1 + F2), ints, fracs, w, w + 4);
    splitLattice(x * F2, ints, fracs, w + 8, w + 12);
  }
}

/** A row's terms, four words: the integer part and fraction of y·F2, then of y(1 + F2). */
export function latticeRow(y: number, /* out */ ints: Int32Array, /* out */ fracs: Float32Array, at: number): void {
  splitLattice(y * F2, ints, fracs, at, at + 1);
  splitLattice(y * (1 + F2), ints, fracs, at + 2, at + 3);
}

/**
 * simplex(x, y; seed) / NORMALISE at one cell, the reference for the WebAssembly SIMD kernel
 * (noise.as.ts), written plainly: the cell's column terms at word w of cols/colFracs
 * (latticeColumns), its row's at word rowAt of rows/rowFracs (latticeRow).
 *
 * Everything is Float32 or int32, as the kernel's f32x4 and i32x4 lanes compute it (the values
 * differ from double arithmetic by a few units in the last place of a Float32). Each step below
 * is one SIMD operation of noise.as.ts, in its order: tests pin the two bit for bit.
 */
function simplexCell(cols: Int32Array, colFracs: Float32Array, w: number, rows: Int32Array, rowFracs: Float32Array, rowAt: number, seed: number): number {
  // The lattice cell (i, j) of the skewed grid and the offsets (u, v) into it.
  let u = f(colFracs[w + 4] + rowFracs[rowAt + 1]);
  let v = f(colFracs[w + 12] + rowFracs[rowAt + 3]);
  const cu = u >= 1 ? 1 : 0;
  const cv = v >= 1 ? 1 : 0;
  u = f(u - cu);
  v = f(v - cv);
  const i = (cols[w] + rows[rowAt] + cu) | 0;
  const j = (cols[w + 8] + rows[rowAt + 2] + cv) | 0;
  // Unskewed: the offsets from corner (0, 0).
  const t = f(f(u + v) * G2F);
  const x0 = f(u - t);
  const y0 = f(v - t);
  const ip = Math.imul(i, PRIME_X);
  const jp = Math.imul(j, PRIME_Y);
  const ipx = (ip + PRIME_X) | 0;
  const jpy = (jp + PRIME_Y) | 0;
  let sum = corner(x0, y0, seed ^ ip ^ jp);
  sum = f(sum + corner(f(x0 + D2), f(y0 + D2), seed ^ ipx ^ jpy));
  // The middle corner is (1, 0) or (0, 1), by which triangle of the skewed cell we are in.
  return x0 > y0
    ? f(sum + corner(f(x0 + G2M1), f(y0 + G2F), seed ^ ipx ^ jp))
    : f(sum + corner(f(x0 + G2F), f(y0 + G2M1), seed ^ ip ^ jpy));
}

const oneX = new Float64Array(1);
const oneCols = new Int32Array(16);
const oneColFracs = new Float32Array(oneCols.buffer);
const oneRow = new Int32Array(4);
const oneRowFracs = new Float32Array(oneRow.buffer);

/** Simplex noise at a single point, within ±0.8; the same bits as the octave kernels. */
export function simplex2(seed: number, x: number, y: number): number {
  oneX[0] = x;
  latticeColumns(oneX, 1, oneCols, oneColFracs, 0);
  latticeRow(y, oneRow, oneRowFracs, 0);
  return NORMALISE * simplexCell(oneCols, oneColFracs, 0, oneRow, oneRowFracs, 0, seed);
}

export interface FbmSettings {
  readonly seed: number;
  /** Cycles per world unit (one view width). */
  readonly frequency: number;
  readonly octaves: number;
  readonly lacunarity: number;
  readonly gain: number;
}

/**
 * Below this step between cells (noise-space units), some five blocks of four cells in six or more
 * lie in one lattice cell (a row crosses 1.73 lattice lines a unit), and the SIMD kernel reads
 * the corners' gradients from a cache filled once per lattice cell (see noise.as.ts); above it,
 * from a table of the lattice points the rows reach, or by hashing each cell's corners where
 * such a table would be large (noise-instance.ts). Every way gives the same bits. About 0.025
 * is where the cache's refills, one per lattice line crossed (the block across it read from the
 * table), cost what the table's gathers do: four octaves at 256², 320² and 640², CPU time,
 * medians of six domains and seeds, the cache against the table (7 December, since the table
 * is read in place): 2.93 / 2.89, 2.83 / 2.83, 2.84 / 2.83 ns a sample at 0.025; 2.95 / 2.88,
 * 2.91 / 2.83, 2.95 / 2.86 at 0.03; 3.13 / 2.86, 3.12 / 2.86, 3.17 / 2.86 at 0.04 (the step
 * chosen before, 4 December, when the table's terms were copied per band).
 */
const SHARED_STEP = 0.025;

/** latticeTerms' scratch: the cells' world x and world y, n each (grown as needed). */
let centres = new Float64Array(0);

/** The octaves' lattice terms over a domain (latticeTerms): what does not depend on the seed or the gain. */
interface LatticeTerms {
  readonly cols: Int32Array;
  readonly colFracs: Float32Array;
  readonly rows: Int32Array;
  readonly rowFracs: Float32Array;
  readonly keys: Int32Array;
  readonly shared: Int32Array;
}

/**
 * The lattice terms of recent domains and frequencies, by key (termsKey), least recently used
 * first, TERMS_BYTES at most. Not a result cache: a domain's terms are where its cell centres
 * fall on each octave's lattice, a function of the grid's geometry and the octaves' frequencies
 * alone; the seed's hashing and every sample are computed anew. An evaluation of the default
 * graph asks for some 17 (five noises on the grown view, the world cut and the wind's squares),
 * the next one for the same again (and a reseeded noise for its own), and making them (splits
 * in doubles, shared memory for the workers) took about a tenth of the noise's time at 256².
 */
const terms = new Map<string, LatticeTerms & { readonly words: Int32Array }>();
let termsBytes = 0;
const TERMS_BYTES = 8 * 2 ** 20;
let keepTerms = true;

/** Lets a kept entry go: its region of the grid heap at once (its callers are done with it, see octaveTables). */
function dropTerms(key: string): void {
  const t = terms.get(key)!;
  terms.delete(key);
  termsBytes -= t.words.byteLength;
  // Its region may be the next grid's at once: a noise's bands left finishing (threads.ts,
  // detach) may still read it.
  finishReaders(t.words);
  releaseGrid(t.words);
}

/** Tests and in-process A/B timing: forgets the recent lattice terms and keeps them from now on, or not. */
export function keepLatticeTerms(on: boolean): void {
  for (const key of [...terms.keys()]) dropTerms(key);
  keepTerms = on;
}

function termsKey(domain: Domain, s: FbmSettings): string {
  return `${domainKey(domain)}|${s.frequency}|${s.lacunarity}|${s.octaves}|${gridsShared() ? 1 : 0}`;
}

/**
 * Each column's and row's lattice terms (latticeColumns, latticeRow) per octave, at the octave's
 * frequency, and whether its blocks of four cells share lattice cells. The column and row terms
 * share one buffer, in shared memory while a band pool runs, so a node makes them once and its
 * bands on every thread read them (a message to a worker shares them instead of copying). Made
 * once per domain and frequencies while they stay among the recent ones (terms); read only.
 */
function latticeTerms(domain: Domain, s: FbmSettings): LatticeTerms {
  const key = termsKey(domain, s);
  const known = terms.get(key);
  if (known) {
    // The most recently used last.
    terms.delete(key);
    terms.set(key, known);
    return known;
  }
  const { n } = domain;
  const octaves = s.octaves;
  const colWords = 4 * ((n + 3) & ~3);
  const colLength = octaves * colWords;
  const rowLength = octaves * n * 4;
  const length = 2 * colLength + rowLength;
  const keep = keepTerms && 4 * length <= TERMS_BYTES;
  if (keep) {
    // The least recently used first.
    for (const k of terms.keys()) {
      if (termsBytes + 4 * length <= TERMS_BYTES) break;
      dropTerms(k);
    }
  }
  // Kept ones on the grid heap while there is one (the heap kernel then reads them in place,
  // and a dropped one's region is given back at once); others in memory the GC takes back.
  const words = gridBuffer(Int32Array, length, keep);
  const fracs = new Float32Array(words.buffer, words.byteOffset, words.length);
  const cols = words.subarray(0, colLength);
  const colFracs = fracs.subarray(0, colLength);
  const rows = words.subarray(colLength, colLength + rowLength);
  const rowFracs = fracs.subarray(colLength, colLength + rowLength);
  const keys = words.subarray(colLength + rowLength);
  const shared = new Int32Array(octaves);
  // The cells' world positions once (cellX, cellY), then per octave times its frequency: the
  // same products as freq · cellX(domain, c).
  if (centres.length < 2 * n) centres = new Float64Array(2 * n);
  const worldX = centres.subarray(0, n);
  const worldY = centres.subarray(n, 2 * n);
  cellCentres(domain, worldX, worldY);
  let freq = s.frequency;
  for (let o = 0; o < octaves; o++) {
    latticeColumns(worldX, freq, cols, colFracs, o * colWords);
    for (let r = 0; r < n; r++) latticeRow(freq * worldY[r], rows, rowFracs, (o * n + r) * 4);
    shared[o] = Math.abs(freq * (domain.extent / n)) < SHARED_STEP ? 1 : 0;
    freq *= s.lacunarity;
  }
  columnKeys(cols, colWords, octaves, keys);
  const made = { words, cols, colFracs, rows, rowFracs, keys, shared };
  if (keep) {
    terms.set(key, made);
    termsBytes += words.byteLength;
  }
  return made;
}

/**
 * The per-octave tables of the fractal sum over a domain: each column's and row's lattice terms
 * (latticeTerms) and the octaves' seeds and scales. Read only, and good until later calls let
 * their terms go (after some 8 MB of others): use them within the call that asked for them, as
 * a node's run and its bands, the folded sums and the tests do.
 */
export function octaveTables(domain: Domain, s: FbmSettings): OctaveTables {
  const { n } = domain;
  const octaves = s.octaves;
  const colWords = 4 * ((n + 3) & ~3);
  const { cols, colFracs, rows, rowFracs, keys, shared } = latticeTerms(domain, s);
  const seeds = new Int32Array(octaves);
  const scales = new Float64Array(octaves);
  let amp = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    seeds[o] = (s.seed + o) | 0;
    scales[o] = amp * NORMALISE;
    total += amp;
    amp *= s.gain;
  }
  const inv = total > 0 ? 1 / total : 0;
  const weights = new Float32Array(octaves);
  for (let o = 0; o < octaves; o++) weights[o] = scales[o] * inv;
  return { n, octaves, colWords, cols, colFracs, rows, rowFracs, seeds, scales, weights, shared, keys };
}

/**
 * OctaveTables as a band's message carries them to a worker: the column terms, row terms and
 * keys as one view of their buffer (octaveTables lays them out in turn), not five (a message
 * carries each typed array on shared memory in about 1.4 µs here: all the tables in 8.7 µs,
 * these in 3.1).
 */
export type PackedTables = Omit<OctaveTables, 'cols' | 'colFracs' | 'rows' | 'rowFracs' | 'keys'> & { readonly words: Int32Array };

export function packTables(t: OctaveTables): PackedTables {
  const { n, octaves, colWords, cols, rows, keys, seeds, scales, weights, shared } = t;
  if (!keys || rows.buffer !== cols.buffer || keys.buffer !== cols.buffer || rows.byteOffset !== cols.byteOffset + cols.byteLength || keys.byteOffset !== rows.byteOffset + rows.byteLength) {
    throw new Error('fbm tables: not the column terms, the row terms and the keys in turn');
  }
  const words = new Int32Array(cols.buffer, cols.byteOffset, cols.length + rows.length + keys.length);
  return { n, octaves, colWords, words, seeds, scales, weights, shared };
}

/** The tables packTables packed: the four views made again on the lattice terms' buffer. */
export function unpackTables(p: PackedTables): OctaveTables {
  const { n, octaves, colWords, words, seeds, scales, weights, shared } = p;
  const colLength = octaves * colWords;
  const rowEnd = colLength + octaves * n * 4;
  const fracs = new Float32Array(words.buffer, words.byteOffset, words.length);
  const rows = words.subarray(colLength, rowEnd);
  const rowFracs = fracs.subarray(colLength, rowEnd);
  const keys = words.subarray(rowEnd);
  // The fields in octaveTables' order: one object shape for the kernels' callers.
  return { n, octaves, colWords, cols: words.subarray(0, colLength), colFracs: fracs.subarray(0, colLength), rows, rowFracs, seeds, scales, weights, shared, keys };
}

/** A band of a fractal sum over a grid: the whole grid `out`, and the domain's tables packed for the message to a worker. */
export type FbmBand = { readonly out: Float32Array; readonly tables: PackedTables };

/**
 * Rows r0 … r1 − 1 of the fractal sum into the whole grid `out`: the band hook of a node that
 * spreads a noise over the threads (the fBm node; the warp's own noise), the tables made once
 * for every band (at 256² making them took about as long as a band's noise).
 */
export function fbmBand(a: FbmBand, r0: number, r1: number): void {
  const n = a.tables.n;
  fbmTableRows(a.out.subarray(r0 * n, r1 * n), unpackTables(a.tables), r0, r1);
}

/**
 * Octave o alone, scale · simplex / NORMALISE at every cell summed in Float32 onto zero, in plain
 * JS: the reference of wasmOctaveGrid.
 */
export function octaveGridReference(t: OctaveTables, o: number, scale: number): Float32Array {
  const { n } = t;
  const out = new Float32Array(n * n);
  const weight = f(scale);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const sum = simplexCell(t.cols, t.colFracs, columnWord(o * t.colWords, c), t.rows, t.rowFracs, (o * n + r) * 4, t.seeds[o]);
      out[r * n + c] = f(0 + f(weight * sum));
    }
  }
  return out;
}

/**
 * Writes the fractal sum Σₒ gainᵒ · simplex(λᵒ f x, λᵒ f y; seed + o) / Σₒ gainᵒ at every cell
 * centre of the domain, with the WebAssembly SIMD kernel (the same bits as fbmGridReference).
 */
export function fbmGrid(/* out */ out: Float32Array, domain: Domain, s: FbmSettings): void {
  assertGrid('fbm output', out, domain);
  wasmFbmRows(octaveTables(domain, s), 0, domain.n, out);
}

/**
 * Rows r0 … r1 − 1 of fbmGrid into `out` (row r0 at out[0]): a band of the grid, for
 * evaluation spread over threads. The same bits as the rows of the whole grid.
 */
export function fbmRows(/* out */ out: Float32Array, domain: Domain, s: FbmSettings, r0: number, r1: number): void {
  wasmFbmRows(octaveTables(domain, s), r0, r1, out);
}

/** fbmRows with the domain's octave tables made already: what each band of one grid shares. */
export function fbmTableRows(/* out */ out: Float32Array, tables: OctaveTables, r0: number, r1: number): void {
  wasmFbmRows(tables, r0, r1, out);
}

/**
 * The reference: fbmGrid in plain JS, which tests pin the kernel to. Each cell sums its octaves
 * in Float32, weight by weight (the weights fold in the 1 / Σ amp, so the sum is the output).
 */
export function fbmGridReference(/* out */ out: Float32Array, domain: Domain, s: FbmSettings): void {
  assertGrid('fbm output', out, domain);
  const { n } = domain;
  const t = octaveTables(domain, s);
  out.fill(0);
  for (let o = 0; o < t.octaves; o++) {
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const sum = simplexCell(t.cols, t.colFracs, columnWord(o * t.colWords, c), t.rows, t.rowFracs, (o * n + r) * 4, t.seeds[o]);
        out[r * n + c] = f(out[r * n + c] + f(t.weights[o] * sum));
      }
    }
  }
}
