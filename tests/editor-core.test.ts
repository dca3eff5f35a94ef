// The headless editor, driven as the canvas drives it: edits, refusals, gestures, undo and redo.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENT_VERSION, parseGraph, serializeGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { parseSnippet, snippetText } from '../src/editor/clipboard.ts';
import { EditError, gestureEdits } from '../src/editor/commands.ts';
import { EditorCore } from '../src/editor/editor.ts';
import {
  DRAFT_MAX_AGE_MS,
  DRAFT_PREFIX,
  draftText,
  DRAFTS_KEPT,
  graphFileName,
  type KeyValueStore,
  LEGACY_AUTOSAVE_KEY,
  markAlive,
  otherDrafts,
  readGraphFile,
  restoreDraft,
  type SetAsideDraft,
  UNREADABLE_PREFIX,
  writeDraft,
} from '../src/editor/files.ts';
import { TabClaim, tabId } from '../src/editor/tab.ts';
import { History } from '../src/editor/history.ts';
import { capName, NAME_LIMITS } from '../src/editor/names.ts';

const DEFAULT_TEXT = readFileSync('graphs/default.json', 'utf8');

function defaultGraph(): Graph {
  return parseGraph(DEFAULT_TEXT, { file: 'default.json' });
}

function editor(): EditorCore {
  return new EditorCore(defaultGraph());
}

const wire = (from: string, to: string) => {
  const [fn, fp] = from.split('.');
  const [tn, tp] = to.split('.');
  return { from: { node: fn, port: fp }, to: { node: tn, port: tp } };
};

