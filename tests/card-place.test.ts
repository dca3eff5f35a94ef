// The choice of a params card's place (src/app/node/card-place.ts), over rectangles alone: clear
// of every socket and title when it can be, beside its node, the view moved only when allowed.
import { describe, expect, it } from 'vitest';
import { chooseCardPlace, type CardRoom, type Rect } from '../src/app/node/card-place.ts';

const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, right: left + width, bottom: top + height });
const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A collapsed node as the canvas draws it at fit: its box, its title bar and a socket on each side. */
function node(left: number, top: number) {
  const box = rect(left, top, 72, 86);
  return { box, clear: [rect(left, top, 72, 16), rect(left - 8, top + 30, 16, 16), rect(left + 64, top + 4, 16, 16)] };
}

function room(at: Rect, neighbours: ReturnType<typeof node>[], canvas = rect(0, 40, 730, 600)): CardRoom {
  return { node: at, width: 244, height: 200, gap: 2, canvas, over: [rect(600, 540, 110, 90)], keepClear: neighbours.flatMap((n) => n.clear), others: neighbours.map((n) => n.box) };
}

describe('a params card’s place', () => {
  it('opens below its node, its left edge on the node’s, when nothing lies there', () => {
    const at = rect(100, 100, 72, 86);
    const place = chooseCardPlace(room(at, []), true);
    expect(place.kind).toBe('beside');
    expect(place.box).toEqual({ left: 100, top: 188, right: 344, bottom: 388 });
    expect(place.move).toEqual({ x: 0, y: 0 });
  });

  it('goes beside its node where no other node’s socket or title lies', () => {
    // Neighbours below and to the left: the place right of the node is the clear one.
    const at = rect(200, 100, 72, 86);
    const near = [node(200, 220), node(110, 100), node(110, 220), node(200, 340)];
    const place = chooseCardPlace(room(at, near), false);
    expect(place.clear).toBe(true);
    expect(place.kind).toBe('beside');
    expect(place.box.left).toBeGreaterThanOrEqual(at.right);
    for (const r of near.flatMap((n) => n.clear)) expect(overlaps(place.box, r)).toBe(false);
  });

  it('moves the view only when allowed and no clear place lies beside the node in sight', () => {
    // At the canvas's top, neighbours all round but above: the clear place above needs a move.
    const at = rect(300, 50, 72, 86);
    const near = [node(200, 50), node(400, 50), node(300, 176), node(200, 176), node(400, 176), node(120, 176), node(480, 176), node(120, 50), node(480, 50)];
    const still = chooseCardPlace(room(at, near), false);
    expect(still.move).toEqual({ x: 0, y: 0 });
    expect(still.kind).not.toBe('moved');
    const moved = chooseCardPlace(room(at, near), true);
    expect(moved.kind).toBe('moved');
    expect(moved.move.y).toBeGreaterThan(0);
    expect(moved.box.bottom).toBeLessThanOrEqual(at.top);
    for (const r of near.flatMap((n) => n.clear)) expect(overlaps(moved.box, r)).toBe(false);
  });

  it('takes the place over the fewest sockets and titles when none is clear, and says so', () => {
    // A node in the middle of a grid of neighbours that fills the canvas.
    const grid = [];
    for (let r = 0; r < 7; r++) for (let c = 0; c < 9; c++) if (r !== 3 || c !== 4) grid.push(node(10 + c * 80, 45 + r * 90));
    const place = chooseCardPlace(room(rect(330, 315, 72, 86), grid), true);
    expect(place.clear).toBe(false);
    expect(place.kind).toBe('blocked');
    expect(place.move).toEqual({ x: 0, y: 0 });
  });
  it('lays the card of a node just dropped beside it, over the fewest sockets and titles, where the one clear place in sight lies far off', () => {
    // Neighbours all round the node, the canvas's right half empty: clear only far to the right.
    const at = rect(170, 250, 72, 86);
    const near = [node(80, 130), node(170, 130), node(260, 130), node(80, 250), node(260, 250), node(80, 370), node(170, 370), node(260, 370), node(80, 490), node(170, 490), node(260, 490)];
    const click = chooseCardPlace(room(at, near), false);
    expect(click.kind).toBe('apart');
    const distance = (b: Rect) => Math.hypot(Math.max(0, b.left - at.right, at.left - b.right), Math.max(0, b.top - at.bottom, at.top - b.bottom));
    expect(distance(click.box)).toBeGreaterThan(24 + 2);
    const dropped = chooseCardPlace(room(at, near), false, true);
    expect(distance(dropped.box)).toBeLessThanOrEqual(24 + 2);
    expect(dropped.move).toEqual({ x: 0, y: 0 });
    expect(dropped.clear).toBe(false);
  });
  it('moves the view for a node just added only while every socket in sight stays in sight', () => {
    // As in the test above, the clear place beside the node needs the view moved down; a socket
    // in sight near the canvas's foot would leave it (the Height's output left the top of the
    // canvas for a Hydraulic erosion's card added beside it at 1024 × 700).
    const at = rect(300, 50, 72, 86);
    const near = [node(200, 50), node(400, 50), node(300, 176), node(200, 176), node(400, 176), node(120, 176), node(480, 176), node(120, 50), node(480, 50)];
    const socket = rect(40, 600, 16, 16);
    const added = chooseCardPlace({ ...room(at, near), keep: [socket] }, true);
    expect(added.move).toEqual({ x: 0, y: 0 });
    expect(added.kind).not.toBe('moved');
    expect(added.clear).toBe(true);
    // A socket that a move keeps in sight does not hold the view still.
    const kept = chooseCardPlace({ ...room(at, near), keep: [rect(40, 300, 16, 16)] }, true);
    expect(kept.kind).toBe('moved');
  });

  it('shortens a card taller than any clear place beside its node, its params to scroll, rather than lay it over other nodes’ titles', () => {
    // A canvas 420 px high, a card 470 px high beside a node at its top between two others.
    const canvas = rect(0, 40, 730, 420);
    const at = rect(300, 60, 72, 86);
    const near = [node(200, 60), node(400, 60)];
    const tall = { ...room(at, near, canvas), height: 470 };
    const whole = chooseCardPlace(tall, true);
    expect(whole.clear).toBe(false);
    const short = chooseCardPlace({ ...tall, shortest: 120 }, true);
    expect(short.clear).toBe(true);
    expect(short.kind).toBe('beside');
    expect(short.move).toEqual({ x: 0, y: 0 });
    const h = short.box.bottom - short.box.top;
    expect(h).toBeLessThan(470);
    expect(h).toBeGreaterThanOrEqual(120);
    // As little shorter as the canvas allows: the room below the node is 310 px high.
    expect(h).toBeGreaterThanOrEqual(310);
    for (const r of near.flatMap((n) => n.clear)) expect(overlaps(short.box, r)).toBe(false);
    // No shorter than allowed: with a least height taller than the room there is, it stays whole.
    expect(chooseCardPlace({ ...tall, shortest: 400 }, true).clear).toBe(false);
  });
});
