// The evaluator: pulls each node's inputs, runs its kernel, and caches the outputs by the
// node's params, its inputs' versions and the domain, so after an edit only what lies
// downstream recomputes. Headless: runs the same in Node, in tests and in a Web Worker.

import { CATALOGUE } from '../../nodes/index.ts';
import { checkDomain, type Domain, domainKey, type View, viewDomain } from '../grid.ts';
import { cloneGraph, type Graph } from '../model/graph.ts';
import { type Catalogue, draftedParams } from '../model/manifest.ts';
import type { AnyParamValue } from '../model/params.ts';
import { describe, GraphError } from '../model/problems.ts';
import { checkParam, checkView, nodeNamed, suggest } from '../model/validate.ts';
import type { Value } from '../model/values.ts';
import { Evaluation } from './evaluation.ts';
import { covers, worldGrid } from './domains.ts';
import { gridBoundNodes } from './grid-bound.ts';
import { defOf, Layout } from './layout.ts';
import { checkEngineGraph } from './graph-check.ts';
import { Wiring } from './plan.ts';
import { BufferPool } from './pool.ts';
import { holdThreads, releaseThreads } from '../parallel/threads.ts';
import { type Entry, type NodeStatus, ResultCache } from './results.ts';

export type { NodeState, NodeStatus } from './results.ts';
export { Stopped } from './stopped.ts';

export interface EvaluateOptions {
  /** Evaluate only these nodes and what feeds them (default: every node). */
  readonly targets?: readonly string[];
  /** Evaluate on this domain instead of the graph's view (the viewer's coarse pan). */
  readonly domain?: Domain;
  /**
   * Called after each kernel that runs (not for cached nodes): progress for large grids. A
   * run whose last band call was left to the workers (src/parallel/threads.ts, detach) is told
   * once that call is finished, with its time. If it throws, that node fails with its error.
   */
  readonly onNode?: (nodeId: string, ms: number, domain: Domain) => void;
  /**
   * Called just before each kernel runs (not for cached nodes, nor for a node that cannot run: a
   * missing or failed input), once per domain it runs on: which node the evaluation is busy with,
   * for a page that says so while a slow one runs (the editor's worker: src/worker/protocol.ts,
   * EvaluateRunning). Only told, never asked: if it throws, that node fails with its error.
   */
  readonly onStart?: (nodeId: string, domain: Domain) => void;
  /**
   * One-shot evaluation of a large grid (the command line): drop each result that is not a
   * target as soon as the last node reading it has run, so its buffers serve the nodes after
   * it instead of adding to the peak. The next evaluation recomputes what was dropped.
   */
  readonly dropIntermediates?: boolean;
  /**
   * Asked before each node runs and at each kernel's checkpoint (RunContext.checkpoint: an
   * erosion's step or pass); when it says yes, evaluate() throws Stopped (src/engine/stopped.ts)
   * instead of returning a report. The nodes settled before keep their results (the next
   * evaluation reuses them); the node stopped keeps its previous result, records no failure and
   * gives back its buffers, and no band call of it is left running on the workers. The worker
   * reads a word the page writes when a newer edit makes the request stale (src/worker/stop.ts).
   */
  readonly shouldStop?: () => boolean;
  /**
   * A build's whole area (its tiles' union, on the lattice of the domains asked): a grid-bound
   * node (an erosion, a flow, a coast without a cap) runs on this grid (and the coarse grids
   * its readers' footprints read), whatever part of it is asked, so every block of tiles crops
   * one erosion and neighbouring tiles agree at their edges; a block's reader past the grid
   * reads its edge cells carried out (domains.ts extendInto). Those results are pinned: kept through dispose()
   * and taken, without their inputs, by the next evaluation given the same grid, until the
   * graph or a param changes, another grid is given or clearCache(). The domain asked must lie
   * inside the grid.
   */
  readonly grid?: Domain;
}

