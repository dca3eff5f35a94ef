// Wind: the humidity of the air carried across the map by one straight wind, with rain shadows.

import { assertGrid, cellLength256, type Domain } from '../src/grid.ts';
import { cellOffset } from '../src/engine/domains.ts';
import type { CellRect } from '../src/kernels/wind-sweep.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { COARSE_PER_UNIT, type CoarseRead, coarseReadFor, FINE_FETCH, type WindBandArgs, type WindParams, windBand, windSweep, worldWind } from '../src/kernels/wind-world.ts';
import { bands } from '../src/parallel/threads.ts';
import { type CellNote, defineNode, field, type NodeReading, type RunContext } from '../src/model/manifest.ts';
import { formatValue, type TerrainValue } from '../src/model/values.ts';

export { type WindParams, type WindSweep, windSweep, windVector } from '../src/kernels/wind-world.ts';

const COMPASS = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];
const COMPASS_SHORT = ['E', 'NE', 'N', 'NW', 'W', 'SW', 'S', 'SE'];
/** An arrow pointing to each compass point, in COMPASS's order: where a wind blows, as the viewer's arrows draw it. */
const ARROWS = ['→', '↗', '↑', '↖', '←', '↙', '↓', '↘'];

/**
 * The card's words beside the angle: where the wind comes from, as a weather map names it, and
 * an arrow where it blows, as the viewer draws it ("from W →" at 0, "from SW ↗" at 45).
 */
export function windHint(angle: number): string {
  const from = compassPoint(angle);
  // No-break spaces: the words stay together on the label's second line.
  return `from\u00a0${COMPASS_SHORT[from]}\u00a0${ARROWS[(from + 4) % 8]}`;
}

/** Where a wind blowing towards `angle` (degrees ccw from east) comes from, as a compass word. */
export function windFrom(angle: number): string {
  return COMPASS[compassPoint(angle)];
}

/** The compass point (0 = east, counter-clockwise, eight of them) a wind comes from. */
function compassPoint(angle: number): number {
  const from = (((angle + 180) % 360) + 360) % 360;
  return Math.round(from / 45) % 8;
}

/** Cells a view of the world start's coarse pass: `world` is the sampling of every file written before the others. */
function coarseSampling(start: string): number {
  return start === 'world-8' ? 8 : start === 'world-4' ? 4 : COARSE_PER_UNIT;
}

/** One step over water: the air takes up water towards saturation (wet = 1 − e^(−evap·s)). */
function overWater(air: number, wet: number): number {
  return air + (1 - air) * wet;
}

/** One step over land: the air dries (dry = e^(−dry·s)) and rains out when it climbs. */
function overLand(air: number, dry: number, kLift: number, rise: number): number {
  const v = air * dry;
  return rise > 0 && kLift > 0 ? v * Math.exp(-kLift * rise) : v;
}

/**
 * Sweeps the air line by line along the wind's major axis. Air enters saturated (1), with no
 * rise, at the upwind edge and wherever a cell's upwind point falls outside the grid. Each cell
 * reads the air (and the land rank) interpolated on the previous line one step upwind, so any
 * angle costs one pass. With s the step length in 256-map cells and Δr the rise of rank:
 * over water air ← air + (1 − air)(1 − e^(−evap·s)); over land air ← air · e^(−dry·s) · e^(−4·lift·max(0, Δr)).
 */
