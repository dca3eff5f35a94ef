// One evaluation: settles each planned node on each domain of its plan, in dependency order,
// reusing the engine's cached results whose params and inputs' versions did not change and
// cropping results on a grown domain down to the domains read of them. Built per evaluate()
// call over the engine's lasting state (its cache, pool, wiring, params and shared values).

import { type Domain, domainKey } from '../grid.ts';
import { LazyCrop } from './crops.ts';
import { covers, sameLattice } from './domains.ts';
import type { Layout } from './layout.ts';
import { type AnyNodeDef, gridParams } from '../model/manifest.ts';
import type { Wiring } from './plan.ts';
import type { BufferPool } from './pool.ts';
import type { Entry, ResultCache, Source } from './results.ts';
import { runNode } from './run-node.ts';
import { Stopped } from './stopped.ts';
import { detachedDone, finishDetached } from '../parallel/threads.ts';

/** Whether any of the results has a call left to the workers that they have not done yet. */
function computing(entries: readonly Entry[]): boolean {
  for (const e of entries) if (e.pending && !detachedDone(e.pending)) return true;
  return false;
}

/** What an evaluation reads and updates of its engine's lasting state. */
export interface EngineState {
  readonly cache: ResultCache;
  readonly pool: BufferPool;
  /** Nodes by id and the wires by end. */
  readonly wiring: Wiring;
  /** JSON of each node's params (part of the cache key). */
  readonly paramKeys: ReadonlyMap<string, string>;
  /**
   * A drafts' engine: each node's params as set, whose node holds them drafted for the view's
   * lattice. A run on a grid of another resolution (a world cut) takes its coarseParams of these,
   * as a full engine's does on that grid. Empty in a full engine.
   */
  readonly given: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Per node, its RunContext.shared value and the key it was made for. */
  readonly sharedOf: Map<string, { readonly key: string; readonly value: object }>;
  /**
   * The engine's crop clock: its milliseconds copying crops so far, and what a crop calls when
   * it copies. Engine-wide, not the evaluation's: a cached crop outlives the evaluation that
   * made it, and its copy may happen in a later one.
   */
  readonly cropClock: () => number;
  readonly addCropMs: (ms: number) => void;
}

export class Evaluation {
  /** Kernel time per node that ran, summed over its domains (EvaluateReport.ran). */
  readonly ran: Record<string, number> = {};
  /** The version the next result made gets: the engine's counter, handed back after run(). */
  nextVersion: number;
  /** What this evaluation settled, by "node@domain key". */
  private readonly done = new Map<string, Entry>();
  /** Per node, the results this evaluation ran or reused on its planned domains: crops come from them. */
  private readonly settledOn = new Map<string, Entry[]>();
  /** With dropIntermediates: per node that is not a target, the wires from it still to be read. */
  private readonly readsLeft: Map<string, number> | null;
  private readonly wanted: ReadonlySet<string>;

  constructor(
    private readonly engine: EngineState,
    /** The order, domains and reads of the nodes: the engine's, for this graph's layout and the domain asked. */
    private readonly layout: Layout,
    /** The domain asked of the evaluation. */
    private readonly asked: Domain,
    private readonly onNode: ((nodeId: string, ms: number, domain: Domain) => void) | undefined,
    dropIntermediates: boolean,
    nextVersion: number,
    /** Whether to stop (EvaluateOptions.shouldStop): asked before each node and at kernels' checkpoints. */
    private readonly shouldStop: (() => boolean) | undefined,
    /** Told before each kernel runs (EvaluateOptions.onStart). */
    private readonly onStart: ((nodeId: string, domain: Domain) => void) | undefined = undefined,
  ) {
    this.nextVersion = nextVersion;
    this.wanted = layout.wanted;
    this.readsLeft = dropIntermediates ? layout.readsLeft() : null;
  }