export interface EvaluateReport {
  readonly domain: Domain;
  /**
   * Kernel time per node that ran in this evaluation, summed over every domain it ran on (a
   * node feeding a halo runs on the grown view and on the world cut or the wind's coarse grid);
   * cached nodes are absent.
   */
  readonly ran: Record<string, number>;
  /**
   * Time spent copying results on a grown domain down to the domains read of them: only crops
   * whose outputs were read (by a consumer reading its input as a copy; the view's results are
   * copied when output() first reads them, after the evaluation).
   */
  readonly cropMs: number;
  readonly totalMs: number;
}

/** A grid-bound node's result pinned on a build's grid (Engine.pinnedResults, adoptPinned). */
export interface PinnedResult {
  readonly node: string;
  readonly domain: Domain;
  readonly outputs: Readonly<Record<string, Value>>;
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
  /**
   * An engine of drafts (the editor's, while a param is dragged), standing for a view of this
   * many cells a side (the full picture's size; `true`: its own size): every node runs with its
   * type's draftParams for the ratio of the engine's view size to that one, worked out here as
   * the graph, a param or the view's size comes in, so a node that reads a global region can
   * sample it coarser (the water reads a world-16 cut on world-8; the wind keeps its coarse
   * pass, which coarser moved a draft's biomes too far) and an erosion runs the full picture's
   * process at the draft's size. A draft is an approximation that a full engine's answer
   * replaces after the drag. The engine's `graph` then holds the drafted params: nothing saves
   * a drafts' engine's graph.
   */
  readonly draft?: boolean | number;
}

/** Domains asked for whose kernel times each node keeps (Engine.timings). */
const TIMED_DOMAINS = 4;
/** Grids whose pinned results an engine keeps (see pinnedGrids). */
const PINNED_GRIDS = 2;

export class Engine {
  /** The node types this engine evaluates. */
  readonly catalogue: Catalogue;
  private current: Graph;
  /**
   * The side of the view the drafts stand for (EngineOptions.draft): 0 when the engine runs its
   * nodes as they are, its own view's size when `draft` is true.
   */
  private readonly draftOf: number | 'own' | 0;
  /** A drafts' engine: each node's params as set, before drafting (its nodes hold the drafted ones). */
  private readonly given = new Map<string, Record<string, AnyParamValue>>();
  private readonly cache: ResultCache;
  private readonly pool: BufferPool;
  /** JSON of each node's params, kept up to date by setParam and setGraph (part of the cache key). */
  private readonly paramKeys = new Map<string, string>();
  /** Nodes by id and the wires by end, rebuilt with the graph. */
  private wiring!: Wiring;
  private nextVersion = 1;
  /** The evaluation under way. */
  private evaluating: Evaluation | null = null;
  /** Milliseconds spent copying crops since the evaluation under way (or the last) started. */
  private cropMs = 0;
  private readonly addCropMs = (ms: number): void => {
    this.cropMs += ms;
  };
  private readonly cropClock = (): number => this.cropMs;
  /**
   * Per node, its RunContext.shared value and what it was made from (params and the versions
   * of the footprint's reads): one sort of the water's world cut for every domain it runs on.
   */
  private readonly sharedOf = new Map<string, { readonly key: string; readonly value: object }>();
  /**
   * Per node, by the domain an evaluation was asked for, the kernel time of the last one that
   * ran the node, summed over every domain it ran on (EvaluateReport.ran): a node feeding a halo
   * runs on the grown view, and its view result, a crop of that run, took no time of its own.
   */
  private readonly kernelMs = new Map<string, Map<string, number>>();
  /** Bumped whenever the wiring or a footprint may have changed (a new graph, a param of a node with a footprint). */
  private layoutVersion = 0;
  /** Bumped whenever pinned results come or go (a layout takes them in). */
  private pinVersion = 0;
  /** The nodes whose outputs are grid-bound (grid-bound.ts). */
  private gridBound: ReadonlySet<string> = new Set();
  /**
   * The grids (EvaluateOptions.grid, or the graph's world) the cache's pinned results were made
   * on, by key, the least recently used first: per grid, the nodes and domain keys pinned. Two at
   * most: the editor's view and its coarse pan frames each have their world grid.
   */
  private readonly pinnedGrids = new Map<string, { node: string; key: string }[]>();
  /** Per pinned node, its inputs' closure as it was when pinned (upstreamKey): an edit elsewhere keeps the pin. */
  private readonly pinnedUpstream = new Map<string, string>();
  /** The last evaluation's layout and what it was made for (layoutVersion, domain asked, targets). */
  private layout: { readonly key: string; readonly layout: Layout } | null = null;