export function windKernel(
  domain: Domain,
  p: WindParams,
  terrain: TerrainValue,
  rank: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  const n = domain.n;
  assertGrid('wind terrain', terrain.data, domain);
  assertGrid('wind output', out, domain);
  if (rank) assertGrid('wind rank', rank, domain);
  if (!p.on) {
    out.fill(0);
    return;
  }
  const h = terrain.data;
  const level = terrain.seaLevel;
  const { alongColumns, major, slope } = windSweep(p.angle);
  const step = Math.sqrt(1 + slope * slope) * cellLength256(domain);
  const wet = 1 - Math.exp(-p.evap * step);
  const dry = Math.exp(-p.dry * step);
  const kLift = 4 * p.lift;
  // Cell (a, b) on major line a at minor position b is a * strideA + b * strideB.
  const strideA = alongColumns ? 1 : n;
  const strideB = alongColumns ? n : 1;
  // The upwind point b − slope has the same floor offset and fraction for every b, so the
  // interpolation weights are fixed for the whole sweep.
  const offset = Math.floor(-slope);
  const t = -slope - offset;
  const reach = t > 0 ? offset + 1 : offset; // farthest minor offset read on the previous line
  const bFirst = Math.max(0, -offset);
  const bLast = Math.min(n - 1, n - 1 - reach);
  if (alongColumns && slope === 0) {
    // An east or west wind: every row is its own wind line, so walk the rows in memory order
    // instead of sweeping column by column across all rows (a stride of n per cell).
    for (let b = 0; b < n; b++) {
      const row = b * n;
      let airPrev = 1;
      let rankPrev = rank ? rank[row + (major > 0 ? 0 : n - 1)] : 0;
      for (let k = 0; k < n; k++) {
        const i = row + (major > 0 ? k : n - 1 - k);
        const ownRank = rank ? rank[i] : 0;
        const v = h[i] < level ? overWater(airPrev, wet) : overLand(airPrev, dry, kLift, ownRank - rankPrev);
        out[i] = v;
        airPrev = v;
        rankPrev = ownRank;
      }
    }
    return;
  }
  // The air of every cell in full precision: the next line interpolates it.
  const air = scratch('wind.air', Float64Array, n * n);
  for (let k = 0; k < n; k++) {
    const a = major > 0 ? k : n - 1 - k;
    const prevLine = (a - major) * strideA;
    for (let b = 0; b < n; b++) {
      const i = a * strideA + b * strideB;
      const ownRank = rank ? rank[i] : 0;
      let airPrev = 1;
      let rankPrev = ownRank;
      if (k > 0 && b >= bFirst && b <= bLast) {
        const j0 = prevLine + (b + offset) * strideB;
        const j1 = t > 0 ? j0 + strideB : j0;
        airPrev = air[j0] + t * (air[j1] - air[j0]);
        if (rank) rankPrev = rank[j0] + t * (rank[j1] - rank[j0]);
      }
      air[i] = h[i] < level ? overWater(airPrev, wet) : overLand(airPrev, dry, kLift, ownRank - rankPrev);
    }
  }
  for (let i = 0; i < n * n; i++) out[i] = air[i];
}

/**
 * The coarse heights and rank on the grid of `read`: the grid's own results when it is read
 * whole, else its band put together from the tiles it was read on (the cells outside the band
 * are never swept, and are left as they are).
 */
function coarseInputs(ctx: RunContext<string>, read: CoarseRead): { domain: Domain; heights: Float32Array; level: number; rank: Float32Array | null; band: CellRect } {
  const { grid, band, tiles } = read;
  if (tiles.length === 1 && tiles[0] === grid) {
    const t = ctx.terrainAt('terrain', grid)!;
    return { domain: grid, heights: t.data, level: t.seaLevel, rank: ctx.fieldAt('rank', grid), band };
  }
  const n = grid.n;
  const heights = scratch('wind.coarseHeights', Float32Array, n * n);
  const rank = ctx.wired('rank') ? scratch('wind.coarseRank', Float32Array, n * n) : null;
  let level = 0;
  for (const tile of tiles) {
    const t = ctx.terrainAt('terrain', tile)!;
    level = t.seaLevel;
    const r = rank && ctx.fieldAt('rank', tile);
    const at = cellOffset(grid, tile)!;
    for (let row = 0; row < tile.n; row++) {
      const to = (at.dr + row) * n + at.dc;
      heights.set(t.data.subarray(row * tile.n, (row + 1) * tile.n), to);
      if (rank && r) rank.set(r.subarray(row * tile.n, (row + 1) * tile.n), to);
    }
  }
  return { domain: grid, heights, level, rank, band };
}

/** What the air met upwind of a cell, by upwindWalk. */
export interface UpwindWalk {
  /** Land cells the air crossed to reach the cell, the cell included. */
  readonly steps: number;
  /** The land rank the air climbed on the way (the rises, summed; the sea's rank is 0). */
  readonly climb: number;
  /** The highest land rank on the way, the cell's included. */
  readonly top: number;
  /** The first sea cell upwind, or null when the walk left the grid on land. */
  readonly sea: number | null;
}

