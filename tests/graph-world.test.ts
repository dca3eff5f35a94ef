// The graph's world (format version 6): inside it an erosion or a flow runs on the whole world at
// the resolution asked, so a pan keeps the land and an edit elsewhere keeps the erosion; outside
// it, past the grid's cap, or without one, they run on the view as before.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, scratchDir } from './helpers/cli.ts';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import { worldGrid } from '../src/engine/domains.ts';
import { type Domain, domainKey, type World, WORLD_GRID_MAX } from '../src/grid.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { GraphError } from '../src/model/problems.ts';
import { gridNoteFor, worldAround } from '../src/viewer-core/world-note.ts';
import { gridBoundSources } from '../src/viewer-core/session.ts';
import { EditError } from '../src/editor/commands.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { historyRecord, readSavedHistory } from '../src/editor/saved-history.ts';
import { setup } from './helpers/viewer-setup.ts';
import type { PanRequest } from '../src/worker/protocol.ts';

const SIZE = 64;
const load = (world?: World): Graph => {
  const g = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
  g.view = { x: 0, y: 0, size: SIZE };
  if (world) g.world = world;
  return g;
};
const WORLD: World = { x: -1, y: -1, size: 3 };
const heights = (e: ReturnType<typeof createEngine>, id: string, d?: Domain): Float32Array => {
  const v = e.output(id, undefined, d) as { data: Float32Array };
  return Float32Array.from(v.data);
};
/** Of two views half a view apart (b east of a), the cells they share: equal and unequal counts. */
function overlap(a: Float32Array, b: Float32Array): { same: number; differ: number } {
  let same = 0;
  let differ = 0;
  const half = SIZE / 2;
  for (let r = 0; r < SIZE; r++) for (let c = 0; c < half; c++) (a[r * SIZE + c + half] === b[r * SIZE + c] ? same++ : differ++);
  return { same, differ };
}

