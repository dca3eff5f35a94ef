// The curve editor's arithmetic, kept apart from the element so it is plain and testable:
// the visible ranges, moving a point between its neighbours, adding and removing points.

import type { Point, PointsParam } from '../../model/params.ts';

export interface Range {
  readonly xlo: number;
  readonly xhi: number;
  readonly ylo: number;
  readonly yhi: number;
}

/**
 * What the editor shows: at least −1 … 1 both ways (so points past ±0.6, where fBm rarely
 * goes, are seen to be rarely reached), widened to every point and every input value.
 */
export function visibleRange(points: readonly Point[], binsLo?: number, binsHi?: number): Range {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? [v] : []);
  return {
    xlo: Math.min(-1, ...xs, ...finite(binsLo)),
    xhi: Math.max(1, ...xs, ...finite(binsHi)),
    ylo: Math.min(-1, ...ys),
    yhi: Math.max(1, ...ys),
  };
}

function round3(v: number): number {
  // "|| 0" turns -0 into 0: a file should not say -0.
  return Math.round(v * 1000) / 1000 || 0;
}

/**
 * The points with point k moved to (x, y): x kept between its neighbours (equal x is allowed:
 * it makes a cliff), both kept within the spec's bounds, rounded to 0.001 for tidy files.
 */
export function movePoint(points: readonly Point[], k: number, x: number, y: number, spec: PointsParam): Point[] {
  const lo = k > 0 ? points[k - 1][0] : spec.min;
  const hi = k < points.length - 1 ? points[k + 1][0] : spec.max;
  const nx = Math.min(hi, Math.max(lo, round3(x)));
  const ny = Math.min(spec.max, Math.max(spec.min, round3(y)));
  return points.map((p, j) => (j === k ? [nx, ny] : [p[0], p[1]]));
}

/** The points with (x, y) inserted in x order; unchanged when the spec's maximum count is reached. */
export function addPoint(points: readonly Point[], x: number, y: number, spec: PointsParam): Point[] {
  const copy = points.map((p) => [p[0], p[1]] as Point);
  if (copy.length >= spec.maxCount) return copy;
  const nx = Math.min(spec.max, Math.max(spec.min, round3(x)));
  const ny = Math.min(spec.max, Math.max(spec.min, round3(y)));
  let at = copy.findIndex((p) => p[0] > nx);
  if (at < 0) at = copy.length;
  copy.splice(at, 0, [nx, ny]);
  return copy;
}

/** The points without point k; unchanged when the spec's minimum count would be broken. */
export function removePoint(points: readonly Point[], k: number, spec: PointsParam): Point[] {
  const copy = points.map((p) => [p[0], p[1]] as Point);
  if (copy.length <= spec.minCount) return copy;
  copy.splice(k, 1);
  return copy;
}

/** The curve's value at x: linear between points, constant past the ends (as the kernel). */
export function curveAt(points: readonly Point[], x: number): number {
  if (x < points[0][0]) return points[0][1];
  const last = points[points.length - 1];
  if (x >= last[0]) return last[1];
  let k = 1;
  while (points[k][0] <= x) k++;
  const [x0, y0] = points[k - 1];
  const [x1, y1] = points[k];
  return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
}
