// The PNG export of a flow's lakes layer is the picture the viewer's map shows: the flow's sea
// painted under it (src/engine/sea.ts seaUnder), and the rivers and lakes over it in the colour
// the map gives them, apart from that sea. It drew the sea as sand, the lakes layer's "no lake",
// and the rivers the deep blue the map had left for aqua beside the sea. The editor's export (at
// the view's size, read by the engine worker, and at another size, computed by the export
// worker), `render`'s PNG and a mesh's drape all draw it so; the data formats do not change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { DRAINAGE_SEA } from '../src/render/drainage.ts';
import { exportFile } from '../src/render/exports.ts';
import { LAND_MASK } from '../src/render/ramps.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { ExportFormat } from '../src/render/exports.ts';
import type { ExportRequest, WaterRef } from '../src/worker/protocol.ts';
import { encodeExport, ViewerService } from '../src/worker/viewer-service.ts';
import { runCli, scratchDir } from './helpers/cli.ts';

const N = 128;
const FILE = 'graphs/rivers-from-the-rain.json';
/** What the viewer draws over a flow's lakes map: the flow's rivers (its lakes are the picture). */
const WATER: WaterRef = { node: 'rivers', ports: ['rivers', 'lakes'] };

function graphAt(n: number): Graph {
  const g = parseGraph(readFileSync(FILE, 'utf8'));
  return { ...g, view: { ...g.view, size: n } };
}

/** The viewer's map of rivers.lakes with the water drawn over it, at n² on n pixels. */
function mapPicture(graph: Graph): { rgba: Uint8Array; water: readonly number[] } {
  const d = new PreviewEvaluator()
    .evaluate({ kind: 'evaluate', seq: 1, graph, previewSize: 64, detail: 'rivers', detailPort: 'lakes', detailSize: graph.view.size, detailRivers: WATER })
    .map((a) => a.result.detail)
    .find(Boolean);
  if (!d) throw new Error('no detail');
  expect(d.image.width).toBe(graph.view.size);
  return { rgba: new Uint8Array(d.image.rgba), water: d.water! };
}

/** The editor's export of rivers.lakes: through the engine worker at the view's size, else the export worker. */
function editorExport(graph: Graph, format: ExportFormat, size: number, rivers: WaterRef | null): { name: string; bytes: Uint8Array } {
  const req: ExportRequest = { kind: 'export', seq: 1, graph, node: 'rivers', port: 'lakes', format, size, style: {}, rivers };
  const service = new ViewerService(new PreviewEvaluator());
  if (size === graph.view.size) {
    const { result } = service.exportGrids(req, () => {});
    if (result.kind !== 'export-grids') throw new Error(result.message);
    const { result: file } = encodeExport({ kind: 'export-encode', seq: 1, format, style: {}, value: result.value, n: result.n, stem: result.stem, water: result.water, ...(result.land ? { land: result.land } : {}), mesh: result.mesh });
    return { name: file.name, bytes: new Uint8Array(file.bytes) };
  }
  const { result } = service.export(req, () => {});
  return { name: result.name, bytes: new Uint8Array(result.bytes) };
}

const rgbaOf = (png: Uint8Array) => {
  const img = decode(png);
  expect(img.channels).toBe(4);
  return new Uint8Array(img.data);
};

function count(rgba: Uint8Array, colour: readonly number[]): number {
  let k = 0;
  for (let p = 0; p < rgba.length; p += 4) if (rgba[p] === colour[0] && rgba[p + 1] === colour[1] && rgba[p + 2] === colour[2]) k++;
  return k;
}

