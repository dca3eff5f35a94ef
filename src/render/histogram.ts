// The histogram of the layer the viewer shows, binned in the worker: heights by their atlas
// band with the sea level marked, fields by their ramp, biomes one bar per biome, masks water
// against land. The page colours it (src/viewer-core/histogram.ts).

import { BIOMES } from '../model/biomes.ts';
import { type Meaning, MASK_WORDS, type Value, ZERO_WORDS } from '../model/values.ts';
import { heightCuts } from './layer.ts';
import { histogram } from './preview.ts';
import { floored, rampFor } from './ramps.ts';

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
      /**
       * Of a layer whose 0 cells are drawn apart (rampFor's `zero`: a flow's lakes): the bins, lo and
       * hi are of its other cells alone (the lakes' depths); `zeros` counts its 0 cells off the sea
       * (no lake), `ones` the cells binned, with what a person calls each (ZERO_WORDS).
       */
      readonly apart?: { readonly ones: number; readonly zeros: number; readonly one: string; readonly zero: string };
      /**
       * The cells drawn as sea, of a layer whose 0 cells are drawn apart (a flow's lakes) and whose
       * node knows its sea (NodeDef.land): its 0 cells on the sea, counted apart from `zeros`.
       */
      readonly sea?: number;
    }
  | {
      /** Biome ids: counts[id]. */
      readonly kind: 'biome';
      readonly counts: Uint32Array;
    }
  | {
      /** A two-valued meaning (MASK_WORDS): how many cells are 1 and 0, and what each is called. */
      readonly kind: 'mask';
      readonly ones: number;
      readonly zeros: number;
      readonly one: string;
      readonly zero: string;
      /** Of the 0 cells, those on the sea of a node that knows one (NodeDef.land): counted apart from `zeros`. */
      readonly sea?: number;
    };

/**
 * The histogram of a layer (all n² cells), for the viewer. `land` (1 on land, 0 on the sea), given
 * for a two-valued layer or a lake layer of a node that knows its sea, counts the 0 cells on the
 * sea apart (a lake layer's stay in its bins too: the plot is of its values).
 */
export function layerHistogram(value: Value, heightMode: 'height' | 'share' = 'height', bins = VIEWER_BINS, land?: Uint8Array | null): LayerHistogram {
  if (value.type === 'biome') {
    const counts = new Uint32Array(BIOMES.length);
    const ids = value.data;
    for (let i = 0; i < ids.length; i++) if (ids[i] < counts.length) counts[ids[i]]++;
    return { kind: 'biome', counts };
  }
  const words = MASK_WORDS[value.meaning];
  if (words) {
    let ones = 0;
    let sea = 0;
    const seaOf = land && land.length === value.data.length ? land : null;
    for (let i = 0; i < value.data.length; i++) {
      if (value.data[i] > 0.5) ones++;
      else if (seaOf && !seaOf[i]) sea++;
    }
    const zeros = value.data.length - ones - sea;
    return { kind: 'mask', ones, zeros, one: words.one, zero: words.zero, ...(seaOf ? { sea } : {}) };
  }
  if (value.type === 'terrain') {
    const { lo, hi, counts } = histogram(value.data, bins);
    return { kind: 'terrain', lo, hi, counts, seaLevel: value.seaLevel, cuts: heightCuts(value, heightMode) };
  }
  const { range, floor, zero } = rampFor(value.meaning);
  if (zero) return apartHistogram(value.data, value.meaning, bins, land);
  const { lo, hi, counts } = histogram(value.data, bins);
  const [low, high] = range ?? floored(lo, hi, floor);
  return { kind: 'field', lo, hi, counts, meaning: value.meaning, rampLo: low, rampHi: Math.max(high, low) };
}

/**
 * The histogram of a field whose 0 cells are drawn apart (a flow's lakes): its other cells binned
 * (the lakes' depths, from the shallowest to the deepest), its 0 cells counted, those on the sea of
 * `land` apart. Binned with them, a map 0.5 % lake drew one bar of the dry land at 0, as tall as the
 * plot, and the depths as hairs a pixel high beside it.
 */
function apartHistogram(data: Float32Array, meaning: Meaning, bins: number, land?: Uint8Array | null): LayerHistogram {
  const seaOf = land && land.length === data.length ? land : null;
  let zeros = 0;
  let sea = 0;
  let ones = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] !== 0) {
      if (Number.isFinite(data[i])) ones++;
    } else if (seaOf && !seaOf[i]) sea++;
    else zeros++;
  }
  const carried = new Float32Array(ones);
  for (let i = 0, k = 0; i < data.length; i++) if (data[i] !== 0 && Number.isFinite(data[i])) carried[k++] = data[i];
  const { lo, hi, counts } = histogram(carried, bins);
  const { range, floor } = rampFor(meaning);
  const [low, high] = range ?? floored(lo, hi, floor);
  const words = ZERO_WORDS[meaning] ?? { one: 'not 0', zero: '0' };
  return { kind: 'field', lo, hi, counts, meaning, rampLo: low, rampHi: Math.max(high, low), apart: { ones, zeros, one: words.one, zero: words.zero }, ...(seaOf ? { sea } : {}) };
}
