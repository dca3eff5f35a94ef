// Land rank: each land cell's percentile among the land of the cut source.

import { scratch } from '../src/kernels/scratch.ts';
import { argsortFloat32 } from '../src/kernels/sort.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import type { TerrainValue } from '../src/model/values.ts';

/**
 * 0 at the coast, 1 at the highest land, 0 on water; equal heights get equal ranks. With a
 * view cut the water node's ordering gives every rank in one pass; with a world cut each cell
 * is placed among the world's sorted land heights by a binary search.
 */
export function landRank(t: TerrainValue, /* out */ out: Float32Array): void {
  const h = t.data;
  if (out.length !== h.length) throw new Error(`rank: output holds ${out.length} cells, terrain ${h.length}`);
  out.fill(0);
  const k = t.waterCount;
  const land = t.sorted.length - k;
  if (land <= 0) return;
  const span = land > 1 ? land - 1 : 1;
  if (t.order && t.order.length === h.length) {
    // Equal heights share the rank of the first of them, as the world cut's search gives:
    // a flat plateau must not get a gradient from the order the sort left its cells in.
    const order = t.order;
    const sorted = t.sorted;
    let first = k;
    for (let j = k; j < order.length; j++) {
      if (j > k && sorted[j] !== sorted[j - 1]) first = j;
      out[order[j]] = (first - k) / span;
    }
    return;
  }
  // Each cell's place among the cut source's sorted heights (the number below it): the grid's
  // cells in ascending order walk the sorted heights once, instead of a search per cell.
  const sorted = t.sorted;
  const level = t.seaLevel;
  const n = h.length;
  const mine = scratch('rank.sorted', Float32Array, n).subarray(0, n);
  const order = scratch('rank.order', Uint32Array, n).subarray(0, n);
  argsortFloat32(h, mine, order);
  let below = 0;
  for (let j = 0; j < n; j++) {
    const v = mine[j];
    while (below < sorted.length && sorted[below] < v) below++;
    if (v < level) continue;
    const r = (below - k) / span;
    out[order[j]] = r < 0 ? 0 : r > 1 ? 1 : r;
  }
}

export const rank = defineNode({
  type: 'rank',
  title: 'Land rank',
  group: 'Water',
  doc:
    "Each land cell's percentile among the land cells of the water node's cut source: 0 at the " +
    'coast, 1 at the highest land, 0 on water. Altitude cools by rank, not by height, so the top of ' +
    'a small island is as cold as the top of a continent.',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'rank', doc: 'Land percentile 0…1; 0 on water.' },
  },
  params: {},
  run(ctx) {
    const t = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    landRank(t, out);
    return { out: field(out, 'rank') };
  },
});
