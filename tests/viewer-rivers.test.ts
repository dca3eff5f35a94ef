// Rivers and lakes drawn over the viewer's picture: which outputs are water (by meaning, any
// node), the person's choice and its keeping across reloads, the composed pixels on a tiny grid,
// and the session driving the worker's own code: the map's picture, a draft's, a drag frame's and
// the PNG export carry the rivers and lakes; the data exports do not.
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { formatValue, waterKind } from '../src/model/values.ts';
import type { Graph } from '../src/model/graph.ts';
import { renderPreview } from '../src/render/preview.ts';
import { drawWater, RIVER_AQUA_RGB, RIVER_COLOURS, RIVER_DEEP_RGB, RIVER_PALE_RGB, RIVER_RGB, riverColour, widenWater } from '../src/render/rivers.ts';
import { AIR, LAKE, LAND_MASK, WATER_MASK } from '../src/render/ramps.ts';
import { DRAINAGE_SEA } from '../src/render/drainage.ts';
import { renderLayer } from '../src/render/layer.ts';
import { widens } from '../src/app/terrain-3d/mesh.ts';
import { DEFAULT_RIVERS, readRiverSetting, RIVERS_KEY, riverOutputs, riverShown, writeRiverSetting } from '../src/viewer-core/rivers.ts';
import type { SettingStore } from '../src/viewer-core/settings.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { PanRequest } from '../src/worker/protocol.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

const RIVERS_TEXT = readFileSync('graphs/rivers-from-the-rain.json', 'utf8');
const RIVERS = parseGraph(RIVERS_TEXT);

/** A second flow node reading the same land, so the graph has two nodes' rivers and lakes. */
function twoRivers(): Graph {
  const file = JSON.parse(RIVERS_TEXT);
  const flow = file.nodes.find((n: { id: string }) => n.id === 'rivers');
  file.nodes.push({ ...flow, id: 'wet', title: 'Wet rivers', params: { ...flow.params, riverArea: 2 } });
  file.edges.push({ from: 'water.terrain', to: 'wet.terrain' });
  return parseGraph(JSON.stringify(file));
}

function memoryStore(): SettingStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** Which cells of the rivers recipe's flow are river and lake, on its own view. */
function riversAndLakes(graph: Graph = RIVERS): { rivers: Float32Array; lakes: Float32Array; acc: Float32Array; n: number } {
  const engine = createEngine(graph);
  engine.evaluate({ targets: ['rivers'] });
  const out = (port: string) => engine.output('rivers', port)!.data as Float32Array;
  return { rivers: out('rivers'), lakes: out('lakes'), acc: out('accumulation'), n: graph.view.size };
}

