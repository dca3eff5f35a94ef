// What the engine worker does with a request, without touching `self`: evaluate the graph (or
// its draft, on a coarser view, while a param is dragged), draw the previews the page does not
// hold yet, and list them with their transferable buffers. Kept apart from the worker entry so
// it runs (and is tested) in Node too.

import { createEngine, type Engine } from '../engine/engine.ts';
import { readNode } from '../engine/reading.ts';
import { inEditorWords } from '../engine/run-node.ts';
import { edgeInto, type Graph, type GraphNode } from '../model/graph.ts';
import type { AnyNodeDef, Catalogue, NodeReading } from '../model/manifest.ts';
import { isLines, type Value, waterKind } from '../model/values.ts';
import type { Domain } from '../grid.ts';
import { CATALOGUE } from '../../nodes/index.ts';
import { layerHistogram } from '../render/histogram.ts';
import { finiteMean, finiteRange, type LayerStyle } from '../render/layer.ts';
import { constantOf, histogram, renderPreview } from '../render/preview.ts';
import { coarseSide, drawWater, renderCoarse, type WaterLayer } from '../render/rivers.ts';
import { drawSeaUnder } from '../render/drainage.ts';
import { seaUnder } from '../engine/sea.ts';
import type { Detail, EvaluateRequest, EvaluateResult, Image, NodeResult, WaterRef } from './protocol.ts';
import { trimScratch } from '../kernels/scratch.ts';
import { threadCount, useThreads } from '../parallel/threads.ts';
import { Held, Signatures } from './held.ts';
import { staleTest } from './stop.ts';

/** One message to post: a result and the buffers it transfers. */
export interface Answer {
  readonly result: EvaluateResult;
  readonly transfer: ArrayBuffer[];
}

/** Bins of the histogram a node shows of its previewInput (the curve's). */
export const CURVE_BINS = 64;


/** Picture buffers by byte length, given back by the main thread. */
class BufferShelf {
  private readonly free = new Map<number, ArrayBuffer[]>();

  give(buffers: readonly ArrayBuffer[]): void {
    for (const b of buffers) {
      if (b.byteLength === 0) continue; // detached on the way: nothing to keep
      let list = this.free.get(b.byteLength);
      if (!list) this.free.set(b.byteLength, (list = []));
      if (list.length < 64) list.push(b);
    }
  }

  take(bytes: number): Uint8ClampedArray | undefined {
    const b = this.free.get(bytes)?.pop();
    return b && new Uint8ClampedArray(b);
  }
}

/** The engine that evaluates a request: the view's own, or the coarser one of drafts. */
interface Pass {
  readonly engine: Engine;
  readonly draft: boolean;
  /** Node id → signature of its graph state (see held.ts). */
  readonly states: ReadonlyMap<string, string>;
  /** Node id → kernel ms of its last run for the view, over every domain it ran on (Engine.timings). */
  readonly timings: Readonly<Record<string, number>>;
}

export class PreviewEvaluator {
  private engine: Engine | null = null;
  /**
   * The drafts' own engine, on the same world square at a coarser resolution, with its own cache;
   * its nodes sample the global regions they read coarser too (EngineOptions.draft).
   */
  private draftEngine: Engine | null = null;
  /** The side of the view the drafts' engine stands for (EngineOptions.draft). */
  private draftOf = 0;
  /** What the main thread holds: node pictures (by id), curve histograms (BINS + id) and the viewer's (DETAIL). */
  private readonly held = new Held();
  private readonly signatures = new Signatures();
  private readonly shelf = new BufferShelf();

  /** `catalogue`: the node types the engine evaluates (the app's: all of them). */
  constructor(readonly catalogue: Catalogue = CATALOGUE) {}

  /** Forgets what was sent, so the next answer carries everything. */
  reset(): void {
    this.held.clear();
  }

  private image(value: Value, n: number, size: number, style: LayerStyle = {}): Image {
    const side = Math.min(n, size);
    const pic = renderPreview(value, n, size, style, this.shelf.take(side * side * 4));
    // A fresh or recycled buffer of exactly one picture: it can be transferred as it is.
    return { width: pic.width, height: pic.height, rgba: pic.rgba.buffer as ArrayBuffer };
  }

