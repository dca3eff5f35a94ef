// The export's size and mesh options are kept across reloads (per browser, in the page's
// storage): read back as they were set, each damaged or out-of-range part falling back to its
// default on its own, and a store that refuses to read or write costs the choices nothing
// but their keeping.
import { describe, expect, it } from 'vitest';
import { MESH_DEFAULTS } from '../src/render/land-mesh.ts';
import { DEFAULT_EXPORT_CHOICES, EXPORTS_KEY, readExportChoices, writeExportChoices } from '../src/viewer-core/export-choices.ts';
import { distanceWords, ViewerExports } from '../src/viewer-core/exports.ts';
import { TILES_DEFAULTS, type TilesChoice } from '../src/viewer-core/tiles.ts';
import type { SettingStore } from '../src/viewer-core/settings.ts';
import type { LanePort } from '../src/worker/lane.ts';

const SIZES = [64, 256, 513, 1024, 2017];

function memoryStore(): SettingStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** A port no export is sent on: these tests only set choices. */
const idle: LanePort = { postMessage: () => {}, addEventListener: () => {}, removeEventListener: () => {} };

describe('the export choices kept across reloads', () => {
  it('reads back the size and the mesh options as the panel set them, on a new page', () => {
    const store = memoryStore();
    const first = new ViewerExports(idle, () => {}, undefined, { store, sizes: SIZES });
    expect([first.size, first.mesh]).toEqual([null, MESH_DEFAULTS]);
    first.setSize(513);
    expect(first.setMesh({ side: 257 })).toBeNull();
    expect(first.setMesh({ metresPerCell: 7.5 })).toBeNull();
    expect(first.setMesh({ heightRange: 2400 })).toBeNull();
    expect(first.setMesh({ sea: true })).toBeNull();
    // A refused value is not kept.
    expect(first.setMesh({ heightRange: -1 })).not.toBeNull();
    const reloaded = new ViewerExports(idle, () => {}, undefined, { store, sizes: SIZES });
    expect([reloaded.size, reloaded.mesh]).toEqual([513, { side: 257, metresPerCell: 7.5, heightRange: 2400, sea: true }]);
    // Back to the view's size: kept as such.
    reloaded.setSize(null);
    expect(new ViewerExports(idle, () => {}, undefined, { store, sizes: SIZES }).size).toBeNull();
  });

  it('reads back the Export → Tiles choice as the dialog set it, on a new page', () => {
    const store = memoryStore();
    const first = new ViewerExports(idle, () => {}, undefined, { store, sizes: SIZES });
    expect(first.tiles).toEqual(TILES_DEFAULTS);
    // Metres a sample and the height range too, kept with the other fields (a Gaea user's 1 m a sample).
    // Splat maps at the tiles' samples, not Unity's texels (the default), kept too.
    const unity: TilesChoice = { layout: 'unity', tileSize: 513, cellsPerView: 512, across: 'samples', x: 1500, y: 700, format: 'splat', splatSize: 'samples', metresPerCell: 1, heightRange: 1200 };
    first.setTiles(unity);
    first.setSize(64);
    const reloaded = new ViewerExports(idle, () => {}, undefined, { store, sizes: SIZES });
    expect(reloaded.tiles).toEqual(unity);
    expect(reloaded.size).toBe(64);
  });

  it('falls back part by part where the stored tiles choice is damaged or not offered', () => {
    const store = memoryStore();
    const tiles = (value: unknown) => {
      store.map.set(EXPORTS_KEY, JSON.stringify({ size: 64, tiles: value }));
      return readExportChoices(store, SIZES).tiles;
    };
    expect(tiles(undefined)).toEqual(TILES_DEFAULTS);
    expect(tiles('unity')).toEqual(TILES_DEFAULTS);
    expect(tiles({ layout: 'unity', tileSize: 1009, cellsPerView: 512, format: 'webp' })).toEqual({ ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 512, format: 'r16' });
    // A layout no engine has: the default engine, its usual tile unless the size is one of its own.
    expect(tiles({ layout: 'godot', tileSize: 505 })).toEqual({ ...TILES_DEFAULTS, tileSize: 505 });
    expect(tiles({ layout: 'toString', tileSize: 4033 })).toEqual(TILES_DEFAULTS);
    expect(tiles({ cellsPerView: 30, format: 'jpeg' })).toEqual(TILES_DEFAULTS);
    // Any whole cells a view in the menu's range: a world filled with Unreal's tiles is at one off it.
    expect(tiles({ cellsPerView: 1008 })).toEqual({ ...TILES_DEFAULTS, cellsPerView: 1008 });
    for (const n of [1008.5, 5000, '1024']) expect(tiles({ cellsPerView: n }), String(n)).toEqual(TILES_DEFAULTS);
    expect(tiles({ format: 'f32', cellsPerView: 4096 })).toEqual({ ...TILES_DEFAULTS, format: 'f32', cellsPerView: 4096 });
    // The splat maps' size: texels or samples, else the default (texels).
    expect(tiles({ format: 'splat', splatSize: 'samples' })).toEqual({ ...TILES_DEFAULTS, format: 'splat', splatSize: 'samples' });
    for (const size of ['pixels', 1024, null, 'Samples']) expect(tiles({ format: 'splat', splatSize: size }), String(size)).toEqual({ ...TILES_DEFAULTS, format: 'splat' });
    // The region falls back whole: counts are read in its unit.
    expect(tiles({ across: 'samples', x: 2017, y: 1009 })).toMatchObject({ across: 'samples', x: 2017, y: 1009 });
    for (const region of [{ across: 'samples', x: 0, y: 3 }, { across: 'tiles', x: 2.5, y: 3 }, { across: 'metres', x: 3, y: 3 }, { across: 'tiles', x: 3, y: '3' }, { across: 'tiles', x: 1e9, y: 3 }, { across: 'tiles', x: null, y: 3 }]) {
      expect(tiles(region), JSON.stringify(region)).toMatchObject({ across: 'tiles', x: 2, y: 2 });
    }
    // Metres build's flags would refuse: each its default, alone.
    expect(tiles({ metresPerCell: 0.5, heightRange: 2400 })).toEqual({ ...TILES_DEFAULTS, metresPerCell: 0.5, heightRange: 2400 });
    expect(tiles({ metresPerCell: -3, heightRange: 2400 })).toEqual({ ...TILES_DEFAULTS, heightRange: 2400 });
    expect(tiles({ metresPerCell: 2, heightRange: '1000' })).toEqual({ ...TILES_DEFAULTS, metresPerCell: 2 });
    expect(tiles({ metresPerCell: 1e6, heightRange: null })).toEqual(TILES_DEFAULTS);
    // The rest of the choices stay as they were kept.
    expect(readExportChoices(store, SIZES).size).toBe(64);
  });

  it('without a store they start at their defaults and are kept nowhere', () => {
    const exports = new ViewerExports(idle, () => {});
    exports.setSize(64);
    expect(new ViewerExports(idle, () => {}).size).toBeNull();
  });

  it('falls back part by part where the stored value is damaged or out of range', () => {
    const store = memoryStore();
    const read = (value: unknown) => {
      store.map.set(EXPORTS_KEY, typeof value === 'string' ? value : JSON.stringify(value));
      return readExportChoices(store, SIZES);
    };
    expect(read('{"size": 513, "mesh": {"side": 2')).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(read(42)).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(read(null)).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(read([513])).toEqual(DEFAULT_EXPORT_CHOICES);
    // A size the panel does not offer, or no number: the view's; the mesh kept.
    expect(read({ size: 300, mesh: { side: 129, metresPerCell: 2, heightRange: 50, sea: true } })).toEqual({ size: null, mesh: { side: 129, metresPerCell: 2, heightRange: 50, sea: true }, tiles: TILES_DEFAULTS, tilesCellsPicked: false });
    expect(read({ size: '513' }).size).toBeNull();
    // The tiles' resolution picked (Export → Tiles keeps it across a reload) only as true itself.
    expect(read({ tilesCellsPicked: true }).tilesCellsPicked).toBe(true);
    for (const v of ['true', 1, null]) expect(read({ tilesCellsPicked: v }).tilesCellsPicked, String(v)).toBe(false);
    expect(read({ size: 1e9 }).size).toBeNull();
    // Each mesh option on its own.
    expect(read({ size: 2017, mesh: { side: 300, metresPerCell: 0, heightRange: 1e9, sea: 'yes' } })).toEqual({ size: 2017, mesh: MESH_DEFAULTS, tiles: TILES_DEFAULTS, tilesCellsPicked: false });
    expect(read({ mesh: { side: 2049, metresPerCell: -4, heightRange: 3000 } }).mesh).toEqual({ ...MESH_DEFAULTS, side: 2049, heightRange: 3000 });
    expect(read({ mesh: { metresPerCell: '10', heightRange: null } }).mesh).toEqual(MESH_DEFAULTS);
    // JSON has no NaN or Infinity: they come back as null, which falls back too.
    expect(read({ mesh: { metresPerCell: Number.NaN, heightRange: Number.POSITIVE_INFINITY } }).mesh).toEqual(MESH_DEFAULTS);
    expect(read({ mesh: 'big' }).mesh).toEqual(MESH_DEFAULTS);
  });

  it('a store that refuses to read or write leaves the choices for the page, never an error', () => {
    const refusing: SettingStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readExportChoices(refusing, SIZES)).toEqual(DEFAULT_EXPORT_CHOICES);
    expect(() => writeExportChoices(refusing, { size: 64, mesh: MESH_DEFAULTS, tiles: TILES_DEFAULTS, tilesCellsPicked: false })).not.toThrow();
    const exports = new ViewerExports(idle, () => {}, undefined, { store: refusing, sizes: SIZES });
    exports.setSize(64);
    expect(exports.setMesh({ sea: true })).toBeNull();
    expect([exports.size, exports.mesh.sea]).toEqual([64, true]);
    expect(new ViewerExports(idle, () => {}, undefined, { store: null, sizes: SIZES }).size).toBeNull();
  });
});

describe("the mesh row's size across", () => {
  it('says metres with one decimal when they are not whole, kilometres from 10 km', () => {
    // 255 cells of 0.5 m: it said "128 m".
    expect(distanceWords(255 * 0.5)).toBe('127.5 m');
    expect(distanceWords(255 * 10)).toBe('2,550 m');
    // Sums of binary fractions that miss a whole number by a hair read whole.
    expect(distanceWords(255 * 0.2)).toBe('51 m');
    expect(distanceWords(255 * 0.1)).toBe('25.5 m');
    expect(distanceWords(1023 * 7.3)).toBe('7,467.9 m');
    expect(distanceWords(9999.96)).toBe('10,000 m');
    expect(distanceWords(10_000)).toBe('10 km');
    expect(distanceWords(2047 * 10)).toBe('20.47 km');
    expect(distanceWords(2048 * 100_000)).toBe('204,800 km');
    expect(distanceWords(255 * 0.0001)).toBe('0.026 m');
  });
});