  constructor(graph: Graph, options: EngineOptions = {}) {
    this.catalogue = options.catalogue ?? CATALOGUE;
    this.draftOf = options.draft === true ? 'own' : typeof options.draft === 'number' && options.draft > 0 ? options.draft : 0;
    const problems = checkEngineGraph(graph, this.catalogue);
    if (problems.length) throw new GraphError(problems);
    this.pool = options.pool ?? new BufferPool(options.poisonBuffers ?? false);
    this.cache = new ResultCache(this.pool);
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
    const world = (w: Graph['world']) => (w ? `${w.x},${w.y},${w.size}` : '');
    const worldMoved = world(graph.world) !== world(this.current.world);
    this.current = cloneGraph(graph);
    this.given.clear();
    this.index();
    // Results pinned on the old world's grids: no evaluation asks those grids again (another
    // world, or none, has other grids), so they would only be held.
    if (worldMoved) this.unpin();
    const ids = new Set(graph.nodes.map((n) => n.id));
    this.cache.keepNodes(ids);
    for (const id of this.sharedOf.keys()) if (!ids.has(id)) this.sharedOf.delete(id);
    for (const id of this.kernelMs.keys()) if (!ids.has(id)) this.kernelMs.delete(id);
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
    const resized = next.size !== this.current.view.size;
    this.current.view = next;
    // A draft's params depend on its size over the full picture's.
    if (this.draftOf && resized) this.index();
  }

  /** Sets one param after checking it against the node's manifest; throws a GraphError if wrong. */
  setParam(nodeId: string, key: string, value: AnyParamValue): void {
    this.refuseWhileEvaluating('setParam()');
    const index = this.current.nodes.findIndex((n) => n.id === nodeId);
    const node = this.current.nodes[index];
    if (!node) throw new GraphError([{ path: '$.nodes', message: `no node "${nodeId}"` }]);
    const def = defOf(this.catalogue, node);
    const path = `$.nodes[${index}].params.${key}`;
    // Own keys only: a catalogue's params need not be prototype-free (a def spread into a plain object).
    const spec = Object.hasOwn(def.params, key) ? def.params[key] : undefined;
    // Named as a file's problems name it: type, id, and the title the canvas shows.
    const who = nodeNamed(nodeId, node.type, node.title);
    if (!spec) throw new GraphError([{ path, message: `${who} has no param "${key}"${suggest(key, Object.keys(def.params))}` }]);
    const problems = checkParam(spec, value, path).map((p) => ({ path: p.path, message: `${who}: ${p.message}` }));
    if (problems.length) throw new GraphError(problems);
    if (this.draftOf) {
      // Drafted from the params as set: a drafted count scaled again would shrink at every edit.
      const given = { ...this.given.get(nodeId)!, [key]: structuredClone(value) };
      this.given.set(nodeId, given);
      node.params = draftedParams(def, given, this.draftCells());
    } else node.params[key] = structuredClone(value);
    this.paramKeys.set(nodeId, JSON.stringify(node.params));
    this.unpinChanged();
    // A footprint may read any of its node's params (a cap, a cut, a wind's start), and with
    // them which nodes are grid-bound.
    if (def.footprint) {
      this.gridBound = gridBoundNodes(this.current, this.catalogue);
      this.layoutVersion++;
    }
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
    if (options.shouldStop !== undefined && typeof options.shouldStop !== 'function') {
      throw new GraphError([{ path: 'options.shouldStop', message: `expected a function, got ${describe(options.shouldStop)}` }]);
    }
    if (options.onStart !== undefined && typeof options.onStart !== 'function') {
      throw new GraphError([{ path: 'options.onStart', message: `expected a function, got ${describe(options.onStart)}` }]);
    }
    const asked = options.domain ?? viewDomain(this.current.view);
    const domainProblem = checkDomain(asked);
    if (domainProblem) throw new GraphError([{ path: 'options.domain', message: domainProblem }]);
    if (options.grid !== undefined) {
      const gridProblem = checkDomain(options.grid);
      if (gridProblem) throw new GraphError([{ path: 'options.grid', message: gridProblem }]);
      if (!covers(options.grid, asked)) throw new GraphError([{ path: 'options.grid', message: `the grid ${domainKey(options.grid)} does not hold the domain asked, ${domainKey(asked)}` }]);
    }
    // Without a grid given, the graph's world is the grid its erosions and flows run on, when it
    // holds the domain asked (worldGrid).
    const grid = options.grid ?? this.worldGridOf(asked) ?? undefined;
    const targets = options.targets ?? this.current.nodes.map((n) => n.id);
    const unknown = targets.filter((id) => typeof id !== 'string' || !this.wiring.nodesById.has(id));
    if (unknown.length) throw new GraphError(unknown.map((id) => ({ path: 'options.targets', message: `no node "${String(id)}" to evaluate` })));
    const start = performance.now();
    // The band workers wake now, while the layout is made, and stay awake between the
    // evaluation's calls (threads.ts).
    holdThreads();
    try {
      return this.run(asked, targets, options, grid, start);
    } finally {
      releaseThreads();
    }
  }

