// The land as a glTF mesh (src/render/land-mesh.ts, glb.ts): the file parses as glTF 2.0
// (tests/helpers/glb.ts reads it apart from the writer), its vertices are the engine's heights
// in the metres asked for, decimation samples whole cells where it can, normals and UVs are
// where they belong, the drape is the PNG export's picture, the sea is there when asked, the
// command line and the editor write the same bytes, and bad options are refused by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.ts';
import type { Graph } from '../src/model/graph.ts';
import { parseGraph } from '../src/model/format.ts';
import { exportFile } from '../src/render/exports.ts';
import { landGeometry, MESH_DEFAULTS, meshOptionProblems, type MeshOptions } from '../src/render/land-mesh.ts';
import { landUnder } from '../src/render/relief.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { readGlb } from './helpers/glb.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

const RIVERS = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));

function evaluated(size: number, graph: Graph = DEFAULT, node = 'biomes'): Engine {
  const engine = createEngine(graph, { size });
  engine.evaluate({ targets: [node] });
  return engine;
}

/** The mesh export of node.port on an engine, as the export worker and the command line make it. */
function glbOf(engine: Engine, node: string, port: string, options: Partial<MeshOptions> = {}) {
  const n = engine.view.size;
  const land = landUnder(engine.graph, engine, { node, port });
  return exportFile(engine.output(node, port)!, n, `${node}.${port}`, 'glb', {}, undefined, { land, options: { ...MESH_DEFAULTS, ...options } })!;
}

/** The water node's heights and their finite range: the land under the default graph's biomes. */
function terrainOf(engine: Engine) {
  const h = engine.output('water', 'terrain')!;
  let min = Infinity;
  let max = -Infinity;
  let top = 0;
  for (let i = 0; i < h.data.length; i++) {
    if (h.data[i] < min) min = h.data[i];
    if (h.data[i] > max) [max, top] = [h.data[i], i];
  }
  return { heights: h.data as Float32Array, seaLevel: (h as { seaLevel: number }).seaLevel, min, max, top };
}

