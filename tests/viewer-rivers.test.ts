// Rivers drawn over the viewer's picture: which outputs are river layers (by meaning, any node),
// the person's choice and its keeping across reloads, the composed pixels on a tiny grid, and
// the session driving the worker's own code: the map's picture, a draft's, a drag frame's and
// the PNG export carry the rivers; the data exports do not.
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { formatValue } from '../src/model/values.ts';
import type { Graph } from '../src/model/graph.ts';
import { renderPreview } from '../src/render/preview.ts';
import { drawRivers, RIVER_COLOURS, RIVER_DEEP_RGB, RIVER_PALE_RGB, RIVER_RGB, riverColour } from '../src/render/rivers.ts';
import { LAND_MASK, WATER_MASK } from '../src/render/ramps.ts';
import { DEFAULT_RIVERS, readRiverSetting, RIVERS_KEY, riverOutputs, riverShown, type SettingStore, writeRiverSetting } from '../src/viewer-core/rivers.ts';
import { PreviewEvaluator } from '../src/worker/evaluator.ts';
import type { PanRequest } from '../src/worker/protocol.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

const RIVERS_TEXT = readFileSync('graphs/rivers-from-the-rain.json', 'utf8');
const RIVERS = parseGraph(RIVERS_TEXT);

/** A second flow node reading the same land, so the graph has two river outputs. */
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

describe('which outputs are rivers', () => {
  it("finds every output meaning 'river', whatever its node, and none in a graph without", () => {
    expect(riverOutputs(RIVERS).map((o) => o.key)).toEqual(['rivers.rivers']);
    expect(riverOutputs(DEFAULT)).toEqual([]);
    const two = riverOutputs(twoRivers());
    expect(two.map((o) => o.key)).toEqual(['rivers.rivers', 'wet.rivers']);
    // The flow has four outputs: the label names the port.
    expect(two[1].label).toBe('Wet rivers · rivers');
  });

  it('draws none when off, the picked one when it is there, else the first', () => {
    const two = riverOutputs(twoRivers());
    expect(riverShown(two, { on: false, pick: 'wet.rivers' })).toBeNull();
    expect(riverShown(two, { on: true, pick: 'wet.rivers' })?.node).toBe('wet');
    expect(riverShown(two, { on: true, pick: 'gone.rivers' })?.node).toBe('rivers');
    expect(riverShown(two, { on: true, pick: null })?.node).toBe('rivers');
    expect(riverShown([], { on: true, pick: null })).toBeNull();
  });

  it('keeps the choice in the store and reads a broken or refusing store as off', () => {
    const store = memoryStore();
    expect(readRiverSetting(store)).toEqual(DEFAULT_RIVERS);
    writeRiverSetting(store, { on: true, pick: 'wet.rivers' });
    expect(readRiverSetting(store)).toEqual({ on: true, pick: 'wet.rivers' });
    store.map.set(RIVERS_KEY, '{"on": "yes", "pick": 3}');
    expect(readRiverSetting(store)).toEqual({ on: false, pick: null });
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
    expect(drawRivers(rgba, 4, rivers, 4)).toBe(2);
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
    // Three river pixels over teal, one over green: all four pale, not two colours.
    const rgba = fill([38, 130, 142]);
    rgba.set([84, 150, 72, 255], (1 * 4 + 3) * 4);
    drawRivers(rgba, 4, rivers, 4);
    for (let c = 0; c < 4; c++) expect([...rgba.slice((1 * 4 + c) * 4, (1 * 4 + c) * 4 + 3)]).toEqual([...RIVER_PALE_RGB]);
  });

  it('keeps a line a cell wide when the picture is smaller than the grid', () => {
    // A river along grid column 1 of 4, drawn on 2 × 2 pixels: the west column of pixels.
    const rivers = new Float32Array(16);
    for (let r = 0; r < 4; r++) rivers[r * 4 + 1] = 1;
    const rgba = new Uint8ClampedArray(2 * 2 * 4).fill(200);
    expect(drawRivers(rgba, 2, rivers, 4)).toBe(2);
    expect([...rgba.slice(0, 3)]).toEqual([...RIVER_RGB]);
    expect([...rgba.slice(4, 7)]).toEqual([200, 200, 200]);
    expect(() => drawRivers(rgba, 2, new Float32Array(9), 4)).toThrow(/river layer holds 9 cells, expected 4 × 4/);
  });
});

