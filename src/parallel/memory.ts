// Where grid buffers are allocated: in shared memory while a band pool runs (so its workers
// write where the caller reads), in ordinary memory otherwise. Apart from threads.ts so the
// engine's buffer pool can use it without importing any kernel.

let shared = false;

/** threads.ts: grids go to shared memory from now on (or no longer). */
export function shareGrids(on: boolean): void {
  shared = on;
}

/** A grid buffer of `length` entries, on a SharedArrayBuffer while a pool runs. */
export function gridBuffer<T>(
  ctor: { new (length: number): T; new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return shared ? new ctor(new SharedArrayBuffer(length * ctor.BYTES_PER_ELEMENT)) : new ctor(length);
}

/** True while grids go to shared memory (a band pool runs). */
export function gridsShared(): boolean {
  return shared;
}

/** True when the buffer is shared memory (false wherever SharedArrayBuffer is not exposed, as on a page without cross-origin isolation). */
export function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;
}