  /** The picture a node draws of itself (NodeDef.picture), in a recycled buffer when one fits; null when it draws none. */
  private ownImage(draw: NonNullable<AnyNodeDef['picture']>, reading: NodeReading, n: number, size: number): Image | null {
    const side = Math.min(n, size);
    const pic = draw(reading, size, this.shelf.take(side * side * 4));
    if (!pic) return null;
    // Transferred as a whole buffer: a picture that is a view into a larger one goes as a copy.
    const whole = pic.rgba.byteOffset === 0 && pic.rgba.byteLength === pic.rgba.buffer.byteLength ? pic.rgba : pic.rgba.slice();
    return { width: pic.width, height: pic.height, rgba: whole.buffer as ArrayBuffer };
  }

  /** A coarse layer on a larger picture, its rivers thin (renderCoarse). */
  private fineImage(value: Value, n: number, side: number, style: LayerStyle): Image {
    const pic = renderCoarse(value, n, side, style, this.shelf.take(side * side * 4));
    return { width: pic.width, height: pic.height, rgba: pic.rgba.buffer as ArrayBuffer };
  }

  /**
   * The engine, holding this graph and its view (created on first use). The viewer's requests
   * (src/worker/viewer-service.ts) share it, and with it every cached result.
   */
  engineFor(graph: Graph): Engine {
    if (!this.engine) this.engine = createEngine(graph, { catalogue: this.catalogue });
    else {
      const before = this.engine.view.size;
      this.engine.setGraph(graph);
      // Back from a larger view: the kernels' scratch and WebAssembly memory need not stay that large.
      if (graph.view.size < before) trimScratch(graph.view.size * graph.view.size);
    }
    return this.engine;
  }

  /**
   * The drafts' engine, holding this graph on a view of `size` cells a side and standing for the
   * graph's own view (its erosions scale their params by the ratio). A view of another size (the
   * viewer's size menu) makes a new one: every draft of that view is a new picture anyway.
   */
  private draftEngineFor(graph: Graph, size: number): Engine {
    const coarse = { ...graph, view: { ...graph.view, size } };
    if (this.draftEngine && this.draftOf !== graph.view.size) {
      this.draftEngine.dispose();
      this.draftEngine = null;
    }
    if (!this.draftEngine) this.draftEngine = createEngine(coarse, { catalogue: this.catalogue, draft: graph.view.size });
    else this.draftEngine.setGraph(coarse);
    this.draftOf = graph.view.size;
    return this.draftEngine;
  }

  /**
   * The engine a request evaluates on: the drafts' when it asks a draft (while a param is
   * dragged: the same world square at `draft` cells a side, below the view's), else the view's.
   * The previews and the 3-D land's heights both ask here, so a draft means the same for both.
   */
  engineOf(graph: Graph, draft: number | undefined): { engine: Engine; draft: boolean; view: Graph['view'] } {
    if (draft !== undefined && Number.isInteger(draft) && draft > 0 && draft < graph.view.size) {
      return { engine: this.draftEngineFor(graph, draft), draft: true, view: { ...graph.view, size: draft } };
    }
    return { engine: this.engineFor(graph), draft: false, view: graph.view };
  }

  /**
   * Evaluates and returns the answers with the buffers to transfer: first the pictures a
   * person watches (the viewer's node and the graph's final outputs, the nodes no wire reads),
   * then, in a final answer, the rest. During a drag the biomes show a few milliseconds sooner
   * than if they waited for the ten pictures upstream of them.
   */
  evaluate(req: EvaluateRequest): Answer[] {
    const { first, rest } = this.evaluateParts(req);
    return [first, rest()];
  }

