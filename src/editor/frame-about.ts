// Where a frame made about some nodes (Ctrl/⌘+G) goes: round them, with room for its title bar
// above, and over no node it does not hold.
//
// The frame used to take FRAME_PAD on every side and 40 more above for its title bar. On the
// shipped graphs' grid (collapsed nodes 20 units apart side by side, 32 between rows) that lay
// 4 units over the neighbours beside and 32 over the node above, whose picture then sat over
// the frame's title bar: newcomer5 could not tell what the frame held. Now each side takes its
// full room where it is free and stops CLEAR short of a node outside it where one is near.
//
// What a rectangle cannot help: a node that lies among the selected ones (between two of a
// row, or jutting into their bounds) is inside any frame about them. It is taken in whole, so
// the frame holds it (it moves with the frame) rather than lying half over it, and the plan
// names it. A node closer than a side's least room (the title bar's text above, a few units
// elsewhere) stays partly under the frame's edge, and the plan names it too.

import type { Graph } from '../model/graph.ts';
import { FRAME_PAD } from '../model/frames.ts';

/** Room above the nodes a new frame is drawn about, for its title bar, besides FRAME_PAD. */
export const FRAME_TITLE_ROOM = 40;

/**
 * The least room above the nodes: the title bar is 34 high with its text in the middle, so at
 * 26 the text (14 px) still ends above the nodes' tops, where they would hide it.
 */
export const FRAME_TITLE_LEAST = 26;

/** The least room on the other sides: the frame's edge clear of the nodes it holds. */
export const FRAME_SIDE_LEAST = 4;

/** Room kept between a new frame's edge and a node outside it. */
export const FRAME_CLEAR = 4;

type Size = { readonly width: number; readonly height: number };
type Box = { x0: number; y0: number; x1: number; y1: number };

export interface FramePlan {
  readonly position: [number, number];
  readonly size: [number, number];
  /** Nodes not asked for that lie among those asked for, held by the frame as they are. */
  readonly takenIn: readonly string[];
  /** Nodes outside the frame that its edge still lies over (too close for its least room). */
  readonly under: readonly string[];
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The frame about the nodes `ids` (null when none of them is in the graph). `sizeOf` gives a
 * node's size on the canvas (collapsed nodes are smaller); a node it has no size for is left out.
 */
export function frameAbout(graph: Readonly<Graph>, ids: Iterable<string>, sizeOf: (id: string) => Size | undefined): FramePlan | null {
  const boxes = new Map<string, Box>();
  for (const n of graph.nodes) {
    const s = sizeOf(n.id);
    if (s) boxes.set(n.id, { x0: n.position[0], y0: n.position[1], x1: n.position[0] + s.width, y1: n.position[1] + s.height });
  }
  const asked = new Set([...ids].filter((id) => boxes.has(id)));
  if (!asked.size) return null;
  const held = new Set(asked);
  const core: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const hold = (b: Box) => {
    core.x0 = Math.min(core.x0, b.x0);
    core.y0 = Math.min(core.y0, b.y0);
    core.x1 = Math.max(core.x1, b.x1);
    core.y1 = Math.max(core.y1, b.y1);
  };
  for (const id of asked) hold(boxes.get(id)!);
  // A node among them is taken in whole; holding it may reach another: until none is left.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, b] of boxes) {
      if (held.has(id) || !overlaps(b, core)) continue;
      held.add(id);
      hold(b);
      grew = true;
    }
  }
  const room = { left: FRAME_PAD, right: FRAME_PAD, top: FRAME_PAD + FRAME_TITLE_ROOM, bottom: FRAME_PAD };
  const least = { left: FRAME_SIDE_LEAST, right: FRAME_SIDE_LEAST, top: FRAME_TITLE_LEAST, bottom: FRAME_SIDE_LEAST };
  const frame = (): Box => ({ x0: core.x0 - room.left, y0: core.y0 - room.top, x1: core.x1 + room.right, y1: core.y1 + room.bottom });
  for (const [id, b] of boxes) {
    if (held.has(id) || !overlaps(b, frame())) continue;
    // The sides the node lies beyond (at least one: it is clear of the core), and the room each
    // would keep were it the one to stop short of it: the roomiest above its least is taken.
    const sides: [keyof typeof room, number][] = [];
    if (b.x1 <= core.x0) sides.push(['left', core.x0 - b.x1 - FRAME_CLEAR]);
    if (b.x0 >= core.x1) sides.push(['right', b.x0 - core.x1 - FRAME_CLEAR]);
    if (b.y1 <= core.y0) sides.push(['top', core.y0 - b.y1 - FRAME_CLEAR]);
    if (b.y0 >= core.y1) sides.push(['bottom', b.y0 - core.y1 - FRAME_CLEAR]);
    const [side, keep] = sides.reduce((best, s) => (s[1] - least[s[0]] > best[1] - least[best[0]] ? s : best));
    room[side] = Math.min(room[side], Math.max(least[side], keep));
  }
  // Whole units, rounded inward where a node outside is near, so rounding never reaches it.
  const f = frame();
  const x0 = Math.ceil(f.x0);
  const y0 = Math.ceil(f.y0);
  const x1 = Math.floor(f.x1);
  const y1 = Math.floor(f.y1);
  const placed: Box = { x0, y0, x1, y1 };
  const under = [...boxes].filter(([id, b]) => !held.has(id) && overlaps(b, placed)).map(([id]) => id);
  return { position: [x0, y0], size: [x1 - x0, y1 - y0], takenIn: [...held].filter((id) => !asked.has(id)), under };
}
