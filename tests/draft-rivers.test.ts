// Rivers on a draft: while a slider is dragged at 1024², the viewer shows a 148² draft, and a
// river is one cell wide at any resolution. Scaled up cell for cell, the draft drew its rivers
// 3.5 times as wide as the full picture does, and the map flickered fat and thin through a drag.
// Drawn at the full picture's size with the rivers a pixel wide (thinLines), the draft's rivers
// cover about as much of the map as the full picture's, on the worker's own pictures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { WATER_MASK } from '../src/render/ramps.ts';
import { thinLines, waterPixels } from '../src/render/rivers.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { Detail, EvaluateRequest, Image } from '../src/worker/protocol.ts';
import { ViewerService } from '../src/worker/viewer-service.ts';

const RIVERS = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
const AT_1024: Graph = { ...RIVERS, view: { ...RIVERS.view, size: 1024 } };

/** The viewer's picture of `detail` with the rivers and lakes over it: the full one, or a draft of `draft` cells a side. */
function picture(graph: Graph, detail: string, draft: number | undefined, detailRivers: EvaluateRequest['detailRivers']): Detail {
  const evaluator = new PreviewEvaluator();
  const req: EvaluateRequest = { kind: 'evaluate', seq: 1, graph, previewSize: 32, detail, detailSize: 512, detailRivers, ...(draft ? { draft } : {}) };
  const answers = evaluator.evaluate(req);
  const d = answers.map((a) => a.result.detail).find(Boolean);
  if (!d) throw new Error(`no picture of ${detail}`);
  return d;
}

/** Share of the picture's pixels of exactly this colour. */
function share(d: { readonly image: Image | null }, [r, g, b]: readonly number[]): number {
  const px = new Uint8Array(d.image!.rgba);
  let k = 0;
  for (let p = 0; p < px.length; p += 4) if (px[p] === r && px[p + 1] === g && px[p + 2] === b) k++;
  return k / (px.length / 4);
}

describe('rivers on a draft', () => {
  it('draws a line of cells a pixel wide on a larger picture, through the cells\' centres, with no triangle at a bend', () => {
    // A bend on a 3² grid (row 0 south): (0,0) → (1,0) → (1,1) → (2,2).
    const grid = new Float32Array(9);
    for (const [r, c] of [[0, 0], [0, 1], [1, 1], [2, 2]]) grid[r * 3 + c] = 1;
    const lines = thinLines(grid, 3, 9);
    const rows = Array.from({ length: 9 }, (_, r) => Array.from(lines.subarray(r * 9, r * 9 + 9)).join(''));
    expect(rows).toEqual(['000000000', '011110000', '000010000', '000010000', '000010000', '000001000', '000000100', '000000010', '000000000']);
    expect(waterPixels([{ kind: 'lines', data: grid }], 3, 9)).toEqual(Uint8Array.from(lines));
    // No larger: the cells themselves.
    expect(Array.from(waterPixels([{ kind: 'lines', data: grid }], 3, 3))).toEqual(Array.from(grid));
  });

  // Measured (rivers alone over the biomes, 512-pixel pictures): the full picture's cover 0.84 %
  // of its pixels; the draft's 2.95 % before (3.5 times), 0.80 % after (0.95 times).
  it('covers about as much of a 1024² view with rivers in a 148² draft as in the full picture (within 1.25 times)', () => {
    const rivers = { node: 'rivers', ports: ['rivers'] };
    const full = picture(AT_1024, 'biomes', undefined, rivers);
    const draft = picture(AT_1024, 'biomes', 148, rivers);
    expect(draft).toMatchObject({ draft: true, n: 148 });
    expect(full.n).toBe(1024);
    const ratio = share(draft, draft.water!) / share(full, full.water!);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });

  // Measured (the flow's river layer shown): 0.84 % full; the draft 2.95 % before, 0.80 % after.
  it('draws the river layer itself as thin in a draft as in the full picture (within 1.25 times)', () => {
    const full = picture(AT_1024, 'rivers', undefined, null);
    const draft = picture(AT_1024, 'rivers', 148, null);
    expect(draft).toMatchObject({ draft: true, n: 148, port: 'rivers' });
    const ratio = share(draft, WATER_MASK) / share(full, WATER_MASK);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });

  // Measured: a 128² frame of a map drag, rivers over the biomes: 3.6 % before (4.3 times the
  // full picture's 0.84 %), 0.81 % after (0.97 times).
  it('draws the rivers of a coarse map-drag frame as thin as the full picture\'s (within 1.25 times)', () => {
    const rivers = { node: 'rivers', ports: ['rivers'] };
    const full = picture(AT_1024, 'biomes', undefined, rivers);
    const service = new ViewerService(new PreviewEvaluator());
    const { result } = service.pan({ kind: 'pan', seq: 1, graph: AT_1024, node: 'biomes', port: null, x: 0, y: 0, n: 128, style: {}, rivers, size: 512 });
    expect(result).toMatchObject({ n: 128, image: { width: 512 } });
    const ratio = share(result, full.water!) / share(full, full.water!);
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  });

  // A 128² frame drawn at 1024² (a zoomed or high-density map) took 19 ms a frame, 4 MB sent: at
  // most 4 pixels a cell (coarseSide), its rivers then at most twice the full picture's width.
  it('draws a coarse frame at most 4 pixels a cell, however large the picture it stands for', () => {
    const rivers = { node: 'rivers', ports: ['rivers'] };
    const service = new ViewerService(new PreviewEvaluator());
    const { result } = service.pan({ kind: 'pan', seq: 1, graph: AT_1024, node: 'biomes', port: null, x: 0, y: 0, n: 128, style: {}, rivers, size: 1024 });
    expect(result).toMatchObject({ n: 128, image: { width: 512, height: 512 } });
  });
});
