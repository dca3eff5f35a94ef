// Where a collapsed node's params card opens: a pure choice over screen rectangles, made by the
// node view (node.ts) from what it measures. No DOM here, so the choice has tests of its own.

/** A rectangle in screen pixels. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The side of its node a card hangs on. */
export type CardSide = 'below' | 'above' | 'right' | 'left';

/**
 * Which end of that side the card lines up with: below or above, `start` puts the card's left
 * edge on the node's and `end` its right edge on the node's; right or left, `start` puts its top
 * on the node's top and `end` its bottom on the node's bottom.
 */
export type CardAlign = 'start' | 'end';

export interface CardRoom {
  /** The node's box. */
  readonly node: Rect;
  /** The card's size on the screen (after its own scale). */
  readonly width: number;
  readonly height: number;
  /** The gap between node and card below or above it, in screen pixels. */
  readonly gap: number;
  /** The gap between node and card beside it (clear of the node's sockets), in screen pixels. */
  readonly sideGap: number;
  /** The part of the canvas a card may use (the notes line at its foot left out). */
  readonly canvas: Rect;
  /** What lies over the canvas and would hide a card: the minimap, the open notes. */
  readonly over: readonly Rect[];
  /** The other nodes' boxes, and the centres of their sockets (where wires end; only those of nodes a card could reach are needed). */
  readonly others: readonly { readonly box: Rect; readonly sockets: readonly { readonly x: number; readonly y: number }[] }[];
}

export interface CardPlace {
  readonly side: CardSide;
  readonly align: CardAlign;
  /** How far the view must move (right, down: the content's move on the screen) to show the card. */
  readonly move: { readonly x: number; readonly y: number };
  /** The card's box where it hangs, before the move. */
  readonly box: Rect;
  /** What the place costs (see chooseCardPlace); the least wins. */
  readonly cost: number;
  /** The other nodes' boxes it covers, each as a share of that box, summed. */
  readonly covered: number;
  /** The share of the card out of sight once the view moved: past the canvas's edge, under the minimap. */
  readonly hidden: number;
}

/** In the order a tie is settled: below first, as the card always opened, then above, right, left. */
const PLACES: readonly [CardSide, CardAlign][] = [
  ['below', 'start'],
  ['below', 'end'],
  ['above', 'start'],
  ['above', 'end'],
  ['right', 'start'],
  ['right', 'end'],
  ['left', 'start'],
  ['left', 'end'],
];

// What a place costs, in one unit: a whole other node covered costs 1. A socket covered costs as
// much as a fifth of a node (a wire cannot be dropped on it). Moving the view 100 px costs as
// much as a fifth of a node: it moves everything a person was looking at, yet much less than
// hiding the node they wire next (below the default graph's Temperature, at fit on a
// 1024 × 700 window, the card hid 90 % of the Moisture node and the whole Wind). A card that
// stays partly out of sight costs 4 for the whole card hidden: its controls cannot be reached.
const SOCKET_COST = 0.2;
const MOVE_COST = 0.002;
const HIDDEN_COST = 4;

