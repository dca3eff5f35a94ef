// The messages between the editor and its engine worker. Plain data; pixel buffers travel as
// transferables, so a preview is never copied on the way.

import type { Graph } from '../model/graph.ts';
import type { NodeState } from '../engine/engine.ts';
import type { Meaning, PortType, Value } from '../model/values.ts';
import type { ExportFormat, MeshExport } from '../render/exports.ts';
import type { MeshOptions } from '../render/land-mesh.ts';
import type { LayerStyle } from '../render/layer.ts';
import type { LayerHistogram } from '../render/histogram.ts';
import type { ProvenanceRow } from '../engine/provenance.ts';
import type { WaterLayer } from '../render/rivers.ts';
import type { BuildFormat, SplatSize } from '../build/plan.ts';
import type { ImportScale } from '../build/import-scale.ts';
import type { Domain } from '../grid.ts';

/**
 * The water drawn over the viewer's picture: outputs of one node that the viewer draws as water
 * (waterKind in src/model/values.ts: a river layer's lines, a lake layer's areas), in one
 * water blue (src/render/rivers.ts). The requests call it their `rivers`, the box's first word.
 */
export interface WaterRef {
  readonly node: string;
  readonly ports: readonly string[];
}

/** Evaluate this graph and send back the previews that changed since the last answer. */
export interface EvaluateRequest {
  readonly kind: 'evaluate';
  readonly seq: number;
  readonly graph: Graph;
  /** Largest side of a node preview, in pixels. */
  readonly previewSize: number;
  /** The node the large viewer shows, drawn at up to `detailSize` pixels; null for none. */
  readonly detail: string | null;
  readonly detailSize: number;
  /** The viewer's output port of that node (default: its first output). */
  readonly detailPort?: string | null;
  /** How the viewer draws heights (default: by height, shaded, no contours). */
  readonly detailStyle?: LayerStyle;
  /** Rivers and lakes drawn over the viewer's picture, or none (null, absent). */
  readonly detailRivers?: WaterRef | null;
  /**
   * Picture buffers the main thread has drawn and gives back (transferred), so the worker
   * draws the next pictures into them instead of allocating: a drag draws ~10 a frame.
   */
  readonly recycle?: ArrayBuffer[];
  /**
   * A draft, asked while a param is dragged: evaluate the same world square on a view of this
   * many cells a side (coarser than the graph's: the world is one, so it is a true coarser
   * sampling), in an engine of its own. The full evaluation follows when the hand rests.
   */
  readonly draft?: number;
  /** Threads a draft's kernels use (default: one; at most the pool's). */
  readonly draftThreads?: number;
  /**
   * The page's stop word (src/worker/stop.ts), on shared memory, where the page is cross-origin
   * isolated: once it holds this request's seq (or a later one), a newer edit made the request
   * stale, and its evaluation stops at the next node or kernel checkpoint, answered by an
   * EvaluateSuperseded. Absent: the request runs to the end, as everywhere without isolation.
   */
  readonly stop?: Int32Array;
}

/** Forget what was sent: the next answer carries every preview (a fresh page, a new canvas). */
export interface ResetRequest {
  readonly kind: 'reset';
}

/**
 * The viewer's drag: evaluate one node (and what feeds it) on a view at `origin` with n × n
 * cells, coarse while the map is dragged, and draw it. Answered by a PanResult.
 */
export interface PanRequest {
  readonly kind: 'pan';
  readonly seq: number;
  readonly graph: Graph;
  readonly node: string;
  readonly port: string | null;
  readonly x: number;
  readonly y: number;
  readonly n: number;
  readonly style: LayerStyle;
  /** Rivers and lakes drawn over the frame (evaluated on the frame's view with the node). */
  readonly rivers?: WaterRef | null;
  /**
   * The side the map's full picture is drawn at: a frame coarser than that with rivers in it is
   * drawn at this side, its rivers a pixel wide as there (renderCoarse). Absent: n × n.
   */
  readonly size?: number;
}

/**
 * The viewer's hover: the value of cell `i` of the graph's view at every node leading to `node`,
 * from the engine's results (evaluated first if needed). Answered by a ProbeResult.
 */
export interface ProbeRequest {
  readonly kind: 'probe';
  readonly seq: number;
  readonly graph: Graph;
  readonly node: string;
  readonly i: number;
  /** The rivers and lakes drawn over the map: their rows for the cell come too (ProbeResult.water). */
  readonly rivers?: WaterRef | null;
}

/**
 * An export of one output at the graph's view origin with `size` × `size` cells. Answered by
 * ExportProgress messages (node by node, then the encoding) and one ExportResult; by the engine
 * worker, which is asked only for the view's own size, with ExportGrids instead of the file
 * (export-port.ts has them encoded in the export worker).
 */
