// Shape: a mask drawn from the world position alone (a disc, a square, a straight ramp), for
// island falloffs, radial gradients and fading a map out towards one side.

import { cellCentres, type Domain } from '../src/grid.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

export type ShapeKind = 'radial' | 'square' | 'linear';

export interface ShapeParams {
  readonly kind: ShapeKind;
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly falloff: number;
  readonly rounding: number;
  readonly angle: number;
  readonly invert: boolean;
}

/** 1 at or below `inner`, 0 at or beyond `outer`, 1 − (3t² − 2t³) between; a hard edge at `outer` when they meet. */
function fall(m: number, inner: number, outer: number): number {
  if (m >= outer) return 0;
  if (m <= inner) return 1;
  const t = (m - inner) / (outer - inner);
  return 1 - t * t * (3 - 2 * t);
}

/**
 * The shape's value at world point (px, py). Radial and square: 1 within radius · (1 − falloff)
 * of the centre, 0 at the radius and beyond, a smoothstep between; the square measures the
 * Chebyshev distance (max(|dx|, |dy|)), its corners rounded by a circle of rounding · radius
 * (the distance is then radius plus the signed distance to that rounded square). Linear: 0 at
 * width / 2 behind the centre along the angle, 1 at width / 2 ahead of it, a straight ramp
 * between, flat beyond. Invert gives 1 − value.
 */
export function shapeAt(p: ShapeParams, px: number, py: number): number {
  return shaper(p)(px, py);
}

/** shapeAt for these params, its constants worked out once (shapeAt and the tests call it per point). */
function shaper(p: ShapeParams): (px: number, py: number) => number {
  const { x: cx, y: cy, radius: r, invert } = p;
  let f: (dx: number, dy: number) => number;
  if (p.kind === 'linear') {
    const a = (p.angle * Math.PI) / 180;
    const ux = Math.cos(a);
    const uy = Math.sin(a);
    f = (dx, dy) => {
      const along = dx * ux + dy * uy;
      return r > 0 ? Math.min(1, Math.max(0, along / r + 0.5)) : along >= 0 ? 1 : 0;
    };
  } else {
    const inner = r * (1 - Math.min(1, Math.max(0, p.falloff)));
    if (p.kind === 'radial') f = (dx, dy) => fall(Math.sqrt(dx * dx + dy * dy), inner, r);
    else {
      // Signed distance to a square of half-side r whose corners are circles of radius k, plus r.
      const k = Math.min(1, Math.max(0, p.rounding)) * r;
      f = (dx, dy) => {
        const qx = Math.abs(dx) - (r - k);
        const qy = Math.abs(dy) - (r - k);
        const ox = Math.max(qx, 0);
        const oy = Math.max(qy, 0);
        return fall(r - k + Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0), inner, r);
      };
    }
  }
  return invert ? (px, py) => 1 - f(px - cx, py - cy) : (px, py) => f(px - cx, py - cy);
}

/**
 * Writes the shape at every cell centre of rows r0 … r1 − 1 of the domain (row 0 south) into the
 * whole grid `out`, from the world position only: the same bits as shapeAt at each centre, in
 * any band. Each formula of shaper is a sum of a term of the column and a term of the row (dx²
 * and dy², |dx| − (r − k) and |dy| − (r − k), dx·ux and dy·uy), so I work the column terms out
 * once into scratch and a cell adds its row's, the same operations in the same order. Through
 * shaper's closures, a call per cell, the kernel took 6–12 ns a cell at 1024² on one thread.
 */
export function shapeKernel(p: ShapeParams, domain: Domain, /* out */ out: Float32Array, r0 = 0, r1 = domain.n): void {
  const n = domain.n;
  if (out.length !== n * n) throw new Error(`shape: output holds ${out.length} cells, expected ${n} × ${n}`);
  const xs = scratch('shape.xs', Float64Array, n);
  const ys = scratch('shape.ys', Float64Array, n);
  cellCentres(domain, xs, ys);
  const { x: cx, y: cy, radius: r, invert } = p;
  // Column terms: colA (and colB for the square), n each.
  const colA = scratch('shape.colA', Float64Array, n);
  const colB = scratch('shape.colB', Float64Array, n);
  if (p.kind === 'linear') {
    const a = (p.angle * Math.PI) / 180;
    const ux = Math.cos(a);
    const uy = Math.sin(a);
    for (let c = 0; c < n; c++) colA[c] = (xs[c] - cx) * ux;
    for (let row = r0; row < r1; row++) {
      const rowTerm = (ys[row] - cy) * uy;
      for (let c = 0, i = row * n; c < n; c++, i++) {
        const along = colA[c] + rowTerm;
        const v = r > 0 ? Math.min(1, Math.max(0, along / r + 0.5)) : along >= 0 ? 1 : 0;
        out[i] = invert ? 1 - v : v;
      }
    }
    return;
  }
  const inner = r * (1 - Math.min(1, Math.max(0, p.falloff)));
  if (p.kind === 'radial') {
    for (let c = 0; c < n; c++) {
      const dx = xs[c] - cx;
      colA[c] = dx * dx;
    }
    for (let row = r0; row < r1; row++) {
      const dy = ys[row] - cy;
      const dy2 = dy * dy;
      for (let c = 0, i = row * n; c < n; c++, i++) {
        const v = fall(Math.sqrt(colA[c] + dy2), inner, r);
        out[i] = invert ? 1 - v : v;
      }
    }
    return;
  }
  const k = Math.min(1, Math.max(0, p.rounding)) * r;
  const rk = r - k;
  for (let c = 0; c < n; c++) {
    const qx = Math.abs(xs[c] - cx) - rk;
    const ox = Math.max(qx, 0);
    colA[c] = qx;
    colB[c] = ox * ox;
  }
  for (let row = r0; row < r1; row++) {
    const qy = Math.abs(ys[row] - cy) - rk;
    const oy = Math.max(qy, 0);
    const oy2 = oy * oy;
    for (let c = 0, i = row * n; c < n; c++, i++) {
      const v = fall(rk + Math.sqrt(colB[c] + oy2) + Math.min(Math.max(colA[c], qy), 0), inner, r);
      out[i] = invert ? 1 - v : v;
    }
  }
}

