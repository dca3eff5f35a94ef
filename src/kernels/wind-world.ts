// The world-anchored wind: the air at a cell depends on the world upwind of it, never on where
// a view's edge falls. Two passes, both anchored in the world:
//
// 1. A coarse pass on the world cut's lattice (16 cells a view): the air starts saturated on
//    world-fixed lines every COARSE_BLOCK views across the wind and is swept downwind. Each cell
//    blends the sweep begun on the last start line with the one begun on the line before, by
//    how far it lies past the last: so every cell has between one and two blocks of fetch, the
//    sweeps meet without a seam, and a cell's value is the same whatever region was swept.
// 2. A full-resolution pass in blocks of FINE_BLOCK views, started the same way on world-fixed
//    lines, but from the coarse air there instead of from saturation, and blended the same way.
//
// The air forgets its start as the sweep goes on (over water it nears saturation by e^(−evap·s)
// a step; over land it is multiplied down), so a two-block fetch on the coarse grid, 2 to 4
// views, carries what a continent does to the air at a cost of a few thousand coarse cells, and
// the full-resolution blocks add the small hills the coarse grid cannot see. Each cell's value
// is computed by the same operations from the same world cells in every view: bit-identical.

import { type Domain, latticeDomain, latticeOf } from '../grid.ts';
import { scratch } from './scratch.ts';
import type { TerrainValue } from '../model/values.ts';

/** Length of a full-resolution block along the wind, in views. */
export const FINE_BLOCK = 1 / 16;
/** Cells per view of the coarse pass: the world cut's lattice, so its heights are shared. */
export const COARSE_PER_UNIT = 16;
/** Length of a coarse block along the wind, in views. */
export const COARSE_BLOCK = 2;

export interface WindParams {
  readonly on: boolean;
  /** Direction blown towards, degrees counter-clockwise from east. */
  readonly angle: number;
  readonly evap: number;
  readonly dry: number;
  readonly lift: number;
}

/** The sweep a wind angle gives: which axis the wind moves most on and how it shifts per step. */
export interface WindSweep {
  /** True when the wind moves most along columns (east–west). */
  readonly alongColumns: boolean;
  /** +1 or −1: the direction along the major axis. */
  readonly major: 1 | -1;
  /** Minor-axis shift per major step (signed), |slope| ≤ 1. */
  readonly slope: number;
}

/**
 * The unit direction a wind blows towards (x east, y north), with the last-bit residues of
 * cos and sin rounded away: axis-aligned winds are exact and diagonal ones have equal parts.
 */
export function windVector(angleDeg: number): [number, number] {
  const rad = (angleDeg * Math.PI) / 180;
  return [Math.round(Math.cos(rad) * 1e12) / 1e12, Math.round(Math.sin(rad) * 1e12) / 1e12];
}

export function windSweep(angleDeg: number): WindSweep {
  const [dc, dr] = windVector(angleDeg);
  if (Math.abs(dc) >= Math.abs(dr)) {
    return { alongColumns: true, major: dc >= 0 ? 1 : -1, slope: dr / Math.abs(dc) };
  }
  return { alongColumns: false, major: dr >= 0 ? 1 : -1, slope: dc / Math.abs(dr) };
}

/**
 * The fetch of the full-resolution pass, in views: two blocks, and a little for rounding and the
 * interpolation's reach. Read on every side, not only upwind: the grown domains then do not
 * change with the angle, so turning the wind recomputes the wind and what reads it, nothing
 * upstream (upwind only would save a few per cent of a view's cells; measured in the bench).
 */
export const FINE_FETCH = 2 * FINE_BLOCK + 1 / 32;

/** How far the coarse pass reaches round a domain, in views: its start lines lie within. */
const COARSE_FETCH = 2 * FINE_BLOCK + 2 * COARSE_BLOCK + 0.25;

/**
 * The coarse grid the wind of a domain reads: on the world cut's lattice, covering the domain and
 * COARSE_FETCH views round it (any wind's two coarse blocks upwind, and their drift), as a square.
 * Within the world cut's region (±8 views) it is a crop of heights computed there anyway.
 */
