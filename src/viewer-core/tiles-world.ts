// Export → Tiles over the graph's world: which of an engine's tile sizes and which resolutions fill
// it (build's one rule, build/plan.ts tilesFillWorld), what the box says when its tiles do not
// (with the one change that makes them), and what the box opens on: as the person left it while
// the graph stays open, the graph's world where they never chose otherwise, and why it changed
// when the world they left it on moved or went. Headless: the session holds the picks.

import { type BuildFormat, tilesFillWorld } from '../build/plan.ts';
import { WORLD_GRID_MAX, type World } from '../grid.ts';
import { TILE_CELLS_PER_VIEW, TILE_LAYOUTS, type TileLayout, type TilesChoice } from './tiles.ts';
import { worldText } from './world-note.ts';

/**
 * Resolutions the box exports at: any whole number of cells a view from its menu's first to its
 * last. A world fills Unreal's tiles (504 · 2ᵏ cells) at no power of two, so the box may ask
 * 1008 cells a view, off the menu, as `build --cells-per-view` takes any.
 */
export const TILES_CELLS_MIN = TILE_CELLS_PER_VIEW[0];
export const TILES_CELLS_MAX = TILE_CELLS_PER_VIEW[TILE_CELLS_PER_VIEW.length - 1];

/** The engine's tile sizes (the box's) whose tiles fill a world of `size` views at `n` cells a view, smallest first. */
export function fillingSizes(size: number, layout: TileLayout, n: number): number[] {
  return TILE_LAYOUTS[layout].sizes.filter((t) => tilesFillWorld(size, n, t));
}

/** Of `xs`, the one nearest `x` by ratio (the larger of two as near); undefined for none. */
function nearest(xs: readonly number[], x: number): number | undefined {
  const far = (v: number) => Math.abs(Math.log(v / x));
  return [...xs].sort((a, b) => far(a) - far(b) || b - a)[0];
}

/**
 * The choice with the tile size of its engine that fills `world` at its resolution, the one
 * nearest the size it had; the choice itself when that size fills it, or none does.
 */
export function fitTileSize(choice: TilesChoice, world: World): TilesChoice {
  if (tilesFillWorld(world.size, choice.cellsPerView, choice.tileSize)) return choice;
  const size = nearest(fillingSizes(world.size, choice.layout, choice.cellsPerView), choice.tileSize);
  return size === undefined ? choice : { ...choice, tileSize: size };
}

/**
 * The resolution nearest `n` (by ratio, the larger of two as near) at which a tile size of the
 * engine fills a world of `size` views, any whole cells a view the box exports at, with the size
 * there nearest `t`; null when there is none (Unreal's tiles and a world of 11 views: 11 · N
 * must be 504 · k cells, and 11 · 504 + 1 samples are more than the editor runs a world on).
 */
export function fillingResolution(size: number, layout: TileLayout, n: number, t: number): { readonly cellsPerView: number; readonly tileSize: number } | null {
  const fitting: number[] = [];
  for (let r = TILES_CELLS_MIN; r <= TILES_CELLS_MAX; r++) if (fillingSizes(size, layout, r).length) fitting.push(r);
  const cellsPerView = nearest(fitting, n);
  return cellsPerView === undefined ? null : { cellsPerView, tileSize: nearest(fillingSizes(size, layout, cellsPerView), t)! };
}

/** What the box says when its tiles over the graph's world do not fill it, and the change that makes them. */
export interface WorldFit {
  readonly text: string;
  /** The button's words and what it changes (a tile size; a resolution and size; another engine); null: none helps. */
  readonly use: { readonly label: string; readonly change: Pick<TilesChoice, 'layout' | 'tileSize' | 'cellsPerView'> } | null;
}

/**
 * Tiles over the graph's world that do not fill it (tilesFillWorld false): with an erosion or a
 * flow (`onGrid`, by their titles) it then runs on all they cover, not on the world's grid, and
 * the land is not the editor's; without, they are only more land than the world. Said with what
 * fills it: this engine's sizes at this resolution, else the nearest resolution at which one of
 * its sizes does (Unreal's never do at a power of two: a game developer read "No Unreal tile size
 * fills a world of 3 × 3 views", then a pointer to Unity), else another engine's. Null when the
 * region is not the world or the tiles fill it.
 */
