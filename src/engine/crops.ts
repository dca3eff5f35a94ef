// Crops: a node's result on a domain cut out of its result on a larger one (the view out of the
// view grown by a halo). A crop copies nothing until its outputs are read: a consumer that
// reads its input through RunContext.window() reads the larger grid in place, and the view's
// results are copied out only when something (the viewer, a preview, an export) asks for them.
// A crop may also reach past its source, on its lattice (a reader of a grid-bound node past the
// grid the node is bound to): the cells outside take the nearest of the source's (extendInto).

import { type Domain, domainKey, type GridWindow } from '../grid.ts';
import { SOFT_SLOTS, type Value } from '../model/values.ts';
import { bands } from '../parallel/threads.ts';
import { CROP_BAND, type CropBand, cellOffset, covers, cropBand, cropInto, cropSlotsInto, extendInto } from './domains.ts';
import type { AnyBuffer, BufferKind, BufferOf, BufferPool } from './pool.ts';
import type { Entry, NodeState } from './results.ts';
import { isUnmade, lazyField } from './lazy.ts';

/**
 * A result that holds the cells of `domain` out of `source` (on a domain covering it, or on its
 * lattice, extended past its edges: extendInto), copied on first read.
 */
export class LazyCrop implements Entry {
  readonly state: NodeState;
  readonly message: string | undefined;
  readonly ms = 0;
  used = 0;
  crops?: LazyCrop[];
  private made: { readonly outputs: Record<string, Value>; readonly buffers: AnyBuffer[] } | null = null;
  /** The source's buffers, kept here after the cache let the source go while this crop was unread. */
  private adopted: readonly AnyBuffer[] | null = null;
  private released = false;
  private readonly dc: number;
  private readonly dr: number;
  /** Whether `domain` reaches past the source's: its cells there are the source's edge's. */
  private readonly extended: boolean;

  constructor(
    private readonly pool: BufferPool,
    private readonly source: Entry,
    readonly domain: Domain,
    readonly signature: string,
    readonly version: number,
    /** Told the milliseconds each copy took (the engine's crop time). */
    private readonly onCopy: (ms: number) => void,
  ) {
    const o = cellOffset(source.domain, domain);
    if (!o) throw new Error(`internal: cannot crop ${domainKey(source.domain)} to ${domainKey(domain)}`);
    this.extended = !covers(source.domain, domain);
    this.dc = o.dc;
    this.dr = o.dr;
    this.state = source.state;
    this.message = source.message;
    (source.crops ??= []).push(this);
  }

  /** The outputs, copied out of the source's on first read. */
  get outputs(): Record<string, Value> | null {
    if (!this.source.outputs) return null;
    if (!this.made) {
      if (this.released) throw new Error(`internal: a crop to ${domainKey(this.domain)} was read after the engine let it go`);
      const t = performance.now();
      this.made = cropOutputs(this.pool, this.source, this.domain);
      // The source's buffers go back now: what would be cut out of them later, now.
      if (this.adopted) this.makeLazy();
      this.onCopy(performance.now() - t);
      if (this.adopted) for (const b of this.adopted) this.pool.give(b);
      this.adopted = null;
    }
    return this.made.outputs;
  }

  /** Buffers this result holds: its copies, or the source's it adopted. */
  get buffers(): readonly AnyBuffer[] {
    return this.made?.buffers ?? this.adopted ?? [];
  }

  /** True once the outputs have been copied out. */
  get copied(): boolean {
    return this.made !== null;
  }

  /**
   * An output whose cells are copied only when its `data` (or a terrain's `sorted`) is first
   * read: the rest (a terrain's sea level) reads free.
   */
  value(port: string): Value | undefined {
    if (this.made || !this.source.outputs) return this.outputs?.[port];
    const v = this.source.outputs[port];
    if (!v) return undefined;
    const copied = (): Value => this.outputs![port];
    const lazy = { ...v };
    Object.defineProperty(lazy, 'data', { get: () => copied().data, enumerable: true });
    if (lazy.type === 'terrain') {
      Object.defineProperty(lazy, 'sorted', { get: () => (copied() as typeof lazy).sorted, enumerable: true });
      Object.assign(lazy, { order: null });
    }
    return lazy;
  }

  /**
   * A field or terrain output's cells in place, on the source's grid: no copy. Valid while the
   * source is (during the evaluation that read it).
   */
  window(port: string): GridWindow | null {
    if (this.made) {
      const v = this.made.outputs[port];
      return v && v.type !== 'biome' ? { data: v.data, stride: this.domain.n, dc: 0, dr: 0 } : null;
    }
    const v = this.source.outputs?.[port];
    // Past the source's edges there are no cells to read in place: the reader takes a copy.
    if (!v || v.type === 'biome' || this.extended) return null;
    return { data: v.data, stride: this.source.domain.n, dc: this.dc, dr: this.dr };
  }

