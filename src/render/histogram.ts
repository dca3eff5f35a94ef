// The histogram of the layer the viewer shows, binned in the worker: heights by their atlas
// band with the sea level marked, fields by their ramp, biomes one bar per biome, masks water
// against land. The page colours it (src/viewer-core/histogram.ts).

import { BIOMES } from '../model/biomes.ts';
import { type Meaning, MASK_WORDS, type Value } from '../model/values.ts';
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
       * The cells drawn as sea, of a layer whose 0 cells are drawn apart (a flow's lakes) and whose
       * node knows its sea (NodeDef.land): its 0 cells on the sea. Counted in the bins too.
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
  const { lo, hi, counts } = histogram(value.data, bins);
  if (value.type === 'terrain') return { kind: 'terrain', lo, hi, counts, seaLevel: value.seaLevel, cuts: heightCuts(value, heightMode) };
  const { range, floor, zero } = rampFor(value.meaning);
  const [low, high] = range ?? floored(lo, hi, floor);
  const seaOf = zero && land && land.length === value.data.length ? land : null;
  let sea = 0;
  if (seaOf) for (let i = 0; i < value.data.length; i++) if (!seaOf[i] && value.data[i] === 0) sea++;
  return { kind: 'field', lo, hi, counts, meaning: value.meaning, rampLo: low, rampHi: Math.max(high, low), ...(seaOf ? { sea } : {}) };
}