export function worldFit(world: World | null, choice: TilesChoice, onGrid: readonly string[]): WorldFit | null {
  const { cellsPerView: n, tileSize: t, layout } = choice;
  if (choice.across !== 'world' || !world || tilesFillWorld(world.size, n, t)) return null;
  const cells = world.size * n;
  const one = onGrid.length === 1;
  const over =
    cells + 1 > WORLD_GRID_MAX
      ? `At ${n} cells a view the graph's world is ${cells + 1}² samples, more than the ${WORLD_GRID_MAX}² the editor runs a world on.`
      : onGrid.length
        ? `These tiles reach past the graph's world, so ${onGrid.join(', ')} ${one ? 'runs' : 'run'} on all they cover, not on the world's ${cells + 1}² samples the editor ${one ? 'runs it' : 'runs them'} on: their land is not the editor's.`
        : `These tiles reach past the graph's world: they hold more land than it.`;
  const words = (xs: readonly string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}` : xs[0]);
  const { label } = TILE_LAYOUTS[layout];
  const sizes = fillingSizes(world.size, layout, n);
  if (sizes.length) {
    const size = nearest(sizes, t)!;
    return { text: `${over} At ${n} cells a view, ${label}'s tiles of ${words(sizes.map((s) => `${s}²`))} fill it.`, use: { label: `Use tiles of ${size}²`, change: { layout, tileSize: size, cellsPerView: n } } };
  }
  const spans = words(TILE_LAYOUTS[layout].sizes.map((s) => String(s - 1)));
  // Past the cap the world's grid is what no size fills, whatever their spans.
  const why = cells + 1 > WORLD_GRID_MAX ? '' : ` (${label}'s tiles span ${spans} cells, the world ${cells})`;
  const at = fillingResolution(world.size, layout, n, t);
  if (at) {
    const across = (world.size * at.cellsPerView) / (at.tileSize - 1);
    return {
      text:
        `${over} No ${label} tile size fills a world of ${world.size} × ${world.size} views at ${n} cells a view${why}: ` +
        `at ${at.cellsPerView} cells a view, ${across === 1 ? `one tile of ${at.tileSize}² does` : `${across} × ${across} tiles of ${at.tileSize}² do`}.`,
      use: { label: `Use ${at.cellsPerView} cells a view`, change: { layout, ...at } },
    };
  }
  const none = `${over} No ${label} tile size fills a world of ${world.size} × ${world.size} views at ${TILES_CELLS_MIN} … ${TILES_CELLS_MAX} cells a view (${label}'s tiles span ${spans} cells)`;
  for (const other of (Object.keys(TILE_LAYOUTS) as TileLayout[]).filter((l) => l !== layout)) {
    const there = fillingResolution(world.size, other, n, t);
    if (!there) continue;
    const name = TILE_LAYOUTS[other].label;
    return { text: `${none}: ${name}'s tiles of ${there.tileSize}² at ${there.cellsPerView} cells a view do.`, use: { label: `Use ${name}'s ${there.tileSize}²`, change: { layout: other, ...there } } };
  }
  return { text: `${none}.`, use: null };
}

/**
 * What the person picked in the box while the graph has been open: ViewerSession forgets them
 * when another graph opens, and a reload forgets them (the choice itself is kept across both).
 */
export interface TilesPicks {
  /**
   * 'world' when they picked the graph's world, 'counts' when they picked tiles or samples while
   * it was on offer (tiles picked with no world to pick decline nothing); null: neither.
   */
  readonly region: 'world' | 'counts' | null;
  /** Whether they picked the tile size from its select: an engine's usual size, or one a fit took, is no pick. */
  readonly tileSize: boolean;
  /**
   * Whether they picked the resolution, from its select or with the world's fit's button: until
   * they do, the box opens at the graph's own cells a view (the map's), not the one last kept.
   */
  readonly cells: boolean;
  /** The tiles or samples across and up as last set, exactly, for the way back from the world. */
  readonly counts: Counts | null;
  /** The graph's world when the box last opened (null: none), to say when it moved or went. */
  readonly shown: World | null;
}

