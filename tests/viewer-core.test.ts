// The viewer's pure parts: pan and zoom geometry, histograms, the Whittaker table's shares and
// highlight, provenance order and rows, wind arrows, and export names.
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { cellAt, cellX, cellY, viewDomain } from '../src/grid.ts';
import { BIOMES, OCEAN } from '../src/model/biomes.ts';
import { exportFile, f32Text, parseRangedName } from '../src/render/exports.ts';
import { heightCuts } from '../src/render/layer.ts';
import { HEIGHT_BANDS } from '../src/render/ramps.ts';
import { biomeShares, histogramBars, layerHistogram } from '../src/viewer-core/histogram.ts';
import { bandIndex } from '../src/render/layer.ts';
import {
  cellOnFrame,
  clampZoom,
  dragOrigin,
  dragResolution,
  frameToCell,
  frameToWorld,
  NO_ZOOM,
  originStep,
  pictureShift,
  pictureSize,
  snapOrigin,
  zoomAt,
} from '../src/viewer-core/pan.ts';
import { cellProvenance } from '../src/engine/provenance.ts';
import { describeRow, provenanceOrder } from '../src/viewer-core/provenance.ts';
import { BEACH_ORIGIN, highlightOverlay, OCEAN_ORIGIN, originCounts, tableOrigins, tableShares } from '../src/viewer-core/table.ts';
import { windArrows, windLayers, windsUpstream, WINDS_DRAWN } from '../src/viewer-core/wind.ts';
import type { Graph } from '../src/model/graph.ts';

const DEFAULT = parseGraph(readFileSync('graphs/default.json', 'utf8'));

describe('pan and zoom geometry', () => {
  it('maps the frame to the world north up, and back to the cells of the grid', () => {
    const view = { x: 2, y: -1 };
    expect(frameToWorld(NO_ZOOM, 512, 0, 0, view)).toEqual({ x: 2, y: 0 });
    expect(frameToWorld(NO_ZOOM, 512, 512, 512, view)).toEqual({ x: 3, y: -1 });
    // The top-left pixel is the north-west cell: column 0, the top row.
    expect(frameToCell(NO_ZOOM, 512, 1, 1, 256)).toEqual({ c: 0, r: 255, i: 255 * 256 });
    expect(frameToCell(NO_ZOOM, 512, 511, 511, 256)).toEqual({ c: 255, r: 0, i: 255 });
    expect(frameToCell(NO_ZOOM, 512, -1, 5, 256)).toBeNull();
    // Agrees with the grid module for any point.
    const d = viewDomain({ ...view, size: 64 });
    for (const [px, py] of [[10, 20], [300.5, 77], [511, 0.5]]) {
      const w = frameToWorld(NO_ZOOM, 512, px, py, view);
      expect(frameToCell(NO_ZOOM, 512, px, py, 64)).toEqual(cellAt(d, w.x, w.y));
    }
  });

  it('magnifies around the cursor: the world point under it stays under it', () => {
    const view = { x: 0, y: 0 };
    let z = NO_ZOOM;
    const before = frameToWorld(z, 400, 100, 300, view);
    z = zoomAt(z, 400, 100, 300, 2.5);
    expect(z.z).toBe(2.5);
    const after = frameToWorld(z, 400, 100, 300, view);
    expect(after.x).toBeCloseTo(before.x, 12);
    expect(after.y).toBeCloseTo(before.y, 12);
    // 1× … 8×, and the picture always covers the frame.
    expect(zoomAt(z, 400, 0, 0, 100).z).toBe(8);
    expect(zoomAt(z, 400, 0, 0, 0.01)).toEqual({ z: 1, ox: 0, oy: 0 });
    const c = clampZoom({ z: 2, ox: 50, oy: -1000 }, 400);
    expect(c).toEqual({ z: 2, ox: 0, oy: -400 });
  });

  it('moves the world with the pointer, by the right amount when magnified', () => {
    const start = { x: 0, y: 0 };
    // Dragging right by a quarter of the frame shows what lies a quarter view west.
    expect(dragOrigin(start, 128, 0, 512, NO_ZOOM, 256)).toEqual({ x: -0.25, y: 0 });
    // Dragging down shows the north.
    expect(dragOrigin(start, 0, 128, 512, NO_ZOOM, 256)).toEqual({ x: 0, y: 0.25 });
    // At 4× the same drag moves the world four times less.
    expect(dragOrigin(start, 128, 0, 512, { z: 4, ox: 0, oy: 0 }, 256)).toEqual({ x: -0.0625, y: 0 });
    // Origins snap to whole cells, exactly written (k / 256).
    const o = dragOrigin(start, 10, -3, 512, NO_ZOOM, 256);
    expect(o.x * 256).toBe(Math.round(o.x * 256));
    expect(originStep(384)).toBe(1 / 512);
    expect(snapOrigin({ x: -0.0001, y: 0.0001 }, 256)).toEqual({ x: 0, y: 0 });
    expect(Object.is(snapOrigin({ x: -0.0001, y: 0 }, 256).x, -0)).toBe(false);
  });

  it('moves a picture drawn at another origin so that every world point shows where it belongs', () => {
    const zoom = { z: 2, ox: -100, oy: -50 };
    const drawn = { x: 0.5, y: 1 };
    const current = { x: 0.25, y: 1.125 };
    const shift = pictureShift(drawn, current, 512, zoom);
    // A world point in the drawn picture: where the picture puts it, shifted, is where it is now.
    const wx = 0.9;
    const wy = 1.3;
    const side = 512 * zoom.z;
    const inDrawn = { px: zoom.ox + (wx - drawn.x) * side + shift.dx, py: zoom.oy + (1 - (wy - drawn.y)) * side + shift.dy };
    const now = frameToWorld(zoom, 512, inDrawn.px, inDrawn.py, current);
    expect(now.x).toBeCloseTo(wx, 12);
    expect(now.y).toBeCloseTo(wy, 12);
  });

  it('drags coarsely unless full resolution is fast enough, and sizes the picture to the frame', () => {
    expect(dragResolution(64, null)).toBe(64);
    expect(dragResolution(256, null)).toBe(64);
    expect(dragResolution(128, { ms: 2, n: 64 })).toBe(128); // 2 ms × 4 = 8 ms
    expect(dragResolution(256, { ms: 2, n: 64 })).toBe(64); // 2 ms × 16 = 32 ms
    expect(dragResolution(256, { ms: 30, n: 256 })).toBe(64);
    expect(pictureSize(512, NO_ZOOM, 256)).toBe(256);
    expect(pictureSize(512, NO_ZOOM, 2048)).toBe(512);
    expect(pictureSize(512, { z: 3, ox: 0, oy: 0 }, 2048)).toBe(2048);
    const cell = cellOnFrame(NO_ZOOM, 512, 256, 0, 255);
    expect(cell).toEqual({ left: 0, top: 0, size: 2 });
  });
});

