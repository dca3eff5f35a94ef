// Where the view goes after a node put on a wire pushed its neighbours aside (placement.ts
// roomForInsert): a pure choice over screen rectangles, made by the canvas (sight.ts) from what
// it measures. No DOM here, so the choice has tests of its own.
//
// A push moves nodes right, a node's width and more: at fit the row's last node (the default
// graph's Biomes) went past the canvas's right edge, under the viewer, and nothing panned to it,
// so the node just moved could not be seen or reached. The view moves (at once, as Canvas.reveal
// moves it) to bring back every pushed node that was in sight before, keeping in sight the
// node put on the wire and its wires' ends, and every other socket that was in sight (the
// cardrule: a card may move the view only if every socket in sight stays in sight).

/** A rectangle in screen pixels. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface PushedRoom {
  /** The part of the canvas where a thing is in sight (the notes line at its foot left out). */
  readonly canvas: Rect;
  /** What lies over the canvas and hides what is under it: the minimap, the open notes. */
  readonly over: readonly Rect[];
  /** The pushed nodes that were wholly in sight before the push (each with its sockets), as they lie now. */
  readonly pushed: readonly Rect[];
  /** The node put on the wire (with its sockets) and the sockets at its wires' far ends, as they lie now. */
  readonly first: readonly Rect[];
  /** Every other socket that was in sight before the push, and every other node that was wholly in sight, as they lie now. */
  readonly keep: readonly Rect[];
  /**
   * False when the view cannot zoom out a whole ZOOM_STEP (it is at ZOOM_LEAST, or nearly): rete's
   * restrictor would clamp the zoom and leave the pan chosen for it, a move nobody chose.
   */
  readonly zoomOut?: boolean;
}

