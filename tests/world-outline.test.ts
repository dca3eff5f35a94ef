// The graph's world on the viewer's map (src/viewer-core/world-outline.ts): its edges in frame
// pixels where they cross the frame, the part of the frame it covers, and which way it lies when
// the frame shows none of it; following the origin a drag reaches and the zoom.
import { describe, expect, it } from 'vitest';
import { WORLD_ORIGIN_MAX } from '../src/grid.ts';
import { frameToWorld, NO_ZOOM, zoomAt } from '../src/viewer-core/pan.ts';
import { gridNoteFor } from '../src/viewer-core/world-note.ts';
import { EDGE_INSET, POINTER_INSET, pointerText, worldOnFrame, worldToFrame } from '../src/viewer-core/world-outline.ts';

const S = 512;
const world = { x: -1, y: -1, size: 3 };

describe('worldOnFrame', () => {
  it('draws nothing for a view well inside the world: it covers the frame', () => {
    const w = worldOnFrame(world, { x: 0, y: 0 }, S, NO_ZOOM);
    expect(w.where).toBe('covers');
    expect(w.edges).toEqual([]);
    expect(w.inside).toEqual({ left: 0, top: 0, right: S, bottom: S });
    expect(w.pointer).toBeNull();
  });

  it('puts the east edge halfway across a view half past it, and the part beyond it outside', () => {
    // The view from x 1.5 to 2.5: the world ends at x 2, the frame's middle.
    const w = worldOnFrame(world, { x: 1.5, y: 0 }, S, NO_ZOOM);
    expect(w.where).toBe('partly');
    expect(w.edges).toEqual([{ side: 'east', x1: 256, y1: 0, x2: 256, y2: S }]);
    expect(w.inside).toEqual({ left: 0, top: 0, right: 256, bottom: S });
  });

  it('puts the north and west edges where the world ends, north up', () => {
    // The view from (−1.25, 1.25): the world's west edge x −1 a quarter across, its north edge y 2 a quarter down.
    const w = worldOnFrame(world, { x: -1.25, y: 1.25 }, S, NO_ZOOM);
    expect(w.edges).toEqual([
      { side: 'west', x1: 128, y1: 128, x2: 128, y2: S },
      { side: 'north', x1: 128, y1: 128, x2: S, y2: 128 },
    ]);
    expect(w.inside).toEqual({ left: 128, top: 128, right: S, bottom: S });
  });

  it('draws an edge on the frame border just inside it (a view on the world corner)', () => {
    const w = worldOnFrame({ x: 0, y: 0, size: 2 }, { x: 0, y: 0 }, S, NO_ZOOM);
    expect(w.where).toBe('covers');
    expect(w.edges).toEqual([
      { side: 'west', x1: EDGE_INSET, y1: 0, x2: EDGE_INSET, y2: S },
      { side: 'south', x1: 0, y1: S - EDGE_INSET, x2: S, y2: S - EDGE_INSET },
    ]);
  });

  it('moves the edges with the origin a drag reaches, a pixel per 1/S of a view', () => {
    const a = worldOnFrame(world, { x: 1.5, y: 0 }, S, NO_ZOOM);
    const b = worldOnFrame(world, { x: 1.5 + 100 / S, y: 0 }, S, NO_ZOOM);
    expect(b.edges[0].x1).toBeCloseTo(a.edges[0].x1 - 100, 9);
  });

  it('places the edges where the zoomed picture shows the world point, as frameToWorld reads it', () => {
    const zoom = zoomAt(NO_ZOOM, S, 300, 200, 3);
    const origin = { x: 1.6, y: 0.2 };
    const w = worldOnFrame(world, origin, S, zoom);
    const east = w.edges.find((e) => e.side === 'east')!;
    expect(east).toBeDefined();
    expect(frameToWorld(zoom, S, east.x1, 100, origin).x).toBeCloseTo(2, 9);
    // Magnified 3×, a world point and the edge on the frame agree with worldToFrame.
    expect(east.x1).toBeCloseTo(worldToFrame(zoom, S, origin, 2, 0).px, 9);
    // The magnified frame shows less of the view: the edge there is further from the middle.
    expect(Math.abs(east.x1 - 300)).toBeGreaterThan(Math.abs(worldOnFrame(world, origin, S, NO_ZOOM).edges[0].x1 - 300));
  });

  it('points towards a world the frame shows none of, with how far it is in views', () => {
    // The view from (4.5, 0): the world ends 2.5 views west of it.
    const w = worldOnFrame(world, { x: 4.5, y: 0 }, S, NO_ZOOM);
    expect(w.where).toBe('off');
    expect(w.edges).toEqual([]);
    expect(w.inside).toBeNull();
    expect(w.pointer).toEqual({ x: POINTER_INSET, y: S / 2, angle: 180, towards: 'west', views: 2.5 });
    // North-east of the world, which lies south-west (down and left on the screen).
    const ne = worldOnFrame(world, { x: 4, y: 5 }, S, NO_ZOOM).pointer!;
    expect(ne.towards).toBe('south-west');
    expect(ne.x).toBeLessThan(S / 2);
    expect(ne.y).toBeGreaterThan(S / 2);
    expect(ne.views).toBeCloseTo(Math.hypot(2, 3), 9);
  });

  it('keeps every number on the frame for a world 10⁹ views away', () => {
    const w = worldOnFrame({ x: WORLD_ORIGIN_MAX - 16, y: 0, size: 16 }, { x: -WORLD_ORIGIN_MAX, y: 0 }, S, NO_ZOOM);
    expect(w.where).toBe('off');
    expect(w.pointer!.x).toBe(S - POINTER_INSET);
    expect(w.pointer!.y).toBeGreaterThanOrEqual(0);
    expect(w.pointer!.y).toBeLessThanOrEqual(S);
    expect(w.pointer!.towards).toBe('east');
  });
});

describe('pointerText', () => {
  const at = (views: number, towards = 'west') => pointerText({ x: 0, y: 0, angle: 180, towards, views });
  it('says how far the world lies and which way', () => {
    expect(at(2.5)).toBe('world 2.5 views west');
    expect(at(1)).toBe('world 1 view west');
    expect(at(12.4, 'north-east')).toBe('world 12 views north-east');
    expect(at(999_999_984)).toBe('world 999,999,984 views west');
  });
  it('says "just" for a world a sliver of a view off a magnified map, not "0.0 views"', () => {
    expect(at(0.01)).toBe('world just west');
    expect(at(0.04, 'south')).toBe('world just south');
  });
});

describe('the line under the map, beside the outline', () => {
  it('says a view half in the world reaches past its edge, and one wholly off it lies outside', () => {
    const view = { x: 1.5, y: 0, size: 256 };
    expect(gridNoteFor(['Hydraulic erosion'], view, world)!.text).toBe(
      "The view reaches past the edge of the graph's world (3 × 3 views from (−1, −1)): here Hydraulic erosion runs on the whole view, and a pan runs it again.",
    );
    expect(gridNoteFor(['Hydraulic erosion'], { ...view, x: 4.5 }, world)!.text).toBe(
      "The view lies outside the graph's world (3 × 3 views from (−1, −1)): here Hydraulic erosion runs on the whole view, and a pan runs it again.",
    );
  });
});
