// What the worker last said about each node (state, picture, histogram), for the node views
// and the viewer to draw. Each view subscribes to its own node and gets a disposer back.

import type { Detail, EvaluateResult, NodeResult } from '../worker/protocol.ts';

export type PreviewListener = (result: NodeResult | undefined) => void;
export type DetailListener = (detail: Detail | null) => void;

export class PreviewStore {
  private readonly results = new Map<string, NodeResult>();
  /** Picture buffers already drawn, to hand back to the worker with the next request. */
  private recycled: ArrayBuffer[] = [];
  private readonly byNode = new Map<string, Set<PreviewListener>>();
  private readonly detailListeners = new Set<DetailListener>();
  private detailValue: Detail | null = null;
  private failure: string | null = null;
  /** Nodes whose pictures a slow evaluation is computing again (setRecomputing). */
  private recomputingIds: ReadonlySet<string> = new Set();

  get(id: string): NodeResult | undefined {
    return this.results.get(id);
  }

  get detail(): Detail | null {
    return this.detailValue;
  }

  /** True while a slow evaluation computes the node's picture again: its card says so. */
  recomputing(id: string): boolean {
    return this.recomputingIds.has(id);
  }

  /**
   * The nodes whose pictures a slow evaluation computes again (src/viewer-core/progress.ts
   * markedCards; none once it is answered): the views of the nodes that came in or left are told.
   */
  setRecomputing(ids: ReadonlySet<string>): void {
    const before = this.recomputingIds;
    if (before.size === ids.size && [...ids].every((id) => before.has(id))) return;
    this.recomputingIds = ids;
    for (const id of before) if (!ids.has(id)) this.notify(id);
    for (const id of ids) if (!before.has(id)) this.notify(id);
  }

  /** The message of an evaluation that failed as a whole (shown by the app), or null. */
  get lastFailure(): string | null {
    return this.failure;
  }

  /** Takes in a worker answer and tells the views of the nodes it names. */
  apply(result: EvaluateResult): void {
    this.failure = null;
    for (const incoming of result.nodes) {
      const old = this.results.get(incoming.id);
      // A curve's histogram comes only when its input changed: keep the one we have.
      const r = incoming.inputBins || !old?.inputBins ? incoming : { ...incoming, inputBins: old.inputBins };
      // The old picture was drawn (views draw in the microtasks after they are told), and a
      // canvas keeps its own copy: its buffer can go back to the worker.
      if (old?.image && old.image !== r.image) this.recycled.push(old.image.rgba);
      this.results.set(r.id, r);
      this.notify(r.id);
    }
    for (const id of result.removed) {
      const old = this.results.get(id);
      if (old?.image) this.recycled.push(old.image.rgba);
      this.results.delete(id);
      this.notify(id);
    }
    if (result.detail) {
      if (this.detailValue) this.recycled.push(this.detailValue.image.rgba);
      this.detailValue = result.detail;
      for (const l of [...this.detailListeners]) l(result.detail);
    }
  }

  /** Takes the buffers to give back to the worker (they are transferred: do not touch them after). */
  takeRecycled(): ArrayBuffer[] {
    const out = this.recycled.filter((b) => b.byteLength > 0);
    this.recycled = [];
    return out;
  }

  fail(message: string): void {
    this.failure = message;
  }

  /** Forgets everything (a new canvas asks the worker for every preview again). */
  clear(): void {
    const ids = [...this.results.keys()];
    this.results.clear();
    for (const id of ids) this.notify(id);
  }

  subscribe(id: string, listener: PreviewListener): () => void {
    let set = this.byNode.get(id);
    if (!set) this.byNode.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.byNode.delete(id);
    };
  }

  subscribeDetail(listener: DetailListener): () => void {
    this.detailListeners.add(listener);
    return () => this.detailListeners.delete(listener);
  }

  private notify(id: string): void {
    const r = this.results.get(id);
    for (const l of [...(this.byNode.get(id) ?? [])]) l(r);
  }
}