describe('which outputs are rivers and lakes', () => {
  it("finds every output meaning 'river' or 'lake', a node at a time, whatever its node, and none in a graph without", () => {
    const found = riverOutputs(RIVERS);
    expect(found.map((o) => [o.key, o.ports, o.words, o.label])).toEqual([['rivers.rivers', ['rivers', 'lakes'], 'rivers & lakes', 'Flow and rivers']]);
    expect(riverOutputs(DEFAULT)).toEqual([]);
    const two = riverOutputs(twoRivers());
    expect(two.map((o) => o.key)).toEqual(['rivers.rivers', 'wet.rivers']);
    expect(two[1].label).toBe('Wet rivers');
  });

  it("gives the flow's lake depth a meaning of its own, drawn as areas; the rivers as lines; the rest as nothing", () => {
    expect(waterKind('lake')).toBe('area');
    expect(waterKind('river')).toBe('lines');
    for (const m of ['value', 'mask', 'height', 'air'] as const) expect(waterKind(m)).toBeNull();
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['rivers'] });
    expect(engine.output('rivers', 'lakes')?.meaning).toBe('lake');
    expect(engine.output('rivers', 'accumulation')?.meaning).toBe('value');
  });

  it('draws lake depth as water depth: no lake in the land colour, any depth blue, deeper darker', () => {
    const rgba = renderLayer({ type: 'field', meaning: 'lake', data: Float32Array.of(0, 0.0001, 0.02, 0.08) }, 2);
    // North row first: cells 2, 3 then 0, 1.
    const px = (k: number) => [...rgba.slice(k * 4, k * 4 + 3)];
    expect(px(2)).toEqual([...LAND_MASK]);
    for (const k of [3, 0, 1]) expect(px(k)[2], `pixel ${k} blue`).toBeGreaterThan(px(k)[0] + 60);
    const light = (k: number) => px(k).reduce((a, b) => a + b, 0);
    expect(light(3)).toBeGreaterThan(light(0));
    expect(light(0)).toBeGreaterThan(light(1));
    expect([...LAKE.slice(3, 6)]).not.toEqual([...LAND_MASK]);
    // A view all lake keeps its shallowest cells blue: the ramp's low end is 0, not the shallowest.
    const all = renderLayer({ type: 'field', meaning: 'lake', data: Float32Array.of(0.01, 0.02, 0.03, 0.04) }, 2);
    for (let k = 0; k < 4; k++) expect([...all.slice(k * 4, k * 4 + 3)]).not.toEqual([...LAND_MASK]);
  });

  it('draws none when off, the picked one when it is there, else the first', () => {
    const two = riverOutputs(twoRivers());
    expect(riverShown(two, { on: false, pick: 'wet.rivers' })).toBeNull();
    expect(riverShown(two, { on: true, pick: 'wet.rivers' })?.node).toBe('wet');
    expect(riverShown(two, { on: true, pick: 'gone.rivers' })?.node).toBe('rivers');
    expect(riverShown(two, { on: true, pick: null })?.node).toBe('rivers');
    expect(riverShown([], { on: true, pick: null })).toBeNull();
  });

  it("draws a graph's water until the person turns it off: the graph decides until they choose", () => {
    const two = riverOutputs(twoRivers());
    expect(DEFAULT_RIVERS).toEqual({ on: null, pick: null });
    expect(riverShown(two, DEFAULT_RIVERS)?.key).toBe('rivers.rivers');
    expect(riverShown(two, { on: null, pick: 'wet.rivers' })?.key).toBe('wet.rivers');
    expect(riverShown([], DEFAULT_RIVERS)).toBeNull();
  });

  it('keeps the choice in the store and reads a broken or refusing store as not chosen', () => {
    const store = memoryStore();
    expect(readRiverSetting(store)).toEqual(DEFAULT_RIVERS);
    writeRiverSetting(store, { on: true, pick: 'wet.rivers' });
    expect(readRiverSetting(store)).toEqual({ on: true, pick: 'wet.rivers' });
    writeRiverSetting(store, { on: false, pick: null });
    expect(readRiverSetting(store)).toEqual({ on: false, pick: null });
    store.map.set(RIVERS_KEY, '{"on": "yes", "pick": 3}');
    expect(readRiverSetting(store)).toEqual({ on: null, pick: null });
    store.map.set(RIVERS_KEY, 'not json');
    expect(readRiverSetting(store)).toEqual(DEFAULT_RIVERS);
    const refusing: SettingStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readRiverSetting(refusing)).toEqual(DEFAULT_RIVERS);
    expect(() => writeRiverSetting(refusing, { on: true, pick: null })).not.toThrow();
  });
});

