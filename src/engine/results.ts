// The engine's cache of node results: one entry per node and domain, kept while its signature
// (params, inputs' versions, domain) holds, the least recently used domain evicted beyond a few,
// and every dropped entry's buffers given back to the pool.

import { type Domain, domainKey } from '../grid.ts';
import type { AnyBuffer, BufferPool } from './pool.ts';
import type { Value } from '../model/values.ts';
import { LazyCrop } from './crops.ts';
import { retireLazy } from './lazy.ts';
import type { Detached } from '../parallel/threads.ts';

export type NodeState = 'ok' | 'failed' | 'blocked' | 'missing';

export interface NodeStatus {
  readonly state: NodeState;
  /** Why the node has no output: the kernel's error, the failed upstream, the unwired input. */
  readonly message?: string;
  /** Milliseconds the kernel took when it last ran on this domain. */
  readonly ms: number;
  /** Bumped every time the outputs change; equal versions mean equal outputs. */
  readonly version: number;
}

export interface Entry extends NodeStatus {
  readonly signature: string;
  readonly outputs: Record<string, Value> | null;
  /** Buffers this result owns; they go back to the pool when the result is dropped. */
  readonly buffers: readonly AnyBuffer[];
  /** When the result was last used, for least-recently-used eviction of domains. */
  used: number;
  /** The domain the result covers. */
  readonly domain: Domain;
  /** Crops made of this result (src/engine/crops.ts): told when the cache lets it go. */
  crops?: LazyCrop[];
  /**
   * Band calls of the run that made it still finishing on the workers (threads.ts, detach): the
   * evaluation finishes them (Evaluation.finish) before anything reads the outputs.
   */
  pending?: Detached | null;
}

/** Where an input comes from: the upstream node's entry and output port. */
export interface Source {
  readonly entry: Entry;
  /** The upstream node's id as messages name it (a bypassed node's neutral copy: the node's). */
  readonly node: string;
  readonly port: string;
}

/** How many domains each node keeps results for (view, world cut, coarse pan, …). */
const DOMAINS_KEPT = 6;

export class ResultCache {
  private readonly byNode = new Map<string, Map<string, Entry>>();
  /**
   * Results kept whatever is dropped, disposed or evicted, until unpinAll(): a grid-bound node's
   * runs on a build's whole grid (EvaluateOptions.grid), which every block of tiles crops. By
   * node, the domain keys pinned.
   */
  private readonly pins = new Map<string, Map<string, Entry>>();
  /** The pinned results themselves: release() leaves them be. */
  private readonly pinnedEntries = new Set<Entry>();
  private clock = 0;
  /** The clock when the evaluation under way started: results used since must not be evicted. */
  private evaluationStart = Number.POSITIVE_INFINITY;

  constructor(readonly pool: BufferPool) {}

  /** From now until end(), results used are this evaluation's and stay. */
  begin(): void {
    this.evaluationStart = this.clock + 1;
  }

  end(): void {
    this.evaluationStart = Number.POSITIVE_INFINITY;
  }

  get(nodeId: string, domain: Domain): Entry | undefined {
    return this.byNode.get(nodeId)?.get(domainKey(domain));
  }

  /** Keeps the node's result on `domain` until unpinAll() (nothing when it has none, or a failed one). */
  pin(nodeId: string, domain: Domain): void {
    const key = domainKey(domain);
    const entry = this.byNode.get(nodeId)?.get(key);
    if (!entry || entry.state !== 'ok' || entry instanceof LazyCrop) return;
    let byDomain = this.pins.get(nodeId);
    if (!byDomain) this.pins.set(nodeId, (byDomain = new Map()));
    byDomain.set(key, entry);
    this.pinnedEntries.add(entry);
  }

  /** Every pinned result, with its node. */
  pinnedAll(): { readonly node: string; readonly entry: Entry }[] {
    return [...this.pins].flatMap(([node, byDomain]) => [...byDomain.values()].map((entry) => ({ node, entry })));
  }

  /** Keeps a result made elsewhere (another thread's run: Engine.adoptPinned) as the node's pinned one on its domain. */
  adopt(nodeId: string, entry: Entry): void {
    this.store(nodeId, entry.domain, entry);
    this.pin(nodeId, entry.domain);
  }

  /** The node's pinned result on `domain`, if any. */
  pinned(nodeId: string, domain: Domain): Entry | undefined {
    return this.pins.get(nodeId)?.get(domainKey(domain));
  }