interface Counts {
  readonly across: 'tiles' | 'samples';
  readonly x: number;
  readonly y: number;
}

export const NO_PICKS: TilesPicks = Object.freeze({ region: null, tileSize: false, cells: false, counts: null, shown: null });

/** A change the person makes in the box that the picks and the world's fit follow. */
export type TilesPick =
  | { readonly kind: 'layout'; readonly layout: TileLayout; readonly formats: readonly BuildFormat[] }
  | { readonly kind: 'tileSize'; readonly tileSize: number }
  | { readonly kind: 'cells'; readonly cellsPerView: number }
  | { readonly kind: 'across'; readonly across: TilesChoice['across'] }
  | { readonly kind: 'counts'; readonly x?: number; readonly y?: number }
  /** The world's fit's button (WorldFit.use). */
  | { readonly kind: 'use'; readonly change: NonNullable<WorldFit['use']>['change']; readonly formats: readonly BuildFormat[] };

/** Counts in the other unit, so the region stays about the same: T samples a tile, sharing one. */
function countsIn(c: Counts, across: Counts['across'], tileSize: number): Counts {
  if (c.across === across) return c;
  const t = tileSize - 1;
  return across === 'samples' ? { across, x: c.x * t + 1, y: c.y * t + 1 } : { across, x: Math.max(1, Math.ceil((c.x - 1) / t)), y: Math.max(1, Math.ceil((c.y - 1) / t)) };
}

/**
 * The choice on the world, its counts kept in tiles (so a choice kept across a reload says what
 * unit they are in), and the counts it had, exactly, for the way back.
 */
function toWorld(c: TilesChoice, picks: TilesPicks): { choice: TilesChoice; counts: Counts | null } {
  if (c.across === 'world') return { choice: c, counts: picks.counts };
  const counts = { across: c.across, x: c.x, y: c.y };
  const tiles = countsIn(counts, 'tiles', c.tileSize);
  return { choice: { ...c, across: 'world', x: tiles.x, y: tiles.y }, counts };
}

/** The counts back from the world in `across` (the unit they were last set in when null). */
function fromWorld(c: TilesChoice, picks: TilesPicks, across: Counts['across'] | null): TilesChoice {
  const last = picks.counts ?? { across: 'tiles', x: c.x, y: c.y };
  const back = countsIn(last, across ?? last.across, c.tileSize);
  return { ...c, ...back };
}

/** The layout's own format where it applies to the node's outputs, else the format as it was. */
function formatFor(layout: TileLayout, formats: readonly BuildFormat[], format: BuildFormat): BuildFormat {
  return formats.includes(TILE_LAYOUTS[layout].format) ? TILE_LAYOUTS[layout].format : format;
}

/**
 * A change made in the box, with the picks it makes: another engine gets its usual tile size (or
 * the one kept), and over the world, when the person has not picked a size, the engine's size
 * that fills it (fitTileSize), as a new resolution does; the world picked keeps the counts for the
 * way back, and tiles or samples picked while the world is on offer decline it.
 */
