// Scratch buffers that kernels keep between calls instead of allocating per run.
//
// On the machines we measured, a fresh 256 KB typed array costs about 0.75 ms in page faults,
// 35 times the cost of refilling one: more than a whole kernel. So temporaries live here,
// one per tag, grown when a larger grid comes. Kernels run one at a time on a thread (a thread
// may hold several engines, but evaluates with one at a time), so a tag is never in use twice
// at once. After a one-off large grid (an export), trimScratch gives the memory back.

import { gridBuffer, gridsShared, isShared } from '../parallel/memory.ts';
import { finishReaders } from '../parallel/threads.ts';
import { releaseCellularMemory } from './wasm/cellular-instance.ts';
import { releaseDistanceMemory } from './wasm/distance-instance.ts';
import { releaseFloodMemory } from './wasm/flood-instance.ts';
import { releaseHydraulicMemory } from './wasm/hydraulic-instance.ts';
import { releaseKernelMemory } from './wasm/instance.ts';
import { releaseNoiseMemory } from './wasm/noise-instance.ts';
import { releaseThermalMemory } from './wasm/thermal-instance.ts';
import { releaseWindMemory } from './wasm/wind-instance.ts';

type Ctor<T> = { new (length: number): T };

const buffers = new Map<string, Float64Array | Float32Array | Uint8Array | Int32Array | Uint32Array>();

/** A buffer of at least `length` entries for this tag; its contents are left from the last use. */
export function scratch<T extends Float64Array | Float32Array | Uint8Array | Int32Array | Uint32Array>(
  tag: string,
  ctor: Ctor<T>,
  length: number,
): T {
  let b = buffers.get(tag) as T | undefined;
  if (!b || b.length < length || !(b instanceof ctor)) {
    b = new ctor(length);
    buffers.set(tag, b);
  }
  return b;
}

/**
 * scratch() for a buffer that band workers read or write while the caller waits in bands(): in
 * shared memory while a band pool runs (see src/parallel/threads.ts), ordinary memory otherwise.
 */
export function sharedScratch<T extends Float64Array | Float32Array | Uint8Array | Int32Array | Uint32Array>(
  tag: string,
  ctor: Ctor<T> & { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
): T {
  let b = buffers.get(tag) as T | undefined;
  if (!b || b.length < length || !(b instanceof ctor) || isShared(b.buffer) !== gridsShared()) {
    // The old one is let go: its heap region is the next grid's once the GC takes it, while a
    // call left finishing may hold only a view of it (the rank's ranks and sorted heights).
    if (b) finishReaders(b);
    // On the grid heap while there is one (pooled: no BufferPool gives it back; the heap frees
    // its region once the buffer is dropped and collected), so heap kernels read it in place.
    b = gridBuffer(ctor, length, true);
    buffers.set(tag, b);
  }
  // The caller writes it next: a band call left finishing (threads.ts, detach) may still read it.
  finishReaders(b);
  return b;
}

/** Bytes held by scratch buffers. */
export function scratchBytes(): number {
  let total = 0;
  for (const b of buffers.values()) total += b.byteLength;
  return total;
}

/**
 * Drops every scratch buffer longer than `maxLength` entries, and the WebAssembly modules' memory
 * when it is larger than such grids need (they are made again if needed).
 */
export function trimScratch(maxLength: number): void {
  for (const [tag, b] of buffers) if (b.length > maxLength) buffers.delete(tag);
  releaseKernelMemory(maxLength);
  releaseNoiseMemory(maxLength);
  releaseDistanceMemory(maxLength);
  releaseWindMemory(maxLength);
  releaseCellularMemory(maxLength);
  releaseThermalMemory(maxLength);
  releaseFloodMemory(maxLength);
  releaseHydraulicMemory(maxLength);
}
