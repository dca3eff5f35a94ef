// Which wire a node dragged over the canvas lies over (src/app/canvas/splice-hover.ts wireUnder),
// along the curve the wire is drawn (src/app/wire/wire-shape.ts).
import { describe, expect, it } from 'vitest';
import { wireShape, wireUnder } from '../src/app/canvas/splice-hover.ts';
import { wirePath, wirePolyline } from '../src/app/wire/wire-shape.ts';

const node = { x: 100, y: 100, w: 80, h: 60 };

describe('the wire under a dragged node', () => {
  it('is one whose curve crosses the node, not one whose bounding box alone does', () => {
    // An S-curve from the top left to the bottom right: its box holds the node at its top right,
    // but the curve is still low on the left there.
    const beside = wireShape('beside', [
      { x: 20, y: 40 },
      { x: 400, y: 400 },
    ]);
    const across = wireShape('across', [
      { x: 0, y: 130 },
      { x: 300, y: 130 },
    ]);
    expect(wireUnder([beside], { x: 340, y: 50, w: 40, h: 40 }, { x: 360, y: 70 })).toBeNull();
    expect(wireUnder([across], node, { x: 140, y: 110 })).toBe('across');
    expect(wireUnder([across], { ...node, y: 200 }, { x: 140, y: 210 })).toBeNull();
  });

  it('is the one nearest the pointer when several cross the node', () => {
    const upper = wireShape('upper', [
      { x: 0, y: 110 },
      { x: 300, y: 110 },
    ]);
    const lower = wireShape('lower', [
      { x: 0, y: 150 },
      { x: 300, y: 150 },
    ]);
    expect(wireUnder([upper, lower], node, { x: 140, y: 112 })).toBe('upper');
    expect(wireUnder([upper, lower], node, { x: 140, y: 148 })).toBe('lower');
  });

  it('follows a wire through its reroute dots', () => {
    // Straight from (0, 0) to (300, 0) it would miss the node; its dot brings it down through it.
    const bent = wireShape('bent', [
      { x: 0, y: 0 },
      { x: 140, y: 130 },
      { x: 300, y: 0 },
    ]);
    expect(wireUnder([bent], node, { x: 140, y: 130 })).toBe('bent');
  });

  it('samples the same curve the wire draws: its ends, and the path the element gets', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 50 },
    ];
    const line = wirePolyline(points, 4);
    expect(line[0]).toEqual(points[0]);
    expect(line.at(-1)).toEqual(points[1]);
    // The midpoint of rete's classic S-curve (handles 30 % of the width along x) is the middle.
    expect(line[2].x).toBeCloseTo(50);
    expect(line[2].y).toBeCloseTo(25);
    expect(wirePath(points)).toBe('M 0 0 C 30 0 70 50 100 50');
  });
});
