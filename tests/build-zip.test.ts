// The editor's Export → Tiles zip (src/build/files.ts, run in the export worker) holds exactly the
// files `terrain-graph build` writes for the same graph file, region, tile size, node and format:
// the same names and the same bytes. And the checksums it uses off Node (digest.ts's JavaScript)
// give Node's answers.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Js, sha256Js } from '../src/build/digest.ts';
import { buildZip } from '../src/build/files.ts';
import type { BuildRequest } from '../src/build/prepare.ts';
import { passThrough } from '../src/model/bypass.ts';
import { parseGraph } from '../src/model/format.ts';
import type { TilesRequest } from '../src/worker/protocol.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { tree } from './helpers/files.ts';
import { unzipStored } from './helpers/unzip.ts';

const GRAPH_TEXT = readFileSync('graphs/default.json', 'utf8');
const graph = passThrough(parseGraph(GRAPH_TEXT, { file: 'default.json' }));

/** 1 × 1 view at 64 cells a view: 65² samples, 2 × 2 tiles of 33 (the smallest size build takes). */
function request(over: Partial<BuildRequest> = {}): BuildRequest {
  return { graph, graphText: GRAPH_TEXT, graphFile: 'default.json', region: { x0: 0, y0: 0, x1: 1, y1: 1 }, cellsPerView: 64, tileSize: 33, nodes: ['water'], formats: ['png16'], range: null, outDir: '', ...over };
}

/** Every entry under `folder/` of the zip, by its path inside the folder; throws on an entry outside it. */
function entries(zip: Uint8Array, folder: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of unzipStored(zip)) {
    if (!e.name.startsWith(`${folder}/`)) throw new Error(`${e.name} is not under ${folder}/`);
    out.set(e.name.slice(folder.length + 1), e.bytes);
  }
  return out;
}

/** The paths whose bytes differ between the zip's files and the build folder's (or that only one has). */
function differences(zipped: Map<string, Uint8Array>, built: Map<string, Buffer>): string[] {
  const paths = [...new Set([...zipped.keys(), ...built.keys()])].sort();
  return paths.filter((p) => !zipped.has(p) || !built.has(p) || Buffer.compare(Buffer.from(zipped.get(p)!), built.get(p)!) !== 0);
}

async function cliBuild(args: string[]): Promise<Map<string, Buffer>> {
  const dir = scratchDir('zip');
  const file = join(dir, 'default.json');
  writeFileSync(file, GRAPH_TEXT);
  const out = join(dir, 'out');
  const r = await runCli('build', file, '--out', out, ...args);
  expect(r.code, r.err).toBe(0);
  return tree(out);
}

