// Export → Tiles as a newcomer met it (session 37): the seams of a water level read from the view
// said nothing of the cut that made them nor of the fix; the box opened at 1024 cells a view
// whatever the graph was made at; its counts were read with Number() unchecked; and "from the
// view's origin" read as the square on the map. The rules are computed from the product's own
// plan (build's makePlan, the node's footprint), not restated.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { makePlan, PlanError, TILES_MAX } from '../src/build/plan.ts';
import { tileBound } from '../src/build/blocks.ts';
import { defaultParams } from '../src/model/params.ts';
import { footprintOf, readsAsked } from '../src/model/manifest.ts';
import { readableNumber, readCount, regionText, TILES_DEFAULTS, type TilesChoice, tilesSummary } from '../src/viewer-core/tiles.ts';
import { ViewerExports } from '../src/viewer-core/exports.ts';
import { pickTiles, tilesOpening } from '../src/viewer-core/tiles-world.ts';
import type { SettingStore } from '../src/viewer-core/settings.ts';
import type { LanePort } from '../src/worker/lane.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

const small: TilesChoice = { ...TILES_DEFAULTS, layout: 'unity', tileSize: 33, cellsPerView: 64, x: 2, y: 2, format: 'png16' };

/** The default graph (cut: world-8, as shipped) with its water level read from the view, as one added from the palette reads it. */
function viewCut() {
  const g = structuredClone(DEFAULT);
  g.nodes.find((n) => n.type === 'water')!.params.cut = 'view';
  return g;
}

