// The flood module (flood.as.ts), instantiated on first use on each thread (lazy-module.ts; under
// the 4 KB a page may compile synchronously), its memory its own: no static data, so two
// threads never share a table. The caller (flow.ts) writes the heights into the module's memory;
// a call sorts the land's and floods there, and the filled heights, receivers and order are
// copied out (and, for fluvial erosion, the drainage chains made from the receivers still there).
// The accumulation copies its receivers, order and rain in, and the accumulation out; right after
// a flood (flow.ts floodAndAccumulate) it reads the receivers and order where the flood left
// them. The memory only grows; releaseFloodMemory drops it after a one-off large grid.

import { FLOOD_WASM_BASE64 } from './flood-binary.ts';
import { FIRST_BYTE, lazyModule } from './lazy-module.ts';

interface FloodExports {
  readonly memory: WebAssembly.Memory;
  flood(n: number, seaLevel: number, fAt: number, sortedAt: number, byPlaceAt: number, placeAt: number, receiverAt: number, orderAt: number, pitAt: number, queueAt: number, tableAt: number): number;
  chains(cells: number, receiverAt: number, donorsAt: number, chainAt: number): number;
  accumulate(cells: number, count: number, receiverAt: number, orderAt: number, rainAt: number, loss: number, cellArea: number, accAt: number, outAt: number, sumsAt: number): void;
}

const floodModule = lazyModule<FloodExports>(FLOOD_WASM_BASE64, 'flow and rivers');

/** The compiled module's bytes. */
export const floodBytes = floodModule.bytes;

/** Bytes the module's memory holds now (tests). */
export const floodMemoryBytes = floodModule.memoryBytes;

/** Bytes a cell takes in the module's memory at most: the flood's seven Int32 or Float32 arrays and its queue's bit. */
const BYTES_A_CELL = 29;
/** The sort's two tables of 65,536 counts. */
const TABLE_BYTES = 2 * 65536 * 4;

/** Drops the module's memory when it holds more than a grid of `maxCells` cells needs (trimScratch). */
export function releaseFloodMemory(maxCells: number): void {
  floodModule.release(FIRST_BYTE + BYTES_A_CELL * maxCells + TABLE_BYTES + 16 * 9);
}

/** The module's memory laid out for the flood of `cells` cells: typed views, valid until the next call here. */
export interface FloodMemory {
  /** The heights in, the filled heights out. */
  readonly filled: Float32Array;
  readonly receiver: Int32Array;
  /** The land cells in flood order. */
  readonly order: Int32Array;
  /**
   * Byte offsets of filled, the land's sorted heights, the cell at each of their places, the
   * places, receiver, order, the pit queue, the priority queue and the sort's tables.
   */
  readonly at: readonly number[];
}

/** Consecutive 16-aligned regions of these byte sizes from FIRST_BYTE; grows the memory to hold them. */
function regions(k: FloodExports, sizes: readonly number[]): { at: number[]; buffer: ArrayBuffer } {
  const at: number[] = [];
  let end = FIRST_BYTE;
  for (const size of sizes) {
    at.push(end);
    end += Math.ceil(size / 16) * 16;
  }
  return { at, buffer: floodModule.reserve(k, end) };
}

/** Lays out (and grows) the module's memory for the flood of `cells` cells. */
export function floodMemory(cells: number): FloodMemory {
  const k = floodModule.exports();
  const b = 4 * cells;
  const { at, buffer } = regions(k, [b, b, b, b, b, b, b, 4 * ((cells + 31) >>> 5), TABLE_BYTES]);
  return {
    filled: new Float32Array(buffer, at[0], cells),
    receiver: new Int32Array(buffer, at[4], cells),
    order: new Int32Array(buffer, at[5], cells),
    at,
  };
}

