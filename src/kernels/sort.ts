// One sort of the heights per edit: a radix sort of Float32 keys that yields the cell order.
//
// The water level (a quantile) and every land cell's rank both come out of the same ordering,
// so an edit costs a few linear passes instead of a comparison sort plus a binary search per
// cell. Float bits are made unsigned-sortable by flipping: negatives get all bits inverted,
// positives get the sign bit set. Two passes of 16 bits beat three of 11 here: the scatter
// passes are bound by memory latency, so fewer passes win over smaller count tables.

import { scratch } from './scratch.ts';

/**
 * Sorts `values` ascending: writes the sorted values into `sortedOut` and the index of the
 * cell holding each of them into `orderOut` (stable: ties keep cell order).
 */
export function argsortFloat32(values: Float32Array, /* out */ sortedOut: Float32Array, /* out */ orderOut: Uint32Array): void {
  const n = values.length;
  if (sortedOut.length !== n || orderOut.length !== n) throw new Error(`argsortFloat32: outputs must hold ${n} entries`);
  const bits = new Uint32Array(values.buffer, values.byteOffset, n);
  const keys = scratch('sort.keys', Uint32Array, n);
  const firstPass = scratch('sort.firstPass', Uint32Array, n);
  const lo = scratch('sort.lo', Uint32Array, 65536);
  const hi = scratch('sort.hi', Uint32Array, 65536);
  lo.fill(0);
  hi.fill(0);
  for (let i = 0; i < n; i++) {
    const b = bits[i];
    const k = (b ^ ((b >> 31) | 0x80000000)) >>> 0;
    keys[i] = k;
    lo[k & 0xffff]++;
    hi[k >>> 16]++;
  }
  let sumLo = 0;
  let sumHi = 0;
  for (let b = 0; b < 65536; b++) {
    const cl = lo[b];
    lo[b] = sumLo;
    sumLo += cl;
    const ch = hi[b];
    hi[b] = sumHi;
    sumHi += ch;
  }
  for (let i = 0; i < n; i++) firstPass[lo[keys[i] & 0xffff]++] = i;
  for (let j = 0; j < n; j++) {
    const i = firstPass[j];
    orderOut[hi[keys[i] >>> 16]++] = i;
  }
  for (let j = 0; j < n; j++) sortedOut[j] = values[orderOut[j]];
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
