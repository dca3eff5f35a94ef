// The canvas's minimap: every frame (in its colour), every node and the visible part of the
// canvas, drawn on one <canvas> in the corner; a press or drag in it moves the view there.
//
// It replaces rete-minimap-plugin, which redrew on every signal (each node added, each node
// moved) and measured the page for each mini node: O(N) per node added, minutes for a graph
// of 1000 nodes. This one draws from the model (positions and the fixed node sizes of
// layout.ts, no measuring), at most once a frame, and not before the canvas has caught up
// with the model: opening a graph draws it once. It also shows frames, which rete's did not.

import type { AreaPlugin } from 'rete-area-plugin';
import { nodeDef } from '../../../nodes/index.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { FRAME_RGB } from '../theme.ts';
import { nodeSize } from '../node/layout.ts';
import type { Schemes } from './view-objects.ts';

/** Side of the minimap in CSS pixels, and the small one for windows under 1300 × 800. */
const SIZE = 180;
const SMALL_SIZE = 110;
/** Its distance from the canvas's right and bottom edges, in CSS pixels. */
const INSET = 16;
/** Room around what the minimap shows, in its own pixels. */
const PAD = 8;
/** The minimap never zooms in closer than this many canvas units across (as rete's did). */
const MIN_SPAN = 2000;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * On a small window (1024 × 700) a 180-pixel minimap would hide a third of the canvas; so it
 * would on a canvas the viewer's widened map leaves narrow (320 px on a 1400-wide window).
 */
function small(canvas: HTMLElement): boolean {
  return window.innerWidth < 1300 || window.innerHeight < 800 || canvas.clientWidth < 800;
}

export class Minimap {
  /** The minimap's element, in the corner of the canvas. */
  readonly element: HTMLDivElement;
  /** Drawings so far (a test reads it: opening a graph draws once, not once per node). */
  draws = 0;
  private readonly canvas: HTMLCanvasElement;
  private readonly disposers: (() => void)[] = [];
  private queued = false;
  /** Canvas units → minimap pixels of the last drawing, for the pointer. */
  private map = { x0: 0, y0: 0, scale: 1 };

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly core: EditorCore,
    /** Resolves when the canvas shows every model change so far. */
    private readonly settled: () => Promise<void>,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'tg-minimap';
    this.element.title = 'Minimap: press or drag to move the view';
    this.canvas = document.createElement('canvas');
    this.element.append(this.canvas);
    Object.assign(this.element.style, { position: 'absolute', right: `${INSET}px`, bottom: `${INSET}px`, zIndex: '5', borderRadius: '8px', overflow: 'hidden', cursor: 'pointer', touchAction: 'none' });
    Object.assign(this.canvas.style, { display: 'block', width: '100%', height: '100%' });
    area.container.append(this.element);

