// The view's move after a node put on a wire pushed its neighbours (pushed-view.ts): a pushed
// node that was in sight and is now past the canvas's edge (under the viewer) or the minimap is
// brought back, nothing else in sight taken out of it; one zoom step out when only that fits
// everything; the node put on the wire kept in sight before the nodes it pushed.
import { describe, expect, it } from 'vitest';
import { inSight, type Rect, viewForPushed, ZOOM_STEP } from '../src/app/canvas/pushed-view.ts';

const r = (left: number, top: number, w: number, h: number): Rect => ({ left, top, right: left + w, bottom: top + h });
const canvas = r(0, 40, 732, 600);
const moved = (x: Rect, m: { x: number; y: number; zoom: number }): Rect => ({
  left: canvas.left + (x.left - canvas.left) * m.zoom + m.x,
  top: canvas.top + (x.top - canvas.top) * m.zoom + m.y,
  right: canvas.left + (x.right - canvas.left) * m.zoom + m.x,
  bottom: canvas.top + (x.bottom - canvas.top) * m.zoom + m.y,
});

describe('viewForPushed', () => {
  it('leaves the view be when every pushed node that was in sight still is', () => {
    expect(viewForPushed({ canvas, over: [], pushed: [r(600, 200, 80, 90)], first: [r(500, 200, 80, 90)], keep: [r(20, 200, 80, 90)] })).toBeNull();
  });

  it('pans left to bring back a node pushed past the right edge, when the room on the left keeps all else in sight', () => {
    const pushed = [r(700, 200, 80, 90)];
    const first = [r(600, 200, 80, 90)];
    const keep = [r(200, 200, 80, 90), r(276, 230, 10, 10)];
    const m = viewForPushed({ canvas, over: [], pushed, first, keep })!;
    expect(m.zoom).toBe(1);
    expect(m.y).toBe(0);
    // Just far enough, with a margin: 780 → 724.
    expect(m.x).toBe(-56);
    for (const x of [...pushed, ...first, ...keep]) expect(inSight(moved(x, m), canvas, [])).toBe(true);
  });

  it('zooms out one step when no pan keeps everything that was in sight, and then keeps it all', () => {
    // The graph spans the canvas at fit: a pan left would cut the first column.
    const keep = [r(20, 200, 74, 86), r(110, 200, 74, 86), r(520, 200, 74, 86)];
    const first = [r(610, 250, 74, 86)];
    const pushed = [r(700, 200, 74, 86)];
    const m = viewForPushed({ canvas, over: [], pushed, first, keep })!;
    expect(m.zoom).toBe(ZOOM_STEP);
    for (const x of [...pushed, ...first, ...keep]) expect(inSight(moved(x, m), canvas, [])).toBe(true);
  });

  // At the least zoom (a long graph at fit) rete's restrictor clamped the step out and kept the
  // pan chosen for it: the view jumped by a tenth of its pan and the pushed node stayed out of sight.
  it('at the least zoom, pans rather than zooming out, the pushed node and the node put on the wire in sight', () => {
    const keep = [r(20, 200, 74, 86), r(110, 200, 74, 86), r(520, 200, 74, 86)];
    const first = [r(610, 250, 74, 86)];
    const pushed = [r(700, 200, 74, 86)];
    const m = viewForPushed({ canvas, over: [], pushed, first, keep, zoomOut: false })!;
    expect(m.zoom).toBe(1);
    for (const x of [...pushed, ...first]) expect(inSight(moved(x, m), canvas, [])).toBe(true);
    // The pan takes the first column out of sight (the least it can), nothing more.
    expect(keep.filter((x) => !inSight(moved(x, m), canvas, []))).toEqual([keep[0]]);
  });

  it('keeps the node put on the wire and every other thing in sight over a pushed node that no step brings back', () => {
    const keep = [r(20, 200, 74, 86)];
    const first = [r(610, 250, 74, 86)];
    // Far past the edge: neither a pan keeping the rest nor one zoom step brings it in.
    const pushed = [r(1400, 200, 74, 86)];
    const m = viewForPushed({ canvas, over: [], pushed, first, keep });
    // Nothing to gain without losing what was in sight: no move.
    expect(m).toBeNull();
  });

  it('brings back the nodes it can when not all fit, the node put on the wire in sight, nothing else lost', () => {
    const keep = [r(300, 200, 74, 86)];
    const first = [r(400, 250, 74, 86)];
    const pushed = [r(740, 200, 74, 86), r(1600, 200, 74, 86)];
    const m = viewForPushed({ canvas, over: [], pushed, first, keep })!;
    expect(inSight(moved(pushed[0], m), canvas, [])).toBe(true);
    for (const x of [...first, ...keep]) expect(inSight(moved(x, m), canvas, [])).toBe(true);
  });

  it('does not bring a pushed node back under the minimap', () => {
    const minimap = r(610, 510, 110, 110);
    // Pushed past the right edge low on the canvas, beside the minimap.
    const pushed = [r(700, 520, 74, 86)];
    const first = [r(560, 420, 74, 86)];
    const keep = [r(300, 300, 10, 10)];
    const m = viewForPushed({ canvas, over: [minimap], pushed, first, keep })!;
    expect(m).not.toBeNull();
    for (const x of [...pushed, ...first, ...keep]) expect(inSight(moved(x, m), canvas, [minimap])).toBe(true);
  });
});
