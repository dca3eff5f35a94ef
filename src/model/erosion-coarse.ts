// The erosions' `coarse` param (format 4; nodes/hydraulic.ts, nodes/thermal.ts): what an erosion
// does on a grid of another resolution than the one asked (NodeDef.coarseParams).

import type { EnumParam } from './params.ts';

export const COARSE_PARAM: EnumParam<'before' | 'run'> = {
  label: 'on coarse grids',
  kind: 'enum',
  default: 'before',
  options: ['before', 'run'],
  labels: { before: 'the land before it', run: 'eroded there too' },
  since: { version: 4, legacy: 'run' },
  doc:
    "On a grid coarser or finer than the one asked for (the water's world cut, the wind's coarse pass upwind): " +
    '"the land before it" (before in files) passes the land on as it was before this erosion, whose large shapes are all such a ' +
    'grid holds; "eroded there too" (run) erodes that grid as well, another landscape at another resolution, as files before format 4 did (on the eroded-valleys recipe a third of the land came out ' +
    'snow and the lee wetter than the windward side).',
};
