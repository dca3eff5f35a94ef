// What the viewer says under the map of a node whose values depend on the grid they run on (an
// erosion or a flow upstream), and the world it offers: with a world around the view, those run
// on the whole world and a pan inside it keeps the land (engine.ts, worldGrid); without one, or
// outside it, they run on the view and a pan runs them again.

import { latticeOf, type View, type World, WORLD_GRID_MAX, WORLD_ORIGIN_MAX } from '../grid.ts';

export interface GridNote {
  /** The line under the map. */
  readonly text: string;
  /**
   * The same in one line, for a node below the erosion or flow it is about (the viewer shows it
   * folded there, the whole text and the world's buttons a click away): under Wind, Moisture and
   * Biomes of a graph without a world the whole paragraph and its buttons repeated the erosion's,
   * and at 1024 × 700 pushed the histogram out of sight.
   */
  readonly brief: string;
  /** A world the button sets (one around the view), or null when the world shown already holds it. */
  readonly offer: World | null;
  /** Whether the graph has a world to remove. */
  readonly removable: boolean;
  /** The world's side the size menu shows (the graph's world's, or the offer's), in views. */
  readonly size: number;
  /** The sizes the menu offers, each with its grid's cells a side at the view's size; `fits`: at most WORLD_GRID_MAX. */
  readonly sizes: readonly { readonly size: number; readonly cells: number; readonly fits: boolean }[];
  /**
   * Whether the menu can set a world around the view: false for a view reaching past the bound,
   * which no world holds (worldAround), where the menu took a size, showed it and left the world as it was.
   */
  readonly sizable: boolean;
}

/** The world sizes the viewer's menu offers, in views a side. */
export const WORLD_SIZES = [2, 3, 4, 5, 6, 8];

/** "a × a views from (x, y)". */
export function worldText(w: World): string {
  const n = (v: number) => (v < 0 ? `−${-v}` : `${v}`);
  return `${w.size} × ${w.size} views from (${n(w.x)}, ${n(w.y)})`;
}

/**
 * A world of `size` views a side holding the view, as centred on it as whole views allow: the
 * view's origin need not be whole (a pan moves it by cells), so a world of one view holds it only
 * when it is, and two views always do. Null for a view reaching past the east or north bound
 * (its origin past 10⁹ − 1: an origin may lie on the bound, ±WORLD_ORIGIN_MAX views), which no
 * world holds: a world lies within the bounds with both its edges, as a build's region does
 * (grid.ts farWorldEdge). By a bound the world starts or ends on it and reaches further the other
 * way. Centred, by the west bound it began past it and the editor refused it; by the east bound it
 * ended past it, and a build refused it; before the far edge was checked, a view on the east bound
 * got a world ending a view past it, which a file then held and a build and the Tiles box refused.
 */
export function worldAround(view: View, size: number): World | null {
  if (view.x + 1 > WORLD_ORIGIN_MAX || view.y + 1 > WORLD_ORIGIN_MAX) return null;
  const s = Number.isInteger(view.x) && Number.isInteger(view.y) ? size : Math.max(2, size);
  const place = (o: number) => {
    // Whole views spare beside the view's own (one, or two when it straddles a line): half before it.
    const centred = Math.floor(o) - Math.floor((s - (Number.isInteger(o) ? 1 : 2)) / 2);
    // Ending on the east (north) bound where it would pass it, starting on the west (south) one:
    // the view lies within both, so the world still holds it.
    return Math.max(-WORLD_ORIGIN_MAX, Math.min(WORLD_ORIGIN_MAX - s, centred));
  };
  return { x: place(view.x), y: place(view.y), size: s };
}

/** The size of world offered around a view of `cells` a side: three views, or two past 256 (the grid stays ≤ 1024², its erosion a few seconds). */
export function offeredSize(cells: number): number {
  return cells <= 256 ? 3 : 2;
}

/** Whether the world holds the whole view. */
function holds(w: World, v: View): boolean {
  return v.x >= w.x && v.y >= w.y && v.x + 1 <= w.x + w.size && v.y + 1 <= w.y + w.size;
}

