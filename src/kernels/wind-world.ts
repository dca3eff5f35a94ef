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
//
// Cost: a cell reads at most two blocks upwind, so only the view and that fetch are swept
// (wind-sweep.ts's sweepRegion), in WebAssembly, and the view's lines across the wind are cut
// into bands for the thread pool: independent for a wind along an axis, each with its own 2-block
// drift beside it otherwise. The coarse pass is a few thousand cells, swept whole.

import { type Domain, latticeDomain, latticeOf } from '../grid.ts';
import type { TerrainValue } from '../model/values.ts';
import { gridBuffer, gridsShared, isShared } from '../parallel/memory.ts';
import { finishReaders, threadCount } from '../parallel/threads.ts';
import { type CellRect, type StartAir, type SweepGrid, sweepBlended, sweepRegion, windSweep } from './wind-sweep.ts';

export { type WindSweep, windSweep, windVector } from './wind-sweep.ts';

/** Length of a full-resolution block along the wind, in views. */
export const FINE_BLOCK = 1 / 16;
/**
 * Cells per view of the coarse pass by default: the world cut's lattice, so its heights are
 * shared. A wind may sample it at 8 or 4 (the water's world-8 and world-4 cuts share those).
 */
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

/**
 * The fetch of the full-resolution pass, in views: two blocks, which hold a cell's reach of
 * 2·block − 1 lines upwind and its drift across the wind (sweepRegion). Read on every side, not
 * only upwind: the grown domains then do not change with the angle, so turning the wind
 * recomputes the wind and what reads it, nothing upstream.
 */
export const FINE_FETCH = 2 * FINE_BLOCK;

/** How far the coarse pass reaches upwind of a domain, in views: its start lines lie within. */
const COARSE_FETCH = 2 * FINE_BLOCK + 2 * COARSE_BLOCK + 0.25;

/**
 * How far the coarse grid reaches downwind and across a wind that does not drift that way, in
 * views: the full-resolution pass samples the coarse air at most FINE_FETCH round the domain.
 */
const COARSE_MARGIN = FINE_FETCH + 0.25;

/**
 * The coarse grid the wind of a domain reads: on the world cut's lattice at `perView` cells a
 * view, covering the domain, COARSE_FETCH views upwind of it (two coarse blocks and their drift)
 * and COARSE_MARGIN on the other sides, as a square. Only upwind: a coarse cell's air depends only
 * on the cells upwind of it, the same bits whatever grid holds them, and the coarse air is read only
 * within FINE_FETCH of the domain; a grid reaching COARSE_FETCH every way computed 2.8 times the
 * cells. Within the world cut's region (±8 views) it is a crop of heights computed there anyway
 * when the cut has the same sampling.
 */
export function coarseDomainFor(d: Domain, angle: number, perView: number = COARSE_PER_UNIT): Domain {
  return coarseReadFor(d, angle, perView).grid;
}

export interface CoarseRead {
  readonly grid: Domain;
  readonly band: CellRect;
  readonly tiles: readonly Domain[];
}

/**
 * What the wind of a domain reads on the coarse lattice: `grid`, the square its coarse air lies
 * on (coarseDomainFor); `band`, the cells of it the air is swept over, [c0, c1) × [r0, r1) of the
 * grid; `tiles`, squares covering the band, the domains its terrain and rank are read on.
 *
 * A wind along an axis reads a band of 6 × 2 views (at 16 cells a view, 96 × 32 cells) and its
 * lines across the wind do not read each other: the band is read as three 32² squares instead of
 * the 96² square holding it, a third of the cells of the noises, curves, water and rank upstream,
 * and only the band is swept, the same bits on it. A slanted wind reads about a square (both axes
 * reach upwind) and its lines do read each other: one tile, the grid itself, swept whole.
 */
