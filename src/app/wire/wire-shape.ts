// The curve a wire is drawn along, in canvas units: one S-curve per piece between its ends and
// its reroute dots, leaving and entering horizontally (rete's classic look). The wire draws it
// (wire.ts); a node dragged over a wire finds the wire by it (canvas/splice-hover.ts).

export type Point = { readonly x: number; readonly y: number };

/** How far a wire's handles reach along x, as a share of the piece's width (rete's classic look). */
const CURVATURE = 0.3;

/** Each piece as a cubic Bézier: its start, its two handles and its end. */
function pieces(points: readonly Point[]): [Point, Point, Point, Point][] {
  const out: [Point, Point, Point, Point][] = [];
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1];
    const b = points[k];
    const h = Math.abs(b.x - a.x) * CURVATURE;
    out.push([a, { x: a.x + h, y: a.y }, { x: b.x - h, y: b.y }, b]);
  }
  return out;
}

/**
 * The path through `points`: one classic S-curve per piece, so a wire with dots reads as the same
 * kind of wire bent at each dot.
 */
export function wirePath(points: readonly Point[]): string {
  let d = `M ${points[0].x} ${points[0].y}`;
  for (const [, p, q, b] of pieces(points)) d += ` C ${p.x} ${p.y} ${q.x} ${q.y} ${b.x} ${b.y}`;
  return d;
}

/** The same curve as `steps` straight segments a piece, from the first point to the last. */
export function wirePolyline(points: readonly Point[], steps = 16): Point[] {
  const out: Point[] = [points[0]];
  for (const [a, p, q, b] of pieces(points)) {
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      const u = 1 - t;
      const [wa, wp, wq, wb] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
      out.push({ x: wa * a.x + wp * p.x + wq * q.x + wb * b.x, y: wa * a.y + wp * p.y + wq * q.y + wb * b.y });
    }
  }
  return out;
}
