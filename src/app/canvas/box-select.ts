// Shift-drag on empty canvas draws a box and selects the nodes it touches and the frames wholly
// inside it (Ctrl adds to the selection). Rete's area would pan on that drag: the press is taken before rete sees it.

import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import type { Schemes } from './view-objects.ts';

export class BoxSelect {
  private start: { x: number; y: number; additive: boolean } | null = null;
  private readonly box: HTMLDivElement;

  constructor(
    private readonly container: HTMLElement,
    private readonly editor: NodeEditor<Schemes>,
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly core: EditorCore,
  ) {
    this.box = document.createElement('div');
    Object.assign(this.box.style, {
      position: 'absolute',
      display: 'none',
      border: '1px dashed #ffd166',
      background: 'rgba(255, 209, 102, 0.08)',
      pointerEvents: 'none',
      zIndex: '5',
    });
    container.append(this.box);
    container.addEventListener('pointerdown', this.down, true);
  }

  dispose(): void {
    this.container.removeEventListener('pointerdown', this.down, true);
    window.removeEventListener('pointermove', this.move);
    window.removeEventListener('pointerup', this.up);
    this.box.remove();
  }

  private readonly down = (e: PointerEvent) => {
    if (!e.shiftKey || e.button !== 0) return;
    if (e.composedPath().some((t) => t instanceof Element && (t.localName === 'tg-node' || t.localName === 'tg-wire' || t.localName === 'tg-frame' || t.classList.contains('tg-frame-grip')))) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    this.start = { x: e.clientX, y: e.clientY, additive: e.ctrlKey || e.metaKey };
    window.addEventListener('pointermove', this.move);
    window.addEventListener('pointerup', this.up);
    this.draw(e);
  };

  private readonly move = (e: PointerEvent) => this.draw(e);

  private readonly up = (e: PointerEvent) => {
    window.removeEventListener('pointermove', this.move);
    window.removeEventListener('pointerup', this.up);
    const s = this.start;
    this.start = null;
    this.box.style.display = 'none';
    if (!s) return;
    const r = this.container.getBoundingClientRect();
    const { x: tx, y: ty, k } = this.area.area.transform;
    const toCanvas = (cx: number, cy: number) => [(cx - r.left - tx) / k, (cy - r.top - ty) / k];
    const [x0, y0] = toCanvas(Math.min(s.x, e.clientX), Math.min(s.y, e.clientY));
    const [x1, y1] = toCanvas(Math.max(s.x, e.clientX), Math.max(s.y, e.clientY));
    const hits: string[] = [];
    for (const [id, view] of this.area.nodeViews) {
      const node = this.editor.getNode(id);
      if (!node) continue;
      const { x, y } = view.position;
      if (x < x1 && x + node.width > x0 && y < y1 && y + node.height > y0) hits.push(id);
    }
    // A frame only when wholly inside: a box drawn within a large frame picks its nodes, not it.
    const frames = (this.core.graph.frames ?? [])
      .filter((f) => f.position[0] >= x0 && f.position[1] >= y0 && f.position[0] + f.size[0] <= x1 && f.position[1] + f.size[1] <= y1)
      .map((f) => f.id);
    this.core.select(s.additive ? [...this.core.selection, ...hits] : hits, [], s.additive ? [...this.core.selectedFrames, ...frames] : frames);
  };

  private draw(e: PointerEvent): void {
    const s = this.start;
    if (!s) return;
    const r = this.container.getBoundingClientRect();
    Object.assign(this.box.style, {
      display: 'block',
      left: `${Math.min(s.x, e.clientX) - r.left}px`,
      top: `${Math.min(s.y, e.clientY) - r.top}px`,
      width: `${Math.abs(e.clientX - s.x)}px`,
      height: `${Math.abs(e.clientY - s.y)}px`,
    });
  }
}