/** The flood over the arrays floodMemory laid out for an n × n grid (the heights written into filled): the count of land cells. */
export function wasmFlood(m: FloodMemory, n: number, seaLevel: number): number {
  const [fAt, sortedAt, byPlaceAt, placeAt, receiverAt, orderAt, pitAt, queueAt, tableAt] = m.at;
  return floodModule.exports().flood(n, seaLevel, fAt, sortedAt, byPlaceAt, placeAt, receiverAt, orderAt, pitAt, queueAt, tableAt);
}

/**
 * The land cells, every one after the cells that drain into it (flood.as.ts chains), from the
 * receivers the last wasmFlood over `m` left in the module's memory: a view of the module's
 * memory (over the places and the pit queue, which the flood no longer needs), valid until the
 * next call here.
 */
export function wasmChains(m: FloodMemory, cells: number): Int32Array {
  const [, , , placeAt, receiverAt, , pitAt] = m.at;
  const count = floodModule.exports().chains(cells, receiverAt, placeAt, pitAt);
  return new Int32Array(floodModule.exports().memory.buffer, pitAt, count);
}

/**
 * The accumulation (flow.ts accumulate) in the module's memory: the receivers, the first `count`
 * of the order and the rain (null: 1 everywhere) copied in, the accumulation copied out.
 */
export function wasmAccumulate(
  receiver: Int32Array,
  order: Int32Array,
  count: number,
  rain: Float32Array | null,
  loss: number,
  cellArea: number,
  /* out */ accumulation: Float32Array,
): { rainOnLand: number; outflow: number } {
  const k = floodModule.exports();
  const cells = accumulation.length;
  const b = 4 * cells;
  const { at, buffer } = regions(k, [b, 4 * count, rain ? b : 0, 8 * cells, b, 16]);
  new Int32Array(buffer, at[0], cells).set(receiver.subarray(0, cells));
  new Int32Array(buffer, at[1], count).set(order.subarray(0, count));
  return accumulateAt(k, cells, count, at[0], at[1], rain, at[2], loss, cellArea, at[3], at[4], at[5], accumulation);
}

/**
 * The accumulation over the receivers and order the last wasmFlood over `m` left in the module's
 * memory, where wasmAccumulate would copy them in again (about 1.5 ms at 1024²). The rest goes
 * where the flood has done with its arrays: the rain over the heights (the caller has copied the
 * filled ones out), the doubles over the sorted heights and the cells at their places (two
 * regions of 4 bytes a cell, one after the other), the accumulation over the places (wasmChains'
 * donors, also read by then), the two sums over the sort's tables.
 */
export function wasmAccumulateAfterFlood(
  m: FloodMemory,
  count: number,
  rain: Float32Array | null,
  loss: number,
  cellArea: number,
  /* out */ accumulation: Float32Array,
): { rainOnLand: number; outflow: number } {
  const [fAt, sortedAt, , placeAt, receiverAt, orderAt, , , tableAt] = m.at;
  return accumulateAt(floodModule.exports(), accumulation.length, count, receiverAt, orderAt, rain, fAt, loss, cellArea, sortedAt, placeAt, tableAt, accumulation);
}

/** flood.as.ts accumulate at these offsets: the rain copied in (at rainAt), the accumulation copied out. */
function accumulateAt(
  k: FloodExports,
  cells: number,
  count: number,
  receiverAt: number,
  orderAt: number,
  rain: Float32Array | null,
  rainAt: number,
  loss: number,
  cellArea: number,
  accAt: number,
  outAt: number,
  sumsAt: number,
  /* out */ accumulation: Float32Array,
): { rainOnLand: number; outflow: number } {
  const buffer = k.memory.buffer;
  if (rain) new Float32Array(buffer, rainAt, cells).set(rain);
  k.accumulate(cells, count, receiverAt, orderAt, rain ? rainAt : 0, loss, cellArea, accAt, outAt, sumsAt);
  accumulation.set(new Float32Array(buffer, outAt, cells));
  const sums = new Float64Array(buffer, sumsAt, 2);
  return { rainOnLand: sums[0], outflow: sums[1] };
}
