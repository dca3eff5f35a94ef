// The compare view's pinned side: an output (node, port, style) the person pinned, drawn again
// by the worker whenever the graph changes, so an upstream edit shows in both sides, unless
// the pin is frozen. Another graph opened over the pinned one (New, Open, a recipe) freezes it,
// named after its graph, so two recipes compare; undo back to that graph brings it back as it
// was. A pin whose picture had not come yet when its graph was replaced (a slow engine, a 1024²
// view) keeps asking for it, drawn from the graph it was pinned on: frozen with no picture, it
// would show nothing and say nothing. The map lays it over the current picture under a split
// slider.

import { textKey } from '../editor/saved-history.ts';
import { cloneGraph, type Graph } from '../model/graph.ts';
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
  /**
   * The name of the graph it was pinned on, once another graph replaced that one; absent while
   * it is the open graph's. Its id means nothing in the graph open now ('biomes' is in every
   * recipe), so the pin is frozen meanwhile.
   */
  readonly graph?: string;
}

/** How a pin is named to the person: its node's title, and its graph's name when that graph is no longer open. */
export function pinName(pin: Pin): string {
  return pin.graph === undefined ? pin.title : `${pin.title} of "${pin.graph}"`;
}

/** The graph a pin was left on when another graph replaced it, and whether the person had frozen it. */
export interface LeftGraph {
  /**
   * The graph's content named (graphKey): the pin comes back live when the open graph is this one
   * again (undo). A key, not the JSON, so a pin kept across a reload (kept-pin.ts) takes no room.
   */
  readonly key: string;
  readonly frozen: boolean;
}