describe('an erosion inside the graph’s world', () => {
  it('keeps every cell through a pan; without a world the same pan erodes other land', () => {
    for (const world of [WORLD, undefined]) {
      const e = createEngine(load(world));
      e.evaluate();
      const before = heights(e, 'erosion');
      const biomesBefore = heights(e, 'water');
      e.setView({ x: 0.5 });
      e.evaluate();
      const after = overlap(before, heights(e, 'erosion'));
      const water = overlap(biomesBefore, heights(e, 'water'));
      if (world) {
        expect(after).toEqual({ same: SIZE * (SIZE / 2), differ: 0 });
        expect(water.differ).toBe(0);
      } else expect(after.differ).toBeGreaterThan(SIZE * 4);
    }
  });

  it('gives the values an evaluation given the world’s grid gives (the build’s option)', () => {
    const e = createEngine(load(WORLD));
    e.evaluate();
    const own = heights(e, 'biomes');
    const given = createEngine(load());
    given.evaluate({ grid: { x0: -1, y0: -1, extent: 3 + 1 / SIZE, n: 3 * SIZE + 1 } });
    expect(own).toEqual(heights(given, 'biomes'));
  });

  it('runs the erosion again after an edit above it, and not after one beside or below it', () => {
    const e = createEngine(load(WORLD));
    e.evaluate();
    e.setParam('moistNoise', 'seed', 7);
    expect(Object.keys(e.evaluate().ran)).not.toContain('erosion');
    e.setParam('cont', 'seed', 9);
    const ran = e.evaluate().ran;
    expect(Object.keys(ran)).toContain('erosion');
    // The same as a fresh engine's.
    const fresh = createEngine(e.graph);
    fresh.evaluate();
    expect(heights(e, 'erosion')).toEqual(heights(fresh, 'erosion'));
  });

  it('keeps the full view’s erosion through a coarse pan frame (two grids kept)', () => {
    const e = createEngine(load(WORLD));
    e.evaluate();
    const coarse: number[] = [];
    e.evaluate({ domain: { x0: 0.25, y0: 0, extent: 1, n: 16 }, onNode: (id, _ms, d) => id === 'erosion' && coarse.push(d.n) });
    // It ran on the coarse frame's world grid (grown by the halos below it), then the full view's was still there.
    expect(coarse.length).toBeGreaterThan(0);
    expect(coarse.every((n) => n < 3 * SIZE)).toBe(true);
    const full: number[] = [];
    e.evaluate({ onNode: (id, _ms, d) => id === 'erosion' && full.push(d.n) });
    // Not on the world's grid (its coarse passes, a few cells of the land passed on, may run again).
    expect(full.filter((n) => n >= 3 * SIZE)).toEqual([]);
  });

  it('leaves a drafts’ engine on the view (a draft costs the previews’ few milliseconds, not the world’s)', () => {
    const [withWorld, without] = [load(WORLD), load()].map((g) => createEngine(g, { draft: 4 * SIZE }));
    for (const e of [withWorld, without]) e.evaluate();
    expect(heights(withWorld, 'erosion')).toEqual(heights(without, 'erosion'));
    // Where a full engine's erosion on the world differs from the view's.
    const [full, plain] = [load(WORLD), load()].map((g) => createEngine(g));
    for (const e of [full, plain]) e.evaluate();
    expect(heights(full, 'erosion')).not.toEqual(heights(plain, 'erosion'));
  });

  it('gives each grid its own pinned erosion where a coarse pass of one is the other’s own grid', () => {
    // The view (64 cells a view) reads the erosion on the wind's coarse square at 16 cells a
    // view, where it passes on the land before it; a frame at 16 cells a view runs the erosion
    // for real on that same square (its own world grid, grown). Both were pinned under one key:
    // the frame's real run replaced the view's, which the view then took, and its wind and
    // biomes were not a fresh engine's.
    const frame: Domain = { x0: 0.25, y0: 0, extent: 1, n: 16 };
    const e = createEngine(load(WORLD));
    const view = createEngine(load(WORLD));
    view.evaluate();
    const alone = createEngine(load(WORLD));
    alone.evaluate({ domain: frame });
    for (let k = 0; k < 2; k++) {
      e.evaluate();
      for (const id of ['wind', 'biomes']) expect(heights(e, id), `view ${id}, pass ${k}`).toEqual(heights(view, id));
      e.evaluate({ domain: frame });
      for (const id of ['wind', 'biomes']) expect(heights(e, id, frame), `frame ${id}, pass ${k}`).toEqual(heights(alone, id, frame));
    }
  });

  it('runs on the view outside the world and past the grid’s cap, as without one', () => {
    const plain = createEngine(load());
    for (const [world, view] of [
      [{ x: 2, y: 2, size: 2 }, { x: 0, y: 0 }],
      [{ x: -8, y: -8, size: 16 }, { x: 0, y: 0, size: 512 }],
    ] as const) {
      const e = createEngine(load(world));
      e.setView(view);
      plain.setView({ size: SIZE, ...view });
      e.evaluate();
      plain.evaluate();
      expect(heights(e, 'erosion')).toEqual(heights(plain, 'erosion'));
    }
  });
});

