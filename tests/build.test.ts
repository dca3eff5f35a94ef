// `terrain-graph build`: a 3 × 2-tile build made on worker threads and again by GNU parallel
// (one process per tile) gives the same bytes; stitched tiles equal one evaluation of the whole
// region; 16-bit tiles share one range; resume, failures and refusals.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePlan, overreach } from '../src/build/plan.ts';
import { buildManifest, prepareBuild } from '../src/build/prepare.ts';
import { otherBuildIn } from '../src/build/tile.ts';
import { readCachedBundle, workerCode, writeCachedBundle } from '../src/build/worker-code.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { createEngine } from '../src/engine/engine.ts';
import { latticeDomain } from '../src/grid.ts';
import { nodeDef } from '../nodes/index.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { type Graph, upstreamOf } from '../src/model/graph.ts';
import { footprintOf, gridBound } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { tree } from './helpers/files.ts';

const GRAPH = 'graphs/default.json';
const N = 64;
const T = 33;
// 1.5 × 1 views at 64 cells per view: 97 × 65 samples, three tiles of 33 across, two up.
const REGION = '0.25,-0.5,1.75,0.5';
const [RX0, RY0] = [0.25, -0.5];

const run = runCli;
const tmp = (): string => scratchDir('build');

/**
 * The nodes the engine guarantees the same whatever the domain: those with no view-bound
 * footprint upstream (themselves included). As nodes become world-consistent (issue 10:
 * halos, a world-anchored wind, the world cut) the set grows to every node.
 */
function consistent(g: Graph, wholeGrid = false): string[] {
  // With the whole grid (build's default), an erosion or a flow runs on the build's whole area:
  // only a footprint that reads the view asked (a view cut) still differs from tile to tile.
  const viewBound = (id: string) => {
    const node = g.nodes.find((n) => n.id === id)!;
    const f = footprintOf(nodeDef(node.type)!, node.params);
    return f.kind === 'view' && !(wholeGrid && gridBound(f));
  };
  return g.nodes.map((n) => n.id).filter((id) => ![...upstreamOf(g, [id])].some(viewBound));
}

/**
 * Compares every tile of every consistent layer of a build (3 × 2 tiles of T at N) with one
 * evaluation of the whole region (97 × 97 cells; the region is 97 × 65), bit for bit; returns
 * the layers compared.
 */
function expectStitched(dir: string, g: Graph, built: any, wholeGrid = false): string[] {
  const side = 97;
  const whole = latticeDomain(N, RX0 * N, RY0 * N, side);
  const engine = createEngine(g);
  engine.evaluate({ domain: whole });
  const ids = consistent(g, wholeGrid);
  const checked: string[] = [];
  for (const layer of built.layers) {
    const [node, port] = layer.layer.split('.');
    if (!ids.includes(node)) continue;
    const want = engine.output(node, port, whole)!.data;
    for (const tile of built.tiles) {
      // Fields from their Float32 tiles (row 0 south); biome maps from their indexed PNGs (north up).
      const biome = layer.type === 'biome';
      const file = tile.files.find((f: string) => f.startsWith(`${layer.layer}/`) && f.endsWith(biome ? `.indexed_x${tile.col}_y${tile.row}.png` : '.f32'));
      const bytes = readFileSync(join(dir, file));
      const got = biome ? decode(bytes).data : new Float32Array(new Uint8Array(bytes).buffer);
      const { i0, j0 } = tile.samples;
      for (let r = 0; r < T; r++) {
        for (let c = 0; c < T; c++) {
          const value = got[(biome ? T - 1 - r : r) * T + c];
          const expected = want[(j0 + r) * side + i0 + c];
          if (!Object.is(value, expected)) throw new Error(`${layer.layer} tile ${tile.index} sample (${i0 + c}, ${j0 + r}): ${value} ≠ ${expected}`);
        }
      }
    }
    checked.push(layer.layer);
  }
  return checked;
}

const graph = parseGraph(readFileSync(GRAPH, 'utf8'), { file: GRAPH });
const ALL = graph.nodes.map((n) => n.id);
const common = ['--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--format', 'f32,png16,r16,indexed', '--node', ...ALL];

