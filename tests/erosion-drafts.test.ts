// Drafts of the grid-bound erosions (NodeDef.draftParams with the draft's resolution): a 148²
// draft of a larger view runs the full picture's process at its coarser size, so it wears about
// as much as the full picture, where the full picture wears it, and the full picture itself is
// the same bytes as ever.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import type { Graph } from '../src/model/graph.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { EvaluateRequest, EvaluateResult } from '../src/worker/protocol.ts';
import { renderPreview } from '../src/render/preview.ts';
import { draftAgreement, type ErosionAt, fullChange } from './helpers/draft-agreement.ts';
import { loadGraph } from './helpers/graphs.ts';

const VALLEYS = loadGraph('eroded-valleys.json');
const CARVED = loadGraph('carved-valleys.json');
const HEIGHTS = { node: 'height', port: 'out' };
const HYDRAULIC: ErosionAt = { node: 'erosion', out: 'out', input: HEIGHTS };
const FLUVIAL: ErosionAt = { node: 'valleys', out: 'terrain', input: { node: 'water', port: 'terrain' } };

/** A graph with one node's params changed. */
function withParams(graph: Graph, id: string, params: Record<string, unknown>, type?: string): Graph {
  return { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, type: type ?? n.type, params: { ...(type ? {} : n.params), ...params } } : n)) as Graph['nodes'] };
}

/** eroded-valleys with a thermal erosion of the default params in place of its hydraulic one. */
const THERMAL = withParams(VALLEYS, 'erosion', { iterations: 40, talus: 4, rate: 0.25, coarse: 'before', cells: 'map256', grid: 'own' }, 'thermal');
/** The same two with their params in the grid's own cells (files before format 7), drafted by the draft's cells over the full picture's. */
const VALLEYS_GRID = withParams(VALLEYS, 'erosion', { cells: 'grid' });
const THERMAL_GRID = withParams(THERMAL, 'erosion', { cells: 'grid' });

describe('erosion drafts', () => {
  // A 148² draft of a 512² view. Before the drafts scaled the erosions' params, the draft wore
  // 6.2 (hydraulic), 3.4 (thermal) and 1.6 (fluvial) times the full picture's mean |change|
  // averaged down to 148², correlated 0.62, 0.86 and 0.91 with it (npm run measure:drafts).
  // In 256-map cells (format 7) a draft is a 148² view: 1.05 and 1.04 times, r 0.98 and 1.00
  // (npm run measure:resolution).
  it.each([
    ['hydraulic', VALLEYS, HYDRAULIC],
    ['thermal', THERMAL, HYDRAULIC],
    ['hydraulic in the grid\'s own cells', VALLEYS_GRID, HYDRAULIC],
    ['thermal in the grid\'s own cells', THERMAL_GRID, HYDRAULIC],
    ['fluvial', CARVED, FLUVIAL],
  ] as const)('wears about as much in a 148² draft of a 512² view as the full picture, in the same places (%s)', (_, graph, at) => {
    const down = fullChange(graph, at, 512, 148);
    const { amount, r } = draftAgreement(graph, at, down, 512, 148);
    expect(amount).toBeGreaterThan(0.8);
    expect(amount).toBeLessThan(1.25);
    expect(r).toBeGreaterThan(0.8);
  });

  it('drafts from the params as set: a param set twice, or a view resized, gives what a new drafts\' engine gives', () => {
    // Params in the grid's own cells (files before format 7) are drafted by the draft's cells
    // over the full picture's; in 256-map cells, on every grid alike (tests/erosion-cells.test.ts).
    const legacy = withParams(VALLEYS, 'erosion', { cells: 'grid' });
    const coarse = (size: number) => ({ ...legacy, view: { ...legacy.view, size } });
    const erosion = (e: ReturnType<typeof createEngine>) => e.graph.nodes.find((n) => n.id === 'erosion')!.params;
    const engine = createEngine(coarse(148), { draft: 1024 });
    // 30 steps of a 1024² cell are 4 of a 148² one.
    expect(erosion(engine).lifetime).toBe(4);
    engine.setParam('erosion', 'capacity', 8);
    engine.setParam('erosion', 'capacity', 4);
    expect(erosion(engine)).toEqual(erosion(createEngine(coarse(148), { draft: 1024 })));
    engine.setView({ size: 256 });
    expect(erosion(engine)).toEqual(erosion(createEngine(coarse(256), { draft: 1024 })));
    expect(erosion(engine).lifetime).toBe(8);
  });

  it('runs an erosion that also erodes on the water\'s world cut with the params as set there: the draft\'s sea level is the full picture\'s', () => {
    const graph = withParams(VALLEYS, 'erosion', { coarse: 'run' });
    const level = (e: ReturnType<typeof createEngine>) => {
      e.evaluate({ targets: ['water'] });
      return (e.output('water', 'terrain') as TerrainValue).seaLevel;
    };
    const full = level(createEngine(graph));
    // The world-8 cut is the same grid for both: eroded there with the draft's params, the level moved.
    expect(level(createEngine({ ...graph, view: { ...graph.view, size: 148 } }, { draft: graph.view.size }))).toBe(full);
  });

  it('stands for the view it drafts: the worker\'s drafts\' engine follows the view\'s size', () => {
    const ev = new PreviewEvaluator();
    const legacy = withParams(VALLEYS, 'erosion', { cells: 'grid' });
    const lifetime = (size: number) => ev.engineOf({ ...legacy, view: { ...legacy.view, size } }, 64).engine.graph.nodes.find((n) => n.id === 'erosion')!.params.lifetime;
    expect(lifetime(256)).toBe(Math.round((30 * 64) / 256));
    expect(lifetime(512)).toBe(Math.round((30 * 64) / 512));
  });

  it('leaves, after drafts of an erosion\'s param and the full answer, the pictures of an evaluation that never drafted', () => {
    const request = (graph: Graph, seq: number, draft?: number): EvaluateRequest => ({ kind: 'evaluate', seq, graph, previewSize: 64, detail: 'biomes', detailSize: 256, ...(draft ? { draft } : {}) });
    const pictures = (answers: EvaluateResult[]) => {
      const by = new Map<string, ArrayBuffer | undefined>();
      for (const a of answers) for (const n of a.nodes) by.set(n.id, n.image?.rgba);
      return by;
    };
    const answer = (ev: PreviewEvaluator, req: EvaluateRequest) => ev.evaluate(req).map((a) => a.result);
    const ev = new PreviewEvaluator();
    const answers = answer(ev, request(VALLEYS, 1));
    let seq = 2;
    for (const capacity of [5, 7, 6]) answers.push(...answer(ev, request(withParams(VALLEYS, 'erosion', { capacity }), seq++, 64)));
    const last = withParams(VALLEYS, 'erosion', { capacity: 6 });
    answers.push(...answer(ev, request(last, seq++)));
    const shown = pictures(answers);
    const plain = createEngine(last);
    plain.evaluate();
    // Every picture (a curve shows a histogram instead), the erosion's and what it feeds among them.
    for (const id of ['erosion', 'water', 'biomes']) expect(shown.get(id), id).toBeDefined();
    for (const [id, rgba] of shown) {
      if (rgba) expect(new Uint8Array(rgba), id).toEqual(new Uint8Array(renderPreview(plain.output(id)!, last.view.size, 64).rgba.buffer as ArrayBuffer));
    }
  });
});
