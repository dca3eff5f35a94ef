// Where a collapsed node's params card opens (src/app/node/card-place.ts): the place beside its
// node that hides the least of the graph, below on a tie, in sight, the node never out of view.
import { describe, expect, it } from 'vitest';
import { type CardRoom, chooseCardPlace, type Rect } from '../src/app/node/card-place.ts';

const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, right: left + width, bottom: top + height });
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A canvas of 730 × 600 (its foot left out), a 72 × 86 node and a 244 × 195 card, as at fit on a 1024 × 700 window. */
function room(node: Rect, others: Rect[] = [], over: Rect[] = []): CardRoom {
  return { node, width: 244, height: 195, gap: 2, sideGap: 6, canvas: rect(0, 40, 730, 600), over, others: others.map((box) => ({ box, sockets: [] })) };
}

describe('a params card’s place', () => {
  it('is below the node, lined up with its left edge, when nothing is near', () => {
    const place = chooseCardPlace(room(rect(200, 100, 72, 86)));
    expect([place.side, place.align, place.move]).toEqual(['below', 'start', { x: 0, y: 0 }]);
    expect(place.box).toEqual(rect(200, 188, 244, 195));
  });

  it('goes beside the node when a node lies below it', () => {
    const below = rect(200, 210, 72, 86);
    const place = chooseCardPlace(room(rect(200, 100, 72, 86), [below]));
    expect(place.covered).toBe(0);
    expect(overlaps(place.box, below)).toBe(false);
    expect(place.move).toEqual({ x: 0, y: 0 });
  });

  it('lines up with the node’s right edge near the canvas’s right side, rather than moving the view', () => {
    const place = chooseCardPlace(room(rect(640, 100, 72, 86)));
    expect([place.side, place.align, place.move]).toEqual(['below', 'end', { x: 0, y: 0 }]);
  });

  it('goes above a node at the canvas’s foot, and clear of the minimap', () => {
    const minimap = rect(600, 510, 110, 110);
    const place = chooseCardPlace(room(rect(500, 500, 72, 86), [], [minimap]));
    expect(place.side).toBe('above');
    expect(place.move).toEqual({ x: 0, y: 0 });
    expect(overlaps(place.box, minimap)).toBe(false);
  });

  it('moves the view to show a card that fits nowhere as it lies, never taking the node out of view', () => {
    // A node in the canvas's top left corner with nodes right of it and below it: the card goes
    // below, over nothing, once the view moves up; or wherever, but the node stays in the canvas.
    const node = rect(0, 440, 72, 86);
    const others = [rect(100, 440, 72, 86), rect(0, 340, 72, 86), rect(100, 340, 72, 86)];
    const place = chooseCardPlace(room(node, others));
    expect(place.covered).toBe(0);
    expect(place.move.y).toBeLessThan(0);
    const moved = rect(node.left + place.move.x, node.top + place.move.y, 72, 86);
    expect(moved.top).toBeGreaterThanOrEqual(40);
    const card = rect(place.box.left + place.move.x, place.box.top + place.move.y, 244, 195);
    expect(card.bottom).toBeLessThanOrEqual(640);
  });

  it('prefers covering a little to moving the view where the move would take nodes out of sight', () => {
    // Right of the node the card covers the corner of one node; above it there is room once the
    // view moves down, which it does while the canvas's foot is bare, and not when that move
    // would take the row of nodes there out of sight.
    const node = rect(300, 60, 72, 86);
    const near = [rect(300, 200, 72, 86), rect(50, 60, 72, 86), rect(400, 230, 72, 86)];
    const foot = [0, 100, 200, 300, 400, 500].map((x) => rect(x, 550, 72, 86));
    const bare = chooseCardPlace(room(node, near));
    expect(bare.covered).toBe(0);
    expect(bare.move.y).toBeGreaterThan(0);
    const crowded = chooseCardPlace(room(node, [...near, ...foot]));
    expect(crowded.move).toEqual({ x: 0, y: 0 });
    expect(crowded.covered).toBeGreaterThan(0);
    expect(crowded.covered).toBeLessThan(0.5);
  });

  it('counts the sockets it would cover, where wires end', () => {
    // Near the canvas's left side: right of the node lies another node; below it, the card
    // covers a sliver of a node's left edge, which is cheaper than moving the view for room
    // above until the input socket on that edge counts too.
    const node = rect(0, 100, 72, 86);
    const base = room(node);
    const beside = { box: rect(100, 100, 72, 86), sockets: [] };
    const sliver = rect(236, 300, 72, 86);
    const without = chooseCardPlace({ ...base, others: [beside, { box: sliver, sockets: [] }] });
    expect([without.side, without.align]).toEqual(['below', 'start']);
    const socket = { x: 238, y: 340 };
    const withSocket = chooseCardPlace({ ...base, others: [beside, { box: sliver, sockets: [socket] }] });
    const b = withSocket.box;
    expect(socket.x > b.left && socket.x < b.right && socket.y > b.top && socket.y < b.bottom).toBe(false);
  });
});

describe('a params card’s place while the view stays', () => {
  // At the canvas's top with nodes below and beside it: the clear place above needs the view to move.
  const node = rect(300, 60, 72, 86);
  const near = [rect(300, 200, 72, 86), rect(180, 60, 72, 86), rect(400, 60, 72, 86)];

  it('moves the view for the clear place when it may', () => {
    const place = chooseCardPlace(room(node, near), 'moves');
    expect(place.covered).toBe(0);
    expect(place.move.y).toBeGreaterThan(0);
  });

  it('shows the card whole where it lies, covering what it must, while the view stays', () => {
    for (const view of ['stays', 'stays if it can'] as const) {
      const place = chooseCardPlace(room(node, near), view);
      expect(place.move, view).toEqual({ x: 0, y: 0 });
      expect(place.hidden, view).toBe(0);
      expect(place.covered, view).toBeGreaterThan(0);
    }
  });

  it('never moves the view while a pointer is pressed, though no place shows the card whole', () => {
    const tall = { ...room(rect(300, 300, 72, 86)), height: 700 };
    expect(chooseCardPlace(tall, 'stays').move).toEqual({ x: 0, y: 0 });
    expect(chooseCardPlace(tall, 'stays if it can').move).not.toEqual({ x: 0, y: 0 });
  });
});
