// `terrain-graph build --format splat` at Unity's texels (`--splat-size texels`, the default):
// each tile's splat maps are Unity's control texture, the power of two below the tile's samples
// (32² for tiles of 33²), and each texel holds the engine's biome weights at the place Unity puts
// that texel: texel k of a tile at its first sample + k · (T − 1) / (R − 1) samples (URP's
// TerrainLitPasses.hlsl reads the control texture at (uv · (R − 1) + ½) / R, uv 0 … 1 from the
// first height sample to the last). The texels of all tiles lie on one lattice, so one evaluation
// over it gives every tile's bytes; neighbours share their edge texels; `--splat-size samples`
// still writes T × T (build-splat.test.ts), and a folder built one way and then the other is
// rendered again, never mixed.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIOMES } from '../src/model/biomes.ts';
import { createEngine } from '../src/engine/engine.ts';
import { type Domain, latticeDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import type { BiomeValue } from '../src/model/values.ts';
import { splatFiles } from '../src/render/splat.ts';
import { texelDomain } from '../src/build/plan.ts';
import { runCli as run, scratchDir } from './helpers/cli.ts';
import { tree } from './helpers/files.ts';

// Soft borders, so the weights blend and a texel between samples differs from its neighbours.
const GRAPH = 'graphs/soft-borders.json';
const N = 64;
const T = 33;
// Unity's control texture beside a 33² heightmap: the power of two below 33.
const R = 32;
// One view at 64 cells: 65 × 65 samples, 2 × 2 tiles of 33 sharing sample row and column 32.
const [RX0, RY0] = [0.25, -0.5];
const REGION = `${RX0},${RY0},${RX0 + 1},${RY0 + 1}`;
const TILES = 2;
const common = ['--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'biomes', '--format', 'splat'];
const IDS: number[] = BIOMES.map((b) => b.id);

const graph = parseGraph(readFileSync(GRAPH, 'utf8'), { file: GRAPH });

/** A domain's biome weights in 255ths by biome id, side² bytes north row first, through render --splat's files (a biome absent weighs 0). */
function weightsOn(domain: Domain): Map<number, Uint8Array> {
  const engine = createEngine(graph);
  engine.evaluate({ domain, targets: ['biomes'] });
  const value = engine.output('biomes', 'out', domain) as BiomeValue;
  expect(value.soft).toBeDefined();
  const n = domain.n;
  const files = splatFiles(value, n, 'w');
  const list = JSON.parse(new TextDecoder().decode(files.find((f) => f.name === 'w.splat.json')!.bytes));
  const out = new Map<number, Uint8Array>(IDS.map((id) => [id, new Uint8Array(n * n)]));
  for (const ch of list.channels) {
    const png = decode(files.find((f) => f.name === ch.file)!.bytes);
    const k = 'rgba'.indexOf(ch.channel);
    out.set(ch.id, Uint8Array.from({ length: n * n }, (_, p) => png.data[4 * p + k]));
  }
  return out;
}

/**
 * Unity's texel positions over the whole build, as a domain whose cell centres they are: the
 * first texel on the first sample's centre, one every (T − 1) / (R − 1) samples (Unity's
 * uv = k / (R − 1) across a tile of T − 1 quads), TILES · (R − 1) + 1 a side (neighbours share
 * their edge texel, as PaintContext.cs places a neighbour's texels R − 1 further).
 */
function unityTexels(): Domain {
  const step = (T - 1) / (R - 1) / N;
  const n = TILES * (R - 1) + 1;
  const first = { x: RX0 + 0.5 / N, y: RY0 + 0.5 / N };
  return { x0: first.x - step / 2, y0: first.y - step / 2, extent: n * step, n };
}

/** A tile's weight of each biome, by id, as its maps' bytes north row first, read through manifest.json's channel list; the maps' size checked. */
function tileWeights(dir: string, manifest: any, tile: any, size: number): Map<number, Uint8Array> {
  const legend = manifest.layers.find((l: any) => l.layer === 'biomes.out').splat;
  const out = new Map<number, Uint8Array>();
  for (const ch of legend.channels) {
    const file = tile.files.find((f: string) => f.startsWith(`biomes.out/biomes.out.${ch.file}_`));
    const png = decode(readFileSync(join(dir, file)));
    expect([png.width, png.height, png.channels, png.depth], file).toEqual([size, size, 4, 8]);
    const k = 'rgba'.indexOf(ch.channel);
    out.set(ch.id, Uint8Array.from({ length: size * size }, (_, p) => png.data[4 * p + k]));
  }
  return out;
}

describe("build --format splat at Unity's texels (--splat-size texels, the default)", () => {
  let dir: string;
  let manifest: any;
  let err: string;

  beforeAll(async () => {
    dir = scratchDir('splat-texels');
    const r = await run('build', GRAPH, ...common, '--out', dir);
    err = r.err;
    expect(r.err).toContain('4 rendered, 0 already built, 0 failed');
    expect(r.code).toBe(0);
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  }, 120_000);

  it("writes each tile's splat maps at Unity's control texture size, the power of two below the tile's samples, and says so", async () => {
    expect(Number.isInteger(Math.log2(R)) && R < T).toBe(true);
    for (const tile of manifest.tiles) {
      for (const f of tile.files) {
        const png = decode(readFileSync(join(dir, f)));
        expect([png.width, png.height], f).toEqual([R, R]);
        expect(Number.isInteger(Math.log2(png.width)), f).toBe(true);
      }
    }
    const legend = manifest.layers[0].splat;
    expect(legend.size).toBe(R);
    expect(legend.at).toMatch(/^texels: Unity's alphamapResolution 32; texel \(k, l\) at the tile's first sample \+ \(k, l\) · 32 \/ 31 samples/);
    expect(err).toContain(`splat maps: ${R}² texels a tile, Unity's control texture (set alphamapResolution ${R})`);
    const plan = JSON.parse((await run('build', GRAPH, ...common, '--plan')).out);
    expect(plan.splatTexels).toBe(R);
    // 1024 beside Unity's 1025, 2048 beside 2049, 4096 (Unity's largest) beside 4097.
    for (const [t, r] of [
      [1025, 1024],
      [2049, 2048],
      [4097, 4096],
    ]) {
      const p = JSON.parse((await run('build', GRAPH, '--region', '0,0,1,1', '--cells-per-view', String(t - 1), '--tile-size', String(t), '--node', 'biomes', '--format', 'splat', '--plan')).out);
      expect(p.splatTexels, `tile ${t}`).toBe(r);
    }
  }, 60_000);

  it("holds in each texel the engine's biome weights at the place Unity puts that texel", () => {
    // One evaluation over every tile's texels at Unity's positions, computed here from Unity's
    // formula, not from the build's: each tile's maps are its crop.
    const want = weightsOn(unityTexels());
    const side = TILES * (R - 1) + 1;
    let blended = 0;
    for (const tile of manifest.tiles) {
      const got = tileWeights(dir, manifest, tile, R);
      // Texel (k, l) of tile (col, row from the north) is texel (col · (R − 1) + k, (TILES − 1 − row) · (R − 1) + l) of the whole, l from the south.
      for (const id of IDS) {
        for (let r = 0; r < R; r++) {
          for (let c = 0; c < R; c++) {
            const gx = tile.col * (R - 1) + c;
            const gy = (TILES - 1 - tile.row) * (R - 1) + (R - 1 - r);
            const w = want.get(id)![(side - 1 - gy) * side + gx];
            const g = got.get(id)![r * R + c];
            if (g !== w) throw new Error(`tile ${tile.index} ${BIOMES[id].name} at texel (${c}, ${r} from the north): ${g} ≠ ${w}`);
            if (g > 0 && g < 255) blended++;
          }
        }
      }
      for (let p = 0; p < R * R; p++) expect(IDS.reduce((s, id) => s + got.get(id)![p], 0)).toBe(255);
    }
    expect(blended).toBeGreaterThan(100);
  });

  it("evaluates the texels where Unity reads them: 0 and R − 1 on the tile's corner samples, texel k at k · (T − 1) / (R − 1) samples, not on sample k", () => {
    // A local field (the heights: noise through curves, no halo) is a function of the place
    // alone, so it shows where texelDomain puts each texel. (The biome weights also read the
    // coast's distance and the wind, measured on the lattice they run on: on the texels' they
    // differ from the samples' by that sampling, which is why a texel is evaluated, never copied.)
    const tile = manifest.tiles[3];
    const samples = latticeDomain(N, RX0 * N + tile.samples.i0, RY0 * N + tile.samples.j0, T);
    const texels = texelDomain(samples, R);
    const engine = createEngine(graph);
    engine.evaluate({ domain: samples, targets: ['height'] });
    engine.evaluate({ domain: texels, targets: ['height'] });
    const onSamples = engine.output('height', 'out', samples)!.data;
    const onTexels = engine.output('height', 'out', texels)!.data;
    for (const [k, l] of [
      [0, 0],
      [R - 1, 0],
      [0, R - 1],
      [R - 1, R - 1],
    ]) {
      expect(onTexels[l * R + k], `texel (${k}, ${l})`).toBe(onSamples[(l ? T - 1 : 0) * T + (k ? T - 1 : 0)]);
    }
    // Elsewhere, the field at Unity's place, each evaluated alone on a one-cell domain centred there.
    const first = { x: (RX0 * N + tile.samples.i0 + 0.5) / N, y: (RY0 * N + tile.samples.j0 + 0.5) / N };
    let offSample = 0;
    for (const [k, l] of [
      [1, 0],
      [15, 7],
      [16, 30],
      [30, 31],
      [7, 22],
    ]) {
      const at = { x: first.x + (k * (T - 1)) / (R - 1) / N, y: first.y + (l * (T - 1)) / (R - 1) / N };
      const e = 1e-6;
      const one = { x0: at.x - e / 2, y0: at.y - e / 2, extent: e, n: 1 };
      engine.evaluate({ domain: one, targets: ['height'] });
      expect(onTexels[l * R + k], `texel (${k}, ${l})`).toBeCloseTo(engine.output('height', 'out', one)!.data[0], 6);
      if (Math.abs(onTexels[l * R + k] - onSamples[l * T + k]) > 1e-4) offSample++;
    }
    // The samples' map less its east column and north row would have put texel k on sample k.
    expect(offSample).toBeGreaterThanOrEqual(4);
  });

  it('gives neighbouring tiles the same bytes on their shared edge texels', () => {
    const at = (col: number, row: number) => manifest.tiles.find((t: any) => t.col === col && t.row === row);
    const [nw, ne, sw] = [at(0, 0), at(1, 0), at(0, 1)].map((t) => tileWeights(dir, manifest, t, R));
    for (const id of IDS) {
      for (let r = 0; r < R; r++) expect(ne.get(id)![r * R], `${BIOMES[id].name} row ${r}`).toBe(nw.get(id)![r * R + R - 1]);
      for (let c = 0; c < R; c++) expect(sw.get(id)![c], `${BIOMES[id].name} column ${c}`).toBe(nw.get(id)![(R - 1) * R + c]);
    }
  });

  it('gives the same bytes as a lone --tile K process and on worker threads, and resumes', async () => {
    const threads = scratchDir('splat-texels');
    expect((await run('build', GRAPH, ...common, '--out', threads, '--jobs', '2')).code).toBe(0);
    const alone = scratchDir('splat-texels');
    for (const k of [0, 1, 2, 3]) expect((await run('build', GRAPH, ...common, '--out', alone, '--tile', String(k))).code).toBe(0);
    const want = tree(dir);
    for (const other of [threads, alone]) {
      const got = tree(other);
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [name, bytes] of want) expect(Buffer.compare(bytes, got.get(name)!), name).toBe(0);
    }
    expect((await run('build', GRAPH, ...common, '--out', alone)).err).toContain('0 rendered, 4 already built');
  }, 120_000);

  it('renders every tile again when a folder built at one size is built at the other, so no folder holds both', async () => {
    const both = scratchDir('splat-texels');
    const sizes = (d: string) => new Set(manifest.tiles.flatMap((t: any) => t.files.map((f: string) => decode(readFileSync(join(d, f))).width)));
    expect((await run('build', GRAPH, ...common, '--out', both)).code).toBe(0);
    expect(sizes(both)).toEqual(new Set([R]));
    const samples = await run('build', GRAPH, ...common, '--splat-size', 'samples', '--out', both);
    expect(samples.err).toContain('4 rendered, 0 already built');
    expect(sizes(both)).toEqual(new Set([T]));
    const settings = (d: string) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')).settingsSha256;
    expect(settings(both)).not.toBe(manifest.settingsSha256);
    expect((await run('build', GRAPH, ...common, '--splat-size', 'samples', '--out', both)).err).toContain('0 rendered, 4 already built');
    const texels = await run('build', GRAPH, ...common, '--splat-size', 'texels', '--out', both);
    expect(texels.err).toContain('4 rendered, 0 already built');
    expect(sizes(both)).toEqual(new Set([R]));
    expect(settings(both)).toBe(manifest.settingsSha256);
    const want = tree(dir);
    for (const [name, bytes] of tree(both)) expect(Buffer.compare(bytes, want.get(name)!), name).toBe(0);
  }, 120_000);

  it('resumes a splat build made before --splat-size at --splat-size samples, and renders it again at texels', async () => {
    // tests/fixtures/splat-samples-8946ac6: one tile of 33² splat maps built by the code of
    // 8946ac6 (T × T, the only size then), with its graph file, as a person's folder would hold it.
    const fixture = 'tests/fixtures/splat-samples-8946ac6';
    const old = join(scratchDir('splat-texels'), 'build');
    cpSync(join(fixture, 'build'), old, { recursive: true });
    const argv = ['build', join(fixture, 'graph.json'), '--region', `${RX0},${RY0},${RX0 + 0.5},${RY0 + 0.5}`, '--cells-per-view', String(N), '--tile-size', String(T), '--node', 'biomes', '--format', 'splat', '--out', old];
    const before = tree(join(fixture, 'build'));
    const samples = await run(...argv, '--splat-size', 'samples');
    expect(samples.err).toContain('0 rendered, 1 already built');
    for (const [name, bytes] of before) if (name.endsWith('.png')) expect(Buffer.compare(bytes, readFileSync(join(old, name))), name).toBe(0);
    const texels = await run(...argv);
    expect(texels.err).toContain('1 rendered, 0 already built');
    expect(decode(readFileSync(join(old, 'biomes.out/biomes.out.splat0_0_0.png'))).width).toBe(R);
  }, 60_000);

  it('refuses a size it does not know, --splat-size without splat maps, and texels under an erosion run on the whole grid, saying what works', async () => {
    const base = ['build', '--region', REGION, '--cells-per-view', String(N), '--tile-size', String(T), '--plan'];
    const cases: [string[], RegExp][] = [
      [[GRAPH, '--node', 'biomes', '--format', 'splat', '--splat-size', '1024'], /--splat-size: unknown "1024" \(the size follows --tile-size: texels makes the power of two below it, samples the tile's own\); choose texels or samples/],
      [[GRAPH, '--node', 'biomes', '--format', 'splat', '--splat-size', 'pixels'], /--splat-size: unknown "pixels"; choose texels or samples/],
      [[GRAPH, '--node', 'biomes', '--format', 'weights', '--splat-size', 'texels'], /--splat-size texels sizes splat maps, and this build writes none: add --format splat, or leave --splat-size out/],
      [
        ['graphs/eroded-valleys.json', '--node', 'biomes', '--format', 'splat'],
        /--format splat at Unity's 32² texels \(--splat-size texels, the default\) evaluates the biome weights on a lattice of its own, and erosion upstream of biomes runs once on the build's whole grid of samples, which holds no texel: give --splat-size samples/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...base, ...argv);
      expect(r.err, argv.join(' ')).toMatch(message);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    // The two ways the refusal names do plan.
    for (const way of [['--splat-size', 'samples'], ['--grid', 'tile']]) {
      const r = await run(...base, 'graphs/eroded-valleys.json', '--node', 'biomes', '--format', 'splat', ...way);
      expect(r.code, `${way.join(' ')}: ${r.err}`).toBe(0);
    }
  }, 60_000);
});
