// Coast distance: exact Euclidean distance from each land cell to the nearest water cell.

import { assertGrid, cellLength256, COAST_UNITS, type Domain, domainKey } from '../src/grid.ts';
import { cellOffset } from '../src/engine/domains.ts';
import { distanceBand, distanceCells, distanceToBelow } from '../src/kernels/distance.ts';
import { wasmSameSites } from '../src/kernels/wasm/distance-instance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import type { TerrainValue, Value } from '../src/model/values.ts';

/** Distance to the nearest water cell in cells of a 256 map; 0 on water, +∞ with no water in view. */
export function coastDistance(terrain: TerrainValue, domain: Domain, /* out */ out: Float32Array): void {
  assertGrid('coast terrain', terrain.data, domain);
  distanceToBelow(out, domain, terrain.data, terrain.seaLevel, cellLength256(domain));
}

/**
 * What a capped result was computed from, by the value its run returned (a crop of it is
 * another value): its grown domain, domain and cap, and the water cells (1 a cell) of the
 * grown grid. Each node compares against its own last result, whichever engine holds it.
 */
const computedFrom = new WeakMap<Value, { readonly key: string; readonly water: Uint8Array }>();

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

/**
 * Results computed without a cap: the last result may be copied only when it is one of them
 * (after the cap was set to 0, the capped one was copied: distances clipped at the old cap).
 */
const uncapped = new WeakSet<object>();

export const coast = defineNode({
  type: 'coast',
  title: 'Coast distance',
  group: 'Water',
  doc:
    'Exact Euclidean distance from each land cell to the nearest water cell, in cells of a 256 map ' +
    '(the same at every resolution); 0 on water. With a cap the node reads the world within the cap ' +
    'around the view, so water just past the view is seen: distances are exact up to the cap and ' +
    'equal to it beyond, the same in every view. Cap 0 (files of format 1) sees only the view, with ' +
    'no limit. Linear time (Felzenszwalb & Huttenlocher).',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'distance', doc: 'Distance to the sea in 256-map cells, up to the cap; +∞ with cap 0 and no water in view.' },
  },
  params: {
    cap: {
      kind: 'number',
      default: 32,
      min: 0,
      max: 128,
      step: 1,
      label: 'cap',
      unit: 'cells',
      since: { version: 2, legacy: 0 },
      doc:
        'Largest distance measured, in 256-map cells: the node reads the world this far around the view, ' +
        'so the result does not depend on the view. 0: no cap, but water outside the view is not seen.',
    },
  },
  footprintDoc:
    'halo of `cap` 256-map cells (cap / 256 views) on every side; view-bound with cap 0 (sees only the grid it is given).',
  footprint(p) {
    return p.cap > 0 ? { kind: 'halo', radius: p.cap / COAST_UNITS } : { kind: 'view' };
  },
  band: distanceBand,
  run(ctx, p) {
    const terrain = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    if (p.cap > 0) {
      // Every water cell within the cap of an output cell lies in the halo, so the transform over
      // the grown grid is exact up to the cap; past it, water outside may be nearer: say the cap.
      const h = terrain.data;
      const key = `${domainKey(ctx.inputDomain)}|${domainKey(ctx.domain)}|${p.cap}`;
      // A curve dragged inland moves heights but no cell across the sea level: the distances are
      // then those of the last run, bit for bit, and copying them costs a pass over the halo.
      const previous = ctx.previous('out');
      const last = previous ? computedFrom.get(previous) : undefined;
      // The water cells go with the result that was computed from them: a buffer of the engine's
      // pool (on the grid heap while there is one, so the next run compares it with the heights
      // in place), given back when the result is replaced or disposed.
      const water = ctx.alloc('u8', h.length);
      if (previous && last && last.key === key && wasmSameSites(h, terrain.seaLevel, last.water)) {
        out.set(previous.data);
        water.set(last.water);
        const value = field(out, 'distance');
        computedFrom.delete(previous);
        computedFrom.set(value, { key, water });
        return { out: value };
      }
      if (previous) computedFrom.delete(previous);
      const m = ctx.inputDomain.n;
      const at = cellOffset(ctx.inputDomain, ctx.domain)!;
      // Both passes over the threads; only the output's cells are finished (no crop after).
      distanceCells('coast', { below: h, level: terrain.seaLevel }, m, at.dc, at.dr, ctx.domain.n, cellLength256(ctx.domain), p.cap, out, water, true);
      const value = field(out, 'distance');
      computedFrom.set(value, { key, water });
      return { out: value };
    }
    // A curve dragged above the coast moves heights but no cell across the sea level: the
    // distances are then those of the last run, bit for bit, and copying them is 30 times
    // cheaper than the transform.
    // Only a last run without a cap: one with a cap stopped at it and saw water in the halo.
    const previous = ctx.previous('out');
    if (previous?.type === 'field' && uncapped.has(previous) && sameWater(previous.data, terrain)) out.set(previous.data);
    else distanceCells('coast', { below: terrain.data, level: terrain.seaLevel }, ctx.domain.n, 0, 0, ctx.domain.n, cellLength256(ctx.domain), Infinity, out);
    const value = field(out, 'distance');
    uncapped.add(value);
    return { out: value };
  },
});