describe('editing nodes', () => {
  it('adds a node with its default params (its seed off the seeds in use) and a fresh id, and undo removes it', () => {
    const ed = editor();
    const id = ed.addNode('fbm', [100, 1300]);
    expect(id).toBe('fbm');
    const seeds = ed.graph.nodes.filter((n) => n.type === 'fbm' && n.id !== id).map((n) => n.params.seed);
    const { seed, ...rest } = ed.node(id)!.params;
    expect(rest).toEqual({ frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5, kind: 'plain' });
    expect(seeds).not.toContain(seed);
    expect(ed.addNode('fbm', [0, 0])).toBe('fbm2');
    ed.undo();
    ed.undo();
    expect(ed.node('fbm')).toBeUndefined();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('removes a node with its wires, and undo puts both back in their places', () => {
    const ed = editor();
    ed.removeNodes(['water']);
    expect(ed.node('water')).toBeUndefined();
    expect(ed.graph.edges.some((e) => e.from.node === 'water' || e.to.node === 'water')).toBe(false);
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
    ed.redo();
    expect(ed.node('water')).toBeUndefined();
  });

  it('deletes the selection and drops deleted nodes from it', () => {
    const ed = editor();
    ed.select(['cont', 'eros']);
    ed.deleteSelection();
    expect(ed.node('cont')).toBeUndefined();
    expect(ed.node('eros')).toBeUndefined();
    expect(ed.selection.size).toBe(0);
    ed.undo();
    expect(ed.graph.nodes.length).toBe(defaultGraph().nodes.length);
  });

  it('deletes selected wires and nodes together in one step', () => {
    const ed = editor();
    ed.select(['pv'], ['eros.out>erosCurve.in']);
    ed.deleteSelection();
    expect(ed.node('pv')).toBeUndefined();
    expect(ed.graph.edges.some((e) => e.to.node === 'erosCurve')).toBe(false);
    expect(ed.selectedWires.size).toBe(0);
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('moves several nodes as one step', () => {
    const ed = editor();
    const erosAt = [...ed.node('eros')!.position];
    ed.moveNodes([
      { id: 'cont', position: [10, 20] },
      { id: 'eros', position: [30, 40] },
    ]);
    expect(ed.node('cont')?.position).toEqual([10, 20]);
    ed.undo();
    expect(ed.node('cont')?.position).toEqual([0, 0]);
    expect(ed.node('eros')?.position).toEqual(erosAt);
  });
});

describe('wiring', () => {
  it('refuses a field into a terrain input with the reason, and keeps the wire that was there', () => {
    const ed = editor();
    const before = ed.graph.edges.length;
    const reason = ed.connect(wire('height.out', 'coast.terrain'));
    expect(reason).toMatch(/needs a sea level/);
    expect(ed.graph.edges.length).toBe(before);
    expect(ed.graph.edges.some((e) => e.from.node === 'water' && e.to.node === 'coast' && e.to.port === 'terrain')).toBe(true);
    expect(ed.canUndo).toBe(false);
  });

  it('refuses a wire that would close a loop, naming the nodes on it', () => {
    const ed = editor();
    const reason = ed.connect(wire('biomes.out', 'contCurve.in'));
    expect(reason).toMatch(/biome/);
    const loop = ed.connect(wire('height.out', 'contCurve.in'));
    // By the titles on the canvas, each with its id.
    expect(loop).toBe('this wire would close a loop: C curve (contCurve) → Height = C + E · PV (height) → C curve (contCurve)');
    expect(reason).toBe("cannot wire Biomes (biomes)'s out (biome) to C curve (contCurve)'s in (field): " + reason!.split(': ').slice(1).join(': '));
    expect(ed.connect(wire('height.out', 'coast.terrain'))).toMatch(/^cannot wire Height = C \+ E · PV \(height\)'s out \(field\) to Coast distance \(coast\)'s terrain \(terrain\): .*sea level/);
  });

  it('replaces the wire into an input in one step, and undo brings the old wire back', () => {
    const ed = editor();
    expect(ed.connect(wire('pv.out', 'contCurve.in'))).toBeNull();
    const into = ed.graph.edges.filter((e) => e.to.node === 'contCurve');
    expect(into).toEqual([wire('pv.out', 'contCurve.in')]);
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('lets a terrain output feed a field input (its heights)', () => {
    const ed = editor();
    expect(ed.connect(wire('water.terrain', 'temperature.noise'))).toBeNull();
  });

  it('disconnects a wire, and redo disconnects it again after an undo', () => {
    const ed = editor();
    ed.disconnect(wire('cont.out', 'contCurve.in'));
    expect(ed.graph.edges.some((e) => e.to.node === 'contCurve')).toBe(false);
    ed.undo();
    expect(ed.graph.edges.some((e) => e.to.node === 'contCurve')).toBe(true);
    ed.redo();
    expect(ed.graph.edges.some((e) => e.to.node === 'contCurve')).toBe(false);
  });

  it('adds a node wired to a dropped wire as one step', () => {
    const ed = editor();
    const id = ed.addNodeWired('curve', [500, 1200], { newPort: 'in', other: { node: 'pv', port: 'out' }, otherSide: 'output' });
    expect(ed.graph.edges).toContainEqual(wire(`pv.out`, `${id}.in`));
    ed.undo();
    expect(ed.node(id)).toBeUndefined();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });
});

describe('params', () => {
  it('sets a param within its manifest range and refuses one outside it', () => {
    const ed = editor();
    ed.setParam('cont', 'octaves', 6);
    expect(ed.node('cont')?.params.octaves).toBe(6);
    expect(() => ed.setParam('cont', 'octaves', 11)).toThrow(EditError);
    // Named as files and the engine name it: type, id and the title the canvas shows.
    const title = ed.node('cont')!.title;
    expect(() => ed.setParam('cont', 'octaves', 11)).toThrow(`fbm node "cont" ("${title}"): octaves: 11 is above the maximum 10`);
    expect(() => ed.setParam('cont', 'octaves', 2.5)).toThrow(/integer/);
    expect(() => ed.setParam('cont', 'nope', 1)).toThrow(`fbm node "cont" ("${title}") has no param "nope"`);
    expect(ed.node('cont')?.params.octaves).toBe(6);
  });

  it('files a whole slider drag as one step that undoes to the value before the drag', () => {
    const ed = editor();
    const step = ed.beginStep('drag gain', gestureEdits.param('eros', 'gain'));
    for (let k = 51; k <= 80; k++) ed.setParam('eros', 'gain', k / 100);
    step.commit();
    expect(ed.node('eros')?.params.gain).toBe(0.8);
    ed.undo();
    expect(ed.node('eros')?.params.gain).toBe(0.5);
    expect(ed.canUndo).toBe(false);
    ed.redo();
    expect(ed.node('eros')?.params.gain).toBe(0.8);
  });

  it('undoes a curve-point drag in one step, back to the points before it', () => {
    const ed = editor();
    const before = structuredClone(ed.node('contCurve')!.params.points);
    const step = ed.beginStep('drag point', gestureEdits.param('contCurve', 'points'));
    for (let k = 1; k <= 20; k++) ed.setParam('contCurve', 'points', [[-1, -0.6], [-0.2, -0.15], [0, k / 100], [0.15, 0.08], [0.5, 0.3], [1, 0.45]]);
    step.commit();
    expect(ed.node('contCurve')?.params.points).toEqual([[-1, -0.6], [-0.2, -0.15], [0, 0.2], [0.15, 0.08], [0.5, 0.3], [1, 0.45]]);
    ed.undo();
    expect(ed.node('contCurve')?.params.points).toEqual(before);
    ed.redo();
    expect((ed.node('contCurve')?.params.points as number[][])[2]).toEqual([0, 0.2]);
  });

  it('reverts a cancelled gesture and files nothing', () => {
    const ed = editor();
    const windAt = [...ed.node('wind')!.position];
    const step = ed.beginStep('drag', () => true);
    ed.setParam('wind', 'angle', 90);
    ed.moveNodes([{ id: 'wind', position: [5, 5] }]);
    step.cancel();
    expect(ed.node('wind')?.params.angle).toBe(0);
    expect(ed.node('wind')?.position).toEqual(windAt);
    expect(ed.canUndo).toBe(false);
  });

  it('undoes a gesture that mixed params and wires in reverse order', () => {
    const ed = editor();
    const step = ed.beginStep('move wire', () => true);
    ed.disconnect(wire('tempNoise.out', 'temperature.noise'));
    ed.connect(wire('tempNoise.out', 'moisture.noise'));
    ed.setParam('moisture', 'moistNoise', 0.9);
    step.commit();
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('files an undo pressed in the middle of a drag as the drag, then undoes it', () => {
    const ed = editor();
    ed.beginStep('drag', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    expect(ed.undo()).toBe(true);
    expect(ed.node('wind')?.params.lift).toBe(0.6);
  });

  it('a new edit after an undo clears the redo list', () => {
    const ed = editor();
    ed.setParam('wind', 'lift', 2);
    ed.undo();
    ed.setParam('wind', 'dry', 0.01);
    expect(ed.canRedo).toBe(false);
  });
});

describe('copy and paste', () => {
  it('pastes copies with fresh ids and their inner wires, selected, in one undo step', () => {
    const ed = editor();
    const text = snippetText(ed.copy(['cont', 'contCurve', 'height']));
    const snippet = parseSnippet(text)!;
    expect(snippet.edges).toEqual([wire('cont.out', 'contCurve.in'), wire('contCurve.out', 'height.base')]);
    const ids = ed.paste(snippet, [0, 1400]);
    expect(ids).toEqual(['cont2', 'contCurve2', 'height2']);
    expect(ed.node('cont2')?.position).toEqual([0, 1400]);
    // The copies keep their places relative to one another, the top-left corner at [0, 1400].
    const [h, c] = [ed.node('height')!.position, ed.node('cont')!.position];
    expect(ed.node('height2')?.position).toEqual([h[0] - c[0], h[1] - c[1] + 1400]);
    expect(ed.graph.edges).toContainEqual(wire('cont2.out', 'contCurve2.in'));
    expect(ed.graph.edges).toContainEqual(wire('contCurve2.out', 'height2.base'));
    expect([...ed.selection]).toEqual(ids);
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('refuses snippet text that is not a snippet or holds a param out of range', () => {
    expect(parseSnippet('{"format":"terrain-graph"}')).toBeNull();
    expect(parseSnippet('not json')).toBeNull();
    const bad = { format: 'terrain-graph-snippet', nodes: [{ id: 'a', type: 'fbm', title: 'A', position: [0, 0], params: { seed: 1, frequency: 2, octaves: 99, lacunarity: 2, gain: 0.5 } }], edges: [] };
    expect(parseSnippet(JSON.stringify(bad))).toBeNull();
  });
});

describe('selection', () => {
  it('has a primary node only when exactly one node is selected', () => {
    const ed = editor();
    ed.select(['cont']);
    expect(ed.primary).toBe('cont');
    ed.toggleSelected('eros');
    expect(ed.primary).toBeNull();
    ed.toggleSelected('eros');
    expect(ed.primary).toBe('cont');
    ed.select(['nope']);
    expect(ed.selection.size).toBe(0);
  });

  it('tells subscribers what changed, and stops when unsubscribed', () => {
    const ed = editor();
    const seen: string[] = [];
    const off = ed.subscribe((changes) => seen.push(...changes.map((c) => c.kind)));
    ed.setParam('cont', 'seed', 5);
    ed.select(['cont']);
    off();
    ed.setParam('cont', 'seed', 6);
    expect(seen).toEqual(['param', 'selection']);
  });
});

describe('files', () => {
  it('opens a shipped file and saves it unchanged to the same bytes', () => {
    const read = readGraphFile(DEFAULT_TEXT, 'default.json');
    expect(read.ok).toBe(true);
    const ed = new EditorCore(read.ok ? read.graph : undefined);
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('lists every problem of an invalid file with its path', () => {
    const broken = DEFAULT_TEXT.replace('"octaves": 4', '"octaves": 40').replace('"cont.out"', '"cont.nope"');
    const read = readGraphFile(broken, 'broken.json');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => p.path)).toEqual(['$.nodes[0].params.octaves', '$.edges[0].from']);
  });

  it('replacing the graph is one undoable step', () => {
    const ed = editor();
    ed.replaceGraph({ name: 'Empty', notes: '', view: { x: 0, y: 0, size: 64 }, nodes: [], edges: [] }, 'new');
    expect(ed.graph.nodes.length).toBe(0);
    ed.undo();
    expect(serializeGraph(ed.snapshot())).toBe(DEFAULT_TEXT);
  });

  it('names a download after the file it was opened as, else after the graph', () => {
    expect(graphFileName(defaultGraph(), 'default.json')).toBe('default.json');
    expect(graphFileName(defaultGraph(), null)).toBe('start-terrain-with-its-climate.json');
  });

});

/** A Map behind the Web Storage API, as localStorage would be. */
function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('drafts', () => {
  const named = (name: string) => ({ ...defaultGraph(), name });

  it('gives each tab its own draft: a reload finds its own, a new tab the latest, and neither writes over the other', () => {
    const store = memoryStore();
    expect(restoreDraft(store, 'a')).toBeNull();
    writeDraft(store, 'a', named('A'), 1000);
    writeDraft(store, 'b', named('B'), 2000);
    writeDraft(store, 'a', named('A2'), 3000); // tab a edits again: b's draft stays
    expect(restoreDraft(store, 'b')).toMatchObject({ own: true, graph: { name: 'B' } });
    expect(restoreDraft(store, 'a')).toMatchObject({ own: true, graph: { name: 'A2' } });
    expect(restoreDraft(store, 'new')).toMatchObject({ own: false, graph: { name: 'A2' } });
    expect(otherDrafts(store, 'a').map((d) => [d.id, d.name, d.savedAt])).toEqual([['b', 'B', 2000]]);
    expect(otherDrafts(store, 'new').map((d) => d.id)).toEqual(['a', 'b']);
    expect(serializeGraph(parseGraph(draftText(store, 'b')!))).toBe(serializeGraph(named('B')));
    expect(draftText(store, 'gone')).toBeNull();
  });

  it("keeps the name of the file a draft's graph came from, and reads a record without one (an older build's) as none", () => {
    const store = memoryStore();
    writeDraft(store, 'a', named('A'), 1000, 'default.json');
    expect(restoreDraft(store, 'a')).toMatchObject({ own: true, file: 'default.json', graph: { name: 'A' } });
    // Written by an older build: no file field.
    store.setItem(`${DRAFT_PREFIX}b`, JSON.stringify({ savedAt: 2000, name: 'B', text: serializeGraph(named('B')) }));
    expect(restoreDraft(store, 'b')).toMatchObject({ own: true, file: null, graph: { name: 'B' } });
    writeDraft(store, 'c', named('C'), 3000);
    expect(restoreDraft(store, 'c')?.file).toBeNull();
  });

  it('keeps whether the file holds the draft (saved, no edit since); a record without the field (an older build\'s) holds edits', () => {
    const store = memoryStore();
    const text = serializeGraph(named('A'));
    writeDraft(store, 'a', named('A'), 1000, 'default.json', text, true);
    expect(restoreDraft(store, 'a')).toMatchObject({ file: 'default.json', clean: true });
    writeDraft(store, 'a', named('A'), 2000, 'default.json', text);
    expect(restoreDraft(store, 'a')).toMatchObject({ file: 'default.json', clean: false });
    store.setItem(`${DRAFT_PREFIX}b`, JSON.stringify({ savedAt: 3000, name: 'B', text: serializeGraph(named('B')), file: 'b.json' }));
    expect(restoreDraft(store, 'b')?.clean).toBe(false);
  });

  it('keeps every unreadable draft aside, each copy under its own key, and opens the latest readable one', () => {
    const store = memoryStore();
    const aside = () => [...store.map.keys()].filter((k) => k.startsWith(UNREADABLE_PREFIX)).sort();
    writeDraft(store, 'old', named('Old'), 1000);
    const newer = JSON.stringify({ savedAt: 3000, name: 'X', text: '{"format": "terrain-graph", "version": 99}' });
    store.setItem(`${DRAFT_PREFIX}x`, newer);
    store.setItem(`${DRAFT_PREFIX}y`, 'not json at all');
    expect(restoreDraft(store, 'x', 5000)).toMatchObject({ own: false, graph: { name: 'Old' } });
    expect(aside()).toEqual([`${UNREADABLE_PREFIX}x@5000`, `${UNREADABLE_PREFIX}y@5000`]);
    expect(store.getItem(`${UNREADABLE_PREFIX}x@5000`)).toBe(newer);
    expect(store.getItem(`${UNREADABLE_PREFIX}y@5000`)).toBe('not json at all');
    expect(otherDrafts(store, 'z').map((d) => d.id)).toEqual(['old']);
    // The tab of the newer build writes again, and is set aside again: both copies stay.
    store.setItem(`${DRAFT_PREFIX}x`, newer.replace('"X"', '"X2"'));
    restoreDraft(store, 'x', 5000);
    expect(aside()).toHaveLength(3);
    expect(aside().map((k) => store.getItem(k))).toContain(newer.replace('"X"', '"X2"'));
  });

  it('tells what it set aside, why and where, so the editor can say why another graph opens', () => {
    // Found by the fuzz brief: the tab's own draft from a newer build was set aside and another
    // graph opened without a word, as if the work were gone.
    const store = memoryStore();
    writeDraft(store, 'old', named('Old'), 1000);
    store.setItem(`${DRAFT_PREFIX}x`, JSON.stringify({ savedAt: 3000, name: 'Mine', text: '{"format": "terrain-graph", "version": 99}' }));
    store.setItem(`${DRAFT_PREFIX}y`, '{"savedAt": 2000, "na');
    const told: SetAsideDraft[] = [];
    expect(restoreDraft(store, 'x', 5000, (d) => told.push(d))).toMatchObject({ own: false, graph: { name: 'Old' } });
    expect(told).toEqual([
      { name: 'Untitled', savedAt: null, key: `${UNREADABLE_PREFIX}y@5000`, problems: [{ path: '$', message: 'the stored draft is not a draft record {"savedAt", "name", "text"} (a write cut short?): "{\\"savedAt\\": 2000, \\"na"' }] },
      {
        name: 'Mine',
        savedAt: 3000,
        key: `${UNREADABLE_PREFIX}x@5000`,
        problems: [{ path: '$.version', message: `the file is version 99, newer than this Terrain Graph reads (up to ${CURRENT_VERSION}): open it with a newer Terrain Graph` }],
      },
    ]);
  });

  it('takes back a set-aside draft once the build reads it', () => {
    const store = memoryStore();
    const record = JSON.stringify({ savedAt: 700, name: 'Kept', text: serializeGraph(named('Kept')) });
    store.setItem(`${UNREADABLE_PREFIX}t@600`, record);
    store.setItem(`${UNREADABLE_PREFIX}u@600`, 'still not a graph');
    expect(restoreDraft(store, 'new', 5000)).toMatchObject({ own: false, graph: { name: 'Kept' } });
    expect(otherDrafts(store, 'new').map((d) => [d.id, d.name])).toEqual([['rescued-t@600', 'Kept']]);
    expect(store.getItem(`${UNREADABLE_PREFIX}t@600`)).toBeNull();
    expect(store.getItem(`${UNREADABLE_PREFIX}u@600`)).toBe('still not a graph');
  });

  it('takes in the one autosave of earlier builds as the latest draft, each time under a key of its own', () => {
    const store = memoryStore();
    writeDraft(store, 'b', named('B'), 1000);
    store.setItem(LEGACY_AUTOSAVE_KEY, serializeGraph(named('Legacy A')));
    expect(restoreDraft(store, 'new', 5000)).toMatchObject({ own: false, graph: { name: 'Legacy A' } });
    expect(store.getItem(LEGACY_AUTOSAVE_KEY)).toBeNull();
    // A tab of an earlier build, still open, writes its slot again.
    store.setItem(LEGACY_AUTOSAVE_KEY, serializeGraph(named('Legacy B')));
    expect(restoreDraft(store, 'other', 6000)).toMatchObject({ graph: { name: 'Legacy B' } });
    expect(otherDrafts(store, 'none').map((d) => d.id)).toEqual(['earlier-6000', 'earlier-5000', 'b']);
  });

  it('restores the own draft even when storage refuses to take in the old autosave', () => {
    const store = memoryStore();
    writeDraft(store, 'mine', named('Mine'), 1000);
    store.setItem(LEGACY_AUTOSAVE_KEY, serializeGraph(named('Legacy')));
    const full: KeyValueStore = { ...store, key: store.key, getItem: store.getItem, removeItem: store.removeItem, get length() { return store.length; }, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(restoreDraft(full, 'mine', 5000)).toMatchObject({ own: true, graph: { name: 'Mine' } });
    expect(store.getItem(LEGACY_AUTOSAVE_KEY)).not.toBeNull();
  });

  it(`prunes only drafts beyond the ${DRAFTS_KEPT} most recent that are old and whose tab is closed`, () => {
    const store = memoryStore();
    const day = 24 * 3600 * 1000;
    const now = DRAFT_MAX_AGE_MS + 100 * day;
    writeDraft(store, 'mine', named('Mine'), 1);
    writeDraft(store, 'idle', named('Idle, open'), 2);
    markAlive(store, 'idle', now - 60_000);
    writeDraft(store, 'recent', named('Recent'), now - day);
    writeDraft(store, 'ancient', named('Ancient'), 3);
    for (let k = 0; k < DRAFTS_KEPT; k++) writeDraft(store, `t${k}`, named(`T${k}`), now - 1000 + k);
    expect(restoreDraft(store, 'mine', now)).toMatchObject({ own: true, graph: { name: 'Mine' } });
    const left = otherDrafts(store, 'mine').map((d) => d.id);
    expect(left).toHaveLength(DRAFTS_KEPT + 2);
    expect(left).toContain('idle');
    expect(left).toContain('recent');
    expect(left).not.toContain('ancient');
  });

  it('makes room in a full storage by removing the oldest drafts of closed tabs beyond the most recent', () => {
    const store = memoryStore();
    for (let k = 0; k < DRAFTS_KEPT + 3; k++) writeDraft(store, `t${k}`, named(`T${k}`), 100 + k);
    markAlive(store, 't0', 1000);
    // Room for what is there now, and not one draft more.
    const used = () => [...store.map.values()].reduce((sum, v) => sum + v.length, 0);
    const limit = used() + 10;
    const full: KeyValueStore = {
      getItem: store.getItem,
      removeItem: store.removeItem,
      key: store.key,
      get length() {
        return store.length;
      },
      setItem: (k, v) => {
        if (used() - (store.map.get(k)?.length ?? 0) + v.length > limit) throw new Error('QuotaExceededError');
        store.setItem(k, v);
      },
    };
    expect(writeDraft(full, 'mine', named('Mine'), 1000)).toBe(true);
    const left = otherDrafts(store, 'none').map((d) => d.id);
    expect(left).toContain('mine');
    expect(left).toContain('t0'); // its tab is open
    expect(left).not.toContain('t1'); // the oldest of a closed tab went first
    expect(left.filter((d) => d.startsWith('t')).length).toBeGreaterThanOrEqual(DRAFTS_KEPT);
    // With nothing left to remove, the write is refused and nothing else goes.
    const before = otherDrafts(store, 'none').length;
    expect(writeDraft(full, 'huge', { ...named('Huge'), notes: 'x'.repeat(limit) }, 1001)).toBe(false);
    expect(otherDrafts(store, 'none').length).toBeLessThanOrEqual(before);
    expect(otherDrafts(store, 'none').length).toBeGreaterThanOrEqual(DRAFTS_KEPT);
  });

  it('moves a duplicated tab, which starts with the id of an open tab, to an id of its own', () => {
    const wire: TabClaim[] = [];
    const post = (from: number) => (m: unknown) => queueMessages.push(() => wire.forEach((c, j) => j !== from && c.receive(structuredClone(m))));
    const queueMessages: (() => void)[] = [];
    const flush = () => { while (queueMessages.length) queueMessages.shift()!(); };
    const renamed: string[] = [];
    wire.push(new TabClaim(post(0), 'same', (id) => renamed.push(`first:${id}`), () => 'never'));
    flush();
    wire.push(new TabClaim(post(1), 'same', (id) => renamed.push(`copy:${id}`), () => 'fresh'));
    flush();
    expect(renamed).toEqual(['copy:fresh']);
    expect(wire.map((c) => c.id)).toEqual(['same', 'fresh']);
    wire.push(new TabClaim(post(2), 'other', (id) => renamed.push(`third:${id}`)));
    flush();
    expect(renamed).toEqual(['copy:fresh']);
  });

  it("keeps a tab's id across reloads in its session storage, and works without one", () => {
    const session = memoryStore();
    const first = tabId(session, () => 'one');
    expect(tabId(session, () => 'two')).toBe(first);
    expect(tabId(null, () => 'three')).toBe('three');
    const refusing = { getItem: () => { throw new Error('blocked'); }, setItem: () => {} };
    expect(tabId(refusing, () => 'four')).toBe('four');
  });

  it('reads no draft and writes none without a storage', () => {
    expect(restoreDraft(null, 'a')).toBeNull();
    expect(writeDraft(null, 'a', defaultGraph())).toBe(false);
    expect(otherDrafts(null, 'a')).toEqual([]);
  });
});

describe('history', () => {
  it('keeps at most its limit of steps, dropping the oldest', () => {
    const h = new History(3);
    for (let k = 0; k < 5; k++) h.record(`s${k}`, { kind: 'setInfo', name: `${k}`, notes: '' }, []);
    const labels: string[] = [];
    for (let s = h.popUndo(); s; s = h.popUndo()) labels.push(s.label);
    expect(labels).toEqual(['s4', 's3', 's2']);
  });
});

describe('view sizes the editor evaluates', () => {
  it('opens a file with a 4096² view at 2048², saying so, and leaves sizes in range alone', () => {
    const doc = JSON.parse(DEFAULT_TEXT);
    doc.view.size = 4096;
    const big = readGraphFile(JSON.stringify(doc), 'big.json');
    expect(big.ok && big.graph.view.size).toBe(2048);
    expect(big.ok && big.note).toMatch(/4096².*64…2048².*2048²/);
    doc.view.size = 16;
    const small = readGraphFile(JSON.stringify(doc), 'small.json');
    expect(small.ok && small.graph.view.size).toBe(64);
    const shipped = readGraphFile(DEFAULT_TEXT, 'default.json');
    expect(shipped.ok && shipped.note).toBeUndefined();
  });

});

describe('name limits', () => {
  it('refuses a graph name or a title over its limit, naming the limit; capName cuts one and says so', () => {
    const core = new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8')));
    const long = 'x'.repeat(NAME_LIMITS.graph + 1);
    expect(() => core.setInfo({ name: long })).toThrow(EditError);
    expect(() => core.setInfo({ name: long })).toThrow(`at most ${NAME_LIMITS.graph} characters, got ${NAME_LIMITS.graph + 1}`);
    expect(() => core.setTitle('cont', 't'.repeat(NAME_LIMITS.title + 1))).toThrow(`at most ${NAME_LIMITS.title} characters`);
    const frame = core.addFrame([0, 0], [400, 300]);
    expect(() => core.setFrame(frame, { title: 't'.repeat(NAME_LIMITS.title + 1) })).toThrow(EditError);
    core.setInfo({ name: 'n'.repeat(NAME_LIMITS.graph) });
    expect(core.graph.name).toHaveLength(NAME_LIMITS.graph);
    // Cut by characters: an emoji is one character, never half of one.
    const capped = capName('title', '🌋'.repeat(NAME_LIMITS.title + 5));
    expect([...capped.text]).toHaveLength(NAME_LIMITS.title);
    expect(capped.notice).toContain(`${NAME_LIMITS.title + 5} typed`);
    expect(capName('graph', 'short')).toEqual({ text: 'short', notice: null });
  });
});

describe('a node added takes the look of the graph', () => {
  it('comes collapsed among collapsed nodes (every shipped graph), expanded among expanded ones or alone', () => {
    const shipped = editor();
    expect(shipped.graph.nodes.every((n) => n.collapsed)).toBe(true);
    const a = shipped.addNode('fbm', [0, 0]);
    expect(shipped.graph.nodes.find((n) => n.id === a)!.collapsed).toBe(true);
    // Undone and redone, the same node.
    shipped.undo();
    shipped.redo();
    expect(shipped.graph.nodes.find((n) => n.id === a)!.collapsed).toBe(true);
    const g = defaultGraph();
    const expanded = new EditorCore({ ...g, nodes: g.nodes.map(({ collapsed: _, ...n }) => n) });
    const b = expanded.addNode('fbm', [0, 0]);
    expect(expanded.graph.nodes.find((n) => n.id === b)!.collapsed).toBeUndefined();
    const empty = new EditorCore({ ...g, nodes: [], edges: [] });
    const c = empty.addNode('fbm', [0, 0]);
    expect(empty.graph.nodes.find((n) => n.id === c)!.collapsed).toBeUndefined();
  });
});

describe('the node limit', () => {
  // A graph at the most nodes a file holds took one more from the palette: it saved, and the
  // file then never opened again ("100001 nodes: a graph holds at most 100000").
  it('refuses a node past the most a file holds, changing nothing', () => {
    const fbm = defaultGraph().nodes.find((n) => n.type === 'fbm')!;
    const nodes = Array.from({ length: 100_000 }, (_, k) => ({ ...fbm, id: `n${k}`, params: { ...fbm.params } }));
    const ed = new EditorCore({ ...defaultGraph(), nodes, edges: [] });
    expect(() => ed.addNode('curve', [0, 0])).toThrow(EditError);
    expect(() => ed.addNode('curve', [0, 0])).toThrow('a graph holds at most 100000 nodes');
    expect(ed.graph.nodes).toHaveLength(100_000);
    expect(ed.canUndo).toBe(false);
  });
});
