// The viewer's picture of a flow's rivers draws the flow's sea as sea, and its legend counts the
// sea apart (NodeDef.land, src/engine/sea.ts seaUnder): drawn "no river" over land and sea
// alike, a Gaea user's rivers seemed to end in the middle of nowhere. Checked pixel by pixel
// against an engine of the test's own, at the view's size and drawn smaller than the grid; the
// water level's mask, whose node has no sea of its own to add, keeps its two colours.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { CATALOGUE } from '../nodes/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import { PREVIEW_SIZE } from '../src/app/node/layout.ts';
import { DRAINAGE_SEA } from '../src/render/drainage.ts';
import { LAND_MASK, WATER_MASK } from '../src/render/ramps.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import { ViewerService } from '../src/worker/viewer-service.ts';
import { FAINT2, RIVER_COLOURS } from '../src/render/rivers.ts';
import type { EvaluateRequest } from '../src/worker/protocol.ts';

/** The default graph with a Flow node at its defaults wired to the water's terrain, at n². */
function withFlow(n: number): Graph {
  const g = parseGraph(readFileSync('graphs/default.json', 'utf8'));
  const def = CATALOGUE.def('flow')!;
  g.nodes.push({ id: 'flow', type: 'flow', title: def.title, position: [0, 0], params: { ...defaultParams(def), riverArea: 20 } });
  g.edges.push({ from: { node: 'water', port: 'terrain' }, to: { node: 'flow', port: 'terrain' } });
  return { ...g, view: { ...g.view, size: n } };
}

function detail(graph: Graph, node: string, port: string, detailSize: number) {
  const req: EvaluateRequest = { kind: 'evaluate', seq: 1, graph, previewSize: PREVIEW_SIZE, detail: node, detailPort: port, detailSize };
  const d = new PreviewEvaluator()
    .evaluate(req)
    .map((a) => a.result.detail)
    .find(Boolean);
  if (!d) throw new Error(`no detail of ${node}.${port}`);
  return d;
}

const rgb = (px: Uint8Array, p: number) => `${px[p]},${px[p + 1]},${px[p + 2]}`;

describe("the viewer's picture of a flow's rivers", () => {
  for (const [n, size] of [
    [256, 512],
    [1024, 512],
  ] as const) {
    it(`draws the flow's sea as sea, river and no river on its land, and counts the sea apart (${n}² on ${Math.min(n, size)} pixels)`, () => {
      const graph = withFlow(n);
      const d = detail(graph, 'flow', 'rivers', size);
      const side = Math.min(n, size);
      expect(d.image).toMatchObject({ width: side, height: side });
      const px = new Uint8Array(d.image.rgba);
      const e = createEngine(graph);
      e.evaluate();
      const rivers = e.output('flow', 'rivers')!.data;
      const filled = e.output('flow', 'filled')!.data;
      const terrain = e.output('water', 'terrain');
      if (terrain?.type !== 'terrain') throw new Error('no terrain');
      const sea = (i: number) => !(filled[i] >= terrain.seaLevel);
      let seaPixels = 0;
      for (let y = 0; y < side; y++) {
        const r = side - 1 - y;
        const r0 = Math.floor((r * n) / side);
        const r1 = Math.floor(((r + 1) * n) / side);
        for (let x = 0; x < side; x++) {
          const c0 = Math.floor((x * n) / side);
          const c1 = Math.floor(((x + 1) * n) / side);
          let river = false;
          for (let rr = r0; rr < r1; rr++) for (let cc = c0; cc < c1; cc++) if (rivers[rr * n + cc] === 1) river = true;
          const centre = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n + Math.min(n - 1, Math.floor(((x + 0.5) * n) / side));
          // A river pixel stays river at the coast; a pixel is sea where the cell at its centre is, as the pictures sample.
          const want = river ? WATER_MASK : sea(centre) ? DRAINAGE_SEA : LAND_MASK;
          if (!river && sea(centre)) seaPixels++;
          expect(rgb(px, (y * side + x) * 4), `pixel (${x}, ${y})`).toBe(want.join(','));
        }
      }
      expect(seaPixels, 'the default land has a sea').toBeGreaterThan(side * side * 0.2);

      // The legend: river, no river (on land) and sea, each counted over the grid's cells.
      let ones = 0;
      let seaCells = 0;
      for (let i = 0; i < n * n; i++) {
        if (rivers[i] === 1) ones++;
        else if (sea(i)) seaCells++;
      }
      expect(d.histogram).toMatchObject({ kind: 'mask', one: 'river', zero: 'no river', ones, sea: seaCells, zeros: n * n - ones - seaCells });
    });
  }

  // Session 38: the lakes map beside it drew the sea in the sand of its dry land, with no word of it.
  for (const [n, size] of [
    [256, 512],
    [1024, 512],
  ] as const) {
    it(`draws the flow's sea as sea on its lakes map too, lakes and dry land as before, with a sea row (${n}² on ${Math.min(n, size)} pixels)`, () => {
      const graph = withFlow(n);
      const d = detail(graph, 'flow', 'lakes', size);
      const side = Math.min(n, size);
      const px = new Uint8Array(d.image.rgba);
      const e = createEngine(graph);
      e.evaluate();
      const lakes = e.output('flow', 'lakes')!.data;
      const filled = e.output('flow', 'filled')!.data;
      const terrain = e.output('water', 'terrain');
      if (terrain?.type !== 'terrain') throw new Error('no terrain');
      const sea = (i: number) => !(filled[i] >= terrain.seaLevel);
      let seaPixels = 0;
      let lakePixels = 0;
      for (let y = 0; y < side; y++) {
        const r = side - 1 - y;
        for (let x = 0; x < side; x++) {
          const centre = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n + Math.min(n - 1, Math.floor(((x + 0.5) * n) / side));
          const got = rgb(px, (y * side + x) * 4);
          if (lakes[centre] === 0) {
            if (sea(centre)) seaPixels++;
            expect(got, `pixel (${x}, ${y})`).toBe((sea(centre) ? DRAINAGE_SEA : LAND_MASK).join(','));
          } else {
            lakePixels++;
            expect([DRAINAGE_SEA.join(','), LAND_MASK.join(',')], `pixel (${x}, ${y})`).not.toContain(got);
          }
        }
      }
      expect(seaPixels, 'the default land has a sea').toBeGreaterThan(side * side * 0.2);
      expect(lakePixels, 'and lakes').toBeGreaterThan(0);
      let seaCells = 0;
      for (let i = 0; i < n * n; i++) if (lakes[i] === 0 && sea(i)) seaCells++;
      expect(d.histogram).toMatchObject({ kind: 'field', meaning: 'lake', sea: seaCells });
    });
  }

  it("keeps the water level's mask in its two colours, with no sea row: its node adds none", () => {
    const d = detail(withFlow(256), 'water', 'mask', 512);
    const px = new Uint8Array(d.image.rgba);
    const colours = new Set<string>();
    for (let p = 0; p < px.length; p += 4) colours.add(rgb(px, p));
    expect([...colours].sort()).toEqual([WATER_MASK.join(','), LAND_MASK.join(',')].sort());
    expect(d.histogram).not.toHaveProperty('sea');
  });
});