describe('the composed picture', () => {
  /** A 4 × 4 picture: the west half beige, the east half the water mask's blue. */
  function picture(): Uint8ClampedArray {
    const rgba = new Uint8ClampedArray(4 * 4 * 4);
    for (let p = 0; p < 16; p++) rgba.set([...(p % 4 < 2 ? LAND_MASK : WATER_MASK), 255], p * 4);
    return rgba;
  }

  it('paints river cells in the river blue, north up, and leaves every other pixel', () => {
    const rgba = picture();
    const before = rgba.slice();
    // Grid row 0 is south: cell (r 0, c 0) is the image's bottom-left pixel; (r 3, c 1) its top row.
    const rivers = new Float32Array(16);
    rivers[0 * 4 + 0] = 1;
    rivers[3 * 4 + 1] = 1;
    rivers[1 * 4 + 1] = 0.4; // not a river: under ½
    expect(drawWater(rgba, 4, [{ kind: 'lines', data: rivers }], 4).painted).toBe(2);
    const px = (x: number, y: number) => [...rgba.slice((y * 4 + x) * 4, (y * 4 + x) * 4 + 4)];
    expect(px(0, 3)).toEqual([...RIVER_RGB, 255]);
    expect(px(1, 0)).toEqual([...RIVER_RGB, 255]);
    for (let p = 0; p < 16; p++) {
      if (p === 3 * 4 + 0 || p === 0 * 4 + 1) continue;
      expect([...rgba.slice(p * 4, p * 4 + 4)], `pixel ${p}`).toEqual([...before.slice(p * 4, p * 4 + 4)]);
    }
  });

  it('draws all the rivers of a picture in one colour, the one that stands out on most of what they cover', () => {
    const fill = (rgb: readonly number[]) => {
      const rgba = new Uint8ClampedArray(4 * 4 * 4);
      for (let p = 0; p < 16; p++) rgba.set([...rgb, 255], p * 4);
      return rgba;
    };
    const rivers = new Float32Array(16);
    for (let c = 0; c < 4; c++) rivers[2 * 4 + c] = 1;
    // Viridis' teal is near the river blue: pale; greens keep the river blue.
    expect(riverColour(fill([38, 130, 142]), rivers, 4)).toEqual(RIVER_PALE_RGB);
    expect(riverColour(fill([84, 150, 72]), rivers, 4)).toEqual(RIVER_RGB);
    // The air's ramp: two river pixels over its mid blue (near the river blue), two over its
    // pale end (near the pale blue): deep.
    const air = fill([54, 144, 192]);
    air.set([208, 209, 230, 255], (1 * 4 + 0) * 4);
    air.set([208, 209, 230, 255], (1 * 4 + 1) * 4);
    expect(riverColour(air, rivers, 4)).toEqual(RIVER_DEEP_RGB);
    // With the sea painted under the picture (a flow's lakes map), not the deep blue, a navy
    // beside the sea's: the first colour apart from both what it covers and the sea.
    expect(riverColour(air, rivers, 4, [DRAINAGE_SEA])).toEqual(RIVER_AQUA_RGB);
    // None apart from what it covers: of those apart from the sea, the one faint on the fewest.
    // Every pixel water: 6 over the river blue, 6 over the pale, 1 over the deep, 3 over the aqua.
    const mixed = fill(RIVER_RGB);
    for (let p = 6; p < 12; p++) mixed.set([...RIVER_PALE_RGB, 255], p * 4);
    mixed.set([...RIVER_DEEP_RGB, 255], 12 * 4);
    for (let p = 13; p < 16; p++) mixed.set([...RIVER_AQUA_RGB, 255], p * 4);
    const all = new Float32Array(16).fill(1);
    expect(riverColour(mixed, all, 4)).toEqual(RIVER_DEEP_RGB);
    expect(riverColour(mixed, all, 4, [DRAINAGE_SEA])).toEqual(RIVER_PALE_RGB);
    // Three river pixels over teal, one over green: all four pale, not two colours.
    const rgba = fill([38, 130, 142]);
    rgba.set([84, 150, 72, 255], (1 * 4 + 3) * 4);
    drawWater(rgba, 4, [{ kind: 'lines', data: rivers }], 4);
    for (let c = 0; c < 4; c++) expect([...rgba.slice((1 * 4 + c) * 4, (1 * 4 + c) * 4 + 3)]).toEqual([...RIVER_PALE_RGB]);
  });

  it('paints lake cells (deeper than 0) as areas, in the same colour as the rivers', () => {
    const rgba = picture();
    const before = rgba.slice();
    const rivers = new Float32Array(16);
    rivers[3 * 4 + 0] = 1;
    const lakes = new Float32Array(16);
    lakes[0 * 4 + 0] = 0.004;
    lakes[0 * 4 + 1] = 0.02;
    lakes[1 * 4 + 1] = 0; // dry
    const { painted, colour } = drawWater(rgba, 4, [{ kind: 'area', data: lakes }, { kind: 'lines', data: rivers }], 4);
    expect(painted).toBe(3);
    expect(colour).toEqual(RIVER_RGB);
    const px = (x: number, y: number) => [...rgba.slice((y * 4 + x) * 4, (y * 4 + x) * 4 + 4)];
    expect(px(0, 0)).toEqual([...RIVER_RGB, 255]);
    expect(px(0, 3)).toEqual([...RIVER_RGB, 255]);
    expect(px(1, 3)).toEqual([...RIVER_RGB, 255]);
    expect(px(1, 2)).toEqual([...before.slice((2 * 4 + 1) * 4, (2 * 4 + 1) * 4 + 4)]);
    // Smaller than the grid, a lake pixel is the cell at its centre (as the picture under it),
    // not any cell: a one-cell pond off the centres is not drawn four times its size.
    const small = new Uint8ClampedArray(2 * 2 * 4).fill(200);
    const pond = new Float32Array(16);
    pond[0] = 0.01;
    expect(drawWater(small, 2, [{ kind: 'area', data: pond }], 4).painted).toBe(0);
    pond[1 * 4 + 1] = 0.01;
    expect(drawWater(small, 2, [{ kind: 'area', data: pond }], 4).painted).toBe(1);
  });

  it("reads on the air's ramp, white to deep blue, where each blue fades on part of it", () => {
    // Rivers over every colour of the air's ramp: the river blue fades on its mid blues, the pale
    // one on its light end (the colour it drew there before), the deep one on its dark end.
    const side = 16;
    const rgba = new Uint8ClampedArray(side * side * 4);
    for (let p = 0; p < side * side; p++) rgba.set([AIR[p * 3], AIR[p * 3 + 1], AIR[p * 3 + 2], 255], p * 4);
    const lines = new Float32Array(side * side).fill(1);
    expect(riverColour(rgba, lines, side)).toEqual(RIVER_AQUA_RGB);
    // Each colour of the air's ramp stands apart from it by the faintness threshold.
    for (let k = 0; k < 256; k++) {
      const d = Math.hypot(AIR[k * 3] - RIVER_AQUA_RGB[0], AIR[k * 3 + 1] - RIVER_AQUA_RGB[1], AIR[k * 3 + 2] - RIVER_AQUA_RGB[2]);
      expect(d, `air entry ${k}`).toBeGreaterThan(130);
    }
  });

  it('widens the water of a picture by a pixel east and south for the small 3-D view, and nothing else', () => {
    const side = 4;
    const rgba = new Uint8ClampedArray(side * side * 4).fill(90);
    // A river pixel at (1, 1) and a pixel of the same colour but not opaque (not water).
    rgba.set([...RIVER_RGB, 255], (1 * side + 1) * 4);
    rgba.set([...RIVER_RGB, 254], (3 * side + 3) * 4);
    expect(widenWater(rgba, side, RIVER_RGB)).toBe(2);
    const water = [];
    for (let p = 0; p < side * side; p++) if (rgba[p * 4 + 3] === 255 && rgba[p * 4] === RIVER_RGB[0] && rgba[p * 4 + 2] === RIVER_RGB[2]) water.push(p);
    expect(water).toEqual([1 * side + 1, 1 * side + 2, 2 * side + 1]);
    // 1024 × 700: a 256² picture on a 256-pixel canvas is widened; at 1600 × 1000 (512) it is not.
    expect(widens(256, 256)).toBe(true);
    expect(widens(256, 512)).toBe(false);
    expect(widens(512, 512)).toBe(true);
  });

  it('keeps a line a cell wide when the picture is smaller than the grid', () => {
    // A river along grid column 1 of 4, drawn on 2 × 2 pixels: the west column of pixels.
    const rivers = new Float32Array(16);
    for (let r = 0; r < 4; r++) rivers[r * 4 + 1] = 1;
    const rgba = new Uint8ClampedArray(2 * 2 * 4).fill(200);
    expect(drawWater(rgba, 2, [{ kind: 'lines', data: rivers }], 4).painted).toBe(2);
    expect([...rgba.slice(0, 3)]).toEqual([...RIVER_RGB]);
    expect([...rgba.slice(4, 7)]).toEqual([200, 200, 200]);
    expect(() => drawWater(rgba, 2, [{ kind: 'lines', data: new Float32Array(9) }], 4)).toThrow(/river layer holds 9 cells, expected 4 × 4/);
  });
});

