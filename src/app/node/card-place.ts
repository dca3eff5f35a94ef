// Where a collapsed node's params card opens: a pure choice over screen rectangles, made by the
// node view (node.ts) from what it measures. No DOM here, so the choice has tests of its own.
//
// A card never lies over another node's socket or title, nor a frame's title bar: those are where
// a person presses next (a wire dragged from a socket under the card started on the card, and
// nothing was wired; a frame is dragged, renamed and recoloured by its title bar). Of
// the places that keep them clear, the card takes the one nearest its node that hides the least
// of the other nodes' pictures, in the canvas as it lies. Only when none is in sight may the view
// move, once, to bring one in; node.ts decides when (never while a pointer is pressed, nor between
// the two clicks of a double-click, nor after a drag dropped the node).

/** A rectangle in screen pixels. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface CardRoom {
  /** The card's node. */
  readonly node: Rect;
  /** The card's size on the screen (after its own scale). */
  readonly width: number;
  readonly height: number;
  /** The least gap between node and card, in screen pixels. */
  readonly gap: number;
  /** The part of the canvas a card may use (the notes line at its foot left out). */
  readonly canvas: Rect;
  /** What lies over the canvas and would hide a card: the minimap, the open notes. */
  readonly over: readonly Rect[];
  /** What the card must never cover: the other nodes' sockets (with a margin) and titles, and the frames' title bars. */
  readonly keepClear: readonly Rect[];
  /** The other nodes' boxes: what the card covers of them is what it hides. */
  readonly others: readonly Rect[];
  /**
   * What a move of the view must keep in sight, when given: the sockets in sight as a node was
   * added (from the palette, Insert, a paste). The view moved for a Hydraulic erosion's card added
   * beside the Height at 1024 × 700 and took the Height's output out of the canvas's top.
   */
  readonly keep?: readonly Rect[];
  /**
   * The least height the card may be shortened to, scrolling its params inside itself, when no
   * clear place of its full height lies beside its node (absent: never shortened). The Hydraulic
   * erosion's card, some 470 px high, found none in Eroded valleys at 1024 × 700 and lay over the
   * titles of the nodes left of it.
   */
  readonly shortest?: number;
}

export interface CardPlace {
  /** The card's box, before the view's move: shorter than the card when it scrolls (CardRoom.shortest). */
  readonly box: Rect;
  /** How far the view moves (the content's move on the screen, right and down) to show it. */
  readonly move: { readonly x: number; readonly y: number };
  /** False for the least bad place when none keeps every socket and title clear. */
  readonly clear: boolean;
  /**
   * Which kind of place it is (see chooseCardPlace): `beside` its node in sight, `moved` into
   * sight, `apart` from its node in sight, or `blocked`.
   */
  readonly kind: 'beside' | 'moved' | 'apart' | 'blocked';
  /** The other nodes' boxes it covers, each as a share of that box, summed. */
  readonly covered: number;
}

/** The grid, in screen pixels, on which places are tried (besides those flush with the node's sides). */
const STEP = 8;
/**
 * How far from its node, in screen pixels, a card still lies beside it: further, it reads as no
 * node's (below the default graph's Temperature at 1024 × 700 the one clear place in sight was
 * 200 px down and left, beside the PV curve) and the view moves for a place beside it instead.
 */
