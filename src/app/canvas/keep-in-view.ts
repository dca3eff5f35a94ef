// Keeps the canvas's view right when its box changes size: the window grows or shrinks, or the
// viewer's panel is widened. rete's area keeps its transform, anchored at the top left, so a
// graph fitted to a large window stayed at that zoom when the window shrank, cut off at the
// right and bottom until F was pressed.
//
// A view still at fit (nothing panned or zoomed since the last fit of every node) is fitted
// again to the new box. A view the person moved keeps its zoom, and the canvas point at the
// centre of the box stays at the centre.
//
// A fit is asynchronous (it waits for the canvas to settle, then for the area's signals), and
// the person may pan meanwhile. The fit's own change is one 'zoomed' signal with no source
// (rete's zoomAt and Canvas.fit both set the transform, then call area.zoom(k, 0, 0)); every
// other move counts, and one made after the fit set the view leaves the view not at fit. I
// used to ignore every signal while a fit was under way, which lost such a pan on the next resize.

import type { AreaPlugin } from 'rete-area-plugin';
import type { Schemes } from './view-objects.ts';

export class KeepInView {
  /** True while the view is the one the last whole fit made. */
  private fitted = false;
  /** Fits under way: a 'zoomed' signal with no source during them is the fit's own. */
  private fitting = 0;
  /** The person's moves so far (pans and zooms), counted to tell those made during a fit. */
  private moves = 0;
  /** `moves` when a fit under way last set the view: the moves after it are still in view. */
  private movesAtFit = 0;
  private size: { w: number; h: number };
  private frame = 0;
  private readonly observer: ResizeObserver;

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    /** Fits every node and frame into the box (Canvas.zoomToFit without ids). */
    private readonly fitAll: () => Promise<void>,
    /**
     * Called once the view has moved for a new size: a selected node's params card was placed
     * for the old box, and on a window shrunk from 1600 to 1024 it ran past the canvas's edge.
     */
    private readonly moved: () => void = () => {},
  ) {
    const c = area.container;
    this.size = { w: c.clientWidth, h: c.clientHeight };
    area.addPipe((signal) => {
      if (signal.type === 'zoomed' && this.fitting && signal.data.source === undefined) this.movesAtFit = this.moves;
      else if (signal.type === 'translated' || signal.type === 'zoomed') {
        this.moves++;
        this.fitted = false;
      }
      return signal;
    });
    this.observer = new ResizeObserver(() => {
      // Once a frame at most: a window dragged by its corner resizes many times a frame.
      if (!this.frame) this.frame = requestAnimationFrame(() => this.resized());
    });
    this.observer.observe(c);
  }

  /** The last whole fit run (Fit, or the view a graph opened at): a new box gets it again. */
  private again: (() => Promise<void>) | null = null;

  /** Runs a fit; a whole fit (every node and frame, or a graph's opening view) marks the view as fitted. */
  async fit(run: () => Promise<void>, whole: boolean): Promise<void> {
    if (whole) this.again = () => this.fit(run, true);
    this.fitting++;
    // A fit that sets nothing (no node to fit) leaves the view as it was: moves since count.
    this.movesAtFit = this.moves;
    try {
      await run();
    } finally {
      this.fitting--;
    }
    this.fitted = whole && this.moves === this.movesAtFit;
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
      void (this.again ?? this.fitAll)().then(this.moved);
      return;
    }
    const t = this.area.area.transform;
    void this.area.area.translate(t.x + (w - before.w) / 2, t.y + (h - before.h) / 2).then(this.moved);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.observer.disconnect();
  }
}
