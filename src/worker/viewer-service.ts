// What the engine worker does for the viewer, without touching `self`: a drag frame (one node
// evaluated on a coarse view at the dragged origin and drawn), the provenance of one cell, and
// exports with their progress. It shares the preview evaluator's engine, so a hovered cell is
// read from results already computed and a drag reuses the world cut's cached heights.

import { createEngine, type Engine, Stopped } from '../engine/engine.ts';
import { inEditorWords } from '../engine/run-node.ts';
import { cellX, cellY, type Domain, viewDomain } from '../grid.ts';
import { findNode, type Graph } from '../model/graph.ts';
import { exportApplies, exportDrawsWater, exportFile, type MeshExport } from '../render/exports.ts';
import { MESH_DEFAULTS } from '../render/land-mesh.ts';
import { renderPreview } from '../render/preview.ts';
import { cellProvenance, provenanceOrder } from '../engine/provenance.ts';
import { outputPort, type PreviewEvaluator, riversIn, waterLayers } from './evaluator.ts';
import { seaUnder } from '../engine/sea.ts';
import { drawSeaUnder } from '../render/drainage.ts';
import { coarseSide, drawWater, renderCoarse, type WaterLayer } from '../render/rivers.ts';
import { isLines, type Value } from '../model/values.ts';
import type { WaterRef, ExportEncode, ExportGrids, ExportProgress, ExportRequest, ExportResult, PanRequest, PanResult, PictureRequest, PictureResult, ProbeRequest, ProbeResult, ReliefRequest, ReliefResult } from './protocol.ts';
import { heightSource, landUnder, ownRelief, reliefGrid } from '../render/relief.ts';
import { nodeDef } from '../../nodes/index.ts';
import { layerHistogram } from '../render/histogram.ts';
import { trimScratch } from '../kernels/scratch.ts';
import { buffersOf, ownedCopy } from './grids.ts';
import { staleTest } from './stop.ts';

function nodeOrThrow(graph: Graph, id: string) {
  const node = findNode(graph, id);
  if (!node) throw new Error(`there is no node "${id}"`);
  return node;
}

/** The node to evaluate, and the node of the water drawn over it (evaluated on the same domain). */
function withRivers(node: string, rivers: WaterRef | null): string[] {
  return rivers && rivers.node !== node ? [node, rivers.node] : [node];
}

/**
 * Brings the previews' engine up to date as their own evaluation does: the whole graph. Its
 * cache holds the previews' layout, where a node read through a halo downstream (the water under
 * the coast distance) runs on a grown domain and its view result is a crop of it; asked for one
 * node alone, the engine lays that node out on the view itself, a result the cache does not
 * hold, and ran it and all above it again: a cell of the water hovered at 1024² after the
 * previews ran the water and the seven nodes above it (273 ms), one of the biomes ran the
 * biomes, and the next previews ran the biomes once more (tests/viewer-session.test.ts).
 */
function evaluateAsPreviews(engine: Engine): void {
  engine.evaluate();
}

