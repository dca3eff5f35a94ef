// The messages between the editor and its engine worker. Plain data; pixel buffers travel as
// transferables, so a preview is never copied on the way.

import type { Graph } from '../model/graph.ts';
import type { NodeState } from '../engine/engine.ts';
import type { Meaning, PortType } from '../model/values.ts';

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
  /**
   * Picture buffers the main thread has drawn and gives back (transferred), so the worker
   * draws the next pictures into them instead of allocating: a drag draws ~10 a frame.
   */
  readonly recycle?: ArrayBuffer[];
}

/** Forget what was sent: the next answer carries every preview (a fresh page, a new canvas). */
export interface ResetRequest {
  readonly kind: 'reset';
}

export type ToWorker = EvaluateRequest | ResetRequest;

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
  /** Kernel milliseconds of its last run. */
  readonly ms: number;
  /** Type and meaning of the output drawn (the first output). */
  readonly portType?: PortType;
  readonly meaning?: Meaning;
  readonly image: Image | null;
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
}

export interface EvaluateResult {
  readonly kind: 'result';
  readonly seq: number;
  /**
   * False for the first part of an answer (the pictures people watch: the viewer's node and
   * the final outputs), true for the last part; the request is done when the final part is in.
   */
  readonly final: boolean;
  /** Nodes whose result changed since the last answer, and nodes no longer in the graph. */
  readonly nodes: readonly NodeResult[];
  readonly removed: readonly string[];
  readonly detail: Detail | null;
  /** Milliseconds spent evaluating, and in all (evaluation and drawing), in the worker. */
  readonly evaluateMs: number;
  readonly totalMs: number;
  /** Kernel milliseconds of the nodes that ran in this evaluation. */
  readonly ran: Readonly<Record<string, number>>;
}

export interface EvaluateFailure {
  readonly kind: 'failure';
  readonly seq: number;
  readonly message: string;
}

export type FromWorker = EvaluateResult | EvaluateFailure;
