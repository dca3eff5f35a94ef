// The 3-D view's land, kept current: asks the worker for the heights under the shown output
// whenever what is shown may have changed, on a lane of its own, and keeps the last answer.
// The worker answers "same" when the heights did not change, so a style or a downstream edit
// costs no copy.

import type { Graph } from '../model/graph.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { ReliefRequest, ReliefResult } from '../worker/protocol.ts';
import { RELIEF_SIDE_MAX } from './relief.ts';

/** The heights the 3-D view draws (a relief answer that carried them). */
export type Relief = ReliefResult & { readonly heights: Float32Array; readonly cells: Uint32Array };

/** What to ask for: the graph and the output shown; null when nothing is shown. */
export type ReliefTarget = () => { graph: Graph; node: string; port: string | null } | null;

export class ReliefWatch {
  /** The heights drawn, or null before the first answer and when there are none. */
  relief: Relief | null = null;
  /** Why there are no heights (nothing upstream holds any, the node failed), or null. */
  message: string | null = null;
  private readonly lane: Lane<ReliefRequest, ReliefResult>;

  constructor(
    port: LanePort,
    private readonly target: ReliefTarget,
    private readonly changed: () => void,
    private readonly side = RELIEF_SIDE_MAX,
  ) {
    this.lane = new Lane(port, ['relief-result']);
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  /**
   * Asks again; the request is built from the newest graph when the lane sends it. `draft`: the
   * cells a side of the drafts a drag is showing, so the land follows them from the drafts'
   * engine (the full answer after them asks again without it).
   */
  refresh(draft?: number): void {
    this.lane.request(
      () => {
        const t = this.target();
        if (!t) return null;
        return { request: { kind: 'relief', graph: t.graph as ReliefRequest['graph'], node: t.node, port: t.port, side: this.side, have: this.relief?.key ?? '', ...(draft ? { draft } : {}) } };
      },
      (a) => {
        if (a.same) {
          if (this.message === null) return;
          this.message = null;
        } else if (a.heights && a.cells) {
          this.relief = a as Relief;
          this.message = null;
        } else {
          this.relief = null;
          this.message = a.message ?? 'no heights';
        }
        this.changed();
      },
    );
  }

  dispose(): void {
    this.lane.dispose();
  }
}