export function coarseDomainFor(d: Domain): Domain {
  const P = COARSE_PER_UNIT;
  const reach = COARSE_FETCH + 2 / P;
  const c0 = Math.floor((d.x0 - reach) * P);
  const r0 = Math.floor((d.y0 - reach) * P);
  const c1 = Math.ceil((d.x0 + d.extent + reach) * P);
  const r1 = Math.ceil((d.y0 + d.extent + reach) * P);
  const side = Math.max(c1 - c0, r1 - r0);
  return latticeDomain(P, c0 - Math.floor((side - (c1 - c0)) / 2), r0 - Math.floor((side - (r1 - r0)) / 2), side);
}

/** One grid the blended sweep runs over: heights, sea level, rank, and where it lies on its lattice. */
interface SweepGrid {
  readonly domain: Domain;
  readonly h: Float32Array;
  readonly level: number;
  readonly rank: Float32Array | null;
}

/** The lattice origin of a grid, or a stand-in for a domain off every lattice (its cells rounded). */
function originOf(d: Domain): { perUnit: number; col0: number; row0: number } {
  const l = latticeOf(d);
  if (l) return l;
  const perUnit = d.n / d.extent;
  return { perUnit, col0: Math.round(d.x0 * perUnit), row0: Math.round(d.y0 * perUnit) };
}

/**
 * Sweeps the air downwind over `g` in world-anchored blocks of `block` cells and writes each
 * cell's blended air into `out` (n × n). `startAir(c, r)` is the air arriving on a start line
 * (and at the grid's upwind edges, which only cells outside the exact region read).
 * Over water air ← air + (1 − air)(1 − e^(−evap·s)); over land air ← air · e^(−dry·s) · e^(−4·lift·max(0, Δr)).
 */
function sweepBlended(g: SweepGrid, p: WindParams, block: number, startAir: (c: number, r: number) => number, /* out */ out: Float64Array): void {
  const { n } = g.domain;
  const { h, level, rank } = g;
  const { alongColumns, major, slope } = windSweep(p.angle);
  const o = originOf(g.domain);
  const step = (Math.sqrt(1 + slope * slope) * 256) / o.perUnit;
  const wet = 1 - Math.exp(-p.evap * step);
  const dry = Math.exp(-p.dry * step);
  const kLift = 4 * p.lift;
  const strideA = alongColumns ? 1 : n;
  const strideB = alongColumns ? n : 1;
  const offset = Math.floor(-slope);
  const t = -slope - offset;
  const reach = t > 0 ? offset + 1 : offset;
  const bFirst = Math.max(0, -offset);
  const bLast = Math.min(n - 1, n - 1 - reach);
  const major0 = alongColumns ? o.col0 : o.row0;
  // Air of the two sweeps (begun on the last start line, and on the one before) on the previous
  // line and on this one.
  let prevNew = new Float64Array(n);
  let prevOld = new Float64Array(n);
  let curNew = new Float64Array(n);
  let curOld = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const a = major > 0 ? k : n - 1 - k;
    const u = major * (major0 + a); // distance downwind in cells, anchored in the world
    const phase = ((u % block) + block) % block;
    const w = phase / block;
    const startLine = phase === 0;
    const prevLine = (a - major) * strideA;
    for (let b = 0; b < n; b++) {
      const i = a * strideA + b * strideB;
      const water = h[i] < level;
      let airNew: number;
      let airOld: number;
      if (k === 0 || b < bFirst || b > bLast) {
        // Nothing upwind in the grid: both sweeps start here (outside the exact region).
        const s0 = startAir(alongColumns ? a : b, alongColumns ? b : a);
        airNew = airOld = water ? s0 + (1 - s0) * wet : s0 * dry;
      } else {
        const q0 = b + offset;
        const q1 = t > 0 ? q0 + 1 : q0;
        let lift = 1;
        if (!water && rank && kLift > 0) {
          const j0 = prevLine + q0 * strideB;
          const j1 = prevLine + q1 * strideB;
          const rise = rank[i] - (rank[j0] + t * (rank[j1] - rank[j0]));
          if (rise > 0) lift = Math.exp(-kLift * rise);
        }
        const fromNew = prevNew[q0] + t * (prevNew[q1] - prevNew[q0]);
        if (startLine) {
          // The older sweep is dropped, the newer becomes the older, a new one starts here.
          const s0 = startAir(alongColumns ? a : b, alongColumns ? b : a);
          airOld = water ? fromNew + (1 - fromNew) * wet : fromNew * dry * lift;
          airNew = water ? s0 + (1 - s0) * wet : s0 * dry;
        } else {
          const fromOld = prevOld[q0] + t * (prevOld[q1] - prevOld[q0]);
          airNew = water ? fromNew + (1 - fromNew) * wet : fromNew * dry * lift;
          airOld = water ? fromOld + (1 - fromOld) * wet : fromOld * dry * lift;
        }
      }
      curNew[b] = airNew;
      curOld[b] = airOld;
      out[i] = (1 - w) * airOld + w * airNew;
    }
    [prevNew, curNew] = [curNew, prevNew];
    [prevOld, curOld] = [curOld, prevOld];
  }
}

