// Format version 3: comment frames and reroute dots, their migration from versions 1 and 2, and
// their editing (undoable, carried by a frame drag, copied and pasted, ignored by evaluation).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENT_VERSION, parseGraph, serializeGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { parseSnippet, snippetText } from '../src/editor/clipboard.ts';
import { dotsInFrame, insertionIndex, nodesInFrame } from '../src/model/frames.ts';
import { addFrameList, migrate } from '../src/model/migrations.ts';
import type { Graph } from '../src/model/graph.ts';
import { passThrough } from '../src/model/bypass.ts';
import { nodeDef } from '../nodes/index.ts';
import { evaluated, grab, grabIds, loadGraph } from './helpers/graphs.ts';
import { gestureEdits } from '../src/editor/commands.ts';

type Doc = Record<string, any>;
const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

/** The default graph with a frame and two reroute dots, as a version-3 text. */
function annotated(): string {
  const g = loadGraph('default.json');
  g.frames = [{ id: 'noises', title: 'The three noises', color: 'green', position: [-40, -60], size: [420, 900] }];
  g.edges[0].via = [[120.5, 40], [150, -20]];
  return serializeGraph(g);
}

describe('format version 3', () => {
  it('is read by this build, which writes version 8, as every shipped graph is', () => {
    expect(CURRENT_VERSION).toBe(8);
    for (const file of files) expect(JSON.parse(readFileSync(`graphs/${file}`, 'utf8')).version).toBe(8);
  });

  it('saves frames and reroute dots, and loads them back to the same bytes', () => {
    const text = annotated();
    expect(text).toContain('"via": [[120.5, 40], [150, -20]]');
    expect(text).toContain('"title": "The three noises"');
    const back = parseGraph(text);
    expect(back.frames).toEqual([{ id: 'noises', title: 'The three noises', color: 'green', position: [-40, -60], size: [420, 900] }]);
    expect(back.edges[0].via).toEqual([[120.5, 40], [150, -20]]);
    expect(back.edges[1].via).toBeUndefined();
    expect(serializeGraph(back)).toBe(text);
  });

  it('names each wrong frame or dot by its path', () => {
    const doc = JSON.parse(annotated());
    doc.frames.push({ id: 'noises', title: 3, color: 'pink', position: [0], size: [10, 50], extra: 1 });
    doc.edges[1].via = [[0, 0], [1, 'x']];
    let problems: { path: string; message: string }[] = [];
    try {
      parseGraph(doc, { file: 'x.json' });
    } catch (err) {
      problems = (err as { problems: typeof problems }).problems;
    }
    expect(problems.map((p) => p.path)).toEqual([
      '$.edges[1].via[1]',
      '$.frames[1].extra',
      '$.frames[1].id',
      '$.frames[1].title',
      '$.frames[1].color',
      '$.frames[1].position',
      '$.frames[1].size',
    ]);
    expect(problems[4].message).toBe('expected one of blue, green, yellow, orange, red, purple, grey, got "pink"');
    expect(problems[2].message).toBe('duplicate frame id "noises" (first at $.frames[0])');
  });

  it('refuses a file newer than version 8 with one clear problem', () => {
    const doc = JSON.parse(annotated());
    doc.version = 9;
    expect(() => parseGraph(doc, { file: 'new.json' })).toThrow(
      'new.json: 1 problem in the graph\n  $.version: the file is version 9, newer than this Terrain Graph reads (up to 8): open it with a newer Terrain Graph',
    );
  });
});