describe('the session draws rivers over the shown layer', () => {
  it('on the biomes: river cells in the river blue, every other pixel as without; kept for the next session', async () => {
    const store = memoryStore();
    const { session, settle } = setup(RIVERS, undefined, store);
    await settle();
    expect(session.node).toBe('biomes');
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers']);
    expect(session.detail?.rivers).toBeUndefined();
    const plain = new Uint8ClampedArray(session.detail!.image.rgba).slice();
    session.setRivers({ on: true });
    await settle();
    const d = session.detail!;
    expect(d.rivers).toBe('rivers.rivers');
    const n = d.n;
    expect(d.image.width).toBe(n);
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['rivers', 'biomes'] });
    const rivers = engine.output('rivers', 'rivers')!.data as Float32Array;
    const rgba = new Uint8ClampedArray(d.image.rgba);
    let riverCells = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const p = ((n - 1 - r) * n + c) * 4;
        const got = [rgba[p], rgba[p + 1], rgba[p + 2]];
        if (rivers[r * n + c] === 1) {
          riverCells++;
          expect(RIVER_COLOURS.map((x) => x.join())).toContain(got.join());
        } else if (got.join() !== [plain[p], plain[p + 1], plain[p + 2]].join()) throw new Error(`cell ${r},${c} changed without a river`);
      }
    }
    expect(riverCells).toBeGreaterThan(100);
    // The same picture the biomes' own preview draws, with the rivers over it.
    const expected = renderPreview(engine.output('biomes')!, n, n).rgba;
    drawRivers(expected, n, rivers, n);
    expect(Buffer.from(rgba).equals(Buffer.from(expected))).toBe(true);
    // A reload: a new session reads the choice back.
    const again = setup(RIVERS, undefined, store);
    await again.settle();
    expect(again.session.rivers.on).toBe(true);
    expect(again.session.detail?.rivers).toBe('rivers.rivers');
    session.setRivers({ on: false });
    await settle();
    expect(session.detail?.rivers).toBeUndefined();
    expect(Buffer.from(new Uint8ClampedArray(session.detail!.image.rgba)).equals(Buffer.from(plain))).toBe(true);
  });

  it('offers the rivers of a graph opened later, and none once they are gone', async () => {
    const { core, session, settle } = setup(DEFAULT, undefined, memoryStore());
    await settle();
    expect(session.riverOutputs).toEqual([]);
    core.replaceGraph(RIVERS);
    await settle();
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers']);
    session.setRivers({ on: true });
    await settle();
    expect(session.detail?.rivers).toBe('rivers.rivers');
    core.replaceGraph(DEFAULT);
    await settle();
    expect(session.riverOutputs).toEqual([]);
    expect(session.riverShown).toBeNull();
    expect(session.detail?.rivers).toBeUndefined();
  });

  it("adds the river's line to the cell read out, with its rule, while they are drawn", async () => {
    const { session, settle } = setup(RIVERS, undefined, memoryStore());
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
    expect(session.provenance?.river).toBeUndefined();
    session.setRivers({ on: true });
    await settle();
    const river = session.provenance!.river!;
    expect(river).toMatchObject({ node: 'rivers', port: 'rivers', value: 1 });
    expect(river.why).toBe(`accumulation ${formatValue(acc[i])} ≥ river area 8 → river`);
    // The shown node's rows stay its own: the flow does not lead to the biomes.
    expect(session.provenance!.rows.some((row) => row.node === 'rivers')).toBe(false);
  });

  it('follows an edit of the river node while the shown node stays the same', async () => {
    const { core, session, settle } = setup(RIVERS, undefined, memoryStore());
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
    const [first] = evaluator.evaluate({ kind: 'evaluate', seq: 1, graph: RIVERS, previewSize: 32, detail: 'biomes', detailSize: 512, detailRivers: { node: 'rivers', port: 'rivers' }, draft: 64 });
    expect(first.result.detail).toMatchObject({ draft: true, n: 64, rivers: 'rivers.rivers' });

    const { session, worker, downloads, settle } = setup(RIVERS, undefined, memoryStore());
    session.setRivers({ on: true });
    await settle();
    session.input({ type: 'down', x: 100, y: 100 });
    for (let k = 1; k <= 4; k++) session.input({ type: 'move', x: 100 + 8 * k, y: 100 });
    await settle();
    const pans = worker.sent.filter((m): m is PanRequest => m.kind === 'pan');
    expect(pans.at(-1)?.rivers).toEqual({ node: 'rivers', port: 'rivers' });
    session.input({ type: 'cancel' });
    await settle();

    session.exportLayer('png');
    await settle();
    session.exportLayer('raw');
    await settle();
    expect(downloads.map((f) => f.name)).toEqual(['biomes.out.rivers.png', 'biomes.out.u8']);
    const png = decode(new Uint8Array(downloads[0].bytes));
    expect([png.width, png.height]).toEqual([256, 256]);
    expect(Buffer.from(png.data as Uint8Array).equals(Buffer.from(new Uint8ClampedArray(session.detail!.image.rgba)))).toBe(true);
    const engine = createEngine(RIVERS);
    engine.evaluate({ targets: ['biomes'] });
    expect(Buffer.from(downloads[1].bytes).equals(Buffer.from(engine.output('biomes')!.data))).toBe(true);
  });

  it('pins the picture with its rivers, and draws the picked river output of several', async () => {
    const { core, session, settle } = setup(twoRivers(), undefined, memoryStore());
    session.setRivers({ on: true });
    await settle();
    expect(session.riverOutputs.map((o) => o.key)).toEqual(['rivers.rivers', 'wet.rivers']);
    expect(session.detail?.rivers).toBe('rivers.rivers');
    const first = new Uint8ClampedArray(session.detail!.image.rgba).slice();
    session.pinShown();
    await settle();
    expect(Buffer.from(new Uint8ClampedArray(session.compare.picture!.image.rgba)).equals(Buffer.from(first))).toBe(true);
    session.setRivers({ pick: 'wet.rivers' });
    await settle();
    expect(session.detail?.rivers).toBe('wet.rivers');
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
      const { core, session, client, settle } = setup(RIVERS, undefined, memoryStore());
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
