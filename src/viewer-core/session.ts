// The viewer without its view: which node and port it shows and how, the picture to draw (the
// editor's detail, or a coarse drag frame moved into place), the pointer on the map (hover,
// pin, drag to pan, wheel to magnify), the cell's provenance, the Whittaker table's highlight
// and the exports. The components send it plain input records and draw what it holds, as the
// canvas does with the editor core; tests drive it in Node with the worker's service in-process.

import { nodeDef } from '../../nodes/index.ts';
import type { EditorCore } from '../editor/editor.ts';
import { cellAt, type View, viewDomain } from '../grid.ts';
import { finalOutput } from '../model/graph.ts';
import type { LayerStyle } from '../render/layer.ts';
import type { ExportFormat } from '../render/exports.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { Bins, Detail, Image, NodeResult, PanRequest, PanResult, ProbeRequest, ProbeResult } from '../worker/protocol.ts';
import { type ExportedFile, ViewerExports } from './exports.ts';
import { clampZoom, dragOrigin, dragResolution, NO_ZOOM, type Origin, pictureShift, pictureSize, wheelFactor, type Zoom, zoomAt, frameToWorld } from './pan.ts';
import { originCounts, tableShares, type TableShares } from './table.ts';
import { type WindInfo, windsUpstream } from './wind.ts';
import { ReliefWatch } from './relief-watch.ts';
import { Compare } from './compare.ts';

export type ViewerStyle = Required<LayerStyle>;
export const DEFAULT_STYLE: ViewerStyle = Object.freeze({ heightMode: 'height', shade: true, contours: false });

/** Side of the map in CSS pixels, by default and at the ends of the panel's resize. */
export const MAP_SIZE = 512;
export const MAP_SIZE_MIN = 256;
export const MAP_SIZE_MAX = 1024;
/** A press that moves less than this (pixels) is a click: it pins the cell. */
const CLICK_SLOP = 3;

/** Where the viewer reads the editor's results (the PreviewStore fits). */
export interface DetailSource {
  readonly detail: Detail | null;
  subscribeDetail(listener: (detail: Detail | null) => void): () => void;
  get(id: string): NodeResult | undefined;
  subscribe(id: string, listener: (result: NodeResult | undefined) => void): () => void;
}

export interface ViewerHooks {
  /** What the editor's client should draw for the viewer changed: ask the worker again. */
  invalidate(): void;
  /** A finished export, for the page to hand to the person (a download). */
  download(file: ExportedFile): void;
  /**
   * True while the editor shows drafts of a dragged param (src/worker/client.ts): the viewer's
   * own full-resolution requests (the compare pin, a hovered cell, the 3-D land) wait for the
   * full answer (draftsDone), or each would evaluate the whole view between two drafts.
   */
  drafting?(): boolean;
}

/** Pointer input on the map, in frame pixels from its top-left corner. */
export type MapInput =
  | { readonly type: 'down'; readonly x: number; readonly y: number }
  | { readonly type: 'move'; readonly x: number; readonly y: number }
  | { readonly type: 'up'; readonly x: number; readonly y: number }
  | { readonly type: 'cancel' }
  | { readonly type: 'leave' }
  | { readonly type: 'wheel'; readonly x: number; readonly y: number; readonly deltaY: number };

/** What changed, so each view redraws only what it shows. */
export type ViewerChange = 'node' | 'picture' | 'pointer' | 'provenance' | 'state' | 'export' | 'relief' | 'compare';

/** What the viewer's main area shows: the flat map or the land in 3-D. */
export type ViewerTab = 'map' | '3d';
export type ViewerListener = (changes: ReadonlySet<ViewerChange>) => void;

export interface Picture {
  readonly image: Image;
  /** The grid side the picture was computed at, and where. */
  readonly n: number;
  readonly origin: Origin;
  /** How far to move it (frame pixels) so it lines up with the view shown. */
  readonly shift: { readonly dx: number; readonly dy: number };
  readonly source: 'detail' | 'drag';
}

interface Drag {
  readonly start: Origin;
  readonly px: number;
  readonly py: number;
  origin: Origin;
  moved: boolean;
}