export interface ExportRequest {
  readonly kind: 'export';
  readonly seq: number;
  readonly graph: Graph;
  readonly node: string;
  readonly port: string | null;
  readonly format: ExportFormat;
  readonly size: number;
  readonly style: LayerStyle;
  /** Rivers and lakes drawn over a PNG export (the picture as seen); the data formats ignore it. */
  readonly rivers?: WaterRef | null;
  /** A mesh export's size and metres (src/render/land-mesh.ts); MESH_DEFAULTS when absent. */
  readonly mesh?: MeshOptions;
  /**
   * The export's own stop word (src/worker/stop.ts), sent with one the engine worker reads, where
   * the page is cross-origin isolated: the export port marks it with this seq when the person
   * cancels, and the evaluation stops at the next node or kernel checkpoint, as a stale
   * preview's does, answered by an ExportResult that says `stopped`. Absent: it runs to the end.
   */
  readonly stop?: Int32Array;
}

/**
 * Export → Tiles: the files `terrain-graph build` writes for the graph file `graphText` (saved
 * as `graphFile`), the region, resolution, tile size, node and formats, zipped under `folder/`
 * (src/build/files.ts). Only the export worker takes it; answered by ExportProgress (a tile at a
 * time) and one ExportResult, the zip.
 */
export interface TilesRequest {
  readonly kind: 'export-tiles';
  readonly seq: number;
  /** The graph as its file: parsed in the worker, as build parses the file, so the hashes match. */
  readonly graphText: string;
  readonly graphFile: string;
  readonly folder: string;
  readonly region: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
  readonly cellsPerView: number;
  readonly tileSize: number;
  readonly node: string;
  readonly formats: readonly BuildFormat[];
  /** The splat maps' size (build's `--splat-size`; absent: its default). */
  readonly splatSize?: SplatSize;
  /** The Tiles box's metres: build's `--metres-per-cell` and `--height-range`, manifest.json's `import`. */
  readonly scale: ImportScale;
}

/**
 * The 3-D view's land: the heights the output (node, port) stands on, thinned to at most
 * `side` per side (src/render/relief.ts). `have` is the key of the relief the page holds:
 * when it is still current the answer carries no heights. Answered by a ReliefResult.
 */
export interface ReliefRequest {
  readonly kind: 'relief';
  readonly seq: number;
  readonly graph: Graph;
  readonly node: string;
  readonly port: string | null;
  readonly side: number;
  readonly have: string;
  /**
   * While a param is dragged: the draft's cells a side (below the view's), so the land follows
   * the drafts from the drafts' engine instead of evaluating the whole view between two of them.
   */
  readonly draft?: number;
}

/**
 * The compare view's pinned picture: one output drawn at up to `size` pixels in a style,
 * on the graph's view, with its histogram; `have` as for a relief. Answered by a PictureResult.
 */
export interface PictureRequest {
  readonly kind: 'picture';
  readonly seq: number;
  readonly graph: Graph;
  readonly node: string;
  readonly port: string | null;
  readonly size: number;
  readonly style: LayerStyle;
  /** Rivers and lakes drawn over the pinned picture, as they were when it was pinned. */
  readonly rivers?: WaterRef | null;
  readonly have: string;
}

export type ViewerRequest = PanRequest | ProbeRequest | ExportRequest | TilesRequest | ReliefRequest | PictureRequest;

export type ToWorker = EvaluateRequest | ResetRequest | ViewerRequest;

export interface Bins {
  readonly lo: number;
  readonly hi: number;
  readonly counts: Uint32Array;
}

export interface Image {
  readonly width: number;
  readonly height: number;
  /** RGBA bytes, north row first. */
  readonly rgba: ArrayBuffer;
}

/** One node's state and preview after an evaluation. */
export interface NodeResult {
  readonly id: string;
  /** The engine's output version: equal versions mean equal pictures. */
  readonly version: number;
  readonly state: NodeState;
  /** Why there is no output (the kernel's error, a missing input), for the node to show. */
  readonly message?: string;
  /** Kernel milliseconds of its last run, summed over every domain it ran on (a view, a grown view, a world cut). */
  readonly ms: number;
  /** Type and meaning of the output drawn (the first output). */
  readonly portType?: PortType;
  readonly meaning?: Meaning;
  readonly image: Image | null;
  /** Words for a picture of one value everywhere ("constant 0.4", "all ocean"): absent otherwise. */
  readonly constant?: string;
  /**
   * The node's own words for that picture, why and what to change (NodeDef.constantNote: "no
   * river: lower river area to 212"), drawn in place of `constant` and said under the viewer's map.
   */
  readonly note?: string;
  /**
   * Curve nodes: the histogram of their input values, drawn behind the curve. Sent when the
   * input changed (or with the node's first result): absent means "as before".
   */
  readonly inputBins?: Bins;
}