describe('histograms of layers', () => {
  const engine = createEngine(DEFAULT, { size: 64 });
  engine.evaluate();

  it('colours height bins by their atlas band and marks the sea level', () => {
    const terrain = engine.output('water', 'terrain')!;
    const h = layerHistogram(terrain);
    if (h.kind !== 'terrain' || terrain.type !== 'terrain') throw new Error('expected a terrain histogram');
    expect([...h.counts].reduce((a, b) => a + b, 0)).toBe(64 * 64);
    expect(h.seaLevel).toBe(terrain.seaLevel);
    expect(h.cuts).toEqual(heightCuts(terrain, 'height'));
    const bars = histogramBars(h);
    for (const bar of bars) {
      const centre = h.lo + ((bar.x0 + bar.x1) / 2) * (h.hi - h.lo);
      expect(bar.color).toEqual(HEIGHT_BANDS[bandIndex(h.cuts, centre)].color);
    }
    // Below the sea level the bars are water colours, above it land colours.
    expect(bars[0].color).toEqual(HEIGHT_BANDS[0].color);
    expect(HEIGHT_BANDS.slice(0, 3).map((b) => b.color)).toContainEqual(bars.find((b) => b.x1 * (h.hi - h.lo) + h.lo < h.seaLevel)!.color);
    // By share, the cuts are quantiles: the top 8 % of the land is snow.
    const share = layerHistogram(terrain, 'share');
    expect(share.kind === 'terrain' && share.cuts).toEqual(heightCuts(terrain, 'share'));
  });

  it('counts biomes, masks and fields', () => {
    const b = layerHistogram(engine.output('biomes')!);
    if (b.kind !== 'biome') throw new Error('expected biomes');
    const ids = engine.output('biomes')!.data;
    expect(b.counts[OCEAN]).toBe(ids.filter((v) => v === OCEAN).length);
    const shares = biomeShares(b.counts);
    expect(shares.map((s) => s.name)).toEqual(BIOMES.map((x) => x.name));
    // The ocean is the water node's mask (on the world cut, not 40 % of every view).
    const mask = engine.output('water', 'mask')!.data;
    expect(shares[OCEAN].share).toBeCloseTo(Array.from(mask).reduce((a, v) => a + v, 0) / mask.length, 9);
    expect(shares.filter((s) => s.id !== OCEAN).reduce((a, s) => a + s.share, 0)).toBeCloseTo(1, 9);
    const m = layerHistogram(engine.output('water', 'mask')!);
    expect(m).toEqual({ kind: 'mask', ones: b.counts[OCEAN], zeros: 64 * 64 - b.counts[OCEAN], one: 'water', zero: 'land' });
    const t = layerHistogram(engine.output('temperature')!);
    expect(t.kind === 'field' && [t.meaning, t.rampLo, t.rampHi]).toEqual(['temperature', 0, 1]);
  });
});