const NEAR = 24;
// What a place costs, in one unit: a whole other node's box covered (or taken out of sight by a
// move of the view) costs 1, as does lying 100 px from the node or moving the view 200 px.
const DISTANCE_UNIT = 100;
/** The steps, in screen pixels, by which a card with no clear place of its full height is tried shorter. */
const SHORTEN_STEP = 16;
const MOVE_UNIT = 200;

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const shared = (a: Rect, b: Rect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
const inside = (r: Rect, c: Rect) => r.left >= c.left - 0.5 && r.top >= c.top - 0.5 && r.right <= c.right + 0.5 && r.bottom <= c.bottom + 0.5;
const shift = (r: Rect, x: number, y: number): Rect => ({ left: r.left + x, top: r.top + y, right: r.right + x, bottom: r.bottom + y });

/** The least move along one axis that brings [lo, hi] inside [min, max], or NaN when it is longer than that. */
function moveInto(lo: number, hi: number, min: number, max: number): number {
  if (hi - lo > max - min + 0.5) return NaN;
  return lo < min ? min - lo : hi > max ? max - hi : 0;
}

/** Positions along one axis: a grid from the node's edge, and the places flush with its sides and the canvas's edges. */
function positions(from: number, to: number, anchor: number, flush: readonly number[]): number[] {
  const out = flush.filter((p) => p >= from && p <= to);
  for (let p = anchor + Math.ceil((from - anchor) / STEP) * STEP; p <= to; p += STEP) out.push(p);
  return out;
}

/**
 * Chooses where a card opens, the first of these there is: a clear place (see CardPlace) beside
 * its node, no further than NEAR from it, in sight as the view lies (wholly in the canvas, off
 * the minimap and the notes); with `mayMove`, one beside it that a move of the view brings into
 * sight with the node, keeping in sight what `keep` holds; a clear place anywhere in sight,
 * however far from the node; a clear place beside it in sight for the card shortened, as little
 * as it can be (down to `shortest`), its params scrolling inside it; else the place beside it
 * over the fewest sockets and titles. With `nearFirst` (its node just dropped) the places beside
 * it, shortened or not clear, come before one apart. Among the clear places of one kind, the one
 * that hides the least of the other nodes, lies nearest its node and moves the view least.
 *
 * I chose a shorter card beside its node over one lying on other nodes' titles, and, for a node
 * just added, over moving the view, which took sockets out of sight that the person was about
 * to wire from (in Blender and Gaea adding a node never moves the view). A card with a clear
 * place of its full height apart from its node keeps it, as before: shortened, a noise's card
 * showed three of its five params.
 */
export function chooseCardPlace(room: CardRoom, mayMove: boolean, nearFirst = false): CardPlace {
  const { node, width, height, gap, canvas } = room;
  const reach = NEAR + gap;
  const nearX = [node.left - width - reach, node.right + reach] as const;
  const inSight = (box: Rect) => (inside(box, canvas) && !room.over.some((o) => overlaps(box, o)) ? { x: 0, y: 0 } : null);
  const search = (r: CardRoom, x0: number, x1: number, y0: number, y1: number, far: number, fits: (box: Rect) => Move | null) => {
    const flushX = [node.left, node.right - width, node.right + gap, node.left - gap - width, canvas.left, canvas.right - width];
    const flushY = [node.bottom + gap, node.top - gap - r.height, node.top, node.bottom - r.height, canvas.top, canvas.bottom - r.height];
    return searchPlaces(r, { x0, x1, y0, y1, far, flushX, flushY }, fits);
  };
  /** The places beside the node, in sight as the view lies, for a card `h` high. */
  const nearIn = (h: number) => {
    const r = h === height ? room : { ...room, height: h };
    return search(r, Math.max(canvas.left, nearX[0]), Math.min(canvas.right - width, nearX[1]), Math.max(canvas.top, node.top - h - reach), Math.min(canvas.bottom - h, node.bottom + reach), reach, inSight);
  };

  const near = nearIn(height);
  if (near.clear) return { ...near.best!, kind: 'beside' };
  if (mayMove) {
    const moved = search(room, nearX[0], nearX[1], node.top - height - reach, node.bottom + reach, reach, (box) => {
      const both = { left: Math.min(box.left, node.left), top: Math.min(box.top, node.top), right: Math.max(box.right, node.right), bottom: Math.max(box.bottom, node.bottom) };
      const x = moveInto(both.left, both.right, canvas.left, canvas.right);
      const y = moveInto(both.top, both.bottom, canvas.top, canvas.bottom);
      if (Number.isNaN(x) || Number.isNaN(y)) return null;
      // Neither the card nor its node under the minimap or the notes once moved.
      if (room.over.some((o) => overlaps(shift(box, x, y), o) || overlaps(shift(node, x, y), o))) return null;
      // Nothing that must stay in sight taken out of it.
      if ((x || y) && room.keep?.some((k) => !inside(shift(k, x, y), canvas))) return null;
      return { x, y };
    });
    if (moved.clear) return { ...moved.best!, kind: 'moved' };
  }
  // Shortened, the tallest that finds a clear place beside its node.
  const shorter = (): CardPlace | null => {
    const shortest = Math.max(0, Math.min(height, room.shortest ?? height));
    const heights: number[] = [];
    for (let h = height - SHORTEN_STEP; h > shortest; h -= SHORTEN_STEP) heights.push(h);
    if (shortest < height) heights.push(shortest);
    for (const h of heights) {
      const short = nearIn(h);
      if (short.clear) return { ...short.best!, kind: 'beside' };
    }
    return null;
  };
  // A node just dropped: its card lies beside it, shortened if it must, even over another node's
  // title or sockets (the card yields to the pointer there, node.ts), not 200 px off in the one
  // clear place in sight, where it read as no node's; the view stays where the person dropped
  // the node.
  if (nearFirst) {
    const short = shorter();
    if (short) return short;
    if (near.best) return { ...near.best, kind: 'blocked' };
  }
  const anywhere = search(room, canvas.left, canvas.right - width, canvas.top, canvas.bottom - height, Infinity, inSight);
  if (anywhere.clear) return { ...anywhere.best!, kind: 'apart' };
  if (!nearFirst) {
    const short = shorter();
    if (short) return short;
  }
  return near.best ?? anywhere.best ?? below(room);
}

/** Where the card always opened: below its node, its left edge on the node's. */
function below(room: CardRoom): CardPlace {
  const { node, width, height, gap } = room;
  return { box: { left: node.left, top: node.bottom + gap, right: node.left + width, bottom: node.bottom + gap + height }, move: { x: 0, y: 0 }, clear: false, covered: 0, kind: 'blocked' };
}

type Move = { readonly x: number; readonly y: number };

/**
 * The best place whose top left lies in [x0, x1] × [y0, y1], no further than `far` from the node,
 * that `fits` (returning the view's move it needs, or null): a clear one if any, by cost, else
 * the one over the fewest sockets and titles.
 */
function searchPlaces(
  room: CardRoom,
  range: { x0: number; x1: number; y0: number; y1: number; far: number; flushX: readonly number[]; flushY: readonly number[] },
  fits: (box: Rect) => Move | null,
): { best: CardPlace | null; clear: boolean } {
  const { node, width, height, gap, canvas } = room;
  const { x0, x1, y0, y1, far } = range;
  const around = { left: node.left - gap + 0.5, top: node.top - gap + 0.5, right: node.right + gap - 0.5, bottom: node.bottom + gap - 0.5 };
  const reach = { left: x0, top: y0, right: x1 + width, bottom: y1 + height };
  // Only what the card could reach is looked at: on a large graph at fit most nodes lie far off.
  const keepClear = room.keepClear.filter((r) => overlaps(r, reach));
  const others = room.others.filter((r) => overlaps(r, reach));
  let best: CardPlace | null = null;
  let bestCost = Infinity;
  let bestBlocked = Infinity;
  for (const top of positions(y0, y1, node.bottom + gap, range.flushY)) {
    for (const left of positions(x0, x1, node.left, range.flushX)) {
      const box = { left, top, right: left + width, bottom: top + height };
      if (overlaps(box, around)) continue;
      const dx = Math.max(0, box.left - node.right, node.left - box.right);
      const dy = Math.max(0, box.top - node.bottom, node.top - box.bottom);
      const distance = Math.hypot(dx, dy);
      if (distance > far) continue;
      const move = fits(box);
      if (!move) continue;
      // A clear place once found, a blocked one is never taken: no need to count past the best.
      let blocked = 0;
      for (const r of keepClear) if (overlaps(box, r) && ++blocked > bestBlocked) break;
      if (blocked > bestBlocked) continue;
      let covered = 0;
      let pushedOut = 0;
      for (const r of others) {
        const own = Math.max(1, (r.right - r.left) * (r.bottom - r.top));
        covered += shared(box, r) / own;
        // A move of the view takes the nodes at the canvas's far side out of sight: as hidden as
        // those the card covers.
        if (move.x || move.y) pushedOut += Math.max(0, shared(r, canvas) - shared(shift(r, move.x, move.y), canvas)) / own;
      }
      const cost = covered + pushedOut + distance / DISTANCE_UNIT + (Math.abs(move.x) + Math.abs(move.y)) / MOVE_UNIT;
      // A tie goes to the place tried first: below the node, its left edge on the node's, as the card always opened.
      if (blocked < bestBlocked || cost < bestCost - 1e-6) {
        best = { box, move, clear: blocked === 0, covered, kind: 'blocked' };
        bestCost = cost;
        bestBlocked = blocked;
      }
    }
  }
  return { best, clear: bestBlocked === 0 };
}
