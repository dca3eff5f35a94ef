// Export → Tiles says, before Export is pressed, what a large erosion will cost on the export's
// grid (src/viewer-core/tiles.ts largeWork, from each node's NodeDef.workAt): figures compared
// with the node's own scaling (gridParams), not copied.
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { latticeDomain } from '../src/grid.ts';
import { gridParams, workOf } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { TILES_DEFAULTS, type TilesChoice, tilesSummary } from '../src/viewer-core/tiles.ts';
import { withScree } from './helpers/scree.ts';

const thermal = nodeDef('thermal')!;

describe('Export → Tiles says a large erosion\'s work', () => {
  const choice = (cellsPerView: number, tileSize: number, x: number): TilesChoice => ({ ...TILES_DEFAULTS, layout: 'unity', format: 'r16', tileSize, cellsPerView, x, y: x });

  it('past 10 times its work on a 256² view, with the passes the engine runs on the grid', () => {
    const graph = withScree();
    // 2 × 2 tiles of 1025² at 1024 cells a view: a grid of 2049², the scree 16 times the passes
    // over 64 times the cells of the 256² view.
    const s = tilesSummary(graph, 'scree', choice(1024, 1025, 2), 'scree.json');
    const grid = latticeDomain(1024, 0, 0, 2049);
    const passes = gridParams(thermal, graph.nodes.find((n) => n.id === 'scree')!.params, grid).iterations;
    const times = workOf(thermal, defaultParams(thermal), grid)!.units / workOf(thermal, defaultParams(thermal), latticeDomain(256, 0, 0, 256))!.units;
    expect(s.work).toContain(`Thermal erosion 'Scree': ${passes.toLocaleString('en-GB')} passes over 2049² cells (40 as set at 256 cells a view, × 16): ${Math.round(times).toLocaleString('en-GB')} times its work on a 256² view.`);
    // The hydraulic erosion upstream of it too, named by its title alone (the type's).
    expect(s.work.some((l) => l.startsWith('Hydraulic erosion: '))).toBe(true);
  });

  it('says nothing of an erosion whose work is near its 256² view\'s', () => {
    // One tile of 257² at 256 cells a view: the view's own work, or 1.0 times it.
    expect(tilesSummary(withScree(), 'scree', choice(256, 257, 1), 'scree.json').work).toEqual([]);
    // Nor of a bypassed erosion, which the export passes by (as the editor does): the hydraulic one
    // before the scree.
    const graph = withScree();
    const bypassed = { ...graph, nodes: graph.nodes.map((n) => (n.id === 'erosion' ? { ...n, bypass: true } : n)) };
    const work = tilesSummary(bypassed, 'scree', choice(1024, 1025, 2), 'scree.json').work;
    expect(work.some((l) => l.startsWith('Hydraulic erosion'))).toBe(false);
    expect(work.some((l) => l.startsWith("Thermal erosion 'Scree': "))).toBe(true);
    // Nor of a node upstream of no erosion.
    expect(tilesSummary(withScree(), 'cont', choice(1024, 1025, 2), 'scree.json').work).toEqual([]);
  });

  it('names no bypassed erosion among those that run once on the whole export, and refuses no texels for one', () => {
    // The Eroded valleys' hydraulic erosion bypassed before a scree: the export worker (and build)
    // pass it by, so only the scree runs on the whole export. The box said "Hydraulic erosion, Scree
    // run once…", and with the scree gone refused Splat maps at texels for the hydraulic erosion.
    const graph = withScree();
    const bypass = (g: typeof graph) => ({ ...g, nodes: g.nodes.map((n) => (n.id === 'erosion' ? { ...n, bypass: true } : n)) });
    const tiles = choice(256, 257, 2);
    expect(tilesSummary(graph, 'scree', tiles, 'scree.json').grid).toMatch(/^Hydraulic erosion, Scree run once on the whole export/);
    expect(tilesSummary(bypass(graph), 'scree', tiles, 'scree.json').grid).toMatch(/^Scree runs once on the whole export/);
    const alone = { ...graph, nodes: graph.nodes.filter((n) => n.id !== 'scree'), edges: graph.edges.filter((e) => e.to.node !== 'scree') };
    const splat: TilesChoice = { ...tiles, format: 'splat', splatSize: 'texels' };
    expect(tilesSummary(alone, 'biomes', splat, 'scree.json').problem).toMatch(/^Splat maps at Unity's 256² texels .* Hydraulic erosion runs once/);
    const s = tilesSummary(bypass(alone), 'biomes', splat, 'scree.json');
    expect(s.problem ?? null).toBeNull();
    expect(s.grid).toBeNull();
  });
});
