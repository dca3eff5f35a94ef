// One sort of the heights per edit: a radix sort of Float32 keys that yields the cell order.
//
// The water level (a quantile) and every land cell's rank both come out of the same ordering,
// so an edit costs a few linear passes instead of a comparison sort plus a binary search per
// cell. The sort itself runs in WebAssembly (wasm/kernels.as.ts): two passes of 16 bits over
// sortable float bits, about twice as fast as the same passes in JS.

import { wasmArgsort, wasmSort } from './wasm/instance.ts';

/**
 * Sorts `values` ascending: writes the sorted values into `sortedOut` and the index of the
 * cell holding each of them into `orderOut` (stable: ties keep cell order).
 */
export function argsortFloat32(values: Float32Array, /* out */ sortedOut: Float32Array, /* out */ orderOut: Uint32Array): void {
  const n = values.length;
  if (sortedOut.length !== n || orderOut.length !== n) throw new Error(`argsortFloat32: outputs must hold ${n} entries`);
  wasmArgsort(values, sortedOut, orderOut);
}

/**
 * Sorts `values` ascending into `sortedOut`, the values alone: what argsortFloat32 writes there,
 * without the cells' order (three 11-bit passes: for tens of thousands of values, several times
 * faster than the argsort's two 16-bit passes and their 65,536-entry tables).
 */
export function sortFloat32(values: Float32Array, /* out */ sortedOut: Float32Array): void {
  if (sortedOut.length !== values.length) throw new Error(`sortFloat32: the output must hold ${values.length} entries`);
  wasmSort(values, sortedOut);
}

/** Number of entries of an ascending array that are < v. */
export function countBelow(sorted: Float32Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether two grids hold the same bits (NaN payloads and signed zeros included): a result made
 * from one is then the result for the other, bit for bit. The rank's bucket table keeps its last
 * result on this test.
 */
export function sameBits(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