/** What a band of a Shape's rows reads and writes (see shapeKernel). */
type ShapeBand = { readonly p: ShapeParams; readonly domain: Domain; readonly out: Float32Array };

function shapeRows(a: ShapeBand, r0: number, r1: number): void {
  shapeKernel(a.p, a.domain, a.out, r0, r1);
}

const ROUND = { param: 'kind', in: ['radial', 'square'] } as const;

export const shape = defineNode({
  type: 'shape',
  title: 'Shape',
  group: 'Terrain',
  doc:
    'A mask from the world position alone: kind radial is a disc (a circle falloff for an island), square ' +
    'a square, 1 within radius · (1 − falloff) of the centre, 0 at the radius and beyond, a smooth ramp ' +
    '(3t² − 2t³) between; kind linear is a straight gradient, 0 on one side and 1 on the other across width ' +
    'world units around the centre, rising towards the angle (0° east, 90° north). Invert swaps 1 and 0. ' +
    'For an island, lerp from a sea floor to the height by the mask: a Combine (terrain) with the height as ' +
    'detail, the mask as scale and, as base, the mask through a Curve that maps its 0 to the sea floor (say −0.5) ' +
    'and its 1 to 0. Or add the mask, through a Curve, to the continentalness before its C curve, so the noise ' +
    'still draws the coast (the Island recipe). Either way set the Water level by a fixed height (raw): a share of ' +
    'a world region that is mostly sea floor puts the level on the sea floor. Multiplying a height by the mask is ' +
    'not enough here: heights lie around the sea level, not in 0 … 1 as in Gaea or World Machine, so the edges ' +
    'stay at 0, on the coast. Same place, same value in every view and tile.',
  inputs: {},
  outputs: {
    out: { type: 'field', meaning: 'unit', doc: 'The mask, 0 … 1.' },
  },
  params: {
    kind: {
      kind: 'enum',
      default: 'radial',
      options: ['radial', 'square', 'linear'],
      labels: { radial: 'radial (disc)', square: 'square', linear: 'linear gradient' },
      doc: 'radial: a disc; square: a square (Chebyshev distance); linear: a straight ramp from 0 to 1.',
    },
    x: { kind: 'number', default: 0.5, min: -16, max: 16, step: 0.01, unit: 'world', doc: 'World x of the centre (the viewer\'s x; a view is 1 wide).' },
    y: { kind: 'number', default: 0.5, min: -16, max: 16, step: 0.01, unit: 'world', doc: 'World y of the centre (the viewer\'s y, north up).' },
    radius: {
      kind: 'number',
      scale: 'log',
      default: 0.45,
      min: 0,
      max: 16,
      step: 0.005,
      unit: 'world',
      doc: 'Radial: the disc\'s radius; square: half its side; linear: the width of the ramp from 0 to 1.',
    },
    falloff: { kind: 'number', default: 0.5, min: 0, max: 1, step: 0.01, appliesWhen: ROUND, doc: 'Share of the radius the edge fades over: 0 a hard edge, 1 a fade from the centre.' },
    rounding: {
      kind: 'number',
      default: 0,
      min: 0,
      max: 1,
      step: 0.01,
      appliesWhen: { param: 'kind', in: ['square'] },
      doc: 'Square: its corners rounded by a circle of this share of the radius (1 makes it a disc).',
    },
    angle: {
      kind: 'number',
      default: 0,
      min: 0,
      max: 360,
      step: 1,
      unit: '°',
      appliesWhen: { param: 'kind', in: ['linear'] },
      doc: 'Linear: the direction the ramp rises towards, counter-clockwise from east (0° east, 90° north).',
    },
    invert: { kind: 'bool', default: false, doc: 'Gives 1 − the mask: 0 inside, 1 outside (a lake, a hole in a plateau).' },
  },
  // Each row from its world position alone: the engine's threads take bands of rows.
  band: (args, r0, r1) => shapeRows(args as unknown as ShapeBand, r0, r1),
  run(ctx, p) {
    const out = ctx.alloc('f32');
    bands('shape', shapeRows, { p, domain: ctx.domain, out }, ctx.domain.n, 8, true);
    return { out: field(out, 'unit') };
  },
});