describe('version 2 → 3 and 1 → 3', () => {
  it('gives a version-2 document an empty frame list and nothing else, without touching its input', () => {
    const v2 = { format: 'terrain-graph', version: 2, nodes: [], edges: [{ from: 'a.out', to: 'b.in' }] };
    expect(addFrameList(v2)).toEqual({ ...v2, frames: [] });
    expect(v2).not.toHaveProperty('frames');
    expect(migrate(v2, 2, 3)).toEqual({ ...v2, version: 3, frames: [] });
  });

  it.each(files)('%s written as version 2 opens with nothing lost and saves to the shipped version-3 bytes', (file) => {
    const text = readFileSync(`graphs/${file}`, 'utf8');
    const v2 = JSON.parse(text) as Doc;
    v2.version = 2;
    delete v2.frames;
    for (const e of v2.edges) delete e.via;
    const opened = parseGraph(v2, { file });
    expect(opened).toEqual(parseGraph(text, { file }));
    expect(serializeGraph(opened)).toBe(text);
  });

  it.each(files)('%s written as version 1 opens through both steps with nothing lost', (file) => {
    const text = readFileSync(`graphs/${file}`, 'utf8');
    const shipped = parseGraph(text, { file });
    const v1 = JSON.parse(text) as Doc;
    v1.version = 1;
    delete v1.frames;
    for (const n of v1.nodes) {
      delete n.bypass;
      delete n.collapsed;
      // Params later versions brought were not in version-1 files: they come back with their legacy value.
      for (const [key, spec] of Object.entries(nodeDef(n.type)!.params)) if (spec.since) delete n.params[key];
    }
    const opened = parseGraph(v1, { file });
    expect(opened.nodes.map((n) => [n.id, n.type, n.title, n.position])).toEqual(shipped.nodes.map((n) => [n.id, n.type, n.title, n.position]));
    expect(opened.edges).toEqual(shipped.edges);
    expect(opened.frames).toEqual([]);
    for (const [k, n] of opened.nodes.entries()) {
      for (const [key, spec] of Object.entries(nodeDef(n.type)!.params)) {
        const want = spec.since ? (spec.since.legacy ?? spec.default) : shipped.nodes[k].params[key];
        expect(n.params[key]).toEqual(want);
      }
    }
  });
});

describe('reroute dots', () => {
  it('change nothing the engine computes: a wire with dots evaluates as the straight wire', () => {
    const plain = loadGraph('default.json');
    const dotted = parseGraph(annotated());
    expect(passThrough(dotted).edges.map((e) => [e.from, e.to])).toEqual(plain.edges.map((e) => [e.from, e.to]));
    const a = evaluated(dotted, 32);
    const b = evaluated(plain, 32);
    expect(grab(a, 'height')).toEqual(grab(b, 'height'));
    expect(grabIds(a, 'biomes')).toEqual(grabIds(b, 'biomes'));
  });

  it('are added, moved and removed as undoable steps, and a moved wire leaves its dots behind', () => {
    const core = new EditorCore(loadGraph('default.json'));
    const edge = core.graph.edges[0];
    core.addReroute(edge, 0, [10, 20]);
    core.addReroute(edge, 1, [30, 40]);
    core.addReroute(edge, 1, [20, 30]);
    expect(core.graph.edges[0].via).toEqual([[10, 20], [20, 30], [30, 40]]);
    // A drag in one gesture: one undo step back to where the dot was.
    const step = core.beginStep('move reroute', gestureEdits.via(edge));
    for (let x = 21; x <= 60; x++) core.setVia(edge, [[10, 20], [x, 30], [30, 40]]);
    step.commit();
    expect(core.undoLabel).toBe('move reroute');
    core.undo();
    expect(core.graph.edges[0].via).toEqual([[10, 20], [20, 30], [30, 40]]);
    core.redo();
    expect(core.graph.edges[0].via![1]).toEqual([60, 30]);
    core.removeReroute(edge, 1);
    expect(core.graph.edges[0].via).toEqual([[10, 20], [30, 40]]);
    core.undo();
    expect(core.graph.edges[0].via).toHaveLength(3);
    // Deleting a node takes its wires and their dots; undo brings both back.
    core.removeNodes([edge.from.node]);
    core.undo();
    expect(core.graph.edges[0].via).toHaveLength(3);
    for (let k = 0; k < 4; k++) core.undo();
    expect(serializeGraph(core.snapshot())).toBe(readFileSync('graphs/default.json', 'utf8'));
  });

  it('go where they split the wire: between the points whose piece passes nearest', () => {
    expect(insertionIndex([0, 0], [], [100, 0], [50, 5])).toBe(0);
    expect(insertionIndex([0, 0], [[100, 0], [100, 100]], [0, 100], [100, 50])).toBe(1);
    expect(insertionIndex([0, 0], [[100, 0], [100, 100]], [0, 100], [40, 98])).toBe(2);
  });
});