export class ViewerSession {
  /** The node shown: the selected one, kept when the selection is emptied. */
  node: string | null = null;
  private portChoice = new Map<string, string>();
  /** How heights are drawn (tints by height or share, shading, contours). */
  style: ViewerStyle = DEFAULT_STYLE;
  /** The map's magnification and where the magnified picture sits. */
  zoom: Zoom = NO_ZOOM;
  /** The map's side in CSS pixels. */
  frame = MAP_SIZE;
  /** The world point under the pointer, and the pinned one (a click on the map). */
  pointer: { x: number; y: number } | null = null;
  pinned: { x: number; y: number } | null = null;
  /** The worker's reading of that cell at every node leading to the shown one, or null. */
  provenance: ProbeResult | null = null;
  /** The Whittaker table cell whose map cells are highlighted (0 … 15), or null. */
  tableCell: number | null = null;
  /** Exports of the shown output: size, progress, the last file. */
  readonly exports: ViewerExports;
  /** The last drag frame's worker time and grid, which decides the next frame's resolution. */
  lastDragFrame: { ms: number; n: number } | null = null;
  /** The map or the 3-D view. */
  tab: ViewerTab = 'map';
  /** The heights under the shown output, for the 3-D view (asked for while it is shown). */
  readonly land: ReliefWatch;
  /** The pinned output the map compares with the current one. */
  readonly compare: Compare;

  private drag: Drag | null = null;
  private dragPicture: PanResult | null = null;
  /** Arrival order of the detail and of the drag frame: the newer is shown when neither fits. */
  private dragStamp = 0;
  private detailStamp = 0;
  private stamp = 0;
  private shares: { origins: Uint8Array; shares: TableShares } | null = null;
  private readonly listeners = new Set<ViewerListener>();
  private readonly disposers: (() => void)[] = [];
  private readonly panLane: Lane<PanRequest, PanResult>;
  private readonly probeLane: Lane<ProbeRequest, ProbeResult>;
  private batch: Set<ViewerChange> | null = null;
  /** The compare pin was left stale by edits made while drafting: refreshed by draftsDone. */
  private compareOwed = false;
  /** Stops watching the shown node's result (its state: ok, failed, missing…). */
  private unwatchResult: (() => void) | null = null;

  constructor(
    private readonly core: EditorCore,
    private readonly results: DetailSource,
    port: LanePort,
    private readonly hooks: ViewerHooks,
  ) {
    this.panLane = new Lane(port, ['pan-result']);
    this.probeLane = new Lane(port, ['probe-result']);
    this.exports = new ViewerExports(port, (f) => hooks.download(f), () => this.changed('export'));
    this.land = new ReliefWatch(port, () => (this.node && this.tab === '3d' ? { graph: this.core.graph, node: this.node, port: this.port } : null), () => this.changed('relief'));
    this.compare = new Compare(port, () => ({ graph: this.core.graph, size: this.detailRequest.detailSize }), () => this.changed('compare'));
    this.follow();
    this.disposers.push(
      core.subscribe((changes) => {
        this.follow();
        // An edit anywhere may change the pinned output, even when the shown one stays.
        if (changes.some((c) => c.kind !== 'selection')) {
          if (this.hooks.drafting?.()) this.compareOwed = true;
          else this.compare.refresh();
        }
      }),
      results.subscribeDetail((d) => this.detailArrived(d)),
      () => this.unwatchResult?.(),
      () => this.panLane.dispose(),
      () => this.probeLane.dispose(),
      () => this.exports.dispose(),
      () => this.land.dispose(),
      () => this.compare.dispose(),
    );
  }

  subscribe(listener: ViewerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.disposers.length = 0;
    this.listeners.clear();
  }

  /** True while the worker has a drag frame, a cell or an export of ours to answer. */
  get busy(): boolean {
    return this.panLane.busy || this.probeLane.busy || this.exports.busy || this.land.busy || this.compare.busy;
  }

  /** The view's resolution (cells per side). */
  get n(): number {
    return this.core.graph.view.size;
  }

  /** The origin shown: the dragged one during a drag, else the graph's. */
  get origin(): Origin {
    return this.drag?.origin ?? this.core.graph.view;
  }

  get dragging(): boolean {
    return this.drag?.moved ?? false;
  }

  /** The output port shown (the node's first unless another was chosen). */
  get port(): string | null {
    const node = this.node ? this.core.node(this.node) : undefined;
    const ports = Object.keys(nodeDef(node?.type ?? '')?.outputs ?? {});
    const chosen = this.node ? this.portChoice.get(this.node) : undefined;
    return chosen && ports.includes(chosen) ? chosen : (ports[0] ?? null);
  }

  /** What the editor's client asks the worker to draw for the viewer. */
  get detailRequest(): { detail: string | null; detailPort: string | null; detailSize: number; detailStyle: ViewerStyle } {
    return { detail: this.node, detailPort: this.port, detailSize: pictureSize(this.frame, this.zoom, this.n), detailStyle: this.style };
  }

