// Turns a layer into RGBA pixels, north up: the palettes of SPEC §3, hill-shading and contours.
// Pure: used by the command line in Node and by the editor's worker alike.

import { BIOMES } from '../model/biomes.ts';
import { isMask, SOFT_SLOTS, type TerrainValue, type Value } from '../model/values.ts';
import { floored, HEIGHT_BANDS, LAND_MASK, rampFor, type Rgb, SHARE_BANDS_LAND, SHARE_BANDS_WATER, WATER_MASK } from './ramps.ts';

export interface LayerStyle {
  /** Height tints: by fixed cuts around the sea level (default) or by share. */
  readonly heightMode?: 'height' | 'share';
  /** Hill-shading lit from the north-west on heights (default on). */
  readonly shade?: boolean;
  /** Contour lines on heights, every fifth darker (default off). */
  readonly contours?: boolean;
}

/** Height units per contour line; every fifth line is darker. */
export const CONTOUR_INTERVAL = 0.025;
/**
 * Slope exaggeration per view width: gradients are taken per view (per cell times n), so the
 * relief looks the same at 64² and at 1024².
 */
const SHADE_EXAGGERATION = 0.12;

const NAN_COLOR: Rgb = [255, 0, 255];

/** Finite min and max of a buffer, or null when it has none; ±∞ and NaN are passed over. */
export function finiteMinMax(data: ArrayLike<number>): { min: number; max: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v < lo && v !== -Infinity) lo = v;
    if (v > hi && v !== Infinity) hi = v;
  }
  return lo <= hi ? { min: lo, max: hi } : null;
}

/** Finite min and max of a buffer (0, 0 when it has none); ±∞ and NaN are passed over. */
export function finiteRange(data: ArrayLike<number>): [number, number] {
  const r = finiteMinMax(data);
  return r ? [r.min, r.max] : [0, 0];
}

/** Mean of the finite values of a buffer, or null when it has none. */
export function finiteMean(data: ArrayLike<number>): number | null {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count ? sum / count : null;
}

/** Lower height limit of each HEIGHT_BANDS colour for a terrain, in the chosen mode. */
export function heightCuts(value: TerrainValue, mode: 'height' | 'share'): number[] {
  const s = value.seaLevel;
  if (mode === 'height') return HEIGHT_BANDS.map((b) => s + b.above);
  const sorted = value.sorted;
  const w = value.waterCount;
  const land = sorted.length - w;
  const q = (j: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(j)))];
  const water = SHARE_BANDS_WATER.map((f, k) => (k === 0 ? -Infinity : q(f * w)));
  const landCuts = SHARE_BANDS_LAND.map((f, k) => (k === 0 ? s : q(w + f * land)));
  return [...water, ...landCuts];
}

/** Index of the band a height falls in, given each band's lower limit (ascending). */
export function bandIndex(cuts: readonly number[], v: number): number {
  let k = 0;
  while (k + 1 < cuts.length && v >= cuts[k + 1]) k++;
  return k;
}

/** Flat RGB triples of a list of colours, so pixels copy bytes instead of reading tuples. */
function flatColors(colors: readonly Rgb[]): Uint8Array {
  const flat = new Uint8Array(colors.length * 3);
  colors.forEach((c, k) => flat.set(c, k * 3));
  return flat;
}

const BIOME_RGB = flatColors(BIOMES.map((b) => b.color as Rgb));
/** The biome colours in linear light (0 … 1), for mixing soft borders. */
const BIOME_LINEAR = Float64Array.from(BIOME_RGB, toLinear);

function toLinear(v8: number): number {
  const v = v8 / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** Linear light (0 … 1) back to an sRGB byte. */
function toSrgb(v: number): number {
  const s = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(255 * s);
}
const HEIGHT_RGB = flatColors(HEIGHT_BANDS.map((b) => b.color));
const MASK_RGB = flatColors([WATER_MASK, LAND_MASK]);

/** Writes entry k of a flat RGB table (magenta when k is outside it) as pixel p, opaque. */
function put(out: Uint8ClampedArray, p: number, table: Uint8Array, k: number): void {
  if (k >= 0 && k * 3 < table.length) {
    out[p] = table[k * 3];
    out[p + 1] = table[k * 3 + 1];
    out[p + 2] = table[k * 3 + 2];
  } else {
    out[p] = NAN_COLOR[0];
    out[p + 1] = NAN_COLOR[1];
    out[p + 2] = NAN_COLOR[2];
  }
  out[p + 3] = 255;
}

/** Multiplies each pixel by the hill-shade of its cell; weaker under water. */
function shadeHeights(out: Uint8ClampedArray, h: Float32Array, n: number, seaLevel: number): void {
  const k = SHADE_EXAGGERATION * n;
  // Light from the north-west, 45° high: (−½, ½, √½) with y pointing north.
  const lx = -0.5;
  const ly = 0.5;
  const lz = Math.SQRT1_2;
  for (let r = 0; r < n; r++) {
    const rs = r > 0 ? r - 1 : r;
    const rn = r < n - 1 ? r + 1 : r;
    for (let c = 0; c < n; c++) {
      const cw = c > 0 ? c - 1 : c;
      const ce = c < n - 1 ? c + 1 : c;
      const i = r * n + c;
      // Central differences inside, one-sided on the border: divide by the span actually taken.
      const sx = ((h[r * n + ce] - h[r * n + cw]) * k) / (ce - cw || 1);
      const sy = ((h[rn * n + c] - h[rs * n + c]) * k) / (rn - rs || 1);
      const len = Math.sqrt(sx * sx + sy * sy + 1);
      const lit = (-sx * lx - sy * ly + lz) / len;
      let f = lit / lz;
      if (!(h[i] >= seaLevel)) f = 1 + (f - 1) * 0.3;
      f = f < 0.35 ? 0.35 : f > 1.35 ? 1.35 : f;
      const p = ((n - 1 - r) * n + c) * 4;
      out[p] *= f;
      out[p + 1] *= f;
      out[p + 2] *= f;
    }
  }
}

/** Darkens cells where a contour line passes between them and their east or north neighbour. */
function drawContours(out: Uint8ClampedArray, h: Float32Array, n: number, seaLevel: number): void {
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const band = Math.floor((h[i] - seaLevel) / CONTOUR_INTERVAL);
      let other = band;
      if (c + 1 < n) other = Math.max(other, Math.floor((h[i + 1] - seaLevel) / CONTOUR_INTERVAL));
      if (r + 1 < n) other = Math.max(other, Math.floor((h[i + n] - seaLevel) / CONTOUR_INTERVAL));
      if (other === band) continue;
      const major = other % 5 === 0;
      let f = major ? 0.45 : 0.72;
      if (h[i] < seaLevel) f = 1 - (1 - f) * 0.4;
      const p = ((n - 1 - r) * n + c) * 4;
      out[p] *= f;
      out[p + 1] *= f;
      out[p + 2] *= f;
    }
  }
}

