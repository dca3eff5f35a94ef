// Curve: reshapes a field through a piecewise-linear function, as the explainer's three curves do.

import { defineNode, field } from '../src/model/manifest.ts';

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
  const xFirst = xs[0];
  const xLast = xs[m - 1];
  // Neighbouring cells hold similar values, so the search starts from the previous cell's
  // segment and walks: usually zero or one step, against a scan from the first point.
  let k = 1;
  for (let i = 0; i < input.length; i++) {
    const v = input[i];
    if (v < xFirst) {
      out[i] = ys[0];
      continue;
    }
    if (v >= xLast) {
      out[i] = ys[m - 1];
      continue;
    }
    // Find k with xs[k − 1] ≤ v < xs[k] (k in 1 … m − 1).
    while (xs[k] <= v) k++;
    while (xs[k - 1] > v) k--;
    const x0 = xs[k - 1];
    const t = (v - x0) / (xs[k] - x0);
    out[i] = ys[k - 1] + t * (ys[k] - ys[k - 1]);
  }
}

export const curve = defineNode({
  type: 'curve',
  title: 'Curve',
  group: 'Terrain',
  doc:
    'Piecewise-linear curve through points sorted by x, constant past the ends. A flat stretch ' +
    'makes a plateau, a steep one a cliff. The preview shows the curve over a histogram of the ' +
    'input values actually present.',
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
  run(ctx, p) {
    const input = ctx.field('in')!;
    const out = ctx.alloc('f32');
    applyCurve(input, p.points, out);
    return { out: field(out, 'value') };
  },
});
