// The compare view's pinned side: an output (node, port, style) the person pinned, drawn again
// by the worker whenever the graph changes, so an upstream edit shows in both sides, unless
// the pin is frozen. The map lays it over the current picture under a split slider.

import type { Graph } from '../model/graph.ts';
import type { LayerStyle } from '../render/layer.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { PictureRequest, PictureResult, WaterRef } from '../worker/protocol.ts';

export interface Pin {
  readonly node: string;
  readonly port: string;
  /** The node's title when pinned, to name the pin after the node is gone. */
  readonly title: string;
  readonly style: Required<LayerStyle>;
  /** The rivers and lakes drawn over it when pinned, or null: the pinned side is the picture as it was seen. */
  readonly rivers?: WaterRef | null;
}

/** A picture answer that carried a picture. */
export type PinnedPicture = PictureResult & { readonly image: NonNullable<PictureResult['image']> };

/** The graph and the picture size the pin is drawn at (the viewer's own). */
export type PinContext = () => { graph: Graph; size: number };

export class Compare {
  pin: Pin | null = null;
  /** True while the pinned picture is kept as it is through edits. */
  frozen = false;
  /** The pinned picture, or null before it came (and when the node has no output). */
  picture: PinnedPicture | null = null;
  /** Why the pinned side shows nothing new (its node was deleted, it failed), or null. */
  message: string | null = null;
  /** Where the split lies across the map, 0 (all current) … 1 (all pinned). */
  split = 0.5;
  private readonly lane: Lane<PictureRequest, PictureResult>;

  constructor(
    port: LanePort,
    private readonly context: PinContext,
    private readonly changed: () => void,
  ) {
    this.lane = new Lane(port, ['picture-result']);
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  /** Pins an output as it is drawn now; the picture follows. */
  pinOutput(pin: Pin): void {
    this.pin = pin;
    this.frozen = false;
    this.picture = null;
    this.message = null;
    this.changed();
    this.refresh();
  }

  unpin(): void {
    if (!this.pin) return;
    this.pin = null;
    this.picture = null;
    this.message = null;
    this.lane.cancelPending();
    this.changed();
  }

  /** Frozen, the pinned picture stays as it is; thawed, it is drawn again from the graph as it is now. */
  setFrozen(frozen: boolean): void {
    if (frozen === this.frozen) return;
    this.frozen = frozen;
    this.changed();
    if (!frozen) this.refresh();
  }

  setSplit(split: number): void {
    const s = Math.max(0, Math.min(1, split));
    if (s === this.split) return;
    this.split = s;
    this.changed();
  }

  /** Draws the pin again from the newest graph (the worker answers "same" when nothing changed). */
  refresh(): void {
    if (!this.pin || this.frozen) return;
    this.lane.request(
      () => {
        const pin = this.pin;
        if (!pin || this.frozen) return null;
        const { graph, size } = this.context();
        return { request: { kind: 'picture', graph: graph as PictureRequest['graph'], node: pin.node, port: pin.port, size, style: pin.style, rivers: pin.rivers ?? null, have: this.picture?.key ?? '' } };
      },
      (a) => {
        const pin = this.pin;
        if (!pin || this.frozen || a.node !== pin.node || a.port !== pin.port) return;
        if (a.same) {
          if (this.message === null) return;
          this.message = null;
        } else if (a.image) {
          this.picture = a as PinnedPicture;
          this.message = null;
        } else {
          // The last picture stays, named as out of date: undo may bring the node back.
          this.message = a.message ?? 'no output';
        }
        this.changed();
      },
    );
  }

  dispose(): void {
    this.lane.dispose();
  }
}
