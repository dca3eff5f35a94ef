// Small pictures of layers for the editor: a layer sampled down to a preview size and drawn in
// its palette, and the histogram of a field's values. Pure, like layer.ts: worker or Node.

import type { Value } from '../model/values.ts';
import { finiteRange, type LayerStyle, renderLayer } from './layer.ts';

/**
 * The layer sampled at size × size cells (nearest cell centre), or the layer itself when it is
 * no larger. A terrain keeps its sea level and sorted heights, so its tints stay the same.
 */
export function downsampleValue(value: Value, n: number, size: number): Value {
  if (size >= n) return value;
  const src = value.data;
  if (src.length !== n * n) throw new Error(`downsampleValue: layer holds ${src.length} cells, expected ${n * n}`);
  const pick = new Int32Array(size);
  for (let k = 0; k < size; k++) pick[k] = Math.min(n - 1, Math.floor(((k + 0.5) * n) / size));
  const out = value.type === 'biome' ? new Uint8Array(size * size) : new Float32Array(size * size);
  for (let r = 0; r < size; r++) {
    const row = pick[r] * n;
    for (let c = 0; c < size; c++) out[r * size + c] = src[row + pick[c]];
  }
  if (value.type === 'biome') return { ...value, data: out as Uint8Array };
  if (value.type === 'terrain') return { ...value, data: out as Float32Array, order: null };
  return { ...value, data: out as Float32Array };
}

export interface Picture {
  readonly width: number;
  readonly height: number;
  /** RGBA, north row first. */
  readonly rgba: Uint8ClampedArray;
}

/** The layer drawn at most `size` pixels wide (n when smaller), north up. */
export function renderPreview(value: Value, n: number, size: number, style: LayerStyle = {}): Picture {
  const side = Math.min(n, size);
  const small = downsampleValue(value, n, side);
  return { width: side, height: side, rgba: renderLayer(small, side, style) };
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