describe('terrain-graph build', () => {
  let threads: string;
  let manifest: any;

  beforeAll(async () => {
    threads = tmp();
    const r = await run('build', GRAPH, ...common, '--out', threads, '--jobs', '2');
    expect(r.err).toContain('6 rendered, 0 already built, 0 failed');
    expect(r.code).toBe(0);
    manifest = JSON.parse(readFileSync(join(threads, 'manifest.json'), 'utf8'));
  }, 120_000);

  it('starts its worker threads from one bundled module, not module by module through tsx', () => {
    // The bytes are the same either way (the test below compares them with lone processes);
    // the fallback only costs each thread about 0.4 s of loading.
    const code = workerCode();
    expect(code.href).not.toMatch(/worker\.mjs$/);
    // Kept in node_modules/.cache where it can be written, else inline.
    if (code.protocol === 'file:') expect(code.pathname).toMatch(/node_modules\/\.cache\/terrain-graph\/[0-9a-f]{64}\.mjs$/);
    else expect(code.protocol).toBe('data:');
  });

  it('loads a kept bundle only while every source it was made from hashes the same', () => {
    const dir = tmp();
    const [a, b] = [join(dir, 'a.ts'), join(dir, 'b.ts')];
    writeFileSync(a, 'export const a = 1;');
    writeFileSync(b, 'export const b = 2;');
    const code = new TextEncoder().encode('export {};');
    const cache = join(dir, 'cache');
    const kept = writeCachedBundle(cache, 'key 1', [a, b], code);
    expect(kept).not.toBeNull();
    expect(readCachedBundle(cache, 'key 1')).toBe(kept);
    expect(readFileSync(kept!)).toEqual(Buffer.from(code));
    // Another bundler, Node or entry: another record.
    expect(readCachedBundle(cache, 'key 2')).toBeNull();
    // A source edited, or gone: bundled again.
    writeFileSync(b, 'export const b = 3;');
    expect(readCachedBundle(cache, 'key 1')).toBeNull();
    writeFileSync(b, 'export const b = 2;');
    expect(readCachedBundle(cache, 'key 1')).toBe(kept);
    rmSync(a);
    expect(readCachedBundle(cache, 'key 1')).toBeNull();
    writeFileSync(a, 'export const a = 1;');
    // The bundle itself altered: not loaded.
    writeFileSync(kept!, 'export const evil = 1;');
    expect(readCachedBundle(cache, 'key 1')).toBeNull();
    // Where nothing can be written, nothing is kept.
    writeFileSync(join(dir, 'file'), '');
    expect(writeCachedBundle(join(dir, 'file', 'cache'), 'key 1', [a], code)).toBeNull();
  });

  it('--plan prints the tiles as JSON and renders nothing', async () => {
    const dir = join(tmp(), 'never');
    const r = await run('build', GRAPH, ...common, '--out', dir, '--plan');
    expect(r.code).toBe(0);
    expect(existsSync(dir)).toBe(false);
    const plan = JSON.parse(r.out);
    expect([plan.tilesX, plan.tilesY, plan.count, plan.samples]).toEqual([3, 2, 6, { x: 97, y: 65 }]);
    // Neighbours share their edge sample: tile 1 starts where tile 0 ends.
    expect(plan.tiles[1].pixels.i0).toBe(plan.tiles[0].pixels.i1 - 1);
    expect(plan.tiles[1].world.x0).toBe(plan.tiles[0].world.x1);
    // Sample (i, j) is the cell centred on (X0 + (i + ½)/N, Y0 + (j + ½)/N): the cells a view at N shows.
    expect(plan.tiles[0].world).toEqual({ x0: RX0 + 0.5 / N, y0: RY0 + 32.5 / N, x1: RX0 + 32.5 / N, y1: RY0 + 64.5 / N });
    expect(plan.tiles.map((t: any) => t.files)).toEqual(manifest.tiles.map((t: any) => t.files));
  });

  it('gives the same bytes on worker threads and as one process per tile under GNU parallel', () => {
    const hasParallel = spawnSync('parallel', ['--version']).status === 0;
    expect(hasParallel, 'GNU parallel is needed: apt-get install parallel (.ci/run does)').toBe(true);
    const separate = tmp();
    const cmd = ['node', 'bin/terrain-graph.mjs', 'build', GRAPH, ...common, '--out', separate, '--tile', '{}'];
    execFileSync('parallel', ['-j', '2', '--halt', 'now,fail=1', cmd.join(' '), ':::', '0', '1', '2', '3', '4', '5'], { stdio: 'pipe' });
    const a = tree(threads);
    const b = tree(separate);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [name, bytes] of a) expect(Buffer.compare(bytes, b.get(name)!), name).toBe(0);
    // Six files per field layer and tile… and a manifest per tile plus the build's.
    expect(a.size).toBe(1 + 6 + 6 * manifest.layers.reduce((s: number, l: any) => s + l.formats.length, 0));
  }, 120_000);

  it('takes the tile index from a fan-out engine (Kubernetes, AWS Batch) and writes the same bytes', () => {
    const dir = tmp();
    for (const [name, index] of [['JOB_COMPLETION_INDEX', '4'], ['AWS_BATCH_JOB_ARRAY_INDEX', '1']]) {
      const r = spawnSync('node', ['bin/terrain-graph.mjs', 'build', GRAPH, ...common, '--out', dir], { env: { ...process.env, [name]: index }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    const built = tree(dir);
    const tile4 = JSON.parse(built.get('tiles/tile-4.json')!.toString());
    const tile1 = JSON.parse(built.get('tiles/tile-1.json')!.toString());
    expect(built.has('tiles/tile-0.json')).toBe(false);
    for (const f of [...tile4.files, ...tile1.files]) expect(Buffer.compare(built.get(f.path)!, readFileSync(join(threads, f.path))), f.path).toBe(0);
    expect(Buffer.compare(built.get('manifest.json')!, readFileSync(join(threads, 'manifest.json')))).toBe(0);
  }, 60_000);

  it('stitches into the single evaluation of the whole region, every layer of the default graph', () => {
    const checked = expectStitched(threads, graph, manifest);
    // The default graph is world-consistent (issue 10): every one of its layers, climate and biomes included.
    expect(checked).toEqual(manifest.layers.map((l: any) => l.layer));
    expect(checked).toHaveLength(ALL.length + 1); // the water node has two outputs
  });

  it('runs an erosion once on the whole build: its tiles and everything downstream stitch into one evaluation of the whole region', async () => {
    // The default graph's layers all match: not a word.
    expect(manifest.layers.filter((l: any) => l.seams)).toEqual([]);
    expect(manifest.grid).toBeUndefined();
    const dir = tmp();
    const file = 'graphs/eroded-valleys.json';
    const r = await run('build', file, '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'height', 'erosion', 'biomes', '--format', 'f32,indexed', '--out', dir, '--jobs', '2');
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain('warning:');
    expect(r.err).toContain('erosion runs once on the whole build (97² samples) before the first tile, so tiles agree at their edges');
    const built = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(built.layers.filter((l: any) => l.seams)).toEqual([]);
    expect(built.grid).toEqual({ nodes: ['erosion'], ranOn: 'the whole build, once: every tile is a crop of it', samples: 97, from: { i: 0, j: 0 } });
    // Every tile is the cells of one evaluation of the region's 97² square: the erosion, and the
    // biomes downstream of it (the coast, rank, climate read the eroded land across tile edges).
    const eroded = parseGraph(readFileSync(file, 'utf8'));
    const stitched = expectStitched(dir, eroded, built, true);
    expect(stitched).toEqual(built.layers.map((l: any) => l.layer));
    expect(stitched).toContain('erosion.out');
    expect(stitched).toContain('biomes.out');
    // A lone tile process (a fan-out's) runs the same erosion: the same bytes as the threads'.
    const lone = tmp();
    const one = await run('build', file, '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'height', 'erosion', 'biomes', '--format', 'f32,indexed', '--out', lone, '--tile', '4');
    expect(one.code, one.err).toBe(0);
    const tile4 = JSON.parse(readFileSync(join(lone, 'tiles/tile-4.json'), 'utf8'));
    for (const f of tile4.files) expect(Buffer.compare(readFileSync(join(lone, f.path)), readFileSync(join(dir, f.path))), f.path).toBe(0);
  }, 120_000);

  it('with --grid tile, runs the erosion on each tile, and says before a tile is written, and in its manifest, that it will not match at tile edges', async () => {
    const dir = tmp();
    const r = await run('build', 'graphs/eroded-valleys.json', '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'height', 'erosion', '--format', 'f32', '--out', dir, '--grid', 'tile');
    expect(r.code, r.err).toBe(0);
    const warning = r.err.split('\n').find((l) => l.startsWith('warning:'));
    expect(warning).toMatch(/^warning: erosion will not match at tile edges: erosion depends on the grid it runs on, and each block of tiles runs its own \(--grid tile\)/);
    expect(r.err.indexOf('warning:')).toBeLessThan(r.err.indexOf('tile 0 done'));
    const built = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const seams = Object.fromEntries(built.layers.map((l: any) => [l.layer, l.seams ?? null]));
    expect(seams['height.out']).toBeNull();
    expect(seams['erosion.out']).toEqual({ at: 'tile edges', because: ['erosion'] });
    expect(built.grid.ranOn).toMatch(/^each block of tiles/);
    // And they do not: the shared column of the first two tiles differs.
    const f32 = (col: number) => new Float32Array(new Uint8Array(readFileSync(join(dir, built.tiles.find((t: any) => t.col === col && t.row === 0).files.find((f: string) => f.startsWith('erosion.out/') && f.endsWith('.f32'))))).buffer);
    const [a, b] = [f32(0), f32(1)];
    let same = 0;
    for (let r = 0; r < T; r++) if (a[r * T + T - 1] === b[r * T]) same++;
    expect(same).toBeLessThan(T);
    // An unknown mode is refused, naming the option.
    const bad = await run('build', 'graphs/eroded-valleys.json', '--region', REGION, '--cells-per-view', String(N), '--out', tmp(), '--grid', 'tiles');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--grid: unknown "tiles"; choose whole or tile');
  });

  it('refuses a whole grid too large to hold, and says what to do instead', () => {
    const graph = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
    const req = { graph, graphText: '', graphFile: 'eroded-valleys.json', region: { x0: 0, y0: 0, x1: 9, y1: 1 }, cellsPerView: 1024, tileSize: 1025, nodes: ['erosion'], formats: ['f32' as const], range: null, outDir: '' };
    expect(() => prepareBuild(req)).toThrow(/erosion runs on the build's whole grid so that tiles agree at their edges: here 9217² samples, more than the 8193² a build holds\. .*--grid tile/);
  });

  it('stitches halo nodes too: a warp and a blur read past the tile edge and still agree', async () => {
    // The default graph with its height warped by the warp's own noise, then blurred.
    const doc = JSON.parse(readFileSync(GRAPH, 'utf8'));
    const add = (id: string, type: string) =>
      doc.nodes.push({ id, type, title: id, position: [0, 0], params: defaultParams(nodeDef(type)!) });
    add('warped', 'warp');
    add('soft', 'blur');
    doc.edges.push({ from: 'height.out', to: 'warped.in' }, { from: 'warped.out', to: 'soft.in' });
    const file = join(tmp(), 'halo.json');
    writeFileSync(file, JSON.stringify(doc));
    const halo = parseGraph(JSON.stringify(doc), { file });
    const dir = tmp();
    const r = await run('build', file, '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--format', 'f32', '--node', 'warped', 'soft', '--out', dir, '--jobs', '2');
    expect(r.code, r.err).toBe(0);
    const built = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(expectStitched(dir, halo, built)).toEqual(['warped.out', 'soft.out']);
  }, 120_000);

  it('evaluates bypassed nodes as render and the editor do: their input passed through', async () => {
    // The C curve bypassed: the height's base is then the continent noise itself, as in a graph
    // wired that way.
    const text = readFileSync('graphs/default.json', 'utf8');
    const bypassed = parseGraph(text);
    bypassed.nodes.find((n) => n.id === 'contCurve')!.bypass = true;
    const rewired = text.replace('{ "from": "contCurve.out", "to": "height.base" }', '{ "from": "cont.out", "to": "height.base" }');
    expect(rewired).not.toBe(text);
    const dir = tmp();
    const files: Record<string, string> = { plain: text, bypassed: serializeGraph(bypassed), rewired };
    const heights: Record<string, Buffer> = {};
    for (const [name, graphText] of Object.entries(files)) {
      writeFileSync(join(dir, `${name}.json`), graphText);
      const out = join(dir, name);
      const r = await run('build', join(dir, `${name}.json`), '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'height', '--format', 'f32', '--out', out);
      expect(r.code, r.err).toBe(0);
      heights[name] = Buffer.concat([...tree(out)].filter(([path]) => path.endsWith('.f32')).sort(([a], [b]) => a.localeCompare(b)).map(([, bytes]) => bytes));
    }
    expect(heights.bypassed.length).toBeGreaterThan(0);
    expect(heights.bypassed.equals(heights.rewired)).toBe(true);
    expect(heights.bypassed.equals(heights.plain)).toBe(false);
  });

  it('writes 16-bit tiles over one range for the whole world, so shared edges are equal', () => {
    const height = manifest.layers.find((l: any) => l.layer === 'height.out');
    expect(height.range.source).toBe('coarse');
    const { min, max } = height.range;
    const perTile = manifest.tiles.map((t: any) => JSON.parse(readFileSync(join(threads, t.manifest), 'utf8')));
    // The tiles' own ranges differ; the file's mapping does not.
    const own = perTile.map((m: any) => m.files.find((f: any) => f.path.endsWith('.f32') && f.layer === 'height.out'));
    expect(new Set(own.map((f: any) => f.min)).size).toBeGreaterThan(1);
    // The png16 encoder finds the tile's own range in its pass: the same as read from the floats.
    const ownPng = perTile.map((m: any) => m.files.find((f: any) => f.path.endsWith('.png') && f.layer === 'height.out'));
    expect(ownPng.map((f: any) => [f.min, f.max])).toEqual(own.map((f: any) => [f.min, f.max]));
    for (const tile of manifest.tiles) {
      const f32 = new Float32Array(new Uint8Array(readFileSync(join(threads, tile.files.find((f: string) => f.startsWith('height.out/') && f.endsWith('.f32'))))).buffer);
      const png = decode(readFileSync(join(threads, tile.files.find((f: string) => f.startsWith('height.out/') && f.endsWith('.png')))));
      const r16 = new Uint16Array(new Uint8Array(readFileSync(join(threads, tile.files.find((f: string) => f.startsWith('height.out/') && f.endsWith('.raw'))))).buffer);
      expect([png.width, png.height, png.depth, png.channels]).toEqual([T, T, 16, 1]);
      for (let r = 0; r < T; r++) {
        for (let c = 0; c < T; c++) {
          const q = Math.round(Math.min(1, Math.max(0, (f32[r * T + c] - min) / (max - min))) * 65535);
          // PNG north row first (Unreal); .raw (r16) south row first (Unity reads it from z = 0).
          expect(png.data[(T - 1 - r) * T + c]).toBe(q);
          expect(r16[r * T + c]).toBe(q);
        }
      }
    }
    // East edge of tile 0 is the west edge of tile 1, in the 16-bit files too.
    const grey = (i: number) => decode(readFileSync(join(threads, manifest.tiles[i].files.find((f: string) => f.startsWith('height.out/') && f.endsWith('.png'))))).data;
    const [a, b] = [grey(0), grey(1)];
    for (let y = 0; y < T; y++) expect(b[y * T]).toBe(a[y * T + T - 1]);
  });

  it('skips finished tiles on a second run and rebuilds only what is missing or stale', async () => {
    const dir = tmp();
    const args = ['build', GRAPH, ...common, '--out', dir];
    expect((await run(...args)).err).toContain('6 rendered, 0 already built');
    const before = statSync(join(dir, 'height.out/height.out_x0_y0.png')).mtimeMs;
    const second = (await run(...args)).err;
    expect(second).toContain('0 rendered, 6 already built');
    // One line for the tiles skipped, not one each.
    expect(second).toContain('6 of 6 tiles already built from the same graph and settings: skipped');
    expect(second).not.toMatch(/tile \d+ skipped/);
    expect(statSync(join(dir, 'height.out/height.out_x0_y0.png')).mtimeMs).toBe(before);
    rmSync(join(dir, 'tiles/tile-3.json'));
    rmSync(join(dir, 'wind.out/wind.out_x2_y0.f32'));
    const again = await run(...args);
    expect(again.err).toContain('2 rendered, 4 already built');
    expect(again.err).toMatch(/tile 2 done[\s\S]*tile 3 done|tile 3 done[\s\S]*tile 2 done/);
    // Another graph (another hash) rebuilds everything.
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, readFileSync(GRAPH, 'utf8').replace('"size": 256', '"size": 128'));
    expect((await run('build', changed, ...common, '--out', dir)).err).toContain('6 rendered, 0 already built');
  }, 120_000);

  it('reports a failed tile by index and builds it when rerun alone', async () => {
    const dir = tmp();
    // A directory where tile 5's biome map should go: its write fails, the other tiles do not.
    mkdirSync(join(dir, 'biomes.out/biomes.out.indexed_x2_y1.png'), { recursive: true });
    const r = await run('build', GRAPH, ...common, '--out', dir, '--jobs', '2');
    expect(r.code).toBe(1);
    expect(r.err).toContain('tile 5 FAILED');
    expect(r.err).toContain('failed tiles: 5;');
    expect(r.err).toContain('5 rendered, 0 already built, 1 failed');
    rmSync(join(dir, 'biomes.out/biomes.out.indexed_x2_y1.png'), { recursive: true });
    const alone = await run('build', GRAPH, ...common, '--out', dir, '--tile', '5');
    expect(alone.code).toBe(0);
    const built = tree(dir);
    for (const [name, bytes] of tree(threads)) expect(Buffer.compare(bytes, built.get(name)!), name).toBe(0);
  }, 120_000);

  it('refuses a bad region, size, tile size, index or format with exit 2 and says which', async () => {
    const base = ['build', GRAPH, '--out', tmp()];
    const cases: [string[], RegExp][] = [
      [['--region', '1,0,0,1', '--cells-per-view', '64'], /--region 1,0,0,1 is empty/],
      [['--region', '0,0,1', '--cells-per-view', '64'], /--region expects X0,Y0,X1,Y1/],
      [['--region', '0,0,a,1', '--cells-per-view', '64'], /--region expects/],
      [['--region', '0,0,0.3,1', '--cells-per-view', '64'], /not a whole number of cells/],
      [['--region', '0.001,0,1.001,1', '--cells-per-view', '64'], /does not start on a cell at 64 cells per view/],
      [['--region', '0,0,1,1', '--cells-per-view', '0'], /--cells-per-view must be an integer/],
      [['--region', '0,0,1,1', '--cells-per-view', '12.5'], /--cells-per-view must be an integer/],
      [['--region', '0,0,1,1', '--cells-per-view', '8'], /--cells-per-view must be an integer in 16/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '1000'], /--tile-size 1000 is not a size an engine imports/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', 'big'], /--tile-size must be an integer/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--tile', '4'], /--tile 4 is out of range: this build has 4 tiles \(0…3\)/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile', '-1'], /--tile must be a whole number from 0, got "-1"/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile', '0', '--jobs', '2'], /either --jobs or one tile/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--jobs', '0'], /--jobs must be an integer/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--format', 'tiff'], /unknown format "tiff"/],
      // What people coming from Unity and World Machine type.
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '1024'], /--tile-size 1024 is not a size an engine imports \(did you mean 1025\? a heightmap has one sample more a side than quads\)/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '1008'], /\(did you mean 1009\?/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--format', 'raw'], /unknown format "raw" \(r16 writes 16-bit raw \.raw files for Unity; f32 raw Float32\)/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--format', 'exr'], /unknown format "exr" \(f32 writes raw little-endian Float32; EXR is not offered\)/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--node', 'biomes', '--format', 'r16'], /does not apply to biomes.out, a biome layer/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--node', 'nowhere'], /no node "nowhere"/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--node', 'wate'], /no node "wate" in the graph \(did you mean "water"\?\)/],
      [['--region', '0,0,1,1', '--cells-per-view', '64', '--range', '1,0'], /MAX must be greater than MIN/],
      [['--cells-per-view', '64'], /build needs --region/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...base, ...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    const env = spawnSync('node', ['bin/terrain-graph.mjs', ...base, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33'], {
      env: { ...process.env, JOB_COMPLETION_INDEX: '9' },
      encoding: 'utf8',
    });
    expect(env.status).toBe(2);
    expect(env.stderr).toContain('JOB_COMPLETION_INDEX 9 is out of range: this build has 4 tiles');
  }, 60_000);

  it('refuses a graph with an input left without a wire, as render and check do, before it writes a file', async () => {
    const dir = tmp();
    const file = join(dir, 'unwired.json');
    const g = parseGraph(readFileSync(GRAPH, 'utf8'), { file: GRAPH });
    writeFileSync(file, serializeGraph({ ...g, edges: g.edges.filter((e) => !(e.to.node === 'biomes' && e.to.port === 'moisture')) }));
    const out = join(dir, 'out');
    // It started, wrote manifest.json and failed every tile ("node "biomes" missing"), exit 1.
    const r = await run('build', file, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--out', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unwired.json: 1 problem in the graph');
    expect(r.err).toContain('input "moisture" of whittaker node "biomes" has no wire');
    expect(existsSync(out)).toBe(false);
    // A node upstream of none of the layers written may be unfinished.
    const fine = await run('build', file, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'height', '--out', out);
    expect(fine.code).toBe(0);
  }, 60_000);

  it("names Unity's tiles as its Terrain Toolbox reads a folder: .raw files, sorted as text into x, then z from the south", () => {
    // 12 × 3 tiles of 33² (385 × 97 samples): more than 10 a side, where "_10_0" sorted before "_2_0".
    const plan = makePlan({ region: { x0: 0, y0: 0, x1: 12, y1: 3 }, cellsPerView: 32, tileSize: 33, layers: [{ stem: 'height.out', formats: ['r16'] }] });
    expect([plan.tilesX, plan.tilesY]).toEqual([12, 3]);
    const name = (col: number, row: number) => plan.tiles.find((t) => t.col === col && t.row === row)!.files[0].path;
    expect(name(0, 2)).toBe('height.out/height.out_00_00.raw');
    expect(name(11, 0)).toBe('height.out/height.out_11_02.raw');
    // Batch mode lists "*.raw", sorts the names as text and gives them to the tiles x by x, each x's from z = 0 (south) up.
    const toolboxOrder: string[] = [];
    for (let x = 0; x < plan.tilesX; x++) for (let z = 0; z < plan.tilesY; z++) toolboxOrder.push(name(x, plan.tilesY - 1 - z));
    expect(plan.tiles.map((t) => t.files[0].path).sort()).toEqual(toolboxOrder);
  });

  it("refuses a folder holding another build's layout, or another program's manifest.json, and changes nothing in it", async () => {
    const dir = tmp();
    const small = ['--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--format', 'f32'];
    expect((await run('build', GRAPH, '--region', '0,0,2,2', ...small, '--out', dir)).code).toBe(0);
    const before = tree(dir);
    // A smaller region into the same folder: 3 tiles of the 4 were left beside its one, and manifest.json listed only that one.
    const r = await run('build', GRAPH, '--region', '0,0,1,1', ...small, '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `--out ${dir} holds another build (region 0,0,2,2 at 32 cells per view, 2 × 2 tiles of 33², cont.out as f32); this one is region 0,0,1,1 at 32 cells per view, ` +
        "1 × 1 tiles of 33², cont.out as f32. Its tiles would stay beside this build's, and an engine's tiled import takes every file of a layer's folder: choose another --out, or remove that build first\n",
    );
    // Other formats are another layout too (a png16 beside the f32 of the same tiles).
    expect((await run('build', GRAPH, '--region', '0,0,2,2', ...small.slice(0, -1), 'png16', '--out', dir)).code).toBe(2);
    const after = tree(dir);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, bytes] of before) expect(Buffer.compare(bytes, after.get(name)!), name).toBe(0);
    // The same layout resumes.
    expect((await run('build', GRAPH, '--region', '0,0,2,2', ...small, '--out', dir)).err).toContain('0 rendered, 4 already built');
    // Another program's manifest.json was overwritten.
    const web = tmp();
    writeFileSync(join(web, 'manifest.json'), '{"name":"my app"}');
    const w = await run('build', GRAPH, '--region', '0,0,1,1', ...small, '--out', web);
    expect([w.code, w.err]).toEqual([2, `${join(web, 'manifest.json')} is not a terrain-graph build's manifest, and a build would write over it: choose another --out\n`]);
    expect(readFileSync(join(web, 'manifest.json'), 'utf8')).toBe('{"name":"my app"}');
  }, 60_000);

  it('takes a rerun into its own folder with the formats or nodes given in another order: the same files', async () => {
    const dir = tmp();
    const small = ['--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33'];
    expect((await run('build', GRAPH, ...small, '--node', 'cont', '--node', 'water', '--format', 'png16,f32', '--out', dir)).code).toBe(0);
    // It was refused as "another build (… cont.out as png16, f32 …); this one is … cont.out as f32, png16".
    const r = await run('build', GRAPH, ...small, '--node', 'water', '--node', 'cont', '--format', 'f32,png16', '--out', dir);
    expect([r.code, r.err.includes('holds another build')]).toEqual([0, false]);
  }, 60_000);

  it("takes a large build's own manifest.json for its own: 160,000 tiles resume", () => {
    // Its manifest is 68.5 MB; any manifest.json past 64 MB was taken for another program's.
    const dir = tmp();
    const text = readFileSync(GRAPH, 'utf8');
    const request = { graph: parseGraph(text), graphText: text, graphFile: GRAPH, region: { x0: 0, y0: 0, x1: 50, y1: 50 }, cellsPerView: 256, tileSize: 33 };
    const prepared = prepareBuild({ ...request, nodes: ['height'], formats: ['png16'], range: { min: -1, max: 1 }, outDir: dir });
    expect(prepared.plan.tiles.length).toBe(160_000);
    try {
      writeFileSync(join(dir, 'manifest.json'), buildManifest(prepared, GRAPH));
      expect(statSync(join(dir, 'manifest.json')).size).toBeGreaterThan(64 * 1024 * 1024);
      expect(otherBuildIn(dir, prepared.plan, prepared.job.layers)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("says in manifest.json where sample (i, j) is, as the tiles' world rectangles place it", () => {
    // It said "X0 + i / cellsPerView", half a cell off the cells the tiles hold.
    const at = (i: number, j: number) => {
      const [x, y] = manifest.samples.at.split(';')[0].split(', ');
      const value = (text: string) => Function('X0', 'Y0', 'i', 'j', 'cellsPerView', `return ${text}`)(RX0, RY0, i, j, N);
      return [value(x), value(y)];
    };
    for (const tile of manifest.tiles) {
      expect(at(tile.samples.i0, tile.samples.j0)).toEqual([tile.world.x0, tile.world.y0]);
      expect(at(tile.samples.i1 - 1, tile.samples.j1 - 1)).toEqual([tile.world.x1, tile.world.y1]);
    }
  });

  it("works out Unity's and Unreal's import settings from the metres given, in manifest.json and on stderr", async () => {
    const dir = tmp();
    const r = await run('build', GRAPH, '--region', '0,0,2,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'height', '--format', 'r16', '--metres-per-cell', '2', '--height-range', '1200', '--out', dir);
    expect(r.code).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect([m.tilesX, m.tilesY]).toEqual([2, 1]);
    // 32 quads of 2 m a tile; Unreal's Z scale 100 spans 512 m, so 1200 m is 100 · 1200 / 512.
    expect(m.import).toEqual({
      metresPerCell: 2,
      heightRange: 1200,
      tileMetres: 64,
      unity: { heightmapResolution: 33, terrainWidth: 64, terrainLength: 64, terrainHeight: 1200, tilesX: 2, tilesZ: 1, totalWidth: 128, totalLength: 64 },
      unreal: { scaleX: 200, scaleY: 200, scaleZ: 234.375 },
    });
    expect(r.err).toContain('import at 2 m a sample, 1,200 m from 0 to 65535: Unity, 2 × 1 terrains of 64 m × 64 m, height 1,200 m, resolution 33 (Toolbox: total 128 m × 64 m); Unreal, scale 200, 200, 234.375');
    // Without the metres, no import block: the editor's Export → Tiles makes the same manifest.json as the command.
    expect(manifest.import).toBeUndefined();
    const bad = await run('build', GRAPH, '--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'height', '--height-range', '0', '--out', tmp());
    expect([bad.code, bad.err]).toEqual([2, '--height-range: the height range is metres from the lowest to the highest point, above 0 and at most 100,000; got 0\n']);
  }, 60_000);

  it('says when the tiles reach past the region, and which resolution or region fills whole tiles', () => {
    const plan = (x1: number, y1: number, n: number, t: number) => makePlan({ region: { x0: 0, y0: 0, x1, y1 }, cellsPerView: n, tileSize: t, layers: [] });
    // The README's example: 16384² of heights as Unreal's 1009² tiles are 17 × 17 tiles, 17137² samples, said nowhere.
    expect(overreach(plan(16, 16, 1024, 1009))).toBe(
      "note: the last tiles reach 752 samples past the region's east edge and 752 past its north edge (the world goes on there); for exactly 16 × 16 tiles of 1009², --cells-per-view 1008 or --region 0,0,15.75,15.75",
    );
    for (const [x1, y1, n, t] of [[16, 16, 1008, 1009], [4, 4, 1024, 1025], [4, 2, 512, 129]]) expect(overreach(plan(x1, y1, n, t))).toBeNull();
    // No resolution makes whole tiles on both axes of this one: the region only.
    expect(overreach(plan(3, 2, 512, 1009))).toMatch(/for exactly 2 × 1 tiles of 1009², --region 0,0,3.9375,1.96875$/);
  });

  it('suggests in the note only what makePlan takes, each filling whole tiles: a corner off the lattice, far out', () => {
    // --cells-per-view 1008 was offered for a region at 0.1 (100.8 cells: refused), and a region
    // 10^6 views out at 97 was cut to 12 digits, 256.00003 cells (refused).
    const cases = [
      { x0: 0.1, y0: 0, x1: 16.1, y1: 16, n: 1000, t: 1009 },
      { x0: 1e6, y0: -2e6, x1: 1e6 + 3, y1: -2e6 + 3, n: 97, t: 129 },
      { x0: 0, y0: 0, x1: 16, y1: 16, n: 1024, t: 1009 },
    ];
    for (const { x0, y0, x1, y1, n, t } of cases) {
      const note = overreach(makePlan({ region: { x0, y0, x1, y1 }, cellsPerView: n, tileSize: t, layers: [] }))!;
      const region = /--region ([^ ]+)$/.exec(note)![1].split(',').map(Number);
      const fitted = makePlan({ region: { x0: region[0], y0: region[1], x1: region[2], y1: region[3] }, cellsPerView: n, tileSize: t, layers: [] });
      expect(overreach(fitted), note).toBeNull();
      const other = /--cells-per-view (\d+)/.exec(note);
      if (other) expect(overreach(makePlan({ region: { x0, y0, x1, y1 }, cellsPerView: Number(other[1]), tileSize: t, layers: [] })), note).toBeNull();
    }
  });

  it("gives a terrain layer's sea level in manifest.json, the one every tile has, and in metres with the height range", async () => {
    const dir = tmp();
    const args = ['--region', '0,0,2,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'water', '--format', 'png16'];
    expect((await run('build', GRAPH, ...args, '--height-range', '1000', '--out', dir)).code).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const terrain = m.layers.find((l: any) => l.layer === 'water.terrain');
    const tiles = m.tiles.map((t: any) => JSON.parse(readFileSync(join(dir, t.manifest), 'utf8')).files.find((f: any) => f.layer === 'water.terrain').seaLevel);
    expect(new Set(tiles)).toEqual(new Set([terrain.seaLevel]));
    const { min, max } = terrain.range;
    expect(terrain.seaLevelMetres).toBeCloseTo(((terrain.seaLevel - min) / (max - min)) * 1000, 5);
    expect(m.layers.find((l: any) => l.layer === 'water.mask').seaLevel).toBeUndefined();
    // Read from the view, the level is each tile's own: none for the world.
    const file = join(dir, 'view-cut.json');
    writeFileSync(file, readFileSync(GRAPH, 'utf8').replace('"cut": "world-8"', '"cut": "view"'));
    const viewCut = tmp();
    expect((await run('build', file, ...args, '--out', viewCut)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(viewCut, 'manifest.json'), 'utf8')).layers[0].seaLevel).toBeUndefined();
  }, 60_000);

  it("gives a terrain layer's world sea level in manifest.json whatever the formats: f32 alone, or a declared --range (no coarse pass)", async () => {
    const args = ['--region', '0,0,2,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'water'];
    const levelIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).layers.find((l: any) => l.layer === 'water.terrain');
    const png16 = tmp();
    expect((await run('build', GRAPH, ...args, '--format', 'png16', '--out', png16)).code).toBe(0);
    const want = levelIn(png16).seaLevel;
    expect(typeof want).toBe('number');
    for (const extra of [['--format', 'f32'], ['--format', 'f32', '--height-range', '1000'], ['--format', 'png16', '--range', '-1,1', '--height-range', '1000']]) {
      const dir = tmp();
      expect((await run('build', GRAPH, ...args, ...extra, '--out', dir)).code, extra.join(' ')).toBe(0);
      const terrain = levelIn(dir);
      expect(terrain.seaLevel, extra.join(' ')).toBe(want);
      // Each tile read the same level on its own.
      const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      const tiles = m.tiles.map((t: any) => JSON.parse(readFileSync(join(dir, t.manifest), 'utf8')).files.find((f: any) => f.layer === 'water.terrain').seaLevel);
      expect(new Set(tiles)).toEqual(new Set([want]));
      // In metres only where there is a 16-bit range to stand on (f32 has none).
      if (terrain.range) expect(terrain.seaLevelMetres).toBeCloseTo(((want - terrain.range.min) / (terrain.range.max - terrain.range.min)) * 1000, 5);
      else expect(terrain.seaLevelMetres).toBeUndefined();
    }
  }, 60_000);
});