  private run(asked: Domain, targets: readonly string[], options: EvaluateOptions, grid: Domain | undefined, start: number): EvaluateReport {
    this.cropMs = 0;
    const { cache, pool, wiring, paramKeys, sharedOf, cropClock, addCropMs, given } = this;
    const state = { cache, pool, wiring, paramKeys, sharedOf, cropClock, addCropMs, given };
    // Pinned results serve only evaluations given the grid they were made on (their domains are
    // that grid's); the grids' least recently used goes when a third comes to pin results of
    // its own (an evaluation there of nodes above the erosion pins nothing, and keeps both).
    const gridKey = grid ? domainKey(grid) : null;
    let layout = this.layoutFor(asked, targets, grid);
    if (gridKey !== null && this.touchGrid(gridKey, layout.pinnable.size > 0)) layout = this.layoutFor(asked, targets, grid);
    const evaluation = new Evaluation(state, layout, asked, options.onNode, options.dropIntermediates ?? false, this.nextVersion, options.shouldStop, options.onStart);
    this.evaluating = evaluation;
    this.cache.begin();
    try {
      evaluation.run();
      if (layout.pinnable.size) this.pin(layout, gridKey!);
    } finally {
      // Also for a stopped evaluation: the nodes it finished keep their results, and their times.
      this.noteKernelMs(domainKey(asked), evaluation.ran);
      this.nextVersion = evaluation.nextVersion;
      this.evaluating = null;
      this.cache.end();
    }
    return { domain: asked, ran: evaluation.ran, cropMs: this.cropMs, totalMs: performance.now() - start };
  }

  /**
   * An output computed by the last evaluation on the domain (the view by default). Its buffers
   * belong to the engine and are reused once the node recomputes: copy them to keep them.
   */
  output(nodeId: string, port?: string, domain?: Domain): Value | undefined {
    const entry = this.cache.get(nodeId, domain ?? viewDomain(this.current.view));
    if (!entry?.outputs) return undefined;
    const name = port ?? Object.keys(entry.outputs)[0];
    return Object.hasOwn(entry.outputs, name) ? entry.outputs[name] : undefined;
  }

  /** The node's state after the last evaluation on the domain, or undefined if never evaluated there. */
  status(nodeId: string, domain?: Domain): NodeStatus | undefined {
    const e = this.cache.get(nodeId, domain ?? viewDomain(this.current.view));
    return e && { state: e.state, message: e.message, ms: e.ms, version: e.version };
  }

