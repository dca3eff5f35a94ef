// What the engine worker does with a request, without touching `self`: evaluate the graph,
// draw the previews that changed, and list them with their transferable buffers. Kept apart
// from the worker entry so it runs (and is tested) in Node too.

import { createEngine, type Engine } from '../engine/engine.ts';
import { edgeInto, type Graph } from '../model/graph.ts';
import type { Value } from '../model/values.ts';
import { finiteRange } from '../render/layer.ts';
import { histogram, renderPreview } from '../render/preview.ts';
import type { Detail, EvaluateRequest, EvaluateResult, Image, NodeResult } from './protocol.ts';

/** Bins of the histogram behind a curve. */
export const CURVE_BINS = 64;

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function image(value: Value, n: number, size: number): Image {
  const pic = renderPreview(value, n, size);
  // renderLayer gives a fresh array: its buffer can be transferred as it is.
  return { width: pic.width, height: pic.height, rgba: pic.rgba.buffer as ArrayBuffer };
}

function mean(data: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count ? sum / count : 0;
}

export class PreviewEvaluator {
  private engine: Engine | null = null;
  /** What the main thread holds: node → "version@previewSize". */
  private sent = new Map<string, string>();
  private sentDetail = '';

  /** Forgets what was sent, so the next answer carries everything. */
  reset(): void {
    this.sent.clear();
    this.sentDetail = '';
  }

  /** Evaluates and returns the answer with the buffers to transfer. */
  evaluate(req: EvaluateRequest): { result: EvaluateResult; transfer: ArrayBuffer[] } {
    const start = now();
    const graph: Graph = req.graph;
    if (!this.engine) this.engine = createEngine(graph);
    else {
      this.engine.setGraph(graph);
      if (this.engine.view.x !== graph.view.x || this.engine.view.y !== graph.view.y || this.engine.view.size !== graph.view.size) {
        this.engine.setView(graph.view);
      }
    }
    const engine = this.engine;
    const report = engine.evaluate();
    const evaluateMs = now() - start;
    const n = graph.view.size;
    const transfer: ArrayBuffer[] = [];
    const nodes: NodeResult[] = [];
    for (const node of graph.nodes) {
      const status = engine.status(node.id);
      if (!status) continue;
      const key = `${status.version}@${req.previewSize}`;
      if (this.sent.get(node.id) === key) continue;
      this.sent.set(node.id, key);
      const value = engine.output(node.id);
      let img: Image | null = null;
      let inputBins: NodeResult['inputBins'];
      if (node.type === 'curve') {
        // The curve is drawn over the values that reach it ("where the noise really lives").
        const edge = edgeInto(graph, node.id, 'in');
        const input = edge ? engine.output(edge.from.node, edge.from.port) : undefined;
        if (input && input.type !== 'biome') inputBins = histogram(input.data, CURVE_BINS);
      }
      if (value) {
        img = image(value, n, req.previewSize);
        transfer.push(img.rgba);
      }
      if (inputBins) transfer.push(inputBins.counts.buffer as ArrayBuffer);
      nodes.push({
        id: node.id,
        version: status.version,
        state: status.state,
        message: status.message,
        ms: status.ms,
        portType: value?.type,
        meaning: value?.meaning,
        image: img,
        inputBins,
      });
    }
    const ids = new Set(graph.nodes.map((nd) => nd.id));
    const removed = [...this.sent.keys()].filter((id) => !ids.has(id));
    for (const id of removed) this.sent.delete(id);

    let detail: Detail | null = null;
    if (req.detail && ids.has(req.detail)) {
      const status = engine.status(req.detail);
      const value = engine.output(req.detail);
      const key = `${req.detail}:${status?.version}@${req.detailSize}`;
      if (value && status && key !== this.sentDetail) {
        this.sentDetail = key;
        const img = image(value, n, req.detailSize);
        transfer.push(img.rgba);
        const [min, max] = finiteRange(value.data);
        detail = { id: req.detail, version: status.version, image: img, min, max, mean: mean(value.data), n, portType: value.type, meaning: value.meaning };
      }
    }
    const result: EvaluateResult = {
      kind: 'result',
      seq: req.seq,
      nodes,
      removed,
      detail,
      evaluateMs,
      totalMs: now() - start,
      ran: report.ran,
    };
    return { result, transfer };
  }
}