export interface Detail {
  readonly id: string;
  readonly version: number;
  readonly image: Image;
  /** Finite min, max and mean of the values drawn (biomes: of the ids). */
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** Grid side the values were computed at. */
  readonly n: number;
  readonly portType: PortType;
  readonly meaning: Meaning;
  /** The port drawn, the view origin it was computed at, and the style it was drawn in. */
  readonly port?: string;
  readonly x?: number;
  readonly y?: number;
  readonly style?: LayerStyle;
  /** The histogram of every cell of the layer. */
  readonly histogram?: LayerHistogram;
  /** Drawn from a draft (n is then below the view's size); the full picture follows. */
  readonly draft?: boolean;
  /** The water drawn over the picture ("node.port+port": the rivers, the lakes), absent for none. */
  readonly rivers?: string;
  /** The colour it was drawn in (src/render/rivers.ts), which the 3-D view widens on a small canvas. */
  readonly water?: readonly [number, number, number];
  /**
   * Whittaker nodes: where each cell's biome came from (table cell 0 … 15, beach 16, ocean
   * 17; row 0 = south), for the table's shares and its highlight on the map.
   */
  readonly origins?: Uint8Array;
}

export interface EvaluateResult {
  readonly kind: 'result';
  readonly seq: number;
  /**
   * False for the first part of an answer (the pictures people watch: the viewer's node and
   * the final outputs), true for the last part; the request is done when the final part is in.
   */
  readonly final: boolean;
  /** Pictures of a draft (see EvaluateRequest.draft): a full answer follows. */
  readonly draft?: boolean;
  /** Nodes whose result changed since the last answer, and nodes no longer in the graph. */
  readonly nodes: readonly NodeResult[];
  readonly removed: readonly string[];
  readonly detail: Detail | null;
  /** Milliseconds spent evaluating, and in all (evaluation and drawing), in the worker. */
  readonly evaluateMs: number;
  readonly totalMs: number;
  /** Kernel milliseconds of the nodes that ran in this evaluation. */
  readonly ran: Readonly<Record<string, number>>;
  /** Threads the kernels that split by rows used (1 without a band pool; see src/parallel). */
  readonly threads?: number;
  /**
   * Where the worker's time went, for measure:editor's breakdown: when the request was taken
   * off the worker's queue and when its evaluation started (epoch ms: performance.timeOrigin +
   * now, comparable with the page's), the engine's own time and its crops (ms).
   */
  readonly timing?: { readonly receivedAt: number; readonly startedAt: number; readonly engineMs: number; readonly cropMs: number };
}

/**
 * The evaluation of request `seq` was stopped because a newer edit made it stale (its stop word):
 * no pictures, nothing failed; the page sends its newest request. The engine keeps what was
 * finished before the stop, so that request starts from there.
 */
export interface EvaluateSuperseded {
  readonly kind: 'superseded';
  readonly seq: number;
}

/**
 * The full evaluation of request `seq` starts node `node` on `domain` (EvaluateOptions.onStart),
 * once per domain it runs on; cached nodes are not told. The page says which node a slow
 * evaluation is busy with and marks the cards whose pictures it will redraw (src/worker/client.ts,
 * src/viewer-core/progress.ts). Drafts send none: they take milliseconds, and a drag sends one
 * a frame.
 */
export interface EvaluateRunning {
  readonly kind: 'running';
  readonly seq: number;
  readonly node: string;
  readonly domain: Domain;
}

export interface EvaluateFailure {
  readonly kind: 'failure';
  readonly seq: number;
  readonly message: string;
}

export interface PanResult {
  readonly kind: 'pan-result';
  readonly seq: number;
  readonly node: string;
  readonly port: string;
  readonly x: number;
  readonly y: number;
  readonly n: number;
  /** The picture, n × n; null when the node has no output there (see message). */
  readonly image: Image | null;
  /** The water drawn over it ("node.port+port"), absent for none. */
  readonly rivers?: string;
  readonly message?: string;
  /** Worker milliseconds: evaluating, and evaluating plus drawing. */
  readonly evaluateMs: number;
  readonly totalMs: number;
}