describe('the session draws rivers over the shown layer', () => {
  it('on the biomes: river and lake cells in one water blue, every other pixel as without; kept for the next session', async () => {
    const store = memoryStore();
    const { session, settle } = setup(RIVERS, store);
    await settle();
    expect(session.node).toBe('biomes');
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers']);
    // Drawn from the start: the person has not chosen, and the graph has rivers.
    expect(session.detail?.rivers).toBe('rivers.rivers+lakes');
    const d = session.detail!;
    // The picture's pixels go back to the worker once the next comes: a copy.
    const rgba = new Uint8ClampedArray(d.image.rgba).slice();
    session.setRivers({ on: false });
    await settle();
    expect(session.detail?.rivers).toBeUndefined();
    const plain = new Uint8ClampedArray(session.detail!.image.rgba).slice();
    expect(d.rivers).toBe('rivers.rivers+lakes');
    expect(d.water).toEqual(RIVER_RGB);
    const n = d.n;
    expect(d.image.width).toBe(n);
    const { rivers, lakes } = riversAndLakes();
    let riverCells = 0;
    let lakeCells = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const p = ((n - 1 - r) * n + c) * 4;
        const got = [rgba[p], rgba[p + 1], rgba[p + 2]];
        const i = r * n + c;
        if (rivers[i] === 1 || lakes[i] > 0) {
          if (rivers[i] === 1) riverCells++;
          else lakeCells++;
          expect(got, `cell ${c},${r}`).toEqual([...RIVER_RGB]);
        } else if (got.join() !== [plain[p], plain[p + 1], plain[p + 2]].join()) throw new Error(`cell ${r},${c} changed without water`);
      }
    }
    expect(riverCells).toBeGreaterThan(100);
    expect(lakeCells).toBeGreaterThan(1000);
    // The same picture the biomes' own preview draws, with the rivers and lakes over it.
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['biomes'] });
    const expected = renderPreview(engine.output('biomes')!, n, n).rgba;
    drawWater(expected, n, [{ kind: 'lines', data: rivers }, { kind: 'area', data: lakes }], n);
    expect(Buffer.from(rgba).equals(Buffer.from(expected))).toBe(true);
    // A reload: a new session reads the choice back, off, and draws none.
    const again = setup(RIVERS, store);
    await again.settle();
    expect(again.session.rivers.on).toBe(false);
    expect(again.session.detail?.rivers).toBeUndefined();
    expect(again.session.detail?.water).toBeUndefined();
    expect(Buffer.from(new Uint8ClampedArray(again.session.detail!.image.rgba)).equals(Buffer.from(plain))).toBe(true);
    // Turned on again: kept on for the next.
    again.session.setRivers({ on: true });
    await again.settle();
    expect(again.session.detail?.rivers).toBe('rivers.rivers+lakes');
    const third = setup(RIVERS, store);
    await third.settle();
    expect(third.session.rivers.on).toBe(true);
    expect(third.session.detail?.rivers).toBe('rivers.rivers+lakes');
  });

  it('draws none over a graph without water, and asks the worker for none, until one is added', async () => {
    const { core, session, worker, settle } = setup(DEFAULT, memoryStore());
    await settle();
    expect(session.riverShown).toBeNull();
    expect(session.detailRequest.detailRivers).toBeNull();
    expect(worker.sent.filter((m) => m.kind === 'evaluate').every((m) => !('detailRivers' in m) || m.detailRivers === null || m.detailRivers === undefined)).toBe(true);
    expect(session.detail?.rivers).toBeUndefined();
    const flow = core.addNode('flow', [0, 0]);
    core.connect({ from: { node: 'water', port: 'terrain' }, to: { node: flow, port: 'terrain' } });
    await settle();
    expect(session.riverShown?.key).toBe(`${flow}.rivers`);
    expect(session.detail?.rivers).toBe(`${flow}.rivers+lakes`);
  });

  it("paints no lakes flat over another node's lake depths shown (a blur of them): the rivers only", async () => {
    const file = JSON.parse(RIVERS_TEXT);
    file.nodes.push({ id: 'soft', type: 'blur', title: 'Soft lakes', position: [0, 0], params: { radius: 0.01 } });
    file.edges.push({ from: 'rivers.lakes', to: 'soft.in' });
    const { core, session, settle } = setup(parseGraph(JSON.stringify(file)), memoryStore());
    session.setRivers({ on: true });
    await settle();
    expect(session.detail?.rivers).toBe('rivers.rivers+lakes');
    core.select(['soft']);
    await settle();
    const d = session.detail!;
    // The flow's lakes were painted flat over the blurred depths, hiding them.
    expect([d.id, d.meaning, d.rivers]).toEqual(['soft', 'lake', 'rivers.rivers']);
  });

  it('draws the rivers, not the lakes again, over the lake depths shown themselves', async () => {
    const { core, session, settle } = setup(RIVERS, memoryStore());
    session.setRivers({ on: true });
    await settle();
    core.select(['rivers']);
    session.setPort('lakes');
    await settle();
    const d = session.detail!;
    expect([d.id, d.port, d.meaning, d.rivers]).toEqual(['rivers', 'lakes', 'lake', 'rivers.rivers']);
    // Lake cells off the rivers keep their depth's colour: the depths read under the rivers.
    const { rivers, lakes, n } = riversAndLakes();
    const own = renderPreview({ type: 'field', meaning: 'lake', data: lakes }, n, n).rgba;
    const rgba = new Uint8ClampedArray(d.image.rgba);
    const i = lakes.findIndex((v, k) => v > 0.02 && rivers[k] === 0);
    const p = ((n - 1 - Math.floor(i / n)) * n + (i % n)) * 4;
    expect([...rgba.slice(p, p + 3)]).toEqual([...own.slice(p, p + 3)]);
  });

  it('offers the rivers of a graph opened later, and none once they are gone', async () => {
    const { core, session, settle } = setup(DEFAULT, memoryStore());
    await settle();
    expect(session.riverOutputs).toEqual([]);
    core.replaceGraph(RIVERS);
    await settle();
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers']);
    session.setRivers({ on: true });
    await settle();
    expect(session.detail?.rivers).toBe('rivers.rivers+lakes');
    core.replaceGraph(DEFAULT);
    await settle();
    expect(session.riverOutputs).toEqual([]);
    expect(session.riverShown).toBeNull();
    expect(session.detail?.rivers).toBeUndefined();
  });

  it("adds the river's line to the cell read out, with its rule, while they are drawn", async () => {
    const { session, settle } = setup(RIVERS, memoryStore());
    session.setRivers({ on: false });
    await settle();
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['rivers'] });
    const rivers = engine.output('rivers', 'rivers')!.data;
    const acc = engine.output('rivers', 'accumulation')!.data;
    const n = RIVERS.view.size;
    const i = rivers.findIndex((v) => v === 1);
    const [c, r] = [i % n, Math.floor(i / n)];
    // The frame pixel over cell (c, r) at 1×: the map is north up.
    const at = { x: ((c + 0.5) * session.frame) / n, y: ((n - 1 - r + 0.5) * session.frame) / n };
    session.input({ type: 'move', ...at });
    await settle();
    expect(session.provenance?.i).toBe(i);
    expect(session.provenance?.water).toBeUndefined();
    session.setRivers({ on: true });
    await settle();
    const river = session.provenance!.water![0];
    expect(river).toMatchObject({ node: 'rivers', port: 'rivers', value: 1 });
    expect(river.why).toBe(`accumulation ${formatValue(acc[i])} ≥ river area 8 → river`);
    // The shown node's rows stay its own: the flow does not lead to the biomes.
    expect(session.provenance!.rows.some((row) => row.node === 'rivers')).toBe(false);
  });

  it("adds a lake's depth to the cell read out on a lake, in the heights' units", async () => {
    const { session, settle } = setup(RIVERS, memoryStore());
    session.setRivers({ on: true });
    await settle();
    const { rivers, lakes, n } = riversAndLakes();
    const i = lakes.findIndex((v, k) => v > 0.01 && rivers[k] === 0);
    const [c, r] = [i % n, Math.floor(i / n)];
    session.input({ type: 'move', x: ((c + 0.5) * session.frame) / n, y: ((n - 1 - r + 0.5) * session.frame) / n });
    await settle();
    expect(session.provenance?.i).toBe(i);
    const [river, lake] = session.provenance!.water!;
    expect(river).toMatchObject({ node: 'rivers', port: 'rivers', value: 0 });
    expect(lake).toMatchObject({ node: 'rivers', port: 'lakes', meaning: 'lake', value: lakes[i] });
    expect(lake.why).toMatch(/^lake depth: the hollow filled to its spill point /);
  });

  it('follows an edit of the river node while the shown node stays the same', async () => {
    const { core, session, settle } = setup(RIVERS, memoryStore());
    session.setRivers({ on: true });
    await settle();
    const count = (rgba: ArrayBuffer) => {
      const a = new Uint8ClampedArray(rgba);
      let k = 0;
      for (let p = 0; p < a.length; p += 4) if (a[p] === RIVER_RGB[0] && a[p + 1] === RIVER_RGB[1] && a[p + 2] === RIVER_RGB[2]) k++;
      return k;
    };
    const before = count(session.detail!.image.rgba);
    core.setParam('rivers', 'riverArea', 40);
    await settle();
    expect(session.node).toBe('biomes');
    expect(count(session.detail!.image.rgba)).toBeLessThan(before);
  });

  it('draws them on a draft and on a drag frame, and in the PNG export but not the raw one', async () => {
    // A draft: the drafts' engine on a coarser view has the rivers too.
    const evaluator = new PreviewEvaluator();
    const [first] = evaluator.evaluate({ kind: 'evaluate', seq: 1, graph: RIVERS, previewSize: 32, detail: 'biomes', detailSize: 512, detailRivers: { node: 'rivers', ports: ['rivers', 'lakes'] }, draft: 64 });
    expect(first.result.detail).toMatchObject({ draft: true, n: 64, rivers: 'rivers.rivers+lakes' });

    const { session, worker, downloads, settle } = setup(RIVERS, memoryStore());
    session.setRivers({ on: true });
    await settle();
    session.input({ type: 'down', x: 100, y: 100 });
    for (let k = 1; k <= 4; k++) session.input({ type: 'move', x: 100 + 8 * k, y: 100 });
    await settle();
    const pans = worker.sent.filter((m): m is PanRequest => m.kind === 'pan');
    expect(pans.at(-1)?.rivers).toEqual({ node: 'rivers', ports: ['rivers', 'lakes'] });
    session.input({ type: 'cancel' });
    await settle();

    session.exportLayer('png');
    await settle();
    session.exportLayer('raw');
    await settle();
    // The graph's name first (the recipe's title, as Save would name its file).
    expect(downloads.map((f) => f.name)).toEqual(['rivers-from-the-rain.biomes.out.rivers.png', 'rivers-from-the-rain.biomes.out.u8']);
    const png = decode(new Uint8Array(downloads[0].bytes));
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(Buffer.from(png.data as Uint8Array).equals(Buffer.from(new Uint8ClampedArray(session.detail!.image.rgba)))).toBe(true);
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['biomes'] });
    expect(Buffer.from(downloads[1].bytes).equals(Buffer.from(engine.output('biomes')!.data))).toBe(true);
  });

  it("pins the picture with its rivers and lakes, and draws the picked node's of several", async () => {
    const { core, session, settle } = setup(twoRivers(), memoryStore());
    session.setRivers({ on: true });
    await settle();
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers', 'wet.rivers']);
    expect(session.detail?.rivers).toBe('rivers.rivers+lakes');
    const first = new Uint8ClampedArray(session.detail!.image.rgba).slice();
    session.pinShown();
    await settle();
    expect(Buffer.from(new Uint8ClampedArray(session.compare.picture!.image.rgba)).equals(Buffer.from(first))).toBe(true);
    session.setRivers({ pick: 'wet.rivers' });
    await settle();
    expect(session.detail?.rivers).toBe('wet.rivers+lakes');
    // The wet rivers (river area 2) cover more of the map.
    const blue = (rgba: Uint8ClampedArray) => {
      let k = 0;
      for (let p = 0; p < rgba.length; p += 4) if (rgba[p] === RIVER_RGB[0] && rgba[p + 1] === RIVER_RGB[1] && rgba[p + 2] === RIVER_RGB[2]) k++;
      return k;
    };
    expect(blue(new Uint8ClampedArray(session.detail!.image.rgba))).toBeGreaterThan(blue(first));
    // The pin keeps the rivers it was pinned with, through an edit.
    core.setParam('wet', 'riverArea', 3);
    await settle();
    expect(Buffer.from(new Uint8ClampedArray(session.compare.picture!.image.rgba)).equals(Buffer.from(first))).toBe(true);
  });

  it('asks the worker for no node more than without them', async () => {
    const ran = async (on: boolean) => {
      const { core, session, client, settle } = setup(RIVERS, memoryStore());
      session.setRivers({ on });
      await settle();
      const answers: string[][] = [];
      client.subscribe((a) => a.kind === 'result' && answers.push(Object.keys(a.ran)));
      core.setParam('moisture', 'strength', 0.7);
      await settle();
      return answers.flat().sort();
    };
    expect(await ran(true)).toEqual(await ran(false));
  });
});
