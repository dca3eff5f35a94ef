// Curve: reshapes a field through a piecewise-linear function, as the explainer's three curves do.

import { wasmCurve } from '../src/kernels/wasm/instance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';

/**
 * Writes curve(input[i]) into out: linear between points sorted by x, constant past the ends.
 * Two points with the same x make a vertical step (a cliff): values at that x take the later one.
 */
export function applyCurve(input: Float32Array, points: readonly (readonly [number, number])[], /* out */ out: Float32Array): void {
  if (out.length !== input.length) throw new Error(`curve: output holds ${out.length} cells, input ${input.length}`);
  if (points.length < 2) throw new Error('a curve needs at least 2 points');
  const m = points.length;
  const xs = new Float64Array(m);
  const ys = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    xs[k] = points[k][0];
    ys[k] = points[k][1];
  }
  wasmCurve(input, xs, ys, out);
}

/** Rows r0 … r1 − 1 of the curve (cell by cell, so any band gives the same bits). */
function curveBand(a: { input: Float32Array; out: Float32Array; n: number; points: [number, number][] }, r0: number, r1: number): void {
  applyCurve(rowsOf(a.input, a.n, r0, r1), a.points, rowsOf(a.out, a.n, r0, r1));
}

export const curve = defineNode({
  type: 'curve',
  title: 'Curve',
  group: 'Terrain',
  doc:
    'Piecewise-linear curve through points sorted by x, constant past the ends. A flat stretch ' +
    'makes a plateau, a steep one a cliff; it remaps values as Remap and Levels nodes do elsewhere, and a ' +
    'falling curve inverts them. The preview shows the curve over a histogram of the input values actually present.',
  inputs: {
    in: { type: 'field', doc: 'The values to reshape (usually a noise in [−1, 1]).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'curve(in) at every cell.' },
  },
  params: {
    points: {
      kind: 'points',
      default: [
        [-1, -1],
        [1, 1],
      ],
      min: -4,
      max: 4,
      minCount: 2,
      maxCount: 32,
      doc: 'Points [x, y] sorted by x; x and y within ±4.',
    },
  },
  previewInput: 'in',
  explain(r, i) {
    const input = r.input('in');
    return input ? { input: { value: input.data[i], title: r.inputTitle('in') ?? '' } } : {};
  },
  band: curveBand,
  run(ctx, p) {
    const input = ctx.field('in')!;
    const out = ctx.alloc('f32');
    bands('curve', curveBand, { input, out, n: ctx.domain.n, points: p.points }, ctx.domain.n, 8, true);
    return { out: field(out, 'value') };
  },
});
