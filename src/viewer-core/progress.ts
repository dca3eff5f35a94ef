// What the map says while an evaluation takes long: the node the worker runs and on what
// ("Hydraulic erosion on the world (3 × 3 views, 769² cells)… 2.1 s"), with the time
// since the request went. Gaea and World Machine name the node that computes; a 6-second world
// change showed only a small "updating…" while every node's picture kept its old image.

import { type Domain, type View, viewDomain, type World } from '../grid.ts';
import { covers, worldGrid } from '../engine/domains.ts';
import { downstreamOf, type Graph } from '../model/graph.ts';
import { type Progress, type RunningNode, SLOW_MS } from '../worker/client.ts';
import type { Change } from '../editor/commands.ts';

export { SLOW_MS };
export type { RunningNode };

/** How often the status's time ticks while it shows. */
export const TICK_MS = 100;

/** A number as the viewer writes it: the minus sign, at most `digits` decimals, no trailing zeros. */
function num(v: number, digits = 1): string {
  const text = String(Number(v.toFixed(digits)));
  return text.replace('-', '−');
}

/** Two domains are the same square of the world within a hundredth of a cell. */
function sameSquare(a: Domain, b: Domain): boolean {
  const eps = (0.01 * b.extent) / b.n;
  return a.n === b.n && Math.abs(a.x0 - b.x0) < eps && Math.abs(a.y0 - b.y0) < eps && Math.abs(a.extent - b.extent) < eps;
}

/**
 * Where a node runs, in words: `text` whole ("on the world (3 × 3 views and a margin, 833²
 * cells)"), and in two parts for a map too narrow for all of it: `at`, what it must say ("on the
 * world"), and `detail`, what a wider map adds ("3 × 3 views and a margin, 833² cells").
 */
export interface Where {
  readonly text: string;
  readonly at: string;
  readonly detail: string;
}

/**
 * Where a node runs, for the view and world of the graph its request evaluates: on its world (the
 * world's grid, where an erosion runs, or grown by the margin a node reading round a cell, a coast,
 * reads around it), on the view (grown or not),
 * or on a region of views (a water's world cut, a wind's coarse pass), with the cells a side.
 */
export function whereParts(domain: Domain, graph: Pick<Graph, 'view' | 'world'>): Where {
  const cells = `${domain.n}² cells`;
  const view = viewDomain(graph.view);
  const world = graph.world ? worldGrid(graph.world, view) : null;
  const plain = (at: string): Where => ({ text: `${at} (${cells})`, at, detail: cells });
  if (graph.world && world && covers(domain, world) && domain.extent < graph.world.size + 1) {
    const s = graph.world.size;
    const detail = `${s} × ${s} views${domain.n > world.n ? ' and a margin' : ''}, ${cells}`;
    return { text: `on the world (${detail})`, at: 'on the world', detail };
  }
  if (sameSquare(domain, { ...view, n: domain.n })) return plain('on the view');
  const holdsView = domain.x0 <= view.x0 + 1e-9 && domain.y0 <= view.y0 + 1e-9 && domain.x0 + domain.extent >= view.x0 + view.extent - 1e-9 && domain.y0 + domain.extent >= view.y0 + view.extent - 1e-9;
  if (holdsView && domain.extent < 2) return { text: `on the view and a margin (${cells})`, at: 'on the view', detail: `with a margin, ${cells}` };
  const e = num(domain.extent);
  return plain(`on ${e} × ${e} views`);
}

/**
 * Where a request computes, before its worker names a node: on its world's grid when it has a
 * world and `worldBound` (a node of its graph runs there, as an erosion does: the engine gives a
 * world to nothing else), else on its view ("on the world (3 × 3 views, 769² cells)"). A slider's
 * draft runs on its view at its own size (`draft`), on no world (engine.ts worldGridOf).
 */
