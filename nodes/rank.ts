// Land rank: each land cell's percentile among the land of the cut source.

import { placesBuckets, placesFor } from '../src/kernels/places.ts';
import { sharedScratch } from '../src/kernels/scratch.ts';
import { wasmRank } from '../src/kernels/wasm/instance.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import type { TerrainValue } from '../src/model/values.ts';

/** What a band of the world-cut rank reads: the grid's heights, the bucket table of the cut's sorted land heights, each count's rank. */
type RankBand = {
  readonly h: Float32Array;
  readonly out: Float32Array;
  readonly n: number;
  readonly start: Int32Array;
  readonly buckets: number;
  /** The cut's land heights that are not NaN, ascending. */
  readonly sorted: Float32Array;
  readonly lo: number;
  readonly scale: number;
  readonly ranks: Float32Array;
  /** The places table's generation: the same one holds the same start, sorted and ranks. */
  readonly generation: number;
  /** Four NaN follow sorted in its buffer (RankTable.padded). */
  readonly padded: boolean;
};

/**
 * Rows r0 … r1 − 1 of the world-cut rank: each cell's place among the cut's sorted land heights
 * (the number below it: with the cut's water, all below any land cell, the number below it in
 * the whole cut), cell by cell in WebAssembly, so any band gives the same bits. A water cell is
 * below every land height, so its count is 0 and its rank 0, with no test of the level.
 */
function rankBand(a: RankBand, r0: number, r1: number): void {
  wasmRank(a, rowsOf(a.h, a.n, r0, r1), rowsOf(a.out, a.n, r0, r1));
}

/**
 * The table of ranks and the copy of the sorted heights in the scratch buffers: which places
 * table they were made for, in which scratch arrays (the arrays, not their buffers: on the grid
 * heap every grid's buffer is the heap's).
 */
let made: { generation: number; ranks: Float32Array | null; sorted: Float32Array | null } = { generation: 0, ranks: null, sorted: null };

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
  // The rank of each count, as the division gave it cell by cell: j / span, at most 1.
  const ranksGrid = sharedScratch('rank.ranks', Float32Array, p.valid + 1);
  const ranks = ranksGrid.subarray(0, p.valid + 1);
  // The heights the bands compare with, in shared memory whatever the caller's cut lives in,
  // and four NaN after them (the four-wide compare from a bucket's start may read past the last
  // entry; NaN is below nothing), so heap kernels read all three tables in place.
  const padded = sharedScratch('rank.sorted', Float32Array, p.valid + 4);
  const sorted = padded.subarray(0, p.valid);
  // The same table as the last run's (the same cut: the view and the wind's coarse squares in
  // one evaluation, every evaluation until the heights change) left both as they are: span and
  // valid are the table's (land is the length of the heights it was made from).
  if (p.generation !== made.generation || ranksGrid !== made.ranks || padded !== made.sorted) {
    for (let j = 0; j <= p.valid; j++) ranks[j] = Math.min(1, j / span);
    sorted.set(landHeights.subarray(0, p.valid));
    padded.fill(NaN, p.valid, p.valid + 4);
    made = { generation: p.generation, ranks: ranksGrid, sorted: padded };
  }
  // A square grid is cut by rows; any other length (tests) runs as one row.
  const n = Math.round(Math.sqrt(h.length));
  const rows = n * n === h.length ? n : 1;
  const args: RankBand = { h, out, n: h.length / rows, start, buckets: p.buckets, sorted, lo: p.lo, scale: p.scale, ranks, generation: p.generation, padded: true };
  bands('rank', rankBand, args, rows, 8, true);
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
