// Land rank: each land cell's percentile among the land of the cut source.

import { countBelowIn, type Places, placesBuckets, placesFor } from '../src/kernels/places.ts';
import { sharedScratch } from '../src/kernels/scratch.ts';
import { bands } from '../src/parallel/threads.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import type { TerrainValue } from '../src/model/values.ts';

/** What a band of the world-cut rank reads: the grid's heights, the table of the cut's sorted land heights. */
type RankBand = {
  readonly h: Float32Array;
  readonly out: Float32Array;
  readonly n: number;
  readonly level: number;
  readonly span: number;
  readonly sorted: Float32Array;
  readonly start: Int32Array;
  readonly valid: number;
  readonly lo: number;
  readonly scale: number;
  readonly buckets: number;
};

/**
 * Rows r0 … r1 − 1 of the world-cut rank: each land cell's place among the cut's sorted land
 * heights (the number below it: with the cut's water, all below any land cell, the number below
 * it in the whole cut), cell by cell, so any band gives the same bits.
 */
function rankBand(a: RankBand, r0: number, r1: number): void {
  const { h, out, level, span, sorted, start, lo, scale } = a;
  const places: Places = { sorted, start, valid: a.valid, lo, scale, buckets: a.buckets };
  const last = a.buckets - 1;
  for (let i = r0 * a.n; i < r1 * a.n; i++) {
    const v = h[i];
    if (v < level) {
      out[i] = 0;
      continue;
    }
    // countBelowIn(places, v), its common case written out: this loop is the node's whole cost.
    let b = Math.floor((v - lo) * scale);
    b = b >= 0 ? (b < last ? b : last) : 0;
    let j = start[b];
    const end = start[b + 1];
    // Most buckets are empty: the count is where the bucket starts, with no compare to mispredict.
    if (end !== j) {
      if (end - j > 16) j = countBelowIn(places, v);
      else while (j < end && sorted[j] < v) j++;
    }
    const r = j / span;
    out[i] = r < 0 ? 0 : r > 1 ? 1 : r;
  }
}

/**
 * 0 at the coast, 1 at the highest land, 0 on water; equal heights get equal ranks. With a
 * view cut the water node's ordering gives every rank in one pass; with a world cut each cell
 * is placed among the world's sorted land heights (a bucket table, src/kernels/places.ts),
 * row bands over the threads there are.
 */
export function landRank(t: TerrainValue, /* out */ out: Float32Array): void {
  const h = t.data;
  if (out.length !== h.length) throw new Error(`rank: output holds ${out.length} cells, terrain ${h.length}`);
  const k = t.waterCount;
  const land = t.sorted.length - k;
  if (land <= 0) {
    out.fill(0);
    return;
  }
  const span = land > 1 ? land - 1 : 1;
  if (t.order && t.order.length === h.length) {
    out.fill(0);
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
  // The table covers the land heights only (every cut height below the level is below every
  // land cell): twice the buckets over the heights that matter, fewer compares.
  const landHeights = t.sorted.subarray(k);
  const start = sharedScratch('rank.places', Int32Array, placesBuckets(landHeights.length) + 1);
  const p = placesFor(landHeights, start);
  // A square grid is cut by rows; any other length (tests) runs as one row.
  const n = Math.round(Math.sqrt(h.length));
  const rows = n * n === h.length ? n : 1;
  const args: RankBand = { h, out, n: h.length / rows, level: t.seaLevel, span, sorted: landHeights, start, valid: p.valid, lo: p.lo, scale: p.scale, buckets: p.buckets };
  bands('rank', rankBand, args, rows);
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
  band: rankBand,
  run(ctx) {
    const t = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    landRank(t, out);
    return { out: field(out, 'rank') };
  },
});
