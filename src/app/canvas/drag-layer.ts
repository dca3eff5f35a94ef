// The node being dragged is moved, for the drag, out of rete's content into a layer of its own
// beside it, with the same transform: moving a node whose subtree holds a <select> (the fBm's
// params card, an expanded node's mode) made Chromium lay out the whole canvas on every pointer
// move, every node and wire of it (12 ms a move at 1000 nodes), and in a layer of its own the
// same move lays out next to nothing (the speed log, 6 December).

import type { AreaPlugin } from 'rete-area-plugin';
import type { Schemes } from './view-objects.ts';

/**
 * Lifts the picked node's element into the layer when rete says it is picked, and puts it back
 * at the end of the content (where rete's node order had put it) when the drag ends, or before
 * the node is removed mid-drag (rete removes an element from the content, where it must be).
 */
export class DragLayer {
  /** The layer, right after rete's content in the canvas: over every node and wire, under the minimap. */
  readonly element: HTMLDivElement;
  private lifted: HTMLElement | null = null;

  constructor(private readonly area: AreaPlugin<Schemes, never>) {
    const content = area.area.content.holder;
    this.element = document.createElement('div');
    this.element.className = 'tg-drag-layer';
    Object.assign(this.element.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', transformOrigin: '0 0' });
    content.after(this.element);
    this.follow();
    area.addPipe((c) => {
      if (c.type === 'translated' || c.type === 'zoomed') this.follow();
      // After rete's own pipes: its node order has just put the element last in the content.
      else if (c.type === 'nodepicked') this.lift(c.data.id);
      else if (c.type === 'nodedragged' || (c.type === 'noderemove' && this.area.nodeViews.get(c.data.id)?.element === this.lifted)) this.drop();
      return c;
    });
  }

  /** Puts a lifted node back in the content and takes the layer out of the page. */
  dispose(): void {
    this.drop();
    this.element.remove();
  }

  /** The layer has the content's pan and zoom, so a node in it is drawn where it was. */
  private follow(): void {
    this.element.style.transform = this.area.area.content.holder.style.transform;
  }

  private lift(id: string): void {
    this.drop();
    const el = this.area.nodeViews.get(id)?.element;
    if (!el || el.parentElement !== this.area.area.content.holder) return;
    this.element.append(el);
    this.lifted = el;
  }

  private drop(): void {
    const el = this.lifted;
    this.lifted = null;
    if (el && el.parentElement === this.element) this.area.area.content.holder.append(el);
  }
}