describe('the Whittaker table in the viewer', () => {
  const engine = createEngine(DEFAULT, { size: 64 });
  engine.evaluate();
  const biomes = engine.output('biomes')!.data as Uint8Array;
  const t = engine.output('temperature')!.data as Float32Array;
  const m = engine.output('moisture')!.data as Float32Array;
  const origins = tableOrigins(biomes, t, m);

  it('traces every cell to the table cell its biome came from, beach and ocean apart', () => {
    const table = (DEFAULT.nodes.find((n) => n.id === 'biomes')!.params.table as string[][]).flat();
    for (let i = 0; i < biomes.length; i++) {
      if (biomes[i] === OCEAN) expect(origins[i]).toBe(OCEAN_ORIGIN);
      else if (BIOMES[biomes[i]].name === 'beach') expect(origins[i]).toBe(BEACH_ORIGIN);
      else expect(table[origins[i]]).toBe(BIOMES[biomes[i]].name);
    }
  });

  it('gives each table cell its share of the land, the cells and the beach summing to one', () => {
    const s = tableShares(originCounts(origins));
    const land = biomes.filter((b) => b !== OCEAN).length;
    expect(s.land).toBe(land);
    expect(s.cells.reduce((a, b) => a + b, 0) + s.beach).toBeCloseTo(1, 12);
    expect(s.ocean).toBeCloseTo(biomes.filter((b) => b === OCEAN).length / biomes.length, 12);
  });

  it('lays a veil over every cell but those of the chosen table cell, north up', () => {
    const k = origins[0]; // the south-west cell's origin
    const veil = highlightOverlay(origins, 64, k);
    for (let r = 0; r < 64; r++) {
      for (let c = 0; c < 64; c++) {
        const alpha = veil[((63 - r) * 64 + c) * 4 + 3];
        expect(alpha === 0).toBe(origins[r * 64 + c] === k);
      }
    }
  });
});

