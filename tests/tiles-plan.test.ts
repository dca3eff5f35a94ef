// Export → Tiles' planning (src/viewer-core/tiles.ts): the tiles, samples and world area the box
// says, the browser's limit with the command line instead, and the seams of a grid-bound graph
// said as `terrain-graph build` says them.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBuild } from '../src/build/prepare.ts';
import { parseGraph } from '../src/model/format.ts';
import { BROWSER_SAMPLES_MAX, bytesText, TILES_DEFAULTS, type TilesChoice, tilesSummary } from '../src/viewer-core/tiles.ts';
import { runCli, scratchDir } from './helpers/cli.ts';

const read = (file: string) => parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });
const small: TilesChoice = { ...TILES_DEFAULTS, layout: 'unity', tileSize: 33, cellsPerView: 64, x: 2, y: 2, format: 'r16' };

describe('Export → Tiles planning', () => {
  it('plans from the view origin what build plans for the same region: 2 × 2 tiles of 33 over one view', () => {
    const g = read('default.json');
    const s = tilesSummary(g, 'water', small, 'default.json');
    expect(s.problem).toBe(null);
    expect(s.region).toEqual({ x0: 0, y0: 0, x1: 1, y1: 1 });
    expect(s.shape).toEqual({ count: 4, tilesX: 2, tilesY: 2, tileSize: 33, samplesX: 65, samplesY: 65 });
    const { plan } = planBuild({ graph: g, graphText: '', graphFile: 'default.json', region: s.region, cellsPerView: 64, tileSize: 33, nodes: ['water'], formats: ['r16'], range: null, outDir: '' });
    expect(s.plan!.tiles.map((t) => t.files.map((f) => f.path))).toEqual(plan.tiles.map((t) => t.files.map((f) => f.path)));
    expect(s.command).toBe('npx terrain-graph build default.json --region 0,0,1,1 --cells-per-view 64 --tile-size 33 --node water --format r16 --out water.tiles-33-64');
    // Two r16 layers (terrain, mask) of 4 × 33² samples at 2 bytes, and the manifests.
    expect(s.bytes).toBeGreaterThan(4 * 33 * 33 * 2 * 2);
    expect(s.bytes).toBeLessThan(4 * 33 * 33 * 2 * 2 + 20_000);
  });

  it('takes the region in samples: 100 × 65 samples are 4 × 2 tiles of 33, the last column reaching past the region', () => {
    const s = tilesSummary(read('default.json'), 'height', { ...small, across: 'samples', x: 100, y: 65 }, 'default.json');
    expect(s.shape).toEqual({ count: 8, tilesX: 4, tilesY: 2, tileSize: 33, samplesX: 100, samplesY: 65 });
    expect(s.region).toEqual({ x0: 0, y0: 0, x1: 99 / 64, y1: 1 });
  });

  it('refuses past the browser limit, naming it, with the command line to use, without planning every tile', () => {
    const s = tilesSummary(read('default.json'), 'height', { ...TILES_DEFAULTS, tileSize: 1009, cellsPerView: 1024, x: 200, y: 200, format: 'png16' }, 'default.json');
    expect(s.plan).toBe(null);
    expect(s.shape!.count).toBe(40_000);
    expect(s.problem).toContain(`the browser exports at most ${(BROWSER_SAMPLES_MAX / 1e6).toFixed(1)} M`);
    expect(s.command).toMatch(/^npx terrain-graph build default\.json --region 0,0,196\.875,196\.875 --cells-per-view 1024 --tile-size 1009 --node height --format png16/);
    const under = tilesSummary(read('default.json'), 'height', { ...TILES_DEFAULTS, tileSize: 2049, cellsPerView: 1024, x: 4, y: 4, format: 'png16' }, 'default.json');
    expect(under.problem).toBe(null);
  });

  it('takes the worlds the README names at the limit (64 Unity tiles of 1025², 66 Unreal of 1009², 16 of 2049²), and a refusal never says the limit is what it refuses', () => {
    const g = read('default.json');
    const at = (layout: TilesChoice['layout'], tileSize: number, x: number, y: number) =>
      tilesSummary(g, 'height', { ...TILES_DEFAULTS, layout, tileSize, cellsPerView: 1024, x, y, format: 'png16' }, 'default.json');
    for (const [layout, t, x, y] of [['unity', 1025, 8, 8], ['unreal', 1009, 11, 6], ['unity', 2049, 4, 4]] as const) {
      const s = at(layout, t, x, y);
      expect(s.problem, `${x * y} tiles of ${t}²`).toBe(null);
      expect(s.plan!.tiles.length).toBe(x * y);
    }
    expect(at('unity', 1025, 13, 5).problem).toMatch(/^65 tiles of 1025² are 68\.3 M samples: the browser exports at most 67\.2 M/);
    // 4041 tiles of 129² are 67,246,281 samples, just past the limit: both numbers said in full, not "67.2 M … at most 67.2 M".
    const past = at('unity', 129, 3, 1347).problem!;
    const [, over, limit] = /are (.*?) samples: the browser exports at most (.*?) \(/.exec(past)!;
    expect(over).not.toBe(limit);
    expect(past).toContain('4041 tiles of 129² are 67,246,281 samples');
  });

  it("quotes the graph file's name in the command line, so a name a browser or a person gave (spaces, brackets, quotes, $) pastes into a shell as one argument", () => {
    const g = read('default.json');
    for (const name of ['default.json', 'default (1).json', "Ann's $HOME `x`.json"]) {
      const { command } = tilesSummary(g, 'height', small, name);
      const args = command.slice('npx terrain-graph build '.length);
      const first = execFileSync('bash', ['-c', `set -- ${args}; printf %s "$1"`], { encoding: 'utf8' });
      expect(first, command).toBe(name);
    }
    expect(tilesSummary(g, 'height', small, 'default.json').command).toMatch(/^npx terrain-graph build default\.json --region/);
  });

  it('says the estimate in the units of the Export row\'s Saved note (a MB of 2²⁰ bytes): 538,047,424 bytes, saved as "513.1 MB", are about 513 MB, not 538', () => {
    expect(bytesText(538_047_424)).toBe('513 MB');
    expect(bytesText(104_000_000)).toBe('99.2 MB');
    expect(bytesText(2_900_000)).toBe('2.8 MB');
    expect(bytesText(20_480)).toBe('20 kB');
  });

  it('says which formats apply, and refuses one that does not, and an origin off the lattice', () => {
    const g = read('default.json');
    expect(tilesSummary(g, 'biomes', small, 'default.json').formats).toEqual(['png', 'indexed']);
    expect(tilesSummary(g, 'biomes', small, 'default.json').problem).toBe("r16 does not apply to biomes's outputs: choose png, indexed.");
    const off = { ...g, view: { ...g.view, x: 0.3 } };
    expect(tilesSummary(off, 'height', small, 'g.json').problem).toBe("The view's origin (0.3, 0) is not on a cell at 64 cells per view: pick another resolution, or move the view.");
  });

  it('says of a grid-bound node what build says before it writes a tile', async () => {
    const file = 'rivers-from-the-rain.json';
    const s = tilesSummary(read(file), 'rivers', { ...small, format: 'png16' }, file);
    expect(s.problem).toBe(null);
    const dir = scratchDir('tiles-plan');
    writeFileSync(join(dir, file), readFileSync(`graphs/${file}`));
    const r = await runCli('build', join(dir, file), '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'rivers', '--format', 'png16', '--out', join(dir, 'out'));
    expect(r.code, r.err).toBe(0);
    const warning = /warning: (.*? on the grid it runs on \(an erosion, a flow, a view cut or start, a coast without a cap\), so each tile gets its own)/.exec(r.err)![1];
    expect(s.seams).toContain(warning);
    // And not of a graph whose nodes are all world-consistent.
    expect(tilesSummary(read('default.json'), 'biomes', { ...small, format: 'indexed' }, 'default.json').seams).toBe(null);
  });
});