/** Bytes that own their whole buffer, so the buffer can be transferred as the file. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer as ArrayBuffer;
  return bytes.slice().buffer as ArrayBuffer;
}

export class ViewerService {
  constructor(private readonly evaluator: PreviewEvaluator) {}

  /** A drag frame: the node on an n × n view at (x, y), drawn n × n. */
  pan(req: PanRequest): { result: PanResult; transfer: ArrayBuffer[] } {
    const start = performance.now();
    const engine = this.evaluator.engineFor(req.graph);
    const node = nodeOrThrow(req.graph, req.node);
    const port = outputPort(node, req.port, engine.catalogue) ?? '';
    const domain: Domain = { x0: req.x, y0: req.y, extent: 1, n: req.n };
    // The rivers drawn over the frame are evaluated on it too: the frame is the picture as the
    // map draws it, and the frame's resolution follows what both cost (drag.ts).
    const over = riversIn(req.graph, req.rivers);
    engine.evaluate({ domain, targets: withRivers(req.node, over) });
    const evaluateMs = performance.now() - start;
    const value = engine.output(req.node, port, domain);
    const base = { kind: 'pan-result', seq: req.seq, node: req.node, port, x: req.x, y: req.y, n: req.n, evaluateMs } as const;
    if (!value) return { result: { ...base, image: null, message: inEditorWords(engine.status(req.node, domain)?.message, req.graph, req.node), totalMs: performance.now() - start }, transfer: [] };
    const rivers = waterLayers(engine, over, domain, { node: req.node, port });
    // Rivers in a coarse frame are drawn as thin as in the full picture the frame stands for.
    const side = coarseSide(req.n, Math.min(req.size ?? req.n, req.graph.view.size));
    const fine = side > req.n && (rivers || (value.type === 'field' && isLines(value.meaning)));
    const pic = fine ? renderCoarse(value, req.n, side, req.style) : renderPreview(value, req.n, req.n, req.style);
    const sea = drawSeaUnder(pic.rgba, pic.width, seaUnder(engine, req.graph, engine.catalogue, req.node, value, domain), req.n);
    if (rivers) drawWater(pic.rgba, pic.width, rivers.layers, req.n, sea);
    const image = { width: pic.width, height: pic.height, rgba: pic.rgba.buffer as ArrayBuffer };
    return { result: { ...base, image, ...(rivers ? { rivers: rivers.name } : {}), totalMs: performance.now() - start }, transfer: [image.rgba] };
  }

  /** The provenance of cell i of the graph's view, read from the results on that view. */
  probe(req: ProbeRequest): ProbeResult {
    const engine = this.evaluator.engineFor(req.graph);
    nodeOrThrow(req.graph, req.node);
    const domain = viewDomain(req.graph.view);
    const n = domain.n;
    if (!Number.isInteger(req.i) || req.i < 0 || req.i >= n * n) throw new Error(`cell ${req.i} is outside the ${n} × ${n} view`);
    const rivers = riversIn(req.graph, req.rivers);
    // Cached unless the graph changed since the last evaluation: then this brings it up to date.
    evaluateAsPreviews(engine);
    const c = req.i % n;
    const r = Math.floor(req.i / n);
    const rows = cellProvenance(engine, req.graph, req.node, req.i, domain).map((row) => (row.message === undefined ? row : { ...row, message: inEditorWords(row.message, req.graph, row.node) }));
    // The water drawn over the cell, each with its rule ("accumulation 17 ≥ river area 8", a lake's depth).
    const own = rivers && (rows.some((row) => row.node === rivers.node) ? rows : cellProvenance(engine, req.graph, rivers.node, req.i, domain));
    const water = rivers ? rivers.ports.flatMap((port) => own!.filter((row) => row.node === rivers.node && row.port === port)) : [];
    return { kind: 'probe-result', seq: req.seq, node: req.node, i: req.i, x: cellX(domain, c), y: cellY(domain, r), n, rows, ...(water.length ? { water } : {}) };
  }

  /**
   * The heights the output stands on, thinned for the 3-D view; nothing but the key when the
   * page already holds them (a param edit downstream of the land, a new style).
   */
  relief(req: ReliefRequest): { result: ReliefResult; transfer: ArrayBuffer[] } {
    // A draft's land: the same world square on the drafts' coarser view, from their engine.
    const { engine, view } = this.evaluator.engineOf(req.graph, req.draft);
    const node = nodeOrThrow(req.graph, req.node);
    const port = outputPort(node, req.port) ?? '';
    evaluateAsPreviews(engine);
    const base = { kind: 'relief-result', seq: req.seq, node: req.node, n: view.size, x: view.x, y: view.y } as const;
    const outputs = (id: string) => Object.keys(nodeDef(findNode(req.graph, id)?.type ?? '')?.outputs ?? {});
    const found = heightSource(req.graph, (ref) => engine.output(ref.node, ref.port), outputs, { node: req.node, port });
    if (!found) {
      const message = engine.output(req.node, port) ? 'nothing upstream of this output holds heights' : `"${node.title}" has no output: ${inEditorWords(engine.status(req.node)?.message, req.graph, req.node) ?? 'not evaluated'}`;
      return { result: { ...base, key: '', same: false, source: null, side: 0, heights: null, cells: null, min: 0, max: 0, seaLevel: null, message }, transfer: [] };
    }
    const source = found.ref;
    const key = `${source.node}.${source.port}@${engine.status(source.node)?.version}:${view.x},${view.y},${view.size}:${req.side}`;
    const empty = { ...base, key, source, side: 0, heights: null, cells: null, min: 0, max: 0, seaLevel: found.seaLevel };
    if (key === req.have) return { result: { ...empty, same: true }, transfer: [] };
    if (found.value.type === 'biome') return { result: { ...empty, same: false, message: 'a biome map holds no heights' }, transfer: [] };
    let grid = reliefGrid(found.value.data, view.size, found.seaLevel, req.side);
    // A field drawn as its own relief (a noise: nothing upstream holds heights) spans its own
    // range, a noise's 1.3 where the land above a sea rises about 0.5: it is drawn that high.
    if (found.value.meaning !== 'height') grid = ownRelief(grid);
    const result: ReliefResult = { ...base, key, same: false, source, side: grid.side, heights: grid.heights, cells: grid.cells, min: grid.min, max: grid.max, seaLevel: grid.seaLevel };
    return { result, transfer: [grid.heights.buffer as ArrayBuffer, grid.cells.buffer as ArrayBuffer] };
  }

  /** One output drawn on the graph's view with its histogram (the compare view's pinned side). */
  picture(req: PictureRequest): { result: PictureResult; transfer: ArrayBuffer[] } {
    const engine = this.evaluator.engineFor(req.graph);
    const node = nodeOrThrow(req.graph, req.node);
    const port = outputPort(node, req.port) ?? '';
    const over = riversIn(req.graph, req.rivers);
    evaluateAsPreviews(engine);
    const view = req.graph.view;
    const value = engine.output(req.node, port);
    const status = engine.status(req.node);
    const rivers = waterLayers(engine, over, undefined, { node: req.node, port });
    const drawn = rivers ? `+${rivers.name}@${engine.status(rivers.ref.node)?.version}` : '';
    const key = `${req.node}.${port}@${status?.version}:${view.x},${view.y},${view.size}:${req.size}:${JSON.stringify(req.style)}${drawn}`;
    const base = { kind: 'picture-result', seq: req.seq, node: req.node, port, key, n: view.size, x: view.x, y: view.y } as const;
    if (!value) return { result: { ...base, same: false, image: null, message: inEditorWords(status?.message, req.graph, req.node) ?? 'not evaluated' }, transfer: [] };
    if (key === req.have) return { result: { ...base, same: true, image: null }, transfer: [] };
    const pic = renderPreview(value, view.size, req.size, req.style);
    const land = seaUnder(engine, req.graph, engine.catalogue, req.node, value);
    const sea = drawSeaUnder(pic.rgba, pic.width, land, view.size);
    if (rivers) drawWater(pic.rgba, pic.width, rivers.layers, view.size, sea);
    const image = { width: pic.width, height: pic.height, rgba: pic.rgba.buffer as ArrayBuffer };
    const histogram = layerHistogram(value, req.style.heightMode, undefined, land);
    const transfer = [image.rgba];
    if ('counts' in histogram) transfer.push(histogram.counts.buffer as ArrayBuffer);
    return { result: { ...base, same: false, image, histogram, portType: value.type, meaning: value.meaning }, transfer };
  }

  /**
   * An export at the graph's view origin with size × size cells, computed and encoded here (the
   * export worker's part), by an engine made for it and dropped after, with the kernels' scratch
   * grown for it, so a 2048² export does not keep 300 MB of grids in the worker.
   */
  export(req: ExportRequest, progress: (p: ExportProgress) => void): { result: ExportResult; transfer: ArrayBuffer[] } {
    try {
      const engine = createEngine(req.graph, { size: req.size, catalogue: this.evaluator.catalogue });
      const layer = this.layer(req, engine, false, progress);
      if ('kind' in layer) return { result: layer, transfer: [] };
      progress({ kind: 'export-progress', seq: req.seq, done: layer.total, total: layer.total, step: 'encoding the file' });
      return encodeExport({ kind: 'export-encode', seq: req.seq, format: req.format, style: req.style, value: layer.value, n: req.size, stem: layer.stem, water: layer.water, ...(layer.land ? { land: layer.land } : {}), mesh: layer.mesh }, layer.start);
    } finally {
      if (req.size > req.graph.view.size) trimScratch(req.graph.view.size * req.graph.view.size);
    }
  }

  /**
   * The engine worker's part of an export at the view's own size: the layer and its water read
   * from the results the previews were drawn from (computed first if the graph changed since),
   * copied into buffers of their own, for the export worker to encode (encodeExport). Copying
   * 1024² grids takes this worker 1–18 ms, where encoding them here took it 100–900 ms in
   * Chromium at a load of 6–10, the previews waiting (README, Exports). Refuses another size:
   * that is the export worker's to compute.
   *
   * The whole graph is evaluated, as for the previews (evaluateAsPreviews), not the exported
   * node alone, which ran the water and the seven nodes above it again (tests/export-port.test.ts).
   *
   * A cancelled export stops here as a stale preview does (its stop word, `req.stop`): at the
   * next node or kernel checkpoint, the nodes finished kept for the previews, the one under way
   * as if never started; answered `stopped`. Running it to the end instead held the worker (and
   * the next preview behind it) for the whole evaluation of a graph no one was waiting for.
   */
  exportGrids(req: ExportRequest, progress: (p: ExportProgress) => void): { result: ExportGrids | ExportResult; transfer: ArrayBuffer[] } {
    if (req.size !== req.graph.view.size) throw new Error(`the engine worker exports at the view's size (${req.graph.view.size}²), not ${req.size}²`);
    const start = performance.now();
    let layer: ReturnType<ViewerService['layer']>;
    try {
      layer = this.layer(req, this.evaluator.engineFor(req.graph), true, progress, req.stop && staleTest(req.stop, req.seq));
    } catch (err) {
      if (!(err instanceof Stopped)) throw err;
      const where = err.nodeId === null ? 'between two nodes' : `in node "${err.nodeId}"`;
      return { result: { kind: 'export-result', seq: req.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message: `cancelled: the engine stopped its evaluation ${where}`, cancelled: true, stopped: true, ms: performance.now() - start }, transfer: [] };
    }
    if ('kind' in layer) return { result: layer, transfer: [] };
    progress({ kind: 'export-progress', seq: req.seq, done: layer.total, total: layer.total, step: 'encoding the file' });
    const value = ownedCopy(layer.value);
    const water = layer.water && layer.water.map((w) => ownedCopy(w));
    // A mesh's land in a buffer of its own too (a terrain's own heights are copied twice: one
    // buffer may be transferred once).
    const mesh = layer.mesh && { ...layer.mesh, land: layer.mesh.land && ownedCopy(layer.mesh.land) };
    const land = layer.land ? layer.land.slice() : undefined;
    const transfer = buffersOf({ value, water, land, mesh });
    return { result: { kind: 'export-grids', seq: req.seq, value, n: req.size, stem: layer.stem, water, ...(land ? { land } : {}), mesh, ms: performance.now() - layer.start }, transfer };
  }

  /**
   * The layer an export writes, evaluated on `engine` (at the export's size): the whole graph
   * (`whole`: the previews' engine, whose cache holds their layout) or only what the layer and
   * its water need (an engine of the export's own); with the water a PNG draws over it; or the
   * ExportResult saying why there is none. Throws the engine's Stopped when `shouldStop` says so
   * (between nodes or at a kernel's checkpoint).
   */
  private layer(
    req: ExportRequest,
    engine: Engine,
    whole: boolean,
    progress: (p: ExportProgress) => void,
    shouldStop?: () => boolean,
  ): { value: Value; water: WaterLayer[] | null; land: Uint8Array | null; mesh: MeshExport | undefined; stem: string; total: number; start: number } | ExportResult {
    const start = performance.now();
    const node = nodeOrThrow(req.graph, req.node);
    const port = outputPort(node, req.port, this.evaluator.catalogue) ?? '';
    const total = whole ? req.graph.nodes.length : provenanceOrder(req.graph, req.node).length;
    let done = 0;
    const finished = new Set<string>();
    const tell = (step: string) => progress({ kind: 'export-progress', seq: req.seq, done, total, step });
    // Every size says how far it got: up to 1024² an export said only "starting" until its file
    // came, and a 1009² export of the Island with a hydraulic erosion ran 35 s so. A step costs
    // one message, against nodes that run for milliseconds at the least.
    tell(`evaluating at ${req.size}²`);
    const domain = viewDomain(engine.view);
    // A PNG (and a mesh's drape) is the picture as seen: with the rivers and lakes the viewer draws
    // over it. The data formats (16-bit, raw, indexed, splat) stay the layer's own values.
    const over = exportDrawsWater(req.format) ? riversIn(req.graph, req.rivers) : null;
    engine.evaluate({
      targets: whole ? undefined : withRivers(req.node, over),
      shouldStop,
      // A node is told once per domain it runs on (the view, a grown view, a world cut): the
      // bar counts nodes, or it was full (14/14) before carved-valleys' fluvial, most of the work, began.
      onNode: (id) => {
        finished.add(id);
        done = Math.min(total, finished.size);
        tell(`computed ${findNode(req.graph, id)?.title ?? id}`);
      },
    });
    const value = engine.output(req.node, port, domain);
    const fail = (message: string): ExportResult => ({ kind: 'export-result', seq: req.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message, ms: performance.now() - start });
    if (!value) return fail(`"${node.title}" has no output to export: ${inEditorWords(engine.status(req.node, domain)?.message, req.graph, req.node) ?? 'not evaluated'}`);
    if (!exportApplies(value, req.format)) return fail(`a ${value.type} output has no ${req.format} export`);
    const rivers = waterLayers(engine, over, domain, { node: req.node, port });
    // A mesh stands on the land under the layer, found upstream as the 3-D view finds it.
    const mesh = req.format === 'glb' ? { land: landUnder(req.graph, engine, { node: req.node, port }, domain), options: req.mesh ?? MESH_DEFAULTS } : undefined;
    // The sea the map paints under a lakes or rivers layer, painted under the picture too (exportFile).
    const land = exportDrawsWater(req.format) ? seaUnder(engine, req.graph, engine.catalogue, req.node, value, domain) : null;
    return { value, water: rivers?.layers ?? null, land, mesh, stem: `${req.node}.${port}`, total, start };
  }
}

/**
 * The export's file from its layer (the export worker's part of an export the engine worker
 * read: ExportGrids), written by the command line's own function (exportFile), so the bytes are
 * the same whichever worker read the layer. `start`: when the export began, for its ms.
 */
export function encodeExport(req: ExportEncode, start = performance.now()): { result: ExportResult; transfer: ArrayBuffer[] } {
  const file = exportFile(req.value, req.n, req.stem, req.format, req.style, req.water ?? undefined, req.mesh, req.land);
  if (!file) return { result: { kind: 'export-result', seq: req.seq, name: '', mime: '', bytes: new ArrayBuffer(0), message: `a ${req.value.type} output has no ${req.format} export`, ms: performance.now() - start }, transfer: [] };
  const bytes = ownBuffer(file.bytes);
  return { result: { kind: 'export-result', seq: req.seq, name: file.name, mime: file.mime, bytes, ms: performance.now() - start }, transfer: [bytes] };
}
