// The WebAssembly kernels, instantiated on first use, synchronously: the module is 1.7 KB, well
// under the 4 KB a browser's main thread may compile synchronously, so this runs the same in
// Node, in a Web Worker and on a page. Each call copies its inputs into the module's memory,
// runs, and copies the outputs out: 256 KB copies cost a few microseconds, the kernels a
// millisecond. The memory only grows; releaseKernelMemory drops it after a one-off large grid.

import { KERNELS_WASM_BASE64 } from './binary.ts';

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  argsortScratchBytes(n: number): number;
  argsort(n: number, valuesAt: number, sortedAt: number, orderAt: number, scratchAt: number): void;
  distanceScratchBytes(n: number): number;
  distance(n: number, sitesAt: number, outAt: number, scratchAt: number, unit: number): void;
}

/** Buffers start above the first page, which the compiled module may use for its own data. */
const FIRST_BYTE = 65536;
const PAGE = 65536;

let compiled: WebAssembly.Module | null = null;
let instance: KernelExports | null = null;

function kernels(): KernelExports {
  if (!instance) {
    compiled ??= new WebAssembly.Module(Uint8Array.from(atob(KERNELS_WASM_BASE64), (c) => c.charCodeAt(0)));
    instance = new WebAssembly.Instance(compiled, {}).exports as unknown as KernelExports;
  }
  return instance;
}

/** Byte offsets of consecutive 8-aligned regions of these sizes; grows the memory to hold them. */
function reserve(k: KernelExports, sizes: readonly number[]): number[] {
  const offsets: number[] = [];
  let end = FIRST_BYTE;
  for (const size of sizes) {
    offsets.push(end);
    end += Math.ceil(size / 8) * 8;
  }
  const have = k.memory.buffer.byteLength;
  if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
  return offsets;
}

/** Stable ascending argsort of Float32 values (see argsort in kernels.as.ts). */
export function argsortKernel(values: Float32Array, /* out */ sortedOut: Float32Array, /* out */ orderOut: Uint32Array): void {
  const k = kernels();
  const n = values.length;
  const [valuesAt, sortedAt, orderAt, scratchAt] = reserve(k, [4 * n, 4 * n, 4 * n, k.argsortScratchBytes(n)]);
  const memory = k.memory.buffer;
  new Float32Array(memory, valuesAt, n).set(values);
  k.argsort(n, valuesAt, sortedAt, orderAt, scratchAt);
  sortedOut.set(new Float32Array(memory, sortedAt, n));
  orderOut.set(new Uint32Array(memory, orderAt, n));
}

/** Exact Euclidean distance transform of an n × n grid of sites (see distance in kernels.as.ts). */
export function distanceKernel(/* out */ out: Float32Array, n: number, sites: Uint8Array, unit: number): void {
  const k = kernels();
  const [sitesAt, outAt, scratchAt] = reserve(k, [n * n, 4 * n * n, k.distanceScratchBytes(n)]);
  const memory = k.memory.buffer;
  new Uint8Array(memory, sitesAt, n * n).set(sites);
  k.distance(n, sitesAt, outAt, scratchAt, unit);
  out.set(new Float32Array(memory, outAt, n * n));
}

/** Bytes the kernels' memory holds now (0 before first use). */
export function kernelMemoryBytes(): number {
  return instance ? instance.memory.buffer.byteLength : 0;
}

/**
 * Lets the memory go when it holds more than grids of `maxCells` cells need (after an export):
 * the next call starts a fresh instance from the compiled module.
 */
export function releaseKernelMemory(maxCells: number): void {
  // The argsort needs the most: 24 bytes a cell and two 256 KB count tables.
  const enough = FIRST_BYTE + 24 * maxCells + 16 * PAGE;
  if (instance && instance.memory.buffer.byteLength > enough) instance = null;
}
