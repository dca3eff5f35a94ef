// Export → Tiles over the graph's world (src/viewer-core/tiles-world.ts): the tile size it opens
// on and the resolution its button offers, checked against the build's own plan of the world
// (its whole grid is the grid the engine runs the world on) and not against the rule again; and
// what the box opens on as a person leaves it, the world moved or gone.
import { describe, expect, it } from 'vitest';
import { gridOf, makePlan } from '../src/build/plan.ts';
import { worldGrid } from '../src/engine/domains.ts';
import { domainKey, latticeDomain, type World } from '../src/grid.ts';
import { TILE_CELLS_PER_VIEW, TILE_LAYOUTS, type TileLayout, TILES_DEFAULTS, type TilesChoice } from '../src/viewer-core/tiles.ts';
import { fillingResolution, fitTileSize, NO_PICKS, pickTiles, type TilesPick, type TilesPicks, tilesOpening, worldFit } from '../src/viewer-core/tiles-world.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

/** Whether the build's plan of the world at `n` cells a view in tiles of `t` runs on the grid the engine runs the world on. */
function planFills(world: World, n: number, t: number): boolean {
  // No world grid at n (past what the engine runs a world on): no plan fills it, and none is made
  // (16 views at 4096 in tiles of 33² would be 4 million tiles).
  const editors = worldGrid(world, latticeDomain(n, world.x * n, world.y * n, n));
  if (editors === null) return false;
  const plan = makePlan({ region: { x0: world.x, y0: world.y, x1: world.x + world.size, y1: world.y + world.size }, cellsPerView: n, tileSize: t, layers: [] });
  return domainKey(editors) === domainKey(gridOf(plan));
}

const ratio = (a: number, b: number) => Math.abs(Math.log(a / b));
const LAYOUTS = Object.keys(TILE_LAYOUTS) as TileLayout[];