export function askedWhere(asked: { readonly view: View; readonly world?: World | undefined; readonly draft?: number | undefined }, worldBound: boolean): Where {
  if (asked.draft) return whereParts(viewDomain({ ...asked.view, size: asked.draft }), asked);
  const view = viewDomain(asked.view);
  const world = asked.world && worldBound ? worldGrid(asked.world, view) : null;
  return whereParts(world ?? view, asked);
}

/** whereParts, whole: "on the world (3 × 3 views and a margin, 833² cells)". */
export function whereText(domain: Domain, graph: Pick<Graph, 'view' | 'world'>): string {
  return whereParts(domain, graph).text;
}

/**
 * The time waited as a stopwatch shows it (never ahead): tenths under 10 s, whole seconds under a
 * minute (a 256-px map's status has no room for "10.4 s" beside a node's title and where it runs),
 * then minutes and seconds; with no-break spaces, so the time stays whole.
 */
export function elapsedText(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  if (tenths < 100) return `${Math.floor(tenths / 10)}.${tenths % 10}\u00a0s`;
  const whole = Math.floor(tenths / 10);
  if (whole < 60) return `${whole}\u00a0s`;
  return `${Math.floor(whole / 60)}\u00a0min ${String(whole % 60).padStart(2, '0')}\u00a0s`;
}

/**
 * The map's status for an evaluation running `elapsedMs`: null before SLOW_MS; the node's title
 * and where it runs when the worker said which (`running`, a node still in the graph); else that
 * the graph computes, and where (`asked`, askedWhere: "Computing on the world (3 × 3 views, 769²
 * cells)…"), or without `asked` only that something computes. Where it runs is told against the view and world of the graph the
 * request evaluates (RunningNode), not `graph`, the newest: a world moved or taken away while
 * the erosion still runs on the old one read as "on 3.3 × 3.3 views" until the next node started.
 */
export function progressText(running: RunningNode | null, graph: Pick<Graph, 'view' | 'world' | 'nodes'>, elapsedMs: number, asked?: Where): string | null {
  const parts = progressParts(running, graph, elapsedMs, asked);
  return parts && `${parts.what}\u00a0${parts.elapsed}`;
}

/** progressText in parts (progressParts). */
export interface ProgressParts {
  /** What computes, whole ("Hydraulic erosion on the world (…)…"): it changes only with the node. */
  readonly what: string;
  /** The node's title ("Hydraulic erosion"), or "Computing" before the worker has named one. */
  readonly node: string;
  /** Where it runs, in short ("on the world"; empty with no node) and what a wider map adds (whereParts). */
  readonly at: string;
  readonly detail: string;
  /** The time waited ("2.1 s"), which ticks every TICK_MS. */
  readonly elapsed: string;
}

/**
 * progressText in parts. The map announces `what` to a screen reader and not the time: a live
 * region whose text changed ten times a second would be read out without end. It shows the node,
 * where it runs and the time on one line, followed by the detail where the map has room for it
 * whole: on a 256-px map the whole text wrapped to three lines over the land.
 */
export function progressParts(running: RunningNode | null, graph: Pick<Graph, 'view' | 'world' | 'nodes'>, elapsedMs: number, asked?: Where): ProgressParts | null {
  if (elapsedMs < SLOW_MS) return null;
  const elapsed = elapsedText(elapsedMs);
  const node = running && graph.nodes.find((n) => n.id === running.node);
  // Not named yet: on a loaded machine the request waits behind the worker's other work, and
  // "Computing… 0.4 s" said nothing of what a person waits for. Where the graph computes, then
  // ("Computing the graph on the world…" was cut short on a 256-px map).
  if (!node && asked) return { what: `Computing ${asked.text}…`, node: 'Computing', at: asked.at, detail: asked.detail, elapsed };
  if (!node) return { what: 'Computing…', node: 'Computing', at: '', detail: '', elapsed };
  const where = whereParts(running.domain, running);
  return { what: `${node.title} ${where.text}…`, node: node.title, at: where.at, detail: where.detail, elapsed };
}