  /**
   * Runs the nodes in dependency order without recursion, so a chain of any length evaluates;
   * a node whose sources the workers still compute lets a ready one of the next few go first.
   * Throws Stopped when shouldStop says so (a stopped run stores nothing: runNode throws before
   * settle() stores), after finishing every band call left to the workers, as on any exit.
   */
  run(): void {
    const { asked, wanted } = this;
    const { order, plan } = this.layout;
    const askedKey = domainKey(asked);
    try {
      const left = [...order];
      for (let at = 0; at < left.length; at++) {
        // In order, but a node whose sources the workers still compute gives way to a ready one
        // (moved up to `at`; the common case, the next in order, moves nothing).
        const k = this.nextReady(left, at);
        if (k > at) left.splice(at, 0, ...left.splice(k, 1));
        const id = left[at];
        // Between nodes: what settled so far stays cached for the next evaluation.
        if (this.shouldStop?.()) throw new Stopped(null);
        const domains = plan.get(id)!;
        for (const d of domains) this.settle(id, d);
        if (wanted.has(id)) {
          // A crop takes its source's state when made: the source's calls finished first. The
          // result on the asked domain itself is finished at the end.
          if (!domains.some((d) => domainKey(d) === askedKey)) this.finish(id);
          this.resultOn(id, asked);
        }
        if (this.readsLeft) this.consumeInputs(id);
      }
    } finally {
      // No band call outlives the evaluation: what it returns is read at once.
      for (const id of this.settledOn.keys()) this.finish(id);
    }
  }

  /**
   * Which node to settle next (an index into `left`, from `at` on, in order): the first of the
   * next few whose sources are all settled and have nothing left on the workers, else the
   * first. A node waiting on a call the workers still compute gives way to one that is ready,
   * so the caller does its work meanwhile instead of waiting on the call's last chunk.
   */
  private nextReady(left: readonly string[], at: number): number {
    const look = Math.min(left.length, at + 8);
    for (let k = at; k < look; k++) {
      let ready = true;
      for (const e of this.engine.wiring.wiresInto.get(left[k]) ?? []) {
        const entries = this.settledOn.get(e.from.node);
        if (!entries || computing(entries)) {
          ready = false;
          break;
        }
      }
      if (ready) return k;
    }
    return at;
  }

  /**
   * Finishes the band calls this evaluation's runs of the node left to the workers (threads.ts,
   * detach), before anything reads their outputs or their inputs go back to the pool; a chunk
   * that failed there fails that result, as if its run had thrown. The run's time then gets the
   * pool's time on them, and onNode is told.
   */
  private finish(nodeId: string): void {
    const entries = this.settledOn.get(nodeId);
    if (!entries) return;
    for (const e of entries) {
      const d = e.pending;
      if (!d) continue;
      e.pending = null;
      const done = e as { -readonly [K in keyof Entry]: Entry[K] };
      let failed: unknown = null;
      try {
        finishDetached(d);
      } catch (err) {
        failed = err;
      }
      done.ms += d.poolMs;
      this.ran[nodeId] = (this.ran[nodeId] ?? 0) + d.poolMs;
      // As in runNode: an onNode that throws fails the result, and the evaluation goes on (and
      // finishes every other call before it returns).
      if (failed === null) {
        try {
          this.onNode?.(nodeId, done.ms, e.domain);
        } catch (err) {
          failed = err;
        }
      }
      if (failed === null) continue;
      for (const b of e.buffers) this.engine.pool.give(b);
      Object.assign(done, { state: 'failed', outputs: null, buffers: [], message: failed instanceof Error ? failed.message : String(failed) });
    }
  }