describe('frames', () => {
  const sizeOf = () => ({ width: 100, height: 50 });

  it('are added, renamed, recoloured, resized and deleted as undoable steps', () => {
    const core = new EditorCore(loadGraph('default.json'));
    const before = serializeGraph(core.snapshot());
    const id = core.addFrame([0, 0], [300, 200]);
    expect(core.selectedFrames).toEqual(new Set([id]));
    core.setFrame(id, { title: 'Noises' });
    core.setFrame(id, { color: 'red' });
    core.setFrame(id, { size: [400, 260] });
    expect(core.frame(id)).toEqual({ id, title: 'Noises', color: 'red', position: [0, 0], size: [400, 260] });
    expect(() => core.setFrame(id, { size: [10, 10] })).toThrow(/within 40…100000/);
    core.deleteSelection();
    expect(core.graph.frames).toEqual([]);
    core.undo();
    expect(core.frame(id)?.title).toBe('Noises');
    for (let k = 0; k < 4; k++) core.undo();
    expect(serializeGraph(core.snapshot())).toBe(before);
    for (let k = 0; k < 5; k++) core.redo();
    expect(core.graph.frames).toEqual([]);
  });

  it('carry the nodes and dots inside them when moved, in one undo step', () => {
    const core = new EditorCore(loadGraph('default.json'));
    const g = core.graph as Graph;
    const [a, b] = structuredClone(g.nodes);
    const id = core.addFrame([a.position[0] - 10, a.position[1] - 10], [200, 120]);
    const inside = nodesInFrame(g, core.frame(id)!, sizeOf);
    expect(inside).toContain(a.id);
    expect(inside).not.toContain(b.id);
    const edge = g.edges.find((e) => e.from.node === a.id)!;
    core.setVia(edge, [[a.position[0] + 5, a.position[1] + 5], [-9999, -9999]]);
    const start = { ...core.frame(id)! };
    const step = core.beginStep('move frame', gestureEdits.frame(id));
    const carried = { nodes: inside, dots: dotsInFrame(g, core.frame(id)!) };
    for (let d = 1; d <= 30; d++) core.moveFrame(id, [start.position[0] + d, start.position[1] + 2 * d], carried);
    step.commit();
    expect(core.frame(id)!.position).toEqual([start.position[0] + 30, start.position[1] + 60]);
    expect(core.node(a.id)!.position).toEqual([a.position[0] + 30, a.position[1] + 60]);
    expect(core.node(b.id)!.position).toEqual(loadGraph('default.json').nodes[1].position);
    // The dot inside the frame came along; the one outside stayed.
    expect(core.graph.edges.find((e) => e.from.node === a.id)!.via).toEqual([[a.position[0] + 35, a.position[1] + 65], [-9999, -9999]]);
    core.undo();
    expect(core.frame(id)!.position).toEqual(start.position);
    expect(core.node(a.id)!.position).toEqual(loadGraph('default.json').nodes[0].position);
  });

  it('are copied and pasted with the selected nodes and their wires\' dots, moved together', () => {
    const core = new EditorCore(parseGraph(annotated()));
    const from = core.graph.edges[0];
    core.select([from.from.node, from.to.node], [], ['noises']);
    const snippet = parseSnippet(snippetText(core.copy()))!;
    expect(snippet.frames).toHaveLength(1);
    const frame = core.frame('noises')!;
    const ids = core.paste(snippet, [frame.position[0] + 1000, frame.position[1]]);
    expect(ids).toHaveLength(2);
    const pasted = core.graph.frames!.find((f) => f.id !== 'noises')!;
    expect(pasted).toMatchObject({ id: 'noises2', title: 'The three noises', position: [frame.position[0] + 1000, frame.position[1]] });
    const wire = core.graph.edges.find((e) => e.from.node === ids[0] || e.from.node === ids[1])!;
    expect(wire.via).toEqual(from.via!.map(([x, y]) => [x + 1000, y]));
    expect(core.selectedFrames).toEqual(new Set(['noises2']));
    core.undo();
    expect(core.graph.frames).toHaveLength(1);
  });

  it('travel in a share link: the link opens to the same bytes, frames and dots included', async () => {
    const { readShareFragment, shareLink } = await import('../src/editor/share.ts');
    const text = annotated();
    const made = await shareLink('https://example.org/terrain/', text);
    if (!made.ok) throw new Error('link too long');
    const read = await readShareFragment(new URL(made.url).hash);
    expect(read.kind === 'graph' && serializeGraph(parseGraph(read.text))).toBe(text);
  });

  it('a frame in a snippet that is no frame makes the snippet unreadable, not the graph', () => {
    const text = snippetText({ format: 'terrain-graph-snippet', nodes: [], edges: [], frames: [{ id: '1', title: 'x', color: 'blue', position: [0, 0], size: [50, 50] }] });
    expect(parseSnippet(text)).toBeNull();
  });
});

