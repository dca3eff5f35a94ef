// The evaluator: pulls each node's inputs, runs its kernel, and caches the outputs by the
// node's params, its inputs' versions and the domain, so after an edit only what lies
// downstream recomputes. Headless: runs the same in Node, in tests and in a Web Worker.

import { CATALOGUE } from '../../nodes/index.ts';
import { domainKey, type Domain, type View, viewDomain } from '../grid.ts';
import { cloneGraph, type Edge, type Graph, type GraphNode, portRefText, upstreamOf } from '../model/graph.ts';
import type { AnyNodeDef, AnyParamValue, Catalogue, RunContext } from '../model/manifest.ts';
import { GraphError } from '../model/problems.ts';
import { checkParam, checkView } from '../model/validate.ts';
import { type AnyBuffer, BufferPool } from './pool.ts';
import type { Value } from '../model/values.ts';

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

interface Entry extends NodeStatus {
  readonly signature: string;
  readonly outputs: Record<string, Value> | null;
  /** Buffers this result owns; they go back to the pool when the result is dropped. */
  readonly buffers: readonly AnyBuffer[];
  /** When the result was last used, for least-recently-used eviction of domains. */
  used: number;
}

export interface EvaluateOptions {
  /** Evaluate only these nodes and what feeds them (default: every node). */
  readonly targets?: readonly string[];
  /** Evaluate on this domain instead of the graph's view (the viewer's coarse pan). */
  readonly domain?: Domain;
  /** Called after each kernel that runs (not for cached nodes): progress for large grids. */
  readonly onNode?: (nodeId: string, ms: number, domain: Domain) => void;
  /**
   * One-shot evaluation of a large grid (the command line): drop each result that is not a
   * target as soon as the last node reading it has run, so its buffers serve the nodes after
   * it instead of adding to the peak. The next evaluation recomputes what was dropped.
   */
  readonly dropIntermediates?: boolean;
}

export interface EvaluateReport {
  readonly domain: Domain;
  /** Kernel time per node that ran in this evaluation; cached nodes are absent. */
  readonly ran: Record<string, number>;
  readonly totalMs: number;
}

export interface EngineOptions {
  /** Overrides the graph's view resolution. */
  readonly size?: number;
  /** Overrides the graph's view origin. */
  readonly view?: { readonly x: number; readonly y: number };
  /** Tests: hand kernels garbage-filled buffers, so a cell a kernel forgets to write shows. */
  readonly poisonBuffers?: boolean;
  /** The node types the engine knows (default: every type of this build). */
  readonly catalogue?: Catalogue;
}

/** Where an input comes from: the upstream node's entry and output port. */
interface Source {
  readonly entry: Entry;
  readonly node: string;
  readonly port: string;
}

/** How many domains each node keeps results for (view, world cut, coarse pan, …). */
const DOMAINS_KEPT = 4;


export class Engine {
  /** The node types this engine evaluates. */
  readonly catalogue: Catalogue;
  private current: Graph;
  private readonly cache = new Map<string, Map<string, Entry>>();
  private readonly pool: BufferPool;
  /** JSON of each node's params, kept up to date by setParam and setGraph (part of the cache key). */
  private readonly paramKeys = new Map<string, string>();
  /** Nodes by id and the wire into each input ("node.port"), rebuilt with the graph. */
  private nodesById = new Map<string, GraphNode>();
  private wireInto = new Map<string, Edge>();
  private nextVersion = 1;
  private clock = 0;
  private onNode: EvaluateOptions['onNode'];
  /** With dropIntermediates: per node that is not a target, the wires from it still to be read. */
  private readsLeft: Map<string, number> | null = null;
  /** The domain of the evaluation under way. */
  private evaluating: Domain | null = null;

  constructor(graph: Graph, options: EngineOptions = {}) {
    this.catalogue = options.catalogue ?? CATALOGUE;
    this.assertKnownTypes(graph);
    this.pool = new BufferPool(options.poisonBuffers ?? false);
    this.current = cloneGraph(graph);
    this.index();
    const view = { ...this.current.view };
    if (options.size !== undefined) view.size = options.size;
    if (options.view) Object.assign(view, options.view);
    this.setView(view);
  }

  /** The graph as the engine sees it (a copy; edit through the engine's methods). */
  get graph(): Graph {
    return cloneGraph(this.current);
  }

  get view(): View {
    return this.current.view;
  }

