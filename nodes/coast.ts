// Coast distance: exact Euclidean distance from each land cell to the nearest water cell.

import { assertGrid, cellLength256, type Domain } from '../src/grid.ts';
import { distanceToBelow } from '../src/kernels/distance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import type { TerrainValue } from '../src/model/values.ts';

/** Distance to the nearest water cell in cells of a 256 map; 0 on water, +∞ with no water in view. */
export function coastDistance(terrain: TerrainValue, domain: Domain, /* out */ out: Float32Array): void {
  assertGrid('coast terrain', terrain.data, domain);
  distanceToBelow(out, domain, terrain.data, terrain.seaLevel, cellLength256(domain));
}

/**
 * True when `distance` (a previous result) is 0 exactly on this terrain's water cells: then the
 * water mask has not changed and neither has any distance. Land is always at least one cell away.
 */
export function sameWater(distance: Float32Array, terrain: TerrainValue): boolean {
  const h = terrain.data;
  if (distance.length !== h.length) return false;
  const level = terrain.seaLevel;
  for (let i = 0; i < h.length; i++) if ((distance[i] === 0) !== (h[i] < level)) return false;
  return true;
}

export const coast = defineNode({
  type: 'coast',
  title: 'Coast distance',
  group: 'Water',
  doc:
    'Exact Euclidean distance from each land cell to the nearest water cell, in cells of a 256 map ' +
    '(the same at every resolution); 0 on water. Water outside the view is not seen. Linear time ' +
    '(Felzenszwalb & Huttenlocher).',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'distance', doc: 'Distance to the sea in 256-map cells; +∞ when no water is in view.' },
  },
  params: {},
  run(ctx) {
    const terrain = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    // A curve dragged above the coast moves heights but no cell across the sea level: the
    // distances are then those of the last run, bit for bit, and copying them is 30 times
    // cheaper than the transform.
    const previous = ctx.previous('out');
    if (previous?.type === 'field' && sameWater(previous.data, terrain)) out.set(previous.data);
    else coastDistance(terrain, ctx.domain, out);
    return { out: field(out, 'distance') };
  },
});