describe('per-cell provenance', () => {
  it('orders the nodes leading to the shown one upstream to downstream', () => {
    const order = provenanceOrder(DEFAULT, 'biomes');
    expect(order.length).toBe(DEFAULT.nodes.length);
    for (const e of DEFAULT.edges) expect(order.indexOf(e.from.node)).toBeLessThan(order.indexOf(e.to.node));
    expect(order.at(-1)).toBe('biomes');
    expect(provenanceOrder(DEFAULT, 'height')).toEqual(['cont', 'eros', 'pv', 'contCurve', 'erosCurve', 'pvCurve', 'height']);
  });

  it("reads the cell's value at every output from the engine, with the sea level and the biome's reason", () => {
    const engine = createEngine(DEFAULT, { size: 64 });
    engine.evaluate();
    const domain = viewDomain(engine.view);
    const biomes = engine.output('biomes')!.data;
    // A land cell decided by the table, and an ocean cell.
    const land = biomes.findIndex((b) => b !== OCEAN && BIOMES[b].name !== 'beach');
    const sea = biomes.indexOf(OCEAN);
    for (const i of [land, sea]) {
      const rows = cellProvenance(engine, DEFAULT, 'biomes', i, domain);
      expect(rows.map((r) => `${r.node}.${r.port}`)).toContain('water.mask');
      for (const row of rows) expect(row.value).toBe(engine.output(row.node, row.port)!.data[i]);
      const water = rows.find((r) => r.node === 'water' && r.port === 'terrain')!;
      expect(water.water).toBe(i === sea);
      const last = rows.at(-1)!;
      expect(last.biome).toBe(BIOMES[biomes[i]].name);
      if (i === sea) expect(last.why).toMatch(/under the sea level/);
      else {
        expect(last.why).toMatch(/row, M .* column/);
        const table = DEFAULT.nodes.find((n) => n.id === 'biomes')!.params.table as string[][];
        expect(table[last.tableCell!.row][last.tableCell!.col]).toBe(last.biome);
      }
      expect(describeRow(water).note).toMatch(i === sea ? /^sea level .*: water/ : /^sea level .*: land/);
      const curve = rows.find((r) => r.node === 'contCurve')!;
      expect(curve.input).toEqual({ value: engine.output('cont')!.data[i], title: 'Continentalness' });
      expect(describeRow(curve).note).toMatch(/^the curve at .* \(Continentalness\)$/);
    }
    // The cell is where the grid module says.
    expect(cellAt(domain, cellX(domain, 5), cellY(domain, 7))!.i).toBe(7 * 64 + 5);
  });

  it('names the state of a node without output', () => {
    const g: Graph = structuredClone(DEFAULT);
    g.edges = g.edges.filter((e) => e.to.node !== 'water');
    const engine = createEngine(g, { size: 32 });
    engine.evaluate();
    const rows = cellProvenance(engine, g, 'coast', 5, viewDomain(engine.view));
    expect(rows.map((r) => [r.node, r.state])).toEqual([
      ['water', 'missing'],
      ['water', 'missing'],
      ['coast', 'blocked'],
    ]);
    expect(describeRow(rows[0]).value).toBe('—');
  });
});

describe('wind arrows', () => {
  it('finds the winds that are on upstream of the shown node', () => {
    expect(windsUpstream(DEFAULT, 'biomes')).toEqual([{ node: 'wind', angle: 0 }]);
    expect(windsUpstream(DEFAULT, 'temperature')).toEqual([]);
    const calm = structuredClone(DEFAULT);
    calm.nodes.find((n) => n.id === 'wind')!.params.on = false;
    expect(windsUpstream(calm, 'biomes')).toEqual([]);
    // Bypassed, the wind feeds the biomes nothing: no arrows over them (a newcomer saw them).
    const bypassed = structuredClone(DEFAULT);
    bypassed.nodes.find((n) => n.id === 'wind')!.bypass = true;
    expect(windsUpstream(bypassed, 'biomes')).toEqual([]);
    // Shown itself, it still says where it would blow.
    expect(windsUpstream(bypassed, 'wind')).toEqual([{ node: 'wind', angle: 0 }]);
  });

  it('draws every wind upstream, up to a few, on grids that interleave', () => {
    const two = structuredClone(DEFAULT);
    two.nodes.push({ ...structuredClone(two.nodes.find((n) => n.id === 'wind')!), id: 'wind2', params: { ...two.nodes.find((n) => n.id === 'wind')!.params, angle: 90 } });
    two.edges.push(...two.edges.filter((e) => e.to.node === 'wind').map((e) => ({ ...e, to: { ...e.to, node: 'wind2' } })));
    two.edges.push({ from: { node: 'wind2', port: 'out' }, to: { node: 'moisture2', port: 'air' } });
    two.nodes.push({ ...structuredClone(two.nodes.find((n) => n.id === 'moisture')!), id: 'moisture2' });
    two.edges.push({ from: { node: 'moisture', port: 'out' }, to: { node: 'combineM', port: 'base' } }, { from: { node: 'moisture2', port: 'out' }, to: { node: 'combineM', port: 'detail' } });
    two.nodes.push({ id: 'combineM', type: 'combine', title: 'Both', position: [0, 0], params: { mode: 'max' } });
    const winds = windsUpstream(two, 'combineM');
    expect(winds.map((w) => [w.node, w.angle])).toEqual([['wind', 0], ['wind2', 90]]);
    const layers = windLayers(winds);
    expect(layers.map((l) => l.node)).toEqual(['wind', 'wind2']);
    const firstCentre = (l: (typeof layers)[number]) => (l.arrows[0].x1 + l.arrows[0].x2) / 2;
    expect(firstCentre(layers[0])).not.toBeCloseTo(firstCentre(layers[1]), 3);
    expect(windLayers(Array.from({ length: 5 }, (_, j) => ({ node: `w${j}`, angle: j }))).length).toBe(WINDS_DRAWN);
    expect(windLayers([{ node: 'w', angle: 0 }])[0].arrows).toEqual(windArrows(0, 4, 0.09));
  });

  it('points the arrows where the wind blows, north up', () => {
    const east = windArrows(0, 3);
    expect(east.length).toBe(9);
    for (const a of east) expect([Math.sign(a.x2 - a.x1), a.y2 - a.y1]).toEqual([1, 0]);
    const north = windArrows(90, 2);
    for (const a of north) {
      expect(a.x2 - a.x1).toBeCloseTo(0, 12);
      expect(a.y2).toBeLessThan(a.y1); // up the screen
    }
  });
});