describe('the land as a glTF mesh', () => {
  it('parses as glTF 2.0 with 6·(s−1)² indices, and its heights are the engine\'s: lowest at 0, the highest cell at the height range, the corner cell at its place', () => {
    const n = 64;
    const engine = evaluated(n);
    const file = glbOf(engine, 'biomes', 'out', { metresPerCell: 25, heightRange: 1800 });
    expect(file.name).toBe('biomes.out.glb');
    expect(file.mime).toBe('model/gltf-binary');
    const glb = readGlb(file.bytes);
    const land = glb.mesh('land');
    // The default mesh size (513) is more than 64 cells: one vertex a cell.
    expect(land.positions.length / 3).toBe(n * n);
    expect(land.indices.length).toBe(6 * (n - 1) ** 2);
    const { heights, min, max, top } = terrainOf(engine);
    const pos = glb.json.accessors[glb.json.meshes[0].primitives[0].attributes.POSITION];
    const half = ((n - 1) * 25) / 2;
    expect(pos.min).toEqual([-half, 0, -half]);
    expect(pos.max).toEqual([half, 1800, half]);
    // The highest cell is a vertex at the full range; the south-west corner cell is vertex 0.
    expect(land.positions[top * 3 + 1]).toBe(1800);
    expect(land.positions[0]).toBe(-half);
    expect(land.positions[2]).toBe(half);
    expect(land.positions[1]).toBe(Math.fround((1800 * (heights[0] - min)) / (max - min)));
    // North-east corner: the last cell, at −z (north).
    const last = (n * n - 1) * 3;
    expect([land.positions[last], land.positions[last + 2]]).toEqual([half, -half]);
    expect(land.positions[last + 1]).toBe(Math.fround((1800 * (heights[n * n - 1] - min)) / (max - min)));
    expect(land.extras).toMatchObject({ layer: 'biomes.out', heightsFrom: 'water.terrain', cells: n, vertices: n, metresPerCell: 25, heightRange: 1800, lowestHeight: min, highestHeight: max });
    expect(glb.json.nodes).toHaveLength(1);
  });

  it('decimates to the mesh size: 33 vertices over 65 cells are every other cell, and a size that does not divide blends its neighbours', () => {
    const engine = evaluated(65);
    const { heights, min, max } = terrainOf(engine);
    const y = (i: number) => Math.fround((1000 * (heights[i] - min)) / (max - min));
    const land = readGlb(glbOf(engine, 'biomes', 'out', { side: 33 }).bytes).mesh('land');
    expect(land.indices.length).toBe(6 * 32 ** 2);
    for (let r = 0; r < 33; r++) {
      for (let c = 0; c < 33; c++) {
        const p = (r * 33 + c) * 3;
        expect(land.positions[p + 1]).toBe(y(2 * r * 65 + 2 * c));
        expect(land.positions[p]).toBe(c * 20 - 320);
        expect(land.positions[p + 2]).toBe(320 - r * 20);
      }
    }
    // 50 over 65: vertex 1 falls at cell 64/49 = 1.306 of the south row, between cells 1 and 2.
    const odd = readGlb(glbOf(engine, 'biomes', 'out', { side: 50 }).bytes).mesh('land');
    expect(odd.indices.length).toBe(6 * 49 ** 2);
    expect(odd.positions[1]).toBe(y(0));
    expect(odd.positions[(50 * 50 - 1) * 3 + 1]).toBe(y(65 * 65 - 1));
    const t = 64 / 49 - 1;
    expect(odd.positions[4]).toBeCloseTo((y(1) * (1 - t) + y(2) * t), 2);
  });

  it('points each normal away from the rise, at unit length, and puts each cell centre on its pixel centre, north row at v = 0', () => {
    const n = 16;
    // Rising 1 a cell eastward: over 10 m a cell and a range of 150 m, a slope of 1 in 1.
    const east = new Float32Array(n * n).map((_, i) => i % n);
    const ge = landGeometry(east, n, { ...MESH_DEFAULTS, metresPerCell: 10, heightRange: 150 });
    for (let v = 0; v < n * n; v++) {
      const [x, y, z] = ge.normals.subarray(v * 3, v * 3 + 3);
      expect(Math.hypot(x, y, z)).toBeCloseTo(1, 6);
      expect(x).toBeCloseTo(-Math.SQRT1_2, 6);
      expect(y).toBeCloseTo(Math.SQRT1_2, 6);
      expect(z).toBeCloseTo(0, 6);
    }
    // Rising northward, the land faces south: +z.
    const north = new Float32Array(n * n).map((_, i) => Math.floor(i / n));
    const gn = landGeometry(north, n, { ...MESH_DEFAULTS, metresPerCell: 10, heightRange: 150 });
    expect(gn.normals[2]).toBeCloseTo(Math.SQRT1_2, 6);
    // Flat: straight up, and every height at 0.
    const flat = landGeometry(new Float32Array(n * n).fill(0.3), n, MESH_DEFAULTS);
    expect([...flat.normals.subarray(0, 3)]).toEqual([0, 1, 0]);
    expect(flat.positions.filter((_, k) => k % 3 === 1).every((v) => v === 0)).toBe(true);
    // UVs: the south-west vertex on the picture's bottom-left pixel centre, the north-east on its top-right.
    expect([...ge.uvs.subarray(0, 2)]).toEqual([Math.fround(0.5 / n), Math.fround(1 - 0.5 / n)]);
    expect([...ge.uvs.subarray(-2)]).toEqual([Math.fround(1 - 0.5 / n), Math.fround(0.5 / n)]);
  });

  it('is draped with the PNG export\'s picture, byte for byte, and a field with no heights upstream is its own relief', () => {
    const engine = evaluated(64);
    const glb = readGlb(glbOf(engine, 'biomes', 'out').bytes);
    const png = exportFile(engine.output('biomes', 'out')!, 64, 'biomes.out', 'png')!;
    expect(Buffer.from(glb.image(0)).equals(Buffer.from(png.bytes))).toBe(true);
    const material = glb.json.materials[glb.mesh('land').material];
    expect(material.pbrMetallicRoughness).toEqual({ metallicFactor: 0, roughnessFactor: 1, baseColorTexture: { index: 0 } });
    expect(glb.json.textures[0]).toEqual({ sampler: 0, source: 0 });
    expect(glb.json.images[0].mimeType).toBe('image/png');

    const noise = evaluated(64, DEFAULT, 'cont');
    const own = readGlb(glbOf(noise, 'cont', 'out', { sea: true }).bytes);
    expect(own.mesh('land').extras).toMatchObject({ heightsFrom: 'cont.out' });
    expect(own.mesh('land').extras).not.toHaveProperty('seaLevel');
    expect(own.json.nodes.map((n: { name: string }) => n.name)).toEqual(['land']);
  });

  it('adds the sea as a second, translucent mesh at the sea level when asked', () => {
    const engine = evaluated(64);
    const { seaLevel, min, max } = terrainOf(engine);
    expect(readGlb(glbOf(engine, 'biomes', 'out').bytes).json.nodes).toHaveLength(1);
    const glb = readGlb(glbOf(engine, 'biomes', 'out', { sea: true, heightRange: 2000, metresPerCell: 5 }).bytes);
    expect(glb.json.nodes.map((n: { name: string }) => n.name)).toEqual(['land', 'sea']);
    const sea = glb.mesh('sea');
    const y = Math.fround((2000 * (seaLevel - min)) / (max - min));
    expect([...sea.positions]).toEqual([-157.5, y, 157.5, 157.5, y, 157.5, -157.5, y, -157.5, 157.5, y, -157.5]);
    expect(sea.indices.length).toBe(6);
    expect(glb.json.materials[sea.material]).toMatchObject({ name: 'sea', alphaMode: 'BLEND', doubleSided: true });
    expect(glb.mesh('land').extras).toMatchObject({ seaLevel, seaY: (2000 * (seaLevel - min)) / (max - min) });
  });

  it('refuses bad options by name, and a layer with no land under it', () => {
    expect(meshOptionProblems(MESH_DEFAULTS)).toEqual([]);
    const bad = (o: Partial<MeshOptions>) => meshOptionProblems({ ...MESH_DEFAULTS, ...o }).map((p) => `${p.option}: ${p.message}`);
    expect(bad({ side: 1 })).toEqual(['side: the mesh size is vertices a side, a whole number in 2…2049; got 1']);
    expect(bad({ side: 2050 })).toHaveLength(1);
    expect(bad({ side: 100.5 })).toHaveLength(1);
    expect(bad({ metresPerCell: 0 })).toEqual(['metresPerCell: the metres per cell must be above 0 and at most 100,000; got 0']);
    expect(bad({ metresPerCell: NaN, heightRange: -5 })).toEqual([
      'metresPerCell: the metres per cell must be above 0 and at most 100,000; got NaN',
      'heightRange: the height range is metres from the lowest to the highest point, above 0 and at most 100,000; got -5',
    ]);
    expect(() => landGeometry(new Float32Array(256), 16, { ...MESH_DEFAULTS, heightRange: Infinity })).toThrow('the height range is metres');
    expect(() => landGeometry(new Float32Array(255), 16, MESH_DEFAULTS)).toThrow('255 heights, expected 256');
    // One cell is no surface: refused, not a file of NaN positions and no triangle.
    expect(() => landGeometry(new Float32Array(1), 1, MESH_DEFAULTS)).toThrow('landGeometry: a mesh needs at least 2 × 2 heights, got 1 × 1');
    const engine = evaluated(32);
    const biomes = engine.output('biomes', 'out')!;
    expect(() => exportFile(biomes, 32, 'biomes.out', 'glb', {}, undefined, { land: null, options: MESH_DEFAULTS })).toThrow('nothing under biomes.out holds heights to build a mesh on');
  });
});

