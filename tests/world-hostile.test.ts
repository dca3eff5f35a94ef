// The graph's world (format version 6) from outside: hostile files, the command line's world
// options beside others, and an undo history in the browser's storage holding odd worlds. Each is
// refused with what is wrong and where (a JSON path, an option), exit 2 and no stack trace, or
// read as it should; the graph a history belongs to is never touched by it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { historyRecord, readSavedHistory } from '../src/editor/saved-history.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { GraphError } from '../src/model/problems.ts';
import { runCli, scratchDir } from './helpers/cli.ts';

const TEXT = readFileSync('graphs/eroded-valleys.json', 'utf8');
const DOC = JSON.parse(TEXT) as Record<string, unknown>;

/** The problems parseGraph lists for the document with this world, as "path: message". */
function problems(doc: Record<string, unknown>): string[] {
  try {
    parseGraph(doc);
  } catch (err) {
    expect(err).toBeInstanceOf(GraphError);
    return (err as GraphError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  return [];
}

/** A file of the document in a scratch folder. */
function fileOf(doc: Record<string, unknown>, name = 'g.json'): string {
  const file = join(scratchDir('world-hostile'), name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at |Error:|TypeError|undefined/);

describe('a hostile world in a file', () => {
  const cases: [string, unknown, RegExp][] = [
    ['a string', '3 × 3', /^\$\.world: expected \{"x", "y", "size"\} in whole views, got "3 × 3"$/],
    ['null', null, /^\$\.world: expected \{"x", "y", "size"\} in whole views, got null$/],
    ['a list', [0, 0, 2], /^\$\.world: expected \{"x", "y", "size"\} in whole views, got \[0,0,2\]$/],
    ['an extra key', { x: 0, y: 0, size: 2, cells: 256 }, /^\$\.world\.cells: unknown key "cells" in the world/],
    ['x not whole', { x: 0.5, y: 0, size: 2 }, /^\$\.world\.x: expected a whole number of views, got 0\.5$/],
    ['x past the origin bound', { x: 1e300, y: 0, size: 2 }, /^\$\.world\.x: 1e\+300 is farther from 0 than an origin may lie/],
    ['y as text', { x: 0, y: '0', size: 2 }, /^\$\.world\.y: expected a whole number of views, got "0"$/],
    ['size 0', { x: 0, y: 0, size: 0 }, /^\$\.world\.size: expected a whole number of views from 1 to 16, got 0$/],
    ['a negative size', { x: 0, y: 0, size: -3 }, /^\$\.world\.size: expected a whole number of views from 1 to 16, got -3$/],
    ['a size not whole', { x: 0, y: 0, size: 2.5 }, /^\$\.world\.size: expected a whole number of views from 1 to 16, got 2\.5$/],
    ['a size past 16', { x: 0, y: 0, size: 17 }, /^\$\.world\.size: expected a whole number of views from 1 to 16, got 17$/],
  ];
  for (const [what, world, message] of cases) {
    it(`names ${what} at its JSON path, in the model and from check (exit 2, no stack trace)`, async () => {
      const listed = problems({ ...DOC, world });
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatch(message);
      const r = await runCli('check', fileOf({ ...DOC, world }));
      expect(r.code).toBe(2);
      expect(r.err).toContain(listed[0]);
      noStack(r.err);
    });
  }

  it('names NaN and ±Infinity, which no JSON holds but a value handed to the reader may', () => {
    for (const v of [NaN, Infinity, -Infinity]) {
      expect(problems({ ...DOC, world: { x: v, y: 0, size: 2 } })).toEqual([`$.world.x: expected a whole number of views, got ${v}`]);
      expect(problems({ ...DOC, world: { x: 0, y: 0, size: v } })).toEqual([`$.world.size: expected a whole number of views from 1 to 16, got ${v}`]);
    }
  });

  it('refuses a version-9 file with one as newer, and names every param a version-8 file with version-1 nodes lacks', async () => {
    const v9 = await runCli('check', fileOf({ ...DOC, version: 9, world: { x: 0, y: 0, size: 2 } }));
    expect([v9.code, v9.err]).toEqual([2, 'g.json: 1 problem in the graph\n  $.version: the file is version 9, newer than this Terrain Graph reads (up to 8): open it with a newer Terrain Graph\n']);
    // The hydraulic erosion's `coarse` came with version 4: a version-8 file must have it.
    const doc = structuredClone(DOC) as { nodes: { id: string; params: Record<string, unknown> }[] };
    delete doc.nodes.find((n) => n.id === 'erosion')!.params.coarse;
    const r = await runCli('check', fileOf({ ...doc, world: { x: 0, y: 0, size: 2 } }));
    expect(r.code).toBe(2);
    expect(r.err).toContain('$.nodes[16].params.coarse: hydraulic node "erosion" ("Hydraulic erosion"): missing param "coarse"');
    noStack(r.err);
  });
});

describe('the world on the command line', () => {
  const world = () => fileOf({ ...DOC, world: { x: -1, y: -1, size: 3 } });
  const refusals: [string, (file: string) => string[], RegExp][] = [
    ['a graph without a world', () => [join('graphs', 'eroded-valleys.json'), '--region', 'world', '--cells-per-view', '64', '--plan'], /^--region world: eroded-valleys\.json has no world; give --region X0,Y0,X1,Y1/],
    ['a near miss of world', (f) => [f, '--region', 'World', '--cells-per-view', '64', '--plan'], /^--region expects X0,Y0,X1,Y1 \(four numbers\), or world, got "World"$/],
    ['world with numbers', (f) => [f, '--region', 'world,0,0,1', '--cells-per-view', '64', '--plan'], /^--region expects X0,Y0,X1,Y1 \(four numbers\), or world, got "world,0,0,1"$/],
    ['an unknown option beside it', (f) => [f, '--region', 'world', '--world-size', '3', '--cells-per-view', '64', '--plan'], /^unknown option --world-size/],
    ['--jobs with --tile', (f) => [f, '--region', 'world', '--cells-per-view', '64', '--tile-size', '65', '--jobs', '2', '--tile', '0', '--out', 'x'], /^give either --jobs or one tile \(--tile\), not both$/],
    ['a tile past the world', (f) => [f, '--region', 'world', '--cells-per-view', '64', '--tile-size', '65', '--tile', '9', '--plan'], /^--tile 9 is out of range: this build has 9 tiles \(0…8\)$/],
    ['--grid of another word', (f) => [f, '--region', 'world', '--cells-per-view', '64', '--grid', 'world', '--plan'], /^--grid: unknown "world"; choose whole or tile$/],
  ];
  for (const [what, argv, message] of refusals) {
    it(`build --region world refuses ${what}, naming the option (exit 2, no stack trace)`, async () => {
      const r = await runCli('build', ...argv(world()));
      expect(r.code).toBe(2);
      expect(r.err.trim()).toMatch(message);
      noStack(r.err);
    });
  }

  it('render refuses the build’s world options by name', async () => {
    const r = await runCli('render', world(), '--region', 'world', '--out', scratchDir('world-hostile'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^unknown option --region \(render draws one view: --view X,Y/);
  });
});

describe('an undo history in storage holding odd worlds', () => {
  it('is not restored, says why, and leaves the draft’s graph and world as they are', () => {
    const ed = new EditorCore(parseGraph(TEXT));
    ed.setWorld({ x: -1, y: -1, size: 3 });
    ed.setWorld({ x: 0, y: 0, size: 2 });
    const draft = serializeGraph(ed.snapshot());
    const record = historyRecord(ed.historySteps, draft);
    expect(readSavedHistory(record, draft, parseGraph(draft)).reason).toBeUndefined();
    // The stored world of the last step's command, and of its inverse, each made odd in turn.
    for (const odd of ['1e999', '"3"', 'null', '[0,0,2]', '{"x":0,"y":0,"size":2,"z":1}', '{"x":0.5,"y":0,"size":2}', '{"x":0,"y":0,"size":99}']) {
      for (const which of ['cmd', 'inverse'] as const) {
        const raw = JSON.parse(record);
        const entry = raw.done[raw.done.length - 1].entries[0];
        (which === 'cmd' ? entry.cmd : entry.inverse[0]).world = 'ODD';
        const text = JSON.stringify(raw).replace('"ODD"', odd);
        const graph = parseGraph(draft);
        const read = readSavedHistory(text, draft, graph);
        expect(serializeGraph(graph)).toBe(draft);
        if (odd === 'null' && which === 'inverse') {
          // No world before the step: the replay, from the start the step before gives, files the
          // inverse this graph gives, and undo puts back the world that was there.
          expect(read.reason).toBeUndefined();
          const again = new EditorCore(parseGraph(draft));
          again.restoreHistory(read.steps);
          again.undo();
          expect(again.graph.world).toEqual({ x: -1, y: -1, size: 3 });
          again.undo();
          expect(again.graph.world).toBeUndefined();
          continue;
        }
        if (odd === 'null') expect(read.reason, `${which} ${odd}`).toMatch(/its steps do not lead back to the graph/);
        else expect(read.reason, `${which} ${odd}`).toMatch(/undo step 1, entry 1(, inverse 1)? \(setWorld\) has a wrong "world"\. Your graph is as you left it\.$/);
        expect(read.steps).toEqual({ done: [], undone: [] });
      }
    }
  });
});