  /**
   * Kernel milliseconds per node with a result on the domain (the view by default): those of
   * the last evaluation asked for that domain that ran the node, summed over every domain it ran
   * on; the result's own time when none did (a domain only covered for another's sake). A
   * blocked or missing node took none, whatever its last run took.
   */
  timings(domain?: Domain): Record<string, number> {
    const on = domain ?? viewDomain(this.current.view);
    const key = domainKey(on);
    const out: Record<string, number> = {};
    for (const n of this.current.nodes) {
      const s = this.status(n.id, on);
      if (!s) continue;
      const ran = s.state === 'ok' || s.state === 'failed';
      out[n.id] = ran ? (this.kernelMs.get(n.id)?.get(key) ?? s.ms) : s.ms;
    }
    return out;
  }

  /** Keeps each node's kernel time of this evaluation under the domain it was asked for. */
  private noteKernelMs(asked: string, ran: Readonly<Record<string, number>>): void {
    for (const [id, ms] of Object.entries(ran)) {
      let byAsked = this.kernelMs.get(id);
      if (!byAsked) this.kernelMs.set(id, (byAsked = new Map()));
      // The newest last: beyond a few domains (the view, the last drag frames) the oldest goes.
      byAsked.delete(asked);
      byAsked.set(asked, ms);
      if (byAsked.size > TIMED_DOMAINS) byAsked.delete(byAsked.keys().next().value!);
    }
  }

  /** Pins the grid-bound nodes' results on the grid's domains (EvaluateOptions.grid). */
  private pin(layout: Layout, gridKey: string): void {
    let pins = this.pinnedGrids.get(gridKey) ?? [];
    // A node's pins on domains its whole plan on this grid no longer holds: a read below it
    // moved (a wind turned to another side reads the land on other coarse squares), and no
    // evaluation asks them again. Its readers' halos no longer grow its grid (layout.ts).
    const stale = pins.filter((p) => {
      const whole = layout.pinnable.get(p.node);
      return whole !== undefined && !whole.some((d) => domainKey(d) === p.key);
    });
    if (stale.length) {
      pins = pins.filter((p) => !stale.includes(p));
      this.pinnedGrids.set(gridKey, pins);
      this.releasePins(stale);
    }
    for (const [id, domains] of layout.pinnable) {
      const planned = new Set((layout.plan.get(id) ?? []).map(domainKey));
      for (const d of domains) {
        const key = domainKey(d);
        if (!planned.has(key) || layout.takesPinned(id, d)) continue;
        // Another grid's result on the same domain, and another one (the view's erosion on the
        // wind's coarse square passes the land on; a frame whose own grid that square is runs
        // it): each keeps its own, and this grid runs it as any cached result.
        const held = this.cache.pinned(id, d);
        if (held && held !== this.cache.get(id, d)) continue;
        this.cache.pin(id, d);
        if (this.cache.pinned(id, d)) pins.push({ node: id, key });
      }
      this.pinnedUpstream.set(id, this.upstreamKey(id));
    }
    this.pinnedGrids.set(gridKey, pins);
    this.pinVersion++;
  }

  /**
   * The grid of the graph's world on the lattice of `asked` (grid.ts worldGrid), when the graph
   * has one, a node runs on a whole grid (an erosion, a flow) and the world holds `asked`; else
   * null. Null for a drafts' engine too: a draft stands in for the picture while a slider moves,
   * at the previews' few milliseconds, and the world's erosion is the world's size squared
   * times that (eroded-valleys' 148² drafts: 64-68 ms on the view, 445-511 ms on a world of 3 × 3).
   */
  private worldGridOf(asked: Domain): Domain | null {
    const world = this.current.world;
    return world && this.gridBound.size && !this.draftOf ? worldGrid(world, asked) : null;
  }

