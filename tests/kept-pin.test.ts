// The compare pin kept across a reload (src/viewer-core/kept-pin.ts), headless: a frozen pin
// written by one session comes back in the next with the same pixels, its histogram and split; a
// live one is drawn again; a picture past the budget comes back halved, or not at all, and says
// so; a full storage keeps the draft first; a damaged record gives no pin and a message, never
// a throw; the pin goes with its draft when drafts are pruned.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRAFT_PREFIX, type KeyValueStore, PIN_PREFIX, restoreDraft, writeDraft } from '../src/editor/files.ts';
import { parseGraph } from '../src/index.ts';
import { serializeGraph } from '../src/model/format.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { PIN_CHARS, PinKeeper, type PinState, readKeptPin } from '../src/viewer-core/kept-pin.ts';
import { graphKey, type PinnedPicture } from '../src/viewer-core/compare.ts';
import { setup } from './helpers/viewer-setup.ts';

const KEY = `${PIN_PREFIX}tab-1`;

/** A localStorage in memory, refusing values longer than `max` characters as a full one does. */
function memoryStore(max = Infinity): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > max) throw new DOMException('quota', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** A session with the biomes pinned and frozen, then an edit: the pinned side is the before. */
async function frozenPin() {
  const s = setup();
  s.core.select(['biomes']);
  await s.settle();
  s.session.pinShown();
  await s.settle();
  s.session.compare.setFrozen(true);
  s.session.compare.setSplit(0.3);
  s.core.setParam('wind', 'angle', 90);
  await s.settle();
  return s;
}

/** Seeded noise pixels, opaque: what deflate can hardly shrink. */
function noisePicture(side: number): PinnedPicture {
  const rgba = new Uint8ClampedArray(side * side * 4);
  let h = 12345;
  for (let i = 0; i < rgba.length; i++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) + 0x9e3779b9;
    rgba[i] = i % 4 === 3 ? 255 : h >>> 24;
  }
  return { kind: 'picture-result', seq: 1, node: 'biomes', port: 'out', key: 'k', same: false, image: { width: side, height: side, rgba: rgba.buffer }, n: side, x: 0, y: 0 };
}

function frozenState(picture: PinnedPicture): PinState {
  return { pin: { node: 'biomes', port: 'out', title: 'Biomes', style: { heightMode: 'height', shade: true, contours: false } }, frozen: true, picture, split: 0.5, left: null };
}

