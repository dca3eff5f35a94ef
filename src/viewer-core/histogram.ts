// The histogram of the layer the viewer shows, binned in the worker and coloured here: heights
// by their atlas band with the sea level marked, fields by their ramp, biomes one bar per
// biome, masks water against land. Pure.

import { BIOMES, OCEAN } from '../model/biomes.ts';
import type { Meaning, Value } from '../model/values.ts';
import { bandIndex, heightCuts } from '../render/layer.ts';
import { histogram } from '../render/preview.ts';
import { HEIGHT_BANDS, rampFor, type Rgb } from '../render/ramps.ts';

/** Bins of a field's histogram in the viewer. */
export const VIEWER_BINS = 96;

export type LayerHistogram =
  | {
      /** Heights with a sea level: bins coloured by HEIGHT_BANDS. */
      readonly kind: 'terrain';
      readonly lo: number;
      readonly hi: number;
      readonly counts: Uint32Array;
      readonly seaLevel: number;
      /** Lower limit of each HEIGHT_BANDS band in the tint mode drawn (−∞ first). */
      readonly cuts: readonly number[];
    }
  | {
      /** A field in its ramp (a height without sea level in the elevation ramp). */
      readonly kind: 'field';
      readonly lo: number;
      readonly hi: number;
      readonly counts: Uint32Array;
      readonly meaning: Meaning;
      /** The values the ramp's ends stand for (the data's own range when the meaning has none). */
      readonly rampLo: number;
      readonly rampHi: number;
    }
  | {
      /** Biome ids: counts[id]. */
      readonly kind: 'biome';
      readonly counts: Uint32Array;
    }
  | {
      readonly kind: 'mask';
      readonly water: number;
      readonly land: number;
    };

/** The histogram of a layer (all n² cells), for the viewer. */
export function layerHistogram(value: Value, heightMode: 'height' | 'share' = 'height', bins = VIEWER_BINS): LayerHistogram {
  if (value.type === 'biome') {
    const counts = new Uint32Array(BIOMES.length);
    const ids = value.data;
    for (let i = 0; i < ids.length; i++) if (ids[i] < counts.length) counts[ids[i]]++;
    return { kind: 'biome', counts };
  }
  if (value.meaning === 'mask') {
    let water = 0;
    for (let i = 0; i < value.data.length; i++) if (value.data[i] > 0.5) water++;
    return { kind: 'mask', water, land: value.data.length - water };
  }
  const { lo, hi, counts } = histogram(value.data, bins);
  if (value.type === 'terrain') return { kind: 'terrain', lo, hi, counts, seaLevel: value.seaLevel, cuts: heightCuts(value, heightMode) };
  const { range } = rampFor(value.meaning);
  return { kind: 'field', lo, hi, counts, meaning: value.meaning, rampLo: range ? range[0] : lo, rampHi: range ? range[1] : hi };
}


/** One bar to draw: its place along the axis (0 … 1), its height (0 … 1 of the tallest) and colour. */
export interface Bar {
  readonly x0: number;
  readonly x1: number;
  readonly h: number;
  readonly color: Rgb;
  readonly count: number;
}

function rampRgb(meaning: Meaning, t: number): Rgb {
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
