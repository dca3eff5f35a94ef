// The world note's offers at the edges: a view at the far edge of the world's coordinates, and a
// size chosen in the menu that a later resolution puts past the grid's cap. An offer is a world
// the editor takes and the engine runs on, or none.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { worldGrid } from '../src/engine/domains.ts';
import { WORLD_GRID_MAX, WORLD_ORIGIN_MAX } from '../src/grid.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { checkWorld } from '../src/model/validate.ts';
import { gridNoteFor, worldAround } from '../src/viewer-core/world-note.ts';
import { runCli, scratchDir } from './helpers/cli.ts';

const TEXT = readFileSync('graphs/eroded-valleys.json', 'utf8');

describe('the world offered around a view at the far edge of the coordinates', () => {
  it('is one the editor takes and a file reopens, and it holds the view', () => {
    // A view may lie 10⁹ views from 0 each way; the world around one at −10⁹ began a view past
    // that, so "Give the graph a world" threw an EditError (the button did nothing, nothing said).
    // A view reaching past the east or north bound (from 10⁹ − 1) is held by no world, whose far
    // edges lie within the bound too (tests/world-far-edge.test.ts): the views here end on it.
    const edge = WORLD_ORIGIN_MAX;
    for (const [x, y] of [[-edge, -edge], [-edge + 0.5, 0], [edge - 1, edge - 1], [edge - 1.25, -edge + 0.75]]) {
      for (const size of [1, 2, 3, 5, 8]) {
        const view = { x, y, size: 256 };
        const w = worldAround(view, size)!;
        expect(checkWorld(w), `${size} around (${x}, ${y})`).toEqual([]);
        expect(w.x <= x && w.y <= y && x + 1 <= w.x + w.size && y + 1 <= w.y + w.size, `${JSON.stringify(w)} holds (${x}, ${y})`).toBe(true);
      }
      const g = parseGraph(TEXT);
      g.view = { x, y, size: 256 };
      const ed = new EditorCore(g);
      const offer = gridNoteFor(['Hydraulic erosion'], g.view, undefined)!.offer!;
      ed.setWorld(offer);
      expect(ed.graph.world).toEqual(offer);
      expect(parseGraph(serializeGraph(ed.snapshot())).world).toEqual(offer);
    }
  });
});

describe('the world offered around a view near the east or north bound', () => {
  it('ends on the bound where the view does not pass it, so a build of the world takes it', async () => {
    // A view at 10⁹ − 1 (x) had a 3 × 3 world around it from 10⁹ − 2 to 10⁹ + 1: a file held
    // it, but build --region world refused it (a build's region lies within 10⁹ views of 0).
    // A view reaching past the bound (10⁹ − 0.5, 10⁹) is held by no world: none is offered.
    const edge = WORLD_ORIGIN_MAX;
    for (const x of [edge - 1, edge - 1.5, edge - 3, edge - 0.5, edge]) {
      for (const size of [1, 2, 3, 5, 8, 16]) {
        const view = { x, y: x, size: 256 };
        const w = worldAround(view, size);
        const where = `${size} around ${x}`;
        if (x + 1 > edge) {
          expect(w, where).toBeNull();
          continue;
        }
        expect(checkWorld(w), where).toEqual([]);
        expect(w!.x <= x && w!.y <= x && x + 1 <= w!.x + w!.size && x + 1 <= w!.y + w!.size, `${JSON.stringify(w)} holds ${x}`).toBe(true);
        // Within the bound, both its edges.
        expect(w!.x + w!.size, where).toBeLessThanOrEqual(edge);
      }
    }
    const file = join(scratchDir('world-edges'), 'east.json');
    const g = parseGraph(TEXT);
    g.view = { x: edge - 1, y: 0, size: 64 };
    g.world = worldAround(g.view, 3)!;
    writeFileSync(file, serializeGraph(g));
    const r = await runCli('build', file, '--region', 'world', '--cells-per-view', '64', '--tile-size', '65', '--plan');
    // Nothing refused or noted: stderr says only the erosion's work, untimed on a grid smaller
    // than the 256² view a calibration would run.
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^Hydraulic erosion 'erosion': [\d,]+ droplets of up to \d+ steps over 193² cells \([^)]*\)\n$/);
  });

  it('past the bound in a file, is refused by build --region world as the file is read, naming its path', async () => {
    // build said "--region world: the graph's world … reaches to x = 1000000002" of a file the
    // editor had opened; the file itself is refused now, everywhere (tests/world-far-edge.test.ts).
    const file = join(scratchDir('world-edges'), 'past.json');
    const g = parseGraph(TEXT);
    g.world = { x: WORLD_ORIGIN_MAX - 1, y: -1, size: 3 };
    writeFileSync(file, serializeGraph(g));
    const r = await runCli('build', file, '--region', 'world', '--cells-per-view', '64', '--plan');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "past.json: 1 problem in the graph\n  $.world.x: 999999999 + 3 views puts the world's east edge at 1000000002, farther from 0 than a world may reach (1e+9 views each way): move it west, or make it smaller\n",
    );
  });
});

describe('the world offered at a size the menu kept', () => {
  it('is never one past the grid’s cap at the view’s size', () => {
    // Chosen at 256 (8 × 8 views: 2049² cells), then the view at 1024: the note offered the 8 × 8
    // world, "8193² cells at this size, and it runs on all of it", which the engine does not do
    // (past 4097² it runs on the view), and the menu showed an option it disables as chosen.
    for (const n of [256, 512, 1024, 2048]) {
      for (const chosen of [2, 3, 4, 5, 6, 8]) {
        const view = { x: 0, y: 0, size: n };
        const note = gridNoteFor(['Hydraulic erosion'], view, undefined, chosen)!;
        const offer = note.offer!;
        expect(offer, `${chosen} at ${n}`).not.toBeNull();
        expect(offer.size * n + 1, `${chosen} at ${n}`).toBeLessThanOrEqual(WORLD_GRID_MAX);
        expect(worldGrid(offer, { x0: view.x, y0: view.y, extent: 1, n }), `${chosen} at ${n}`).not.toBeNull();
        expect(note.size).toBe(offer.size);
        expect(note.sizes.find((k) => k.size === note.size)?.fits ?? true).toBe(true);
        // A size that fits is offered as chosen.
        if (chosen * n + 1 <= WORLD_GRID_MAX) expect(offer.size).toBe(chosen);
      }
    }
  });
});