/**
 * The cards to mark while an evaluation is slow: the nodes it started whose new pictures have not
 * come (EngineClient.recomputing), and the node it runs now with everything downstream of it,
 * which runs after it. Nodes no longer in the graph are left out.
 */
export function markedCards(graph: Pick<Graph, 'nodes' | 'edges'>, recomputing: Iterable<string>, running: RunningNode | null, affected?: ReadonlySet<string>): Set<string> {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const out = new Set<string>();
  const add = (id: string) => ids.has(id) && (!affected || affected.has(id)) && out.add(id);
  for (const id of recomputing) add(id);
  if (running && ids.has(running.node)) for (const id of downstreamOf(graph as Graph, running.node)) add(id);
  return out;
}

/**
 * The nodes whose pictures the edits since the worker last owed nothing can change: a param's,
 * a bypass's or a wire's node and what it feeds, everything for a view moved or a graph opened,
 * and for a world given, moved or removed only the nodes it runs on the world (an erosion, a
 * flow) and what they feed. A world change runs the noises above an erosion on the world's grid
 * too, and their pictures came back the same: they were marked as out of date for seconds.
 */
export class EditedSince {
  private all = false;
  private world = false;
  private readonly roots = new Set<string>();

  /** Takes in the editor core's changes. */
  note(changes: readonly Change[]): void {
    for (const c of changes) {
      if (c.kind === 'graph' || c.kind === 'view') this.all = true;
      else if (c.kind === 'world') this.world = true;
      else if (c.kind === 'param' || c.kind === 'nodeAdded' || c.kind === 'nodeRemoved' || (c.kind === 'flag' && c.flag === 'bypass')) this.roots.add(c.id);
      else if (c.kind === 'edgeAdded' || c.kind === 'edgeRemoved') this.roots.add(c.edge.to.node);
    }
  }

  /** Every answer owed has come: what was edited is shown. */
  clear(): void {
    this.all = this.world = false;
    this.roots.clear();
  }

  /** The nodes affected, in `graph`; `gridBound` gives the nodes a world changes (grid-bound.ts). */
  affected(graph: Pick<Graph, 'nodes' | 'edges'>, gridBound: () => Iterable<string>): Set<string> {
    if (this.all) return new Set(graph.nodes.map((n) => n.id));
    const out = new Set<string>();
    const below = (id: string) => {
      if (out.has(id)) return;
      for (const d of downstreamOf(graph as Graph, id)) out.add(d);
    };
    for (const id of this.roots) below(id);
    if (this.world) for (const id of gridBound()) below(id);
    return out;
  }
}

/** The clock's timers and time (the page's; a test's fake). */
export interface ClockTimers {
  now(): number;
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const PAGE_TIMERS: ClockTimers = {
  now: () => performance.now(),
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Ticks while the worker's request is slow: nothing while requests are answered within SLOW_MS
 * (a drag's drafts, an ordinary edit: one timer set and cleared per request), then `tick` every
 * TICK_MS until it is answered, and once more then, so what showed goes. `update` is called
 * whenever the request in flight or what it runs changes (EngineClient.subscribeProgress).
 */
export class ProgressClock {
  private timer: unknown = null;
  private shown = false;

  constructor(
    private readonly progress: () => Progress | null,
    private readonly tick: () => void,
    private readonly timers: ClockTimers = PAGE_TIMERS,
  ) {}

  /** True while a request has been in flight for SLOW_MS or more: the status and the marks show. */
  get slow(): boolean {
    return this.shown;
  }

  update(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    const p = this.progress();
    const waited = p ? this.timers.now() - p.since : 0;
    const slow = p !== null && waited >= SLOW_MS;
    if (slow || this.shown) {
      this.shown = slow;
      this.tick();
    }
    if (p) this.timer = this.timers.set(() => this.update(), slow ? TICK_MS : SLOW_MS - waited);
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.shown = false;
  }
}
