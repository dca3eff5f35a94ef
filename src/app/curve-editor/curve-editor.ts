// The curve node's inline editor: the curve over the histogram of its input, with points to
// drag, add (double-click) and remove (double-click or right-click a point).

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { Point, PointsParam } from '../../model/params.ts';
import type { Bins } from '../../worker/protocol.ts';
import { EscapeDuringDrag } from '../controllers.ts';
import { appEvent, type ParamEditDetail } from '../events.ts';
import { PictureImg } from '../picture.ts';
import { addPoint, curveAt, movePoint, type Range, removePoint, visibleRange } from './geometry.ts';
import styles from './curve-editor.styles.ts';

const PAD = 8;
const HIT_RADIUS = 8;

/**
 * Where every curve editor draws its picture before it becomes an image: one canvas, kept off
 * the page (a canvas on the page is a compositing layer: picture.ts), read back in memory.
 */
let scratch: CanvasRenderingContext2D | null = null;
function scratchContext(width: number, height: number): CanvasRenderingContext2D {
  scratch ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  if (scratch.canvas.width !== width) scratch.canvas.width = width;
  if (scratch.canvas.height !== height) scratch.canvas.height = height;
  return scratch;
}

/**
 * Draws the curve and the histogram of the values that reach it ("where the noise really
 * lives"), and edits the points in place. A drag sends begin, updates and commit, so the
 * previews follow the point while it moves and the whole drag is one undo step.
 *
 * At rest the drawing is an image (picture.ts: a canvas per curve node made 750 compositing
 * layers of a 1000-node graph); while a point is dragged it is a live canvas, drawn in the
 * same frame as the pointer moves, until the image of where the point ended replaces it.
 *
 * @event tg-param-edit - The points changed (phases as ParamEditDetail).
 */
export class TgCurveEditor extends LitElement {
  static override styles = styles;

  /** The node whose points these are. */
  @property() nodeId = '';

  /** The param's name ("points"). */
  @property() name = 'points';

  /** The points param's manifest entry (bounds and counts). */
  @property({ attribute: false }) spec!: PointsParam;

  /** The points, from the model. */
  @property({ attribute: false }) points: readonly Point[] = [];

  /** Histogram of the input values, from the worker. */
  @property({ attribute: false }) bins: Bins | undefined;

  /** Size in CSS pixels. Given, not measured: reading the layout on every draw stalls a drag. */
  @property({ type: Number }) width = 228;
  @property({ type: Number }) height = 148;

  @state() private hover = -1;
  /**
   * The point being dragged: its index, the points as the drag has moved them, the range and the
   * canvas's box as they were when it began, the point then and the pointer then (CSS pixels).
   * The point moves as far as the pointer has, so pressing a little beside it does not make it
   * jump to the pointer, and a drag along one axis leaves the other coordinate as it was.
   */
  @state() private drag: { index: number; points: Point[]; range: Range; box: DOMRect; start: Point; px: number; py: number } | null = null;

  /**
   * A point is being dragged, or was and its image is not on the page yet: the live canvas
   * shows the drawing.
   */
  @state() private live = false;