  /**
   * Marks the grid the most recently used; a third grid that will pin (`pins`) lets the least
   * recently used one's pins go first. True when pins went (the layouts' key then changes).
   */
  private touchGrid(gridKey: string, pins: boolean): boolean {
    const held = this.pinnedGrids.get(gridKey);
    if (held) {
      this.pinnedGrids.delete(gridKey);
      this.pinnedGrids.set(gridKey, held);
      return false;
    }
    if (!pins || this.pinnedGrids.size < PINNED_GRIDS) return false;
    while (this.pinnedGrids.size >= PINNED_GRIDS) {
      const [oldest] = this.pinnedGrids.keys();
      this.unpinGrid(oldest);
    }
    return true;
  }

  private unpinGrid(gridKey: string): void {
    const pins = this.pinnedGrids.get(gridKey);
    if (!pins) return;
    this.pinnedGrids.delete(gridKey);
    this.releasePins(pins);
    this.pinVersion++;
  }

  /** Lets the cache unpin those of `pins` no grid still kept lists (a domain two grids pinned stays for the other). */
  private releasePins(pins: readonly { node: string; key: string }[]): void {
    const still = new Set([...this.pinnedGrids.values()].flatMap((list) => list.map((p) => `${p.node}|${p.key}`)));
    for (const p of pins) if (!still.has(`${p.node}|${p.key}`)) this.cache.unpin(p.node, p.key);
  }

  /**
   * A node's inputs' closure as text: each node above it (and itself) with its type, params,
   * bypass and the wires into it. The same text, the same pinned result.
   */
  private upstreamKey(id: string): string {
    return this.wiring
      .orderFor([id])
      .map((u) => {
        const node = this.wiring.nodesById.get(u)!;
        const wires = (this.wiring.wiresInto.get(u) ?? []).map((e) => `${e.from.node}.${e.from.port}>${e.to.port}`).join(',');
        return `${u}:${node.type}:${node.bypass ? 'b' : ''}:${this.paramKeys.get(u)}:${wires}`;
      })
      .join('|');
  }

  /** upstreamKey, or null when a cycle closes above the node (the graph may hold one: an evaluation reading it is refused). */
  private upstreamKeyOrNull(id: string): string | null {
    try {
      return this.upstreamKey(id);
    } catch (err) {
      if (err instanceof GraphError) return null;
      throw err;
    }
  }

  /** Lets go the pinned results of the nodes whose inputs' closure changed (an edit upstream of them, or of themselves). */
  private unpinChanged(): void {
    if (!this.pinnedGrids.size) return;
    const changed = new Set<string>();
    for (const [id, key] of this.pinnedUpstream) {
      if (!this.wiring.nodesById.has(id) || this.upstreamKeyOrNull(id) !== key) changed.add(id);
    }
    if (!changed.size) return;
    for (const id of changed) this.pinnedUpstream.delete(id);
    for (const [gridKey, pins] of this.pinnedGrids) {
      const kept = pins.filter((p) => !changed.has(p.node));
      for (const p of pins) if (changed.has(p.node)) this.cache.unpin(p.node, p.key);
      this.pinnedGrids.set(gridKey, kept);
    }
    this.pinVersion++;
  }

  /**
   * The results pinned on a build's grid (EvaluateOptions.grid), with their nodes and domains:
   * for another engine of the same graph, on another thread, to adopt (adoptPinned) instead of
   * running the same erosion again. The outputs are the engine's: copy them to keep them.
   */
  pinnedResults(): PinnedResult[] {
    return this.cache.pinnedAll().map(({ node, entry }) => ({ node, domain: entry.domain, outputs: entry.outputs! }));
  }

  /**
   * Takes results another engine of the same graph pinned on `grid` (pinnedResults, their
   * arrays shared with this thread) as this engine's own pinned ones: the next evaluation given
   * that grid takes them as it takes its own. Any pinned before are let go.
   */
  adoptPinned(grid: Domain, results: readonly PinnedResult[]): void {
    this.refuseWhileEvaluating('adoptPinned()');
    this.unpin();
    const pins: { node: string; key: string }[] = [];
    for (const r of results) {
      if (!this.wiring.nodesById.has(r.node)) throw new GraphError([{ path: 'results', message: `no node "${r.node}" to adopt a pinned result for` }]);
      const entry: Entry = { state: 'ok', ms: 0, version: this.nextVersion++, signature: `adopted on ${domainKey(grid)}`, outputs: r.outputs, buffers: [], used: 0, domain: r.domain };
      this.cache.adopt(r.node, entry);
      pins.push({ node: r.node, key: domainKey(r.domain) });
      this.pinnedUpstream.set(r.node, this.upstreamKey(r.node));
    }
    this.pinnedGrids.set(domainKey(grid), pins);
    this.pinVersion++;
  }