describe('mesh export from the command line and the editor', () => {
  it('`render --glb` writes the bytes the editor\'s Mesh (glTF) export downloads, and lists the file in the manifest', async () => {
    const dir = scratchDir('mesh');
    const r = await runCli('render', 'graphs/default.json', '--size', '64', '--out', dir, '--node', 'biomes', '--glb', '--mesh-size', '33', '--metres-per-cell', '30', '--height-range', '2500', '--sea');
    expect(r.err.trim()).toBe('wrote 3 files: biomes.out.png, biomes.out.glb, manifest.json');
    expect(r.code).toBe(0);
    const cli = readFileSync(join(dir, 'biomes.out.glb'));
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).files[0]).toMatchObject({ file: 'biomes.out.png', glb: 'biomes.out.glb' });

    const { session, downloads, settle } = setup({ ...DEFAULT, view: { ...DEFAULT.view, size: 64 } });
    await settle();
    expect(session.exports.setMesh({ side: 33 })).toBeNull();
    expect(session.exports.setMesh({ metresPerCell: 30, heightRange: 2500, sea: true })).toBeNull();
    session.exportLayer('glb');
    await settle();
    // The graph's name first (tests/export-names.test.ts), then the command line's name.
    expect(downloads.map((f) => [f.name, f.mime])).toEqual([['start-terrain-with-its-climate.biomes.out.glb', 'model/gltf-binary']]);
    expect(Buffer.from(downloads[0].bytes).equals(cli)).toBe(true);
    const glb = readGlb(cli);
    expect(glb.mesh('land').indices.length).toBe(6 * 32 ** 2);
    expect(glb.json.nodes).toHaveLength(2);
  });

  it('drapes the editor\'s mesh with the rivers and lakes when they are shown, as its PNG', async () => {
    const { session, downloads, settle } = setup({ ...RIVERS, view: { ...RIVERS.view, size: 64 } });
    session.setRivers({ on: true });
    await settle();
    session.exportLayer('png');
    await settle();
    session.exportLayer('glb');
    await settle();
    expect(downloads.map((f) => f.name)).toEqual(['rivers-from-the-rain.biomes.out.rivers.png', 'rivers-from-the-rain.biomes.out.rivers.glb']);
    const glb = readGlb(new Uint8Array(downloads[1].bytes));
    expect(Buffer.from(glb.image(0)).equals(Buffer.from(downloads[0].bytes))).toBe(true);
  });

  it('refuses bad mesh options with what was wrong, before any work, and keeps the editor\'s options', async () => {
    const refused = async (...args: string[]) => {
      const r = await runCli('render', 'graphs/default.json', '--size', '32', '--out', scratchDir('mesh-bad'), ...args);
      expect(r.code).toBe(2);
      return r.err.trim();
    };
    expect(await refused('--glb', '--mesh-size', '1')).toBe('--mesh-size: the mesh size is vertices a side, a whole number in 2…2049; got 1');
    expect(await refused('--glb', '--mesh-size', '1e3')).toBe('--mesh-size expects a whole number, got "1e3"');
    expect(await refused('--glb', '--metres-per-cell', 'ten')).toBe('--metres-per-cell expects a decimal number of metres, got "ten"');
    expect(await refused('--glb', '--height-range', '0')).toBe('--height-range: the height range is metres from the lowest to the highest point, above 0 and at most 100,000; got 0');
    expect(await refused('--sea')).toBe('--sea shapes the mesh that --glb writes: give it with --glb');
    expect(await refused('--mesh-size', '257')).toBe('--mesh-size shapes the mesh that --glb writes: give it with --glb');

    const dir = scratchDir('mesh-note');
    const note = await runCli('render', 'graphs/default.json', '--size', '32', '--out', dir, '--node', 'biomes', '--glb', '--mesh-size', '1025');
    expect(note.code).toBe(0);
    expect(note.err).toContain('note: the meshes have 32 vertices a side, one a cell: --mesh-size 1025 asks more than the 32² grid has');
    // An earlier render's mesh of another layer is named, as its other layer files are.
    const again = await runCli('render', 'graphs/default.json', '--size', '32', '--out', dir, '--node', 'water', '--glb');
    expect(again.err).toContain('also holds 2 layer files this render did not write (an earlier run\'s?): biomes.out.glb, biomes.out.png');

    const { session } = setup({ ...DEFAULT, view: { ...DEFAULT.view, size: 32 } });
    expect(session.exports.setMesh({ metresPerCell: -1 })).toMatchObject({ option: 'metresPerCell' });
    expect(session.exports.setMesh({ side: 3000 })).toMatchObject({ option: 'side' });
    expect(session.exports.mesh).toEqual(MESH_DEFAULTS);
  });
});