describe('Export → Tiles zip', () => {
  it('holds the files terrain-graph build writes, byte for byte: png16 of a terrain and its mask, 2 × 2 tiles of 33', async () => {
    const built = await cliBuild(['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'water', '--format', 'png16']);
    const zipped = entries(buildZip(request(), 'world'), 'world');
    expect([...zipped.keys()].sort()).toEqual([...built.keys()].sort());
    expect(zipped.size).toBe(1 + 4 * 3); // manifest.json, and per tile the terrain's and the mask's PNG and tile-K.json
    expect(differences(zipped, built)).toEqual([]);
  });

  it('holds the same bytes for r16, png and indexed, and a region that does not start at the origin', async () => {
    const region = { x0: -0.5, y0: 0.25, x1: 0.5, y1: 1.25 };
    const args = ['--region', '-0.5,0.25,0.5,1.25', '--cells-per-view', '64', '--tile-size', '33'];
    const heights = await cliBuild([...args, '--node', 'height', '--format', 'r16,png']);
    expect(differences(entries(buildZip(request({ region, nodes: ['height'], formats: ['r16', 'png'] }), 'w'), 'w'), heights)).toEqual([]);
    const biomes = await cliBuild([...args, '--node', 'biomes', '--format', 'indexed']);
    expect(differences(entries(buildZip(request({ region, nodes: ['biomes'], formats: ['indexed'] }), 'w'), 'w'), biomes)).toEqual([]);
  });

  it("holds the same bytes for an eroded graph, whose erosion runs once on the whole export as build's does", async () => {
    const text = readFileSync('graphs/eroded-valleys.json', 'utf8');
    const dir = scratchDir('zip');
    const file = join(dir, 'eroded-valleys.json');
    writeFileSync(file, text);
    const out = join(dir, 'out');
    const r = await runCli('build', file, '--out', out, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'erosion', '--format', 'f32', '--jobs', '2');
    expect(r.code, r.err).toBe(0);
    const eroded = passThrough(parseGraph(text, { file: 'eroded-valleys.json' }));
    const heard: unknown[][] = [];
    const zipped = entries(buildZip(request({ graph: eroded, graphText: text, graphFile: 'eroded-valleys.json', nodes: ['erosion'], formats: ['f32'] }), 'w', (...a) => heard.push(a)), 'w');
    // The export's progress says what its first tile waits for (src/worker/export-worker.ts).
    expect(heard[0]).toEqual([0, 4, 'erosion on the whole region (65² samples)']);
    expect(heard.slice(1).map((a) => a[0])).toEqual([1, 2, 3, 4]);
    expect(differences(zipped, tree(out))).toEqual([]);
    // And the tiles meet: the west tile's last column is the east tile's first (north row).
    const f32 = (name: string) => new Float32Array(Uint8Array.from(zipped.get([...zipped.keys()].find((p) => p.endsWith(name))!)!).buffer);
    const [west, east] = [f32('_x0_y0.f32'), f32('_x1_y0.f32')];
    for (let row = 0; row < 33; row++) expect(west[row * 33 + 32], `row ${row}`).toBe(east[row * 33]);
  });

  it('tells a tile shifted by one sample from the build (the comparison above can fail)', async () => {
    const built = await cliBuild(['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'water', '--format', 'png16']);
    // One sample east: the same names, tiles one sample off.
    const shifted = entries(buildZip(request({ region: { x0: 1 / 64, y0: 0, x1: 1 + 1 / 64, y1: 1 } }), 'world'), 'world');
    expect([...shifted.keys()].sort()).toEqual([...built.keys()].sort());
    const differ = differences(shifted, built);
    const pngs = [...built.keys()].filter((p) => p.endsWith('.png'));
    expect(pngs.length).toBe(8);
    for (const p of pngs) expect(differ).toContain(p);
  });
});

describe('checksums off Node', () => {
  it('the JavaScript CRC-32 and SHA-256 give what zlib and crypto give, at every length about a block', () => {
    let seed = 12345;
    const bytes = Uint8Array.from({ length: 3000 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24));
    for (const n of [0, 1, 7, 8, 9, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 3000]) {
      const b = bytes.subarray(0, n);
      expect(crc32Js(b), `crc32 of ${n} bytes`).toBe(zlibCrc32(b) >>> 0);
      expect(sha256Js(b), `sha256 of ${n} bytes`).toBe(createHash('sha256').update(b).digest('hex'));
    }
    expect(sha256Js('é and ü')).toBe(createHash('sha256').update('é and ü').digest('hex'));
  });

  it("and on a tile's size of bytes, as views into a larger buffer (a PNG chunk's CRC is taken over one)", () => {
    let seed = 99;
    const big = Uint8Array.from({ length: 1_200_037 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24));
    for (const [from, n] of [[0, 1_200_037], [3, 1_048_633], [17, 65536 * 8 + 5]]) {
      const b = big.subarray(from, from + n);
      expect(crc32Js(b), `crc32 of ${n} bytes from ${from}`).toBe(zlibCrc32(b) >>> 0);
      expect(sha256Js(b), `sha256 of ${n} bytes from ${from}`).toBe(createHash('sha256').update(b).digest('hex'));
    }
  });
});

describe("Export → Tiles' metres a sample", () => {
  it("reach manifest.json as build's --metres-per-cell and --height-range: the zip the box sends for is the build its command line writes, import block and sea level in metres included", async () => {
    const { setup } = await import('./helpers/viewer-setup.ts');
    const { core, session, exportWorkers, settle } = setup();
    core.select(['water']);
    await settle();
    // A Gaea user's world: 2.5 m a sample, 1,200 m from the 16-bit 0 to 65535.
    session.exports.setTiles({ ...session.exports.tiles, layout: 'unity', tileSize: 33, cellsPerView: 64, x: 2, y: 2, format: 'png16', metresPerCell: 2.5, heightRange: 1200 });
    const summary = session.tilesSummary()!;
    expect(summary.problem).toBe(null);
    // 2 × 2 tiles of 32 cells at 2.5 m: 160 m each way, as the manifest's Unity totals say.
    expect([summary.ground!.across, summary.ground!.up]).toEqual([160, 160]);
    expect(summary.command).toContain(' --metres-per-cell 2.5 --height-range 1200 ');
    session.exportTiles();
    exportWorkers[0].hold = true;
    const request = exportWorkers[0].sent.find((m): m is TilesRequest => m.kind === 'export-tiles')!;
    expect(request.scale).toEqual({ metresPerCell: 2.5, heightRange: 1200 });
    session.exports.cancel();

    // The export worker's zip of that request (export-worker.ts tilesZip).
    const graphOf = passThrough(parseGraph(request.graphText, { file: request.graphFile }));
    const req: BuildRequest = { graph: graphOf, graphText: request.graphText, graphFile: request.graphFile, region: request.region, cellsPerView: request.cellsPerView, tileSize: request.tileSize, nodes: [request.node], formats: request.formats, range: null, outDir: '' };
    const zipped = entries(buildZip(req, request.folder, undefined, request.scale), request.folder);

    // The box's command line, run on the graph file as the request carries it.
    const dir = scratchDir('zip-metres');
    const words = summary.command.split(' ');
    expect(words.slice(0, 3)).toEqual(['npx', 'terrain-graph', 'build']);
    const file = join(dir, words[3]);
    writeFileSync(file, request.graphText);
    const args = words.slice(4);
    args[args.indexOf('--out') + 1] = join(dir, 'out');
    const r = await runCli('build', file, ...args);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('import at 2.5 m a sample, 1,200 m from 0 to 65535');
    const built = tree(join(dir, 'out'));
    expect(differences(zipped, built)).toEqual([]);
    const manifest = JSON.parse(new TextDecoder().decode(zipped.get('manifest.json')));
    expect(manifest.import).toMatchObject({ metresPerCell: 2.5, heightRange: 1200, tileMetres: 80, unity: { totalWidth: 160, totalLength: 160, terrainHeight: 1200 }, unreal: { scaleX: 250, scaleY: 250 } });
    expect(manifest.layers.find((l: { layer: string }) => l.layer === 'water.terrain').seaLevelMetres).toBeGreaterThan(0);
  });
});