/** What a pin kept across a reload brings back (kept-pin.ts): a live pin is drawn again, a frozen one has its picture. */
export interface RestoredPin {
  readonly pin: Pin;
  readonly frozen: boolean;
  readonly split: number;
  readonly left: LeftGraph | null;
  /** The frozen pin's picture; null for a live pin. */
  readonly picture: PinnedPicture | null;
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
  /** The graph the pin was made on while another is open (the pin frozen meanwhile), or null. */
  left: LeftGraph | null = null;
  /** Where the split lies across the map, 0 (all current) … 1 (all pinned). */
  split = 0.5;
  /**
   * The graph the pin's picture is still owed for, or null: it had none yet when another graph
   * replaced that one, or when the person froze it. Its requests draw this graph, not the open one.
   */
  owed: Graph | null = null;
  /**
   * Bumped whenever an answer asked for earlier stops being what the pin wants (pinned anew,
   * unpinned, frozen or thawed, its graph left with a picture or come back): such an answer is
   * dropped when it comes. Not bumped when its graph is left with the picture owed: the answer
   * in flight then is that graph's picture, the one wanted.
   */
  private asked = 0;
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
    this.left = null;
    this.picture = null;
    this.message = null;
    this.owed = null;
    this.asked++;
    this.changed();
    this.refresh();
  }

  unpin(): void {
    if (!this.pin) return;
    this.pin = null;
    this.left = null;
    this.picture = null;
    this.message = null;
    this.owed = null;
    this.asked++;
    this.lane.cancelPending();
    this.changed();
  }

  /**
   * Frozen, the pinned picture stays as it is; thawed, it is drawn again from the graph as it is
   * now: a pin left on another graph then follows its node id in the open one, as the person asked.
   */
  setFrozen(frozen: boolean): void {
    if (frozen === this.frozen) return;
    this.frozen = frozen;
    if (frozen && this.pin && this.picture === null && this.message === null) {
      // Frozen before its picture came: the one asked for is of the graph as it is now, the one wanted.
      this.owed = cloneGraph(this.context().graph);
      this.ask();
      this.changed();
      return;
    }
    this.owed = null;
    this.asked++;
    if (!frozen && this.pin && this.left) {
      this.left = null;
      this.pin = ownGraph(this.pin);
    }
    this.changed();
    if (!frozen) this.refresh();
  }

  /**
   * Takes back a pin kept across a reload (kept-pin.ts), unless the person pinned something
   * meanwhile: a frozen one as it was, a live one drawn again from the graph as it is.
   */
  restore(kept: RestoredPin): void {
    if (this.pin) return;
    this.pin = kept.pin;
    this.frozen = kept.frozen;
    this.split = Math.max(0, Math.min(1, kept.split));
    this.left = kept.left;
    this.picture = kept.frozen ? kept.picture : null;
    this.message = null;
    this.owed = null;
    this.asked++;
    this.changed();
    this.refresh();
  }

  setSplit(split: number): void {
    const s = Math.max(0, Math.min(1, split));
    if (s === this.split) return;
    this.split = s;
    this.changed();
  }

  /**
   * Another graph replaced `outgoing` (New, Open, a recipe, a draft, a link, or their undo). A
   * live pin would follow its node id into the new graph, and both sides would show the new one:
   * I freeze it instead, named after the graph it shows. When `current` is the graph the pin was
   * left on (the Open undone), it comes back as it was, live unless the person had frozen it.
   * I compare the graphs' content (graphKey), not an identity: undo puts back a copy of the graph.
   */
  graphReplaced(outgoing: Graph, current: Graph): void {
    const pin = this.pin;
    if (!pin) return;
    if (this.left) {
      if (this.left.key !== graphKey(current)) return;
      this.pin = ownGraph(pin);
      this.frozen = this.left.frozen;
      this.left = null;
      // Frozen by hand before its picture came, it is still owed that graph's picture: asked again
      // (the answer in flight is dropped), or it would say "drawing…" with nothing asked.
      if (!this.frozen) this.owed = null;
      this.asked++;
      this.changed();
      this.refresh();
      return;
    }
    this.left = { key: graphKey(outgoing), frozen: this.frozen };
    this.pin = { ...pin, graph: outgoing.name };
    const owing = this.picture === null && this.message === null && (!this.frozen || this.owed !== null);
    this.frozen = true;
    this.lane.cancelPending();
    if (owing) {
      // `outgoing` is a copy the open graph no longer shares: the request drawn from it stays true.
      this.owed ??= outgoing;
      this.ask();
    } else this.asked++;
    this.changed();
  }

  /** Draws the pin again from the newest graph (the worker answers "same" when nothing changed). */
  refresh(): void {
    if (!this.pin || (this.frozen && !this.owed)) return;
    this.ask();
  }

  /**
   * Asks for the pin's picture: of the graph it is owed for, else of the open graph (built when
   * sent, from the newest state). The answer is taken while nothing bumped `asked` meanwhile.
   */
  private ask(): void {
    const asked = this.asked;
    const wanted = () => this.pin !== null && asked === this.asked && (!this.frozen || this.owed !== null);
    this.lane.request(
      () => {
        const pin = this.pin;
        if (!pin || !wanted()) return null;
        const { graph, size } = this.context();
        const drawn = this.owed ?? graph;
        return { request: { kind: 'picture', graph: drawn as PictureRequest['graph'], node: pin.node, port: pin.port, size, style: pin.style, rivers: pin.rivers ?? null, have: this.picture?.key ?? '' } };
      },
      (a) => {
        const pin = this.pin;
        if (!pin || !wanted() || a.node !== pin.node || a.port !== pin.port) return;
        // A picture owed has come (or why there is none): nothing more to ask for while frozen.
        this.owed = null;
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

/** The pin without the name of a graph left: it is the open graph's again. */
function ownGraph(pin: Pin): Pin {
  const { graph: _left, ...own } = pin;
  return own;
}

/**
 * A graph's content named: its JSON's length and FNV-1a hash (textKey), the same for a copy (undo
 * puts one back) and with no frames said or an empty list.
 */
export function graphKey(g: Graph): string {
  return textKey(JSON.stringify([g.name, g.notes, g.view, g.nodes, g.edges, g.frames ?? []]));
}
