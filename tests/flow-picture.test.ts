// A new Flow node's card picture tells what it computed: the rain each land cell gathers,
// log-scaled so every drainage line shows, the sea apart, and the rivers over it (nodes/flow.ts
// picture, src/render/drainage.ts). Its river mask alone showed a new node at the default river
// area (1 % of a 256 map's land river, 0.2 % at 1024²) as a plain sand square, the sea sand too.
// Checked on the worker's own card picture against the engine's own outputs, pixel by pixel;
// what the node computes, and the viewer's picture of each output, stay as they were.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { cellLength256, viewDomain } from '../src/grid.ts';
import type { Graph } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import { PREVIEW_SIZE } from '../src/app/node/layout.ts';
import { DRAINAGE_SEA } from '../src/render/drainage.ts';
import { LAND_MASK, WATER_MASK } from '../src/render/ramps.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { EvaluateRequest, Image } from '../src/worker/protocol.ts';

/** The default graph with a Flow node as the add menu makes it (its defaults), wired to the water's terrain, at n². */
function withNewFlow(n: number): Graph {
  const g = parseGraph(readFileSync('graphs/default.json', 'utf8'));
  const def = CATALOGUE.def('flow')!;
  g.nodes.push({ id: 'flow', type: 'flow', title: def.title, position: [0, 0], params: defaultParams(def) });
  g.edges.push({ from: { node: 'water', port: 'terrain' }, to: { node: 'flow', port: 'terrain' } });
  return { ...g, view: { ...g.view, size: n } };
}

function evaluate(graph: Graph, detail: string | null = null, detailPort: string | null = null) {
  const req: EvaluateRequest = { kind: 'evaluate', seq: 1, graph, previewSize: PREVIEW_SIZE, detail, detailPort, detailSize: 256 };
  return new PreviewEvaluator().evaluate(req);
}

/** The card picture the worker sends for a node. */
function card(graph: Graph, id: string): Image {
  const r = evaluate(graph)
    .flatMap((a) => a.result.nodes)
    .find((nd) => nd.id === id);
  if (!r?.image) throw new Error(`no picture of ${id}`);
  return r.image;
}

const luminance = (px: Uint8Array, p: number) => 0.2126 * px[p] + 0.7152 * px[p + 1] + 0.0722 * px[p + 2];
const rgb = (px: Uint8Array, p: number) => `${px[p]},${px[p + 1]},${px[p + 2]}`;

/**
 * Each pixel of a side² picture of an n² grid with what lies under it, read from the engine's own
 * outputs: the grid cells of its block (north row first in the picture, row 0 south in the grid).
 */
function pixels(graph: Graph, side: number) {
  const n = graph.view.size;
  const e = createEngine(graph);
  e.evaluate();
  const acc = e.output('flow', 'accumulation')!.data;
  const rivers = e.output('flow', 'rivers')!.data;
  const lakes = e.output('flow', 'lakes')!.data;
  const filled = e.output('flow', 'filled')!.data;
  const terrain = e.output('water', 'terrain');
  if (terrain?.type !== 'terrain') throw new Error('no terrain');
  const cellRain = cellLength256(viewDomain(graph.view)) ** 2;
  const out: { p: number; sea: boolean; land: boolean; water: boolean; cells: number }[] = [];
  for (let y = 0; y < side; y++) {
    const r = side - 1 - y;
    const r0 = Math.floor((r * n) / side);
    const r1 = Math.max(r0 + 1, Math.floor(((r + 1) * n) / side));
    for (let x = 0; x < side; x++) {
      const c0 = Math.floor((x * n) / side);
      const c1 = Math.max(c0 + 1, Math.floor(((x + 1) * n) / side));
      let sea = 0;
      let all = 0;
      let water = false;
      let most = 0;
      for (let rr = r0; rr < r1; rr++) {
        for (let cc = c0; cc < c1; cc++) {
          const i = rr * n + cc;
          all++;
          if (!(filled[i] >= terrain.seaLevel)) sea++;
          else most = Math.max(most, acc[i]);
          if (rivers[i] === 1) water = true;
        }
      }
      // A lake is drawn where the cell at the pixel's centre is one, as the other pictures sample;
      // that cell may lie just past the block (a block one cell wide).
      const centre = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n + Math.min(n - 1, Math.floor(((x + 0.5) * n) / side));
      if (lakes[centre] > 0) water = true;
      const centreSea = !(filled[centre] >= terrain.seaLevel);
      out.push({ p: (y * side + x) * 4, sea: sea === all && centreSea, land: sea === 0 && !centreSea, water, cells: most / cellRain });
    }
  }
  return { out, rivers, n };
}

