// The fit's geometry (src/app/canvas/fit.ts): every rectangle in the box and clear of what covers
// its foot (the notes line, the minimap), at most full size, and no smaller than it needs to be.
import { describe, expect, it } from 'vitest';
import { centredAt, type FitBox, type FitRect, fitTransform, type FitTransform, readableFit } from '../src/app/canvas/fit.ts';

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

describe('the view a graph opens at', () => {
  const notes = { x: 8, y: 606, w: 492, h: 26 };
  const minimap = { x: 606, y: 512, w: 110, h: 110 };
  const box: FitBox = { w: 730, h: 640, covers: [notes, minimap] };
  /** Eight columns of collapsed nodes (124 × 144 on a 144 × 176 grid), three rows: the eroded valleys' size. */
  const grid = (cols: number, rows: number): FitRect[] =>
    Array.from({ length: cols * rows }, (_, i) => ({ x: (i % cols) * 144, y: Math.floor(i / cols) * 176, w: 124, h: 144 }));
  const bare: FitBox = { ...box, covers: [] };
  const inBox = (t: FitTransform, r: FitRect) => {
    const s = onScreen(t, r);
    return s.x >= 0 && s.y >= 0 && s.x + s.w <= box.w && s.y + s.h <= box.h;
  };

  it('is the whole fit when that is drawn at the least zoom or more', () => {
    const rects = grid(4, 3);
    expect(fitTransform(rects, box).k).toBeGreaterThan(0.84);
    expect(readableFit(rects, box, 0.84, rects[3])).toEqual(fitTransform(rects, box));
  });

  it('draws a graph too wide to read whole at the least zoom, the selected node in sight, the rest from the left', () => {
    const rects = grid(8, 3);
    const focus = rects[8 + 7]; // the last column, middle row
    expect(fitTransform(rects, box).k).toBeLessThan(0.6);
    // Without covers: the placement alone (the next tests add the covers).
    const t = readableFit(rects, bare, 0.84, focus);
    expect(t.k).toBe(0.84);
    expect(inBox(t, focus)).toBe(true);
    expect(box.covers.some((c) => overlaps(onScreen(t, focus), c))).toBe(false);
    // Only as far left as the focus needs: its right edge at the margin.
    expect(onScreen(t, focus).x + onScreen(t, focus).w).toBeCloseTo(box.w * 0.96, 5);
    // Three rows fit the height: centred on it.
    const top = onScreen(t, rects[0]).y;
    const bottom = onScreen(t, rects[16]).y + 144 * t.k;
    expect(top).toBeCloseTo(box.h - bottom, 5);
  });

  it('shows the graph from its left when the focus is in sight there, a column the edge cuts by less than the margin in whole', () => {
    const rects = grid(8, 3);
    const t = readableFit(rects, bare, 0.84, rects[9]);
    // At the margin the sixth column ended 8 px past the box: the view moves that little further.
    const first = onScreen(t, rects[0]).x;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(box.w * 0.04);
    expect(inBox(t, rects[5])).toBe(true);
    expect(onScreen(t, rects[5]).x + onScreen(t, rects[5]).w).toBeLessThanOrEqual(box.w - 8);
    expect(inBox(t, rects[9])).toBe(true);
  });

  it('shows where the graph begins when it and the final output do not both fit, the output where it fits with the start', () => {
    // The default graph at 1024 × 700: eight columns, the biomes in the last. The final output
    // is no focus (no node is selected): it comes in only with the start still in sight.
    const rects = grid(8, 3);
    const output = rects[8 + 7];
    const t = readableFit(rects, box, 0.84, undefined, [output]);
    expect(t.k).toBe(0.84);
    for (const row of [0, 8, 16]) expect(inBox(t, rects[row]), `row ${row / 8}: the first column`).toBe(true);
    expect(inBox(t, output)).toBe(false);
    // Five columns: the output comes in with the start.
    const five = grid(5, 3);
    const fits = readableFit(five, box, 0.84, undefined, [five[5 + 4]]);
    expect(inBox(fits, five[0])).toBe(true);
    expect(inBox(fits, five[5 + 4])).toBe(true);
  });

  it('keeps the start in sight when a node lies under the minimap, and a selected node in sight wherever it lies', () => {
    // Six columns and four rows: the sixth column's last node under the minimap. No move clears
    // it without taking the first column or row out of the box: the view stays at the start.
    const rects = grid(6, 4);
    const t = readableFit(rects, box, 0.84);
    expect(inBox(t, rects[0])).toBe(true);
    // A node selected in the last column of a wider graph is shown whole, the start giving way.
    const wide = grid(10, 3);
    const focus = wide[10 + 9];
    const f = readableFit(wide, box, 0.84, focus);
    expect(inBox(f, focus)).toBe(true);
    expect(inBox(f, wide[0])).toBe(false);
  });

  it('brings another output past the focus in whole where the focus stays whole', () => {
    // The rivers recipe: the biomes in the seventh column, the Flow and rivers in the eighth.
    const rects = grid(8, 3);
    const focus = rects[8 + 6];
    const river = rects[16 + 7];
    expect(inBox(readableFit(rects, bare, 0.84, focus), river)).toBe(false);
    const t = readableFit(rects, bare, 0.84, focus, [river]);
    expect(inBox(t, river)).toBe(true);
    expect(inBox(t, focus)).toBe(true);
    // One that cannot come in with the focus (two views apart) leaves the view as it was.
    const far = { x: 3000, y: 0, w: 124, h: 144 };
    expect(readableFit([...rects, far], bare, 0.84, focus, [far])).toEqual(readableFit([...rects, far], bare, 0.84, focus));
  });

  it('moves the view off the minimap when a node wholly in sight would lie under it', () => {
    const rects = grid(8, 3);
    const focus = rects[8 + 7];
    const plain = readableFit(rects, bare, 0.84, focus);
    const corner = onScreen(plain, rects[16 + 7]); // the last column, bottom row
    expect(overlaps(corner, minimap)).toBe(true);
    const t = readableFit(rects, box, 0.84, focus);
    expect(t.k).toBe(0.84);
    const inSightAndUnder = rects.map((r) => onScreen(t, r)).filter((r) => r.x >= 0 && r.y >= 0 && r.x + r.w <= box.w && r.y + r.h <= box.h && box.covers.some((c) => overlaps(r, c)));
    expect(inSightAndUnder).toEqual([]);
    expect(inBox(t, focus)).toBe(true);
  });

  it('moves a focus that would lie under the minimap clear of it', () => {
    const rects = grid(8, 5);
    const focus = rects[3 * 8 + 7]; // the last column, fourth row: at the minimap's height
    const t = readableFit(rects, box, 0.84, focus);
    expect(t.k).toBe(0.84);
    expect(inBox(t, focus)).toBe(true);
    expect(box.covers.some((c) => overlaps(onScreen(t, focus), c))).toBe(false);
  });
  it('leaves no node cut by a sliver at the box’s foot: the row goes wholly past it, the start kept in sight', () => {
    // Five rows at the least zoom: the fifth began 23 px above the box's foot, its titles alone
    // in sight (the long ranges' ridges at 1024 × 700).
    const rects = grid(4, 5);
    const t = readableFit(rects, bare, 0.84);
    expect(t.k).toBe(0.84);
    const cut = rects.map((r) => onScreen(t, r)).filter((r) => r.y < box.h && r.y + r.h > box.h);
    expect(cut).toEqual([]);
    for (const row of [0, 1, 2, 3]) expect(inBox(t, rects[row * 4]), `row ${row}`).toBe(true);
    expect(onScreen(t, rects[0]).y).toBeLessThan(box.h * 0.04 * 3);
  });
});

describe('centredAt (Fit when the graph does not show whole at the least zoom)', () => {
  it('centres the rectangles on the box at the zoom given', () => {
    const rects: FitRect[] = Array.from({ length: 120 }, (_, i) => ({ x: 40 + i * 170, y: -30, w: 144, h: 144 }));
    const box: FitBox = { w: 1052, h: 938, covers: [] };
    expect(fitTransform(rects, box).k).toBeLessThan(0.1);
    const t = centredAt(rects, box, 0.1);
    expect(t.k).toBe(0.1);
    const first = onScreen(t, rects[0]);
    const last = onScreen(t, rects[119]);
    expect((first.x + last.x + last.w) / 2).toBeCloseTo(box.w / 2, 6);
    expect(first.y + first.h / 2).toBeCloseTo(box.h / 2, 6);
  });
});
