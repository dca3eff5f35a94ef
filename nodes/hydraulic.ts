// Hydraulic erosion: droplets wear valleys into a height field and lay the sediment down where
// they slow (the kernel is src/kernels/hydraulic.ts).

import { hydraulicErosion } from '../src/kernels/hydraulic.ts';
import { COARSE_PARAM } from '../src/model/erosion-coarse.ts';
import { defineNode, field } from '../src/model/manifest.ts';

/**
 * A droplet sees heights times n / HEIGHT_SCALE_CELLS: the slope of one cell step at 256² and
 * at 1024² is then the same for a given world slope. That does not make the same params wear
 * alike at every resolution: a droplet travels a cell a step for `lifetime` steps and carries
 * by `capacity` per cell, so a finer map's droplets reach a shorter world distance (the mean
 * change of eroded-valleys is 1.8e-2 at 256² and 2.4e-3 at 1024², measured for the drafts).
 * Its drafts scale lifetime and capacity by the ratio of sizes (draftParams) for that reason.
 */
export const HEIGHT_SCALE_CELLS = 32;

export const hydraulic = defineNode({
  type: 'hydraulic',
  title: 'Hydraulic erosion',
  group: 'Terrain',
  doc:
    'Droplets of rain roll down the height field with some inertia, wear the ground where they can carry ' +
    'more sediment than they hold and lay it down where they slow or climb (Beyer 2015). Cuts gullies and ' +
    'valleys and fills hollows. Droplets start at places drawn from the seed, so the result is the same on ' +
    'every run; every grain worn away is laid down again or carried off the map. 0 droplets returns the ' +
    'input unchanged. Bound to the grid it runs on: a droplet may roll anywhere, so a view differs from the same area of a larger map (a build runs it once on its whole grid).',
  inputs: {
    height: { type: 'field', doc: 'The heights to erode (a terrain gives its heights).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The eroded heights.' },
    wear: { type: 'field', meaning: 'value', doc: 'Height worn away per cell (≥ 0).' },
    deposit: { type: 'field', meaning: 'value', doc: 'Height laid down per cell (≥ 0).' },
  },
  params: {
    droplets: { kind: 'number', scale: 'log', default: 1, min: 0, max: 8, step: 0.05, unit: 'per cell', doc: 'Droplets released per grid cell; 0 leaves the heights as they are.' },
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Where the droplets start.' },
    lifetime: { kind: 'int', scale: 'log', default: 30, min: 1, max: 256, doc: 'Steps of one cell a droplet takes at most before it drops its load.' },
    inertia: { kind: 'number', default: 0.3, min: 0, max: 0.95, step: 0.01, doc: 'How much of its direction a droplet keeps instead of following the slope.' },
    capacity: { kind: 'number', scale: 'log', default: 0.15, min: 0, max: 32, step: 0.01, doc: 'Sediment carried per unit of drop, speed and water.' },
    minCapacity: { kind: 'number', scale: 'log', default: 0.01, min: 0, max: 1, step: 0.001, doc: 'Sediment a droplet can carry on flat ground.' },
    erosion: { kind: 'number', default: 0.3, min: 0, max: 1, step: 0.01, doc: 'Share of the spare capacity worn from the ground per step.' },
    deposition: { kind: 'number', default: 0.3, min: 0, max: 1, step: 0.01, doc: 'Share of the surplus sediment laid down per step.' },
    evaporation: { kind: 'number', scale: 'log', default: 0.02, min: 0, max: 0.5, step: 0.005, doc: 'Share of its water a droplet loses per step.' },
    gravity: { kind: 'number', default: 4, min: 0, max: 20, step: 0.1, doc: 'How fast a droplet speeds up going down.' },
    radius: { kind: 'number', default: 2, min: 1, max: 8, step: 0.5, unit: 'cells', doc: 'Radius of the brush a droplet wears the ground with.' },
    coarse: COARSE_PARAM,
  },
  footprintDoc:
    "grid-bound: reads the whole grid it runs on (a droplet may roll anywhere on it), so its heights, and everything downstream, depend on that grid's extent and resolution: in the editor the view's, or the graph's world's when it has one (see One world for erosion), in a build the build's whole grid, run once, so tiles agree at their edges (see Builds). Read on a coarse grid (the water's world cut, the wind's upwind pass) it passes the land before it on, by default (`coarse`).",
  coarseParams: (p) => (p.coarse === 'before' ? { ...p, droplets: 0 } : p),
  // A draft at `cells` of the full picture's resolution (148 / 1024 at a 1024² view): run with
  // the full params, its droplets wore 15 to 20 times the full picture's height (mean |change|
  // against the full change averaged down to the draft's cells; 2.2 times at a 256² view) in
  // blobs that matched it poorly (r 0.51). A droplet's path in world units (lifetime × cells)
  // and what it carries scaled by cells^0.75 (capacity and minCapacity) wear 1.03, 1.04 and 0.88
  // times as much as the full picture of eroded-valleys at 256², 512² and 1024², r 0.98, 0.91 and
  // 0.79. I measured powers 0.5, 1 and 1.5 too (1.09 / 1.24 / 1.25; 0.96 / 0.85; 0.83 / 0.55 at
  // 256² / 512² / 1024²); 1.5 was right while droplets slowed going downhill (the speed's sign,
  // fixed). Droplets per cell and the brush's radius in cells stay: fewer droplets or a smaller
  // brush matched worse (scripts/measure-drafts.ts).
  draftParams: (p, cells) => ({
    ...p,
    lifetime: Math.max(1, Math.round(p.lifetime * cells)),
    capacity: p.capacity * cells ** 0.75,
    minCapacity: p.minCapacity * cells ** 0.75,
  }),
  footprint() {
    // Bound to the grid it runs on: a droplet may roll anywhere on it, so the result depends on
    // the whole domain, not on the world around a cell (README: erosion across tiles).
    return { kind: 'view' };
  },
  run(ctx, p) {
    const n = ctx.domain.n;
    const out = ctx.alloc('f32');
    const wear = ctx.alloc('f32');
    const deposit = ctx.alloc('f32');
    const d = ctx.domain;
    // The world cell under grid cell 0, so droplets start from the world cell they fall on.
    const originCol = Math.round((d.x0 * n) / d.extent);
    const originRow = Math.round((d.y0 * n) / d.extent);
    hydraulicErosion(ctx.field('height')!, n, { ...p, originCol, originRow, heightScale: n / HEIGHT_SCALE_CELLS }, out, wear, deposit, ctx.checkpoint);
    return { out: field(out, 'height'), wear: field(wear, 'value'), deposit: field(deposit, 'value') };
  },
});
