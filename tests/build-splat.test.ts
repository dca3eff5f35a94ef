// `terrain-graph build --format splat,weights --splat-size samples`: a biome layer's weights as
// tiles of the heights' samples. Each tile's splat maps (4 biomes to an RGBA PNG, Unity; at Unity's
// texels, the default, in build-splat-texels.test.ts) and weight maps (a greyscale PNG a biome,
// Unreal) hold the weights `render --splat` writes of one evaluation of the whole region, cropped; neighbours
// agree on their shared row and column; every tile has the same channels, listed once in
// manifest.json; tile manifests, resume and refusals work as for the other formats.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIOMES } from '../src/model/biomes.ts';
import { createEngine } from '../src/engine/engine.ts';
import { latticeDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import type { BiomeValue } from '../src/model/values.ts';
import { splatFiles } from '../src/render/splat.ts';
import { runCli as run, scratchDir } from './helpers/cli.ts';
import { tree } from './helpers/files.ts';

// Soft borders, so the weights blend (the default graph's border is 0: every cell one biome at 255).
const GRAPH = 'graphs/soft-borders.json';
const N = 64;
const T = 33;
// One view at 64 cells: 65 × 65 samples, 2 × 2 tiles of 33 sharing row and column 32.
const [RX0, RY0] = [0.25, -0.5];
const REGION = `${RX0},${RY0},${RX0 + 1},${RY0 + 1}`;
const SIDE = 65;
const common = ['--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'biomes', '--format', 'splat,weights,indexed', '--splat-size', 'samples'];
const IDS: number[] = BIOMES.map((b) => b.id);
const slug = (id: number) => BIOMES[id].name.replace(/ /g, '-');

const graph = parseGraph(readFileSync(GRAPH, 'utf8'), { file: GRAPH });

/** Tile `tile`'s weight of each biome, by id, as T × T bytes north row first, read from its splat maps through manifest.json's channel list. */
function splatWeights(dir: string, manifest: any, tile: any): Map<number, Uint8Array> {
  const legend = manifest.layers.find((l: any) => l.layer === 'biomes.out').splat;
  const out = new Map<number, Uint8Array>();
  for (const ch of legend.channels) {
    const file = tile.files.find((f: string) => f.startsWith(`biomes.out/biomes.out.${ch.file}_`));
    const png = decode(readFileSync(join(dir, file)));
    expect([png.width, png.height, png.channels, png.depth]).toEqual([T, T, 4, 8]);
    const k = 'rgba'.indexOf(ch.channel);
    out.set(ch.id, Uint8Array.from({ length: T * T }, (_, p) => png.data[4 * p + k]));
  }
  return out;
}

/** The same from its weight maps, one greyscale PNG a biome. */
function weightMaps(dir: string, tile: any): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  for (const id of IDS) {
    const png = decode(readFileSync(join(dir, `biomes.out/biomes.out.${slug(id)}_x${tile.col}_y${tile.row}.png`)));
    expect([png.width, png.height, png.channels, png.depth]).toEqual([T, T, 1, 8]);
    out.set(id, Uint8Array.from(png.data));
  }
  return out;
}

/** `render --splat`'s weights (splatFiles) of one evaluation of the whole region, by biome id: SIDE² bytes north row first; a biome absent there weighs 0. */
function wholeRegionWeights(): Map<number, Uint8Array> {
  const whole = latticeDomain(N, RX0 * N, RY0 * N, SIDE);
  const engine = createEngine(graph);
  engine.evaluate({ domain: whole, targets: ['biomes'] });
  const value = engine.output('biomes', 'out', whole) as BiomeValue;
  expect(value.soft).toBeDefined();
  const files = splatFiles(value, SIDE, 'w');
  const list = JSON.parse(new TextDecoder().decode(files.find((f) => f.name === 'w.splat.json')!.bytes));
  const out = new Map<number, Uint8Array>(IDS.map((id) => [id, new Uint8Array(SIDE * SIDE)]));
  for (const ch of list.channels) {
    const png = decode(files.find((f) => f.name === ch.file)!.bytes);
    const k = 'rgba'.indexOf(ch.channel);
    out.set(ch.id, Uint8Array.from({ length: SIDE * SIDE }, (_, p) => png.data[4 * p + k]));
  }
  return out;
}

describe('build --format splat, weights --splat-size samples', () => {
  let dir: string;
  let manifest: any;

  beforeAll(async () => {
    dir = scratchDir('splat');
    // One thread: the whole region is one block, cut into its four tiles (src/build/blocks.ts).
    const r = await run('build', GRAPH, ...common, '--out', dir);
    expect(r.err).toContain('4 rendered, 0 already built, 0 failed');
    expect(r.code).toBe(0);
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  }, 120_000);

  it("holds in each tile the crop of render --splat's weights of one evaluation of the whole region", () => {
    const want = wholeRegionWeights();
    let blended = 0;
    for (const tile of manifest.tiles) {
      const got = splatWeights(dir, manifest, tile);
      const { i0, j0 } = tile.samples;
      for (const id of IDS) {
        for (let r = 0; r < T; r++) {
          for (let c = 0; c < T; c++) {
            // Both north row first: tile row r from the top is sample row j0 + T − 1 − r.
            const w = want.get(id)![(SIDE - 1 - (j0 + T - 1 - r)) * SIDE + i0 + c];
            const g = got.get(id)![r * T + c];
            if (g !== w) throw new Error(`tile ${tile.index} ${BIOMES[id].name} at sample (${i0 + c}, ${j0 + T - 1 - r}): ${g} ≠ ${w}`);
            if (g > 0 && g < 255) blended++;
          }
        }
      }
    }
    // Soft borders did blend somewhere, or this compared 0s and 255s only.
    expect(blended).toBeGreaterThan(100);
  });

  it('gives neighbouring tiles the same bytes on their shared column and row, in splat and weight maps', () => {
    const at = (col: number, row: number) => manifest.tiles.find((t: any) => t.col === col && t.row === row);
    for (const read of [(t: any) => splatWeights(dir, manifest, t), (t: any) => weightMaps(dir, t)]) {
      const [nw, ne, sw] = [read(at(0, 0)), read(at(1, 0)), read(at(0, 1))];
      for (const id of IDS) {
        // The east column of the west tile is the west column of the east one.
        for (let r = 0; r < T; r++) expect(ne.get(id)![r * T], `${BIOMES[id].name} row ${r}`).toBe(nw.get(id)![r * T + T - 1]);
        // The bottom (south) row of the north tile is the top row of the south one.
        for (let c = 0; c < T; c++) expect(sw.get(id)![c], `${BIOMES[id].name} column ${c}`).toBe(nw.get(id)![(T - 1) * T + c]);
      }
    }
  });

  it("writes each biome's weight map with the bytes of its splat channel, every sample's weights summing to 255", () => {
    for (const tile of manifest.tiles) {
      const splat = splatWeights(dir, manifest, tile);
      const weights = weightMaps(dir, tile);
      for (const id of IDS) expect(Buffer.compare(weights.get(id)!, splat.get(id)!), BIOMES[id].name).toBe(0);
      for (let p = 0; p < T * T; p++) expect(IDS.reduce((s, id) => s + splat.get(id)![p], 0)).toBe(255);
    }
  });

  it('lists the channels once in manifest.json, every biome in id order, so a tile lacking a biome keeps its channel', () => {
    const layer = manifest.layers.find((l: any) => l.layer === 'biomes.out');
    expect(layer.formats).toEqual(['splat', 'weights', 'indexed']);
    expect(layer.splat.channels.map((c: any) => c.id)).toEqual(IDS);
    expect(layer.splat.channels.slice(0, 5)).toEqual([
      { file: 'splat0', channel: 'r', id: 0, biome: 'ocean' },
      { file: 'splat0', channel: 'g', id: 1, biome: 'snow' },
      { file: 'splat0', channel: 'b', id: 2, biome: 'tundra' },
      { file: 'splat0', channel: 'a', id: 3, biome: 'boreal forest' },
      { file: 'splat1', channel: 'r', id: 4, biome: 'temperate desert' },
    ]);
    expect(layer.weights.biomes.map((b: any) => b.name)).toEqual(IDS.map((id) => `biomes.out.${slug(id)}`));
    expect(manifest.rowOrder).toMatch(/splat, weights: north row first/);
    // Each PNG names its biomes in its text chunks too.
    const tile0 = manifest.tiles[0];
    expect(decode(readFileSync(join(dir, tile0.files.find((f: string) => f.includes('.splat0_'))))).text).toEqual({ 'terrain-graph:r': 'ocean', 'terrain-graph:g': 'snow', 'terrain-graph:b': 'tundra', 'terrain-graph:a': 'boreal forest' });
    expect(decode(readFileSync(join(dir, tile0.files.find((f: string) => f.includes('.splat3_'))))).text).toEqual({ 'terrain-graph:r': 'beach' });
    expect(decode(readFileSync(join(dir, `biomes.out/biomes.out.temperate-forest_x0_y0.png`))).text).toEqual({ 'terrain-graph:biome': 'temperate forest' });
    // Every tile: four splat maps (13 biomes, the last picture's G, B, A unused) and 13 weight maps.
    const pictures = Math.ceil(IDS.length / 4);
    for (const tile of manifest.tiles) {
      expect(tile.files.filter((f: string) => /\.splat\d_\d_\d\.png$/.test(f))).toHaveLength(pictures);
      expect(tile.files.filter((f: string) => /_x\d_y\d\.png$/.test(f) && !f.includes('.indexed_'))).toHaveLength(IDS.length);
    }
    // Some tile lacks a biome another holds: its channel is there, all 0.
    const sums = manifest.tiles.map((t: any) => [...splatWeights(dir, manifest, t)].map(([id, w]) => [id, w.reduce((s, v) => s + v, 0)]));
    const absentSomewhere = IDS.filter((id) => sums.some((s: any) => s.find((e: any) => e[0] === id)[1] === 0) && sums.some((s: any) => s.find((e: any) => e[0] === id)[1] > 0));
    expect(absentSomewhere.length).toBeGreaterThan(0);
  });

  it('lists every file with its sha256 in the tile manifests', () => {
    for (const tile of manifest.tiles) {
      const m = JSON.parse(readFileSync(join(dir, tile.manifest), 'utf8'));
      expect(m.files.map((f: any) => f.path)).toEqual(tile.files);
      for (const f of m.files) expect(createHash('sha256').update(readFileSync(join(dir, f.path))).digest('hex'), f.path).toBe(f.sha256);
      expect(m.files.filter((f: any) => f.format === 'splat')).toHaveLength(Math.ceil(IDS.length / 4));
      expect(m.files.filter((f: any) => f.format === 'weights')).toHaveLength(IDS.length);
    }
  });

  it('gives the same bytes as a lone --tile K process and on worker threads, and resumes', async () => {
    const threads = scratchDir('splat');
    expect((await run('build', GRAPH, ...common, '--out', threads, '--jobs', '2')).code).toBe(0);
    const alone = scratchDir('splat');
    for (const k of [0, 1, 2, 3]) expect((await run('build', GRAPH, ...common, '--out', alone, '--tile', String(k))).code).toBe(0);
    const want = tree(dir);
    for (const other of [threads, alone]) {
      const got = tree(other);
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [name, bytes] of want) expect(Buffer.compare(bytes, got.get(name)!), name).toBe(0);
    }
    expect((await run('build', GRAPH, ...common, '--out', alone)).err).toContain('0 rendered, 4 already built');
    rmSync(join(alone, 'biomes.out/biomes.out.splat2_1_0.png'));
    rmSync(join(alone, 'biomes.out/biomes.out.tundra_x0_y0.png'));
    const again = await run('build', GRAPH, ...common, '--out', alone);
    expect(again.err).toContain('2 rendered, 2 already built');
    for (const [name, bytes] of want) expect(Buffer.compare(bytes, readFileSync(join(alone, name))), name).toBe(0);
  }, 120_000);

  it('refuses splat and weights on a field layer, naming it, and says what an unknown name meant', async () => {
    const base = ['build', GRAPH, '--region', REGION, '--cells-per-view', String(N), '--out', scratchDir('splat')];
    const cases: [string[], RegExp][] = [
      [['--node', 'height', '--format', 'splat'], /--format splat does not apply to height\.out, a field layer: use png16, r16, f32 or png/],
      [['--node', 'temperature', '--format', 'weights'], /--format weights does not apply to temperature\.out, a field layer/],
      [['--node', 'height', '--node', 'biomes', '--format', 'splat'], /--format splat does not apply to height\.out, a field layer/],
      [['--node', 'biomes', '--format', 'png16'], /does not apply to biomes\.out, a biome layer: use indexed, splat, weights or png/],
      [['--node', 'height', '--node', 'biomes', '--format', 'png16,indexed,splat'], /^(?![\s\S]*applies to none)/],
      [['--node', 'biomes', '--format', 'splatmap'], /unknown format "splatmap" \(splat writes RGBA splat maps, 4 biomes to a PNG, for Unity\)/],
      [['--node', 'biomes', '--format', 'weightmaps'], /unknown format "weightmaps" \(weights writes a greyscale weight map a biome, for Unreal\)/],
      [['--node', 'biomes', '--splat'], /build writes splat maps with --format splat/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...base, ...argv, '--plan');
      expect(r.err, argv.join(' ')).toMatch(message);
      if (!argv.includes('png16,indexed,splat')) expect(r.code, argv.join(' ')).toBe(2);
      else expect(r.code, argv.join(' ')).toBe(0);
    }
  }, 60_000);
});