  /** The editor's latest picture of the shown node and port, if it has one. */
  get detail(): Detail | null {
    const d = this.results.detail;
    return d && d.id === this.node && (d.port ?? null) === this.port ? d : null;
  }

  /** The node's state in the editor (failed, blocked…), for the panel to say. */
  get result(): NodeResult | undefined {
    return this.node ? this.results.get(this.node) : undefined;
  }

  /** The histogram of a curve's input values (the "grey bars"), when the node is a curve. */
  get inputBins(): Bins | undefined {
    return this.result?.inputBins;
  }

  /**
   * The picture to draw and how far to move it: the editor's detail when it shows the view as
   * it is; during a drag (and after one, until the refined detail is in) the newest drag
   * frame, moved to line up with the dragged origin.
   */
  picture(): Picture | null {
    const origin = this.origin;
    const d = this.detail;
    const detail: Picture | null =
      d && d.image.rgba.byteLength > 0 ? { image: d.image, n: d.n, origin: { x: d.x ?? origin.x, y: d.y ?? origin.y }, shift: { dx: 0, dy: 0 }, source: 'detail' } : null;
    const p = this.dragPicture;
    const drag: Picture | null = p && p.image && p.node === this.node && p.port === this.port ? { image: p.image, n: p.n, origin: { x: p.x, y: p.y }, shift: { dx: 0, dy: 0 }, source: 'drag' } : null;
    const fits = (pic: Picture | null) => pic && pic.origin.x === origin.x && pic.origin.y === origin.y;
    let pick: Picture | null;
    if (!this.drag && detail && fits(detail) && d!.n === this.n) pick = detail;
    else if (drag && (this.drag || this.dragStamp > this.detailStamp || !detail)) pick = drag;
    else pick = detail ?? drag;
    if (!pick) return null;
    return { ...pick, shift: pictureShift(pick.origin, origin, this.frame, this.zoom) };
  }

  /** The winds (switched on) leading to the shown node: their arrows go over the map. */
  get winds(): WindInfo[] {
    return this.node ? windsUpstream(this.core.graph, this.node) : [];
  }

  /** The Whittaker table's shares of the land, when the shown node is a Whittaker node. */
  get table(): TableShares | null {
    const origins = this.detail?.origins;
    if (!origins) return null;
    if (this.shares?.origins !== origins) this.shares = { origins, shares: tableShares(originCounts(origins)) };
    return this.shares.shares;
  }

  /** The cell of the view under the pointer (or the pinned one): column, row (0 = south), index. */
  cell(): { c: number; r: number; i: number } | null {
    const at = this.pointer ?? this.pinned;
    return at ? cellAt(viewDomain(this.core.graph.view), at.x, at.y) : null;
  }

  // ── settings ─────────────────────────────────────────────────────────────────────────

  setPort(port: string): void {
    if (!this.node || port === this.port) return;
    this.portChoice.set(this.node, port);
    this.changed('node', 'picture', 'state');
    this.hooks.invalidate();
    this.probe();
    if (this.tab === '3d') this.land.refresh();
  }

  /** Shows the map or the land in 3-D. */
  setTab(tab: ViewerTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.changed('state');
    if (tab === '3d') this.land.refresh();
  }

  /** Pins the output shown, as drawn now, for the map to compare with what is shown next. */
  pinShown(): void {
    const port = this.port;
    const node = this.node ? this.core.node(this.node) : undefined;
    if (!node || !port) return;
    this.compare.pinOutput({ node: node.id, port, title: node.title, style: this.style });
  }

  /**
   * The pointer over a world point from another view of the map (the 3-D view's hover), or
   * null when it left: the provenance follows as for the map's own hover.
   */
  pointAt(world: { x: number; y: number } | null): void {
    const inside = world && cellAt(viewDomain(this.core.graph.view), world.x, world.y) ? world : null;
    if (!inside && !this.pointer) return;
    this.pointer = inside;
    this.changed('pointer');
    if (inside || this.pinned) this.probe();
    else this.clearProvenance();
  }

  setStyle(style: Partial<ViewerStyle>): void {
    const next = { ...this.style, ...style };
    if (next.heightMode === this.style.heightMode && next.shade === this.style.shade && next.contours === this.style.contours) return;
    this.style = next;
    this.changed('state');
    this.hooks.invalidate();
  }