  /**
   * A node has settled on all its domains: its input wires are read; a source with none left
   * gives back its buffers (a target keeps its result on the asked domain), once the node's
   * calls left to the workers, which read them, are finished (only then: a node none of whose
   * sources goes yet keeps computing beside the next ones).
   */
  private consumeInputs(nodeId: string): void {
    const readsLeft = this.readsLeft!;
    for (const e of this.engine.wiring.wiresInto.get(nodeId) ?? []) {
      const source = e.from.node;
      const left = readsLeft.get(source);
      if (left === undefined) continue;
      if (left > 1) {
        readsLeft.set(source, left - 1);
        continue;
      }
      readsLeft.delete(source);
      // A result the engine pins after the evaluation (Layout.pinnable) stays.
      if (this.layout.pinnable.has(source)) continue;
      this.finish(nodeId);
      this.engine.cache.dropNode(source, this.wanted.has(source) ? this.asked : undefined);
    }
  }

  /** The id messages give a node: its own, or that of the node it stands for (GraphNode.standsFor). */
  private nameOf(nodeId: string): string {
    return this.layout.nodeOf(nodeId).node.standsFor ?? nodeId;
  }

  /**
   * The node's result on a domain it was planned on: the cached one when its params and its
   * inputs' versions are unchanged, else a fresh run.
   */
  private settle(nodeId: string, domain: Domain): Entry {
    const { asked, done } = this;
    const { cache, paramKeys, wiring } = this.engine;
    const visitKey = `${nodeId}@${domainKey(domain)}`;
    const settled = done.get(visitKey);
    if (settled) return settled;
    const { layout } = this;
    // A build's grid-bound node on its whole grid, run for an earlier block: taken as it is.
    const pinned = layout.takesPinned(nodeId, domain) ? cache.pinned(nodeId, domain) : undefined;
    // Held by the cache again (a dispose() let it go there, not from the pins): output() and
    // status() on this domain find it, as after a run.
    if (pinned) return this.settledAs(nodeId, domain, visitKey, pinned);
    const info = layout.nodeOf(nodeId);
    const { node, def, inputs } = info;
    // What it reads is finished before it is read (its band calls may be left on the workers).
    // Its own run on another domain may be left finishing: runs of a node share nothing they
    // write, but through guarded scratch (threads.ts finishReaders).
    const inputDomain = layout.inputDomainOf(nodeId, domain);
    const sources = new Map<string, Source>();
    const extra = new Map<string, Source>();
    // On a grid of another resolution than the one asked, a node may run with other params
    // (NodeDef.coarseParams: an erosion passes the land before it on); keyed by what it runs with.
    const set = coarseRun(def, domain, asked) ? def.coarseParams!((this.engine.given.get(nodeId) ?? node.params) as never) : node.params;
    // Params counted in 256-map cells are scaled to this grid's cells (NodeDef.cellScale).
    const params = gridParams(def, set, domain);
    const paramKey = params === node.params ? paramKeys.get(nodeId)! : JSON.stringify(params);
    const signature: string[] = [node.type, paramKey, domainKey(inputDomain)];
    // What the footprint's reads alone give (RunContext.shared) is keyed by the params and those reads.
    const sharedKey: string[] = [node.type, paramKey];
    for (const [port, edge] of inputs) {
      if (!edge) {
        signature.push(`${port}=-`);
        continue;
      }
      this.finish(edge.from.node);
      const entry = this.resultOn(edge.from.node, inputDomain);
      sources.set(port, { entry, node: this.nameOf(edge.from.node), port: edge.from.port });
      signature.push(`${port}=${entry.version}.${edge.from.port}`);
    }
    for (const { port, domain: other } of layout.readsOn(info, domain)) {
      const edge = wiring.wireInto.get(`${nodeId}.${port}`);
      if (!edge) continue;
      this.finish(edge.from.node);
      const entry = this.resultOn(edge.from.node, other);
      extra.set(`${port}@${domainKey(other)}`, { entry, node: this.nameOf(edge.from.node), port: edge.from.port });
      const read = `${port}@${domainKey(other)}=${entry.version}.${edge.from.port}`;
      signature.push(read);
      sharedKey.push(read);
    }
    const sig = signature.join('|');
    const cached = cache.get(nodeId, domain);
    const result =
      cached && cached.signature === sig
        ? cached
        : runNode({
            nodeId,
            def,
            params,
            domain,
            inputDomain,
            asked,
            signature: sig,
            sources,
            extra,
            previous: cached,
            version: this.nextVersion++,
            pool: this.engine.pool,
            ran: this.ran,
            onNode: this.onNode,
            cropMs: this.engine.cropClock,
            shared: this.sharedFor(nodeId, sharedKey),
            shouldStop: this.shouldStop,
            onStart: this.onStart,
          });
    // Listed before anything else may throw: the run's calls may still be running on the
    // workers, and the evaluation finishes every listed result's before it returns.
    return this.settledAs(nodeId, domain, visitKey, result);
  }