export function coarseReadFor(d: Domain, angle: number, perView: number = COARSE_PER_UNIT): CoarseRead {
  const P = perView;
  const far = COARSE_FETCH + 2 / P;
  const near = COARSE_MARGIN + 2 / P;
  const { alongColumns, major, slope } = windSweep(angle);
  // Upwind is against the wind: -major on the major axis, -sign(slope) on the other.
  const towards = (s: number): [number, number] => (s > 0 ? [far, near] : s < 0 ? [near, far] : [near, near]);
  const [west, east] = towards(alongColumns ? major : slope);
  const [south, north] = towards(alongColumns ? slope : major);
  const c0 = Math.floor((d.x0 - west) * P);
  const r0 = Math.floor((d.y0 - south) * P);
  const c1 = Math.ceil((d.x0 + d.extent + east) * P);
  const r1 = Math.ceil((d.y0 + d.extent + north) * P);
  const w = c1 - c0;
  const h = r1 - r0;
  const side = Math.max(w, h);
  const gc0 = c0 - Math.floor((side - w) / 2);
  const gr0 = r0 - Math.floor((side - h) / 2);
  const grid = latticeDomain(P, gc0, gr0, side);
  const whole = { c0: 0, r0: 0, c1: side, r1: side };
  const short = Math.min(w, h);
  // Tiles pay when they cover at most two thirds of the square (one call per tile upstream).
  if (slope !== 0 || 3 * short > 2 * side) return { grid, band: whole, tiles: [grid] };
  const tiles: Domain[] = [];
  for (let k = 0; k * short < side; k++) {
    const at = Math.min(k * short, side - short); // the last tile ends where the band does
    tiles.push(w >= h ? latticeDomain(P, c0 + at, r0, short) : latticeDomain(P, c0, r0 + at, short));
  }
  return { grid, band: { c0: c0 - gc0, r0: r0 - gr0, c1: c1 - gc0, r1: r1 - gr0 }, tiles };
}

/** Where a grid lies on its lattice, or a stand-in for a domain off every lattice (its cells rounded). */
function originOf(d: Domain): { perUnit: number; col0: number; row0: number } {
  const l = latticeOf(d);
  if (l) return l;
  const perUnit = d.n / d.extent;
  return { perUnit, col0: Math.round(d.x0 * perUnit), row0: Math.round(d.y0 * perUnit) };
}

/**
 * One band of the full-resolution pass: flat, so a worker thread gets it as a message with the
 * grids (at the top level) in shared memory. Writes lines m0 … m1 − 1 across the wind of the
 * output: rows for a wind along columns, columns for one along rows.
 */
export type WindBandArgs = {
  /** The fine grid: heights, sea level and rank, n × n, and where it lies on its lattice. */
  readonly h: Float32Array;
  readonly rank: Float32Array | null;
  readonly level: number;
  readonly fine: { readonly n: number; readonly perUnit: number; readonly col0: number; readonly row0: number };
  /** The coarse air and where its grid lies. */
  readonly air: Float64Array;
  readonly coarse: { readonly n: number; readonly perUnit: number; readonly col0: number; readonly row0: number };
  readonly p: WindParams;
  readonly block: number;
  /** The output's n × n cells start at column dc, row dr of the fine grid. */
  readonly dc: number;
  readonly dr: number;
  readonly n: number;
  readonly out: Float32Array;
};

export function windBand(args: WindBandArgs, m0: number, m1: number): void {
  const { p, block, dc, dr, n, out } = args;
  const fine: SweepGrid = { h: args.h, level: args.level, rank: args.rank, ...args.fine };
  const start: StartAir = { air: args.air, ...args.coarse };
  const target = windSweep(p.angle).alongColumns ? { c0: dc, c1: dc + n, r0: dr + m0, r1: dr + m1 } : { c0: dc + m0, c1: dc + m1, r0: dr, r1: dr + n };
  sweepBlended(fine, p, block, start, sweepRegion(fine, p.angle, block, target), target, { c0: dc, r0: dr, stride: n }, out);
}

/** The coarse air, kept between evaluations (in shared memory while a thread pool runs). */
let coarseAir: Float64Array | null = null;