const area = (a: Rect, b: Rect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
const shift = (r: Rect, x: number, y: number): Rect => ({ left: r.left + x, top: r.top + y, right: r.right + x, bottom: r.bottom + y });

/** How much of a box lies in sight: in the canvas and not under what lies over it. */
function seenOf(room: CardRoom, r: Rect): number {
  const { canvas } = room;
  const inside = { left: Math.max(r.left, canvas.left), top: Math.max(r.top, canvas.top), right: Math.min(r.right, canvas.right), bottom: Math.min(r.bottom, canvas.bottom) };
  if (inside.right <= inside.left || inside.bottom <= inside.top) return 0;
  return area(inside, inside) - room.over.reduce((sum, o) => sum + area(inside, o), 0);
}

/** The card's box on one side of the node. */
function cardBox(room: CardRoom, side: CardSide, align: CardAlign): Rect {
  const { node, width, height, gap, sideGap } = room;
  if (side === 'below' || side === 'above') {
    const left = align === 'start' ? node.left : node.right - width;
    const top = side === 'below' ? node.bottom + gap : node.top - gap - height;
    return { left, top, right: left + width, bottom: top + height };
  }
  const left = side === 'right' ? node.right + sideGap : node.left - sideGap - width;
  const top = align === 'start' ? node.top : node.bottom - height;
  return { left, top, right: left + width, bottom: top + height };
}

/**
 * The least move along one axis that brings [lo, hi] inside [min, max] (its low end when it
 * cannot fit), kept to moves that leave the node's [nodeLo, nodeHi] inside as far as it was.
 */
function moveInto(lo: number, hi: number, min: number, max: number, nodeLo: number, nodeHi: number): number {
  let move = hi - lo > max - min ? min - lo : lo < min ? min - lo : hi > max ? max - hi : 0;
  // Never taking the node out of view: a move may go as far as puts its far edge on the canvas's.
  const least = Math.min(0, min - nodeLo);
  const most = Math.max(0, max - nodeHi);
  if (least <= most) move = Math.min(most, Math.max(least, move));
  return move;
}

/** The bottom of the room a card in columns [left, right] has: above whatever lies over the canvas there. */
function floorFor(room: CardRoom, left: number, right: number): number {
  return Math.min(room.canvas.bottom, ...room.over.filter((o) => o.bottom > o.top && left < o.right && right > o.left).map((o) => o.top));
}

/**
 * A place's cost: the other nodes and sockets it covers, the view's move and the nodes it takes
 * out of sight, the card left out of sight.
 */
function costOf(room: CardRoom, side: CardSide, align: CardAlign, mayMove: boolean): CardPlace {
  const box = cardBox(room, side, align);
  const { canvas, node } = room;
  const x = mayMove ? moveInto(box.left, box.right, canvas.left, canvas.right, node.left, node.right) : 0;
  const floor = floorFor(room, box.left + x, box.right + x);
  const y = mayMove ? moveInto(box.top, box.bottom, canvas.top, floor, node.top, node.bottom) : 0;
  const moved = shift(box, x, y);
  const whole = room.width * room.height;
  const seen = seenOf(room, moved);
  const hidden = whole > 0 ? Math.max(0, whole - seen) / whole : 0;
  let covered = 0;
  let sockets = 0;
  let pushedOut = 0;
  // The others move with the card (both are the canvas's), so what it covers is read before the move.
  for (const other of room.others) {
    const own = (other.box.right - other.box.left) * (other.box.bottom - other.box.top);
    if (own <= 0) continue;
    covered += area(box, other.box) / own;
    for (const s of other.sockets) if (s.x > box.left && s.x < box.right && s.y > box.top && s.y < box.bottom) sockets++;
    // The view's move takes the nodes at the canvas's far side out of sight, or under the minimap:
    // as hidden as a node the card covers (moving left to open the card beside the default
    // graph's Temperature at 1024 × 700 took the Continentalness column half out of view).
    if (x || y) pushedOut += Math.max(0, seenOf(room, other.box) - seenOf(room, shift(other.box, x, y))) / own;
  }
  const cost = covered + pushedOut + SOCKET_COST * sockets + MOVE_COST * (Math.abs(x) + Math.abs(y)) + HIDDEN_COST * hidden;
  return { side, align, move: { x, y }, box, cost, covered, hidden };
}

/**
 * Whether the view may move to show the card: `moves` when the card opens; `stays if it can`
 * when the card is placed again after its node was dropped or the view moved or resized (the
 * view moves only when no place shows the card whole as it lies: a view that moved after each
 * drop moved the dropped node from under the pointer); `stays` while a pointer is pressed (a
 * node pressed to be dragged is selected on the press: moved then, it left the pointer) and
 * until a click is known to be no double-click. Where it does not move, a place that shows the
 * card whole wins over one that hides any of it, whatever it covers.
 */
export type ViewMoves = 'moves' | 'stays if it can' | 'stays';
/**
 * Chooses where a card opens: below, above, right or left of its node, lined up with either end
 * of that side, whichever covers the least of the other nodes and their sockets, moves the view
 * the least and stays in sight; below on a tie. A place past the canvas's edge or under the
 * minimap or the notes is reached by moving the view, never taking the node out of view.
 */
export function chooseCardPlace(room: CardRoom, view: ViewMoves = 'moves'): CardPlace {
  const places = PLACES.map(([side, align]) => costOf(room, side, align, view !== 'stays'));
  // Whole: to half a percent of the card, what a pixel's rounding at its edges may hide.
  const still = places.filter((p) => !p.move.x && !p.move.y && p.hidden < 0.005);
  const among = view !== 'moves' && still.length ? still : places;
  let best: CardPlace | null = null;
  // A tie is within a hundredth of a node: measured boxes differ by fractions of a pixel.
  for (const place of among) {
    if (!best || place.cost < best.cost - 0.01) best = place;
  }
  return best!;
}
