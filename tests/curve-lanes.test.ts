// The curve four cells at a time (wasm/curve.as.ts): four cells in the segment last found (as
// Float32 against its ends' least Float32 at or above) are computed as two f64x2 pairs, others
// by pairs, and pairs that leave the segment cell by cell. Against the formula in doubles, bit for bit,
// on inputs that stay in a segment for long runs (smooth ramps, as noise is), that cross every
// point, sit exactly on points and between Float32 neighbours of them, and on NaN and
// infinities, at odd and even lengths, through a vertical step and with the curve's ends.
import { describe, expect, it } from 'vitest';
import { applyCurve } from '../nodes/curve.ts';
import { rng } from './helpers/graphs.ts';

/** The curve's formula in doubles (the scalar reference), rounded to Float32. */
function reference(points: readonly (readonly [number, number])[], v: number): number {
  if (v < points[0][0]) return Math.fround(points[0][1]);
  if (v >= points[points.length - 1][0]) return Math.fround(points[points.length - 1][1]);
  if (Number.isNaN(v)) return NaN;
  let k = 1;
  while (points[k][0] <= v) k++;
  const [x0, y0] = points[k - 1];
  const [x1, y1] = points[k];
  return Math.fround(y0 + ((v - x0) / (x1 - x0)) * (y1 - y0));
}

/** Bits, with every NaN alike. */
const bits = (a: Float32Array) => [...new Uint32Array(a.buffer, a.byteOffset, a.length)].map((b, i) => (Number.isNaN(a[i]) ? 'NaN' : b));

const CURVES: Record<string, [number, number][]> = {
  'points between Float32 values (-0.35 and 0.1 have none)': [[-1.1, 0.2], [-0.35, -0.3], [0.1, 0.4], [0.3000001, 0.5], [1.2, -0.1]],
  'the default continent curve': [[-1, -0.6], [-0.35, -0.3], [-0.1, -0.08], [0, 0], [0.3, 0.12], [0.6, 0.3], [1, 0.5]],
  'a vertical step and a flat stretch': [[-0.8, -1], [-0.2, 0.3], [0.1, 0.3], [0.1, 0.9], [0.7, 1.2]],
  'two points': [[-1, 1], [1, -1]],
  'points on Float32 values, a step among them': [[-0.75, -1], [-0.25, 0.3], [0.125, 0.3], [0.125, 0.9], [0.5, 1.2], [0.75, 0.1]],
};

describe('curve four cells at a time', () => {
  it.each(Object.keys(CURVES))('gives the formula’s bits on ramps, points and their neighbours, with %s', (name) => {
    const points = CURVES[name];
    const rand = rng(name.length);
    const f = new Float32Array(1);
    const u = new Int32Array(f.buffer);
    const neighbours = points.flatMap(([x]) => [-1, 0, 1].map((step) => ((f[0] = x), (u[0] += step * Math.sign(f[0] || 1)), f[0])));
    for (const n of [1, 2, 3, 31, 64, 257, 1000]) {
      const input = new Float32Array(n);
      // A slow ramp from past the first point to past the last, with a few jumps and specials.
      for (let i = 0; i < n; i++) input[i] = -1.3 + (2.6 * i) / n;
      for (let j = 0; j < n / 8; j++) input[Math.floor(rand() * n)] = neighbours[Math.floor(rand() * neighbours.length)];
      if (n > 3) input.set([NaN, Infinity, -Infinity], Math.floor(n / 2));
      const out = new Float32Array(n);
      applyCurve(input, points, out);
      expect(bits(out)).toEqual(bits(Float32Array.from(input, (v) => reference(points, v))));
    }
    // Pairs that end exactly on each point, after a pair inside the segment before it (so the
    // point is the segment's far end, which belongs to the next segment, or past a step, to its top).
    const ends = points.slice(1).flatMap(([x], j) => {
      const mid = Math.fround((points[j][0] + x) / 2);
      f[0] = x;
      u[0] -= Math.sign(f[0] || 1);
      return [mid, mid, f[0], x, x, x];
    });
    const input = Float32Array.from(ends);
    const out = new Float32Array(input.length);
    applyCurve(input, points, out);
    expect(bits(out)).toEqual(bits(Float32Array.from(input, (v) => reference(points, v))));
    // Fours whose last cell is each point's Float32 neighbour or the point (its Float32 or the
    // nearest ones where it has none), after fours inside the segment: the four-cell test must
    // answer as the doubles' compares do, on both sides of every end.
    const fours = points.slice(1).flatMap(([x], j) => {
      const mid = Math.fround((points[j][0] + x) / 2);
      return [-2, -1, 0, 1, 2].flatMap((step) => {
        f[0] = x;
        u[0] += step * Math.sign(f[0] || 1);
        return [mid, mid, mid, mid, mid, mid, mid, f[0]];
      });
    });
    const four = Float32Array.from(fours);
    const fourOut = new Float32Array(four.length);
    applyCurve(four, points, fourOut);
    expect(bits(fourOut)).toEqual(bits(Float32Array.from(four, (v) => reference(points, v))));
  });
});

describe('curves of many points', () => {
  // Up to 16 points a four that leaves its segment counts each lane's segment against the
  // points' Float32 thresholds; from 17 on it goes by pairs and their search point by point.
  it.each([16, 17, 32])('gives the formula’s bits with %i points (a step among them, xs on and between Float32 values)', (m) => {
    const rand = rng(m);
    // Every other x a Float32 (cells land on it exactly), the rest between two.
    const xs = Array.from({ length: m }, (_, j) => (j % 2 ? Math.fround(-4 + 8 * rand()) : -4 + 8 * rand())).sort((a, b) => a - b);
    xs[m >> 1] = xs[(m >> 1) - 1];
    const points = xs.map((x): [number, number] => [x, -4 + 8 * rand()]);
    const f = new Float32Array(1);
    const u = new Int32Array(f.buffer);
    const near = xs.flatMap((x) => [-1, 0, 1].map((step) => ((f[0] = x), (u[0] += step * Math.sign(f[0] || 1)), f[0])));
    for (const n of [5, 64, 1001]) {
      // A ramp across every point, runs of each point's neighbours, rough values, specials.
      const input = Float32Array.from({ length: n }, (_, i) => (i % 3 === 2 ? -5 + 10 * rand() : -4.5 + (9 * i) / n));
      for (let i = 0; i + 8 <= n / 2; i += 8) input.fill(near[(i >> 3) % near.length], i + 4, i + 8);
      input.set([NaN, Infinity, -Infinity, -0], n - 4);
      const out = new Float32Array(n);
      applyCurve(input, points, out);
      expect(bits(out)).toEqual(bits(Float32Array.from(input, (v) => reference(points, v))));
    }
  });
});