  /**
   * Evaluates and draws the first answer now; the rest is drawn when `rest` is called, which
   * the worker does in a later task, so a newer request that arrives meanwhile can drop it
   * (call `dropped` instead: the final answer then carries no pictures). Throws the engine's
   * Stopped when the request's stop word marks it stale during the evaluation (nothing drawn,
   * nothing held changed: the worker answers EvaluateSuperseded).
   *
   * `onStart` is told each node a full evaluation starts, on its domain (EvaluateOptions.onStart:
   * the worker posts an EvaluateRunning); a draft tells nothing.
   */
  evaluateParts(
    req: EvaluateRequest & { readonly receivedAt?: number },
    onStart?: (node: string, domain: Domain) => void,
  ): { first: Answer; rest: () => Answer; dropped: () => Answer } {
    const start = performance.now();
    if (req.recycle) this.shelf.give(req.recycle);
    const graph: Graph = req.graph;
    const { engine, draft } = this.engineOf(graph, req.draft);
    const options = { ...(req.stop ? { shouldStop: staleTest(req.stop, req.seq) } : {}), ...(onStart && !draft ? { onStart } : {}) };
    const report = draft ? onThreads(req.draftThreads ?? 1, () => engine.evaluate(options)) : engine.evaluate(options);
    const evaluateMs = performance.now() - start;
    const pass: Pass = { engine, draft, states: this.signatures.of(graph), timings: engine.timings() };

    const read = new Set(graph.edges.map((e) => e.from.node));
    const first = graph.nodes.filter((nd) => nd.id === req.detail || !read.has(nd.id));
    const rest = graph.nodes.filter((nd) => !first.includes(nd));
    const answer = (batch: readonly GraphNode[], final: boolean): Answer => {
      const transfer: ArrayBuffer[] = [];
      const nodes = batch.flatMap((node) => this.nodeResult(pass, graph, node, req, transfer));
      const ids = new Set(graph.nodes.map((nd) => nd.id));
      let removed: string[] = [];
      let detail: Detail | null = null;
      if (!final) detail = this.detail(pass, req, ids, transfer);
      else {
        removed = this.held.keys().filter((key) => key !== DETAIL && !key.startsWith(BINS) && !ids.has(key));
        for (const id of removed) {
          this.held.delete(id);
          this.held.delete(BINS + id);
        }
      }
      const timing = { receivedAt: req.receivedAt ?? performance.timeOrigin + start, startedAt: performance.timeOrigin + start, engineMs: report.totalMs, cropMs: report.cropMs };
      const result: EvaluateResult = { kind: 'result', seq: req.seq, final, draft, nodes, removed, detail, evaluateMs, totalMs: performance.now() - start, ran: report.ran, timing };
      return { result, transfer };
    };
    return { first: answer(first, false), rest: () => answer(rest, true), dropped: () => answer([], true) };
  }

