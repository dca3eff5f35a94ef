// Recycles the engine's output buffers: an entry's buffers go back to the pool when the node
// recomputes or its result is evicted, and the next run of any node of that size takes them.
// (A fresh 256 KB typed array costs ~0.75 ms in page faults here; a recycled one nothing.)

import { gridBuffer, releaseGrid } from '../parallel/memory.ts';

export type BufferKind = 'f32' | 'u8' | 'u32';
export type BufferOf<K extends BufferKind> = K extends 'f32' ? Float32Array : K extends 'u8' ? Uint8Array : Uint32Array;
export type AnyBuffer = Float32Array | Uint8Array | Uint32Array;

const CTORS = { f32: Float32Array, u8: Uint8Array, u32: Uint32Array } as const;

/**
 * Buffers kept per kind and length, or as many as a MB holds when that is more; beyond that,
 * released buffers are left to the GC. A cold world evaluation takes some thirty 32² grids at
 * once (ten outputs on each of the wind's three coarse squares): with 24 kept, six of them were
 * fresh every time.
 */
const KEEP_PER_SIZE = 24;
const KEEP_BYTES = 1 << 20;

export class BufferPool {
  private readonly free = new Map<string, AnyBuffer[]>();
  /**
   * Holders of a buffer beyond the one that took it (hold(): a result that borrowed an input's
   * grid as an output, RunContext.borrow). give() counts them down; the buffer returns to the
   * free list only with its last holder.
   */
  private readonly extraHolders = new WeakMap<AnyBuffer, number>();

  /**
   * @param poison fill recycled buffers with garbage (NaN, 0xff) instead of leaving the old
   *   contents: tests turn it on to catch a kernel that does not write every cell.
   */
  constructor(private readonly poison = false) {}

  /**
   * A buffer of the kind and length. A recycled one keeps its old contents: kernels write every
   * cell of their outputs (clearing 2.5 MB per edit cost a tenth of a curve edit's budget).
   */
  take<K extends BufferKind>(kind: K, length: number): BufferOf<K> {
    const list = this.free.get(`${kind}:${length}`);
    const b = list?.pop();
    if (b) {
      if (this.poison) b.fill(b instanceof Float32Array ? NaN : 0xffffffff);
      return b as BufferOf<K>;
    }
    // Shared with the band workers while they run (see src/parallel/threads.ts), on the grid
    // heap the kernels read in place when there is one (a free region of it first).
    const fresh = gridBuffer(CTORS[kind] as never, length, true) as BufferOf<K>;
    if (this.poison) fresh.fill(fresh instanceof Float32Array ? NaN : 0xffffffff);
    return fresh;
  }

  /** One more holder of `buffer`, which must then be given once more before it is free. */
  hold(buffer: AnyBuffer): void {
    this.extraHolders.set(buffer, (this.extraHolders.get(buffer) ?? 0) + 1);
  }

  give(buffer: AnyBuffer): void {
    const extra = this.extraHolders.get(buffer);
    if (extra !== undefined) {
      // Another result still holds it.
      if (extra > 1) this.extraHolders.set(buffer, extra - 1);
      else this.extraHolders.delete(buffer);
      return;
    }
    // A grid on the grid heap goes back to the heap, whose free regions every pool takes from:
    // a disposed engine's grids serve the next engine, where a pool of its own kept them.
    if (releaseGrid(buffer)) return;
    const kind = buffer instanceof Float32Array ? 'f32' : buffer instanceof Uint8Array ? 'u8' : 'u32';
    const key = `${kind}:${buffer.length}`;
    let list = this.free.get(key);
    if (!list) this.free.set(key, (list = []));
    const keep = buffer.byteLength * KEEP_PER_SIZE < KEEP_BYTES ? KEEP_BYTES / buffer.byteLength : KEEP_PER_SIZE;
    if (list.length < keep && !list.includes(buffer)) list.push(buffer);
  }

  clear(): void {
    this.free.clear();
  }

  /** Forgets the free buffers of every length but `length` (after the view's size changed). */
  keepOnly(length: number): void {
    for (const key of this.free.keys()) if (!key.endsWith(`:${length}`)) this.free.delete(key);
  }
}
