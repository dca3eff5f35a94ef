// The evaluator: pulls each node's inputs, runs its kernel, and caches the outputs by the
// node's params, its inputs' versions and the domain, so after an edit only what lies
// downstream recomputes. Headless: runs the same in Node, in tests and in a Web Worker.

import { CATALOGUE } from '../../nodes/index.ts';
import { checkDomain, domainKey, type Domain, type View, viewDomain } from '../grid.ts';
import { cloneGraph, type Edge, type Graph, type GraphNode, portRefText } from '../model/graph.ts';
import { type AnyNodeDef, type AnyParamValue, type Catalogue, type DomainRead, type Footprint, footprintOf, marginsOf, type RunContext } from '../model/manifest.ts';
import { describe, GraphError } from '../model/problems.ts';
import { checkParam, checkView } from '../model/validate.ts';
import { covers, CROP_BAND, type CropBand, cropBand, cropInto, grow, mergeNeeds } from './domains.ts';
import { bands } from '../parallel/threads.ts';
import { checkEngineGraph } from './graph-check.ts';
import { type AnyBuffer, type BufferKind, type BufferOf, BufferPool } from './pool.ts';
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
  /** The domain the result covers. */
  readonly domain: Domain;
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
  /**
   * Kernel time per node that ran in this evaluation, summed over every domain it ran on (a
   * node feeding a halo runs on the grown view and on the world cut or the wind's coarse grid);
   * cached nodes are absent.
   */
  readonly ran: Record<string, number>;
  /** Time spent cutting results on a grown domain down to the domains their consumers read. */
  readonly cropMs: number;
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
  /**
   * The buffers to draw from, shared with engines used one after another on one thread (a
   * build's tiles): each gives its buffers back with dispose() and the next takes them, instead
   * of every tile faulting in hundreds of fresh megabytes. Kernels write every cell they output
   * (tests run with poisonBuffers), so nothing of one engine's grids reaches another's results.
   */
  readonly pool?: BufferPool;
}

/** Where an input comes from: the upstream node's entry and output port. */
interface Source {
  readonly entry: Entry;
  readonly node: string;
  readonly port: string;
}

