// A world lies within 10⁹ views of 0 with both its edges, as a build's region does: a file's
// world from inside the bound whose east or north edge (corner + size) passes it is refused,
// naming its JSON path and the bound, and every way a world is set agrees (the editor's command,
// the note's offer, the Tiles box, build --region world). Before, only the corner was checked:
// the file opened, and the Tiles box then refused "--region 999999999,-1,1000000002,2", numbers
// nobody had typed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { createEngine } from '../src/engine/engine.ts';
import { WORLD_ORIGIN_MAX } from '../src/grid.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { GraphError } from '../src/model/problems.ts';
import { TILES_DEFAULTS, tilesSummary } from '../src/viewer-core/tiles.ts';
import { gridNoteFor, worldAround } from '../src/viewer-core/world-note.ts';
import { runCli, scratchDir } from './helpers/cli.ts';

const TEXT = readFileSync('graphs/eroded-valleys.json', 'utf8');
const DOC = JSON.parse(TEXT) as Record<string, unknown>;
const EDGE = WORLD_ORIGIN_MAX;

/** The problems parseGraph lists for the document with this world, as "path: message". */
function problems(world: unknown): string[] {
  try {
    parseGraph({ ...DOC, world });
  } catch (err) {
    expect(err).toBeInstanceOf(GraphError);
    return (err as GraphError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

describe('a world whose far edge passes 10⁹ views', () => {
  it('is refused in a file, at the corner it passes the bound from, naming the bound', () => {
    expect(problems({ x: EDGE - 1, y: -1, size: 3 })).toEqual([
      "$.world.x: 999999999 + 3 views puts the world's east edge at 1000000002, farther from 0 than a world may reach (1e+9 views each way): move it west, or make it smaller",
    ]);
    expect(problems({ x: 0, y: EDGE - 15, size: 16 })).toEqual([
      "$.world.y: 999999985 + 16 views puts the world's north edge at 1000000001, farther from 0 than a world may reach (1e+9 views each way): move it south, or make it smaller",
    ]);
    // On the bound, a world of one view (the smallest) still passes it: only a move helps, and
    // "or make it smaller" offered what no world can be.
    expect(problems({ x: EDGE, y: EDGE, size: 1 })).toEqual([
      "$.world.x: 1000000000 + 1 views puts the world's east edge at 1000000001, farther from 0 than a world may reach (1e+9 views each way): move it west",
      "$.world.y: 1000000000 + 1 views puts the world's north edge at 1000000001, farther from 0 than a world may reach (1e+9 views each way): move it south",
    ]);
    expect(problems({ x: EDGE, y: 0, size: 4 })).toEqual([
      "$.world.x: 1000000000 + 4 views puts the world's east edge at 1000000004, farther from 0 than a world may reach (1e+9 views each way): move it west",
    ]);
    // A corner already past the bound is named once, as before: its edge is no news.
    expect(problems({ x: EDGE + 1, y: 0, size: 2 })).toEqual(['$.world.x: 1000000001 is farther from 0 than an origin may lie (1e+9 views each way)']);
  });

  it('is taken when it ends on the bound, or starts on the other one', () => {
    for (const world of [
      { x: EDGE - 3, y: EDGE - 16, size: 3 },
      { x: -EDGE, y: -EDGE, size: 16 },
      { x: EDGE - 1, y: -EDGE, size: 1 },
    ]) {
      expect(problems(world), JSON.stringify(world)).toEqual([]);
      // The Tiles box takes it as the region, as build --region world does.
      const g = parseGraph({ ...DOC, world });
      const s = tilesSummary(g, 'erosion', { ...TILES_DEFAULTS, layout: 'unity', tileSize: 65, cellsPerView: 64, across: 'world', format: 'r16' }, 'g.json');
      expect(s.problem, JSON.stringify(world)).toBe(null);
      expect(s.region).toEqual({ x0: world.x, y0: world.y, x1: world.x + world.size, y1: world.y + world.size });
    }
  });

  it('is refused by the engine given such a graph', () => {
    const g = parseGraph(TEXT);
    g.world = { x: -3, y: EDGE - 2, size: 5 };
    expect(() => createEngine(g)).toThrow("$.world.y: 999999998 + 5 views puts the world's north edge at 1000000003");
  });

  it('is refused by the editor, the graph and its history as they were', () => {
    const ed = new EditorCore(parseGraph(TEXT));
    ed.setWorld({ x: -1, y: -1, size: 3 });
    const before = serializeGraph(ed.snapshot());
    const steps = ed.historySteps.done.length;
    expect(() => ed.setWorld({ x: EDGE - 2, y: 0, size: 3 })).toThrow("world.x: 999999998 + 3 views puts the world's east edge at 1000000001");
    expect(serializeGraph(ed.snapshot())).toBe(before);
    expect(ed.historySteps.done.length).toBe(steps);
    expect(steps).toBe(1);
  });

  it('is refused by check and by build --region world, naming its path (exit 2)', async () => {
    const file = join(scratchDir('world-far-edge'), 'far.json');
    writeFileSync(file, JSON.stringify({ ...DOC, world: { x: EDGE - 1, y: -1, size: 3 } }));
    const message = "far.json: 1 problem in the graph\n  $.world.x: 999999999 + 3 views puts the world's east edge at 1000000002, farther from 0 than a world may reach (1e+9 views each way): move it west, or make it smaller\n";
    const checked = await runCli('check', file);
    expect([checked.code, checked.err]).toEqual([2, message]);
    const built = await runCli('build', file, '--region', 'world', '--cells-per-view', '64', '--plan');
    expect([built.code, built.err, built.out]).toEqual([2, message, '']);
  });
});

describe('the world offered around a view', () => {
  it('is none for a view reaching past the east or north bound, and the note says why', () => {
    for (const [x, y] of [[EDGE, 0], [0, EDGE], [EDGE - 0.5, EDGE - 0.25], [EDGE - 0.75, -EDGE]]) {
      const view = { x, y, size: 256 };
      for (const size of [1, 2, 3, 8]) expect(worldAround(view, size), `${size} around (${x}, ${y})`).toBeNull();
      const note = gridNoteFor(['Hydraulic erosion'], view, undefined)!;
      expect(note.offer).toBeNull();
      expect(note.text).toBe(
        'Hydraulic erosion runs on the whole view: a pan runs it again on the new view, so the same place may come out different. ' +
          "No world holds a view reaching past 10⁹ views from 0: a world, as a build's region, lies within 10⁹ views each way. Move the view towards 0 to give the graph one.",
      );
      // With a world elsewhere: no world to move around the view, and why.
      const away = gridNoteFor(['Hydraulic erosion'], view, { x: 0, y: 0, size: 3 })!;
      expect([away.offer, away.removable]).toEqual([null, true]);
      expect(away.text).toMatch(/^The view lies outside the graph's world .* No world holds a view reaching past 10⁹ views from 0/);
    }
  });

  it('ends on the bound for a view within it, and the editor, a file and the Tiles box take it', () => {
    for (const x of [EDGE - 1, EDGE - 1.5, EDGE - 2, -EDGE, -EDGE + 0.5]) {
      for (const size of [1, 2, 3, 5, 8, 16]) {
        const view = { x, y: x, size: 64 };
        const w = worldAround(view, size)!;
        const where = `${size} around ${x}`;
        expect(w.x <= x && x + 1 <= w.x + w.size, where).toBe(true);
        expect(w.x >= -EDGE && w.x + w.size <= EDGE, where).toBe(true);
        const g = parseGraph(TEXT);
        g.view = view;
        const ed = new EditorCore(g);
        ed.setWorld(w);
        const reopened = parseGraph(serializeGraph(ed.snapshot()));
        expect(reopened.world, where).toEqual(w);
        const s = tilesSummary(reopened, 'erosion', { ...TILES_DEFAULTS, layout: 'unity', tileSize: 65, cellsPerView: 64, across: 'world', format: 'r16' }, 'g.json');
        expect(s.problem, where).toBe(null);
      }
    }
  });
});
