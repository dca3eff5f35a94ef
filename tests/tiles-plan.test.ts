// Export → Tiles' planning (src/viewer-core/tiles.ts): the tiles, samples and world area the box
// says, the browser's limit (the download's bytes, and the files a zip holds) with the command
// line instead, and the seams of a grid-bound graph
// said as `terrain-graph build` says them.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBuild } from '../src/build/prepare.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { zipStored } from '../src/render/zip.ts';
import { BROWSER_BYTES_MAX, bytesText, TILES_DEFAULTS, type TilesChoice, tilesSummary } from '../src/viewer-core/tiles.ts';
import { worldFit } from '../src/viewer-core/tiles-world.ts';
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
    expect(s.command).toBe('npx terrain-graph build default.json --region 0,0,1,1 --cells-per-view 64 --tile-size 33 --node water --format r16 --metres-per-cell 10 --height-range 1000 --out water.tiles-33-64');
    // Two r16 layers (terrain, mask) of 4 × 33² samples at 2 bytes, and the manifests.
    expect(s.bytes).toBeGreaterThan(4 * 33 * 33 * 2 * 2);
    expect(s.bytes).toBeLessThan(4 * 33 * 33 * 2 * 2 + 20_000);
  });

  it("takes the graph's world as the region (build --region world): 2 × 2 views at 64 are 2 × 2 tiles of 65, filling it; none without a world", async () => {
    const g = read('eroded-valleys.json');
    const choice = { ...small, across: 'world' as const, tileSize: 65, format: 'f32' as const };
    expect(tilesSummary(g, 'erosion', choice, 'eroded-valleys.json').problem).toBe(
      'The graph has no world: give it one under the map of an eroded node ("Give the graph a world"), or choose tiles or samples.',
    );
    g.world = { x: 0, y: -1, size: 2 };
    const s = tilesSummary(g, 'erosion', choice, 'eroded-valleys.json');
    expect(s.problem).toBe(null);
    expect(s.region).toEqual({ x0: 0, y0: -1, x1: 2, y1: 1 });
    expect(s.shape).toEqual({ count: 4, tilesX: 2, tilesY: 2, tileSize: 65, samplesX: 129, samplesY: 129 });
    expect(s.command).toContain('build eroded-valleys.json --region world --cells-per-view 64 --tile-size 65 --node erosion');
    // These fill the world: the erosion runs on its grid, as in the editor.
    // Named by its title, as the box's heading and the canvas name it (it said "erosion", the id).
    expect(s.grid).toBe('Hydraulic erosion runs once on the whole export (129² samples) before the first tile, so the tiles agree at their edges.');
    // Tiles reaching past it say so beside the summary, with what fills it (tiles-world.ts worldFit).
    const wide = { ...g, world: { x: -1, y: -1, size: 3 } };
    const past = { ...choice, tileSize: 1025, cellsPerView: 256 };
    // One tile of 1025² over the world's 769²: no edges to agree, and more land than the world.
    expect(tilesSummary(wide, 'erosion', past, 'eroded-valleys.json').grid).toBe(null);
    expect(worldFit(wide.world, past, ['Hydraulic erosion'])!.text).toBe(
      "These tiles reach past the graph's world, so Hydraulic erosion runs on all they cover, " +
        "not on the world's 769² samples the editor runs it on: their land is not the editor's. " +
        // It said "Tiles of 33², 65², 129², 257², or 1024 cells a view fill the world", 1024 read as a tile size.
        "At 256 cells a view, Unity's tiles of 33², 65², 129² or 257² fill it.",
    );
    expect(worldFit(wide.world, { ...choice, tileSize: 1025, cellsPerView: 1024 }, ['Hydraulic erosion'])).toBe(null);
    // The command plans the same tiles.
    const dir = scratchDir('tiles-world');
    writeFileSync(join(dir, 'eroded-valleys.json'), serializeGraph(g));
    const r = await runCli(...s.command.replace('npx terrain-graph ', '').replace('eroded-valleys.json', join(dir, 'eroded-valleys.json')).split(' '), '--plan');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).tiles.map((t: { files: string[] }) => t.files)).toEqual(s.plan!.tiles.map((t) => t.files.map((f) => f.path)));
  });

  it("says what to do when no tile size of the engine fills the graph's world: Unreal's at another resolution, Unity's do", () => {
    const g = { ...read('eroded-valleys.json'), world: { x: -1, y: -1, size: 3 } };
    const choice: TilesChoice = { ...TILES_DEFAULTS, layout: 'unreal', tileSize: 1009, cellsPerView: 1024, across: 'world', format: 'png16' };
    const s = tilesSummary(g, 'erosion', choice, 'eroded-valleys.json');
    expect(s.problem).toBe(null);
    expect(s.grid).toBe('Hydraulic erosion runs once on the whole export (4033² samples) before the first tile, so the tiles agree at their edges.');
    // A game developer exporting for Unreal read that the land was not the editor's, then a pointer to Unity.
    expect(worldFit(g.world, choice, ['Hydraulic erosion'])!.text).toBe(
      "These tiles reach past the graph's world, so Hydraulic erosion runs on all they cover, not on the world's 3073² samples the editor runs it on: their land is not the editor's. " +
        "No Unreal tile size fills a world of 3 × 3 views at 1024 cells a view (Unreal's tiles span 504, 1008 or 2016 cells, the world 3072): at 1008 cells a view, 3 × 3 tiles of 1009² do.",
    );
    // At 1008 cells a view, as it says, the plan is 3 × 3 tiles over the world's 3025² samples, and nothing is said of the world.
    const at1008 = tilesSummary(g, 'erosion', { ...choice, cellsPerView: 1008 }, 'eroded-valleys.json');
    expect(at1008.shape).toMatchObject({ tilesX: 3, tilesY: 3, samplesX: 3025 });
    expect(at1008.grid).toBe('Hydraulic erosion runs once on the whole export (3025² samples) before the first tile, so the tiles agree at their edges.');
    expect(worldFit(g.world, { ...choice, cellsPerView: 1008 }, ['Hydraulic erosion'])).toBe(null);
    // Unity's 1025² at 1024 fill it: nothing said of the world.
    expect(worldFit(g.world, { ...choice, layout: 'unity', tileSize: 1025, format: 'r16' }, ['Hydraulic erosion'])).toBe(null);
    // Unity's tiles of 2049² reach past a world of 5 × 5 views at 256 (1281²): the sizes that fill it at 256.
    expect(worldFit({ x: -1, y: -1, size: 5 }, { ...choice, layout: 'unity', tileSize: 2049, cellsPerView: 256, format: 'r16' }, ['Hydraulic erosion'])!.text).toMatch(
      /their land is not the editor's\. At 256 cells a view, Unity's tiles of 33², 65², 129² or 257² fill it\.$/,
    );
  });

  it('takes the region in samples: 100 × 65 samples are 4 × 2 tiles of 33, the last column reaching past the region', () => {
    const s = tilesSummary(read('default.json'), 'height', { ...small, across: 'samples', x: 100, y: 65 }, 'default.json');
    expect(s.shape).toEqual({ count: 8, tilesX: 4, tilesY: 2, tileSize: 33, samplesX: 100, samplesY: 65 });
    expect(s.region).toEqual({ x0: 0, y0: 0, x1: 99 / 64, y1: 1 });
  });

  it("refuses a download past the browser's limit in bytes, naming its size, the limit and the build command: f32 of the water's two outputs on 8 × 8 tiles of 1025², where png16 of the same world is taken", () => {
    const g = read('default.json');
    const unity = (node: string, format: TilesChoice['format'], x = 8, y = 8) =>
      tilesSummary(g, node, { ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 1024, x, y, format }, 'default.json');
    const f32 = unity('water', 'f32');
    expect(f32.bytes).toBeGreaterThan(BROWSER_BYTES_MAX);
    expect(f32.plan).toBe(null);
    expect(f32.shape!.count).toBe(64);
    expect(f32.problem).toBe(
      '64 tiles of 1025² in f32 are a download of about 513 MB: the browser exports at most 384 MB, since it holds the whole download in memory. Build it with terrain-graph build, which writes one tile at a time to disk:',
    );
    expect(f32.command).toBe('npx terrain-graph build default.json --region 0,0,8,8 --cells-per-view 1024 --tile-size 1025 --node water --format f32 --metres-per-cell 10 --height-range 1000 --out water.tiles-1025-1024');
    // Past the limit too the world's size on the ground is said: 8 tiles of 1024 cells at 10 m, 81.92 km each way.
    expect(f32.ground).toMatchObject({ across: 81_920, up: 81_920 });
    const png16 = unity('water', 'png16');
    expect(png16.problem).toBe(null);
    expect(png16.plan!.tiles.length).toBe(64);
    // A world far past the limit is refused from the numbers, never planned tile by tile.
    const far = unity('height', 'png16', 200, 200);
    expect(far.plan).toBe(null);
    expect(far.shape!.count).toBe(40_000);
    expect(far.problem).toMatch(/^40,000 tiles of 1025² in png16 are a download of about 62\.\d GB: the browser exports at most 384 MB/);
  });

  it("takes the worlds the README names (Unity's 8 × 8 tiles of 1025² in png16 and r16, 66 Unreal tiles of 1009², 16 of 2049²), and 16-bit PNGs of a world the old bound of 67.2 M samples refused", () => {
    const g = read('default.json');
    const at = (node: string, layout: TilesChoice['layout'], tileSize: number, x: number, y: number, format: TilesChoice['format'] = 'png16') =>
      tilesSummary(g, node, { ...TILES_DEFAULTS, layout, tileSize, cellsPerView: 1024, x, y, format }, 'default.json');
    for (const [node, layout, t, x, y, format] of [
      ['height', 'unity', 1025, 8, 8, 'png16'],
      ['height', 'unity', 1025, 8, 8, 'r16'],
      ['water', 'unity', 1025, 8, 8, 'r16'],
      ['height', 'unreal', 1009, 11, 6, 'png16'],
      ['height', 'unity', 2049, 4, 4, 'png16'],
      ['height', 'unity', 1025, 12, 12, 'png16'],
    ] as const) {
      const s = at(node, layout, t, x, y, format);
      expect(s.problem, `${node}: ${x * y} tiles of ${t}² in ${format}`).toBe(null);
      expect(s.plan!.tiles.length).toBe(x * y);
    }
    // 144 tiles of 1025² are 151.3 M samples, past the old bound, and about 231 MB.
    expect(bytesText(at('height', 'unity', 1025, 12, 12).bytes)).toBe('231 MB');
  });

  it('says a download just past the limit and the limit in figures that differ, never "about 384 MB … at most 384 MB"', () => {
    const g = read('default.json');
    const row = (x: number) => tilesSummary(g, 'height', { ...TILES_DEFAULTS, layout: 'unity', tileSize: 33, cellsPerView: 64, x, y: 1, format: 'png16' }, 'default.json');
    // Each tile of 33² adds about 2.6 kB: the first count past the limit is within a few kB of it.
    const perTile = row(2).bytes - row(1).bytes;
    let x = Math.floor((BROWSER_BYTES_MAX - row(1).bytes) / perTile);
    while (row(x).bytes <= BROWSER_BYTES_MAX) x++;
    const past = row(x);
    expect(past.bytes - BROWSER_BYTES_MAX).toBeLessThanOrEqual(perTile);
    const [, over, limit] = /about (.*?): the browser exports at most (.*?), /.exec(past.problem!)!;
    expect(over).not.toBe(limit);
    expect(limit).toBe('402,653,184 bytes');
    expect(row(x - 1).problem).toMatch(/files: a zip holds at most 65,535/);
  });

  it('refuses more files than a zip holds (65,535) under the bytes limit: 40,000 tiles of 33² are 80,001 files; counted as build writes them', () => {
    const g = read('default.json');
    const s = tilesSummary(g, 'height', { ...small, x: 200, y: 200, format: 'png16' }, 'default.json');
    expect(s.bytes).toBeLessThan(BROWSER_BYTES_MAX);
    expect(s.plan).toBe(null);
    expect(s.problem).toBe('40,000 tiles of 33² in png16 are 80,001 files: a zip holds at most 65,535. Build it with terrain-graph build, which writes one tile at a time to disk:');
    // The count is the files build writes: manifest.json, and each tile's layers and its tile-K.json.
    const water = tilesSummary(g, 'water', { ...small, x: 180, y: 182 }, 'default.json');
    expect(water.problem).toBe('32,760 tiles of 33² in r16 are 98,281 files: a zip holds at most 65,535. Build it with terrain-graph build, which writes one tile at a time to disk:');
    const { plan } = planBuild({ graph: g, graphText: '', graphFile: 'default.json', region: tilesSummary(g, 'water', small, 'default.json').region, cellsPerView: 64, tileSize: 33, nodes: ['water'], formats: ['r16'], range: null, outDir: '' });
    expect(1 + plan.tiles.reduce((n, t) => n + t.files.length + 1, 0)).toBe(1 + 4 * 3);
    // Weight maps are a file a biome (13) a tile: 4,900 tiles of them are 68,601 files.
    const weights = tilesSummary(g, 'biomes', { ...small, x: 70, y: 70, format: 'weights' }, 'default.json');
    expect(weights.problem).toBe('4,900 tiles of 33² in weights are 68,601 files: a zip holds at most 65,535. Build it with terrain-graph build, which writes one tile at a time to disk:');
    const biomes = planBuild({ graph: g, graphText: '', graphFile: 'default.json', region: tilesSummary(g, 'biomes', small, 'default.json').region, cellsPerView: 64, tileSize: 33, nodes: ['biomes'], formats: ['weights'], range: null, outDir: '' });
    expect(1 + biomes.plan.tiles.reduce((n, t) => n + t.files.length + 1, 0)).toBe(1 + 4 * 14);
    expect(() => zipStored(Array.from({ length: 65_536 }, (_, k) => ({ name: `f${k}`, bytes: new Uint8Array(0) })))).toThrow('a zip holds at most 65,535 files, not 65,536');
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

  it("says the world's size on the ground from the metres a sample, as the manifest's import block has it, and refuses metres build refuses, naming the field", () => {
    const g = read('default.json');
    // A Gaea user's 4 km world at 1 m a sample: 4 × 4 Unity tiles of 1025², 1,024 m each.
    const gaea = tilesSummary(g, 'height', { ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 1024, x: 4, y: 4, format: 'r16', metresPerCell: 1, heightRange: 600 }, 'default.json');
    expect(gaea.ground).toMatchObject({ across: 4096, up: 4096 });
    expect(gaea.ground!.settings).toBe(
      'import at 1 m a sample, 600 m from 0 to 65535: Unity, 4 × 4 terrains of 1,024 m × 1,024 m, height 600 m, resolution 1025 (Toolbox: total 4,096 m × 4,096 m); Unreal, scale 100, 100, 117.1875',
    );
    expect(gaea.command).toContain(' --metres-per-cell 1 --height-range 600 ');
    // Half a metre, and a region in samples: the tiles' extent, which reaches past the region.
    const half = tilesSummary(g, 'height', { ...small, across: 'samples', x: 100, y: 65, metresPerCell: 0.5 }, 'default.json');
    expect(half.ground).toMatchObject({ across: 4 * 32 * 0.5, up: 2 * 32 * 0.5 });
    for (const [change, problem] of [
      [{ metresPerCell: 0 }, 'Metres a sample: the metres per cell must be above 0 and at most 100,000; got 0.'],
      [{ heightRange: 200_000 }, 'Height range: the height range is metres from the lowest to the highest point, above 0 and at most 100,000; got 200000.'],
    ] as const) {
      const s = tilesSummary(g, 'height', { ...small, ...change }, 'default.json');
      expect(s.problem).toBe(problem);
      expect(s.plan).toBe(null);
    }
  });

  it('says which formats apply, and refuses one that does not, and an origin off the lattice', () => {
    const g = read('default.json');
    expect(tilesSummary(g, 'biomes', small, 'default.json').formats).toEqual(['png', 'indexed', 'splat', 'weights']);
    expect(tilesSummary(g, 'biomes', small, 'default.json').problem).toBe("r16 does not apply to biomes's outputs: choose png, indexed, splat, weights.");
    // Splat maps are 4 files a tile (13 biomes, 4 a picture), weight maps 13: planned as build plans them.
    const splat = tilesSummary(g, 'biomes', { ...small, format: 'splat' }, 'default.json');
    expect(splat.problem).toBeNull();
    expect(splat.plan!.tiles[0].files.map((f) => f.path)).toEqual([0, 1, 2, 3].map((k) => `biomes.out/biomes.out.splat${k}_0_1.png`));
    expect(tilesSummary(g, 'biomes', { ...small, format: 'weights' }, 'default.json').plan!.tiles[0].files).toHaveLength(13);
    expect(tilesSummary(g, 'height', { ...small, format: 'splat' }, 'default.json').problem).toBe("splat does not apply to height's outputs: choose png16, r16, f32, png.");
    const off = { ...g, view: { ...g.view, x: 0.3 } };
    expect(tilesSummary(off, 'height', small, 'g.json').problem).toBe("The view's origin (0.3, 0) is not on a cell at 64 cells per view: pick another resolution, or move the view.");
  });

  it("writes negative numbers with the true minus sign for people, as the Region row does, and keeps the command line's '-' for the shell", () => {
    const g = read('default.json');
    const west = { ...g, view: { ...g.view, x: -1.3, y: -2 } };
    expect(tilesSummary(west, 'height', small, 'g.json').problem).toBe("The view's origin (−1.3, −2) is not on a cell at 64 cells per view: pick another resolution, or move the view.");
    const s = tilesSummary({ ...g, view: { ...g.view, x: -1, y: -2 } }, 'height', small, 'g.json');
    expect(s.problem).toBeNull();
    expect(s.command).toContain('--region -1,-2,0,-1 ');
    expect(s.command).not.toContain('−');
  });

  it("offers splat maps at Unity's texels (the default) or the tiles' samples, in the command line as build takes it, and refuses texels under an erosion as build does", async () => {
    const g = read('default.json');
    const texels = tilesSummary(g, 'biomes', { ...small, format: 'splat' }, 'default.json');
    expect(texels.splatSide).toBe(32);
    expect(texels.plan!.splatTexels).toBe(32);
    expect(texels.command).toContain(' --format splat --splat-size texels --metres-per-cell ');
    const samples = tilesSummary(g, 'biomes', { ...small, format: 'splat', splatSize: 'samples' }, 'default.json');
    expect([samples.splatSide, samples.plan!.splatTexels]).toEqual([33, null]);
    expect(samples.command).toContain(' --format splat --splat-size samples --metres-per-cell ');
    // Other formats say nothing of it.
    const weights = tilesSummary(g, 'biomes', { ...small, format: 'weights', splatSize: 'samples' }, 'default.json');
    expect([weights.splatSide, weights.command.includes('--splat-size')]).toEqual([null, false]);
    // The plan is build's for the same flags.
    for (const [s, size] of [
      [texels, 'texels'],
      [samples, 'samples'],
    ] as const) {
      const { plan } = planBuild({ graph: g, graphText: '', graphFile: 'default.json', region: s.region, cellsPerView: 64, tileSize: 33, nodes: ['biomes'], formats: ['splat'], range: null, outDir: '', splatSize: size });
      expect(s.plan!.splatTexels).toBe(plan.splatTexels);
    }
    // An erosion upstream runs on the whole grid of samples: refused at texels, as build refuses
    // it, in the box's words (its Splat maps select, not build's flags).
    const eroded = read('eroded-valleys.json');
    const refused = tilesSummary(eroded, 'biomes', { ...small, format: 'splat' }, 'eroded-valleys.json');
    const dir = scratchDir('tiles-plan');
    writeFileSync(join(dir, 'eroded-valleys.json'), readFileSync('graphs/eroded-valleys.json'));
    const r = await runCli(...refused.command.replace('npx terrain-graph ', '').replace('eroded-valleys.json', join(dir, 'eroded-valleys.json')).split(' '), '--plan');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--format splat at Unity's 32² texels .* give --splat-size samples/);
    expect(refused.plan).toBeNull();
    expect(refused.problem).toBe(
      "Splat maps at Unity's 32² texels are the biomes evaluated on a lattice of their own, and Hydraulic erosion runs once on the export's whole grid of samples, which holds no texel: pick 33² samples under Splat maps (Unity resamples them).",
    );
    expect(tilesSummary(eroded, 'biomes', { ...small, format: 'splat', splatSize: 'samples' }, 'eroded-valleys.json').problem).toBeNull();
  });

  it('says of a view-bound node what build says before it writes a tile, and nothing of a flow, which runs on the whole export', async () => {
    const dir = scratchDir('tiles-plan');
    // The water's level read from the view: each tile's own, as build warns.
    const viewCut = read('default.json');
    viewCut.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    const file = 'view-cut.json';
    writeFileSync(join(dir, file), serializeGraph(viewCut));
    const s = tilesSummary(viewCut, 'coast', { ...small, format: 'png16' }, file);
    expect(s.problem).toBe(null);
    const r = await runCli('build', join(dir, file), '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'coast', '--format', 'png16', '--out', join(dir, 'out'));
    expect(r.code, r.err).toBe(0);
    // Build warns of the same layer and cause the box names, by their titles, with the setting
    // that makes it (it said only "Export the region as one tile") and the change that mends it.
    expect(r.err).toMatch(/warning: coast will not match at tile edges: water depends on the grid it runs on/);
    expect(s.seams).toBe(
      "Water level (cut: view) reads each tile on its own, so Coast distance's tiles will not match at their edges (terrain-graph build warns of it too). " +
        "Set Water level's cut to world-8 and it reads the world, the same for every tile. " +
        // What the change does to the sea level, in the water node's words (NodeDef.worldParamsMove).
        "Water level's sea level will then be read from the world's heights (16 × 16 views around the origin), not this view's, so it moves, and the coast with it (Undo takes it back).",
    );
    // Rivers gather their basins across the whole export, once: no seams, and build says none.
    const rivers = 'rivers-from-the-rain.json';
    writeFileSync(join(dir, rivers), readFileSync(`graphs/${rivers}`));
    expect(tilesSummary(read(rivers), 'rivers', { ...small, format: 'png16' }, rivers).seams).toBe(null);
    const flow = await runCli('build', join(dir, rivers), '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'rivers', '--format', 'png16', '--out', join(dir, 'rivers'));
    expect(flow.code, flow.err).toBe(0);
    expect(flow.err).not.toContain('warning:');
    // A whole export past what the browser holds is refused, pointing to build.
    const big = tilesSummary(read(rivers), 'rivers', { ...small, format: 'png16', tileSize: 1025, cellsPerView: 1024, x: 5, y: 1 }, rivers);
    expect(big.grid).toBe(null);
    expect(tilesSummary(read(rivers), 'rivers', { ...small, format: 'png16' }, rivers).grid).toBe('Flow and rivers runs once on the whole export (65² samples) before the first tile, so the tiles agree at their edges.');
    expect(big.problem).toMatch(/^Flow and rivers runs once on the whole export so that tiles agree at their edges: 5121² samples here, and the browser holds at most 4097²\. Build it with terrain-graph build/);
    // And not of a graph whose nodes are all world-consistent.
    expect(tilesSummary(read('default.json'), 'biomes', { ...small, format: 'indexed' }, 'default.json').seams).toBe(null);
  });
});

describe('Export → Tiles command line and the file it reads', () => {
  it('says to save first while the graph shown is not the file the command names', async () => {
    const { setup } = await import('./helpers/viewer-setup.ts');
    const { core, session, settle } = setup();
    await settle();
    core.select(['water']);
    await settle();
    // A graph never saved under a name (as the default one opens, named after its title): Save as first.
    expect(session.tilesSummary()!.saveFirst).toMatch(/^The command reads [a-z-]+\.json, which this graph has not been saved as: save it under that name \(Save as…\)/);
    core.keep({ file: 'my world.json', clean: true });
    expect(session.tilesSummary()!.saveFirst).toBeNull();
    expect(session.tilesSummary()!.command).toContain("build 'my world.json' ");
    core.setParam('water', 'level', 0.5);
    expect(session.tilesSummary()!.saveFirst).toBe("The command reads my world.json as saved, without this graph's unsaved edits: save it (Ctrl+S) before you run it.");
    core.undo();
    expect(session.tilesSummary()!.saveFirst).toBeNull();
  });
});