export interface ProbeResult {
  readonly kind: 'probe-result';
  readonly seq: number;
  readonly node: string;
  /** The cell probed on the view the rows were read from. */
  readonly i: number;
  readonly x: number;
  readonly y: number;
  readonly n: number;
  readonly rows: readonly ProvenanceRow[];
  /**
   * The cell's rows at the water drawn over the map (ProbeRequest.rivers), one per port in its
   * order, each with its rule: "accumulation 17 ≥ river area 8 → river", a lake's depth.
   */
  readonly water?: readonly ProvenanceRow[];
  readonly message?: string;
}

export interface ExportProgress {
  readonly kind: 'export-progress';
  readonly seq: number;
  /** Kernels run so far and to run in all (0 … total), then the encoding. */
  readonly done: number;
  readonly total: number;
  readonly step: string;
}

/**
 * The engine worker's answer to an export at the view's own size: the layer and the water drawn
 * over it (a PNG's), copied out of the results its previews were drawn from, in buffers of their
 * own (transferred), for the export worker to encode (an ExportEncode). A failure (no output, a
 * format that does not apply) is an ExportResult with its message, as from the export worker.
 */
export interface ExportGrids {
  readonly kind: 'export-grids';
  readonly seq: number;
  /** What the file is made of, for exportFile: the layer, its side, "<node>.<port>", the water. */
  readonly value: Value;
  readonly n: number;
  readonly stem: string;
  readonly water: readonly WaterLayer[] | null;
  /** The sea painted under a PNG's (and a drape's) layer: 1 on land, 0 on the sea (src/engine/sea.ts seaUnder); absent when none. */
  readonly land?: Uint8Array;
  /** A mesh export's land and options (the glb format). */
  readonly mesh?: MeshExport;
  /** Engine worker milliseconds: the evaluation (nothing when cached) and the copies. */
  readonly ms: number;
}

/** To the export worker: write the file of grids the engine worker sent (ExportGrids). Answered by an ExportResult. */
export interface ExportEncode {
  readonly kind: 'export-encode';
  readonly seq: number;
  readonly format: ExportFormat;
  readonly style: LayerStyle;
  readonly value: Value;
  readonly n: number;
  readonly stem: string;
  readonly water: readonly WaterLayer[] | null;
  readonly land?: Uint8Array;
  readonly mesh?: MeshExport;
}

/** What the export worker is asked: an export computed there, grids from the engine worker encoded, or tiles. */
export type ToExportWorker = ExportRequest | ExportEncode | TilesRequest;

export interface ExportResult {
  readonly kind: 'export-result';
  readonly seq: number;
  readonly name: string;
  readonly mime: string;
  /** The file (transferred); empty when the export failed (see message). */
  readonly bytes: ArrayBuffer;
  readonly message?: string;
  /** The person cancelled it (export-port.ts): nothing failed, nothing was saved. */
  readonly cancelled?: boolean;
  /**
   * The engine worker stopped evaluating it at the cancel (its stop word), at a node or between
   * two (message: where); the export port had answered the cancel already, and counts these.
   */
  readonly stopped?: boolean;
  readonly ms: number;
}

export interface ReliefResult {
  readonly kind: 'relief-result';
  readonly seq: number;
  readonly node: string;
  /** What the heights are: source, its version, the view and the side. Equal keys, equal heights. */
  readonly key: string;
  /** True when `have` was still current: nothing else is sent. */
  readonly same: boolean;
  /** The output the heights come from; null when nothing upstream holds heights (see message). */
  readonly source: { readonly node: string; readonly port: string } | null;
  /** side × side heights, row 0 = south (transferred), and the view cell each column samples. */
  readonly side: number;
  readonly heights: Float32Array | null;
  readonly cells: Uint32Array | null;
  /** The view's resolution and origin the heights were read on. */
  readonly n: number;
  readonly x: number;
  readonly y: number;
  readonly min: number;
  readonly max: number;
  readonly seaLevel: number | null;
  readonly message?: string;
}

export interface PictureResult {
  readonly kind: 'picture-result';
  readonly seq: number;
  readonly node: string;
  readonly port: string;
  /** Node, port, output version, view, size and style: equal keys, equal pictures. */
  readonly key: string;
  readonly same: boolean;
  /** Null when the node has no output (see message). */
  readonly image: Image | null;
  readonly histogram?: LayerHistogram;
  readonly portType?: PortType;
  readonly meaning?: Meaning;
  readonly n: number;
  readonly x: number;
  readonly y: number;
  readonly message?: string;
}

export type ViewerAnswer = PanResult | ProbeResult | ExportProgress | ExportResult | ReliefResult | PictureResult;

export type FromWorker = EvaluateResult | EvaluateFailure | EvaluateSuperseded | EvaluateRunning | ViewerAnswer | ExportGrids;
