// Small pictures of layers for the editor: a layer sampled down to a preview size and drawn in
// its palette, and the histogram of a field's values. Pure, like layer.ts: worker or Node.
//
// A drag redraws about ten previews per frame, so the common cases (fields in a ramp, masks,
// biomes) are drawn here in one pass, sampling and colouring together into a buffer the
// caller may reuse, with the same palettes and the same colour for every value as
// renderLayer (a test holds the two to the byte). Heights, with their bands and hill-shading,
// go through renderLayer itself on the sampled grid.

import { BIOMES } from '../model/biomes.ts';
import { isLines, isMask, SOFT_SLOTS, type Value } from '../model/values.ts';
import { finiteRange, type LayerStyle, renderLayer } from './layer.ts';
import { floored, LAND_MASK, rampFor, WATER_MASK } from './ramps.ts';

/** The colour renderLayer gives NaN. */
const NAN_RGB = [255, 0, 255] as const;

/** Nearest cell of an n grid for each of `size` pixel centres along one axis. */
function samplePicks(n: number, size: number): Int32Array {
  const pick = new Int32Array(size);
  for (let k = 0; k < size; k++) pick[k] = Math.min(n - 1, Math.floor(((k + 0.5) * n) / size));
  return pick;
}

/**
 * The layer sampled at size × size cells (nearest cell centre), or the layer itself when it is
 * no larger. A terrain keeps its sea level and sorted heights, so its tints stay the same.
 * Rivers (isLines) keep a pixel's 1 when any cell under it is: a nearest-cell sample of lines
 * one cell wide drew a 104-pixel preview of a 256² river map nearly blank.
 */
export function downsampleValue(value: Value, n: number, size: number): Value {
  if (size >= n) return value;
  const src = value.data;
  if (src.length !== n * n) throw new Error(`downsampleValue: layer holds ${src.length} cells, expected ${n * n}`);
  if (value.type === 'field' && isLines(value.meaning)) return { ...value, data: anyOf(src as Float32Array, n, size) };
  const pick = samplePicks(n, size);
  const out = value.type === 'biome' ? new Uint8Array(size * size) : new Float32Array(size * size);
  for (let r = 0; r < size; r++) {
    const row = pick[r] * n;
    for (let c = 0; c < size; c++) out[r * size + c] = src[row + pick[c]];
  }
  if (value.type === 'biome') {
    if (!value.soft) return { type: 'biome', meaning: 'biome', data: out as Uint8Array };
    // Soft weights are sampled at the same cells, all slots of a cell together.
    const ids = new Uint8Array(size * size * SOFT_SLOTS);
    const weights = new Float32Array(size * size * SOFT_SLOTS);
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const from = (pick[r] * n + pick[c]) * SOFT_SLOTS;
        const to = (r * size + c) * SOFT_SLOTS;
        ids.set(value.soft.ids.subarray(from, from + SOFT_SLOTS), to);
        weights.set(value.soft.weights.subarray(from, from + SOFT_SLOTS), to);
      }
    }
    return { type: 'biome', meaning: 'biome', data: out as Uint8Array, soft: { ids, weights } };
  }
  if (value.type === 'terrain') return { ...value, data: out as Float32Array, order: null };
  return { ...value, data: out as Float32Array };
}

export interface Picture {
  readonly width: number;
  readonly height: number;
  /** RGBA, north row first. */
  readonly rgba: Uint8ClampedArray;
}

/**
 * A picture drawn larger, each pixel copied to the block of the larger one its centre falls in
 * (what the map's pixelated scaling does on screen), into `out` when it is given and the right
 * size. For a draft drawn at the full picture's size, so that its rivers can be drawn as thin.
 */
export function enlargePicture(pic: Picture, side: number, out?: Uint8ClampedArray): Picture {
  if (pic.width !== pic.height || side < pic.width) throw new Error(`enlargePicture: a ${pic.width} × ${pic.height} picture enlarged to ${side} × ${side}`);
  const from = pic.width;
  const rgba = out && out.length === side * side * 4 ? out : new Uint8ClampedArray(side * side * 4);
  const src = new Uint32Array(pic.rgba.buffer, pic.rgba.byteOffset, from * from);
  const dst = new Uint32Array(rgba.buffer, rgba.byteOffset, side * side);
  const pick = samplePicks(from, side);
  for (let y = 0; y < side; y++) {
    const row = pick[y] * from;
    for (let x = 0, p = y * side; x < side; x++, p++) dst[p] = src[row + pick[x]];
  }
  return { width: side, height: side, rgba };
}

/** Each of size × size pixels 1 when any cell of the n grid under it is over ½, else 0. */
export function anyOf(src: Float32Array, n: number, size: number): Float32Array {
  const out = new Float32Array(size * size);
  for (let r = 0; r < size; r++) {
    const r0 = Math.floor((r * n) / size);
    const r1 = Math.max(r0 + 1, Math.floor(((r + 1) * n) / size));
    for (let c = 0; c < size; c++) {
      const c0 = Math.floor((c * n) / size);
      const c1 = Math.max(c0 + 1, Math.floor(((c + 1) * n) / size));
      let one = 0;
      for (let y = r0; y < r1 && !one; y++) for (let x = c0; x < c1; x++) if (src[y * n + x] > 0.5) one = 1;
      out[r * size + c] = one;
    }
  }
  return out;
}

/** True when renderPreview draws this layer in its own single pass (no bands, no shading). */
function isFlat(value: Value): boolean {
  return (value.type === 'biome' && !value.soft) || (value.type === 'field' && value.meaning !== 'height' && !isLines(value.meaning));
}