/**
 * The note for the titles of the grid-bound nodes upstream (ViewerSession.gridSources), the view
 * and the graph's world, `onView` those of them below a water level read from the view; null
 * without such nodes. The engine's rule (engine.ts worldGridOf) in
 * words: the world's grid at the view's cells a view, when it holds the view and is at most
 * WORLD_GRID_MAX cells a side.
 *
 * In words a newcomer reads without stopping: a game developer's pass stopped at "a place may
 * come out otherwise", at "A build" (made where?) and at "Another size runs it at that size" (the
 * size of what?); they now say what changes on a pan, where a build is made and which size.
 */
export function gridNoteFor(titles: readonly string[], view: View, world: World | undefined, offerSize = offeredSize(view.size), onView: readonly string[] = []): GridNote | null {
  if (!titles.length) return null;
  // A world's grid at the view's cells a view: its samples (engine/domains.ts worldGrid).
  const gridCells = (size: number) => size * view.size + 1;
  const sizes = WORLD_SIZES.map((size) => ({ size, cells: gridCells(size), fits: gridCells(size) <= WORLD_GRID_MAX }));
  // A size chosen in the menu at one resolution may be past the cap at this one (8 × 8 views at
  // 256, then a view of 1024: 8193²), where the engine would run on the view: the size offered
  // is then the one for this view, which fits at every size the editor has (2 × 2 at 2048: 4097²).
  if (gridCells(offerSize) > WORLD_GRID_MAX) offerSize = offeredSize(view.size);
  // No world of any size holds a view reaching past the bound: the menu has none to set.
  const sizable = worldAround(view, offerSize) !== null;
  const listed = (list: readonly string[]) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);
  const names = listed(titles);
  const one = titles.length === 1;
  const which = `Below ${names}, which ${one ? 'runs' : 'run'}`;
  const note = (text: string, offer: World | null, removable: boolean, brief = `${which} on the whole view here: a pan runs ${one ? 'it' : 'them'} again`): GridNote => ({
    text,
    brief,
    offer,
    removable,
    size: world?.size ?? offerSize,
    sizes,
    sizable,
  });
  const runs = one ? 'runs' : 'run';
  const it = one ? 'it' : 'them';
  // A world helps none of them when every one lies below a water level read from the view.
  const helps = titles.some((t) => !onView.includes(t));
  const offer = helps ? worldAround(view, offerSize) : null;
  // No world holds a view reaching past the bound (worldAround): said, where a button would be.
  const noneHolds = helps && !offer ? " No world holds a view reaching past 10⁹ views from 0: a world, as a build's region, lies within 10⁹ views each way. Move the view towards 0 to give the graph one." : '';
  if (!world && noneHolds) {
    return note(`${names} ${runs} on the whole view: a pan runs ${it} again on the new view, so the same place may come out different.${noneHolds}`, null, false);
  }
  if (!offer && !world) {
    return note(
      `${names} ${runs} on the whole view, below a water level read from the view: a pan runs ${it} again on the new view, so the same place may come out different. A world would not change that; a water node's world cut would.`,
      null,
      false,
    );
  }
  if (!world) {
    const offerCells = gridCells(offer!.size);
    return note(
      `${names} ${runs} on the whole view: a pan runs ${it} again on the new view, so the same place may come out different. A build (Export → Tiles, terrain-graph build) runs ${it} once on its whole grid. Give the graph a world (${worldText(offer!)}, ${offerCells}² cells at this size) and ${it} ${runs} on all of it: a pan inside it keeps the land.`,
      offer,
      false,
      `${which} on the whole view: give the graph a world`,
    );
  }
  const cells = gridCells(world.size);
  if (!holds(world, view)) {
    // Half in it, "lies outside" contradicted the map, which draws the world's edge across the view.
    const meets = view.x < world.x + world.size && view.x + 1 > world.x && view.y < world.y + world.size && view.y + 1 > world.y;
    const where = meets ? 'reaches past the edge of' : 'lies outside';
    return note(`The view ${where} the graph's world (${worldText(world)}): here ${names} ${runs} on the whole view, and a pan runs ${it} again.${noneHolds}`, helps ? worldAround(view, world.size) : null, true);
  }
  if (!latticeOf({ x0: view.x, y0: view.y, extent: 1, n: view.size })) {
    // No world helps here: the engine runs on a world only a view on its own cells.
    return note(`The view's origin lies between the cells of the graph's world at ${view.size} cells a view (${worldText(world)}): here ${names} ${runs} on the whole view. A drag of the map puts the view on them.`, null, true);
  }
  if (cells > WORLD_GRID_MAX) {
    return note(`At this size the graph's world (${worldText(world)}) would be ${cells}² cells, past the ${WORLD_GRID_MAX}² it runs on: ${names} ${runs} on the whole view, and a pan runs ${it} again.`, null, true);
  }
  // Below a water level read from the view a node runs on the view inside the world too (the
  // engine's runsOnWholeGrid: that level, and so the land it erodes, is the view's).
  const whole = titles.filter((t) => !onView.includes(t));
  const below = titles.filter((t) => onView.includes(t));
  const oneBelow = below.length === 1;
  if (!whole.length) {
    return note(
      `${names} ${runs} on the whole view, the graph's world aside (${worldText(world)}): a water level read from the view lies above ${it}, so a pan runs ${it} again. A water node's world cut lets ${it} run on the world.`,
      null,
      true,
    );
  }
  const oneWhole = whole.length === 1;
  const aside = below.length ? ` ${listed(below)} ${oneBelow ? 'runs' : 'run'} on the view all the same, below a water level read from the view: a pan runs ${oneBelow ? 'it' : 'them'} again.` : '';
  return note(
    `${listed(whole)} ${oneWhole ? 'runs' : 'run'} on the graph's whole world (${worldText(world)}, ${cells}² cells at this size): a pan inside it keeps the land. At another number of cells a view (cells, above the map) ${oneWhole ? 'it runs' : 'they run'} on the world at that resolution, and the land differs; a build of the world at ${view.size} cells a view whose tiles fill it (build --region world) writes these very values.${aside}`,
    null,
    true,
    below.length ? undefined : `${which} on the graph's whole world: a pan inside it keeps the land`,
  );
}