describe("Export → Tiles' seams of a node that reads the view", () => {
  it('names the node and its setting, and the change that makes the tiles meet, which the node declares', () => {
    const g = viewCut();
    const water = g.nodes.find((n) => n.type === 'water')!;
    const s = tilesSummary(g, 'coast', small, 'default.json');
    expect(s.seams).toContain(`${water.title} (cut: view) reads each tile on its own`);
    expect(s.seams).toContain(`Set ${water.title}'s cut to world-8`);
    expect(s.seamsFix).toEqual({ label: `Set ${water.title}'s cut to world-8`, edits: [{ node: water.id, key: 'cut', value: 'world-8' }] });
    // The change is what the build's own rule takes as seamless: nothing upstream is tile-bound after it.
    const fixed = structuredClone(g);
    for (const e of s.seamsFix!.edits) fixed.nodes.find((n) => n.id === e.node)!.params[e.key] = e.value;
    expect(tileBound(fixed, ['coast'], true)).toEqual([]);
    expect(tilesSummary(fixed, 'coast', small, 'default.json')).toMatchObject({ seams: null, seamsFix: null });
  });

  it("says beside the button that the water's sea level will move, by share of the cut, and not for a fixed height", () => {
    // The button moved a newcomer's sea level from −0.017 to −0.077 and nothing said it would.
    const g = viewCut();
    const water = g.nodes.find((n) => n.type === 'water')!;
    const s = tilesSummary(g, 'coast', small, 'default.json');
    expect(s.seams).toContain(
      `${water.title}'s sea level will then be read from the world's heights (16 × 16 views around the origin), not this view's, so it moves, and the coast with it (Undo takes it back).`,
    );
    // A fixed height stays where it is: the box says nothing of a move.
    water.params.mode = 'raw';
    const raw = tilesSummary(g, 'coast', small, 'default.json');
    expect(raw.seamsFix).not.toBe(null);
    expect(raw.seams).not.toContain('sea level');
  });

  it("every node that declares worldParams reads the world with them, whatever it read before", () => {
    const declared = CATALOGUE.types.filter((d) => d.worldParams);
    expect(declared.length).toBeGreaterThan(0);
    for (const def of declared) {
      const params = { ...defaultParams(def), ...def.worldParams } as Record<string, never>;
      expect(readsAsked(footprintOf(def, params)), def.type).toBe(false);
      expect(footprintOf(def, params).kind, def.type).not.toBe('view');
    }
  });

  it('sets it from the session in one undo step, the graph left unsaved, and the box then says no seams', async () => {
    const { core, session, settle } = setup(viewCut());
    await settle();
    core.keep({ file: 'mine.json', clean: true });
    core.select(['coast']);
    session.exports.setTiles(small);
    expect(session.tilesSummary()!.seamsFix).not.toBe(null);
    session.fixSeams();
    const water = core.graph.nodes.find((n) => n.type === 'water')!;
    expect(water.params.cut).toBe('world-8');
    expect(session.tilesSummary()).toMatchObject({ seams: null, seamsFix: null });
    expect(core.clean).toBe(false);
    expect(session.tilesSummary()!.saveFirst).toMatch(/^The command reads mine\.json as saved, without this graph's unsaved edits/);
    expect(core.undoLabel).toBe('change cut');
    core.undo();
    expect(core.graph.nodes.find((n) => n.type === 'water')!.params.cut).toBe('view');
    expect(core.clean).toBe(true);
    await settle();
  });
});

describe('the resolution Export → Tiles opens at', () => {
  it("opens at the graph's own cells a view until the person picks one, then at theirs while the graph stays open", async () => {
    const { core, session, settle } = setup();
    await settle();
    core.select(['height']);
    // The choice kept across reloads (per browser) says 1024; the graph is made at 256.
    session.exports.setTiles({ ...TILES_DEFAULTS, cellsPerView: 1024 });
    session.openTiles();
    expect(session.exports.tiles.cellsPerView).toBe(core.graph.view.size);
    // The map moved to 512: the box follows it while no resolution was picked.
    core.setView({ size: 512 });
    session.openTiles();
    expect(session.exports.tiles.cellsPerView).toBe(512);
    // Picked in the box: kept, whatever the map is at.
    session.pickTiles({ kind: 'cells', cellsPerView: 2048 });
    core.setView({ size: 256 });
    session.openTiles();
    expect(session.exports.tiles.cellsPerView).toBe(2048);
    // Another graph: its own resolution again.
    core.replaceGraph({ ...structuredClone(DEFAULT), view: { x: 0, y: 0, size: 128 } });
    session.openTiles();
    expect(session.exports.tiles.cellsPerView).toBe(128);
    await settle();
  });

  it('keeps a resolution picked across a reload (the same graph opens again), and forgets it once another graph opened', () => {
    const map = new Map<string, string>();
    const store: SettingStore = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
    const idle: LanePort = { postMessage: () => {}, addEventListener: () => {}, removeEventListener: () => {} };
    const page = () => new ViewerExports(idle, () => {}, undefined, { store, sizes: [] });
    const before = page();
    const picked = pickTiles(before.tiles, { kind: 'cells', cellsPerView: 512 }, null, before.tilesPicks);
    before.tilesPicks = picked.picks;
    before.setTiles(picked.choice);
    const reloaded = page();
    expect(tilesOpening(reloaded.tiles, null, reloaded.tilesPicks, 256).choice.cellsPerView).toBe(512);
    reloaded.forgetTilesPicks();
    const again = page();
    expect(tilesOpening(again.tiles, null, again.tilesPicks, 256).choice.cellsPerView).toBe(256);
  });
});

describe("Export → Tiles' counts as typed", () => {
  const tiles: TilesChoice = { ...TILES_DEFAULTS, x: 2, y: 2 };
  const samples: TilesChoice = { ...TILES_DEFAULTS, across: 'samples', x: 2017, y: 2017 };
  /** Whether build's own plan takes the region these counts make from the origin (a PlanError: not). */
  const buildTakes = (c: TilesChoice) => {
    const t = c.tileSize - 1;
    const cells = (v: number) => (c.across === 'tiles' ? v * t : v - 1);
    try {
      makePlan({ region: { x0: 0, y0: 0, x1: cells(c.x) / c.cellsPerView, y1: cells(c.y) / c.cellsPerView }, cellsPerView: c.cellsPerView, tileSize: c.tileSize, layers: [] });
      return true;
    } catch (err) {
      if (err instanceof PlanError) return false;
      throw err;
    }
  };

  it('refuses "", "abc", "2.5", "-1" and "1e9", naming the field and what it takes', () => {
    const most = TILES_MAX / 2;
    const takes = `it takes a whole number of tiles from 1 to ${most.toLocaleString('en-GB')}.`;
    expect(readCount('', 'x', tiles).problem).toBe(`Tiles across is empty: ${takes}`);
    expect(readCount('abc', 'y', tiles).problem).toBe(`Tiles up: "abc" is no number; ${takes}`);
    expect(readCount('2.5', 'x', tiles).problem).toBe(`Tiles across: 2.5 is not a whole number; ${takes}`);
    expect(readCount('-1', 'x', tiles).problem).toBe(`Tiles across: −1 is less than 1; ${takes}`);
    expect(readCount('1e9', 'x', tiles).problem).toBe(`Tiles across: 1,000,000,000 makes 2,000,000,000 tiles, more than terrain-graph build makes (1,000,000 in all); ${takes}`);
    expect(readCount(' 3 ', 'x', tiles)).toEqual({ value: 3, problem: null });
    // Samples: from 2 (one cell), and named so.
    expect(readCount('1', 'x', samples).problem).toMatch(/^Samples across: 1 is less than 2; it takes a whole number of samples from 2 to /);
  });

  it('says the other count leaves one tile only, naming it, not "from 1 to 1"', () => {
    const tall = { ...tiles, y: 999_999 };
    expect(readCount('3', 'x', tall).problem).toBe(
      'Tiles across: 3 makes 2,999,997 tiles, more than terrain-graph build makes (1,000,000 in all); with 999,999 tiles up, it takes only 1.',
    );
    expect(readCount('', 'x', tall).problem).toBe('Tiles across is empty: with 999,999 tiles up, it takes only 1.');
    expect(readCount('1', 'x', tall)).toEqual({ value: 1, problem: null });
    // The other way round, and one tile fewer up leaves two across: the range again.
    expect(readCount('2', 'y', { ...tiles, x: 999_999, y: 1 }).problem).toMatch(/; with 999,999 tiles across, it takes only 1\.$/);
    expect(readCount('', 'x', { ...tiles, y: 500_000 }).problem).toBe('Tiles across is empty: it takes a whole number of tiles from 1 to 2.');
  });

  it("takes exactly the counts build's plan takes: the largest, and one more refused", () => {
    // The plan of the largest is a million tiles (seconds each): made for one case, in samples.
    const planned = { ...samples, layout: 'unity' as const, tileSize: 33, y: 100 };
    for (const c of [tiles, { ...tiles, y: 7 }, samples, planned]) {
      for (const axis of ['x', 'y'] as const) {
        const max = Number(/ to ([\d,]+)\.$/.exec(readCount('', axis, c).problem!)![1].replace(/,/g, ''));
        expect(readCount(String(max), axis, c).value).toBe(max);
        if (c === planned && axis === 'x') expect(buildTakes({ ...c, [axis]: max })).toBe(true);
        expect(readCount(String(max + 1), axis, c).value).toBe(null);
        // One sample more may still fall in the last tile: the plan decides, by its tile count.
        if (c.across === 'tiles') expect(buildTakes({ ...c, [axis]: max + 1 })).toBe(false);
        else expect(buildTakes({ ...c, [axis]: max + (c.tileSize - 1) })).toBe(false);
      }
    }
  });
});

describe('where Export → Tiles says the region lies', () => {
  it("says the map's bottom-left corner, east and north, its size and the map's (1 × 1), from the plan's region", () => {
    const s = tilesSummary(DEFAULT, 'height', TILES_DEFAULTS, 'default.json');
    expect(regionText(TILES_DEFAULTS, s.region, s.shape)).toBe(
      "from the map's bottom-left corner (0, 0), 2 × 2 tiles east and north (right and up) to (1.969, 1.969): 1.969 × 1.969 views, the map shows 1 × 1",
    );
    const one = { ...TILES_DEFAULTS, layout: 'unity' as const, tileSize: 1025, format: 'r16' as const, x: 1, y: 1 };
    const o = tilesSummary(DEFAULT, 'height', one, 'default.json');
    expect(regionText(one, o.region, o.shape)).toBe("from the map's bottom-left corner (0, 0), 1 × 1 tiles east and north (right and up) to (1, 1): 1 × 1 views, the map's own square");
  });

  // Session 39: with a huge sample count the line read "2343749.99609375 views", every digit; a
  // view's origin off the quarter steps read "(−0.4460241, …)". The line rounds for reading; the
  // command line keeps the plan's exact region.
  it('rounds its figures for reading (at most 3 decimals, digits in thousands) while the command keeps them exact', () => {
    const huge: TilesChoice = { ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 256, across: 'samples', x: 600_000_000, y: 2, format: 'r16' };
    const s = tilesSummary(DEFAULT, 'height', huge, 'default.json');
    expect(s.region.x1 - s.region.x0).toBe(2343749.99609375);
    expect(regionText(huge, s.region, s.shape)).toBe(
      "from the map's bottom-left corner (0, 0), 600,000,000 × 2 samples east and north (right and up) to (2,343,750, 0.004): 2,343,750 × 0.004 views, the map shows 1 × 1",
    );
    expect(s.command).toContain('--region 0,0,2343749.99609375,0.00390625 ');
    const off = { ...DEFAULT, view: { ...DEFAULT.view, x: -0.4460241, y: 1234.5 } };
    const o = tilesSummary(off, 'height', TILES_DEFAULTS, 'default.json');
    expect(regionText(TILES_DEFAULTS, o.region, o.shape)).toBe(
      "from the map's bottom-left corner (−0.446, 1,234.5), 2 × 2 tiles east and north (right and up) to (1.523, 1,236.469): 1.969 × 1.969 views, the map shows 1 × 1",
    );
    expect(o.command).toContain(`--region -0.4460241,1234.5,${-0.4460241 + 2016 / 1024},1236.46875 `);
    // No figure rounds to 0 (a sample's step at 4096 cells a view), nor to a minus 0.
    expect([1 / 4096, -1 / 4096, -0, -1234.56789, 12345.6789, 999.9996].map(readableNumber)).toEqual(['0.00024', '−0.00024', '0', '−1,234.568', '12,345.68', '1,000']);
  });

  // A view's origin a file puts 1e-25 from 0 (or one typed so): the box's render threw "RangeError:
  // maximumFractionDigits value is out of range" (toLocaleString takes at most 20 decimals in Node,
  // 100 in Chromium), and Export → Tiles drew nothing. Such a figure reads in powers of ten.
  it('says a figure too small for 20 decimals in powers of ten, never 0 and never throwing', () => {
    expect([1e-19, 1e-25, -3.2e-30, 1e-120, 5e-324].map(readableNumber)).toEqual(['0.0000000000000000001', '1e−25', '−3.2e−30', '1e−120', '5e−324']);
    const tiny = { ...DEFAULT, view: { ...DEFAULT.view, x: 1e-25 } };
    const t = tilesSummary(tiny, 'height', TILES_DEFAULTS, 'default.json');
    expect(regionText(TILES_DEFAULTS, t.region, t.shape)).toMatch(/^from the map's bottom-left corner \(1e−25, 0\), 2 × 2 tiles/);
  });
});
