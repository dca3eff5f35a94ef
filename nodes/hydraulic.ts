// Hydraulic erosion: droplets wear valleys into a height field and lay the sediment down where
// they slow (the kernel is src/kernels/hydraulic.ts).

import { hydraulicErosion } from '../src/kernels/hydraulic.ts';
import { CELLS_PARAM } from '../src/model/erosion-cells.ts';
import { COARSE_PARAM } from '../src/model/erosion-coarse.ts';
import { GRID_PARAM } from '../src/model/erosion-grid.ts';
import { cellRatio, countedWords, defineNode, field, workCount } from '../src/model/manifest.ts';

/**
 * A droplet sees heights times n / HEIGHT_SCALE_CELLS: the slope of one cell step at 256² and
 * at 1024² is then the same for a given world slope. That does not make the same params wear
 * alike at every resolution: a droplet travels a cell a step for `lifetime` steps and carries
 * by `capacity` per cell, so a finer map's droplets reach a shorter world distance (the mean
 * change of eroded-valleys is 1.8e-2 at 256² and 2.4e-3 at 1024², measured for the drafts).
 * Its params are scaled by the grid's cells for that reason (cellScale below): from 256 cells a
 * view on every grid (format 7), or, for files before, a draft's by its cells over the full picture's.
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
    'input unchanged. Its params read as set at 256 cells a view (cells: 256-map cells): the engine scales the steps, inertia, evaporation and capacity to the grid it runs on, so a 1024² view or a build at 1024 cells a view wears the valleys of the 256² view, with finer gullies. ' +
    'Bound to the grid it runs on: a droplet may roll anywhere, so a view differs from the same area of a larger map (a build runs it once on its whole grid).',
  inputs: {
    height: { type: 'field', doc: 'The heights to erode (a terrain gives its heights).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The eroded heights.' },
    wear: { type: 'field', meaning: 'value', doc: 'Height worn away per cell (≥ 0).' },
    deposit: { type: 'field', meaning: 'value', doc: 'Height laid down per cell (≥ 0).' },
  },
  params: {
    droplets: { kind: 'number', scale: 'log', default: 1, min: 0, max: 8, step: 0.05, unit: 'per cell', doc: 'Droplets released per cell of the grid it runs on (a finer grid releases more, which wear finer detail); 0 leaves the heights as they are.' },
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Where the droplets start.' },
    lifetime: { kind: 'int', scale: 'log', default: 30, min: 1, max: 256, doc: 'Steps a droplet takes at most before it drops its load, each of one 256-map cell (run as lifetime × cells a view / 256 steps of one cell of the grid; with cells the grid\'s own, of one cell of the grid).' },
    inertia: { kind: 'number', default: 0.3, min: 0, max: 0.95, step: 0.01, doc: 'How much of its direction a droplet keeps instead of following the slope, per step of one 256-map cell (the grid\'s own cell with cells so).' },
    capacity: { kind: 'number', scale: 'log', default: 0.15, min: 0, max: 32, step: 0.01, doc: 'Sediment carried per unit of drop, speed and water, at 256 cells a view (× the square root of cells a view / 256 on another grid; as set with cells the grid\'s own).' },
    minCapacity: { kind: 'number', scale: 'log', default: 0.01, min: 0, max: 1, step: 0.001, doc: 'Sediment a droplet can carry on flat ground.' },
    erosion: { kind: 'number', default: 0.3, min: 0, max: 1, step: 0.01, doc: 'Share of the spare capacity worn from the ground per step.' },
    deposition: { kind: 'number', default: 0.3, min: 0, max: 1, step: 0.01, doc: 'Share of the surplus sediment laid down per step.' },
    evaporation: { kind: 'number', scale: 'log', default: 0.02, min: 0, max: 0.5, step: 0.005, doc: 'Share of its water a droplet loses per step of one 256-map cell (the grid\'s own cell with cells so).' },
    gravity: { kind: 'number', default: 4, min: 0, max: 20, step: 0.1, doc: 'How fast a droplet speeds up going down.' },
    radius: { kind: 'number', default: 2, min: 1, max: 8, step: 0.5, unit: 'cells', doc: 'Radius of the brush a droplet wears the ground with, in cells of the grid it runs on (a finer grid wears narrower gullies).' },
    coarse: COARSE_PARAM,
    cells: CELLS_PARAM,
    grid: GRID_PARAM,
  },
  footprintDoc:
    "grid-bound: reads the whole grid it runs on (a droplet may roll anywhere on it), so its heights, and everything downstream, depend on that grid's extent and resolution: in the editor the view's, or the graph's world's when it has one (see One world for erosion), in a build the build's whole grid, run once, so tiles agree at their edges (see Builds). Read on a coarse grid (the water's world cut, the wind's upwind pass) it passes the land before it on, by default (`coarse`).",
  // Runs on the grid it is bound to alone, or, in files before format 8, grown by its readers' halos.
  ownGrid: (p) => p.grid === 'own',
  coarseParams: (p) => (p.coarse === 'before' ? { ...p, droplets: 0 } : p),
  // How its params scale with the grid's cells per view (NodeDef.cellScale), for a grid of
  // `ratio` times the cells of the one they were set for: a 1024² view of params in 256-map
  // cells (4), or a 148² draft of a 1024² view of params in the grid's own cells (148 / 1024).
  // A droplet's step is one cell and its slope the same on every grid (HEIGHT_SCALE_CELLS), so
  // what it does per step is scaled to do as much per world distance: lifetime × ratio steps,
  // its direction kept inertia^(1 / ratio) a step and its water (1 − evaporation)^(1 / ratio)
  // a step, and it carries capacity (and min capacity) × ratio^0.5, the power that measured
  // best. Droplets per cell and the brush's radius in cells stay: a finer grid wears finer
  // detail. Eroded-valleys' change at 512² and 1024² averaged down to 256² is then 0.95 and
  // 0.88 times the 256² change, r 0.99 and 0.98 (the node's defaults 1.10 and 1.13, r 0.96 and
  // 0.94), against 0.59 and 0.30, r 0.88 and 0.69, unscaled; at 4 times the CPU at 1024² (22 s
  // against 5.6, load 11), as a droplet takes 4 times the steps. I measured (npm run
  // measure:resolution, 1024²) lifetime with capacity × ratio^0.75 as the drafts had it
  // (0.72, r 0.96; defaults 0.88, r 0.90) or ratio (0.77, r 0.96), with the evaporation too
  // (0.81, r 0.96; defaults 1.24), with the inertia and ratio^0.75 (0.95, r 0.98; defaults 1.44,
  // r 0.92); and a quarter of the droplets a cell, the same droplets per world area as 256²
  // and the cost unscaled: 0.32, r 0.79 (ratio^1.5: 0.35), as unscaled.
  cellScale: {
    countedIn: (p) => p.cells,
    scale: (p, ratio) => ({
      ...p,
      lifetime: Math.max(1, Math.round(p.lifetime * ratio)),
      inertia: p.inertia ** (1 / ratio),
      evaporation: 1 - (1 - p.evaporation) ** (1 / ratio),
      capacity: p.capacity * ratio ** 0.5,
      minCapacity: p.minCapacity * ratio ** 0.5,
    }),
  },
  // Its work on a grid: droplets a cell × its cells, each of at most the lifetime's steps there
  // (a droplet that rolls off the map or stops on a flat spot takes fewer), so a build at 4096
  // cells a view runs 256 times the droplets of the 256² view, each of 16 times the steps.
  workAt(p, grid, run) {
    const droplets = Math.round(p.droplets * grid.n * grid.n);
    const ratio = cellRatio(p.cells, grid);
    const scaled = ratio === 1 ? '' : `, × ${workCount(ratio)}`;
    return {
      units: droplets * run.lifetime,
      unit: 'droplet steps at most',
      text: `${workCount(droplets)} droplets of up to ${workCount(run.lifetime)} steps over ${grid.n}² cells (${workCount(p.droplets)} a cell; lifetime ${workCount(p.lifetime)} ${countedWords(p.cells)}${scaled})`,
    };
  },
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