/** The view's move: zoomed by `zoom` about the canvas's top left, then moved right by x and down by y. */
export interface ViewMove {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/** A zoom step out: one notch of the mouse wheel (rete's area zooms by 10 % a notch). */
export const ZOOM_STEP = 0.9;
/** The least zoom of the canvas's view (its area's restrictor, canvas.ts). */
export const ZOOM_LEAST = 0.1;
/** Pixels kept, where the view can, between what is brought into sight and the canvas's edges or the minimap. */
const MARGIN = 8;

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** inSight for the rectangle moved by (x, y), without making the moved rectangle. */
function inSightAt(r: Rect, x: number, y: number, canvas: Rect, over: readonly Rect[], m: number): boolean {
  const left = r.left + x;
  const top = r.top + y;
  const right = r.right + x;
  const bottom = r.bottom + y;
  if (left < canvas.left + m - 0.5 || top < canvas.top + m - 0.5 || right > canvas.right - m + 0.5 || bottom > canvas.bottom - m + 0.5) return false;
  for (const o of over) if (left - m < o.right && o.left < right + m && top - m < o.bottom && o.top < bottom + m) return false;
  return true;
}

/** True when the rectangle lies wholly in the canvas, `m` clear of its edges and of what lies over it. */
export function inSight(r: Rect, canvas: Rect, over: readonly Rect[], m = 0): boolean {
  if (r.left < canvas.left + m - 0.5 || r.top < canvas.top + m - 0.5 || r.right > canvas.right - m + 0.5 || r.bottom > canvas.bottom - m + 0.5) return false;
  const grown = { left: r.left - m, top: r.top - m, right: r.right + m, bottom: r.bottom + m };
  return !over.some((o) => overlaps(m ? grown : r, o));
}

/**
 * The view's move after a push, or null when it needs none (no pushed node that was in sight is
 * out of it now). Of the moves tried (at the zoom as it is, and one ZOOM_STEP out unless
 * `zoomOut` is false), the first by:
 * the node put on the wire and its wires' ends in sight; every pushed node that was in sight back
 * in sight; nothing else that was in sight (`keep`) taken out of it; no zoom; the fewest of
 * `keep` taken out of sight; the most pushed nodes in sight; MARGIN kept round what is brought
 * in; the least move.
 *
 * I chose keeping the node put on the wire over the nodes it pushed, when not all fit: it is
 * the one the person is working on, and its card opens beside it. I chose zooming out one step,
 * when only that brings everything back, over taking sockets or nodes out of sight: nothing the
 * person saw goes, and a wheel notch back undoes it. A node cut to a sliver at the canvas's other
 * edge counts as out of sight: a pan that kept only the sockets of the default graph's first
 * column in sight at 1024 × 700 left 9 px of its nodes, titles and pictures gone. Not more than
 * one step, which would draw every title smaller than the person chose: at fit one step is room
 * for a pushed row's node and its gap (a graph fitted whole fills 92 % of the canvas).
 */
export function viewForPushed(room: PushedRoom): ViewMove | null {
  const { canvas, over } = room;
  if (room.pushed.every((r) => inSight(r, canvas, over))) return null;
  let best: { move: ViewMove; score: number[] } | null = null;
  for (const zoom of room.zoomOut === false ? [1] : [1, ZOOM_STEP]) {
    // (Left at the first zoom that loses nothing: see the end of this loop.)
    const at = (r: Rect): Rect => ({
      left: canvas.left + (r.left - canvas.left) * zoom,
      top: canvas.top + (r.top - canvas.top) * zoom,
      right: canvas.left + (r.right - canvas.left) * zoom,
      bottom: canvas.top + (r.bottom - canvas.top) * zoom,
    });
    const first = room.first.map(at);
    const pushed = room.pushed.map(at);
    const keep = room.keep.map(at);
    const wanted = [...first, ...pushed];
    // The moves worth trying along each axis: none; those that put one of the wanted rectangles
    // flush with the canvas's edges or a cover's (MARGIN clear or not); and the least moves that
    // bring the node put on the wire, then everything, wholly in (the ends of the range of moves
    // that keep them all in the canvas). Only the few wanted rectangles give moves of their own:
    // at fit a large graph has hundreds of sockets in sight.
    const xs = new Set<number>([0]);
    const ys = new Set<number>([0]);
    for (const m of [0, MARGIN]) {
      for (const r of wanted) {
        xs.add(canvas.left + m - r.left).add(canvas.right - m - r.right);
        ys.add(canvas.top + m - r.top).add(canvas.bottom - m - r.bottom);
        for (const o of over) {
          xs.add(o.left - m - r.right).add(o.right + m - r.left);
          ys.add(o.top - m - r.bottom).add(o.bottom + m - r.top);
        }
      }
      for (const group of [first, wanted]) {
        const all = [...group.map((r) => ({ r, m })), ...(group === wanted ? keep.map((r) => ({ r, m: 0 })) : [])];
        if (!all.length) continue;
        xs.add(Math.max(...all.map(({ r, m: g }) => canvas.left + g - r.left))).add(Math.min(...all.map(({ r, m: g }) => canvas.right - g - r.right)));
        ys.add(Math.max(...all.map(({ r, m: g }) => canvas.top + g - r.top))).add(Math.min(...all.map(({ r, m: g }) => canvas.bottom - g - r.bottom)));
      }
    }
    // What no move tried can take out of sight (far from the canvas's edges and the covers, as
    // most of a large graph at fit is) is left out of the count.
    const mx = Math.max(...[...xs].map(Math.abs));
    const my = Math.max(...[...ys].map(Math.abs));
    const safe = (r: Rect) => {
      const reach = { left: r.left - mx, top: r.top - my, right: r.right + mx, bottom: r.bottom + my };
      return reach.left >= canvas.left && reach.top >= canvas.top && reach.right <= canvas.right && reach.bottom <= canvas.bottom && !over.some((o) => overlaps(reach, o));
    };
    const atRisk = keep.filter((r) => !safe(r));
    // Tried from the least move on, so that among moves equal in all else the first tried is kept.
    const moves: [number, number][] = [];
    for (const x of xs) for (const y of ys) moves.push([x, y]);
    moves.sort((a, b) => Math.abs(a[0]) + Math.abs(a[1]) - (Math.abs(b[0]) + Math.abs(b[1])));
    for (const [x, y] of moves) {
      const seen = (r: Rect, m = 0) => inSightAt(r, x, y, canvas, over, m);
      const firstIn = first.every((r) => seen(r));
      const pushedIn = pushed.filter((r) => seen(r)).length;
      const head = [firstIn ? 0 : 1, pushedIn === pushed.length ? 0 : 1];
      if (best && before(best.score.slice(0, 2), head)) continue;
      // Counted only as far as it can still beat the best: at fit a large graph has hundreds of
      // sockets in sight, and most moves lose one of them.
      const bound = best && !before(head, best.score.slice(0, 2)) ? best.score[4] : Infinity;
      let lost = 0;
      for (const r of atRisk) if (!seen(r) && ++lost > bound) break;
      if (lost > bound) continue;
      const margin = [...first, ...pushed].every((r) => !seen(r) || seen(r, MARGIN));
      // Lower is better, compared in order.
      const score = [...head, lost ? 1 : 0, zoom === 1 ? 0 : 1, lost, pushed.length - pushedIn, margin ? 0 : 1, Math.abs(x) + Math.abs(y)];
      if (!best || before(score, best.score)) best = { move: { x, y, zoom }, score };
      // Nothing can beat all in sight, nothing lost, at this zoom with a margin, by a longer move.
      if (best.score.slice(0, 7).every((v, i) => v === 0 || (i === 3 && zoom !== 1))) break;
    }
    // A move at this zoom that loses nothing: no zoom can beat it.
    if (best && best.score[0] === 0 && best.score[1] === 0 && best.score[2] === 0) break;
  }
  // Nothing that brings a pushed node back without losing what the person had: left be.
  if (!best || (best.move.x === 0 && best.move.y === 0 && best.move.zoom === 1)) return null;
  return best.move;
}

/** True when score `a` comes before `b` (lexicographically, lower first). */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 1e-6) return a[i] < b[i];
  return false;
}