  /** Replaces the whole graph. Results of nodes whose params and inputs did not change are kept. */
  setGraph(graph: Graph): void {
    this.assertKnownTypes(graph);
    // Free buffers of another size would only be memory: the new view cannot use them.
    if (graph.view.size !== this.current.view.size) this.pool.keepOnly(graph.view.size * graph.view.size);
    this.current = cloneGraph(graph);
    this.index();
    const ids = new Set(graph.nodes.map((n) => n.id));
    for (const [id, byDomain] of this.cache) {
      if (ids.has(id)) continue;
      for (const entry of byDomain.values()) this.release(entry);
      this.cache.delete(id);
    }
  }

  /** Moves or resizes the view; results on the old domain stay cached for a while. */
  setView(view: Partial<View>): void {
    const next = { ...this.current.view, ...view };
    const problems = checkView(next);
    if (problems.length) throw new GraphError(problems);
    // Free buffers of the old size would only be memory: the new size cannot use them.
    if (next.size !== this.current.view.size) this.pool.keepOnly(next.size * next.size);
    this.current.view = next;
  }

  /** Sets one param after checking it against the node's manifest; throws a GraphError if wrong. */
  setParam(nodeId: string, key: string, value: AnyParamValue): void {
    const index = this.current.nodes.findIndex((n) => n.id === nodeId);
    const node = this.current.nodes[index];
    if (!node) throw new GraphError([{ path: '$.nodes', message: `no node "${nodeId}"` }]);
    const def = this.defOf(node);
    const path = `$.nodes[${index}].params.${key}`;
    const spec = def.params[key];
    if (!spec) throw new GraphError([{ path, message: `${node.type} node "${nodeId}" has no param "${key}"` }]);
    const problems = checkParam(spec, value, path);
    if (problems.length) throw new GraphError(problems);
    node.params[key] = structuredClone(value);
    this.paramKeys.set(nodeId, JSON.stringify(node.params));
  }

  /** Evaluates every node (or the targets and what feeds them) on the view or a given domain. */
  evaluate(options: EvaluateOptions = {}): EvaluateReport {
    const domain = options.domain ?? viewDomain(this.current.view);
    const targets = options.targets ?? this.current.nodes.map((n) => n.id);
    for (const id of targets) if (!this.nodesById.has(id)) throw new Error(`no node "${id}" to evaluate`);
    const ran: Record<string, number> = {};
    const visiting = new Set<string>();
    const done = new Map<string, Entry>();
    const start = performance.now();
    this.onNode = options.onNode;
    this.readsLeft = options.dropIntermediates ? this.countReads(targets) : null;
    this.evaluating = domain;
    try {
      for (const id of targets) this.ensure(id, domain, ran, visiting, done);
    } finally {
      this.onNode = undefined;
      this.readsLeft = null;
      this.evaluating = null;
    }
    return { domain, ran, totalMs: performance.now() - start };
  }

  /**
   * An output computed by the last evaluation on the domain (the view by default). Its buffers
   * belong to the engine and are reused once the node recomputes: copy them to keep them.
   */
  output(nodeId: string, port?: string, domain?: Domain): Value | undefined {
    const entry = this.entry(nodeId, domain ?? viewDomain(this.current.view));
    if (!entry?.outputs) return undefined;
    const name = port ?? Object.keys(entry.outputs)[0];
    return entry.outputs[name];
  }

  /** The node's state after the last evaluation on the domain, or undefined if never evaluated there. */
  status(nodeId: string, domain?: Domain): NodeStatus | undefined {
    const e = this.entry(nodeId, domain ?? viewDomain(this.current.view));
    return e && { state: e.state, message: e.message, ms: e.ms, version: e.version };
  }

  /** Kernel milliseconds per node for the view domain (the time of its last run). */
  timings(domain?: Domain): Record<string, number> {
    const out: Record<string, number> = {};
    for (const n of this.current.nodes) {
      const s = this.status(n.id, domain);
      if (s) out[n.id] = s.ms;
    }
    return out;
  }

  /** Drops every cached result and every pooled buffer: the next evaluation is a cold one. */
  clearCache(): void {
    this.cache.clear();
    this.pool.clear();
  }

  private defOf(node: GraphNode): AnyNodeDef {
    const def = this.catalogue.def(node.type);
    if (!def) throw new Error(`node "${node.id}" has the type "${node.type}", which this engine's catalogue does not hold`);
    return def;
  }

  /** Throws a GraphError naming every node whose type the catalogue does not hold. */
  private assertKnownTypes(graph: Graph): void {
    const unknown = graph.nodes.flatMap((n, k) => (this.catalogue.def(n.type) ? [] : [{ path: `$.nodes[${k}].type`, message: `node "${n.id}" has the type "${n.type}", which this engine's catalogue does not hold` }]));
    if (unknown.length) throw new GraphError(unknown);
  }

