// Select: a soft mask of the cells whose value lies in a range (heights between two levels,
// slopes below a limit), to blend layers or place biomes and materials.

import { defineNode, field } from '../src/model/manifest.ts';

export interface SelectParams {
  readonly low: number;
  readonly high: number;
  readonly softness: number;
}

/** 3t² − 2t³ on 0…1: the ramp's ease in and out. */
function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Writes 1 where low ≤ v ≤ high and 0 farther than `softness` outside the range, with a smooth
 * ramp between (softness 0: a hard 0/1 mask). NaN reads 0.
 */
export function selectKernel(input: Float32Array, p: SelectParams, /* out */ out: Float32Array): void {
  if (out.length !== input.length) throw new Error(`select: output holds ${out.length} cells, input ${input.length}`);
  if (p.high < p.low) throw new Error(`select: high (${p.high}) must not be below low (${p.low})`);
  const { low, high, softness } = p;
  const inv = softness > 0 ? 1 / softness : 0;
  for (let i = 0; i < input.length; i++) {
    const v = input[i];
    let m: number;
    if (v >= low && v <= high) m = 1;
    else if (!(softness > 0) || Number.isNaN(v)) m = 0;
    else {
      const d = v < low ? (low - v) * inv : (v - high) * inv;
      m = d >= 1 ? 0 : smooth(1 - d);
    }
    out[i] = m;
  }
}

export const select = defineNode({
  type: 'select',
  title: 'Select range',
  group: 'Terrain',
  doc:
    'A mask of where the input lies between low and high: 1 inside the range, 0 farther than softness ' +
    'outside it, with a smooth ramp (3t² − 2t³) between. Softness 0 gives a hard mask of 0 and 1. ' +
    'Wire a height to select a band of altitudes, a slope to select the flats; use the mask as the ' +
    'scale of a lerp to blend two layers.',
  inputs: {
    in: { type: 'field', doc: 'The values to select from (a height, a slope, a noise).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'unit', doc: 'The mask, 0 … 1.' },
  },
  params: {
    low: { kind: 'number', default: 0, min: -4, max: 4, step: 0.01, doc: 'Bottom of the selected range.' },
    high: { kind: 'number', default: 0.25, min: -4, max: 4, step: 0.01, doc: 'Top of the selected range; not below low.' },
    softness: { kind: 'number', default: 0.05, min: 0, max: 4, step: 0.01, doc: 'Width of the ramp from 1 to 0 outside each end of the range.' },
  },
  run(ctx, p) {
    const out = ctx.alloc('f32');
    selectKernel(ctx.field('in')!, p, out);
    return { out: field(out, 'unit') };
  },
});
