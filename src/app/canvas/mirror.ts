// The model mirrored into rete (the other half of bridge.ts): after a change of nodes or wires,
// rete's nodes, wires and positions are made to match the model, one pass at a time in a queue
// (settled() resolves when rete has caught up); a node whose view changes size (collapsed,
// expanded) is rebuilt, and the wires selected are redrawn.

import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import type { Change } from '../../editor/commands.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { edgeKey } from '../../editor/wiring.ts';
import { type NodeContext, type Schemes, ViewConnection, ViewNode } from './view-objects.ts';

export class Mirror {
  private queue: Promise<void> = Promise.resolve();
  private reconcileQueued = false;
  private wiresShownSelected = new Set<string>();
  /**
   * Views being replaced by views of another size (a node collapsed or expanded): their removal
   * is ours, not the person's, though the model still has them (their wires' removals go
   * through `removing`, as every wire the mirror takes out does).
   */
  readonly rebuilding = new Set<string>();
  /**
   * Wires the mirror is taking out of rete, by id: the bridge lets exactly one removal of each
   * through. Rete takes a wire off a fed input on its own too, and two removals of one wire in
   * flight at once made rete drop another wire from its list while its drawing stayed on the
   * canvas (rete's removeConnection splices at indexOf, -1 the second time).
   */
  private readonly removing = new Set<string>();

  constructor(
    private readonly core: EditorCore,
    private readonly editor: NodeEditor<Schemes>,
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly ctx: NodeContext,
  ) {}

  /** Resolves when rete mirrors every model change made so far. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** The model changed: a structural change (nodes, wires, a node collapsed) is mirrored. */
  onModelChange(changes: readonly Change[]): void {
    let structural = false;
    const moved: string[] = [];
    for (const c of changes) {
      if (c.kind === 'selection') {
        this.showWireSelection();
        this.raiseCard();
      }
      // Dots and frames are drawn by their own controllers (reroutes.ts, frames.ts).
      else if (c.kind === 'via' || c.kind === 'frame') continue;
      else if (c.kind === 'flag') structural ||= c.flag === 'collapsed';
      else if (c.kind === 'nodeMoved') moved.push(c.id);
      else if (c.kind !== 'param' && c.kind !== 'title' && c.kind !== 'info' && c.kind !== 'view' && c.kind !== 'world') structural = true;
    }
    if (structural) this.schedule();
    else if (moved.length) this.follow(moved);
  }

  /**
   * Nodes moved and nothing else (each move of a drag, a move undone): those views follow, in
   * the queue's order, without the whole pass over every node and wire that reconcile makes.
   */
  private follow(ids: readonly string[]): void {
    this.queue = this.queue.then(async () => {
      for (const id of ids) {
        const model = this.core.node(id);
        const view = this.area.nodeViews.get(id);
        if (model && view && (view.position.x !== model.position[0] || view.position.y !== model.position[1])) {
          await this.area.translate(id, { x: model.position[0], y: model.position[1] });
        }
      }
    });
  }

  /**
   * A collapsed node selected alone shows its params card below it, over the nodes there: its
   * view goes last in the content, over them, as a press on it puts it (rete's node order).
   * Selected without a press (a Shift-drag box, Ctrl+A of one, undo), it stayed where it was and
   * the nodes after it covered the card. The order, not a z-index: a z-index on the view would
   * lift it over the frames' corner grips too.
   */
  private raiseCard(): void {
    const [id] = this.core.selection;
    if (this.core.selection.size !== 1 || !this.core.node(id)?.collapsed) return;
    const el = this.area.nodeViews.get(id)?.element;
    const content = this.area.area.content;
    // Not a view lifted into the drag layer (drag-layer.ts): it is over everything already.
    if (el && el.parentElement === content.holder && el !== content.holder.lastElementChild) content.reorder(el, null);
  }

  private showWireSelection(): void {
    const now = this.core.selectedWires;
    const touched = new Set([...now, ...this.wiresShownSelected]);
    this.wiresShownSelected = new Set(now);
    for (const id of touched) if (this.editor.getConnection(id)) void this.area.update('connection', id);
  }

  /** Mirrors the model into rete after every change queued before (once however often asked). */
  schedule(): void {
    if (this.reconcileQueued) return;
    this.reconcileQueued = true;
    this.queue = this.queue.then(async () => {
      this.reconcileQueued = false;
      try {
        await this.reconcile();
      } catch (err) {
        // Mirroring must never stop: log, and let the next change try again.
        console.error('canvas: could not mirror the model', err);
      }
    });
  }

  /** Whether a removal of this wire rete asks about is the mirror's own (once per removal). */
  takeRemoval(id: string): boolean {
    return this.removing.delete(id);
  }

  private async removeWire(id: string): Promise<void> {
    if (!this.editor.getConnection(id)) return;
    this.removing.add(id);
    try {
      await this.editor.removeConnection(id);
    } finally {
      this.removing.delete(id);
    }
  }

  /** Makes rete's nodes, wires and positions match the model. */
  private async reconcile(): Promise<void> {
    const graph = this.core.graph;
    const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
    const edges = new Map(graph.edges.map((e) => [edgeKey(e), e]));
    for (const c of [...this.editor.getConnections()]) if (!edges.has(c.id)) await this.removeWire(c.id);
    // The wires at each node, gathered once: a search per removed node made a reload O(N²).
    const wiresAt = new Map<string, string[]>();
    for (const c of this.editor.getConnections()) {
      for (const id of [c.source, c.target]) {
        const list = wiresAt.get(id);
        if (list) list.push(c.id);
        else wiresAt.set(id, [c.id]);
      }
    }
    for (const view of this.editor.getNodes()) {
      const model = nodes.get(view.id);
      if (model && model.type === view.nodeType && !!model.collapsed === view.collapsed) continue;
      this.rebuilding.add(view.id);
      try {
        for (const id of wiresAt.get(view.id) ?? []) await this.removeWire(id);
        await this.editor.removeNode(view.id);
      } finally {
        this.rebuilding.delete(view.id);
      }
    }
    for (const model of graph.nodes) {
      if (!this.editor.getNode(model.id)) await this.editor.addNode(new ViewNode(model, this.ctx));
      const view = this.area.nodeViews.get(model.id);
      if (view && (view.position.x !== model.position[0] || view.position.y !== model.position[1])) {
        await this.area.translate(model.id, { x: model.position[0], y: model.position[1] });
      }
    }
    for (const [key, edge] of edges) {
      if (this.editor.getConnection(key)) continue;
      const source = this.editor.getNode(edge.from.node);
      const target = this.editor.getNode(edge.to.node);
      if (source && target) await this.editor.addConnection(new ViewConnection(source, target, edge));
    }
  }
}
