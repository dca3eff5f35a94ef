// Where the graph's world lies on the viewer's map: its edges in frame pixels, the part of the
// frame outside it, and, when the whole frame is off it, which way it lies. Pure numbers, no DOM
// (the map draws them: src/app/map-view/map-view.ts).
//
// Inside the world an erosion runs on the whole world and a pan keeps the land; outside it runs
// on the view. Only the line under the map said so, and a newcomer could not see where the world
// ended: Gaea and World Machine draw the terrain's extent on the map, so we do too.

import type { World } from '../grid.ts';
import type { Origin, Zoom } from './pan.ts';

export type WorldSide = 'west' | 'east' | 'north' | 'south';

/** One edge of the world where it crosses the frame, in frame pixels. */
export interface WorldEdge {
  readonly side: WorldSide;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Which way the world lies when the frame shows none of it. */
export interface WorldPointer {
  /** A point on the frame, inset from its border, towards the world (frame pixels). */
  readonly x: number;
  readonly y: number;
  /** The direction to the world on the screen, degrees clockwise from east (screen y runs south). */
  readonly angle: number;
  /** The compass word for it: "east", "north-west", … */
  readonly towards: string;
  /** How far the world's nearest point lies from the frame, in views. */
  readonly views: number;
}

export interface WorldOnFrame {
  /** 'covers': the world holds all the frame shows; 'partly': some; 'off': none. */
  readonly where: 'covers' | 'partly' | 'off';
  /** The world's edges that cross the frame (an edge on the frame's border counts, drawn just inside it). */
  readonly edges: readonly WorldEdge[];
  /** The world's rectangle cut to the frame (frame pixels), null when it shows none of it. */
  readonly inside: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number } | null;
  /** Towards the world, when the frame shows none of it. */
  readonly pointer: WorldPointer | null;
}

/** How far inside the frame a marker or an edge on the border is drawn (frame pixels). */
export const EDGE_INSET = 1;
/** How far inside the frame the pointer to a world off it sits (frame pixels). */
export const POINTER_INSET = 28;

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** The world point (x east, y north) at frame pixels, the inverse of pan.ts frameToWorld. */
export function worldToFrame(zoom: Zoom, frame: number, origin: Origin, x: number, y: number): { px: number; py: number } {
  const side = frame * zoom.z;
  return { px: zoom.ox + (x - origin.x) * side, py: zoom.oy + (origin.y + 1 - y) * side };
}

/** The compass word for a screen direction (degrees clockwise from east). */
function compass(angle: number): string {
  const words = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];
  return words[((Math.round(angle / 45) % 8) + 8) % 8];
}

/**
 * The world on a frame of `frame` pixels showing the view at `origin`, magnified as `zoom` says
 * (the origin a drag has reached, so the outline moves with the pointer as the picture does).
 * A world 10⁹ views away gives numbers of 10¹³ pixels: everything returned is cut to the frame.
 */
export function worldOnFrame(world: World, origin: Origin, frame: number, zoom: Zoom): WorldOnFrame {
  const S = frame;
  const a = worldToFrame(zoom, S, origin, world.x, world.y + world.size);
  const b = worldToFrame(zoom, S, origin, world.x + world.size, world.y);
  const [left, top, right, bottom] = [a.px, a.py, b.px, b.py];
  // Half a pixel of slack: an edge on the frame's border (a view on the world's corner) still shows.
  const near = (v: number) => v >= -0.5 && v <= S + 0.5;
  const onFrame = (v: number) => clamp(v, EDGE_INSET, S - EDGE_INSET);
  const y1 = Math.max(top, 0);
  const y2 = Math.min(bottom, S);
  const x1 = Math.max(left, 0);
  const x2 = Math.min(right, S);
  const edges: WorldEdge[] = [];
  if (y2 > y1) {
    if (near(left)) edges.push({ side: 'west', x1: onFrame(left), y1, x2: onFrame(left), y2 });
    if (near(right)) edges.push({ side: 'east', x1: onFrame(right), y1, x2: onFrame(right), y2 });
  }
  if (x2 > x1) {
    if (near(top)) edges.push({ side: 'north', x1, y1: onFrame(top), x2, y2: onFrame(top) });
    if (near(bottom)) edges.push({ side: 'south', x1, y1: onFrame(bottom), x2, y2: onFrame(bottom) });
  }
  const shows = x2 > x1 && y2 > y1;
  // Covering: the world reaches every border of the frame (within the half pixel of slack).
  const covers = left <= 0.5 && top <= 0.5 && right >= S - 0.5 && bottom >= S - 0.5;
  const inside = shows ? { left: x1, top: y1, right: x2, bottom: y2 } : null;
  if (shows) return { where: covers ? 'covers' : 'partly', edges, inside, pointer: null };
  // Off the frame: from the frame's centre towards the world's nearest point, to an inset square.
  const c = S / 2;
  const nx = clamp(c, left, right) - c;
  const ny = clamp(c, top, bottom) - c;
  const angle = (Math.atan2(ny, nx) * 180) / Math.PI;
  const reach = c - POINTER_INSET;
  const k = reach / Math.max(Math.abs(nx), Math.abs(ny));
  const gapX = Math.max(left - S, -right, 0);
  const gapY = Math.max(top - S, -bottom, 0);
  const views = Math.hypot(gapX, gapY) / (S * zoom.z);
  return { where: 'off', edges, inside: null, pointer: { x: c + nx * k, y: c + ny * k, angle: angle + 0, towards: compass(angle), views } };
}

/**
 * The pointer's words: "world 2.5 views west". Magnified, a world a few pixels off the map is a
 * sliver of a view away, and "0.0 views" read as none: it is "world just west" then.
 */
export function pointerText(p: WorldPointer): string {
  const v = p.views;
  if (v < 0.05) return `world just ${p.towards}`;
  // One decimal under 10 views, without a trailing ".0" ("1 view", not "1.0 view"); whole above.
  const count = v >= 1000 ? Math.round(v).toLocaleString('en') : v >= 10 ? String(Math.round(v)) : String(Number(v.toFixed(1)));
  return `world ${count} view${count === '1' ? '' : 's'} ${p.towards}`;
}