describe("a Flow node's card picture", () => {
  for (const n of [256, 1024]) {
    it(`draws a new node's gathered rain so its drainage lines show, the sea apart and the rivers over it (${n}²)`, () => {
      const graph = withNewFlow(n);
      const image = card(graph, 'flow');
      const side = Math.min(n, PREVIEW_SIZE);
      expect(image).toMatchObject({ width: side, height: side });
      const px = new Uint8Array(image.rgba);
      const { out, rivers } = pixels(graph, side);
      expect(rivers.some((v) => v === 1), 'the default river area makes some river on this land').toBe(true);

      // The sea is one colour, which no dry land pixel has: the coast shows.
      const sea = new Set(out.filter((q) => q.sea && !q.water).map((q) => rgb(px, q.p)));
      expect(sea.size).toBe(1);
      const dry = out.filter((q) => q.land && !q.water);
      expect(dry.length).toBeGreaterThan(side * side * 0.2);
      for (const q of dry) expect(sea.has(rgb(px, q.p))).toBe(false);

      // Lighter where more rain gathers, by decades of cells of rain 1 (this grid's cells): a line
      // of 10 to 100 cells stands out from the hillside, and a trunk river from such lines.
      const decade = (lo: number, hi: number) => {
        const at = dry.filter((q) => q.cells >= lo && q.cells < hi);
        expect(at.length, `pixels over ${lo} to ${hi} cells' rain`).toBeGreaterThan(100);
        return at.reduce((s, q) => s + luminance(px, q.p), 0) / at.length;
      };
      const hill = decade(0, 10);
      const line = decade(10, 100);
      const trunk = decade(100, Infinity);
      expect(line - hill, `hillside ${hill.toFixed(0)}, lines ${line.toFixed(0)}`).toBeGreaterThan(20);
      expect(trunk - line, `lines ${line.toFixed(0)}, trunk ${trunk.toFixed(0)}`).toBeGreaterThan(40);
      // Every drainage line shows: no dry pixel over 30 cells' rain or more is drawn as dark as the hillside's mean.
      for (const q of dry) if (q.cells >= 30) expect(luminance(px, q.p)).toBeGreaterThan(hill);

      // The rivers and lakes over it, in one water colour no pixel without water has.
      const water = new Set(out.filter((q) => q.water).map((q) => rgb(px, q.p)));
      expect(water.size).toBe(1);
      for (const q of out) if (!q.water) expect(water.has(rgb(px, q.p))).toBe(false);
    });
  }

  it('leaves what the node computes and the viewer draws of each output as they were', () => {
    const graph = withNewFlow(256);
    // The viewer's picture of the river mask is still the mask: river and no river, the water mask's
    // two colours, with the flow's sea drawn as the card draws it (tests/viewer-river-sea.test.ts).
    const detail = evaluate(graph, 'flow', 'rivers')
      .map((a) => a.result.detail)
      .find(Boolean)!;
    const px = new Uint8Array(detail.image.rgba);
    const colours = new Set<string>();
    for (let p = 0; p < px.length; p += 4) colours.add(rgb(px, p));
    expect([...colours].sort()).toEqual([WATER_MASK.join(','), LAND_MASK.join(','), DRAINAGE_SEA.join(',')].sort());
  });
});
