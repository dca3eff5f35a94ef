// Select: a soft mask of the cells whose value lies in a range (heights between two levels,
// slopes below a limit), to blend layers or place biomes and materials.

import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

export interface SelectParams {
  readonly low: number;
  readonly high: number;
  readonly softness: number;
}

/**
 * Writes 1 where low ≤ v ≤ high and 0 farther than `softness` outside the range, with a smooth
 * ramp 3t² − 2t³ between (softness 0: a hard 0/1 mask). NaN reads 0. The range is taken in
 * either order: low above high selects high … low, the same as the ends swapped.
 */
export function selectKernel(input: Float32Array, p: SelectParams, /* out */ out: Float32Array): void {
  if (out.length !== input.length) throw new Error(`select: output holds ${out.length} cells, input ${input.length}`);
  selectSpan(input, p, out, 0, input.length);
}

/** What a band of rows reads and writes: the params, the grids and their width. */
type SelectBand = { readonly [K in keyof SelectParams]: SelectParams[K] } & { readonly input: Float32Array; readonly out: Float32Array; readonly n: number };

/** Rows r0 … r1 − 1 of selectKernel (cell by cell, so any band gives the same bits). */
function selectRows(a: SelectBand, r0: number, r1: number): void {
  selectSpan(a.input, a, a.out, r0 * a.n, r1 * a.n);
}

/** Cells i0 … i1 − 1 of selectKernel. */
function selectSpan(input: Float32Array, p: SelectParams, out: Float32Array, i0: number, i1: number): void {
  const { softness } = p;
  // The range in either order.
  const low = Math.min(p.low, p.high);
  const high = Math.max(p.low, p.high);
  if (!(softness > 0)) {
    for (let i = i0; i < i1; i++) {
      const v = input[i];
      out[i] = v >= low && v <= high ? 1 : 0;
    }
    return;
  }
  const inv = 1 / softness;
  for (let i = i0; i < i1; i++) {
    const v = input[i];
    let m = 0; // NaN fails every comparison below and stays 0
    if (v >= low && v <= high) m = 1;
    else if (v < low || v > high) {
      const d = v < low ? (low - v) * inv : (v - high) * inv;
      if (d < 1) {
        const t = 1 - d;
        m = t * t * (3 - 2 * t);
      }
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
    'scale of a lerp to blend two layers. Low and high may come in either order: low above high selects ' +
    'high … low, as if the two were swapped; low = high selects that one value (and its ramps).',
  inputs: {
    in: { type: 'field', doc: 'The values to select from (a height, a slope, a noise).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'unit', doc: 'The mask, 0 … 1.' },
  },
  params: {
    low: { kind: 'number', default: 0, min: -4, max: 4, step: 0.01, doc: 'Bottom of the selected range.' },
    high: { kind: 'number', default: 0.25, min: -4, max: 4, step: 0.01, doc: 'Top of the selected range (low and high may come in either order).' },
    softness: { kind: 'number', scale: 'log', default: 0.05, min: 0, max: 4, step: 0.01, doc: 'Width of the ramp from 1 to 0 outside each end of the range.' },
  },
  // Cell by cell: the engine's threads take bands of rows.
  band: (args, r0, r1) => selectRows(args as unknown as SelectBand, r0, r1),
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const n = ctx.domain.n;
    const args: SelectBand = { low: p.low, high: p.high, softness: p.softness, input: ctx.field('in')!, out, n };
    bands('select', selectRows, args, n);
    return { out: field(out, 'unit') };
  },
});