    const onDown = (e: PointerEvent) => this.press(e);
    // Nothing in the minimap reaches the canvas: no palette on a double-click, no menu.
    const stop = (e: Event) => {
      e.stopPropagation();
      e.preventDefault();
    };
    const onResize = () => this.request();
    this.element.addEventListener('pointerdown', onDown);
    this.element.addEventListener('dblclick', stop);
    this.element.addEventListener('contextmenu', stop);
    this.element.addEventListener('wheel', stop);
    // The canvas changes size with the window and with the viewer's panel.
    const observer = new ResizeObserver(onResize);
    observer.observe(area.container);
    // Its colours are the theme's, read when it draws: a switch of theme (the button, or the
    // system's dark mode at sunset) draws it again, where it kept the other theme's box.
    const themed = new MutationObserver(() => this.request());
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    this.disposers.push(
      () => observer.disconnect(),
      () => themed.disconnect(),
      core.subscribe((changes) => {
        if (changes.some((c) => c.kind !== 'param' && c.kind !== 'info' && c.kind !== 'view' && c.kind !== 'world' && c.kind !== 'title')) this.request();
      }),
    );
    area.addPipe((c) => {
      if (c.type === 'translated' || c.type === 'zoomed' || c.type === 'resized') this.request();
      return c;
    });
    this.request();
  }

  /** Draws at the next frame once the canvas has caught up; many requests, one drawing. */
  request(): void {
    if (this.queued) return;
    this.queued = true;
    void this.settled().then(() =>
      requestAnimationFrame(() => {
        this.queued = false;
        this.draw();
      }),
    );
  }

  /** Where a canvas point is drawn in the minimap, in client pixels (as of its last drawing). */
  pointOf(x: number, y: number): { x: number; y: number } {
    const box = this.element.getBoundingClientRect();
    return { x: box.left + (x - this.map.x0) * this.map.scale, y: box.top + (y - this.map.y0) * this.map.scale };
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.element.remove();
  }

  /**
   * Where the minimap lies in the canvas's box (pixels from its top left) at its next drawing:
   * the fit keeps nodes clear of it. Its element has no size before it first draws (a frame after
   * the canvas settles), after the page's first fit, and keeps its old size for a frame when the
   * window crosses the small size: read from the element, the graph opened under it.
   */
  cover(): Box {
    const c = this.area.container;
    const side = small(c) ? SMALL_SIZE : SIZE;
    return { x: c.clientWidth - INSET - side, y: c.clientHeight - INSET - side, w: side, h: side };
  }

  /** The visible part of the canvas, in canvas units. */
  private viewport(): Box {
    const { x, y, k } = this.area.area.transform;
    const c = this.area.container;
    return { x: -x / k, y: -y / k, w: c.clientWidth / k, h: c.clientHeight / k };
  }

  private draw(): void {
    if (!this.element.isConnected) return;
    this.draws++;
    const side = small(this.area.container) ? SMALL_SIZE : SIZE;
    const dpr = window.devicePixelRatio || 1;
    this.element.style.width = this.element.style.height = `${side}px`;
    if (this.canvas.width !== side * dpr) this.canvas.width = this.canvas.height = side * dpr;
    const graph = this.core.graph;
    const nodes: Box[] = [];
    for (const n of graph.nodes) {
      const def = nodeDef(n.type);
      const size = def ? nodeSize(def, !!n.collapsed) : { width: 124, height: 140 };
      nodes.push({ x: n.position[0], y: n.position[1], w: size.width, h: size.height });
    }
    const frames = graph.frames ?? [];
    const view = this.viewport();
    // What the minimap spans: everything, the view included, square, at least MIN_SPAN across.
    let x0 = view.x;
    let y0 = view.y;
    let x1 = view.x + view.w;
    let y1 = view.y + view.h;
    for (const b of [...nodes, ...frames.map((f) => ({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] }))]) {
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.w);
      y1 = Math.max(y1, b.y + b.h);
    }
    const span = Math.max(MIN_SPAN, x1 - x0, y1 - y0);
    const scale = (side - 2 * PAD) / span;
    const ox = (x0 + x1) / 2 - (side / 2) / scale;
    const oy = (y0 + y1) / 2 - (side / 2) / scale;
    this.map = { x0: ox, y0: oy, scale };

    const g = this.canvas.getContext('2d')!;
    const style = getComputedStyle(this.element);
    const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, side, side);
    g.globalAlpha = 0.88;
    g.fillStyle = color('--tg-panel-bg', '#161b22');
    g.fillRect(0, 0, side, side);
    g.globalAlpha = 1;
    const rect = (b: Box) => [(b.x - ox) * scale, (b.y - oy) * scale, Math.max(1, b.w * scale), Math.max(1, b.h * scale)] as const;
    // Frames first (they lie behind the nodes on the canvas too), in their own colours.
    for (const f of frames) {
      const rgb = FRAME_RGB[f.color].join(', ');
      const r = rect({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] });
      g.fillStyle = `rgba(${rgb}, 0.3)`;
      g.fillRect(...r);
      g.strokeStyle = `rgba(${rgb}, 0.9)`;
      g.lineWidth = 1;
      g.strokeRect(...r);
    }
    g.fillStyle = color('--tg-muted', '#a3adba');
    for (const b of nodes) g.fillRect(...rect(b));
    const selected = this.core.selection;
    if (selected.size) {
      g.fillStyle = color('--tg-accent', '#5aa9ff');
      graph.nodes.forEach((n, i) => selected.has(n.id) && g.fillRect(...rect(nodes[i])));
    }
    g.strokeStyle = color('--tg-selected', '#ffd166');
    g.lineWidth = 1.5;
    g.strokeRect(...rect(view));
    g.strokeStyle = color('--tg-line', '#3a4452');
    g.lineWidth = 1;
    g.strokeRect(0.5, 0.5, side - 1, side - 1);
  }

  /** A press moves the view's centre to that point; dragging keeps moving it. */
  private press(e: PointerEvent): void {
    if (e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    const el = this.element;
    el.setPointerCapture(e.pointerId);
    // The drawing's scale as the press found it: the view moving redraws the minimap, and
    // following those redraws would make the drag chase itself.
    const map = this.map;
    const box = el.getBoundingClientRect();
    const centreAt = (ev: PointerEvent) => {
      const cx = map.x0 + (ev.clientX - box.left) / map.scale;
      const cy = map.y0 + (ev.clientY - box.top) / map.scale;
      const { k } = this.area.area.transform;
      const c = this.area.container;
      void this.area.area.translate(c.clientWidth / 2 - cx * k, c.clientHeight / 2 - cy * k);
    };
    centreAt(e);
    const up = () => {
      el.removeEventListener('pointermove', centreAt);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
    el.addEventListener('pointermove', centreAt);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  }
}
