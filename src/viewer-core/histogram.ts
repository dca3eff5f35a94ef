// The histogram of the layer the viewer shows, binned in the worker (src/render/histogram.ts)
// and coloured here: heights by their atlas band with the sea level marked, fields by their
// ramp, biomes one bar per biome with their shares. Pure.

import { BIOMES, OCEAN } from '../model/biomes.ts';
import type { Meaning } from '../model/values.ts';
import type { LayerHistogram } from '../render/histogram.ts';
import { bandIndex } from '../render/layer.ts';
import { HEIGHT_BANDS, rampFor, type Rgb } from '../render/ramps.ts';

export { layerHistogram, type LayerHistogram, VIEWER_BINS } from '../render/histogram.ts';

/** One bar to draw: its place along the axis (0 … 1), its height (0 … 1 of the tallest) and colour. */
export interface Bar {
  readonly x0: number;
  readonly x1: number;
  readonly h: number;
  readonly color: Rgb;
  readonly count: number;
}

/** The colour of the meaning's ramp at t (0 … 1 of its range). */
export function rampRgb(meaning: Meaning, t: number): Rgb {
  const { ramp } = rampFor(meaning);
  const k = (t <= 0 ? 0 : t >= 1 ? 255 : Math.round(t * 255)) * 3;
  return [ramp[k], ramp[k + 1], ramp[k + 2]];
}

/**
 * The bars of a binned histogram (terrain or field), each coloured as the map colours the value
 * at its centre. Heights are square-rooted so the thin tails stay visible next to the bulk.
 */
export function histogramBars(h: Extract<LayerHistogram, { kind: 'terrain' | 'field' }>): Bar[] {
  const bins = h.counts.length;
  let top = 0;
  for (const c of h.counts) if (c > top) top = c;
  const width = h.hi - h.lo;
  return [...h.counts].map((count, k) => {
    const centre = h.lo + ((k + 0.5) / bins) * width;
    let color: Rgb;
    if (h.kind === 'terrain') color = HEIGHT_BANDS[bandIndex(h.cuts, centre)].color;
    else color = rampRgb(h.meaning, h.rampHi > h.rampLo ? (centre - h.rampLo) / (h.rampHi - h.rampLo) : 0);
    return { x0: k / bins, x1: (k + 1) / bins, h: top ? Math.sqrt(count / top) : 0, color, count };
  });
}

/** Where a value lies along a binned histogram's axis (0 … 1), e.g. the sea level's mark. */
export function axisPosition(h: { lo: number; hi: number }, v: number): number {
  return h.hi > h.lo ? (v - h.lo) / (h.hi - h.lo) : 0.5;
}

export interface BiomeShare {
  readonly id: number;
  readonly name: string;
  readonly color: Rgb;
  readonly count: number;
  /** Ocean: share of all cells; any other biome: share of the land. */
  readonly share: number;
}

/** The biome legend with each biome's share: ocean of the map, the rest of the land. */
export function biomeShares(counts: Uint32Array): BiomeShare[] {
  let total = 0;
  for (const c of counts) total += c;
  const land = total - counts[OCEAN];
  return BIOMES.map((b) => ({
    id: b.id,
    name: b.name,
    color: b.color as Rgb,
    count: counts[b.id] ?? 0,
    share: b.id === OCEAN ? (total ? counts[b.id] / total : 0) : land ? counts[b.id] / land : 0,
  }));
}

/**
 * A share in per cent, with a tenth near either end: in whole numbers a rivers map said
 * "river 0.3 %" over "no river 100 %", a share no map with a river on it has. A share that is
 * not 0 or 1 never reads as one.
 */
export function shareText(v: number): string {
  const text = (v * 100).toFixed(v < 0.1 || v > 0.9 ? 1 : 0);
  // Told from the rounded text, not from thresholds beside it: 1999 of 2000 cells, 0.9995, came
  // out under "> 0.9995" and rounded to "100.0".
  if (v > 0 && Number(text) === 0) return '< 0.1 %';
  if (v < 1 && Number(text) === 100) return '> 99.9 %';
  return `${text} %`;
}