/** How many domains each node keeps results for (view, world cut, coarse pan, …). */
const DOMAINS_KEPT = 6;


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
  private wiresInto = new Map<string, Edge[]>();
  private wiresFrom = new Map<string, Edge[]>();
  /** The clock when the evaluation under way started: results used since must not be evicted. */
  private evaluationStart = Number.POSITIVE_INFINITY;
  /** Per node, the results this evaluation ran or reused on its planned domains: crops come from them. */
  private settledOn = new Map<string, Entry[]>();
  private nextVersion = 1;
  private clock = 0;
  private onNode: EvaluateOptions['onNode'];
  /** With dropIntermediates: per node that is not a target, the wires from it still to be read. */
  private readsLeft: Map<string, number> | null = null;
  /** The domain of the evaluation under way. */
  private evaluating: Domain | null = null;
  /** Milliseconds the evaluation under way spent cropping. */
  private cropMs = 0;

  constructor(graph: Graph, options: EngineOptions = {}) {
    this.catalogue = options.catalogue ?? CATALOGUE;
    const problems = checkEngineGraph(graph, this.catalogue);
    if (problems.length) throw new GraphError(problems);
    this.pool = options.pool ?? new BufferPool(options.poisonBuffers ?? false);
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
    this.refuseWhileEvaluating('setGraph()');
    const problems = checkEngineGraph(graph, this.catalogue);
    if (problems.length) throw new GraphError(problems);
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
    this.refuseWhileEvaluating('setView()');
    if (typeof view !== 'object' || view === null) throw new GraphError([{ path: 'view', message: `setView() expects {x?, y?, size?}, got ${describe(view)}` }]);
    const next = { ...this.current.view, ...view };
    const problems = checkView(next);
    if (problems.length) throw new GraphError(problems);
    // Free buffers of the old size would only be memory: the new size cannot use them.
    if (next.size !== this.current.view.size) this.pool.keepOnly(next.size * next.size);
    this.current.view = next;
  }

  /** Sets one param after checking it against the node's manifest; throws a GraphError if wrong. */
  setParam(nodeId: string, key: string, value: AnyParamValue): void {
    this.refuseWhileEvaluating('setParam()');
    const index = this.current.nodes.findIndex((n) => n.id === nodeId);
    const node = this.current.nodes[index];
    if (!node) throw new GraphError([{ path: '$.nodes', message: `no node "${nodeId}"` }]);
    const def = this.defOf(node);
    const path = `$.nodes[${index}].params.${key}`;
    // Own keys only: a catalogue's params need not be prototype-free (a def spread into a plain object).
    const spec = Object.hasOwn(def.params, key) ? def.params[key] : undefined;
    if (!spec) throw new GraphError([{ path, message: `${node.type} node "${nodeId}" has no param "${key}"` }]);
    const problems = checkParam(spec, value, path);
    if (problems.length) throw new GraphError(problems);
    node.params[key] = structuredClone(value);
    this.paramKeys.set(nodeId, JSON.stringify(node.params));
  }

  /**
   * Evaluates every node (or the targets and what feeds them) on the view or a given domain.
   * Works out first, from the domain asked, the domain each upstream node must cover (grown by
   * the halos downstream of it), then runs the nodes in dependency order without recursion,
   * so a chain of any length evaluates. Throws a GraphError for a bad domain or target, and
   * when called again while an evaluation is under way (from an onNode callback).
   */
  evaluate(options: EvaluateOptions = {}): EvaluateReport {
    this.refuseWhileEvaluating('evaluate()');
    // The API's edge: options from a caller in plain JavaScript are checked before use.
    if (typeof options !== 'object' || options === null) throw new GraphError([{ path: 'options', message: `evaluate() expects an object of options, got ${describe(options)}` }]);
    if (options.targets !== undefined && !Array.isArray(options.targets)) {
      throw new GraphError([{ path: 'options.targets', message: `expected a list of node ids, got ${describe(options.targets)}` }]);
    }
    const asked = options.domain ?? viewDomain(this.current.view);
    const domainProblem = checkDomain(asked);
    if (domainProblem) throw new GraphError([{ path: 'options.domain', message: domainProblem }]);
    const targets = options.targets ?? this.current.nodes.map((n) => n.id);
    const unknown = targets.filter((id) => typeof id !== 'string' || !this.nodesById.has(id));
    if (unknown.length) throw new GraphError(unknown.map((id) => ({ path: 'options.targets', message: `no node "${String(id)}" to evaluate` })));
    const ran: Record<string, number> = {};
    const start = performance.now();
    this.cropMs = 0;
    const order = this.orderFor(targets);
    const plan = this.plan(order, targets, asked);
    const wanted = new Set(targets);
    this.onNode = options.onNode;
    this.readsLeft = options.dropIntermediates ? this.countReads(order, wanted) : null;
    this.evaluating = asked;
    this.evaluationStart = this.clock + 1;
    const done = new Map<string, Entry>();
    this.settledOn = new Map();
    try {
      for (const id of order) {
        for (const d of plan.get(id)!) this.settle(id, d, asked, ran, done);
        if (wanted.has(id)) this.resultOn(id, asked, done);
        if (this.readsLeft) this.consumeInputs(id, wanted, asked);
      }
    } finally {
      this.onNode = undefined;
      this.readsLeft = null;
      this.evaluating = null;
      this.evaluationStart = Number.POSITIVE_INFINITY;
      this.settledOn = new Map();
    }
    return { domain: asked, ran, cropMs: this.cropMs, totalMs: performance.now() - start };
  }

  /**
   * An output computed by the last evaluation on the domain (the view by default). Its buffers
   * belong to the engine and are reused once the node recomputes: copy them to keep them.
   */
  output(nodeId: string, port?: string, domain?: Domain): Value | undefined {
    const entry = this.entry(nodeId, domain ?? viewDomain(this.current.view));
    if (!entry?.outputs) return undefined;
    const name = port ?? Object.keys(entry.outputs)[0];
    return Object.hasOwn(entry.outputs, name) ? entry.outputs[name] : undefined;
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

  /**
   * Gives every cached result's buffers back to the pool, which keeps them (for the next engine
   * sharing it), and forgets the results: outputs read before must not be used after.
   */
  dispose(): void {
    this.refuseWhileEvaluating('dispose()');
    for (const byDomain of this.cache.values()) for (const entry of byDomain.values()) this.release(entry);
    this.cache.clear();
  }

  /** Drops every cached result and every pooled buffer: the next evaluation is a cold one. */
  clearCache(): void {
    this.refuseWhileEvaluating('clearCache()');
    this.cache.clear();
    this.pool.clear();
  }

  private defOf(node: GraphNode): AnyNodeDef {
    const def = this.catalogue.def(node.type);
    if (!def) throw new Error(`node "${node.id}" has the type "${node.type}", which this engine's catalogue does not hold`);
    return def;
  }

  private index(): void {
    this.paramKeys.clear();
    for (const n of this.current.nodes) this.paramKeys.set(n.id, JSON.stringify(n.params));
    this.nodesById = new Map(this.current.nodes.map((n) => [n.id, n]));
    this.wireInto = new Map(this.current.edges.map((e) => [portRefText(e.to), e]));
    this.wiresInto = new Map();
    this.wiresFrom = new Map();
    for (const e of this.current.edges) {
      const into = this.wiresInto.get(e.to.node);
      if (into) into.push(e);
      else this.wiresInto.set(e.to.node, [e]);
      const from = this.wiresFrom.get(e.from.node);
      if (from) from.push(e);
      else this.wiresFrom.set(e.from.node, [e]);
    }
  }

  /** Throws when the engine is in the middle of an evaluation: its state must not change under it. */
  private refuseWhileEvaluating(what: string): void {
    if (this.evaluating) {
      throw new GraphError([
        { path: 'engine', message: `${what} was called while an evaluation is under way (from an onNode callback?): call it after evaluate() returns` },
      ]);
    }
  }

  /**
   * The targets and every node feeding them, each after the nodes it reads (Kahn's algorithm
   * over the closure, ties in file order). Iterative, so no chain is too long for the stack.
   */
  private orderFor(targets: readonly string[]): string[] {
    const closure = new Set<string>();
    const stack = [...targets];
    while (stack.length) {
      const id = stack.pop()!;
      if (closure.has(id)) continue;
      closure.add(id);
      for (const e of this.wiresInto.get(id) ?? []) stack.push(e.from.node);
    }
    const indegree = new Map<string, number>();
    for (const id of closure) indegree.set(id, (this.wiresInto.get(id) ?? []).length);
    const ready: string[] = [];
    for (const n of this.current.nodes) if (indegree.get(n.id) === 0) ready.push(n.id);
    const order: string[] = [];
    for (let k = 0; k < ready.length; k++) {
      const id = ready[k];
      order.push(id);
      for (const e of this.wiresFrom.get(id) ?? []) {
        const left = indegree.get(e.to.node);
        if (left === undefined) continue;
        indegree.set(e.to.node, left - 1);
        if (left === 1) ready.push(e.to.node);
      }
    }
    if (order.length !== closure.size) {
      const stuck = [...closure].find((id) => !order.includes(id));
      throw new GraphError([{ path: '$.edges', message: `the graph has a cycle through node "${stuck}"` }]);
    }
    return order;
  }

  /**
   * The domains each node is evaluated on: the asked domain for a target, and for every node
   * the domains its consumers read it on (their own grown by their footprint's halo, plus the
   * footprint's reads), merged where one evaluation covers several. Consumers come first
   * (reverse dependency order), so a node's needs are complete when it is reached.
   */
  private plan(order: readonly string[], targets: readonly string[], asked: Domain): Map<string, Domain[]> {
    const needs = new Map<string, Domain[]>();
    const need = (id: string, d: Domain): void => {
      const list = needs.get(id);
      if (list) list.push(d);
      else needs.set(id, [d]);
    };
    for (const id of targets) need(id, asked);
    const plan = new Map<string, Domain[]>();
    for (let k = order.length - 1; k >= 0; k--) {
      const id = order[k];
      const domains = mergeNeeds(needs.get(id) ?? [asked]);
      plan.set(id, domains);
      const node = this.nodesById.get(id)!;
      const footprint = footprintOf(this.defOf(node), node.params);
      for (const d of domains) {
        const inputs = grow(d, marginsOf(footprint));
        for (const e of this.wiresInto.get(id) ?? []) need(e.from.node, inputs);
        for (const read of readsOf(footprint, d, asked)) {
          const e = this.wireInto.get(`${id}.${read.port}`);
          if (e) need(e.from.node, read.domain);
        }
      }
    }
    return plan;
  }

  /** For each node feeding the targets that is not one, the wires from it into that closure. */
  private countReads(order: readonly string[], wanted: ReadonlySet<string>): Map<string, number> {
    const left = new Map<string, number>();
    for (const id of order) {
      for (const e of this.wiresInto.get(id) ?? []) if (!wanted.has(e.from.node)) left.set(e.from.node, (left.get(e.from.node) ?? 0) + 1);
    }
    return left;
  }

  /**
   * A node has settled on all its domains: its input wires are read; a source with none left
   * gives back its buffers (a target keeps its result on the asked domain).
   */
  private consumeInputs(nodeId: string, wanted: ReadonlySet<string>, asked: Domain): void {
    for (const e of this.wiresInto.get(nodeId) ?? []) {
      const source = e.from.node;
      const left = this.readsLeft!.get(source);
      if (left === undefined) continue;
      if (left > 1) {
        this.readsLeft!.set(source, left - 1);
        continue;
      }
      this.readsLeft!.delete(source);
      const byDomain = this.cache.get(source);
      if (!byDomain) continue;
      for (const [key, entry] of byDomain) {
        if (wanted.has(source) && key === domainKey(asked)) continue;
        this.release(entry);
        byDomain.delete(key);
      }
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
   * The node's result on a domain it was planned on: the cached one when its params and its
   * inputs' versions are unchanged, else a fresh run. `done` holds what this evaluation settled.
   */
  private settle(nodeId: string, domain: Domain, asked: Domain, ran: Record<string, number>, done: Map<string, Entry>): Entry {
    const visitKey = `${nodeId}@${domainKey(domain)}`;
    const settled = done.get(visitKey);
    if (settled) return settled;
    const node = this.nodesById.get(nodeId)!;
    const def = this.defOf(node);
    const footprint = footprintOf(def, node.params);
    const inputDomain = grow(domain, marginsOf(footprint));
    const sources = new Map<string, Source>();
    const extra = new Map<string, Source>();
    const signature: string[] = [node.type, this.paramKeys.get(nodeId)!, domainKey(inputDomain)];
    for (const port of Object.keys(def.inputs)) {
      const edge = this.wireInto.get(`${nodeId}.${port}`);
      if (!edge) {
        signature.push(`${port}=-`);
        continue;
      }
      const entry = this.resultOn(edge.from.node, inputDomain, done);
      sources.set(port, { entry, node: edge.from.node, port: edge.from.port });
      signature.push(`${port}=${entry.version}.${edge.from.port}`);
    }
    for (const { port, domain: other } of readsOf(footprint, domain, asked)) {
      const edge = this.wireInto.get(`${nodeId}.${port}`);
      if (!edge) continue;
      const entry = this.resultOn(edge.from.node, other, done);
      extra.set(`${port}@${domainKey(other)}`, { entry, node: edge.from.node, port: edge.from.port });
      signature.push(`${port}@${domainKey(other)}=${entry.version}.${edge.from.port}`);
    }
    const sig = signature.join('|');
    const cached = this.entry(nodeId, domain);
    const result =
      cached && cached.signature === sig
        ? this.store(nodeId, domain, cached)
        : this.store(nodeId, domain, this.run(node.id, def, node.params, { domain, inputDomain, asked }, sig, sources, extra, ran, cached));
    done.set(visitKey, result);
    const list = this.settledOn.get(nodeId);
    if (list) list.push(result);
    else this.settledOn.set(nodeId, [result]);
    return result;
  }

  /**
   * The node's result on `domain`, which this evaluation settled the node on or on a domain
   * covering it: then the cells of `domain` are cropped out, once per evaluation, into a result
   * of their own that keeps its version while the source's does not change.
   */
  private resultOn(nodeId: string, domain: Domain, done: Map<string, Entry>): Entry {
    const key = domainKey(domain);
    const visitKey = `${nodeId}@${key}`;
    const settled = done.get(visitKey);
    if (settled) return settled;
    let source: Entry | undefined;
    let from: Domain | undefined;
    for (const e of this.settledOn.get(nodeId) ?? []) {
      if (!covers(e.domain, domain)) continue;
      source = e;
      from = e.domain;
      break;
    }
    if (!source || !from) throw new Error(`internal: node "${nodeId}" was not planned on a domain covering ${key}`);
    const signature = `crop of ${domainKey(from)} v${source.version}`;
    const cached = this.entry(nodeId, domain);
    let entry = cached;
    if (!cached || cached.signature !== signature) {
      const t = performance.now();
      entry = this.crop(source, from, domain, signature);
      this.cropMs += performance.now() - t;
    }
    this.store(nodeId, domain, entry!);
    done.set(visitKey, entry!);
    return entry!;
  }

  /** A result holding the cells of `to` out of `source` (on `from`), in buffers of its own. */
  private crop(source: Entry, from: Domain, to: Domain, signature: string): Entry {
    const version = this.nextVersion++;
    const base = { signature, state: source.state, message: source.message, ms: 0, version, used: 0, domain: to };
    if (!source.outputs) return { ...base, outputs: null, buffers: [] };
    const buffers: AnyBuffer[] = [];
    const take = <K extends BufferKind>(kind: K, length: number): BufferOf<K> => {
      const b = this.pool.take(kind, length);
      buffers.push(b);
      return b;
    };
    const outputs: Record<string, Value> = {};
    const cells = to.n * to.n;
    // Row bands over the threads (a crop of a 1280² grid to 1024² is 4 MB of copying), at least
    // 64 K cells a band: a smaller copy takes less than handing it to a worker. The buffers are
    // the engine's, in shared memory while a pool runs.
    const byBands = (args: CropBand, rows: number): void => bands(CROP_BAND, cropBand, args, rows, Math.ceil(65536 / args.n));
    for (const [port, v] of Object.entries(source.outputs)) {
      if (v.type === 'biome') {
        const data = take('u8', cells);
        cropInto(v.data, from, to, data, byBands);
        outputs[port] = { ...v, data };
      } else if (v.type === 'field') {
        const data = take('f32', cells);
        cropInto(v.data, from, to, data, byBands);
        outputs[port] = { ...v, data };
      } else {
        const data = take('f32', cells);
        cropInto(v.data, from, to, data, byBands);
        // The sorted heights are those of the cut source, not of the grid: they stay as they are.
        // The order indexed the source grid's cells, so it does not carry over.
        const sorted = take('f32', v.sorted.length);
        sorted.set(v.sorted);
        outputs[port] = { ...v, data, sorted, order: null };
      }
    }
    return { ...base, outputs, buffers };
  }

  private run(
    nodeId: string,
    def: AnyNodeDef,
    params: Record<string, AnyParamValue>,
    { domain, inputDomain, asked }: { domain: Domain; inputDomain: Domain; asked: Domain },
    signature: string,
    sources: Map<string, Source>,
    extra: Map<string, Source>,
    ran: Record<string, number>,
    /** The result this run replaces: stays intact (and out of the pool) until the run ends. */
    previous: Entry | undefined,
  ): Entry {
    const version = this.nextVersion++;
    const without = (state: NodeState, message: string): Entry => ({ signature, outputs: null, buffers: [], state, message, ms: 0, version, used: 0, domain });
    for (const [port, spec] of Object.entries(def.inputs)) {
      const src = sources.get(port);
      if (!src) {
        if (!spec.optional) return without('missing', `input "${port}" is not wired`);
        continue;
      }
      if (!src.entry.outputs) return without('blocked', `waits on "${src.node}" (input "${port}"), which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
    }
    for (const src of extra.values()) {
      if (!src.entry.outputs) return without('blocked', `waits on "${src.node}" on another domain, which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
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
    const other = (port: string, at: Domain): Value | null => {
      const src = extra.get(`${port}@${domainKey(at)}`);
      if (!src) {
        if (!sources.has(port)) return null;
        throw new Error(`input "${port}" was not requested on domain ${domainKey(at)}: the footprint's reads must name it`);
      }
      const v = src.entry.outputs![src.port];
      if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
      return v;
    };
    const ctx: RunContext<string> = {
      domain,
      inputDomain,
      asked,
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
      fieldAt: (port, at) => {
        const v = other(port, at);
        if (v?.type === 'biome') throw new Error(`input "${port}" needs a field on ${domainKey(at)}, got a biome map`);
        return v?.data ?? null;
      },
      terrainAt: (port, at) => {
        const v = other(port, at);
        if (v && v.type !== 'terrain') throw new Error(`input "${port}" needs a terrain on ${domainKey(at)}, got a ${v.type}`);
        return v;
      },
    };
    const start = performance.now();
    try {
      const outputs = def.run(ctx, params as never) as Record<string, Value>;
      const ms = performance.now() - start;
      ran[nodeId] = (ran[nodeId] ?? 0) + ms;
      this.onNode?.(nodeId, ms, domain);
      assertOwned(def.type, outputs, owned);
      return { signature, outputs, buffers: owned, state: 'ok', ms, version, used: 0, domain };
    } catch (err) {
      const ms = performance.now() - start;
      ran[nodeId] = (ran[nodeId] ?? 0) + ms;
      for (const b of owned) this.pool.give(b);
      const message = err instanceof Error ? err.message : String(err);
      return { signature, outputs: null, buffers: [], state: 'failed', message, ms, version, used: 0, domain };
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


/** The reads a footprint names besides its halo, for a node evaluated on `domain`. */
function readsOf(footprint: Footprint, domain: Domain, asked: Domain): readonly DomainRead[] {
  if (footprint.kind === 'global') return footprint.reads(domain, asked);
  if (footprint.kind === 'view') return footprint.reads?.(domain, asked) ?? [];
  return [];
}