describe('export files', () => {
  const engine = createEngine(DEFAULT, { size: 32 });
  engine.evaluate();

  it('writes Float32 ranges in the shortest text that reads back exactly', () => {
    for (const v of [0.1, -0.53, 1 / 3, 1e-7, 12345.678, 0]) {
      const text = f32Text(Math.fround(v));
      expect(Math.fround(Number(text))).toBe(Math.fround(v));
      expect(text.length).toBeLessThanOrEqual(String(Math.fround(v)).length);
    }
    expect(f32Text(Math.fround(0.1))).toBe('0.1');
    expect(f32Text(-0)).toBe('0');
  });

  it('names each file with its stem and, for fields, its value range', () => {
    const moisture = engine.output('moisture')!;
    const raw = exportFile(moisture, 32, 'moisture.out', 'raw')!;
    const named = parseRangedName(raw.name)!;
    expect(named.stem).toBe('moisture.out');
    expect(named.ext).toBe('f32');
    expect(Math.fround(named.min)).toBe(raw.min);
    expect(new Float32Array(raw.bytes.buffer.slice(0))).toEqual(moisture.data);
    const png16 = exportFile(moisture, 32, 'moisture.out', 'png16')!;
    expect(parseRangedName(png16.name)?.ext).toBe('16.png');
    const back = decode(png16.bytes);
    // Row 0 of the image is the north row, the grid's last.
    const v = (back.data as Uint16Array)[0] / 65535;
    expect(png16.min! + v * (png16.max! - png16.min!)).toBeCloseTo(moisture.data[31 * 32], 4);
    expect(back.text).not.toHaveProperty('terrain-graph:sea-level');
    // A terrain's says where its sea lies, for the engine's water plane: the height and its 16-bit value.
    const terrain = engine.output('water', 'terrain')!;
    if (terrain.type !== 'terrain') throw new Error('the water gives no terrain');
    const sea = decode(exportFile(terrain, 32, 'water.terrain', 'png16')!.bytes).text;
    expect(Number(sea['terrain-graph:sea-level'])).toBe(terrain.seaLevel);
    const [lo, hi] = [Number(sea['terrain-graph:min']), Number(sea['terrain-graph:max'])];
    expect(Number(sea['terrain-graph:sea-level-16'])).toBe(Math.round(((terrain.seaLevel - lo) / (hi - lo)) * 65535));
    expect(exportFile(engine.output('biomes')!, 32, 'biomes.out', 'raw')!.name).toBe('biomes.out.u8');
    expect(exportFile(engine.output('biomes')!, 32, 'biomes.out', 'png16')).toBeNull();
    expect(exportFile(moisture, 32, 'moisture.out', 'indexed')).toBeNull();
    expect(parseRangedName('biomes.out.u8')).toBeNull();
    expect(parseRangedName('height.out.-0.5_0.25.f32')).toEqual({ stem: 'height.out', min: -0.5, max: 0.25, ext: 'f32' });
    // The editor's downloads put the graph's name first, dots and all.
    expect(parseRangedName('island.v2.height.out.-0.5_0.25.f32')).toEqual({ stem: 'island.v2.height.out', min: -0.5, max: 0.25, ext: 'f32' });
    expect(parseRangedName('island.water.terrain.0.125_1e-7.16.png')).toEqual({ stem: 'island.water.terrain', min: 0.125, max: 1e-7, ext: '16.png' });
  });
});