/**
 * A walk upwind from land cell i, one cell length a step, to the sea or the grid's edge (the
 * wind blowing towards `angle`, degrees counter-clockwise from east; row 0 the south row). Along
 * an axis it follows the kernel's own line of cells; slanted, the kernel interpolates between
 * lines where this steps to the nearest cell.
 */
export function upwindWalk(n: number, isSea: (j: number) => boolean, rank: Float32Array | null, angle: number, i: number): UpwindWalk {
  const a = (angle * Math.PI) / 180;
  const dx = -Math.cos(a);
  const dy = -Math.sin(a);
  let x = (i % n) + 0.5;
  let y = Math.floor(i / n) + 0.5;
  let here = i;
  let steps = 1;
  let climb = 0;
  let top = rank ? rank[i] : 0;
  for (let k = 0; k < 2 * n; k++) {
    x += dx;
    y += dy;
    if (x < 0 || y < 0 || x >= n || y >= n) break;
    const j = Math.floor(y) * n + Math.floor(x);
    const sea = isSea(j);
    // The air moving downwind from j onto `here` climbs where the rank rises (0 over the sea).
    if (rank) climb += Math.max(0, rank[here] - (sea ? 0 : rank[j]));
    if (sea) return { steps, climb, top, sea: j };
    if (rank) top = Math.max(top, rank[j]);
    steps++;
    here = j;
  }
  return { steps, climb, top, sea: null };
}

/**
 * Why the air at cell i is what it is, by the kernel's rules (over the sea the air takes up
 * water; over land it dries a little every cell and rains out where it climbs), from a walk
 * upwind (upwindWalk). A newcomer read "Wind 0.3454 humidity of the air" on a dry slope and
 * could not tell why.
 */
function explainAir(r: NodeReading<WindParams & { on: boolean; start: string }>, i: number): CellNote {
  const p = r.params;
  if (!p.on) return { why: 'the wind is off: no air reaches the land' };
  const terrain = r.input('terrain');
  if (terrain?.type !== 'terrain') return {};
  const rankValue = r.input('rank');
  const rank = rankValue && rankValue.type !== 'biome' ? rankValue.data : null;
  const isSea = (j: number) => !(terrain.data[j] >= terrain.seaLevel);
  const from = `from the ${windFrom(p.angle)}`;
  if (isSea(i)) return { why: `over the sea: the air ${from} takes up water, ${formatValue(1 - Math.exp(-p.evap))} of what it lacks each 256-map cell (1 − e^(−sea uptake))` };
  const walk = upwindWalk(r.domain.n, isSea, rank, p.angle, i);
  const cells = walk.steps * cellLength256(r.domain);
  const distance = cells < 10 ? cells.toFixed(1) : String(Math.round(cells));
  const path =
    walk.sea !== null
      ? `over land ${distance} cells (256-map) ${from} since the sea`
      : `over land ${from} all the way to the view's edge, ${distance} cells (256-map) upwind, where it came in with the air it had there`;
  const lift = !rank
    ? 'rank unwired: no rain from climbing'
    : walk.climb > 0
      ? `× ${formatValue(Math.exp(-4 * p.lift * walk.climb))} left after the rain of climbing ${formatValue(walk.climb)} of land rank (lift ${p.lift})`
      : 'no climb on the way: no rain from climbing';
  const side = !rank || walk.climb === 0 ? '' : walk.top > rank[i] ? `; in the lee of land upwind up to rank ${formatValue(walk.top)} (here ${formatValue(rank[i])}): rain shadow` : '; climbing here: the windward side';
  // With a world start the air is a blend of two sweeps begun upwind at fixed lines in the
  // world, so the factors are the air's to within that blend: "about".
  const about = p.start === 'view' ? '' : 'about ';
  return { why: `${path}; ${about}× ${formatValue(Math.exp(-p.dry * cells))} left after drying, ${lift}${side}` };
}

