// The fit's geometry (src/app/canvas/fit.ts): every rectangle in the box and clear of what covers
// its foot (the notes line, the minimap), at most full size, and no smaller than it needs to be.
import { describe, expect, it } from 'vitest';
import { type FitBox, type FitRect, fitTransform, type FitTransform } from '../src/app/canvas/fit.ts';

const onScreen = (t: FitTransform, r: FitRect): FitRect => ({ x: t.x + r.x * t.k, y: t.y + r.y * t.k, w: r.w * t.k, h: r.h * t.k });
const overlaps = (a: FitRect, b: FitRect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every rectangle inside the box and clear of its covers. */
function inSight(t: FitTransform, rects: readonly FitRect[], box: FitBox): boolean {
  return rects.every((r) => {
    const s = onScreen(t, r);
    return s.x >= 0 && s.y >= 0 && s.x + s.w <= box.w && s.y + s.h <= box.h && !box.covers.some((c) => overlaps(s, c));
  });
}

describe('a fit', () => {
  // The canvas at 1024 × 700: the notes line at the left of its foot, the minimap at the right.
  const notes = { x: 8, y: 606, w: 492, h: 26 };
  const minimap = { x: 606, y: 512, w: 110, h: 110 };
  const box: FitBox = { w: 730, h: 640, covers: [notes, minimap] };
  const bare: FitBox = { ...box, covers: [] };

  it('keeps the zoom of a plain fit when nothing lies under a cover', () => {
    const rects = [
      { x: 0, y: 0, w: 100, h: 100 },
      { x: 1000, y: 100, w: 100, h: 100 },
    ];
    expect(fitTransform(rects, box)).toEqual(fitTransform(rects, bare));
  });

  it('moves a tall graph up, at the same zoom, off the notes line', () => {
    const rects = [
      { x: 0, y: 0, w: 100, h: 100 },
      { x: 0, y: 1000, w: 100, h: 100 },
    ];
    const plain = fitTransform(rects, bare);
    expect(overlaps(onScreen(plain, rects[1]), notes)).toBe(true);
    const t = fitTransform(rects, box);
    expect(t.k).toBe(plain.k);
    expect(t.y).toBeLessThan(plain.y);
    expect(inSight(t, rects, box)).toBe(true);
  });

  it('moves a wide graph up, at the same zoom, when a node would lie under the minimap', () => {
    const rects = [
      { x: 0, y: 0, w: 100, h: 100 },
      { x: 1100, y: 600, w: 100, h: 200 },
    ];
    const plain = fitTransform(rects, bare);
    expect(overlaps(onScreen(plain, rects[1]), minimap)).toBe(true);
    const t = fitTransform(rects, box);
    expect([t.k, t.x]).toEqual([plain.k, plain.x]);
    expect(t.y).toBeLessThan(plain.y);
    expect(inSight(t, rects, box)).toBe(true);
  });

  it('draws a graph that fills the box smaller when no move clears the covers', () => {
    const rects = [
      { x: 0, y: 0, w: 100, h: 100 },
      { x: 630, y: 580, w: 100, h: 100 },
      { x: 0, y: 580, w: 100, h: 100 },
    ];
    const t = fitTransform(rects, box);
    expect(inSight(t, rects, box)).toBe(true);
    expect(t.k).toBeLessThan(fitTransform(rects, bare).k);
  });

  it('never draws a node above full size', () => {
    const rects = [{ x: 40, y: 40, w: 100, h: 100 }];
    const t = fitTransform(rects, box);
    expect(t.k).toBe(1);
    expect(inSight(t, rects, box)).toBe(true);
  });
});
