// One WebAssembly module instantiated on first use, synchronously, with a memory that only grows
// and that can be let go: what each loader (instance.ts, noise-, distance-, wind-instance.ts)
// needs around its module, written once.
//
// Synchronously, because every module is under the 4 KB a browser's main thread may compile so
// (a test keeps them there): the same code then runs in Node, in a Web Worker and on a page.

/** Buffers start above the first page, which the compiled module may use for its own data. */
export const FIRST_BYTE = 65536;
export const PAGE = 65536;

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
  return {
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
    memoryBytes: () => (instance ? instance.memory.buffer.byteLength : 0),
    release(limit: number): void {
      if (instance && instance.memory.buffer.byteLength > limit) instance = null;
    },
  };
}