describe('the compare pin kept across a reload', () => {
  it('brings a frozen pin back with its picture byte for byte, its histogram, its split and frozen', async () => {
    const s = await frozenPin();
    const c = s.session.compare;
    const store = memoryStore();
    await new PinKeeper(store, () => KEY, () => c).keep();
    expect(JSON.parse(store.map.get(KEY)!)).toMatchObject({ format: 'terrain-graph-pin', version: 1, frozen: true, split: 0.3, picture: { side: 256, from: 256 } });

    const read = await readKeptPin(store, 'tab-1');
    if (read.kind !== 'pin') throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.note).toBeNull();
    const next = setup();
    next.core.setParam('wind', 'angle', 90);
    await next.settle();
    next.session.compare.restore(read.pin);
    await next.settle();
    const back = next.session.compare;
    expect([back.pin, back.frozen, back.split, back.left]).toEqual([c.pin, true, 0.3, null]);
    expect(Buffer.from(back.picture!.image.rgba).equals(Buffer.from(c.picture!.image.rgba))).toBe(true);
    expect(back.picture!.histogram).toEqual(c.picture!.histogram);
    expect([back.picture!.n, back.picture!.x, back.picture!.y, back.picture!.meaning]).toEqual([c.picture!.n, c.picture!.x, c.picture!.y, c.picture!.meaning]);
    // The before, not the graph as it is: the current picture differs.
    expect(Buffer.from(back.picture!.image.rgba).equals(Buffer.from(next.session.detail!.image.rgba))).toBe(false);
    // Thawed, it follows the graph again.
    back.setFrozen(false);
    await next.settle();
    expect(Buffer.from(back.picture!.image.rgba).equals(Buffer.from(next.session.detail!.image.rgba))).toBe(true);
  });

  it('keeps a heights picture with its terrain histogram (a band below all at −∞)', async () => {
    const s = setup();
    s.core.select(['water']);
    await s.settle();
    s.session.setPort('terrain');
    await s.settle();
    s.session.pinShown();
    await s.settle();
    s.session.compare.setFrozen(true);
    const store = memoryStore();
    await new PinKeeper(store, () => KEY, () => s.session.compare).keep();
    const read = await readKeptPin(store, 'tab-1');
    if (read.kind !== 'pin') throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.pin.picture!.histogram).toEqual(s.session.compare.picture!.histogram);
    expect(read.pin.picture!.histogram!.kind).toBe('terrain');
  });

  it('brings a live pin back as what it pins, drawn again from the graph, with no picture kept', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    s.session.pinShown();
    await s.settle();
    const store = memoryStore();
    await new PinKeeper(store, () => KEY, () => s.session.compare).keep();
    expect(store.map.get(KEY)!.length).toBeLessThan(400);
    const read = await readKeptPin(store, 'tab-1');
    if (read.kind !== 'pin') throw new Error('not read');
    const next = setup();
    next.session.compare.restore(read.pin);
    await next.settle();
    expect([next.session.compare.frozen, next.session.compare.pin]).toEqual([false, s.session.compare.pin]);
    expect(Buffer.from(next.session.compare.picture!.image.rgba).equals(Buffer.from(s.session.compare.picture!.image.rgba))).toBe(true);
  });

  it('keeps a picture past the budget at half its side, and says so; none when not even the smallest fits', async () => {
    const store = memoryStore();
    const picture = noisePicture(256);
    const state = frozenState(picture);
    // 256² of noise packs to about 350 000 characters; 128² to about 88 000.
    await new PinKeeper(store, () => KEY, () => state, 100_000).keep();
    const read = await readKeptPin(store, 'tab-1');
    if (read.kind !== 'pin') throw new Error('not read');
    expect(read.pin.picture!.image.width).toBe(128);
    expect(read.note).toBe('The frozen compare pin "Biomes · out" came back at 128²: its 256² picture is more than the storage a pin may take.');

    await new PinKeeper(store, () => KEY, () => state, 10_000).keep();
    expect(await readKeptPin(store, 'tab-1')).toEqual({
      kind: 'dropped',
      message: `The frozen compare pin "Biomes · out" was not kept across the reload: its picture does not fit the ${PIN_CHARS} characters of storage a pin may take, even at 64².`,
    });
  });

  it('says a pin was not kept when the storage refused its picture, and removes the record once unpinned', async () => {
    const store = memoryStore(50_000);
    const state = frozenState(noisePicture(128));
    const keeper = new PinKeeper(store, () => KEY, () => state);
    await keeper.keep();
    expect(await readKeptPin(store, 'tab-1')).toEqual({ kind: 'dropped', message: 'The frozen compare pin "Biomes · out" was not kept across the reload: the browser\'s storage was full.' });
    const none = { ...state, pin: null };
    await new PinKeeper(store, () => KEY, () => none).keep();
    expect(store.map.has(KEY)).toBe(false);
    expect(await readKeptPin(store, 'tab-1')).toEqual({ kind: 'none' });
  });

  it('writes its record again when a draft took its room, and never leaves an older picture in its place', async () => {
    const store = memoryStore();
    let state = frozenState(noisePicture(64));
    const keeper = new PinKeeper(store, () => KEY, () => state);
    await keeper.keep();
    expect(store.map.has(KEY)).toBe(true);
    // A draft that needed the room dropped this tab's own pin (files.ts dropPinQuietly): the
    // write at pagehide puts it back, or the reload found none and said nothing.
    store.removeItem(KEY);
    keeper.write();
    expect((await readKeptPin(store, 'tab-1')).kind).toBe('pin');

    // Another picture frozen, and the storage refuses every write: the record of the first
    // picture must not stay, or the reload brought back a "before" the person had replaced.
    const refusing: KeyValueStore = { ...store, setItem: () => { throw new DOMException('quota', 'QuotaExceededError'); } };
    state = frozenState(noisePicture(32));
    await new PinKeeper(refusing, () => KEY, () => state).keep();
    expect(await readKeptPin(store, 'tab-1')).toEqual({ kind: 'none' });
  });

  it('drops a damaged record with a message naming what is wrong, and never throws', async () => {
    const s = await frozenPin();
    const store = memoryStore();
    await new PinKeeper(store, () => KEY, () => s.session.compare).keep();
    const good = JSON.parse(store.map.get(KEY)!);
    const data: string = good.picture.data;
    const cases: [string, string][] = [
      ['{"format":"terrain-graph-pin","vers', 'it is not JSON: cut short?'],
      [JSON.stringify({ ...good, version: 2 }), 'it is not a version 1 "terrain-graph-pin" record'],
      [JSON.stringify({ ...good, pin: { ...good.pin, node: 'a b' } }), 'its pin does not name a node, an output and a style'],
      [JSON.stringify({ ...good, pin: { ...good.pin, style: { heightMode: 'tall' } } }), 'its pin does not name a node, an output and a style'],
      [JSON.stringify({ ...good, frozen: 'yes' }), 'it does not say whether the pin is frozen'],
      [JSON.stringify({ ...good, picture: { ...good.picture, side: 'big' } }), 'its frozen picture is not described'],
      [JSON.stringify({ ...good, picture: { ...good.picture, data: '%%%' } }), 'its picture is not base64'],
      [JSON.stringify({ ...good, picture: { ...good.picture, data: data.slice(0, data.length / 2) } }), 'its picture does not unpack (cut short?)'],
      [JSON.stringify({ ...good, picture: { ...good.picture, side: 128 } }), 'it unpacks to more than the 65536 bytes its side holds'],
      [JSON.stringify({ ...good, picture: { ...good.picture, sum: good.picture.sum ^ 1 } }), 'its picture does not match its checksum: changed?'],
      [JSON.stringify({ ...good, picture: { ...good.picture, histogram: { kind: 'biome', counts: [-1] } } }), "its picture's histogram does not read"],
      [JSON.stringify({ ...good, picture: { ...good.picture, meaning: 'wet' } }), "its picture's meaning does not read"],
    ];
    for (const [text, why] of cases) {
      store.map.set(KEY, text);
      expect(await readKeptPin(store, 'tab-1'), why).toEqual({ kind: 'dropped', message: `The compare pin kept for this tab did not read back (${why}): the viewer opens without it.` });
    }
    // A store that refuses to be read: no pin, nothing said.
    const refusing = { ...store, getItem: () => { throw new Error('blocked'); } };
    expect(await readKeptPin(refusing, 'tab-1')).toEqual({ kind: 'none' });
  });

  it('goes with its draft: pruned with it, and dropped before any draft or history when the storage is full', async () => {
    const graph = parseGraph(readFileSync('graphs/default.json', 'utf8'));
    const store = memoryStore();
    writeDraft(store, 'tab-1', graph, 1000);
    store.setItem(`${PIN_PREFIX}tab-1`, '{}');
    store.setItem(`${PIN_PREFIX}gone`, '{}');
    restoreDraft(store, 'tab-1', 2000);
    expect([store.map.has(`${PIN_PREFIX}tab-1`), store.map.has(`${PIN_PREFIX}gone`)]).toEqual([true, false]);

    // Full: the next draft fits once another tab's pin is gone.
    const full = memoryStore();
    full.setItem(`${PIN_PREFIX}other`, 'x'.repeat(1000));
    let room = 1;
    const tight: KeyValueStore = { ...full, setItem: (k, v) => (k.startsWith(DRAFT_PREFIX) && full.map.has(`${PIN_PREFIX}other`) && room-- > 0 ? (() => { throw new Error('full'); })() : full.setItem(k, v)) };
    expect(writeDraft(tight, 'tab-1', graph, 3000)).toBe(true);
    expect(full.map.has(`${PIN_PREFIX}other`)).toBe(false);
    expect(full.map.has(`${DRAFT_PREFIX}tab-1`)).toBe(true);
  });

  it("names a graph left by the same key after a reload: the history brings it back through the file's writer and reader", () => {
    // A pin left on a graph comes back live when undo opens that graph again; after a reload the
    // graph undone to is read back from the saved history's file text.
    for (const file of readdirSync('graphs')) {
      const graph = new EditorCore(parseGraph(readFileSync(`graphs/${file}`, 'utf8'))).graph;
      expect(graphKey(parseGraph(serializeGraph(graph))), file).toBe(graphKey(graph));
    }
  });
});