function coarseBuffer(length: number): Float64Array {
  // Kept while it is the memory gridBuffer gives now: isShared, not `instanceof
  // SharedArrayBuffer`, which throws on a page without cross-origin isolation (no such global).
  if (!coarseAir || coarseAir.length !== length || isShared(coarseAir.buffer) !== gridsShared()) coarseAir = gridBuffer(Float64Array, length);
  // Written next: the last wind's bands, left finishing (threads.ts, detach), may still read it.
  finishReaders(coarseAir);
  return coarseAir;
}

/**
 * The world-anchored wind on `out` (cells of `domain`): `fine` holds the terrain and rank on the
 * domain grown by FINE_FETCH, `coarse` the heights, sea level and rank on coarseReadFor(domain,
 * p.angle, …)'s grid, of which only its band is read. `bandsBy` spreads the
 * full-resolution lines over threads (the wind node passes its band hook through bands()).
 */
export function worldWind(
  domain: Domain,
  p: WindParams,
  fine: { readonly domain: Domain; readonly terrain: TerrainValue; readonly rank: Float32Array | null },
  coarse: { readonly domain: Domain; readonly heights: Float32Array; readonly level: number; readonly rank: Float32Array | null; readonly band?: CellRect },
  /* out */ out: Float32Array,
  bandsBy: (args: WindBandArgs, lines: number, minLines: number) => void = (args, lines) => windBand(args, 0, lines),
): void {
  if (!p.on) {
    out.fill(0);
    return;
  }
  // 1. The coarse air, started saturated, over the coarse band (a few thousand cells).
  const cd = coarse.domain;
  const cn = cd.n;
  const co = originOf(cd);
  const cg: SweepGrid = { h: coarse.heights, level: coarse.level, rank: coarse.rank, n: cn, perUnit: co.perUnit, col0: co.col0, row0: co.row0 };
  const air = coarseBuffer(cn * cn);
  const band = coarse.band ?? { c0: 0, r0: 0, c1: cn, r1: cn };
  // Outside a band the grid holds no heights: its air is NaN, so a read of it would show.
  if (band.c1 - band.c0 < cn || band.r1 - band.r0 < cn) air.fill(Number.NaN);
  sweepBlended(cg, p, Math.round(COARSE_BLOCK * co.perUnit), null, band, band, { c0: 0, r0: 0, stride: cn }, air);
  // 2. The full-resolution blocks, started from the coarse air at each cell's world position,
  //    over the output and its fetch only, in bands across the wind.
  // The fine grid is the domain grown by whole cells (grow): where it lies and its cells a view
  // are counted from the domain's, not rounded on their own, so the wind does not depend on how
  // far round the domain the grid reaches. Apart, a domain half a cell off the lattice had its
  // origin rounded one way and the grid's the other (the wind read the land a cell beside its
  // own), and a grid's 576 cells a view, one ulp under, gave blocks of 35 cells, not 36.
  const fd = fine.domain;
  const eo = originOf(domain);
  const dc = Math.round((domain.x0 - fd.x0) * eo.perUnit);
  const dr = Math.round((domain.y0 - fd.y0) * eo.perUnit);
  const fo = { perUnit: eo.perUnit, col0: eo.col0 - dc, row0: eo.row0 - dr };
  const n = domain.n;
  const block = Math.max(1, Math.floor(FINE_BLOCK * fo.perUnit + 1e-9));
  const args: WindBandArgs = {
    h: fine.terrain.data,
    rank: fine.rank,
    level: fine.terrain.seaLevel,
    fine: { n: fd.n, perUnit: fo.perUnit, col0: fo.col0, row0: fo.row0 },
    air,
    coarse: { n: cn, perUnit: co.perUnit, col0: co.col0, row0: co.row0 },
    p: { on: p.on, angle: p.angle, evap: p.evap, dry: p.dry, lift: p.lift },
    block,
    dc,
    dr,
    n,
    out,
  };
  // A wind along an axis reads no neighbouring line: its bands are independent. A slanted one's
  // band sweeps its drift (2 blocks) beside it too, so it is cut into as few bands as threads.
  const straight = windSweep(p.angle).slope === 0;
  bandsBy(args, n, straight ? 8 : Math.ceil(n / threadCount()));
}
