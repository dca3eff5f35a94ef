// Thermal erosion: ground steeper than its talus slope slides down to its lower neighbours
// (the kernel is src/kernels/thermal.ts).

import { type ThermalBand, thermalBand, thermalErosion } from '../src/kernels/thermal.ts';
import { CELLS_PARAM } from '../src/model/erosion-cells.ts';
import { COARSE_PARAM } from '../src/model/erosion-coarse.ts';
import { GRID_PARAM } from '../src/model/erosion-grid.ts';
import { cellRatio, countedWords, defineNode, field, workCount } from '../src/model/manifest.ts';
import { bands, threadCount } from '../src/parallel/threads.ts';

export const thermal = defineNode({
  type: 'thermal',
  title: 'Thermal erosion',
  group: 'Terrain',
  doc:
    'Scree: wherever the ground is steeper than the talus slope, part of the excess slides to the lower of ' +
    'its 8 neighbours, pass after pass, so cliffs lay back into slopes and debris gathers at their feet. ' +
    'Material stays on the map (the sum of heights is kept). All cells move at once each pass, so a cell ' +
    'sees only the heights within 2 × passes cells of it. Its iterations read as set at 256 cells a view (cells: 256-map cells): on a grid of more cells a view it runs (cells a view / 256)² times as many passes, as a slide ' +
    'over the same world distance needs, so a 1024² view or a build at 1024 cells a view lays back the slopes of the 256² view. 0 iterations returns the input unchanged.',
  inputs: {
    height: { type: 'field', doc: 'The heights to settle (a terrain gives its heights).' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The settled heights.' },
    moved: { type: 'field', meaning: 'value', doc: 'Height lost (positive) or gained (negative) per cell.' },
  },
  params: {
    iterations: { kind: 'int', scale: 'log', default: 40, min: 0, max: 500, doc: 'Passes over a map of 256 cells a view; (cells a view / 256)² times as many on another grid (as set with cells the grid\'s own). 0 leaves the heights as they are.' },
    talus: { kind: 'number', scale: 'log', default: 4, min: 0, max: 64, step: 0.1, unit: 'height per view', doc: 'The steepest slope that stands: height gained over one view width.' },
    rate: { kind: 'number', default: 0.25, min: 0, max: 0.5, step: 0.01, doc: 'Share of the excess that slides per pass.' },
    coarse: COARSE_PARAM,
    cells: CELLS_PARAM,
    grid: GRID_PARAM,
  },
  footprintDoc:
    "grid-bound: a cell sees the heights within 2 × passes cells (iterations × (cells a view / 256)² passes, or iterations with cells the grid's own), a reach in cells, not in world units, so its heights depend on the grid's resolution and edges; a build runs it once on its whole grid, so tiles agree at their edges (see Builds). Read on a coarse grid (the water's world cut, the wind's upwind pass) it passes the land before it on, by default (`coarse`).",
  // Runs on the grid it is bound to alone, or, in files before format 8, grown by its readers' halos.
  ownGrid: (p) => p.grid === 'own',
  coarseParams: (p) => (p.coarse === 'before' ? { ...p, iterations: 0 } : p),
  // How its params scale with the grid's cells per view (NodeDef.cellScale), for a grid of
  // `ratio` times the cells of the one they were set for (a 148² draft of a 1024² view in the
  // grid's own cells: 148 / 1024; a 1024² view of params in 256-map cells: 4): the slide is a
  // diffusion, whose passes for a given world distance go with the square of the cells it
  // spans, so it runs iterations × ratio² passes (the talus is per view already). Passes are
  // whole: it runs the next whole number of them at the rate that slides as much in all. With
  // the same passes a 148² draft of a 1024² view slid 9 times the full picture's height (mean
  // |change| against the full change averaged down to the draft's cells, 40 passes; r 0.73);
  // so, 1.07 times, r 0.97 (0.85-1.07 times at 10, 40 and 150 passes; scripts/measure-drafts.ts).
  cellScale: {
    countedIn: (p) => p.cells,
    scale: (p, ratio) => {
      const passes = p.iterations * ratio * ratio;
      const whole = Math.ceil(passes);
      return whole === p.iterations ? p : { ...p, iterations: whole, rate: (p.rate * passes) / whole };
    },
  },
  // Its work on a grid: the passes it runs there over every cell of it (a pass costs the same per
  // cell on any grid), so a build at 4096 cells a view runs (4096 / 256)² = 256 times the passes
  // of the 256² view over 256 times its cells.
  workAt(p, grid, run) {
    const ratio = cellRatio(p.cells, grid);
    const scaled = ratio === 1 ? '' : `, × ${workCount(ratio * ratio)}`;
    return {
      units: run.iterations * grid.n * grid.n,
      unit: 'cell passes',
      text: `${workCount(run.iterations)} passes over ${grid.n}² cells (${workCount(p.iterations)} ${countedWords(p.cells)}${scaled})`,
    };
  },
  footprint() {
    // A cell sees the heights within 2 × iterations cells, a reach in cells, not in world units,
    // so the engine cannot grow a domain for it: bound to the grid it runs on. A tile with that
    // margin agrees bit for bit (tests/erosion.test.ts).
    return { kind: 'view' };
  },
  // Each pass reads only the last one's heights: the engine's threads take bands of its rows.
  band: (args, r0, r1) => thermalBand(args as unknown as ThermalBand, r0, r1),
  run(ctx, p) {
    const d = ctx.domain;
    const out = ctx.alloc('f32');
    const moved = ctx.alloc('f32');
    // One thread keeps every pass in the module's memory; several share each pass's rows out.
    const split = threadCount() > 1 ? (job: ThermalBand, rows: number) => bands('thermal', thermalBand, job, rows) : undefined;
    // One cell step spans extent / n views: the talus in height per view times that.
    thermalErosion(ctx.field('height')!, d.n, { iterations: p.iterations, talusPerCell: (p.talus * d.extent) / d.n, rate: p.rate }, out, moved, ctx.checkpoint, split);
    return { out: field(out, 'height'), moved: field(moved, 'value') };
  },
});