  /** The map's side changed (the panel was resized): the magnified picture keeps its place. */
  setFrame(frame: number): void {
    const f = Math.max(MAP_SIZE_MIN, Math.min(MAP_SIZE_MAX, Math.round(frame)));
    if (f === this.frame) return;
    const before = this.detailRequest.detailSize;
    const k = f / this.frame;
    this.zoom = clampZoom({ z: this.zoom.z, ox: this.zoom.ox * k, oy: this.zoom.oy * k }, f);
    this.frame = f;
    this.changed('state', 'picture', 'pointer');
    if (this.detailRequest.detailSize !== before) {
      this.hooks.invalidate();
      this.compare.refresh();
    }
  }

  resetZoom(): void {
    this.setZoom(NO_ZOOM);
  }

  setTableCell(cell: number | null): void {
    if (cell === this.tableCell) return;
    this.tableCell = cell;
    this.changed('state');
  }

  /** Moves the view's origin or changes its resolution: an undoable edit saved in the file. */
  setView(view: Partial<View>): void {
    this.core.setView(view);
  }

  unpin(): void {
    if (!this.pinned) return;
    this.pinned = null;
    this.changed('pointer');
    if (!this.pointer) this.clearProvenance();
  }

  // ── pointer ──────────────────────────────────────────────────────────────────────────

  input(e: MapInput): void {
    switch (e.type) {
      case 'down':
        this.drag = { start: { x: this.core.graph.view.x, y: this.core.graph.view.y }, px: e.x, py: e.y, origin: { x: this.core.graph.view.x, y: this.core.graph.view.y }, moved: false };
        return;
      case 'move': {
        const drag = this.drag;
        if (!drag) return this.hover(e.x, e.y);
        if (!drag.moved && Math.hypot(e.x - drag.px, e.y - drag.py) < CLICK_SLOP) return;
        if (!drag.moved) {
          drag.moved = true;
          this.pointer = null;
          // The panel dims the provenance once; later moves concern the map alone.
          this.changed('state');
        }
        drag.origin = dragOrigin(drag.start, e.x - drag.px, e.y - drag.py, this.frame, this.zoom, this.n);
        this.changed('picture', 'pointer');
        this.requestDragFrame();
        return;
      }
      case 'up': {
        const drag = this.drag;
        this.drag = null;
        if (!drag) return;
        if (!drag.moved) {
          this.pin(e.x, e.y);
          return;
        }
        // Frames still waiting are for a view that is about to be drawn in full: drop them.
        this.panLane.cancelPending();
        if (drag.origin.x !== drag.start.x || drag.origin.y !== drag.start.y) this.core.setView({ x: drag.origin.x, y: drag.origin.y }, 'pan view');
        this.changed('picture', 'state');
        this.hover(e.x, e.y);
        return;
      }
      case 'cancel': {
        const drag = this.drag;
        this.drag = null;
        this.panLane.cancelPending();
        if (drag?.moved) this.changed('picture', 'state');
        return;
      }
      case 'leave':
        if (this.drag) return;
        this.pointer = null;
        this.changed('pointer');
        if (this.pinned) this.probe();
        else this.clearProvenance();
        return;
      case 'wheel':
        this.setZoom(zoomAt(this.zoom, this.frame, e.x, e.y, wheelFactor(e.deltaY)));
        if (!this.drag) this.hover(e.x, e.y);
    }
  }

  // ── exports ──────────────────────────────────────────────────────────────────────────

  /** Exports the shown output in a format at the export size; the file goes to hooks.download. */
  exportLayer(format: ExportFormat): void {
    const port = this.port;
    if (!this.node || !port) return;
    this.exports.start({ graph: this.core.graph, node: this.node, port, style: this.style }, format, this.n);
  }

  // ── internals ────────────────────────────────────────────────────────────────────────

  /** Follows the selection; keeps the node shown when the selection empties or grows. */
  private follow(): void {
    const primary = this.core.primary;
    let node = this.node;
    if (primary) node = primary;
    if (node && !this.core.node(node)) node = null;
    // Nothing chosen yet (a new page, a reload, another graph opened): the final output.
    node ??= finalOutput(this.core.graph);
    if (node !== this.node) {
      this.node = node;
      // A node that fails (an input not wired) sends no detail: its new state alone must
      // reach the panel and the map, which said "computing…" until the node was reselected.
      // Only a change of state or message: a result per drag frame would redraw the panel twice.
      this.unwatchResult?.();
      let said = this.result && `${this.result.state} ${this.result.message ?? ''}`;
      this.unwatchResult = node
        ? this.results.subscribe(node, (r) => {
            const now = r && `${r.state} ${r.message ?? ''}`;
            if (now === said) return;
            said = now;
            this.changed('state');
          })
        : null;
      this.tableCell = null;
      this.dragPicture = null;
      this.changed('node', 'picture', 'state');
      this.hooks.invalidate();
      this.probe();
      if (this.tab === '3d') this.land.refresh();
    }
    // Other edits reach the views through the core (the panel) or a new picture (the map).
  }

