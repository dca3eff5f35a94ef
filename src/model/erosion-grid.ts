// The erosions' and the flow's `grid` param (format 8; nodes/hydraulic.ts, thermal.ts, fluvial.ts,
// flow.ts, read through NodeDef.ownGrid): whether the node runs on the grid it is bound to alone
// (the view without a world, the world's grid, a build's grid), whatever reads it, or on that grid
// grown by the halos of the nodes reading it, as files before format 8 did.

import type { EnumParam } from './params.ts';

export type GridRun = 'own' | 'grown';

export const GRID_PARAM: EnumParam<GridRun> = {
  // No label: its key, 'grid', is its name on the card ("grid: its own").
  kind: 'enum',
  default: 'own',
  options: ['own', 'grown'],
  // "grown by readers' halos" was cut off in the card's select at 1024 × 700.
  labels: { own: 'its own', grown: 'grown by readers' },
  since: { version: 8, legacy: 'grown' },
  doc:
    'The grid it runs on: "its own" (own in files), the view without a world, the world\'s grid with one, a build\'s whole grid, ' +
    'whatever reads it: a node below that reads round a cell (a coast, a wind, a blur, a warp) reads past that grid its edge cells carried out, ' +
    'so wiring one in changes nothing above it; "grown by readers" (grown), as files before format 8 did: ' +
    'that grid grown by the halos of the nodes reading it, so adding such a reader changes its cells (an erosion wears other land).',
};
