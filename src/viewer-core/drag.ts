// Panning the map by dragging it: the press and the origin it drags to, the coarse frames the
// worker draws on the way (on a lane of their own, each frame's resolution from the last one's
// time), and which picture the map shows meanwhile: the editor's detail, or the newest frame,
// moved to line up with the dragged origin.

import type { Graph } from '../model/graph.ts';
import type { LayerStyle } from '../render/layer.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { Detail, Image, PanRequest, PanResult, WaterRef } from '../worker/protocol.ts';
import { dragOrigin, dragResolution, type Origin, pictureShift, pictureSize, snapOrigin, type Zoom } from './pan.ts';

/** A press that moves less than this (pixels) is a click: it pins the cell. */
const CLICK_SLOP = 3;

export interface Picture {
  readonly image: Image;
  /** The grid side the picture was computed at, and where. */
  readonly n: number;
  readonly origin: Origin;
  /** How far to move it (frame pixels) so it lines up with the view shown. */
  readonly shift: { readonly dx: number; readonly dy: number };
  readonly source: 'detail' | 'drag';
}

/** A press on the map: where it started, and the origin it has dragged the view to. */
export interface Press {
  readonly start: Origin;
  readonly px: number;
  readonly py: number;
  origin: Origin;
  moved: boolean;
}

/** What the frames are drawn of and how the map is laid out now. */
export type DragContext = () => {
  graph: Readonly<Graph>;
  node: string | null;
  port: string | null;
  style: Required<LayerStyle>;
  /** Rivers and lakes drawn over the frames, or null. */
  rivers: WaterRef | null;
  /** The map's side in CSS pixels, and its magnification. */
  frame: number;
  zoom: Zoom;
};

export class MapDrag {
  /** The last drag frame's worker time and grid, which decides the next frame's resolution. */
  lastFrame: { ms: number; n: number } | null = null;
  private press: Press | null = null;
  private framePicture: PanResult | null = null;
  /** Arrival order of the detail and of the drag frame: the newer is shown when neither fits. */
  private frameStamp = 0;
  private detailStamp = 0;
  private stamp = 0;
  private readonly lane: Lane<PanRequest, PanResult>;

  constructor(
    port: LanePort,
    private readonly context: DragContext,
    /** A new frame came. */
    private readonly arrived: () => void,
  ) {
    this.lane = new Lane(port, ['pan-result']);
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  dispose(): void {
    this.lane.dispose();
  }

  /** True while the pointer is pressed on the map. */
  get pressed(): boolean {
    return this.press !== null;
  }

  /** True once the press has moved past a click. */
  get moved(): boolean {
    return this.press?.moved ?? false;
  }

  /** The origin dragged to, while pressed. */
  get origin(): Origin | null {
    return this.press?.origin ?? null;
  }

  down(view: Origin, px: number, py: number): void {
    this.press = { start: { x: view.x, y: view.y }, px, py, origin: { x: view.x, y: view.y }, moved: false };
  }

  /**
   * The pressed pointer moved: 'still' within a click's slop, else the origin follows and a
   * frame is asked for ('started' on the first move past the slop).
   */
  move(px: number, py: number): 'still' | 'started' | 'moved' {
    const press = this.press!;
    if (!press.moved && Math.hypot(px - press.px, py - press.py) < CLICK_SLOP) return 'still';
    const started = !press.moved;
    press.moved = true;
    const { frame, zoom, graph } = this.context();
    press.origin = dragOrigin(press.start, px - press.px, py - press.py, frame, zoom, graph.view.size, !!graph.world);
    this.requestFrame();
    return started ? 'started' : 'moved';
  }

  /** The pointer was released or the drag cancelled: the press that ended, if any. */
  end(): Press | null {
    const press = this.press;
    this.press = null;
    return press;
  }

  /** Frames still waiting are for a view about to be drawn in full (or no longer dragged): dropped. */
  cancelPending(): void {
    this.lane.cancelPending();
  }

  /** The editor's detail of the shown node came, at the view's origin when `atView`. */
  detailArrived(atView: boolean): void {
    this.detailStamp = ++this.stamp;
    // The refined picture of the view as it is: the drag frames have served.
    if (!this.press && atView) this.framePicture = null;
  }

  /** Another node is shown: its frames are still to come. */
  forgetFrame(): void {
    this.framePicture = null;
  }

  /**
   * The picture to draw and how far to move it: the editor's detail `d` when it shows the view
   * as it is; during a drag (and after one, until the refined detail is in) the newest drag
   * frame, moved to line up with the dragged origin `origin`.
   */
  picture(d: Detail | null, origin: Origin): Picture | null {
    const { node, port, graph, frame, zoom } = this.context();
    const detail: Picture | null =
      d && d.image.rgba.byteLength > 0 ? { image: d.image, n: d.n, origin: { x: d.x ?? origin.x, y: d.y ?? origin.y }, shift: { dx: 0, dy: 0 }, source: 'detail' } : null;
    const p = this.framePicture;
    const drag: Picture | null = p && p.image && p.node === node && p.port === port ? { image: p.image, n: p.n, origin: { x: p.x, y: p.y }, shift: { dx: 0, dy: 0 }, source: 'drag' } : null;
    const fits = (pic: Picture | null) => pic && pic.origin.x === origin.x && pic.origin.y === origin.y;
    let pick: Picture | null;
    if (!this.press && detail && fits(detail) && d!.n === graph.view.size) pick = detail;
    else if (drag && (this.press || this.frameStamp > this.detailStamp || !detail)) pick = drag;
    else pick = detail ?? drag;
    if (!pick) return null;
    return { ...pick, shift: pictureShift(pick.origin, origin, frame, zoom) };
  }

  private requestFrame(): void {
    this.lane.request(
      () => {
        const press = this.press;
        const { graph, node, port, style, rivers, frame, zoom } = this.context();
        if (!press || !node || !port) return null;
        const n = dragResolution(graph.view.size, this.lastFrame);
        const size = pictureSize(frame, zoom, graph.view.size);
        // With a world, a coarse frame on its own cells: its erosion runs on the world (one grid
        // for every frame, kept), where between them it ran on the frame (picture() moves it to the origin).
        const at = graph.world ? snapOrigin(press.origin, n, true) : press.origin;
        return { request: { kind: 'pan', graph: graph as PanRequest['graph'], node, port, x: at.x, y: at.y, n, style, rivers, size } };
      },
      (a) => {
        // Only a frame that was drawn says what a frame costs (a failed one may report 0 ms).
        if (!a.image) return;
        this.lastFrame = { ms: a.totalMs, n: a.n };
        this.framePicture = a;
        this.frameStamp = ++this.stamp;
        this.arrived();
      },
    );
  }
}
