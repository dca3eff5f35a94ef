// One WebAssembly module instantiated on first use, synchronously, with a memory that only grows
// and that can be let go: what each loader (instance.ts, noise-, distance-, wind-instance.ts)
// needs around its module, written once.
//
// Synchronously, because every module is under the 4 KB a browser's main thread may compile so
// (a test keeps them there): the same code then runs in Node, in a Web Worker and on a page.

/** Buffers start above the first page, which the compiled module may use for its own data. */
export const FIRST_BYTE = 65536;
export const PAGE = 65536;

/**
 * Cells of each grid a kernel takes into its module's memory at a time (64 KB of Float32): the
 * cell-by-cell kernels and the rank (instance.ts), the wind's sweep (wind-instance.ts) and the
 * coast transform's heights and the water's copy and mask (distance-instance.ts). Staged whole, a 1280² grid was copied into
 * the memory, read there by the kernel, its output written there and copied out: six passes
 * over 6.5 MB that no cache holds. A chunk
 * copied in is still in the core's cache when the kernel reads it, and its output when it is
 * copied out, so only the grids themselves come from and go to memory; and the module's memory
 * stays under a MB whatever the grid. Curve edit at 1024², one thread, whole grids and chunks
 * alternating in one process (60 runs each, load 5): these kernels 30.2 → 25.9 ms. 8192 and
 * 32768 cells did as well within 2 %, 4096 and 2048 worse.
 */
export let CHUNK_CELLS = 16384;

/**
 * Cells a chunk of a grid of `cells` cells holds: about CHUNK_CELLS, in whole multiples of `unit`
 * (a row, or the four cells a module computes at a time) and at least one; all of them when
 * CHUNK_CELLS is 0.
 */
export function chunkStep(cells: number, unit: number): number {
  return CHUNK_CELLS <= 0 ? cells : unit * Math.max(1, Math.floor(CHUNK_CELLS / unit));
}

/** Tests (and in-process A/B timing): sets CHUNK_CELLS; 0 stages whole grids. */
export function setChunkCells(c: number): void {
  CHUNK_CELLS = c;
}

/** The exports every module has: its one memory. */
interface WithMemory {
  readonly memory: WebAssembly.Memory;
}

export interface LazyModule<E extends WithMemory> {
  /** The instance's exports, instantiated on first use (again after release). */
  exports(): E;
  /** The compiled module's bytes. */
  bytes(): Uint8Array<ArrayBuffer>;
  /** Grows the memory to hold `end` bytes; the memory's buffer after. */
  reserve(k: E, end: number): ArrayBuffer;
  /**
   * Lays out consecutive regions of these sizes from FIRST_BYTE, each 16-aligned with 16 bytes
   * to spare after it (a kernel reading a pair of cells may read one past a line), and grows the
   * memory to hold them: their byte offsets and the memory's buffer after.
   */
  regions(k: E, sizes: readonly number[]): { at: number[]; buffer: ArrayBuffer };
  /** Bytes the memory holds now (0 before first use). */
  memoryBytes(): number;
  /** Lets the instance and its memory go when the memory holds more than `limit` bytes. */
  release(limit: number): void;
}

/**
 * A module from its base64 bytes. `refusal` ends the message thrown where it cannot be
 * instantiated: "this browser cannot run Terrain Graph's WebAssembly " + refusal + ": " + why.
 */
export function lazyModule<E extends WithMemory>(base64: string, refusal: string): LazyModule<E> {
  let compiled: WebAssembly.Module | null = null;
  let instance: E | null = null;
  const bytes = (): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const module: LazyModule<E> = {
    bytes,
    exports(): E {
      if (!instance) {
        try {
          compiled ??= new WebAssembly.Module(bytes());
          instance = new WebAssembly.Instance(compiled, {}).exports as unknown as E;
        } catch (err) {
          throw new Error(`this browser cannot run Terrain Graph's WebAssembly ${refusal}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return instance;
    },
    reserve(k: E, end: number): ArrayBuffer {
      const have = k.memory.buffer.byteLength;
      if (end > have) k.memory.grow(Math.ceil((end - have) / PAGE));
      return k.memory.buffer;
    },
    regions(k: E, sizes: readonly number[]): { at: number[]; buffer: ArrayBuffer } {
      const at: number[] = [];
      let end = FIRST_BYTE;
      for (const size of sizes) {
        at.push(end);
        end += Math.ceil(size / 16) * 16 + 16;
      }
      return { at, buffer: module.reserve(k, end) };
    },
    memoryBytes: () => (instance ? instance.memory.buffer.byteLength : 0),
    release(limit: number): void {
      if (instance && instance.memory.buffer.byteLength > limit) instance = null;
    },
  };
  return module;
}
