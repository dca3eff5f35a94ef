// Flow and rivers: depressions filled by Priority-Flood (Barnes, Lehman and Mulla 2014), a
// receiver for every land cell, and the rain gathered downstream into an accumulation.
//
// The flood starts from the outlets — land cells beside the sea or on the map's edge — and
// grows inland, lowest front cell first (lowest in the heights sorted once, ties in cell order,
// so the order is the heights' own, whatever the queue). A cell reached from a higher front is in
// a hollow: it is raised to the front's height (a lake) and, as Barnes' "improved" variant does,
// handled through a plain queue instead of the priority queue. Each cell drains to the cell the flood reached it
// from, or, outside lakes, to its steepest strictly lower neighbour (8 directions). Every step
// goes down in the key (filled height, flood order), so the drainage has no cycles, never
// climbs in the filled heights, and ends at the sea or the edge.

import { scratch } from './scratch.ts';
import { type FloodMemory, floodMemory, wasmAccumulate, wasmAccumulateAfterFlood, wasmChains, wasmFlood } from './wasm/flood-instance.ts';

/** A cell's receiver when it drains into the sea (a sea neighbour) or off the map's edge. */
export const OFF_MAP = -1;

export interface FlowResult {
  /** Land cells in flood order (receivers before the cells draining into them); `count` used. */
  readonly order: Int32Array;
  readonly count: number;
  /** Rain on land, summed in doubles (in rain × cell area). */
  readonly rainOnLand: number;
  /** What left the land: into the sea or off the edge. */
  readonly outflow: number;
}

/**
 * Fills the depressions of the land (cells with height ≥ seaLevel) and finds where each land
 * cell drains. Writes the filled heights (sea cells keep theirs) and the receiver of each land
 * cell (a cell index, or OFF_MAP for an outlet; −2 on sea cells). Returns the land cells in
 * flood order. Given `chain` (n² entries), also writes there the land cells in another order
 * where each comes after every cell draining into it, one that keeps near the cells it has
 * just passed: wasm/flood.as.ts chains.
 */
export function priorityFlood(
  height: Float32Array,
  n: number,
  seaLevel: number,
  /* out */ filled: Float32Array,
  /* out */ receiver: Int32Array,
  /* out */ chain?: Int32Array,
): { order: Int32Array; count: number } {
  const { order, count } = flood(height, n, seaLevel, filled, receiver, chain);
  return { order, count };
}

/** priorityFlood, also giving the module's memory where the receivers and order still are. */
function flood(
  height: Float32Array,
  n: number,
  seaLevel: number,
  /* out */ filled: Float32Array,
  /* out */ receiver: Int32Array,
  /* out */ chain?: Int32Array,
): { order: Int32Array; count: number; m: FloodMemory } {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['filled', filled], ['receiver', receiver]] as const) {
    if (a.length !== cells) throw new Error(`flow: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  if (chain && chain.length < cells) throw new Error(`flow: chain holds ${chain.length} cells, fewer than ${n} × ${n} = ${cells}`);
  if (filled === height) throw new Error('flow: the filled heights must not overwrite the input');
  // The sort of the land's heights, the flood and the receivers run in WebAssembly
  // (wasm/flood.as.ts), in the module's memory: the heights go in and are flooded in place there
  // (a lake's surface is the exact height of its spill point, a copy of one Float32 height, so
  // Float32 holds every filled height exactly), the filled heights, receivers and order come out.
  // Every land cell's place in the land's heights sorted ascending (ties in cell order, as the
  // sort is stable) is the flood's priority, so the order is total and defined by the heights alone.
  const m = floodMemory(cells);
  m.filled.set(height);
  const count = wasmFlood(m, n, seaLevel);
  filled.set(m.filled);
  receiver.set(m.receiver);
  const order = scratch('flow.order', Int32Array, cells);
  order.set(m.order.subarray(0, count));
  if (chain) chain.set(wasmChains(m, cells));
  return { order, count, m };
}

/**
 * Gathers rain downstream. `rain` is the rain per land cell (null: 1 everywhere), less `loss`
 * and never below 0; each cell contributes rain × cellArea. Writes the accumulation (the rain of
 * the cell and of everything draining through it) on land, 0 on the sea.
 */
export function accumulate(
  receiver: Int32Array,
  order: Int32Array,
  count: number,
  rain: Float32Array | null,
  loss: number,
  cellArea: number,
  /* out */ accumulation: Float32Array,
): FlowResult {
  const cells = accumulation.length;
  if (receiver.length !== cells || (rain && rain.length !== cells)) throw new Error(`flow: rain or receivers do not match the grid of ${cells} cells`);
  // In WebAssembly (wasm/flood.as.ts): each cell's own rain in memory order, then the flood
  // order walked backwards (donors come after their receivers in it, or anywhere for a
  // steeper-neighbour receiver, which is strictly lower hence flooded earlier), in doubles.
  const { rainOnLand, outflow } = wasmAccumulate(receiver, order, count, rain, loss, cellArea, accumulation);
  return { order, count, rainOnLand, outflow };
}

/**
 * priorityFlood then accumulate, with the same outputs, bit for bit: the accumulation reads the
 * receivers and the order in the WebAssembly module's memory, where the flood left them, instead
 * of having them copied in again (about 1.5 ms at 1024²). For a caller that runs the two back to
 * back, as fluvial erosion does at every step.
 */
export function floodAndAccumulate(
  height: Float32Array,
  n: number,
  seaLevel: number,
  rain: Float32Array | null,
  loss: number,
  cellArea: number,
  /* out */ filled: Float32Array,
  /* out */ receiver: Int32Array,
  /* out */ accumulation: Float32Array,
  /* out */ chain?: Int32Array,
): FlowResult {
  const cells = n * n;
  if (accumulation.length !== cells || (rain && rain.length !== cells)) throw new Error(`flow: rain or accumulation do not match the grid of ${n} × ${n} = ${cells} cells`);
  const { order, count, m } = flood(height, n, seaLevel, filled, receiver, chain);
  const { rainOnLand, outflow } = wasmAccumulateAfterFlood(m, count, rain, loss, cellArea, accumulation);
  return { order, count, rainOnLand, outflow };
}