  private index(): void {
    this.paramKeys.clear();
    for (const n of this.current.nodes) this.paramKeys.set(n.id, JSON.stringify(n.params));
    this.nodesById = new Map(this.current.nodes.map((n) => [n.id, n]));
    this.wireInto = new Map(this.current.edges.map((e) => [portRefText(e.to), e]));
  }

  /** For each node feeding the targets that is not one, the wires from it into that closure. */
  private countReads(targets: readonly string[]): Map<string, number> {
    const closure = upstreamOf(this.current, targets);
    const wanted = new Set(targets);
    const left = new Map<string, number>();
    for (const e of this.current.edges) {
      if (closure.has(e.to.node) && !wanted.has(e.from.node)) left.set(e.from.node, (left.get(e.from.node) ?? 0) + 1);
    }
    return left;
  }

  /** A node has settled on `domain`: its input wires are read; a source with none left is dropped there. */
  private consumeInputs(nodeId: string, def: AnyNodeDef, domain: Domain): void {
    for (const port of Object.keys(def.inputs)) {
      const source = this.wireInto.get(`${nodeId}.${port}`)?.from.node;
      const left = source === undefined ? undefined : this.readsLeft!.get(source);
      if (left === undefined) continue;
      if (left > 1) {
        this.readsLeft!.set(source!, left - 1);
        continue;
      }
      this.readsLeft!.delete(source!);
      const byDomain = this.cache.get(source!);
      const entry = byDomain?.get(domainKey(domain));
      if (!entry) continue;
      this.release(entry);
      byDomain!.delete(domainKey(domain));
    }
  }

  private release(entry: Entry): void {
    for (const b of entry.buffers) this.pool.give(b);
  }

  private entry(nodeId: string, domain: Domain): Entry | undefined {
    return this.cache.get(nodeId)?.get(domainKey(domain));
  }

  /** Keeps `entry` as the node's result on `domain`, marks it used, evicts the least recently used domain. */
  private store(nodeId: string, domain: Domain, entry: Entry): Entry {
    entry.used = ++this.clock;
    let byDomain = this.cache.get(nodeId);
    if (!byDomain) this.cache.set(nodeId, (byDomain = new Map()));
    const key = domainKey(domain);
    const old = byDomain.get(key);
    if (old === entry) return entry;
    if (old) this.release(old);
    byDomain.set(key, entry);
    if (byDomain.size > DOMAINS_KEPT) {
      let oldest: string | undefined;
      for (const [k, e] of byDomain) if (oldest === undefined || e.used < byDomain.get(oldest)!.used) oldest = k;
      this.release(byDomain.get(oldest!)!);
      byDomain.delete(oldest!);
    }
    return entry;
  }

  /**
   * The node's result on the domain, evaluating what it needs first. `done` holds the nodes
   * settled in this evaluation, so each is settled once however many nodes read it.
   */
  private ensure(nodeId: string, domain: Domain, ran: Record<string, number>, visiting: Set<string>, done: Map<string, Entry>): Entry {
    const visitKey = `${nodeId}@${domainKey(domain)}`;
    const settled = done.get(visitKey);
    if (settled) return settled;
    if (visiting.has(visitKey)) throw new Error(`the graph has a cycle through node "${nodeId}"`);
    const node = this.nodesById.get(nodeId)!;
    const def = this.defOf(node);
    visiting.add(visitKey);
    try {
      // Gather the inputs this node reads: every wired port on this domain, plus extra domains.
      const sources = new Map<string, Source>();
      const extra = new Map<string, Source>();
      const signature: string[] = [node.type, this.paramKeys.get(nodeId)!];
      for (const port of Object.keys(def.inputs)) {
        const edge = this.wireInto.get(`${nodeId}.${port}`);
        if (!edge) {
          signature.push(`${port}=-`);
          continue;
        }
        const entry = this.ensure(edge.from.node, domain, ran, visiting, done);
        sources.set(port, { entry, node: edge.from.node, port: edge.from.port });
        signature.push(`${port}=${entry.version}.${edge.from.port}`);
      }
      const extras = def.extraInputs?.(node.params as never, domain) ?? [];
      for (const { port, domain: other } of extras) {
        const edge = this.wireInto.get(`${nodeId}.${port}`);
        if (!edge) continue;
        const entry = this.ensure(edge.from.node, other, ran, visiting, done);
        extra.set(`${port}@${domainKey(other)}`, { entry, node: edge.from.node, port: edge.from.port });
        signature.push(`${port}@${domainKey(other)}=${entry.version}.${edge.from.port}`);
      }
      const sig = signature.join('|');
      const cached = this.entry(nodeId, domain);
      const result =
        cached && cached.signature === sig
          ? this.store(nodeId, domain, cached)
          : this.store(nodeId, domain, this.run(node.id, def, node.params, domain, sig, sources, extra, ran, cached));
      done.set(visitKey, result);
      // Results on other domains (the world cut's coarse grid) are small and stay.
      if (this.readsLeft && domain === this.evaluating) this.consumeInputs(nodeId, def, domain);
      return result;
    } finally {
      visiting.delete(visitKey);
    }
  }