export const wind = defineNode({
  type: 'wind',
  title: 'Wind',
  group: 'Climate',
  doc:
    'One straight wind over the whole map carries air that is wetted over water and dried over land; ' +
    'when it climbs (land rank rises) it rains out: that is the rain shadow. With start world the air ' +
    'starts saturated on lines fixed in the world upwind and is swept first on a coarse grid, then at ' +
    'full resolution over the last stretch, so a cell depends only on the world upwind of it, never on ' +
    'the view. With start view (files of format 1) the air enters saturated at the upwind edge of the ' +
    'view. Off: no air reaches the land (0 everywhere), so moisture gets no wind term.',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level: where the air is over water.' },
    rank: { type: 'field', doc: 'Land rank 0…1: how high the air climbs.', optional: 'rank 0, so no lift', takes: ['rank'] },
  },
  outputs: {
    out: { type: 'field', meaning: 'air', doc: 'Humidity of the air passing each cell, 0…1.' },
  },
  params: {
    on: { kind: 'bool', default: true, doc: 'The wind switch: off gives no air humidity anywhere.' },
    angle: {
      kind: 'number',
      default: 0,
      min: 0,
      max: 360,
      step: 1,
      doc: 'Where the wind blows to, degrees counter-clockwise from east: 0 blows east, a west wind; 90 north, a south wind. Beside the name the card says where it comes from, with an arrow where it blows (from W →).',
      hint: windHint,
    },
    evap: { label: 'sea uptake', unit: '/ cell', kind: 'number', scale: 'log', default: 0.03, min: 0, max: 1, step: 0.005, doc: 'How fast air takes up water over the sea, per 256-map cell.' },
    dry: { label: 'land drying', unit: '/ cell', kind: 'number', scale: 'log', default: 0.001, min: 0, max: 0.1, step: 0.0005, doc: 'How fast air loses water over land, per 256-map cell.' },
    lift: { label: 'rain on slopes', kind: 'number', default: 0.6, min: 0, max: 4, step: 0.01, appliesWhen: { wired: 'rank' }, doc: 'Rain when the air climbs: e^(−4 · lift) after climbing from coast to summit.' },
    start: {
      kind: 'enum',
      default: 'world',
      options: ['world', 'view', 'world-8', 'world-4'],
      since: { version: 2, legacy: 'view' },
      doc: 'Where the air starts saturated: on lines fixed in the world upwind (the same air in every view), its coarse pass at 16, 8 or 4 cells a view (world, world-8, world-4), or at the view\'s upwind edge (depends on the view).',
    },
  },
  footprintDoc:
    "with start `world` (or `world-8`, `world-4`): global, a halo of two full-resolution blocks (2 × 1/16 view) on every side, and the terrain and rank on a coarse grid (16 cells a view; 8 with `world-8`, 4 with `world-4`), reaching 4.5 views upwind of the domain and half a view on its other sides (a wind along an axis reads that band as squares of its short side, a slanted one the square holding it); with start `view`: view-bound (the air enters at the view's upwind edge); off: local.",
  footprint(p) {
    if (!p.on) return { kind: 'local' };
    if (p.start === 'view') return { kind: 'view' };
    const perView = coarseSampling(p.start);
    return {
      kind: 'global',
      radius: FINE_FETCH,
      reads: (domain) =>
        coarseReadFor(domain, p.angle, perView).tiles.flatMap((tile) => [
          { port: 'terrain', domain: tile },
          { port: 'rank', domain: tile },
        ]),
    };
  },
  overlay: (p) => (p.on ? { angle: p.angle } : null),
  explain: (r, i) => explainAir(r, i),
  // The full-resolution pass by lines across the wind (each band sweeps its own fetch).
  band: (args, m0, m1) => windBand(args as WindBandArgs, m0, m1),
  run(ctx, p) {
    const t = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    if (p.start !== 'view' && p.on) {
      worldWind(
        ctx.domain,
        p,
        { domain: ctx.inputDomain, terrain: t, rank: ctx.field('rank') },
        coarseInputs(ctx, coarseReadFor(ctx.domain, p.angle, coarseSampling(p.start))),
        out,
        (args, lines, minLines) => bands('wind', windBand, args, lines, minLines, true),
      );
    } else {
      windKernel(ctx.domain, p, t, ctx.field('rank'), out);
    }
    return { out: field(out, 'air') };
  },
});