describe('a build of the world', () => {
  it('(--region world, its tiles filling it) writes the eroded heights and biomes the editor shows', async () => {
    const world: World = { x: 0, y: -1, size: 2 };
    const dir = scratchDir('build-world');
    const file = join(dir, 'world.json');
    writeFileSync(file, serializeGraph(load(world)));
    // 2 views at 64 cells a view: 129 samples a side, 2 × 2 tiles of 65 (sharing their edges).
    const r = await runCli('build', file, '--region', 'world', '--cells-per-view', String(SIZE), '--tile-size', '65', '--node', 'erosion', 'biomes', '--format', 'f32,indexed', '--out', join(dir, 'out'));
    expect(r.err).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    const built = JSON.parse(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8'));
    expect(built.region).toEqual({ x0: 0, y0: -1, x1: 2, y1: 1 });
    // The north-west tile (row 0 is the northernmost) holds the view at (0, 0): sample (c, r) of
    // the tile is the view's cell (c, r), rows south first in f32.
    const tile = built.tiles.find((t: { col: number; row: number }) => t.col === 0 && t.row === 0);
    const f32 = new Float32Array(new Uint8Array(readFileSync(join(dir, 'out', tile.files.find((f: string) => f.startsWith('erosion.out/') && f.endsWith('.f32'))))).buffer);
    const e = createEngine(load(world));
    e.evaluate();
    const view = heights(e, 'erosion');
    let differ = 0;
    for (let row = 0; row < SIZE; row++) for (let c = 0; c < SIZE; c++) if (f32[row * 65 + c] !== view[row * SIZE + c]) differ++;
    expect(differ).toBe(0);
    // Without the world the editor erodes the view alone, and the build's tile is other land.
    const plain = createEngine(load());
    plain.evaluate();
    const alone = heights(plain, 'erosion');
    let apart = 0;
    for (let row = 0; row < SIZE; row++) for (let c = 0; c < SIZE; c++) if (f32[row * 65 + c] !== alone[row * SIZE + c]) apart++;
    expect(apart).toBeGreaterThan(SIZE * SIZE * 0.5);
  }, 120_000);

  it('is refused by name for a graph without one', async () => {
    const r = await runCli('build', 'graphs/eroded-valleys.json', '--region', 'world', '--cells-per-view', '64', '--plan');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--region world: eroded-valleys.json has no world; give --region X0,Y0,X1,Y1, or give the graph a world');
  });
});

describe('the pinned erosions of a world', () => {
  it('go when the world goes, or moves', () => {
    // Two grids' erosions stay pinned through edits beside them; a graph whose world went (or
    // moved) asks neither grid again, and they were held, hundreds of megabytes at 4096².
    for (const next of [undefined, { ...WORLD, x: 0 }]) {
      const e = createEngine(load(WORLD));
      e.evaluate();
      expect(e.pinnedResults().length).toBeGreaterThan(0);
      const g = e.graph;
      if (next) g.world = next;
      else delete g.world;
      e.setGraph(g);
      expect(e.pinnedResults()).toEqual([]);
      e.evaluate();
      expect(e.pinnedResults().length > 0).toBe(!!next);
    }
  });

  it('are let go when a reader below moves their grid (a drag of the coast’s cap)', () => {
    // The coast's cap is a halo the erosion's grid grows by: each value past the wind's halo runs
    // the erosion on another domain of the world, pinned; the pins of the values before were
    // kept, one more erosion of the whole world held at each step of a drag.
    const e = createEngine(load(WORLD));
    e.evaluate();
    for (const cap of [40, 50, 60, 70]) {
      e.setParam('coast', 'cap', cap);
      e.evaluate();
    }
    const fresh = createEngine(e.graph);
    fresh.evaluate();
    const keys = (x: ReturnType<typeof createEngine>) => x.pinnedResults().map((r) => `${r.node}@${domainKey(r.domain)}`).sort();
    expect(keys(e)).toEqual(keys(fresh));
  });

  it('let a graph with a cycle above them be set, as without a world', () => {
    // The engine takes a graph with a cycle and refuses only an evaluation that reads it; with
    // a pinned erosion below the cycle, setGraph threw (the pin's inputs could not be listed).
    const e = createEngine(load(WORLD));
    e.evaluate();
    const g = e.graph;
    const curve = g.nodes.find((n) => n.type === 'curve')!;
    g.nodes.push({ ...structuredClone(curve), id: 'c1' }, { ...structuredClone(curve), id: 'c2' });
    g.edges.push({ from: { node: 'c1', port: 'out' }, to: { node: 'c2', port: 'in' } }, { from: { node: 'c2', port: 'out' }, to: { node: 'c1', port: 'in' } });
    g.edges.find((w) => w.to.node === 'erosion')!.from = { node: 'c2', port: 'out' };
    e.setGraph(g);
    expect(() => e.evaluate({ targets: ['erosion'] })).toThrow(/cycle/);
    e.setGraph(load(WORLD));
    e.evaluate();
    const fresh = createEngine(load(WORLD));
    fresh.evaluate();
    expect(heights(e, 'erosion')).toEqual(heights(fresh, 'erosion'));
  });
});

describe('a build of a graph with a world', () => {
  it('runs its erosion as without one: on its own grid, or with --grid tile on each block', async () => {
    // A build's tiles are the file's land on the build's grid; the world is the editor's. With
    // --grid tile and the world holding the region at the build's cells a view, the blocks ran
    // their erosion on the world's grid (tiles differed from the same file without a world).
    const tiles: Buffer[][] = [];
    for (const world of [undefined, WORLD]) {
      const dir = scratchDir('world-build');
      const file = join(dir, 'g.json');
      writeFileSync(file, serializeGraph(load(world)));
      const out = join(dir, 'out');
      const r = await runCli('build', file, '--region', '0.25,-0.5,1.75,0.5', '--cells-per-view', '64', '--tile-size', '33', '--node', 'erosion', '--format', 'f32', '--out', out, '--grid', 'tile', '--jobs', '1');
      expect(r.code, r.err).toBe(0);
      const built = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      tiles.push(built.tiles.map((t: { files: string[] }) => readFileSync(join(out, t.files.find((f) => f.endsWith('.f32'))!))));
    }
    expect(tiles[1].length).toBe(tiles[0].length);
    tiles[0].forEach((t, k) => expect(t.equals(tiles[1][k]), `tile ${k}`).toBe(true));
  }, 60_000);
});

describe('worldGrid', () => {
  it('is the world on the lattice asked when it holds the domain, null otherwise', () => {
    expect(worldGrid(WORLD, { x0: 0, y0: 0, extent: 1, n: 64 })).toEqual({ x0: -1, y0: -1, extent: 193 / 64, n: 193 });
    expect(worldGrid(WORLD, { x0: 1.5, y0: 0, extent: 1, n: 64 })).toBeNull();
    expect(worldGrid(WORLD, { x0: 0.001, y0: 0, extent: 1, n: 64 })).toBeNull();
    expect(worldGrid({ x: 0, y: 0, size: 4 }, { x0: 0, y0: 0, extent: 1, n: (WORLD_GRID_MAX - 1) / 4 })?.n).toBe(WORLD_GRID_MAX);
    expect(worldGrid({ x: 0, y: 0, size: 4 }, { x0: 0, y0: 0, extent: 1, n: (WORLD_GRID_MAX - 1) / 4 + 1 })).toBeNull();
  });
});

describe('the world in a graph file', () => {
  const text = readFileSync('graphs/eroded-valleys.json', 'utf8');
  it('reads and writes it, written only when set', () => {
    const g = parseGraph(text);
    expect(g.world).toBeUndefined();
    expect(serializeGraph(g)).toBe(text);
    g.world = { x: -2, y: 0, size: 4 };
    const saved = serializeGraph(g);
    expect(saved).toContain('"world": { "x": -2, "y": 0, "size": 4 }');
    expect(parseGraph(saved).world).toEqual({ x: -2, y: 0, size: 4 });
  });

  it('opens a version-5 file without one, its erosion on the view as before', () => {
    const v5 = JSON.parse(text);
    v5.version = 5;
    const g = parseGraph(v5);
    expect(g.world).toBeUndefined();
    expect(serializeGraph(g)).toBe(text);
  });

  it('names what is wrong with a world, and where', () => {
    const problems = (world: unknown) => {
      const doc = JSON.parse(text);
      doc.world = world;
      try {
        parseGraph(doc);
      } catch (err) {
        return (err as GraphError).problems.map((p) => `${p.path}: ${p.message}`);
      }
      return [];
    };
    expect(problems({ x: 0.5, y: 0, size: 2 })).toEqual(['$.world.x: expected a whole number of views, got 0.5']);
    expect(problems({ x: 0, y: 0, size: 17 })).toEqual(['$.world.size: expected a whole number of views from 1 to 16, got 17']);
    expect(problems({ x: 0, y: 0, size: 2, z: 1 })).toEqual(['$.world.z: unknown key "z" in the world (its keys: x, y, size)']);
    expect(problems([0, 0, 2])[0]).toMatch(/^\$\.world: expected \{"x", "y", "size"\} in whole views/);
    expect(() => createEngine({ ...load(), world: { x: 0, y: 0, size: 0 } })).toThrow(/world\.size/);
  });
});

describe('the viewer’s note and offer', () => {
  it('offers a world holding the view, whole or between whole views', () => {
    for (const view of [{ x: 0, y: 0, size: 256 }, { x: 0.25, y: -3.5, size: 256 }, { x: 7, y: 2.75, size: 1024 }]) {
      for (const size of [1, 2, 3, 4]) {
        const w = worldAround(view, size)!;
        expect(w.x <= view.x && w.y <= view.y && view.x + 1 <= w.x + w.size && view.y + 1 <= w.y + w.size).toBe(true);
        expect(Number.isInteger(w.x) && Number.isInteger(w.y)).toBe(true);
        expect(w.size).toBe(Number.isInteger(view.x) && Number.isInteger(view.y) ? size : Math.max(2, size));
      }
    }
    expect(worldAround({ x: 0, y: 0, size: 256 }, 3)).toEqual({ x: -1, y: -1, size: 3 });
  });

  it('says where the erosion runs: the view, the world, or the view outside it', () => {
    const view = { x: 0, y: 0, size: 256 };
    expect(gridNoteFor([], view, undefined)).toBeNull();
    const none = gridNoteFor(['Hydraulic erosion'], view, undefined)!;
    // Words a game developer read without stopping: it said "a place may come out otherwise", and
    // "A build" with nothing saying where a build is made.
    expect(none.text).toBe(
      'Hydraulic erosion runs on the whole view: a pan runs it again on the new view, so the same place may come out different. ' +
        'A build (Export → Tiles, terrain-graph build) runs it once on its whole grid. Give the graph a world (3 × 3 views from (−1, −1), 769² cells at this size) and it runs on all of it: a pan inside it keeps the land.',
    );
    expect(none.offer).toEqual({ x: -1, y: -1, size: 3 });
    const inside = gridNoteFor(['Hydraulic erosion', 'Flow'], view, WORLD)!;
    // It said "Another size runs them at that size", the size unnamed (the view's cells).
    expect(inside.text).toBe(
      "Hydraulic erosion and Flow run on the graph's whole world (3 × 3 views from (−1, −1), 769² cells at this size): a pan inside it keeps the land. " +
        'At another number of cells a view (cells, above the map) they run on the world at that resolution, and the land differs; ' +
        'a build of the world at 256 cells a view whose tiles fill it (build --region world) writes these very values.',
    );
    expect([inside.offer, inside.removable]).toEqual([null, true]);
    expect(gridNoteFor(['Flow'], { ...view, x: 5 }, WORLD)!.text).toMatch(/^The view lies outside the graph's world/);
    const past = gridNoteFor(['Flow'], { ...view, size: 2048 }, WORLD)!;
    expect(past.text).toMatch(/would be 6145² cells, past the 4097²/);
    // The size menu: each size's grid at the view's size, those past the cap not to be chosen.
    expect(past.sizes.map((k) => [k.size, k.cells, k.fits])).toEqual([[2, 4097, true], [3, 6145, false], [4, 8193, false], [5, 10241, false], [6, 12289, false], [8, 16385, false]]);
    expect([past.size, none.size, gridNoteFor(['Flow'], view, undefined, 5)!.size]).toEqual([3, 3, 5]);
    expect(gridNoteFor(['Flow'], view, undefined, 5)!.offer).toEqual({ x: -2, y: -2, size: 5 });
  });

  it('says which run on the view all the same, below a water level read from the view', () => {
    // Below a water node whose cut is the view, a flow runs on the view inside the world too (the
    // engine's runsOnWholeGrid, as a build's blocks): the note said it ran on the whole world.
    const view = { x: 0, y: 0, size: 256 };
    const all = gridNoteFor(['Rivers'], view, WORLD, undefined, ['Rivers'])!;
    expect(all.text).toBe(
      "Rivers runs on the whole view, the graph's world aside (3 × 3 views from (−1, −1)): a water level read from the view lies above it, so a pan runs it again. A water node's world cut lets it run on the world.",
    );
    expect([all.offer, all.removable]).toEqual([null, true]);
    // Without a world, or outside it, none is offered: it would not help.
    const none = gridNoteFor(['Rivers'], view, undefined, undefined, ['Rivers'])!;
    expect(none.text).toBe('Rivers runs on the whole view, below a water level read from the view: a pan runs it again on the new view, so the same place may come out different. A world would not change that; a water node\'s world cut would.');
    expect([none.offer, none.removable]).toEqual([null, false]);
    expect(gridNoteFor(['Rivers'], { ...view, x: 5 }, WORLD, undefined, ['Rivers'])!.offer).toBeNull();
    const some = gridNoteFor(['Hydraulic erosion', 'Rivers'], view, WORLD, undefined, ['Rivers'])!;
    expect(some.text).toMatch(/^Hydraulic erosion runs on the graph's whole world .* Rivers runs on the view all the same, below a water level read from the view: a pan runs it again\.$/);
    // As the session finds them.
    const g = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
    g.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    expect(gridBoundSources(g, 'rivers', true)).toEqual(['Flow and rivers']);
    g.nodes.find((n) => n.id === 'water')!.params.cut = 'world-8';
    expect(gridBoundSources(g, 'rivers', true)).toEqual([]);
  });

  it('says so when the view lies inside the world but between its cells, and offers no world that would not help', () => {
    // A view typed at x = 0.1, or one of 384 cells at 1/512 (a size changed under it): the
    // engine runs the erosion on the view. The note said the view lay outside the world and
    // offered to move the world around it, which the engine would ignore as well.
    for (const view of [{ x: 0.1, y: 0, size: 256 }, { x: 1 / 512, y: 0, size: 384 }]) {
      const note = gridNoteFor(['Flow'], view, WORLD)!;
      expect(note.text).toMatch(/^The view's origin lies between the cells of the graph's world at \d+ cells a view \(3 × 3 views from \(−1, −1\)\): here Flow runs on the whole view/);
      expect([note.offer, note.removable]).toEqual([null, true]);
    }
  });
});

describe('a pan inside the world, in the viewer', () => {
  it('keeps the view and its drag frames on the world’s cells at a size that is no power of two', async () => {
    // The engine runs on the world only a domain on its own cells (worldGrid). A dragged origin
    // was snapped to a power of two (1/128 at 96 cells a view), so most pans at 96, 384 or 768
    // left the world's cells: the erosion ran on the view again and the note said the view lay
    // outside the world; and a 64² drag frame at 1/128 ran its own erosion.
    const g = load(WORLD);
    g.view = { x: 0, y: 0, size: 96 };
    const { core, session, worker, settle } = setup(g);
    core.select(['erosion']);
    await settle();
    expect(session.gridNote!.text).toMatch(/on the graph's whole world/);
    const onCells = (v: number, n: number) => Math.abs(v * n - Math.round(v * n)) < 1e-9;
    session.input({ type: 'down', x: 100, y: 100 });
    for (let k = 1; k <= 4; k++) session.input({ type: 'move', x: 100 + 5 * k, y: 100 + 3 * k });
    await settle();
    const pans = worker.sent.filter((m): m is PanRequest => m.kind === 'pan');
    expect(pans.length).toBeGreaterThan(0);
    for (const p of pans) expect([p.x, p.y].every((v) => onCells(v, p.n)), `frame at (${p.x}, ${p.y}), ${p.n} cells`).toBe(true);
    session.input({ type: 'up', x: 120, y: 112 });
    await settle();
    const view = core.graph.view;
    expect(view.x).not.toBe(0);
    expect([view.x, view.y].every((v) => onCells(v, 96)), `view at (${view.x}, ${view.y})`).toBe(true);
    // Written exactly in the file, as every dragged origin is: whole 32nds (3 cells at 96), not k / 96.
    expect([view.x, view.y].every((v) => Number.isInteger(v * 32)), `view at (${view.x}, ${view.y})`).toBe(true);
    expect(session.gridNote!.text).toMatch(/on the graph's whole world/);
  });
});

describe('the world in the editor', () => {
  const text = readFileSync('graphs/eroded-valleys.json', 'utf8');
  it('sets, moves and removes it in undo steps, refuses a bad one, and keeps it through an Open and its undo', () => {
    const ed = new EditorCore(parseGraph(text));
    ed.setWorld(WORLD);
    expect(ed.undoLabel).toBe('set world');
    ed.setWorld({ ...WORLD, x: 0 });
    expect(ed.undoLabel).toBe('change world');
    expect(() => ed.setWorld({ x: 0, y: 0, size: 40 })).toThrow(EditError);
    expect(serializeGraph(ed.snapshot())).toContain('"world": { "x": 0, "y": -1, "size": 3 }');
    ed.setWorld(null);
    expect(ed.graph.world).toBeUndefined();
    expect(serializeGraph(ed.snapshot())).toBe(text);
    ed.undo();
    expect(ed.graph.world).toEqual({ ...WORLD, x: 0 });
    // Open another graph (none), then undo the Open: the world comes back with its graph.
    ed.replaceGraph(parseGraph(readFileSync('graphs/default.json', 'utf8')));
    expect(ed.graph.world).toBeUndefined();
    ed.undo();
    expect(ed.graph.world).toEqual({ ...WORLD, x: 0 });
    const withWorld = serializeGraph(ed.snapshot());
    const opened = new EditorCore(parseGraph(text));
    opened.replaceGraph(parseGraph(withWorld), 'open', 'mine.json');
    expect(opened.graph.world).toEqual({ ...WORLD, x: 0 });
  });

  it('keeps its steps in the undo history saved with a draft', () => {
    const ed = new EditorCore(parseGraph(text));
    ed.setWorld(WORLD);
    ed.setWorld(null);
    ed.undo();
    const draft = serializeGraph(ed.snapshot());
    const read = readSavedHistory(historyRecord(ed.historySteps, draft), draft, parseGraph(draft));
    expect(read.reason).toBeUndefined();
    const again = new EditorCore(parseGraph(draft));
    again.restoreHistory(read.steps);
    expect([again.undoLabel, again.redoLabel]).toEqual(['set world', 'remove world']);
    again.undo();
    expect(again.graph.world).toBeUndefined();
    again.redo();
    again.redo();
    expect(again.graph.world).toBeUndefined();
  });
});