  private run(
    nodeId: string,
    def: AnyNodeDef,
    params: Record<string, AnyParamValue>,
    domain: Domain,
    signature: string,
    sources: Map<string, Source>,
    extra: Map<string, Source>,
    ran: Record<string, number>,
    /** The result this run replaces: stays intact (and out of the pool) until the run ends. */
    previous: Entry | undefined,
  ): Entry {
    const version = this.nextVersion++;
    const without = (state: NodeState, message: string): Entry => ({ signature, outputs: null, buffers: [], state, message, ms: 0, version, used: 0 });
    for (const [port, spec] of Object.entries(def.inputs)) {
      const src = sources.get(port);
      if (!src) {
        if (!spec.optional) return without('missing', `input "${port}" is not wired`);
        continue;
      }
      if (!src.entry.outputs) return without('blocked', `waits on "${src.node}" (input "${port}"), which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
    }
    for (const src of extra.values()) {
      if (!src.entry.outputs) return without('blocked', `waits on the world cut of "${src.node}", which has no output`);
    }

    const valueOf = (port: string, want: 'field' | 'terrain' | 'biome'): Value | null => {
      const src = sources.get(port);
      if (!src) return null;
      const v = src.entry.outputs![src.port];
      if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
      if (want === 'field' && v.type === 'biome') throw new Error(`input "${port}" needs a field, got a biome map`);
      if (want !== 'field' && v.type !== want) throw new Error(`input "${port}" needs a ${want}, got a ${v.type}`);
      return v;
    };
    const owned: AnyBuffer[] = [];
    const ctx: RunContext<string> = {
      domain,
      previous: (port) => previous?.outputs?.[port] ?? null,
      alloc: (kind, length = domain.n * domain.n) => {
        const b = this.pool.take(kind, length);
        owned.push(b);
        return b;
      },
      field: (port) => (valueOf(port, 'field') as { data: Float32Array } | null)?.data ?? null,
      terrain: (port) => valueOf(port, 'terrain') as never,
      biome: (port) => valueOf(port, 'biome') as never,
      wired: (port) => sources.has(port),
      fieldAt: (port, other) => {
        const src = extra.get(`${port}@${domainKey(other)}`);
        if (!src) throw new Error(`input "${port}" was not requested on domain ${domainKey(other)}`);
        const v = src.entry.outputs![src.port];
        if (!v || v.type === 'biome') throw new Error(`input "${port}" needs a field on ${domainKey(other)}`);
        return v.data;
      },
    };
    const start = performance.now();
    try {
      const outputs = def.run(ctx, params as never) as Record<string, Value>;
      const ms = performance.now() - start;
      ran[nodeId] = ms;
      this.onNode?.(nodeId, ms, domain);
      assertOwned(def.type, outputs, owned);
      return { signature, outputs, buffers: owned, state: 'ok', ms, version, used: 0 };
    } catch (err) {
      const ms = performance.now() - start;
      ran[nodeId] = ms;
      for (const b of owned) this.pool.give(b);
      const message = err instanceof Error ? err.message : String(err);
      return { signature, outputs: null, buffers: [], state: 'failed', message, ms, version, used: 0 };
    }
  }
}

/**
 * Every buffer a result exposes must have come from ctx.alloc in this run: a buffer shared
 * with an input would be overwritten when the pool hands the input's buffer out again.
 */
function assertOwned(type: string, outputs: Record<string, Value>, owned: readonly AnyBuffer[]): void {
  for (const [port, v] of Object.entries(outputs)) {
    const buffers: AnyBuffer[] = [v.data];
    if (v.type === 'terrain') {
      buffers.push(v.sorted);
      if (v.order) buffers.push(v.order);
    }
    for (const b of buffers) {
      if (!owned.includes(b)) throw new Error(`internal: ${type} output "${port}" holds a buffer not taken from ctx.alloc`);
    }
  }
}

/** An engine for a graph; `size` and `view` override the graph's view. */
export function createEngine(graph: Graph, options: EngineOptions = {}): Engine {
  return new Engine(graph, options);
}