  /** Notes `entry` as the node's result on `domain` in this evaluation and in the cache. */
  private settledAs(nodeId: string, domain: Domain, visitKey: string, entry: Entry): Entry {
    const list = this.settledOn.get(nodeId);
    if (list) list.push(entry);
    else this.settledOn.set(nodeId, [entry]);
    this.engine.cache.store(nodeId, domain, entry);
    this.done.set(visitKey, entry);
    return entry;
  }

  /** RunContext.shared for one run (an unnamed function: see contextOf in run-node.ts). */
  private sharedFor(nodeId: string, key: readonly string[]): <T extends object>(make: () => T) => T {
    return (make) => this.shared(nodeId, key.join('|'), make);
  }

  /** The node's RunContext.shared value for `key`, made when it has none for it. */
  private shared<T extends object>(nodeId: string, key: string, make: () => T): T {
    const sharedOf = this.engine.sharedOf;
    const kept = sharedOf.get(nodeId);
    if (kept && kept.key === key) return kept.value as T;
    const value = make();
    sharedOf.set(nodeId, { key, value });
    return value;
  }

  /**
   * The node's result on `domain`, which this evaluation settled the node on or on a domain
   * covering it: then a crop of those cells, which keeps its version while the source's does
   * not change and copies them only when its outputs are read (a consumer reading its input
   * through ctx.window() reads the source in place).
   */
  private resultOn(nodeId: string, domain: Domain): Entry {
    const { cache, pool } = this.engine;
    const key = domainKey(domain);
    const visitKey = `${nodeId}@${key}`;
    const settled = this.done.get(visitKey);
    if (settled) return settled;
    let source: Entry | undefined;
    let from: Domain | undefined;
    for (const e of this.settledOn.get(nodeId) ?? []) {
      if (!covers(e.domain, domain)) continue;
      source = e;
      from = e.domain;
      break;
    }
    // A node bound to a grid (an erosion, a flow) is read past it extended, from its run there.
    const bound = source ? undefined : this.layout.boundGridOf(nodeId);
    if (bound && sameLattice(bound, domain)) {
      for (const e of this.settledOn.get(nodeId) ?? []) {
        if (!covers(e.domain, bound)) continue;
        source = e;
        from = e.domain;
        break;
      }
    }
    if (!source || !from) throw new Error(`internal: node "${nodeId}" was not planned on a domain covering ${key}`);
    const signature = `${bound ? 'extension' : 'crop'} of ${domainKey(from)} v${source.version}`;
    const cached = cache.get(nodeId, domain);
    // The cells are copied only when something reads the crop's outputs (crops.ts).
    const entry = cached && cached.signature === signature ? cached : new LazyCrop(pool, source, domain, signature, this.nextVersion++, this.engine.addCropMs);
    cache.store(nodeId, domain, entry);
    this.done.set(visitKey, entry);
    return entry;
  }
}

/**
 * Whether a node runs with its coarseParams on `domain`: it has them, and the domain's cells are
 * of another size than those of the domain asked of the evaluation (a world cut or the wind's
 * coarse pass, not the view or the view grown by a halo).
 */
export function coarseRun(def: AnyNodeDef, domain: Domain, asked: Domain): boolean {
  if (!def.coarseParams) return false;
  const here = domain.n / domain.extent;
  const there = asked.n / asked.extent;
  return Math.abs(here - there) > 1e-9 * there;
}
