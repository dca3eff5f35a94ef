// Keeps the canvas's view right when its box changes size: the window grows or shrinks, or the
// viewer's panel is widened. rete's area keeps its transform, anchored at the top left, so a
// graph fitted to a large window stayed at that zoom when the window shrank, cut off at the
// right and bottom until F was pressed.
//
// A view still at fit (nothing panned or zoomed since the last fit of every node) is fitted
// again to the new box. A view the person moved keeps its zoom, and the canvas point at the
// centre of the box stays at the centre.

import type { AreaPlugin } from 'rete-area-plugin';
import type { Schemes } from './view-objects.ts';

export class KeepInView {
  /** True while the view is the one the last whole fit made. */
  private fitted = false;
  /** Fits under way: the area's own signals during them are not the person's moves. */
  private fitting = 0;
  private size: { w: number; h: number };
  private frame = 0;
  private readonly observer: ResizeObserver;

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    /** Fits every node and frame into the box (Canvas.zoomToFit without ids). */
    private readonly fitAll: () => Promise<void>,
  ) {
    const c = area.container;
    this.size = { w: c.clientWidth, h: c.clientHeight };
    area.addPipe((signal) => {
      if ((signal.type === 'translated' || signal.type === 'zoomed') && !this.fitting) this.fitted = false;
      return signal;
    });
    this.observer = new ResizeObserver(() => {
      // Once a frame at most: a window dragged by its corner resizes many times a frame.
      if (!this.frame) this.frame = requestAnimationFrame(() => this.resized());
    });
    this.observer.observe(c);
  }

  /** Runs a fit; a whole fit (every node and frame) marks the view as fitted. */
  async fit(run: () => Promise<void>, whole: boolean): Promise<void> {
    this.fitting++;
    try {
      await run();
    } finally {
      this.fitting--;
    }
    this.fitted = whole;
  }

  private resized(): void {
    this.frame = 0;
    const c = this.area.container;
    const w = c.clientWidth;
    const h = c.clientHeight;
    const before = this.size;
    // A hidden or collapsed box (0 × 0) has no centre to keep: wait for a real size.
    if (!w || !h || (w === before.w && h === before.h)) return;
    this.size = { w, h };
    if (this.fitted || !before.w || !before.h) {
      void this.fitAll();
      return;
    }
    const t = this.area.area.transform;
    void this.area.area.translate(t.x + (w - before.w) / 2, t.y + (h - before.h) / 2);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
  }
}