/**
 * The world-anchored wind on `out` (cells of `domain`): `fine` holds the terrain and rank on the
 * domain grown by FINE_FETCH, `coarse` on coarseDomainFor(domain).
 */
export function worldWind(
  domain: Domain,
  p: WindParams,
  fine: { readonly domain: Domain; readonly terrain: TerrainValue; readonly rank: Float32Array | null },
  coarse: { readonly domain: Domain; readonly terrain: TerrainValue; readonly rank: Float32Array | null },
  /* out */ out: Float32Array,
): void {
  if (!p.on) {
    out.fill(0);
    return;
  }
  // 1. The coarse air, started saturated.
  const cd = coarse.domain;
  const cn = cd.n;
  const coarseAir = new Float64Array(cn * cn);
  sweepBlended({ domain: cd, h: coarse.terrain.data, level: coarse.terrain.seaLevel, rank: coarse.rank }, p, Math.round(COARSE_BLOCK * COARSE_PER_UNIT), () => 1, coarseAir);
  // 2. The full-resolution blocks, started from the coarse air at each cell's world position.
  const fd = fine.domain;
  const fo = originOf(fd);
  const co = originOf(cd);
  const scale = co.perUnit / fo.perUnit;
  const sample = (c: number, r: number): number => {
    // Coarse cell centres lie at (k + ½) / 16: find the four around this cell's centre.
    const fx = (fo.col0 + c + 0.5) * scale - 0.5 - co.col0;
    const fy = (fo.row0 + r + 0.5) * scale - 0.5 - co.row0;
    const kx = Math.min(cn - 2, Math.max(0, Math.floor(fx)));
    const ky = Math.min(cn - 2, Math.max(0, Math.floor(fy)));
    const wx = Math.min(1, Math.max(0, fx - kx));
    const wy = Math.min(1, Math.max(0, fy - ky));
    const i = ky * cn + kx;
    const south = coarseAir[i] + wx * (coarseAir[i + 1] - coarseAir[i]);
    const north = coarseAir[i + cn] + wx * (coarseAir[i + cn + 1] - coarseAir[i + cn]);
    return south + wy * (north - south);
  };
  const eo = originOf(domain);
  const dc = eo.col0 - fo.col0;
  const dr = eo.row0 - fo.row0;
  const n = domain.n;
  const fn = fd.n;
  const block = Math.max(1, Math.floor(FINE_BLOCK * fo.perUnit));
  const air = scratch('wind.world', Float64Array, fn * fn).subarray(0, fn * fn);
  sweepBlended({ domain: fd, h: fine.terrain.data, level: fine.terrain.seaLevel, rank: fine.rank }, p, block, sample, air);
  for (let r = 0; r < n; r++) {
    const from = (r + dr) * fn + dc;
    for (let c = 0; c < n; c++) out[r * n + c] = air[from + c];
  }
}
