// What a build's erosions and flows will cost on its grid (NodeDef.workAt, src/build/work.ts),
// said by `build` and `build --plan` before a long run and by Export → Tiles: the figures come
// from each node's own scaling of its params (NodeDef.cellScale, gridParams), so these tests
// compare the work on two grids and with the params the engine runs, never with copied numbers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { calibrate, durationText, gridWork, workText } from '../src/build/work.ts';
import { workLines } from '../src/cli/build.ts';
import { latticeDomain } from '../src/grid.ts';
import type { Graph } from '../src/model/graph.ts';
import { gridParams, workOf } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { withScree } from './helpers/scree.ts';

const thermal = nodeDef('thermal')!;
const hydraulic = nodeDef('hydraulic')!;
const at = (cellsPerView: number) => latticeDomain(cellsPerView, 0, 0, cellsPerView + 1);

/** The count before `word` in a work's text ("10,240 passes …" → 10240). */
function countBefore(text: string, word: string): number {
  const m = text.match(new RegExp(`([\\d,]+) ${word}`));
  if (!m) throw new Error(`no count of ${word} in "${text}"`);
  return Number(m[1].replace(/,/g, ''));
}

describe("a grid-bound node's work on a grid (NodeDef.workAt)", () => {
  it("a thermal erosion runs 16 times the passes at 1024 cells a view as at 256, over each cell of its grid", () => {
    const p = defaultParams(thermal);
    const [w256, w1024] = [at(256), at(1024)].map((g) => workOf(thermal, p, g)!);
    const passes = (g: ReturnType<typeof at>) => gridParams(thermal, p, g).iterations as number;
    expect(passes(at(1024))).toBe(16 * passes(at(256)));
    expect(countBefore(w1024.text, 'passes')).toBe(passes(at(1024)));
    expect(countBefore(w256.text, 'passes')).toBe(passes(at(256)));
    expect(w1024.units).toBe(passes(at(1024)) * 1025 * 1025);
    expect(w1024.units / w256.units).toBeCloseTo(16 * (1025 / 257) ** 2, 9);
    // Said in the node's own terms: the passes as set, and what they were multiplied by.
    expect(w1024.text).toContain(`over 1025² cells (${p.iterations} as set at 256 cells a view, × 16)`);
  });

  it('params counted in the grid\'s own cells (files before format 7) run the same passes on every grid', () => {
    const p = { ...defaultParams(thermal), cells: 'grid' } as Record<string, number | string>;
    expect(countBefore(workOf(thermal, p, at(1024))!.text, 'passes')).toBe(p.iterations);
    expect(workOf(thermal, p, at(1024))!.text).toContain("as set, in the grid's own cells)");
  });

  it("a hydraulic erosion's droplets go with the grid's cells and their steps with its cells a view", () => {
    const p = defaultParams(hydraulic);
    const steps = (g: ReturnType<typeof at>) => gridParams(hydraulic, p, g).lifetime as number;
    const [w256, w1024] = [at(256), at(1024)].map((g) => workOf(hydraulic, p, g)!);
    expect(steps(at(1024))).toBe(4 * steps(at(256)));
    expect(countBefore(w1024.text, 'droplets')).toBe(Math.round((p.droplets as number) * 1025 * 1025));
    expect(countBefore(w1024.text, 'steps')).toBe(steps(at(1024)));
    expect(w1024.units).toBe(countBefore(w1024.text, 'droplets') * steps(at(1024)));
    expect(w256.units).toBe(countBefore(w256.text, 'droplets') * steps(at(256)));
  });

  it('a node that declares no work is said to run over its grid', () => {
    // eroded-valleys' coast without its cap: grid-bound, and it says no work of its own.
    const base = withScree();
    const g = { ...base, nodes: base.nodes.map((n) => (n.id === 'coast' ? { ...n, params: { ...n.params, cap: 0 } } : n)) } as Graph;
    const coast = { id: 'coast' };
    const [w] = gridWork(g, [coast.id], at(512));
    expect(w.work).toBeNull();
    expect(workText(w, coast.id)).toBe(`Coast distance '${coast.id}': runs over 513² cells`);
  });
});