/**
 * Whether the engine runs a graph's grid-bound nodes on its world at this view (engine.ts
 * worldGridOf), so that a pan keeps their values: the world holds the view, the view lies on the
 * world's cells at its resolution, and the world's grid is at most WORLD_GRID_MAX cells a side.
 * (Below a water level read from the view a node runs on the view all the same: the caller asks
 * gridBoundSources with `onView` for those.)
 */
export function worldRunsAt(view: View, world: World | undefined): boolean {
  return !!world && holds(world, view) && !!latticeOf({ x0: view.x, y0: view.y, extent: 1, n: view.size }) && world.size * view.size + 1 <= WORLD_GRID_MAX;
}

/**
 * The line under the map of a node that depends on no erosion or flow, when the rivers and lakes
 * drawn over the map (`water`: the box's words, "rivers & lakes") come from one that runs on the
 * view here (`roots`: the first grid-bound nodes that water depends on, by id and title): a pan
 * runs them again and the water drawn may come out different, though the output shown does not.
 * The viewer makes each name a button that shows it, with its note and its world's buttons;
 * `tail` follows the names. Null without such nodes.
 *
 * It used to show under every such node of a graph holding an erosion or a flow, whatever the
 * map drew, and said the world held them where it did not (a view panned out of it): under 17 of
 * the 18 nodes of the Rivers and Island recipes, a line that seldom mattered, and people stopped
 * reading it. ViewerSession.gridHint asks it only where a pan changes what the map draws.
 */
export function gridHintFor(roots: readonly { readonly id: string; readonly title: string }[], water: string, world: World | undefined): { nodes: typeof roots; tail: string } | null {
  if (!roots.length) return null;
  const one = roots.length === 1;
  const it = one ? 'it' : 'them';
  const where = world ? `on the whole view here, not on the graph's world (${worldText(world)})` : 'on the whole view';
  const act = world ? `Show ${one ? 'it' : 'one'} to see why` : `Show ${one ? 'it' : 'one'} to give the graph a world`;
  return { nodes: roots, tail: ` ${one ? 'runs' : 'run'} ${where}: a pan runs ${it} again, and the ${water} drawn over this map may come out different (this output does not depend on ${it}). ${act}.` };
}
