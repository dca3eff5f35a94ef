// The thermal erosion module (thermal.as.ts), instantiated on first use (lazy-module.ts; under the
// 4 KB a page may compile synchronously). Two ways to run its passes:
// - all of them in the module's memory (one thread): the padded heights go in once, the passes
//   alternate between two grids there, the last one comes out; nothing is copied between passes;
// - a band of rows of one pass (the engine's threads, each with its own instance): on the grid
//   heap (src/parallel/memory.ts) the heap build reads and writes the two grids in place, the
//   ring in the thread's own scratch there; else the rows the band reads are copied in from the
//   shared grid, and the rows it writes copied out to the other.
// The memory only grows; releaseThermalMemory drops it after a one-off large grid.

import { heapScratch, onHeap } from '../../parallel/memory.ts';
import { countHeapCall, onHeapModule } from './heap-instance.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';
import { THERMAL_WASM_BASE64 } from './thermal-binary.ts';
import { THERMAL_HEAP_WASM_BASE64 } from './thermal-heap-binary.ts';

interface ThermalExports {
  readonly memory: WebAssembly.Memory;
  ringBytes(w: number): number;
  pass(w: number, r0: number, r1: number, fromAt: number, toAt: number, ringAt: number, talus: number, diagonal: number, rate: number): void;
}

const thermalModule = lazyModule<ThermalExports>(THERMAL_WASM_BASE64, 'thermal erosion');
const thermal = thermalModule.exports;

/** The compiled module's bytes. */
export const thermalBytes = thermalModule.bytes;

/** The same module on the grid heap (heap-instance.ts). */
const heapThermal = onHeapModule<ThermalExports>(THERMAL_HEAP_WASM_BASE64);

/** The heap module's bytes. */
export const heapThermalBytes = heapThermal.bytes;

/** Bytes the module's memory holds now (tests). */
export const thermalMemoryBytes = thermalModule.memoryBytes;

/** Drops the module's memory when it holds more than a grid of `maxCells` cells needs (trimScratch). */
export function releaseThermalMemory(maxCells: number): void {
  // Two padded grids of doubles (a grid's cells and its padding: under 17 bytes a cell past 64²) and the ring.
  thermalModule.release(FIRST_BYTE + 17 * maxCells + 16 * PAGE);
}

/** The slopes of a pass: the steepest stable drop to a neighbour along an axis and across a diagonal, and the share of the excess that slides. */
export interface ThermalSlopes {
  readonly talus: number;
  readonly diagonal: number;
  readonly rate: number;
}

/** The two padded grids (w × w doubles) the passes alternate between in the module's memory, and the ring's offset. */
function grids(k: ThermalExports, w: number): { a: Float64Array; b: Float64Array; ringAt: number } {
  const cells = w * w;
  const { at, buffer } = thermalModule.regions(k, [8 * cells, 8 * cells, k.ringBytes(w)]);
  return { a: new Float64Array(buffer, at[0], cells), b: new Float64Array(buffer, at[1], cells), ringAt: at[2] };
}

/** The first of the two grids in the module's memory (w × w), for the padded heights before wasmThermalPasses. */
export function wasmThermalGrid(w: number): Float64Array {
  return grids(thermal(), w).a;
}

/**
 * `iterations` passes over the padded heights (a ring of +∞ around the map) written into
 * wasmThermalGrid(w), all in the module's memory; returns the grid holding the last pass's.
 * `checkpoint` is called before each pass.
 */
export function wasmThermalPasses(w: number, s: ThermalSlopes, iterations: number, checkpoint?: () => void): Float64Array {
  const k = thermal();
  const { a, b, ringAt } = grids(k, w);
  // The padding of both grids; b's inside is written by the first pass.
  b.set(a);
  let from = a;
  let to = b;
  for (let it = 0; it < iterations; it++) {
    checkpoint?.();
    k.pass(w, 0, w - 2, from.byteOffset, to.byteOffset, ringAt, s.talus, s.diagonal, s.rate);
    [from, to] = [to, from];
  }
  return from;
}

/**
 * Rows r0 … r1 − 1 of the map (inside the padding) of one pass: reads `from` (padded, w × w),
 * writes those rows of `to` (their cells inside the padding only).
 */
export function wasmThermalBand(from: Float64Array, to: Float64Array, w: number, s: ThermalSlopes, r0: number, r1: number): void {
  const h = onHeap(from.buffer) && onHeap(to.buffer) ? heapThermal.exports() : null;
  const ringAt = h ? heapScratch('thermal.ring', h.ringBytes(w)) : -1;
  if (h && ringAt >= 0) {
    countHeapCall();
    // Reads past a grid's last cell (a pair's second, with n odd) fall in the heap's slack.
    h.pass(w, r0, r1, from.byteOffset, to.byteOffset, ringAt, s.talus, s.diagonal, s.rate);
    return;
  }
  const k = thermal();
  // Padded rows r0 + 1 … r1 are written; their shares and those of the rows on either side read
  // the heights two rows around them.
  const first = Math.max(0, r0 - 1);
  const last = Math.min(w - 1, r1 + 2);
  const rows = last - first + 1;
  const { at, buffer } = thermalModule.regions(k, [8 * w * rows, 8 * w * (r1 - r0), k.ringBytes(w)]);
  new Float64Array(buffer, at[0], w * rows).set(from.subarray(first * w, (last + 1) * w));
  // The module addresses rows by their padded index: where row 0 would be (wrapping below 0 is
  // fine, as every address it reads is in the copied rows).
  k.pass(w, r0, r1, at[0] - 8 * w * first, at[1] - 8 * w * (r0 + 1), at[2], s.talus, s.diagonal, s.rate);
  const written = new Float64Array(buffer, at[1], w * (r1 - r0));
  for (let r = 0; r < r1 - r0; r++) to.set(written.subarray(r * w + 1, r * w + w - 1), (r0 + 1 + r) * w + 1);
}
