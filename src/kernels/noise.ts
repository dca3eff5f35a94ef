// 2-D simplex noise and its fractal sum, over whole rows of a grid.
//
// I hash lattice points with Math.imul and two large primes (as FastNoiseLite does) instead of
// a shuffled permutation table: a table would have to be rebuilt for every seed and octave,
// and imul is exact integer math, so the same seed gives the same bits in every JS engine.
// Gradients are 24 unit vectors at 7.5° + k · 15°, written out as literals so no trigonometry
// at load time can differ between engines. The grids are computed by the WebAssembly SIMD
// kernel (wasm/noise.as.ts); the plain JS here is its reference, pinned to it bit for bit.

import { assertGrid, cellX, cellY, type Domain } from '../grid.ts';
import { scratch } from './scratch.ts';
import { wasmFbmRows, type OctaveTables } from './wasm/noise-instance.ts';

const F2 = 0.36602540378443865; // (√3 − 1) / 2
const G2 = 0.21132486540518713; // (3 − √3) / 6
const PRIME_X = 501125321;
const PRIME_Y = 1136930381;
const HASH_MUL = 0x27d4eb2d;
/**
 * Output scale. 99.84 would stretch the extremes to exactly ±1, but then one octave has a
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
 * The reference for the WebAssembly SIMD kernel (noise.as.ts), written plainly: adds
 * scale · simplex(xs[c], y; seed) to out[base + c] for every c of the row, scale being the
 * octave's amplitude times NORMALISE and xs the noise-space x of each column.
 *
 * The lattice cell and the offsets into it are found in doubles, so far-away coordinates keep
 * their precision; the three corners are summed in Float32, four lanes to a SIMD vector, which
 * is what makes the kernel twice as fast as in doubles (the values differ from double
 * arithmetic by a few units in the last place of a Float32). Each step below is one SIMD
 * operation of noise.as.ts, in its order: tests pin the two bit for bit.
 */
export function addSimplexRow(
  /* out */ out: Float64Array,
  base: number,
  xs: Float64Array,
  y: number,
  seed: number,
  scale: number,
): void {
  for (let c = 0; c < xs.length; c++) {
    const x = xs[c];
    const s = (x + y) * F2;
    const fi = Math.floor(x + s);
    const fj = Math.floor(y + s);
    const t = (fi + fj) * G2;
    const x0 = f(x - (fi - t));
    const y0 = f(y - (fj - t));
    const ip = Math.imul(fi | 0, PRIME_X);
    const jp = Math.imul(fj | 0, PRIME_Y);
    const ipx = (ip + PRIME_X) | 0;
    const jpy = (jp + PRIME_Y) | 0;
    let sum = corner(x0, y0, seed ^ ip ^ jp);
    sum = f(sum + corner(f(x0 + D2), f(y0 + D2), seed ^ ipx ^ jpy));
    // The middle corner is (1, 0) or (0, 1), by which triangle of the skewed cell we are in.
    sum =
      x0 > y0
        ? f(sum + corner(f(x0 + G2M1), f(y0 + G2F), seed ^ ipx ^ jp))
        : f(sum + corner(f(x0 + G2F), f(y0 + G2M1), seed ^ ip ^ jpy));
    out[base + c] += scale * sum;
  }
}

const one = new Float64Array(1);
const oneX = new Float64Array(1);

/** Simplex noise at a single point, within ±0.8; the same bits as the row kernels. */
export function simplex2(seed: number, x: number, y: number): number {
  one[0] = 0;
  oneX[0] = x;
  addSimplexRow(one, 0, oneX, y, seed, NORMALISE);
  return one[0];
}

export interface FbmSettings {
  readonly seed: number;
  /** Cycles per world unit (one view width). */
  readonly frequency: number;
  readonly octaves: number;
  readonly lacunarity: number;
  readonly gain: number;
}

/** The per-octave tables of the fractal sum over a domain: noise-space coordinates, seeds, scales. */
export function octaveTables(domain: Domain, s: FbmSettings): OctaveTables {
  const { n } = domain;
  const octaves = s.octaves;
  const xs = new Float64Array(octaves * n);
  const ys = new Float64Array(octaves * n);
  const seeds = new Int32Array(octaves);
  const scales = new Float64Array(octaves);
  let amp = 1;
  let freq = s.frequency;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    for (let c = 0; c < n; c++) xs[o * n + c] = freq * cellX(domain, c);
    for (let r = 0; r < n; r++) ys[o * n + r] = freq * cellY(domain, r);
    seeds[o] = (s.seed + o) | 0;
    scales[o] = amp * NORMALISE;
    total += amp;
    amp *= s.gain;
    freq *= s.lacunarity;
  }
  return { n, octaves, xs, ys, seeds, scales, inv: total > 0 ? 1 / total : 0 };
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

/** The reference: fbmGrid in plain JS (addSimplexRow), which tests pin the kernel to. */
export function fbmGridReference(/* out */ out: Float32Array, domain: Domain, s: FbmSettings): void {
  assertGrid('fbm output', out, domain);
  const { n } = domain;
  const t = octaveTables(domain, s);
  const acc = scratch('fbm.acc', Float64Array, n * n);
  acc.fill(0, 0, n * n);
  for (let o = 0; o < t.octaves; o++) {
    const xs = t.xs.subarray(o * n, o * n + n);
    for (let r = 0; r < n; r++) addSimplexRow(acc, r * n, xs, t.ys[o * n + r], t.seeds[o], t.scales[o]);
  }
  for (let i = 0; i < n * n; i++) out[i] = acc[i] * t.inv;
}