export function pickTiles(choice: TilesChoice, pick: TilesPick, world: World | null, picks: TilesPicks): { choice: TilesChoice; picks: TilesPicks } {
  const fit = (c: TilesChoice, p: TilesPicks) => ({ choice: world && c.across === 'world' && !p.tileSize ? fitTileSize(c, world) : c, picks: p });
  switch (pick.kind) {
    case 'layout': {
      const l = TILE_LAYOUTS[pick.layout];
      const tileSize = l.sizes.includes(choice.tileSize) ? choice.tileSize : l.usual;
      return fit({ ...choice, layout: pick.layout, tileSize, format: formatFor(pick.layout, pick.formats, choice.format) }, { ...picks, tileSize: false });
    }
    case 'tileSize':
      return { choice: { ...choice, tileSize: pick.tileSize }, picks: { ...picks, tileSize: true } };
    case 'cells':
      return fit({ ...choice, cellsPerView: pick.cellsPerView }, { ...picks, cells: true });
    case 'use': {
      const format = pick.change.layout === choice.layout ? choice.format : formatFor(pick.change.layout, pick.formats, choice.format);
      // A resolution the button took is the person's: the box reopens at it, not at the map's again.
      const cells = picks.cells || pick.change.cellsPerView !== choice.cellsPerView;
      return { choice: { ...choice, ...pick.change, format }, picks: { ...picks, tileSize: false, cells } };
    }
    case 'counts': {
      const across = choice.across;
      if (across === 'world') return { choice, picks };
      const counts = { across, x: pick.x ?? choice.x, y: pick.y ?? choice.y };
      return { choice: { ...choice, ...counts }, picks: { ...picks, counts } };
    }
    case 'across': {
      if (pick.across === choice.across) return { choice, picks };
      if (pick.across === 'world') {
        const w = toWorld(choice, picks);
        return fit(w.choice, { ...picks, region: 'world', counts: w.counts });
      }
      const region = world ? 'counts' : picks.region;
      if (choice.across === 'world') return { choice: fromWorld(choice, picks, pick.across), picks: { ...picks, region } };
      const c = countsIn({ across: choice.across, x: choice.x, y: choice.y }, pick.across, choice.tileSize);
      return { choice: { ...choice, ...c }, picks: { ...picks, region, counts: c } };
    }
  }
}

function sameWorld(a: World, b: World): boolean {
  return a.x === b.x && a.y === b.y && a.size === b.size;
}

/** What Export → Tiles opens on, the picks then, and what it says of a change the person did not make (null: none). */
export interface TilesOpening {
  readonly choice: TilesChoice;
  readonly picks: TilesPicks;
  readonly note: string | null;
}

/**
 * What the box opens on: as the person left it while the graph has been open (their region and
 * its counts, engine, tile size, resolution), at the graph's own cells a view (`viewCells`) until
 * they pick a resolution; on the graph's world when they never picked tiles or
 * samples over it (a World Machine or Gaea user exports the world the graph has), with the
 * engine's tile size that fills it unless they picked a size; and back on tiles or samples, with
 * the counts last set there, when the world is gone. A world that moved or went since the box
 * last opened on it is said, with what that changed: the box shows no number the person did not
 * set that the change made wrong.
 */
export function tilesOpening(kept: TilesChoice, world: World | null, picks: TilesPicks, viewCells: number): TilesOpening {
  // At the graph's resolution until the person picks one while it is open: World Machine and
  // Gaea build at the project's resolution, and the map shows the land at the graph's (an erosion's
  // land is that resolution's: another makes another). The choice kept across reloads, per
  // browser, not per graph, opened every graph at 1024 cells a view, whatever it was made at.
  const own = Math.min(TILES_CELLS_MAX, Math.max(TILES_CELLS_MIN, viewCells));
  const choice = picks.cells || kept.cellsPerView === own ? kept : { ...kept, cellsPerView: own };
  if (world && picks.region !== 'counts') {
    const w = toWorld(choice, picks);
    const moved = picks.shown && !sameWorld(picks.shown, world) ? picks.shown : null;
    const fitted = picks.tileSize ? w.choice : fitTileSize(w.choice, world);
    const resized = moved && fitted.tileSize !== w.choice.tileSize ? ` Tiles of ${w.choice.tileSize}² do not fill it at ${fitted.cellsPerView} cells a view: the box took ${fitted.tileSize}², which do.` : '';
    const note = moved ? `The graph's world is now ${worldText(world)}; it was ${worldText(moved)} when this box last opened.${resized}` : null;
    return { choice: fitted, picks: { ...picks, counts: w.counts, shown: world }, note };
  }
  if (!world && choice.across === 'world') {
    const back = fromWorld(choice, picks, null);
    const why = picks.shown ? `The graph's world (${worldText(picks.shown)}) is gone` : 'The graph has no world';
    return { choice: back, picks: { ...picks, shown: null }, note: `${why}, so the region is ${back.x} × ${back.y} ${back.across} east and north of the map's bottom-left corner.` };
  }
  return { choice, picks: { ...picks, shown: world }, note: null };
}
