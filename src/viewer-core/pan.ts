// The viewer's geometry: where a pointer on the map falls in the world, how a drag moves the
// view's origin, and how the wheel magnifies the picture. Pure numbers, no DOM.
//
// The map is a square frame of S CSS pixels showing one view (one world unit, SPEC §1), north
// up. Zoom does not change the world extent of the view: that would change what a view-cut sea
// level is read from and what "a view" means. It magnifies the picture z times (1 … 8) around
// the cursor instead; the picture's top-left corner then sits at (ox, oy) in the frame, with
// S − S·z ≤ ox, oy ≤ 0 so the frame is always covered.

export interface Zoom {
  /** Magnification, ZOOM_MIN … ZOOM_MAX. */
  readonly z: number;
  /** Frame pixels from the frame's top-left to the picture's top-left (≤ 0). */
  readonly ox: number;
  readonly oy: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
export const NO_ZOOM: Zoom = Object.freeze({ z: 1, ox: 0, oy: 0 });

/** A world origin (the view's south-west corner). */
export interface Origin {
  readonly x: number;
  readonly y: number;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The zoom with z in range and the picture covering the frame. */
export function clampZoom(zoom: Zoom, frame: number): Zoom {
  const z = clamp(zoom.z, ZOOM_MIN, ZOOM_MAX);
  const lo = frame - frame * z;
  return { z, ox: clamp(zoom.ox, lo, 0), oy: clamp(zoom.oy, lo, 0) };
}

/** Magnifies by `factor` keeping the picture point under (px, py) where it is. */
export function zoomAt(zoom: Zoom, frame: number, px: number, py: number, factor: number): Zoom {
  const z = clamp(zoom.z * factor, ZOOM_MIN, ZOOM_MAX);
  // The picture point under the cursor, in unmagnified frame pixels, stays under it.
  const ix = (px - zoom.ox) / zoom.z;
  const iy = (py - zoom.oy) / zoom.z;
  return clampZoom({ z, ox: px - ix * z, oy: py - iy * z }, frame);
}

/** Wheel delta (pixels) to a zoom factor: about ×1.2 per notch of 100. */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-deltaY * 0.0018);
}

/**
 * Where a frame point falls in the view, as fractions: u from the west edge, v from the north
 * edge (the picture is drawn north up). Outside the view when not in 0 … 1.
 */
export function frameToUnit(zoom: Zoom, frame: number, px: number, py: number): { u: number; v: number } {
  const side = frame * zoom.z;
  return { u: (px - zoom.ox) / side, v: (py - zoom.oy) / side };
}

/** The world point under a frame point. */
export function frameToWorld(zoom: Zoom, frame: number, px: number, py: number, origin: Origin): { x: number; y: number } {
  const { u, v } = frameToUnit(zoom, frame, px, py);
  return { x: origin.x + u, y: origin.y + 1 - v };
}

/**
 * Column, row (row 0 = south) and index of the cell of an n grid at a frame point; null outside.
 * A point on a cell edge belongs to the cell east and north of it, as in grid.ts cellAt.
 */
export function frameToCell(zoom: Zoom, frame: number, px: number, py: number, n: number): { c: number; r: number; i: number } | null {
  const { u, v } = frameToUnit(zoom, frame, px, py);
  const c = Math.floor(u * n);
  const r = Math.floor((1 - v) * n);
  if (c < 0 || r < 0 || c >= n || r >= n) return null;
  return { c, r, i: r * n + c };
}

/** The rectangle of cell (c, r) of an n grid in frame pixels. */
export function cellOnFrame(zoom: Zoom, frame: number, n: number, c: number, r: number): { left: number; top: number; size: number } {
  const size = (frame * zoom.z) / n;
  return { left: zoom.ox + c * size, top: zoom.oy + (n - 1 - r) * size, size };
}

/**
 * The finest origin step for a resolution: a power of two at least as fine as a cell, so a
 * dragged origin moves the picture by whole cells and is written exactly in the file
 * (k / 256, not 0.0026041666…).
 */
export function originStep(n: number): number {
  return 1 / 2 ** Math.ceil(Math.log2(Math.max(1, n)));
}

/**
 * `o` snapped to the grid of resolution n (originStep). `onCells`: on the grid's own cells, for a
 * graph with a world, which the engine runs on only for a domain on its own cells (engine.ts
 * worldGridOf): at 384 or 768 cells a view a power-of-two step puts three origins in four between
 * them. Then by the largest power of two dividing n (1/128 at 384: 3 cells), on both grids and
 * so still exact in the file; by a cell, k / n, when that step would be more than 4 cells (a file's
 * 300 cells a view). The same origins at a power of two.
 */
export function snapOrigin(o: Origin, n: number, onCells = false): Origin {
  if (onCells) {
    const whole = n & -n;
    const per = n / whole <= 4 ? whole : n;
    return { x: Math.round(o.x * per) / per + 0, y: Math.round(o.y * per) / per + 0 };
  }
  const step = originStep(n);
  // + 0 turns −0 into 0, so a file never says "x": -0.
  return { x: Math.round(o.x / step) * step + 0, y: Math.round(o.y / step) * step + 0 };
}

/**
 * The origin after dragging the map by (dx, dy) frame pixels from `start`: the world follows
 * the pointer, so dragging right shows what lies west and dragging down what lies north. At
 * z× a pixel is 1 / (S·z) of a view. Snapped to the grid of resolution n (snapOrigin).
 */
export function dragOrigin(start: Origin, dx: number, dy: number, frame: number, zoom: Zoom, n: number, onCells = false): Origin {
  const perPixel = 1 / (frame * zoom.z);
  return snapOrigin({ x: start.x - dx * perPixel, y: start.y + dy * perPixel }, n, onCells);
}

/**
 * How far (frame pixels) to move a picture computed at origin `drawn` while the view is at
 * `current`, so that every world point shows where it belongs: the map follows the pointer
 * at once, before the worker has drawn the new origin.
 */
export function pictureShift(drawn: Origin, current: Origin, frame: number, zoom: Zoom): { dx: number; dy: number } {
  const side = frame * zoom.z;
  return { dx: (drawn.x - current.x) * side, dy: (current.y - drawn.y) * side };
}

/** The coarse grid a drag is evaluated on (SPEC-sized: 64²), unless the view is already smaller. */
export const COARSE_SIZE = 64;
/** A drag evaluates at full resolution when a frame there is expected to take at most this. */
export const FULL_DRAG_MS = 12;

/**
 * The resolution to evaluate a drag at: full resolution when it is small or when the last drag
 * frame, scaled by the number of cells, says it fits in FULL_DRAG_MS; else COARSE_SIZE.
 * `last` is the last drag frame's worker time and the grid it was computed on.
 */
export function dragResolution(n: number, last: { ms: number; n: number } | null): number {
  if (n <= COARSE_SIZE) return n;
  if (last && (last.ms * (n * n)) / (last.n * last.n) <= FULL_DRAG_MS) return n;
  return COARSE_SIZE;
}

/** The side (pixels) to draw the viewer's picture at: enough for the frame at z×, at most n. */
export function pictureSize(frame: number, zoom: Zoom, n: number, max = 2048): number {
  const want = 2 ** Math.ceil(Math.log2(Math.max(1, frame * zoom.z)));
  return Math.min(n, max, want);
}