  /** The node's result if the main thread does not have it yet (none otherwise). */
  private nodeResult(pass: Pass, graph: Graph, node: GraphNode, req: EvaluateRequest, transfer: ArrayBuffer[]): NodeResult[] {
    const { engine, draft } = pass;
    const status = engine.status(node.id);
    if (!status) return [];
    // Its message in the editor's words: a rename upstream words it anew, and it is sent again.
    const message = inEditorWords(status.message, graph, node.id);
    const said = message === undefined ? '' : `:${message}`;
    const state = `${pass.states.get(node.id)}@${req.previewSize}${said}`;
    const exact = `${status.version}@${req.previewSize}${said}`;
    if (draft ? !this.held.lacksState(node.id, state) : !this.held.lacksExact(node.id, exact)) return [];
    if (draft) this.held.sentDraft(node.id, state);
    else this.held.sentExact(node.id, exact, state);
    const value = engine.output(node.id);
    const ms = pass.timings[node.id];
    let image: Image | null = null;
    let constant: string | undefined;
    let note: string | undefined;
    let inputBins: NodeResult['inputBins'];
    const def = this.catalogue.def(node.type);
    const shown = def?.previewInput;
    if (shown) {
      // The node is drawn over the values that reach it ("where the noise really lives"); while
      // its own params are dragged the input stays the same, and so do the bins.
      const edge = edgeInto(graph, node.id, shown);
      const input = edge ? engine.output(edge.from.node, edge.from.port) : undefined;
      const binsExact = edge && input ? `${edge.from.node}.${edge.from.port}@${engine.status(edge.from.node)?.version}` : '-';
      const binsState = edge && input ? `${edge.from.port}@${pass.states.get(edge.from.node)}` : '-';
      if (draft ? this.held.lacksState(BINS + node.id, binsState) : this.held.lacksExact(BINS + node.id, binsExact)) {
        if (draft) this.held.sentDraft(BINS + node.id, binsState);
        else this.held.sentExact(BINS + node.id, binsExact, binsState);
        inputBins = input && input.type !== 'biome' ? histogram(input.data, CURVE_BINS) : { lo: 0, hi: 0, counts: new Uint32Array(CURVE_BINS) };
        transfer.push(inputBins.counts.buffer as ArrayBuffer);
      }
    }
    // Such a node shows its input's histogram, not a picture (the viewer draws its output when asked).
    if (value && !shown) {
      // A node that draws its own card picture (the flow's drainage) does, unless bypassed: it then holds another node's value.
      const own = def?.picture && !node.bypass ? this.ownImage(def.picture, readNode(engine, graph, this.catalogue, node.id).reading, engine.view.size, req.previewSize) : null;
      image = own ?? this.image(value, engine.view.size, req.previewSize);
      transfer.push(image.rgba);
      constant = constantOf(value) ?? undefined;
      // The node says why, where it can (a flow with no river): a bypassed one holds its neutral value.
      const port = Object.keys(def?.outputs ?? {})[0];
      if (constant && def?.constantNote && port && !node.bypass) note = def.constantNote(readNode(engine, graph, this.catalogue, node.id).reading, port) ?? undefined;
    }
    return [{ id: node.id, version: pictureVersion(status.version, draft), state: status.state, message, ms, portType: value?.type, meaning: value?.meaning, image, constant, note, inputBins }];
  }

  /**
   * The viewer's picture, with the layer's histogram (and, for a Whittaker node, where each
   * cell's biome came from), when its node, port, output, style or size changed since last sent.
   */
  private detail(pass: Pass, req: EvaluateRequest, ids: ReadonlySet<string>, transfer: ArrayBuffer[]): Detail | null {
    if (!req.detail || !ids.has(req.detail)) return null;
    const { engine, draft } = pass;
    const status = engine.status(req.detail);
    const node = req.graph.nodes.find((nd) => nd.id === req.detail)!;
    const port = outputPort(node, req.detailPort, this.catalogue);
    const value = port ? engine.output(req.detail, port) : undefined;
    const style = req.detailStyle ?? {};
    // The rivers drawn over it are part of the picture: a new river layer is a new picture,
    // though the shown node did not change (the flow's river area dragged over the biomes).
    const rivers = port ? waterLayers(engine, riversIn(req.graph, req.detailRivers), undefined, { node: req.detail, port }) : null;
    const over = rivers ? `+${rivers.name}` : '';
    const shown = `${req.detail}.${port}@${req.detailSize}:${JSON.stringify(style)}${over}`;
    const exact = `${shown}:${status?.version}${rivers ? `:${engine.status(rivers.ref.node)?.version}` : ''}`;
    const state = `${shown}:${pass.states.get(req.detail)}${rivers ? `:${pass.states.get(rivers.ref.node)}` : ''}`;
    if (!value || !status || !port) return null;
    if (draft ? !this.held.lacksState(DETAIL, state) : !this.held.lacksExact(DETAIL, exact)) return null;
    if (draft) this.held.sentDraft(DETAIL, state);
    else this.held.sentExact(DETAIL, exact, state);
    const n = engine.view.size;
    // A draft with rivers in it is drawn at the size the full picture will have, its rivers a
    // pixel wide as there: scaled up cell for cell, a 148² draft of a 1024² view drew them 3.5
    // times as wide, and the map flickered fat and thin through a drag (renderCoarse).
    const full = coarseSide(n, Math.min(req.detailSize, req.graph.view.size));
    const lines = value.type === 'field' && isLines(value.meaning);
    const image = draft && full > Math.min(n, req.detailSize) && (rivers || lines) ? this.fineImage(value, n, full, style) : this.image(value, n, req.detailSize, style);
    const land = seaUnder(engine, req.graph, this.catalogue, req.detail, value);
    const sea = drawSeaUnder(new Uint8ClampedArray(image.rgba), image.width, land, n);
    const water = rivers ? drawWater(new Uint8ClampedArray(image.rgba), image.width, rivers.layers, n, sea).colour : null;
    transfer.push(image.rgba);
    const histogram = layerHistogram(value, style.heightMode, undefined, land);
    if ('counts' in histogram) transfer.push(histogram.counts.buffer as ArrayBuffer);
    // Which entry of its table decided each cell, for a node that says (the Whittaker node).
    const def = this.catalogue.def(node.type);
    const origins = def?.cellOrigins?.(readNode(engine, req.graph, this.catalogue, node.id).reading as never) ?? undefined;
    if (origins) transfer.push(origins.buffer as ArrayBuffer);
    const [min, max] = finiteRange(value.data);
    const view = req.graph.view;
    return {
      id: req.detail,
      version: pictureVersion(status.version, draft),
      image,
      min,
      max,
      mean: finiteMean(value.data) ?? 0,
      n,
      portType: value.type,
      meaning: value.meaning,
      port,
      x: view.x,
      y: view.y,
      style,
      histogram,
      origins,
      draft,
      ...(rivers ? { rivers: rivers.name, water: water! } : {}),
    };
  }
}