  /**
   * The cache lets this crop's source go (the node ran again, or its result was evicted): an
   * unread crop that the cache still holds keeps the source's buffers instead of copying them
   * (the first such crop; any other copies its cells now). Returns true when it kept them.
   */
  sourceReleased(keep: boolean): boolean {
    if (this.released) return false;
    // A crop of a result without outputs (a node waiting on an unwired input, or failed) has
    // nothing to copy or keep: reading on made nothing, and made-lazy outputs read a null.
    if (!this.source.outputs) return false;
    if (!this.made && keep) {
      this.adopted = this.source.buffers;
      return true;
    }
    void this.outputs;
    // Outputs cut out only when read (lazy) are cut out now, while the source's cells are there:
    // after this they go back to the pool, or to a crop that kept them and may give them back first.
    this.makeLazy();
    return false;
  }

  /** Makes the copied outputs that are computed only when read (RunContext.lazyField). */
  private makeLazy(): void {
    if (!this.made) return;
    for (const v of Object.values(this.made.outputs)) if (isUnmade(v)) void v.data;
  }

  /** The cache dropped this result: the buffers it holds go back to the pool. */
  release(): void {
    if (this.released) return;
    this.released = true;
    // Off the source's list: a source the cache keeps (a build's pinned erosion, cropped by
    // every block) would otherwise hold every crop ever made of it.
    const list = this.source.crops;
    const at = list ? list.indexOf(this) : -1;
    if (at >= 0) list!.splice(at, 1);
    for (const b of this.buffers) this.pool.give(b);
    this.made = null;
    this.adopted = null;
  }
}

/** The outputs of `source` cut to `to`, in buffers of their own from the pool. */
function cropOutputs(pool: BufferPool, source: Entry, to: Domain): { outputs: Record<string, Value>; buffers: AnyBuffer[] } {
  const from = source.domain;
  const buffers: AnyBuffer[] = [];
  const take = <K extends BufferKind>(kind: K, length: number): BufferOf<K> => {
    const b = pool.take(kind, length);
    buffers.push(b);
    return b;
  };
  const outputs: Record<string, Value> = {};
  const cells = to.n * to.n;
  // Row bands over the threads (a crop of a 1280² grid to 1024² is 4 MB of copying), at least
  // 64 K cells a band: a smaller copy takes less than handing it to a worker. The buffers are
  // the engine's, in shared memory while a pool runs.
  const byBands = (args: CropBand, rows: number): void => bands(CROP_BAND, cropBand, args, rows, Math.ceil(65536 / args.n));
  // Past the source's edges, extended (its edge cells carried out): a reader past a grid-bound grid.
  const inside = covers(from, to);
  const cut = <T extends Float32Array | Uint8Array | Uint32Array>(src: T, out: T): void =>
    inside ? cropInto(src, from, to, out, byBands) : extendInto(src, from, to, out);
  const cutSlots = <T extends Float32Array | Uint8Array>(src: T, out: T): void =>
    inside ? cropSlotsInto(src, SOFT_SLOTS, from, to, out) : extendInto(src, from, to, out, SOFT_SLOTS);
  for (const [port, v] of Object.entries(source.outputs!)) {
    if (v.type === 'biome') {
      const data = take('u8', cells);
      cut(v.data, data);
      if (v.soft) {
        // Soft borders: SOFT_SLOTS ids and weights a cell, cut too (a crop kept the source's whole grids).
        const ids = take('u8', cells * SOFT_SLOTS);
        const weights = take('f32', cells * SOFT_SLOTS);
        cutSlots(v.soft.ids, ids);
        cutSlots(v.soft.weights, weights);
        outputs[port] = { ...v, data, soft: { ids, weights } };
      } else outputs[port] = { ...v, data };
    } else if (v.type === 'field' && isUnmade(v)) {
      // Computed only when read (RunContext.lazyField): cut out then, from the source made then.
      outputs[port] = lazyField(v.meaning, () => {
        const data = take('f32', cells);
        cut(v.data, data);
        return data;
      });
    } else if (v.type === 'field') {
      const data = take('f32', cells);
      cut(v.data, data);
      outputs[port] = { ...v, data };
    } else {
      const data = take('f32', cells);
      cut(v.data, data);
      // The sorted heights are those of the cut source, not of the grid: they stay as they are,
      // shared when the engine holds them (RunContext.shared), else copied. The order indexed
      // the source grid's cells, so it does not carry over.
      let sorted = v.sorted;
      if (source.buffers.includes(sorted)) {
        sorted = take('f32', v.sorted.length);
        sorted.set(v.sorted);
      }
      outputs[port] = { ...v, data, sorted, order: null };
    }
  }
  return { outputs, buffers };
}