/**
 * The layer drawn at most `size` pixels wide (n when smaller), north up, into `out` when it is
 * given and large enough (a recycled buffer), else into a new one.
 */
export function renderPreview(value: Value, n: number, size: number, style: LayerStyle = {}, out?: Uint8ClampedArray): Picture {
  const side = Math.min(n, size);
  const bytes = side * side * 4;
  if (!isFlat(value)) {
    const rgba = renderLayer(downsampleValue(value, n, side), side, style);
    if (out && out.length === bytes) {
      out.set(rgba);
      return { width: side, height: side, rgba: out };
    }
    return { width: side, height: side, rgba };
  }
  if (value.data.length !== n * n) throw new Error(`renderPreview: layer holds ${value.data.length} cells, expected ${n * n}`);
  const rgba = out && out.length === bytes ? out : new Uint8ClampedArray(bytes);
  const pick = samplePicks(n, side);
  const data = value.data;
  // The image's first row is the north row: pixel row y shows grid row side − 1 − y.
  if (value.type === 'biome') {
    const palette = new Uint8Array(256 * 3);
    for (let k = 0; k < 256; k++) {
      const c = BIOMES[k]?.color ?? NAN_RGB;
      palette.set(c, k * 3);
    }
    for (let y = 0; y < side; y++) {
      const row = pick[side - 1 - y] * n;
      let p = y * side * 4;
      for (let x = 0; x < side; x++, p += 4) {
        const k = data[row + pick[x]] * 3;
        rgba[p] = palette[k];
        rgba[p + 1] = palette[k + 1];
        rgba[p + 2] = palette[k + 2];
        rgba[p + 3] = 255;
      }
    }
    return { width: side, height: side, rgba };
  }
  if (isMask(value.meaning)) {
    for (let y = 0; y < side; y++) {
      const row = pick[side - 1 - y] * n;
      let p = y * side * 4;
      for (let x = 0; x < side; x++, p += 4) {
        const c = data[row + pick[x]] > 0.5 ? WATER_MASK : LAND_MASK;
        rgba[p] = c[0];
        rgba[p + 1] = c[1];
        rgba[p + 2] = c[2];
        rgba[p + 3] = 255;
      }
    }
    return { width: side, height: side, rgba };
  }
  const { ramp, range, floor, zero } = rampFor(value.meaning);
  let lo: number;
  let hi: number;
  if (range) [lo, hi] = range;
  else {
    // renderLayer scales a data-ranged ramp to the range of the cells it draws: the sampled ones.
    lo = Infinity;
    hi = -Infinity;
    for (let r = 0; r < side; r++) {
      const row = pick[r] * n;
      for (let c = 0; c < side; c++) {
        const v = data[row + pick[c]];
        if (v < lo) lo = v;
        if (v > hi && v !== Infinity) hi = v;
      }
    }
    if (!(lo <= hi)) [lo, hi] = [0, 0];
    [lo, hi] = floored(lo, hi, floor);
  }
  const scale = hi > lo ? 1 / (hi - lo) : 0;
  for (let y = 0; y < side; y++) {
    const row = pick[side - 1 - y] * n;
    let p = y * side * 4;
    for (let x = 0; x < side; x++, p += 4) {
      const v = data[row + pick[x]];
      if (Number.isNaN(v)) {
        rgba[p] = NAN_RGB[0];
        rgba[p + 1] = NAN_RGB[1];
        rgba[p + 2] = NAN_RGB[2];
      } else {
        const t = v === Infinity ? 1 : (v - lo) * scale;
        const k = (t <= 0 ? 0 : t >= 1 ? 255 : Math.round(t * 255)) * 3;
        rgba[p] = ramp[k];
        rgba[p + 1] = ramp[k + 1];
        rgba[p + 2] = ramp[k + 2];
        if (v === 0 && zero) {
          rgba[p] = zero[0];
          rgba[p + 1] = zero[1];
          rgba[p + 2] = zero[2];
        }
      }
      rgba[p + 3] = 255;
    }
  }
  return { width: side, height: side, rgba };
}

/**
 * What a node's picture cannot say on its own when every cell holds the same value (a plain
 * square): "constant 0.4", or "all ocean" for biomes; null when any two cells differ (NaN
 * differs from itself: a layer of NaN is drawn in its own colour). Stops at the first cell that
 * differs, so a varied layer costs a few reads; soft biomes are never called constant (their
 * weights vary within one id).
 */
export function constantOf(value: Value): string | null {
  const data = value.data;
  if (data.length === 0 || (value.type === 'biome' && value.soft)) return null;
  const first = data[0];
  for (let i = 1; i < data.length; i++) if (data[i] !== first) return null;
  if (value.type === 'biome') return `all ${BIOMES[first]?.name ?? `biome ${first}`}`;
  return `constant ${Number.isFinite(first) ? Number(first.toPrecision(3)) : first}`;
}

export interface Histogram {
  /** The finite range the bins cover: bin k holds values in [lo + k·w, lo + (k+1)·w). */
  readonly lo: number;
  readonly hi: number;
  readonly counts: Uint32Array;
}

/** Counts of the finite values in `bins` equal bins over their own range (the top value in the last bin). */
export function histogram(data: ArrayLike<number>, bins: number): Histogram {
  const [lo, hi] = finiteRange(data);
  const counts = new Uint32Array(bins);
  const scale = hi > lo ? bins / (hi - lo) : 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (!Number.isFinite(v)) continue;
    let k = Math.floor((v - lo) * scale);
    if (k >= bins) k = bins - 1;
    counts[k]++;
  }
  return { lo, hi, counts };
}