describe('the tile size Export → Tiles takes over the world', () => {
  const worlds: World[] = [1, 2, 3, 5, 7, 11, 16].map((size) => ({ x: -1, y: 2, size }));

  it("is the engine's size nearest the one chosen whose tiles the build plans on the world's own grid; the size chosen when none does", () => {
    let changed = 0;
    let kept = 0;
    for (const world of worlds) {
      for (const layout of LAYOUTS) {
        for (const n of TILE_CELLS_PER_VIEW) {
          for (const t of TILE_LAYOUTS[layout].sizes) {
            const choice: TilesChoice = { ...TILES_DEFAULTS, layout, tileSize: t, cellsPerView: n, across: 'world' };
            const fitted = fitTileSize(choice, world);
            const filling = TILE_LAYOUTS[layout].sizes.filter((s) => planFills(world, n, s));
            const where = `${layout} ${t}² at ${n} over ${world.size} views`;
            if (planFills(world, n, t) || !filling.length) {
              expect(fitted, where).toBe(choice);
              kept++;
            } else {
              expect(planFills(world, n, fitted.tileSize), where).toBe(true);
              for (const s of filling) expect(ratio(fitted.tileSize, t), `${where}: ${s}² is nearer`).toBeLessThanOrEqual(ratio(s, t));
              expect({ ...fitted, tileSize: t }).toEqual(choice);
              changed++;
            }
          }
        }
      }
    }
    expect(changed).toBeGreaterThan(50);
    expect(kept).toBeGreaterThan(50);
  });

  it("offers, where no size fills the world, the nearest resolution at which one does: Unreal's 1009² over 3 × 3 views are 3 × 3 tiles at 1008", () => {
    for (const [world, layout, n, t] of [
      [{ x: -1, y: -1, size: 3 }, 'unreal', 1024, 1009],
      [{ x: -1, y: -1, size: 3 }, 'unreal', 256, 1009],
      [{ x: 0, y: 0, size: 5 }, 'unreal', 1024, 2017],
      [{ x: 0, y: 0, size: 16 }, 'unity', 1024, 1025],
    ] as const) {
      const at = fillingResolution(world.size, layout, n, t)!;
      expect(planFills(world, at.cellsPerView, at.tileSize)).toBe(true);
      // No resolution nearer the one chosen has a size of the engine that fills it, by the plan.
      const far = ratio(at.cellsPerView, n);
      for (let r = Math.ceil(n * Math.exp(-far)); r <= Math.floor(n * Math.exp(far)); r++) {
        if (ratio(r, n) >= far) continue;
        for (const s of TILE_LAYOUTS[layout].sizes) expect(planFills(world, r, s), `${s}² at ${r}`).toBe(false);
      }
    }
    expect(fillingResolution(3, 'unreal', 1024, 1009)).toEqual({ cellsPerView: 1008, tileSize: 1009 });
  });

  it('says so with a button whose change makes the tiles fill the world, by the plan, and then says nothing', () => {
    for (const [world, layout, n, t] of [
      [{ x: -1, y: -1, size: 3 }, 'unreal', 1024, 1009],
      [{ x: -1, y: -1, size: 3 }, 'unity', 256, 1025],
      [{ x: -2, y: 0, size: 11 }, 'unreal', 256, 1009],
    ] as const) {
      const choice: TilesChoice = { ...TILES_DEFAULTS, layout, cellsPerView: n, tileSize: t, across: 'world' };
      const fit = worldFit(world, choice, ['Hydraulic erosion'])!;
      expect(fit.text).toMatch(/^These tiles reach past the graph's world, so Hydraulic erosion runs on all they cover/);
      const use = fit.use!.change;
      expect(planFills(world, use.cellsPerView, use.tileSize)).toBe(true);
      expect(worldFit(world, { ...choice, ...use }, ['Hydraulic erosion'])).toBe(null);
    }
    const unreal = worldFit({ x: -1, y: -1, size: 3 }, { ...TILES_DEFAULTS, across: 'world' }, ['Hydraulic erosion'])!;
    expect(unreal.text).toContain(
      "No Unreal tile size fills a world of 3 × 3 views at 1024 cells a view (Unreal's tiles span 504, 1008 or 2016 cells, the world 3072): at 1008 cells a view, 3 × 3 tiles of 1009² do.",
    );
    expect(unreal.use).toEqual({ label: 'Use 1008 cells a view', change: { layout: 'unreal', cellsPerView: 1008, tileSize: 1009 } });
    // At 256 cells a view (the graph's own): 336 is nearer than 168, and one tile of 1009² spans the world's 1008 cells.
    expect(worldFit({ x: -1, y: -1, size: 3 }, { ...TILES_DEFAULTS, cellsPerView: 256, across: 'world' }, [])!.text).toBe(
      "These tiles reach past the graph's world: they hold more land than it. No Unreal tile size fills a world of 3 × 3 views at 256 cells a view (Unreal's tiles span 504, 1008 or 2016 cells, the world 768): at 336 cells a view, one tile of 1009² does.",
    );
    // Past the grid the editor runs a world on, that is why: no spans said.
    expect(worldFit({ x: 0, y: 0, size: 16 }, { ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, across: 'world', format: 'r16' }, [])!.text).toBe(
      "At 1024 cells a view the graph's world is 16385² samples, more than the 4097² the editor runs a world on. No Unity tile size fills a world of 16 × 16 views at 1024 cells a view: at 256 cells a view, 4 × 4 tiles of 1025² do.",
    );
    // A world of 11 views fills Unreal's tiles at no resolution the box exports at: Unity's do.
    expect(worldFit({ x: -2, y: 0, size: 11 }, { ...TILES_DEFAULTS, cellsPerView: 256, across: 'world' }, [])!.use!.label).toMatch(/^Use Unity's \d+²$/);
    // Tiles or samples from the view's origin are not the world's: nothing said.
    expect(worldFit({ x: -1, y: -1, size: 3 }, TILES_DEFAULTS, ['Hydraulic erosion'])).toBe(null);
  });
});

describe('what Export → Tiles opens on', () => {
  const world: World = { x: -1, y: -1, size: 3 };
  const act = (state: { choice: TilesChoice; picks: TilesPicks }, pick: TilesPick, w: World | null = world) => pickTiles(state.choice, pick, w, state.picks);

  it("opens on the graph's world with a tile size of the engine that fills it when the person never chose otherwise", () => {
    const unity: TilesChoice = { ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 256, format: 'r16' };
    const o = tilesOpening(unity, world, NO_PICKS, unity.cellsPerView);
    expect(o.choice.across).toBe('world');
    expect(planFills(world, 256, o.choice.tileSize)).toBe(true);
    expect(o.note).toBe(null);
    // Unreal's none at 1024: the engine kept, its size too, and the fit says what to do.
    expect(tilesOpening(TILES_DEFAULTS, world, NO_PICKS, TILES_DEFAULTS.cellsPerView).choice).toEqual({ ...TILES_DEFAULTS, across: 'world' });
  });

  it('reopens as left: tiles picked over the world, with their numbers; a tile size picked by hand', () => {
    let s = { choice: tilesOpening(TILES_DEFAULTS, world, NO_PICKS, TILES_DEFAULTS.cellsPerView).choice, picks: tilesOpening(TILES_DEFAULTS, world, NO_PICKS, TILES_DEFAULTS.cellsPerView).picks };
    s = act(s, { kind: 'across', across: 'tiles' });
    s = act(s, { kind: 'counts', x: 3 });
    s = act(s, { kind: 'counts', y: 5 });
    s = act(s, { kind: 'layout', layout: 'unity', formats: ['png16', 'r16', 'f32'] });
    s = act(s, { kind: 'tileSize', tileSize: 2049 });
    const again = tilesOpening(s.choice, world, s.picks, s.choice.cellsPerView);
    expect(again.choice).toEqual({ ...TILES_DEFAULTS, layout: 'unity', tileSize: 2049, format: 'r16', across: 'tiles', x: 3, y: 5 });
    expect(again.note).toBe(null);
    // On the world a size picked by hand stays, though it does not fill it (the fit says so).
    const onWorld = act(again, { kind: 'across', across: 'world' });
    expect(tilesOpening(onWorld.choice, world, onWorld.picks, onWorld.choice.cellsPerView).choice).toMatchObject({ across: 'world', tileSize: 2049 });
  });

  it('takes the counts back in the unit they were set in: samples, not samples read as tiles', () => {
    let s: { choice: TilesChoice; picks: TilesPicks } = { choice: { ...TILES_DEFAULTS, across: 'samples', x: 1500, y: 700 }, picks: NO_PICKS };
    s = act(s, { kind: 'across', across: 'world' });
    expect(act(s, { kind: 'across', across: 'samples' }).choice).toMatchObject({ across: 'samples', x: 1500, y: 700 });
    // Tiles: the samples in tiles of 1009², as from samples to tiles.
    expect(act(s, { kind: 'across', across: 'tiles' }).choice).toMatchObject({ across: 'tiles', x: 2, y: 1 });
  });

  it('says the world moved, refitting a size the person did not pick; and that it went, back on the counts last set', () => {
    const before: World = { x: -1, y: -1, size: 2 };
    const choice: TilesChoice = { ...TILES_DEFAULTS, layout: 'unity', tileSize: 129, cellsPerView: 64, across: 'samples', x: 700, y: 300, format: 'r16' };
    const first = tilesOpening(choice, before, NO_PICKS, choice.cellsPerView);
    expect(first.choice).toMatchObject({ across: 'world', tileSize: 129 });
    expect(planFills(before, 64, 129)).toBe(true);
    const moved: World = { x: 0, y: 0, size: 3 };
    const o = tilesOpening(first.choice, moved, first.picks, first.choice.cellsPerView);
    expect(planFills(moved, 64, 129)).toBe(false);
    expect(planFills(moved, 64, o.choice.tileSize)).toBe(true);
    expect(o.note).toBe(
      `The graph's world is now 3 × 3 views from (0, 0); it was 2 × 2 views from (−1, −1) when this box last opened. Tiles of 129² do not fill it at 64 cells a view: the box took ${o.choice.tileSize}², which do.`,
    );
    const gone = tilesOpening(o.choice, null, o.picks, o.choice.cellsPerView);
    expect(gone.choice).toMatchObject({ across: 'samples', x: 700, y: 300 });
    expect(gone.note).toBe("The graph's world (3 × 3 views from (0, 0)) is gone, so the region is 700 × 300 samples east and north of the map's bottom-left corner.");
    expect(tilesOpening(gone.choice, null, gone.picks, gone.choice.cellsPerView).note).toBe(null);
  });
});

describe('the viewer session', () => {
  it('opens the box as left while the graph is open, on the world again for another graph, and says a removed world', async () => {
    const { core, session, settle } = setup(DEFAULT);
    await settle();
    core.select(['height']);
    core.setWorld({ x: -1, y: -1, size: 3 });
    session.exports.setTiles({ ...TILES_DEFAULTS, layout: 'unity', tileSize: 1025, cellsPerView: 256, format: 'r16' });
    session.openTiles();
    // The world, with a size of Unity's that fills it at 256 (1025² does not).
    expect(session.exports.tiles.across).toBe('world');
    expect(planFills(core.graph.world!, 256, session.exports.tiles.tileSize)).toBe(true);
    session.pickTiles({ kind: 'across', across: 'tiles' });
    session.pickTiles({ kind: 'counts', x: 4 });
    session.openTiles();
    expect(session.exports.tiles).toMatchObject({ across: 'tiles', x: 4 });
    // Given its world back and removed: it was the tiles the person chose, and says nothing.
    session.pickTiles({ kind: 'across', across: 'world' });
    session.openTiles();
    core.setWorld(null);
    session.openTiles();
    expect(session.exports.tiles).toMatchObject({ across: 'tiles', x: 4 });
    expect(session.tilesNote).toBe("The graph's world (3 × 3 views from (−1, −1)) is gone, so the region is 4 × 2 tiles east and north of the map's bottom-left corner.");
    // Another graph with a world: its world, the picks made for the last one forgotten.
    session.pickTiles({ kind: 'across', across: 'samples' });
    core.replaceGraph({ ...structuredClone(DEFAULT), world: { x: 0, y: 0, size: 2 } });
    session.openTiles();
    expect(session.exports.tiles.across).toBe('world');
    expect(session.tilesNote).toBe(null);
    await settle();
  });
});