describe("a flow's lakes layer exported as a picture", () => {
  it("is the viewer's map, pixel for pixel: the sea painted, the rivers in the map's colour", () => {
    const graph = graphAt(N);
    const map = mapPicture(graph);
    const file = editorExport(graph, 'png', N, WATER);
    expect(file.name).toBe('rivers.lakes.rivers.png');
    const png = rgbaOf(file.bytes);
    // The map has its sea, and rivers in a colour that is not the old deep blue.
    expect(count(map.rgba, DRAINAGE_SEA)).toBeGreaterThan(N * N * 0.1);
    expect(count(map.rgba, map.water)).toBeGreaterThan(50);
    expect(count(png, DRAINAGE_SEA), 'sea pixels in the PNG').toBe(count(map.rgba, DRAINAGE_SEA));
    expect(count(png, map.water), "pixels of the map's river colour in the PNG").toBe(count(map.rgba, map.water));
    let differ = 0;
    for (let p = 0; p < png.length; p++) if (png[p] !== map.rgba[p]) differ++;
    expect(differ).toBe(0);
  });

  it("paints the flow's sea where the flow has it, its land in the land colour, at another size too (the export worker's)", () => {
    const size = 96;
    const graph = graphAt(N);
    const png = rgbaOf(editorExport(graph, 'png', size, null).bytes);
    const e = createEngine({ ...graph, view: { ...graph.view, size } });
    e.evaluate();
    const filled = e.output('rivers', 'filled')!.data;
    const lakes = e.output('rivers', 'lakes')!.data;
    const terrain = e.output('water', 'terrain');
    if (terrain?.type !== 'terrain') throw new Error('no terrain');
    let sea = 0;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const i = r * size + c;
        const p = ((size - 1 - r) * size + c) * 4;
        const px = [png[p], png[p + 1], png[p + 2]].join(',');
        if (!(filled[i] >= terrain.seaLevel)) {
          sea++;
          expect(px, `sea cell (${c}, ${r})`).toBe(DRAINAGE_SEA.join(','));
        } else if (lakes[i] === 0) expect(px, `dry land (${c}, ${r})`).toBe(LAND_MASK.join(','));
      }
    }
    expect(sea).toBeGreaterThan(size * size * 0.1);
  });

  it('is the same file from the editor and from `render`, and the data formats keep the layer as it is', async () => {
    const graph = graphAt(N);
    const dir = scratchDir('lakes-export');
    const out = join(dir, 'out');
    const r = await runCli('render', FILE, '--size', String(N), '--node', 'rivers', '--png16', '--raw', '--out', out);
    expect(r.code, r.err).toBe(0);
    const cli = new Uint8Array(readFileSync(join(out, 'rivers.lakes.png')));
    const editor = editorExport(graph, 'png', N, null);
    expect(editor.name).toBe('rivers.lakes.png');
    expect(count(rgbaOf(cli), DRAINAGE_SEA)).toBeGreaterThan(N * N * 0.1);
    expect(Buffer.from(cli).equals(Buffer.from(editor.bytes))).toBe(true);
    // The data: the lake depths themselves, with no sea in them, as before.
    const e = createEngine(graph);
    e.evaluate();
    const lakes = e.output('rivers', 'lakes')!;
    for (const format of ['raw', 'png16'] as const) {
      const ed = editorExport(graph, format, N, WATER);
      const own = exportFile(lakes, N, 'rivers.lakes', format)!;
      expect(ed.name).toBe(own.name);
      expect(Buffer.from(ed.bytes).equals(Buffer.from(own.bytes)), format).toBe(true);
      expect(Buffer.from(readFileSync(join(out, own.name))).equals(Buffer.from(own.bytes)), `render's ${format}`).toBe(true);
    }
    const raw = new Float32Array(editorExport(graph, 'raw', N, null).bytes.slice().buffer);
    expect(raw).toEqual(lakes.data);
  }, 60_000);
});

describe("a flow's lakes layer in a build's png tiles", () => {
  it("paints the flow's sea under each tile's lakes, as the map and render do; its f32 tiles keep the depths", async () => {
    const dir = scratchDir('lakes-build');
    const r = await runCli('build', FILE, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'rivers', 'water', '--format', 'f32,png', '--out', dir);
    expect(r.code, r.err).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    let seaPixels = 0;
    for (const t of manifest.tiles) {
      const files: { path: string; layer: string; format: string; seaLevel?: number }[] = JSON.parse(readFileSync(join(dir, t.manifest), 'utf8')).files;
      const file = (layer: string, format: string) => files.find((f) => f.layer === layer && f.format === format)!;
      const f32 = (layer: string) => {
        const b = readFileSync(join(dir, file(layer, 'f32').path));
        return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
      };
      const lakes = f32('rivers.lakes');
      const filled = f32('rivers.filled');
      const seaLevel = file('water.terrain', 'f32').seaLevel!;
      const png = rgbaOf(new Uint8Array(readFileSync(join(dir, file('rivers.lakes', 'png').path))));
      const n = Math.sqrt(lakes.length);
      for (let row = 0; row < n; row++) {
        for (let c = 0; c < n; c++) {
          const i = row * n + c;
          if (lakes[i] !== 0) continue;
          const p = ((n - 1 - row) * n + c) * 4;
          const want = filled[i] >= seaLevel ? LAND_MASK : DRAINAGE_SEA;
          if (want === DRAINAGE_SEA) seaPixels++;
          expect([png[p], png[p + 1], png[p + 2]].join(','), `${t.manifest} (${c}, ${row})`).toBe(want.join(','));
        }
      }
    }
    expect(seaPixels).toBeGreaterThan(100);
  }, 120_000);
});
