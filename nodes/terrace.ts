// Terrace: cuts a range of heights into steps, each a flat tread rising to a riser, as on mesas
// and rice terraces.

import { defineNode, field } from '../src/model/manifest.ts';

export interface TerraceParams {
  readonly steps: number;
  readonly sharpness: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Writes the terraced values. Within [low, high], cut into `steps` equal bands of width w, a
 * value at fraction t of its band becomes low + (k + t^p) · w with p = 1 / (1 − sharpness): at
 * sharpness 0 every value stays where it is, towards 1 the band is a flat tread that rises
 * steeply at its top edge. Values outside [low, high] pass unchanged. The result is continuous
 * and never decreases where the input increases.
 */
export function terraceKernel(input: Float32Array, p: TerraceParams, /* out */ out: Float32Array): void {
  if (out.length !== input.length) throw new Error(`terrace: output holds ${out.length} cells, input ${input.length}`);
  if (!(p.high > p.low)) throw new Error(`terrace: high (${p.high}) must be above low (${p.low})`);
  const steps = Math.max(1, Math.round(p.steps));
  const w = (p.high - p.low) / steps;
  const inv = 1 / w;
  const low = p.low;
  const high = p.high;
  if (p.sharpness <= 0) {
    out.set(input);
    return;
  }
  const power = p.sharpness >= 1 ? Infinity : 1 / (1 - p.sharpness);
  for (let i = 0; i < input.length; i++) {
    const v = input[i];
    if (!(v > low && v < high)) {
      out[i] = v; // outside the range, at its ends, and NaN, unchanged
      continue;
    }
    const u = (v - low) * inv;
    let k = Math.floor(u);
    if (k >= steps) k = steps - 1;
    const t = u - k;
    out[i] = low + (k + Math.pow(t, power)) * w;
  }
}

export const terrace = defineNode({
  type: 'terrace',
  title: 'Terrace',
  group: 'Terrain',
  doc:
    'Cuts the values between low and high into equal steps. Each step is a tread that rises to the ' +
    'next: at fraction t of a step the value moves t^(1 / (1 − sharpness)) of the way up, so sharpness 0 ' +
    'leaves the input as it is and sharpness 1 makes flat treads with vertical risers. Values outside ' +
    'low … high pass unchanged; the output is continuous and never falls where the input rises.',
  inputs: {
    in: { type: 'field', doc: 'The heights (or any values) to terrace.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The terraced values; equal to the input outside low … high.' },
  },
  params: {
    steps: { kind: 'int', default: 6, min: 1, max: 64, doc: 'Number of steps between low and high.' },
    sharpness: { kind: 'number', default: 0.8, min: 0, max: 1, step: 0.01, doc: 'How flat the treads are: 0 no terraces, 1 flat treads and vertical risers.' },
    low: { kind: 'number', default: 0, min: -4, max: 4, step: 0.01, doc: 'Bottom of the terraced range (a sea level, say).' },
    high: { kind: 'number', default: 0.5, min: -4, max: 4, step: 0.01, doc: 'Top of the terraced range; must be above low.' },
  },
  run(ctx, p) {
    const out = ctx.alloc('f32');
    terraceKernel(ctx.field('in')!, p, out);
    return { out: field(out, 'height') };
  },
});