/** Paints the cells exactly 0 of an n × n layer in `colour` (a ramp's `zero`: no lake), image north up. */
export function paintZeros(out: Uint8ClampedArray, data: ArrayLike<number>, n: number, colour: Rgb): void {
  for (let r = 0; r < n; r++) {
    for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) {
      if (data[r * n + c] !== 0) continue;
      out[p] = colour[0];
      out[p + 1] = colour[1];
      out[p + 2] = colour[2];
    }
  }
}

/**
 * RGBA pixels (n × n, row 0 of the image is the north row) of a layer in the palette of its
 * meaning. Heights with a sea level get atlas tints, shading and optional contours.
 */
export function renderLayer(value: Value, n: number, style: LayerStyle = {}): Uint8ClampedArray {
  const cells = n * n;
  if (value.data.length !== cells) throw new Error(`renderLayer: layer holds ${value.data.length} cells, expected ${cells}`);
  const out = new Uint8ClampedArray(cells * 4);
  const data = value.data;

  // Each case walks grid rows south to north and writes image rows north to south, with the
  // colour lookup written out in the loop: a shared loop taking a callback was slower.
  if (value.type === 'biome') {
    const soft = value.soft;
    if (soft && soft.weights.length === cells * SOFT_SLOTS) {
      // Soft borders: each cell is its biomes' colours mixed by their weights, sharpened and in
      // linear light. A plain sRGB mix of a band where three or four biomes weigh alike came out
      // a flat grey-olive that read as no biome at all; weights cubed (then normalised) keep each
      // biome's own colour over most of its side of a border and fade over the middle of the
      // band, and mixing light rather than sRGB numbers keeps the fade from darkening.
      const { ids, weights } = soft;
      for (let r = 0; r < n; r++) {
        for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) {
          let red = 0;
          let green = 0;
          let blue = 0;
          let total = 0;
          for (let s = (r * n + c) * SOFT_SLOTS, end = s + SOFT_SLOTS; s < end; s++) {
            const w0 = weights[s];
            if (!(w0 > 0)) continue;
            const w = w0 * w0 * w0;
            const k = ids[s] * 3;
            red += w * BIOME_LINEAR[k];
            green += w * BIOME_LINEAR[k + 1];
            blue += w * BIOME_LINEAR[k + 2];
            total += w;
          }
          out[p] = toSrgb(red / total);
          out[p + 1] = toSrgb(green / total);
          out[p + 2] = toSrgb(blue / total);
          out[p + 3] = 255;
        }
      }
      return out;
    }
    for (let r = 0; r < n; r++) {
      for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) put(out, p, BIOME_RGB, data[r * n + c]);
    }
    return out;
  }
  if (isMask(value.meaning)) {
    for (let r = 0; r < n; r++) {
      for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) put(out, p, MASK_RGB, data[r * n + c] > 0.5 ? 0 : 1);
    }
    return out;
  }
  const heights = value.meaning === 'height';
  if (value.type === 'terrain') {
    const cuts = heightCuts(value, style.heightMode ?? 'height');
    for (let r = 0; r < n; r++) {
      for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) {
        const v = data[r * n + c];
        put(out, p, HEIGHT_RGB, Number.isNaN(v) ? -1 : bandIndex(cuts, v));
      }
    }
    if (style.shade !== false) shadeHeights(out, value.data, n, value.seaLevel);
    if (style.contours) drawContours(out, value.data, n, value.seaLevel);
    return out;
  }
  const { ramp, range, floor, zero } = rampFor(value.meaning);
  const [lo, hi] = range ?? floored(...finiteRange(data), floor);
  const scale = hi > lo ? 1 / (hi - lo) : 0;
  // The ramp's 256 entries are the palette; NaN falls outside it and shows magenta.
  for (let r = 0; r < n; r++) {
    for (let c = 0, p = (n - 1 - r) * n * 4; c < n; c++, p += 4) {
      const v = data[r * n + c];
      const t = v === Infinity ? 1 : (v - lo) * scale;
      put(out, p, ramp, Number.isNaN(v) ? -1 : t <= 0 ? 0 : t >= 1 ? 255 : Math.round(t * 255));
    }
  }
  if (zero) paintZeros(out, data, n, zero);
  if (heights && style.shade !== false) shadeHeights(out, value.data, n, -Infinity);
  if (heights && style.contours) drawContours(out, value.data, n, lo);
  return out;
}
