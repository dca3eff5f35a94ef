// Terrace: cuts a range of heights into steps, each a flat tread rising to a riser, as on mesas
// and rice terraces.

import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

export interface TerraceParams {
  readonly steps: number;
  readonly sharpness: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Writes the terraced values. Within [low, high], cut into `steps` equal bands of width w, a
 * value at fraction t of its band becomes low + (k + t^p) · w with p = 1 / (1 − sharpness)
 * (t^p read from a table of 1024 steps, linear between): at
 * sharpness 0 every value stays where it is, towards 1 the band is a flat tread that rises
 * steeply at its top edge. Values outside [low, high] pass unchanged. The result is continuous
 * and never decreases where the input increases. The range is taken in either order (low above
 * high terraces high … low), and an empty one (low = high) passes every value unchanged: dragging
 * one end past the other never fails.
 */
export function terraceKernel(input: Float32Array, p: TerraceParams, /* out */ out: Float32Array): void {
  if (out.length !== input.length) throw new Error(`terrace: output holds ${out.length} cells, input ${input.length}`);
  terraceSpan(input, p, out, 0, input.length);
}

/** What a band of rows reads and writes: the params, the grids and their width. */
type TerraceBand = { readonly [K in keyof TerraceParams]: TerraceParams[K] } & { readonly input: Float32Array; readonly out: Float32Array; readonly n: number };

/** Rows r0 … r1 − 1 of terraceKernel (cell by cell, so any band gives the same bits). */
function terraceRows(a: TerraceBand, r0: number, r1: number): void {
  terraceSpan(a.input, a, a.out, r0 * a.n, r1 * a.n);
}

/** Cells i0 … i1 − 1 of terraceKernel. */
function terraceSpan(input: Float32Array, p: TerraceParams, out: Float32Array, i0: number, i1: number): void {
  const steps = Math.max(1, Math.round(p.steps));
  // The range in either order; empty, it terraces nothing.
  const low = Math.min(p.low, p.high);
  const high = Math.max(p.low, p.high);
  const w = (high - low) / steps;
  const inv = 1 / w;
  if (p.sharpness <= 0 || !(high > low)) {
    out.set(input.subarray(i0, i1), i0);
    return;
  }
  // t^p from a table of SHAPE_STEPS steps, linear between: a pow per cell costs 10× the rest.
  // The table rises from 0 to 1, so the result stays continuous and never falls. Sharpness 1
  // (p = ∞) is exactly flat: t^∞ is 0 on the whole band.
  const flat = p.sharpness >= 1;
  const table = shapeTable(flat ? 0 : 1 / (1 - p.sharpness));
  const last = steps - 1;
  for (let i = i0; i < i1; i++) {
    const v = input[i];
    if (!(v > low && v < high)) {
      out[i] = v; // outside the range, at its ends, and NaN, unchanged
      continue;
    }
    // u > 0 and below 65 steps: `| 0` is its floor.
    const u = (v - low) * inv;
    let k = u | 0;
    if (k > last) k = last;
    let shaped = 0;
    if (!flat) {
      const x = (u - k) * SHAPE_STEPS;
      const j = x | 0;
      const t0 = table[j];
      shaped = t0 + (x - j) * (table[j + 1] - t0);
    }
    out[i] = low + (k + shaped) * w;
  }
}

/** Steps of the table of t^p. */
const SHAPE_STEPS = 1024;
let shapeCache: { power: number; table: Float64Array } | null = null;

/** t^power at t = j / SHAPE_STEPS for j = 0 … SHAPE_STEPS (one more entry, for t → 1). */
function shapeTable(power: number): Float64Array {
  if (shapeCache?.power === power) return shapeCache.table;
  const table = new Float64Array(SHAPE_STEPS + 2);
  for (let j = 0; j <= SHAPE_STEPS; j++) table[j] = Math.pow(j / SHAPE_STEPS, power);
  table[SHAPE_STEPS + 1] = 1;
  shapeCache = { power, table };
  return table;
}

export const terrace = defineNode({
  type: 'terrace',
  title: 'Terrace',
  group: 'Terrain',
  doc:
    'Cuts the values between low and high into equal steps. Each step is a tread that rises to the ' +
    'next: at fraction t of a step the value moves t^(1 / (1 − sharpness)) of the way up, so sharpness 0 ' +
    'leaves the input as it is and sharpness 1 makes flat treads with vertical risers. Values outside ' +
    'low … high pass unchanged; the output is continuous and never falls where the input rises. Low and ' +
    'high may come in either order (low above high terraces high … low); an empty range (low = high) ' +
    'leaves the input as it is.',
  inputs: {
    in: { type: 'field', doc: 'The heights (or any values) to terrace.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The terraced values; equal to the input outside low … high.' },
  },
  params: {
    steps: { kind: 'int', scale: 'log', default: 6, min: 1, max: 64, doc: 'Number of steps between low and high.' },
    sharpness: { kind: 'number', default: 0.8, min: 0, max: 1, step: 0.01, doc: 'How flat the treads are: 0 no terraces, 1 flat treads and vertical risers.' },
    low: { kind: 'number', default: 0, min: -4, max: 4, step: 0.01, doc: 'Bottom of the terraced range (a sea level, say).' },
    high: { kind: 'number', default: 0.5, min: -4, max: 4, step: 0.01, doc: 'Top of the terraced range (low and high may come in either order).' },
  },
  // Cell by cell: the engine's threads take bands of rows.
  band: (args, r0, r1) => terraceRows(args as unknown as TerraceBand, r0, r1),
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const n = ctx.domain.n;
    const args: TerraceBand = { steps: p.steps, sharpness: p.sharpness, low: p.low, high: p.high, input: ctx.field('in')!, out, n };
    bands('terrace', terraceRows, args, n);
    return { out: field(out, 'height') };
  },
});