  /** What receives the pointer: the image, or the live canvas over it. */
  @query('.surface') private surface!: HTMLElement;
  @query('canvas') private canvas!: HTMLCanvasElement | null;
  @query('.picture') private frame!: HTMLElement;
  private picture: PictureImg | null = null;
  /** What the image shows (the drawing's inputs), so a re-render that changes none of them makes no new image. */
  private shown: { key: string; bins: Bins | undefined } | null = null;

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('width')) this.style.width = `${this.width}px`;
    if (changed.has('height')) this.style.height = `${this.height}px`;
  }

  override render() {
    const pts = this.drag?.points ?? this.points;
    const k = this.drag?.index ?? this.hover;
    const readout = k >= 0 && pts[k] ? `x ${pts[k][0].toFixed(3)}  y ${pts[k][1].toFixed(3)}` : '';
    const cls = this.drag ? 'dragging' : this.hover >= 0 ? 'over-point' : '';
    return html`<div
        class="surface ${cls}"
        @pointerdown=${this.down}
        @pointermove=${this.move}
        @pointerup=${this.up}
        @pointercancel=${this.cancel}
        @pointerleave=${() => !this.drag && (this.hover = -1)}
        @dblclick=${this.doubleClick}
        @contextmenu=${this.contextMenu}
      >
        <div class="picture ${this.live ? 'covered' : ''}"></div>
        ${this.live ? html`<canvas></canvas>` : nothing}
      </div>
      <div class="readout">${readout}</div>
      ${this.width >= 160 ? html`<div class="hint">dbl-click: add · remove</div>` : nothing}`;
  }

  protected override updated(_changed: PropertyValues<this>): void {
    const { w, h } = this.size();
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const [pw, ph] = [Math.round(w * dpr), Math.round(h * dpr)];
    if (this.live && this.canvas) {
      if (this.canvas.width !== pw) this.canvas.width = pw;
      if (this.canvas.height !== ph) this.canvas.height = ph;
      this.draw(this.canvas.getContext('2d')!, dpr);
    }
    if (this.drag) return;
    const key = JSON.stringify([this.points, this.hover, pw, ph]);
    if (this.shown?.key === key && this.shown.bins === this.bins) return;
    this.shown = { key, bins: this.bins };
    const g = scratchContext(pw, ph);
    this.draw(g, dpr);
    void (this.picture ??= new PictureImg(this.frame, 'image')).show(g.getImageData(0, 0, pw, ph).data, pw, ph).then(() => {
      if (!this.drag) this.live = false;
    });
  }

  /** Resolves when the drawing of the latest state is on the page (the image decodes after the update). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.picture?.drawn;
    return done;
  }

  /** Where point k is drawn, in client pixels (for tests and tools that drive the editor). */
  pointAt(k: number): { x: number; y: number } | null {
    const p = this.points[k];
    if (!p || !this.surface) return null;
    const [px, py] = this.toPx(p[0], p[1], this.range);
    const box = this.surface.getBoundingClientRect();
    const { w, h } = this.size();
    return { x: box.left + (px / w) * box.width, y: box.top + (py / h) * box.height };
  }

  private get range(): Range {
    return this.drag?.range ?? visibleRange(this.points, this.bins?.lo, this.bins?.hi);
  }

  private size(): { w: number; h: number } {
    return { w: this.width, h: this.height };
  }

  private toPx(x: number, y: number, r: Range): [number, number] {
    const { w, h } = this.size();
    return [PAD + ((x - r.xlo) / (r.xhi - r.xlo)) * (w - 2 * PAD), h - PAD - ((y - r.ylo) / (r.yhi - r.ylo)) * (h - 2 * PAD)];
  }

  private fromPx(px: number, py: number, r: Range): [number, number] {
    const { w, h } = this.size();
    return [r.xlo + ((px - PAD) / (w - 2 * PAD)) * (r.xhi - r.xlo), r.ylo + ((h - PAD - py) / (h - 2 * PAD)) * (r.yhi - r.ylo)];
  }

  private local(e: MouseEvent): [number, number] {
    // During a drag the editor does not move: measure it once, not on every pointer move.
    const box = this.drag?.box ?? this.surface.getBoundingClientRect();
    const { w, h } = this.size();
    // The canvas may be scaled by the canvas zoom: map client pixels back to CSS pixels.
    return [((e.clientX - box.left) / box.width) * w, ((e.clientY - box.top) / box.height) * h];
  }

  private hit(e: MouseEvent): number {
    const [px, py] = this.local(e);
    const r = this.range;
    const pts = this.drag?.points ?? this.points;
    let best = -1;
    let bestD = HIT_RADIUS;
    pts.forEach((p, k) => {
      const [qx, qy] = this.toPx(p[0], p[1], r);
      const d = Math.hypot(qx - px, qy - py);
      if (d <= bestD) {
        bestD = d;
        best = k;
      }
    });
    return best;
  }

  private send(phase: ParamEditDetail['phase'], value?: Point[]): void {
    this.dispatchEvent(appEvent('tg-param-edit', { nodeId: this.nodeId, key: this.name, phase, value }));
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const k = this.hit(e);
    if (k < 0) return;
    e.preventDefault();
    this.surface.setPointerCapture(e.pointerId);
    const [px, py] = this.local(e);
    const start: Point = [this.points[k][0], this.points[k][1]];
    this.drag = { index: k, points: this.points.map((p) => [p[0], p[1]]), range: this.range, box: this.surface.getBoundingClientRect(), start, px, py };
    this.live = true;
    this.escape.arm();
    this.send('begin');
  }

  private move(e: PointerEvent): void {
    if (!this.drag) {
      this.hover = this.hit(e);
      return;
    }
    // The canvas under us tracks every pointer move (and measures itself to do so): a point
    // drag is ours alone, and those measurements would cost the drag its frame rate.
    e.stopPropagation();
    const [px, py] = this.local(e);
    const { start, range } = this.drag;
    const [sx, sy] = this.toPx(start[0], start[1], range);
    const [x, y] = this.fromPx(sx + px - this.drag.px, sy + py - this.drag.py, range);
    // Not moved along an axis: that coordinate exactly as it was (not as the pixels give it back).
    const next = movePoint(this.drag.points, this.drag.index, px === this.drag.px ? start[0] : x, py === this.drag.py ? start[1] : y, this.spec);
    const cur = this.drag.points[this.drag.index];
    const moved = next[this.drag.index];
    if (moved[0] === cur[0] && moved[1] === cur[1]) return;
    this.drag = { ...this.drag, points: next };
    this.send('update', next);
  }

  private up(): void {
    if (!this.drag) return;
    this.drag = null;
    this.escape.disarm();
    this.send('commit');
  }

  private cancel(): void {
    if (!this.drag) return;
    this.drag = null;
    this.escape.disarm();
    this.send('cancel');
  }

  /** Escape during a point's drag cancels it, as the system's pointercancel does (it did nothing). */
  private readonly escape = new EscapeDuringDrag(this, () => this.cancel());

  private doubleClick(e: MouseEvent): void {
    e.stopPropagation();
    e.preventDefault();
    const k = this.hit(e);
    if (k >= 0) {
      this.removeAt(k);
      return;
    }
    const [px, py] = this.local(e);
    const [x, y] = this.fromPx(px, py, this.range);
    const next = addPoint(this.points, x, y, this.spec);
    if (next.length !== this.points.length) this.send('set', next);
  }

  /**
   * A right-click on a point removes it. Elsewhere it goes on to the node, whose menu opens as
   * on any node: the curve fills a curve node, and a right-click on it did nothing at all.
   */
  private contextMenu(e: MouseEvent): void {
    const k = this.hit(e);
    if (k < 0) return;
    e.preventDefault();
    e.stopPropagation();
    this.removeAt(k);
  }

  private removeAt(k: number): void {
    const next = removePoint(this.points, k, this.spec);
    if (next.length === this.points.length) return;
    this.hover = -1;
    this.send('set', next);
  }

  /** Draws the editor into `g`, whose canvas is the editor's size times `dpr`. */
  private draw(g: CanvasRenderingContext2D, dpr: number): void {
    const { w, h } = this.size();
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    const r = this.range;
    const pts = this.drag?.points ?? this.points;

    // Axes at 0 and faint lines at ±0.5, where fBm mostly stays.
    g.lineWidth = 1;
    for (const [v, alpha] of [[0, 0.35], [-0.5, 0.12], [0.5, 0.12]] as const) {
      g.strokeStyle = `rgba(200, 210, 225, ${alpha})`;
      const [vx] = this.toPx(v, 0, r);
      const [, vy] = this.toPx(0, v, r);
      g.beginPath();
      g.moveTo(vx + 0.5, PAD);
      g.lineTo(vx + 0.5, h - PAD);
      g.moveTo(PAD, vy + 0.5);
      g.lineTo(w - PAD, vy + 0.5);
      g.stroke();
    }

    // The histogram of the input, bottom-aligned, scaled to its tallest bin.
    const bins = this.bins;
    if (bins && bins.hi > bins.lo) {
      let max = 0;
      for (const c of bins.counts) max = Math.max(max, c);
      const bw = (bins.hi - bins.lo) / bins.counts.length;
      g.fillStyle = 'rgba(120, 160, 210, 0.45)';
      bins.counts.forEach((c, k) => {
        if (!c) return;
        const [x0] = this.toPx(bins.lo + k * bw, 0, r);
        const [x1] = this.toPx(bins.lo + (k + 1) * bw, 0, r);
        const bh = (c / max) * (h - 2 * PAD) * 0.85;
        g.fillRect(x0, h - PAD - bh, Math.max(1, x1 - x0 - 0.5), bh);
      });
    }

    if (pts.length < 2) return;
    // The curve across the whole visible range, constant past its ends.
    g.strokeStyle = '#ffd166';
    g.lineWidth = 2;
    g.beginPath();
    const [sx, sy] = this.toPx(r.xlo, curveAt(pts, r.xlo), r);
    g.moveTo(sx, sy);
    for (const p of pts) g.lineTo(...this.toPx(p[0], p[1], r));
    g.lineTo(...this.toPx(r.xhi, curveAt(pts, r.xhi), r));
    g.stroke();

    const active = this.drag?.index ?? this.hover;
    pts.forEach((p, k) => {
      const [px, py] = this.toPx(p[0], p[1], r);
      g.beginPath();
      g.arc(px, py, k === active ? 5.5 : 4, 0, Math.PI * 2);
      g.fillStyle = k === active ? '#ffffff' : '#ffd166';
      g.fill();
      g.strokeStyle = '#141920';
      g.lineWidth = 1.5;
      g.stroke();
    });
  }
}