/** The water a request asks drawn, when its node is in its graph (a stale pick names none). */
export function riversIn(graph: Graph, ref: WaterRef | null | undefined): WaterRef | null {
  return ref && graph.nodes.some((nd) => nd.id === ref.node) ? ref : null;
}

/**
 * The water layers `ref` names, read from the engine's results on the view (the previews'
 * evaluation has computed every node), or null when there is none to draw: no ref, a node gone
 * or failed, no output of it drawn as water. `shown` (the picture's own node and port) is left
 * out: the lake depths shown are their own picture, which lakes painted flat over it would hide.
 */
export function waterLayers(
  engine: Engine,
  ref: WaterRef | null | undefined,
  domain?: Domain,
  shown?: { readonly node: string; readonly port: string },
): { ref: WaterRef; name: string; layers: WaterLayer[] } | null {
  if (!ref || !engine.status(ref.node, domain)) return null;
  const layers: WaterLayer[] = [];
  const ports: string[] = [];
  // Lake depths shown (any node's: another flow's, a blurred copy) get no lakes painted flat over them.
  const shownValue = shown ? engine.output(shown.node, shown.port, domain) : null;
  const depthsShown = shownValue?.type === 'field' && shownValue.meaning === 'lake';
  for (const port of ref.ports) {
    if (shown && shown.node === ref.node && shown.port === port) continue;
    const value = engine.output(ref.node, port, domain);
    const kind = value?.type === 'field' ? waterKind(value.meaning) : null;
    if (!kind || (kind === 'area' && depthsShown)) continue;
    layers.push({ kind, data: value!.data as Float32Array });
    ports.push(port);
  }
  return layers.length ? { ref, name: `${ref.node}.${ports.join('+')}`, layers } : null;
}

/** Runs `f` with band jobs on at most `count` threads, then as before. */
function onThreads<T>(count: number, f: () => T): T {
  const before = threadCount();
  useThreads(count);
  try {
    return f();
  } finally {
    useThreads(before);
  }
}

/** Keys of the held table besides node ids ('#' is in no node id). */
const DETAIL = '#detail';
const BINS = '#bins:';

/** Versions the main thread sees: a draft's never equals a full evaluation's (two engines count apart). */
function pictureVersion(version: number, draft: boolean): number {
  return version * 2 + (draft ? 1 : 0);
}

/** The node's output port called `wanted`, else its first; null for an unknown node type. */
export function outputPort(node: GraphNode, wanted?: string | null, catalogue: Catalogue = CATALOGUE): string | null {
  const ports = Object.keys(catalogue.def(node.type)?.outputs ?? {});
  return wanted && ports.includes(wanted) ? wanted : (ports[0] ?? null);
}