  /** The domain keys the node has pinned results on (empty when none). */
  pinnedKeys(nodeId: string): ReadonlySet<string> {
    return new Set(this.pins.get(nodeId)?.keys());
  }

  /** Lets the node's pinned result on the domain of key `key` go (given back when the cache no longer holds it). */
  unpin(nodeId: string, key: string): void {
    const byDomain = this.pins.get(nodeId);
    const e = byDomain?.get(key);
    if (!byDomain || !e) return;
    byDomain.delete(key);
    if (!byDomain.size) this.pins.delete(nodeId);
    this.pinnedEntries.delete(e);
    if (this.byNode.get(nodeId)?.get(key) !== e) this.releaseAll([e]);
  }

  /** Lets the pinned results go: those the cache no longer holds give their buffers back. */
  unpinAll(): void {
    const gone: Entry[] = [];
    for (const [id, byDomain] of this.pins) for (const [key, e] of byDomain) if (this.byNode.get(id)?.get(key) !== e) gone.push(e);
    this.pins.clear();
    this.pinnedEntries.clear();
    this.releaseAll(gone);
  }

  /** Keeps `entry` as the node's result on `domain`, marks it used, evicts the least recently used domain. */
  store(nodeId: string, domain: Domain, entry: Entry): Entry {
    entry.used = ++this.clock;
    let byDomain = this.byNode.get(nodeId);
    if (!byDomain) this.byNode.set(nodeId, (byDomain = new Map()));
    const key = domainKey(domain);
    const old = byDomain.get(key);
    if (old === entry) return entry;
    if (old) this.release(old);
    byDomain.set(key, entry);
    if (byDomain.size > DOMAINS_KEPT) {
      // Never evict a result this evaluation uses: a consumer may still read it.
      let oldest: string | undefined;
      for (const [k, e] of byDomain) if (e.used < this.evaluationStart && (oldest === undefined || e.used < byDomain.get(oldest)!.used)) oldest = k;
      if (oldest !== undefined) {
        this.release(byDomain.get(oldest)!);
        byDomain.delete(oldest);
      }
    }
    return entry;
  }

  /**
   * Gives the result's buffers back to the pool (the result must not be read after). A crop of
   * it that the cache still holds and nothing has read yet keeps them instead (no copy). A
   * pinned result keeps them until unpinAll(), and its crops stay crops of it.
   */
  release(entry: Entry): void {
    if (this.pinnedEntries.has(entry)) return;
    if (entry instanceof LazyCrop) {
      entry.release();
      return;
    }
    let kept = false;
    for (const crop of entry.crops ?? []) if (crop.sourceReleased(!kept)) kept = true;
    entry.crops = undefined;
    if (kept) return;
    for (const v of Object.values(entry.outputs ?? {})) retireLazy(v);
    for (const b of entry.buffers) this.pool.give(b);
  }

  /** Drops the results of every node not in `ids` (after the graph changed). */
  keepNodes(ids: ReadonlySet<string>): void {
    for (const [id, byDomain] of this.byNode) {
      if (ids.has(id)) continue;
      this.releaseAll(byDomain.values());
      this.byNode.delete(id);
    }
  }

  /** Drops every result of the node but the one on `keep` (when given). */
  dropNode(nodeId: string, keep?: Domain): void {
    const byDomain = this.byNode.get(nodeId);
    if (!byDomain) return;
    const kept = keep && domainKey(keep);
    const dropped: Entry[] = [];
    for (const [key, entry] of byDomain) {
      if (key === kept) continue;
      dropped.push(entry);
      byDomain.delete(key);
    }
    this.releaseAll(dropped);
  }

  /** Gives every result's buffers back to the pool and forgets the results. */
  dispose(): void {
    for (const byDomain of this.byNode.values()) this.releaseAll(byDomain.values());
    this.byNode.clear();
  }

  /**
   * Releases the results of one node, its crops first: a crop let go after its source would
   * copy its cells (or make its lazy outputs) just before going itself.
   */
  private releaseAll(entries: Iterable<Entry>): void {
    const sources: Entry[] = [];
    for (const entry of entries) {
      if (entry instanceof LazyCrop) this.release(entry);
      else sources.push(entry);
    }
    for (const entry of sources) this.release(entry);
  }

  /** Forgets every result, pinned ones too, and every pooled buffer. */
  clear(): void {
    this.byNode.clear();
    this.pins.clear();
    this.pinnedEntries.clear();
    this.pool.clear();
  }
}