// Session 39: the lakes map of rivers-from-the-rain drew its rivers in the deep blue, [0, 45, 120],
// a navy beside the sea's [24, 52, 104] once the sea was drawn as sea: a river reaching the coast
// read as a finger of sea. The water drawn over a picture with the sea painted under it takes no
// colour faint against that sea; the map, a drag frame over the same view and the compare pin
// draw it alike, and the 3-D drape takes the map's picture and its colour (Detail.water).
describe("the rivers over a flow's lakes map", () => {
  const graph = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
  const water = { node: 'rivers', ports: ['rivers', 'lakes'] };
  const n = graph.view.size;

  it("are drawn apart from the sea: in a colour of the water's not faint against it, on the map, a drag frame and the compare pin", () => {
    const req: EvaluateRequest = { kind: 'evaluate', seq: 1, graph, previewSize: PREVIEW_SIZE, detail: 'rivers', detailPort: 'lakes', detailSize: 512, detailRivers: water };
    const evaluator = new PreviewEvaluator();
    const d = evaluator
      .evaluate(req)
      .map((a) => a.result.detail)
      .find(Boolean)!;
    expect(d.image.width).toBe(n);
    const colour = d.water!;
    expect(RIVER_COLOURS).toContainEqual(colour);
    const apart = (a: readonly number[], b: readonly number[]) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
    expect(apart(colour, DRAINAGE_SEA), `${colour} beside the sea ${DRAINAGE_SEA}`).toBeGreaterThanOrEqual(FAINT2);
    // Every river cell of the map is drawn in it (the lakes' depths are the map's own picture).
    const e = createEngine(graph);
    e.evaluate({ targets: ['rivers'] });
    const rivers = e.output('rivers', 'rivers')!.data;
    const at = (rgba: ArrayBuffer | Uint8ClampedArray, i: number) => {
      const px = new Uint8Array(rgba instanceof Uint8ClampedArray ? rgba.buffer : rgba);
      const p = ((n - 1 - Math.floor(i / n)) * n + (i % n)) * 4;
      return [px[p], px[p + 1], px[p + 2]];
    };
    let riverCells = 0;
    for (let i = 0; i < n * n; i++) {
      if (rivers[i] !== 1) continue;
      riverCells++;
      expect(at(d.image.rgba, i), `river cell ${i}`).toEqual([...colour]);
    }
    expect(riverCells).toBeGreaterThan(100);
    // A drag frame over the same view, and the picture pinned to compare, draw them the same.
    const service = new ViewerService(evaluator);
    const frame = service.pan({ kind: 'pan', seq: 2, graph, node: 'rivers', port: 'lakes', x: graph.view.x, y: graph.view.y, n, style: {}, rivers: water, size: 512 }).result;
    expect(frame.image).toMatchObject({ width: n, height: n });
    expect(Buffer.from(frame.image!.rgba).equals(Buffer.from(d.image.rgba))).toBe(true);
    const pinned = service.picture({ kind: 'picture', seq: 3, graph, node: 'rivers', port: 'lakes', size: 512, style: {}, rivers: water, have: '' }).result;
    expect(Buffer.from(pinned.image!.rgba).equals(Buffer.from(d.image.rgba))).toBe(true);
  });
});