  /** The full answer after drafts is in: what waited for it is asked now. */
  draftsDone(): void {
    if (!this.compareOwed) return;
    this.compareOwed = false;
    this.compare.refresh();
  }

  private detailArrived(d: Detail | null): void {
    if (!d || d.id !== this.node) return;
    this.detailStamp = ++this.stamp;
    // The refined picture of the view as it is: the drag frames have served.
    if (!this.drag && d.x === this.core.graph.view.x && d.y === this.core.graph.view.y) this.dragPicture = null;
    if (this.tableCell !== null && !d.origins) this.tableCell = null;
    this.changed('picture', 'state');
    // A draft: the land follows it from the drafts' engine; the cell under the pointer is read
    // again from the full answer.
    if (d.draft) {
      if (this.tab === '3d') this.land.refresh(d.n);
      return;
    }
    // New results: the cell under the pointer may read differently now, and the land under it.
    this.probe();
    if (this.tab === '3d') this.land.refresh();
  }

  private setZoom(zoom: Zoom): void {
    const next = clampZoom(zoom, this.frame);
    if (next.z === this.zoom.z && next.ox === this.zoom.ox && next.oy === this.zoom.oy) return;
    const before = this.detailRequest.detailSize;
    this.zoom = next;
    this.changed('picture', 'pointer', 'state');
    if (this.detailRequest.detailSize !== before) {
      this.hooks.invalidate();
      this.compare.refresh();
    }
  }

  private hover(px: number, py: number): void {
    const w = frameToWorld(this.zoom, this.frame, px, py, this.core.graph.view);
    const inside = cellAt(viewDomain(this.core.graph.view), w.x, w.y) !== null;
    const next = inside ? w : null;
    if (!next && !this.pointer) return;
    this.pointer = next;
    this.changed('pointer');
    if (next || this.pinned) this.probe();
    else this.clearProvenance();
  }

  private pin(px: number, py: number): void {
    const w = frameToWorld(this.zoom, this.frame, px, py, this.core.graph.view);
    if (!cellAt(viewDomain(this.core.graph.view), w.x, w.y)) return;
    this.pinned = w;
    this.pointer = w;
    this.changed('pointer');
    this.probe();
  }

  private clearProvenance(): void {
    if (!this.provenance) return;
    this.provenance = null;
    this.changed('provenance');
  }

  /** Asks for the provenance of the cell under the pointer (or pinned), built when sent. */
  private probe(): void {
    if (!this.node || !(this.pointer ?? this.pinned)) return;
    this.probeLane.request(
      () => {
        const cell = this.cell();
        if (!cell || !this.node || this.drag?.moved) return null;
        return { request: { kind: 'probe', graph: this.core.graph as ProbeRequest['graph'], node: this.node, i: cell.i } };
      },
      (a) => {
        // The pointer left (and nothing is pinned) while the answer was on its way: showing it
        // would leave a cell no one points at on screen, its values never read again after an edit.
        if (a.node !== this.node || !(this.pointer ?? this.pinned)) return;
        this.provenance = a;
        this.changed('provenance');
      },
    );
  }

  private requestDragFrame(): void {
    this.panLane.request(
      () => {
        const drag = this.drag;
        const port = this.port;
        if (!drag || !this.node || !port) return null;
        const n = dragResolution(this.n, this.lastDragFrame);
        return { request: { kind: 'pan', graph: this.core.graph as PanRequest['graph'], node: this.node, port, x: drag.origin.x, y: drag.origin.y, n, style: this.style } };
      },
      (a) => {
        // Only a frame that was drawn says what a frame costs (a failed one may report 0 ms).
        if (!a.image) return;
        this.lastDragFrame = { ms: a.totalMs, n: a.n };
        this.dragPicture = a;
        this.dragStamp = ++this.stamp;
        this.changed('picture');
      },
    );
  }

  private changed(...changes: ViewerChange[]): void {
    if (this.batch) {
      for (const c of changes) this.batch.add(c);
      return;
    }
    this.batch = new Set(changes);
    // Listeners are told once per task: a drag move changes several things at once.
    queueMicrotask(() => {
      const batch = this.batch!;
      this.batch = null;
      for (const l of [...this.listeners]) l(batch);
    });
  }
}