describe('the command line with version-3 files', () => {
  it('checks, formats and renders a file with frames, dots and a bypassed water; refuses a newer version by name', async () => {
    const { main } = await import('../src/cli/main.ts');
    const { mkdtempSync, readdirSync: list, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const run = async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await main(argv, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`) });
      return { code, out, err };
    };
    const dir = mkdtempSync(join(tmpdir(), 'tg-v3-'));
    const g = parseGraph(annotated());
    g.nodes.find((n) => n.id === 'water')!.bypass = true;
    const text = serializeGraph(g);
    const file = join(dir, 'v3.json');
    writeFileSync(file, text);
    expect((await run('check', file)).code).toBe(0);
    expect((await run('format', file)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
    const out = join(dir, 'out');
    expect((await run('render', file, '--size', '32', '--all', '--out', out)).code).toBe(0);
    // The file's own nodes, each output once; the water's neutral copy is no output of the file.
    expect(list(out).filter((f) => f.includes('__'))).toEqual([]);
    expect(list(out)).toContain('biomes.out.png');
    const v9 = JSON.parse(text);
    v9.version = 9;
    writeFileSync(file, JSON.stringify(v9));
    const refused = await run('check', file);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('the file is version 9, newer than this Terrain Graph reads (up to 8)');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('a frame drag', () => {
  // A frame dragged across a wire's reroute dot picked it up on the way and carried it to the
  // end of the drag, where the nodes it carries are the ones inside when the drag began.
  it('carries the dots inside the frame when it began, and leaves those it passes over', () => {
    const core = new EditorCore(loadGraph('default.json'));
    const g = core.graph as Graph;
    const [inner, outer] = [g.edges[0], g.edges[1]];
    core.setVia(inner, [[50, 50]]);
    core.setVia(outer, [[150, 50], [-500, -500]]);
    const id = core.addFrame([0, 0], [100, 100]);
    const carried = { nodes: [], dots: dotsInFrame(g, core.frame(id)!) };
    expect(carried.dots).toEqual([{ edge: { from: inner.from, to: inner.to }, index: 0 }]);
    const step = core.beginStep('move frame', gestureEdits.frame(id));
    for (let d = 10; d <= 200; d += 10) core.moveFrame(id, [d, 0], carried);
    step.commit();
    expect(g.edges[0].via).toEqual([[250, 50]]);
    expect(g.edges[1].via).toEqual([[150, 50], [-500, -500]]);
    core.undo();
    expect(g.edges[0].via).toEqual([[50, 50]]);
    expect(core.frame(id)!.position).toEqual([0, 0]);
  });
});

describe('frame limits in the editor', () => {
  // Found reading the format's limits beside the commands: the editor took a 1001st frame (the
  // graph then saved but never opened again) and refused to paste a frame with a 64-character id.
  it('refuses a frame past the most a file holds, and the graph still saves and opens', () => {
    const core = new EditorCore(loadGraph('default.json'));
    for (let k = 0; k < 1000; k++) core.addFrame([k, 0], [50, 50]);
    expect(() => core.addFrame([0, 0], [50, 50])).toThrow('a graph holds at most 1000 frames');
    core.select([], [], ['frame']);
    expect(() => core.paste(core.copy(), [0, 0])).toThrow('a graph holds at most 1000 frames');
    expect(core.graph.frames).toHaveLength(1000);
    expect(core.undoLabel).toBe('add frame');
    expect(parseGraph(serializeGraph(core.snapshot())).frames).toHaveLength(1000);
  });

  it('pastes a frame with the longest id under a fresh id that a file still reads', () => {
    const g = loadGraph('default.json');
    g.frames = [{ id: 'f'.repeat(64), title: 'Long', color: 'blue', position: [0, 0], size: [50, 50] }];
    const core = new EditorCore(g);
    core.select([], [], [g.frames[0].id]);
    core.paste(core.copy(), [100, 100]);
    expect(core.graph.frames!.map((f) => f.id)).toEqual(['f'.repeat(64), `${'f'.repeat(56)}`]);
    core.paste(core.copy([], [g.frames[0].id]), [200, 100]);
    expect(core.graph.frames![2].id).toBe(`${'f'.repeat(56)}2`);
    expect(parseGraph(serializeGraph(core.snapshot())).frames).toHaveLength(3);
  });
});