describe("a build's work lines", () => {
  it('name each node with its work on the whole grid and a time timed here', () => {
    const graph = withScree();
    const grid = at(1024);
    const lines = workLines(graph, ['erosion', 'scree'], grid, { x0: 0, y0: 0, x1: 1, y1: 1 });
    expect(lines).toHaveLength(2);
    const passes = gridParams(thermal, graph.nodes.find((n) => n.id === 'scree')!.params, grid).iterations;
    expect(lines[1]).toMatch(new RegExp(`^Thermal erosion 'scree': ${passes.toLocaleString('en-GB')} passes over 1025² cells .*on this machine \\(one thread, timed on a 256² view here\\)$`));
    expect(lines[0]).toMatch(/^Hydraulic erosion 'erosion': [\d,]+ droplets of up to \d+ steps over 1025² cells/);
  });

  it('times each node per unit of its work on a view small enough', () => {
    // 500 passes at 256² are 33 M cell passes, past what a calibration runs: it runs on 128².
    const graph = withScree({ iterations: 500 });
    const c = calibrate(graph, ['scree'], { x: 0, y: 0 });
    expect(c.size).toBe(128);
    expect(c.msPerUnit.get('scree')).toBeGreaterThan(0);
    // No work, nothing timed.
    expect(calibrate(withScree({ iterations: 0 }), ['scree'], { x: 0, y: 0 }).msPerUnit.size).toBe(0);
  });

  it('says a time as an estimate is said', () => {
    expect([400, 40_000, 20 * 60_000, 3.5 * 3_600_000, 30 * 3_600_000].map(durationText)).toEqual(['under a second', '40 s', '20 min', '3.5 h', '30 h']);
  });
});

describe('build --plan', () => {
  it('says on stderr what the erosion will cost on the whole grid, the plan on stdout as before', async () => {
    const file = join(scratchDir('work'), 'scree.json');
    const graph = withScree();
    const doc = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8'));
    doc.nodes.push({ id: 'scree', type: 'thermal', title: 'Scree', position: [0, 0], params: defaultParams(thermal) });
    doc.edges.push({ from: 'erosion.out', to: 'scree.height' });
    writeFileSync(file, JSON.stringify(doc));
    const r = await runCli('build', file, '--region', '0,0,2,2', '--cells-per-view', '512', '--tile-size', '513', '--node', 'scree', '--plan');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).count).toBe(4);
    const grid = latticeDomain(512, 0, 0, 1025);
    const passes = gridParams(thermal, graph.nodes.find((n) => n.id === 'scree')!.params, grid).iterations;
    expect(passes).toBe(4 * 40);
    expect(r.err).toContain(`Thermal erosion 'scree': ${passes} passes over 1025² cells (40 as set at 256 cells a view, × 4), `);
    expect(r.err).toMatch(/Hydraulic erosion 'erosion': [\d,]+ droplets of up to \d+ steps over 1025² cells .*, (about [\d.]+ (s|min|h)|under a second) on this machine/);
    // The build says it too, under the line that says where the erosions run, before the first tile.
    const built = await runCli('build', file, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'scree', '--out', scratchDir('work-out'));
    expect(built.code).toBe(0);
    const lines = built.err.split('\n');
    const once = lines.findIndex((l) => l.startsWith('erosion, scree run once on the whole build (65² samples)'));
    const passes64 = gridParams(thermal, graph.nodes.find((n) => n.id === 'scree')!.params, latticeDomain(64, 0, 0, 65)).iterations;
    expect(lines[once + 2]).toMatch(new RegExp(`^Thermal erosion 'scree': ${passes64} passes over 65² cells \\(40 as set at 256 cells a view, × 0.0625\\)$`));
    expect(lines.findIndex((l) => l.startsWith('[1/4]'))).toBeGreaterThan(once + 2);
    // Untimed where no node does more than on the 256² view a calibration runs (above: 65²); at 300
    // cells a view it is timed, but not by a fan-out's process of one tile, where each process
    // would pay the calibration.
    const at300 = ['build', file, '--region', '0,0,1,1', '--cells-per-view', '300', '--tile-size', '33', '--node', 'scree'];
    const timedLine = (err: string) => err.split('\n').find((l) => l.startsWith("Thermal erosion 'scree': "));
    expect(timedLine((await runCli(...at300, '--plan')).err)).toMatch(/ over 321² cells \(.*\), (about [\d.]+ (s|min|h)|under a second) on this machine/);
    const oneTile = await runCli(...at300, '--tile', '0', '--out', scratchDir('work-one'));
    expect(oneTile.code).toBe(0);
    expect(timedLine(oneTile.err)).toMatch(/ over 321² cells \([^)]*\)$/);
    // Nothing of it where no erosion runs.
    const plain = await runCli('build', file, '--region', '0,0,2,2', '--cells-per-view', '512', '--tile-size', '513', '--node', 'cont', '--plan');
    expect(plain.err).not.toMatch(/passes|droplets/);
  });
});
