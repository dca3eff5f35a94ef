// The erosions' `cells` param (format 7; nodes/hydraulic.ts, nodes/thermal.ts): whether their
// params count cells of a 256 map, the same look at every resolution, or the cells of the grid
// they run on, as before format 7 (NodeDef.cellScale).

import type { CellsCounted } from './manifest.ts';
import type { EnumParam } from './params.ts';

export const CELLS_PARAM: EnumParam<CellsCounted> = {
  // Its key for a label: 'cells counted' wrapped to two lines under "on coarse grids" on the
  // card, and "cells: 256-map cells" says it.
  kind: 'enum',
  default: 'map256',
  options: ['map256', 'grid'],
  labels: { map256: '256-map cells', grid: "the grid's own" },
  since: { version: 7, legacy: 'grid' },
  doc:
    "What the params that count cells count (a droplet's steps of one cell, a pass that moves ground one cell; the hydraulic's droplets a cell and brush stay in the grid's cells): " +
    '"256-map cells" (map256 in files), cells of a map 256 cells a view wide, as set at the editor\'s 256² view: the engine scales them to the ' +
    'cells of the grid it runs on, so a 1024² view or a build at 1024 cells a view wears the same valleys, with finer detail; ' +
    '"the grid\'s own" (grid), as files before format 7 did: the same params wear shorter, finer gullies on a finer grid.',
};
