// Frames and reroute dots (format version 3): what a file may hold of them, and their geometry.
//
// Both are drawing only. A frame is a titled rectangle behind the nodes; a reroute dot is a
// point a wire passes through. Neither takes part in evaluation: a wire with dots is still one
// wire from its output to its input, so types, cycles and values are checked and computed as
// if the dots were not there.

import { type Frame, FRAME_COLORS, type FrameColor, type Graph, NODE_ID_PATTERN, type PortRef } from './graph.ts';
import { describe, type Problem } from './problems.ts';

/** What a file may hold: generous for hand layout, small enough that no file can choke the canvas. */
export const FRAME_LIMITS = {
  /** Frames in one graph. */
  frames: 1000,
  /** Reroute dots on one wire. */
  via: 64,
  /** Characters of a frame's title. */
  title: 200,
  /** The smallest width and height of a frame, in canvas units (a title bar must fit). */
  minSize: 40,
  /** The largest width and height, in canvas units. */
  maxSize: 100_000,
} as const;

/** Room between a frame's edges and the nodes it is drawn about (or grown to hold), in canvas units. */
export const FRAME_PAD = 24;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function finitePair(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

export function isFrameColor(v: unknown): v is FrameColor {
  return typeof v === 'string' && (FRAME_COLORS as readonly string[]).includes(v);
}

/** Problems with a wire's reroute dots: a list of at most FRAME_LIMITS.via [x, y] pairs. */
export function checkVia(via: unknown, path: string): Problem[] {
  if (!Array.isArray(via)) return [{ path, message: `expected a list of [x, y] reroute points, got ${describe(via)}` }];
  if (via.length > FRAME_LIMITS.via) return [{ path, message: `${via.length} reroute points: a wire holds at most ${FRAME_LIMITS.via}` }];
  const out: Problem[] = [];
  via.forEach((p, k) => {
    if (!finitePair(p)) out.push({ path: `${path}[${k}]`, message: `expected [x, y] of finite numbers, got ${describe(p)}` });
  });
  return out;
}

const FRAME_KEYS = ['id', 'title', 'color', 'position', 'size'];

/**
 * Reads a file's `frames` list: the frames that are whole, and a problem with its path for
 * everything wrong (unknown keys, a duplicate id, a size below FRAME_LIMITS.minSize, …).
 */
export function readFrames(raw: unknown, path = '$.frames'): { frames: Frame[]; problems: Problem[] } {
  if (raw === undefined) return { frames: [], problems: [] };
  if (!Array.isArray(raw)) return { frames: [], problems: [{ path, message: `expected a list of frames, got ${describe(raw)}` }] };
  if (raw.length > FRAME_LIMITS.frames) return { frames: [], problems: [{ path, message: `${raw.length} frames: a graph holds at most ${FRAME_LIMITS.frames}` }] };
  const frames: Frame[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  raw.forEach((f, k) => {
    const at = `${path}[${k}]`;
    if (!isObject(f)) {
      problems.push({ path: at, message: `expected a frame {"id", "title", "color", "position", "size"}, got ${describe(f)}` });
      return;
    }
    const before = problems.length;
    for (const key of Object.keys(f)) {
      if (!FRAME_KEYS.includes(key)) problems.push({ path: `${at}.${key}`, message: `unknown key "${key}" in a frame (known: ${FRAME_KEYS.join(', ')})` });
    }
    const { id, title, color, position, size } = f;
    if (typeof id !== 'string' || id.length > 64 || !NODE_ID_PATTERN.test(id)) {
      problems.push({ path: `${at}.id`, message: `expected an id of letters, digits, _ or - (not starting with a digit, at most 64 long), got ${describe(id)}` });
    } else if (seen.has(id)) {
      problems.push({ path: `${at}.id`, message: `duplicate frame id "${id}" (first at ${path}[${seen.get(id)}])` });
    } else seen.set(id, k);
    if (typeof title !== 'string') problems.push({ path: `${at}.title`, message: `expected a string, got ${describe(title)}` });
    else if (title.length > FRAME_LIMITS.title) problems.push({ path: `${at}.title`, message: `${title.length} characters: a frame's title holds at most ${FRAME_LIMITS.title}` });
    if (!isFrameColor(color)) problems.push({ path: `${at}.color`, message: `expected one of ${FRAME_COLORS.join(', ')}, got ${describe(color)}` });
    if (!finitePair(position)) problems.push({ path: `${at}.position`, message: `expected [x, y] of finite numbers, got ${describe(position)}` });
    if (!finitePair(size)) problems.push({ path: `${at}.size`, message: `expected [width, height] of finite numbers, got ${describe(size)}` });
    else if (size.some((s) => s < FRAME_LIMITS.minSize || s > FRAME_LIMITS.maxSize)) {
      problems.push({ path: `${at}.size`, message: `[${size.join(', ')}]: width and height lie within ${FRAME_LIMITS.minSize}…${FRAME_LIMITS.maxSize}` });
    }
    if (problems.length > before) return;
    const p = position as [number, number];
    const s = size as [number, number];
    frames.push({ id: id as string, title: title as string, color: color as FrameColor, position: [p[0], p[1]], size: [s[0], s[1]] });
  });
  return { frames, problems };
}

/** A rectangle in canvas units. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether the rectangle lies wholly inside the frame. */
export function frameHolds(frame: Frame, r: Rect): boolean {
  const [fx, fy] = frame.position;
  const [fw, fh] = frame.size;
  return r.x >= fx && r.y >= fy && r.x + r.width <= fx + fw && r.y + r.height <= fy + fh;
}

/** Whether a point lies inside the frame. */
export function frameHoldsPoint(frame: Frame, p: readonly [number, number]): boolean {
  return frameHolds(frame, { x: p[0], y: p[1], width: 0, height: 0 });
}

/**
 * The ids of the nodes wholly inside the frame (what dragging it carries), given each node's
 * size on the canvas (the view knows it: collapsed nodes are smaller).
 */
export function nodesInFrame(graph: Graph, frame: Frame, sizeOf: (id: string) => { width: number; height: number } | undefined): string[] {
  return graph.nodes
    .filter((n) => {
      const size = sizeOf(n.id);
      return size !== undefined && frameHolds(frame, { x: n.position[0], y: n.position[1], ...size });
    })
    .map((n) => n.id);
}

/** A reroute dot: its wire (by its ends) and its place in the wire's list. */
export interface DotRef {
  readonly edge: { readonly from: PortRef; readonly to: PortRef };
  readonly index: number;
}

/**
 * The reroute dots inside the frame: with nodesInFrame, what dragging it carries. Taken when
 * the drag starts, as the nodes are, so the frame does not sweep up the dots it passes over.
 */
export function dotsInFrame(graph: Graph, frame: Frame): DotRef[] {
  const out: DotRef[] = [];
  for (const e of graph.edges) {
    e.via?.forEach((p, index) => {
      if (frameHoldsPoint(frame, p)) out.push({ edge: { from: { ...e.from }, to: { ...e.to } }, index });
    });
  }
  return out;
}

/**
 * Where in a wire's dot list a new dot at `p` goes: between the two consecutive points of
 * [start, …via, end] whose segment passes nearest to it, so a dot added on a wire splits the
 * piece it was added on.
 */
export function insertionIndex(start: readonly [number, number], via: readonly (readonly [number, number])[], end: readonly [number, number], p: readonly [number, number]): number {
  const pts = [start, ...via, end];
  let best = 0;
  let bestDist = Infinity;
  for (let k = 0; k + 1 < pts.length; k++) {
    const d = segmentDistance(pts[k], pts[k + 1], p);
    if (d < bestDist) {
      bestDist = d;
      best = k;
    }
  }
  return best;
}

function segmentDistance(a: readonly [number, number], b: readonly [number, number], p: readonly [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}