  /** Lets the pinned results go (a new graph or param, another grid). */
  private unpin(): void {
    if (!this.pinnedGrids.size) return;
    this.cache.unpinAll();
    this.pinnedGrids.clear();
    this.pinnedUpstream.clear();
    this.pinVersion++;
  }

  /**
   * Gives every cached result's buffers back to the pool, which keeps them (for the next engine
   * sharing it), and forgets the results: outputs read before must not be used after. Results
   * pinned on a build's grid (EvaluateOptions.grid) stay.
   */
  dispose(): void {
    this.refuseWhileEvaluating('dispose()');
    this.cache.dispose();
    this.sharedOf.clear();
  }

  /** Drops every cached result and every pooled buffer: the next evaluation is a cold one. */
  clearCache(): void {
    this.refuseWhileEvaluating('clearCache()');
    this.unpin();
    this.cache.clear();
    this.sharedOf.clear();
  }

  /** A drafts' engine: its cells per cell of the full picture it stands for, at most 1. */
  private draftCells(): number {
    return this.draftOf === 'own' || this.draftOf === 0 ? 1 : Math.min(1, this.current.view.size / this.draftOf);
  }

  private index(): void {
    if (this.draftOf) {
      // A new graph's nodes hold their params as set (setGraph forgot the last ones); a resized
      // view's hold drafted ones, and the params as set are kept.
      const cells = this.draftCells();
      for (const n of this.current.nodes) {
        const given = this.given.get(n.id) ?? n.params;
        this.given.set(n.id, given);
        n.params = draftedParams(defOf(this.catalogue, n), given, cells);
      }
    }
    this.paramKeys.clear();
    for (const n of this.current.nodes) this.paramKeys.set(n.id, JSON.stringify(n.params));
    this.gridBound = gridBoundNodes(this.current, this.catalogue);
    this.wiring = new Wiring(this.current);
    this.layoutVersion++;
    // A pinned result holds no inputs' versions to check: a change in its inputs' closure lets it go.
    this.unpinChanged();
  }

  /**
   * The order, domains and reads for an evaluation of `targets` on `asked`: the last
   * evaluation's when nothing they depend on changed, which spares a cold world evaluation its
   * planning (some 0.1 ms of sixty node runs on a dozen domains) and gives it the same domain objects.
   */
  private layoutFor(asked: Domain, targets: readonly string[], grid?: Domain): Layout {
    const gridKey = grid ? `${domainKey(grid)}|${this.pinVersion}` : '';
    const key = `${this.layoutVersion}|${domainKey(asked)}|${JSON.stringify(targets)}|${gridKey}`;
    if (this.layout?.key !== key) {
      // This grid's pins alone: another grid's result on one of its domains may be another run there.
      const pins = grid && this.pinnedGrids.get(domainKey(grid));
      const pinned = pins ? (id: string) => new Set(pins.filter((p) => p.node === id).map((p) => p.key)) : undefined;
      this.layout = { key, layout: new Layout(this.catalogue, this.wiring, asked, targets, this.gridBound, grid, pinned) };
    }
    return this.layout.layout;
  }

  /** Throws when the engine is in the middle of an evaluation: its state must not change under it. */
  private refuseWhileEvaluating(what: string): void {
    if (this.evaluating) {
      throw new GraphError([
        { path: 'engine', message: `${what} was called while an evaluation is under way (from an onNode callback?): call it after evaluate() returns` },
      ]);
    }
  }
}

/** An engine for a graph; `size` and `view` override the graph's view. */
export function createEngine(graph: Graph, options: EngineOptions = {}): Engine {
  return new Engine(graph, options);
}
