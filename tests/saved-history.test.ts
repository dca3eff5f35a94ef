// The undo history saved with a tab's draft: written, read back into a fresh editor (what a
// reload does) and walked to the start and back; every damaged or foreign record gives an empty
// history and a reason, never a throw; the caps keep the steps nearest the cursor; a full
// storage drops the history, never the graph.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { DRAFT_PREFIX, type KeyValueStore, restoreDraft, writeDraft } from '../src/editor/files.ts';
import type { Steps } from '../src/editor/history.ts';
import {
  HISTORY_PREFIX,
  historyRecord,
  readSavedHistory,
  restoreSavedHistory,
  SAVED_HISTORY_LIMITS,
  StepTexts,
  writeSavedHistory,
} from '../src/editor/saved-history.ts';
import { rng } from './helpers/graphs.ts';
import { loadShipped, nextOp, perform } from './helpers/edit-ops.ts';
import { gestureEdits } from '../src/editor/commands.ts';

const DEFAULT_TEXT = readFileSync('graphs/default.json', 'utf8');

/** A few edits of every kind of step: a gesture of many moves, a param, a wire, a node, a frame, an opened graph. */
function edited(): EditorCore {
  const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
  const drag = ed.beginStep('move node', gestureEdits.nodes);
  for (let k = 1; k <= 20; k++) ed.moveNodes([{ id: 'cont', position: [10 * k, -5 * k] }]);
  drag.commit();
  const slide = ed.beginStep('change gain', gestureEdits.param('cont', 'gain'));
  for (const gain of [0.55, 0.6, 0.62]) ed.setParam('cont', 'gain', gain);
  slide.commit();
  expect(ed.connect({ from: { node: 'eros', port: 'out' }, to: { node: 'pvCurve', port: 'in' } })).toBeNull();
  ed.addNode('fbm', [400, 1400]);
  ed.addFrame([0, 0], [500, 400], { title: 'Noises' });
  ed.removeNodes(['water']);
  ed.replaceGraph(loadShipped('terrain-peaks.json'), 'open terrain-peaks.json');
  ed.setTitle(ed.graph.nodes[0].id, 'Tall peaks');
  ed.setTitle(ed.graph.nodes[0].id, 'Taller peaks');
  ed.undo();
  ed.undo();
  return ed;
}

/** Every graph from the cursor back to the start, then to the end: undo all, redo all (the editor is left at the end). */
function walk(ed: EditorCore): string[] {
  const seen = [serializeGraph(ed.snapshot())];
  while (ed.undo()) seen.push(`undo ${serializeGraph(ed.snapshot())}`);
  while (ed.redo()) seen.push(`redo ${serializeGraph(ed.snapshot())}`);
  return seen;
}

/** What a reload does: the draft's text and the history's record written, a fresh editor opened on the draft and given the history read back. */
function reloaded(ed: EditorCore): { again: EditorCore; reason?: string } {
  const text = serializeGraph(ed.snapshot());
  const record = historyRecord(ed.historySteps, text);
  const graph = parseGraph(text);
  const read = readSavedHistory(record, text, graph);
  const again = new EditorCore(graph);
  again.restoreHistory(read.steps);
  return { again, reason: read.reason };
}

const counts = (s: Steps) => [s.done.length, s.undone.length];

describe('the undo history saved with a draft', () => {
  it('comes back after a reload with its cursor, its labels and every step, undone to the start and redone to the end', () => {
    const ed = edited();
    expect(counts(ed.historySteps)).toEqual([7, 2]);
    const { again, reason } = reloaded(ed);
    expect(reason).toBeUndefined();
    expect(counts(again.historySteps)).toEqual([7, 2]);
    expect([again.undoLabel, again.redoLabel]).toEqual(['open terrain-peaks.json', 'rename']);
    expect(walk(again)).toEqual(walk(ed));
  });

  it('brings back with an undone Open the file name Save offered before it, and its unsaved mark, after a reload too', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.keep({ file: 'default.json', clean: true });
    ed.replaceGraph(loadShipped('terrain-peaks.json'), 'open terrain-peaks.json', 'terrain-peaks.json');
    expect([ed.file, ed.clean]).toEqual(['terrain-peaks.json', true]);
    ed.setInfo({ name: 'Peaks, renamed' });
    expect([ed.file, ed.clean]).toEqual(['terrain-peaks.json', false]);
    const { again, reason } = reloaded(ed);
    expect(reason).toBeUndefined();
    again.keep({ file: 'terrain-peaks.json', clean: false });
    for (const editor of [ed, again]) {
      // Back to the graph as opened: what the file holds.
      editor.undo();
      expect([editor.file, editor.clean]).toEqual(['terrain-peaks.json', true]);
      editor.undo();
      expect([editor.file, editor.clean]).toEqual(['default.json', true]);
      editor.redo();
      expect([editor.file, editor.clean]).toEqual(['terrain-peaks.json', true]);
    }
    // An edited graph opened over stays marked unsaved when the Open is undone.
    ed.setParam(ed.graph.nodes[0].id, 'seed', 5);
    ed.replaceGraph(loadShipped('default.json'), 'open default.json', 'default.json');
    ed.undo();
    expect([ed.file, ed.clean]).toEqual(['terrain-peaks.json', false]);
  });

  it('keeps a whole drag one step: one undo goes back to before the drag', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    const before = ed.node('cont')!.params.gain;
    const slide = ed.beginStep('change gain', gestureEdits.param('cont', 'gain'));
    for (let k = 1; k <= 30; k++) ed.setParam('cont', 'gain', 0.5 + k / 100);
    slide.commit();
    const { again } = reloaded(ed);
    expect(counts(again.historySteps)).toEqual([1, 0]);
    again.undo();
    expect(again.node('cont')!.params.gain).toBe(before);
    again.redo();
    expect(again.node('cont')!.params.gain).toBe(0.8);
  });

  it('saves a drag still held as the step its end would file, with the graph it has made', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.setParam('wind', 'lift', 2);
    ed.undo();
    const drag = ed.beginStep('move node', gestureEdits.nodes);
    ed.moveNodes([{ id: 'cont', position: [1, 2] }]);
    ed.moveNodes([{ id: 'cont', position: [3, 4] }]);
    // The autosave's quiet time passes with the button still down: the redo is gone, as the end of the drag will make it.
    const { again } = reloaded(ed);
    expect(counts(again.historySteps)).toEqual([1, 0]);
    expect(again.undoLabel).toBe('move node');
    drag.commit();
    expect(walk(again)).toEqual(walk(ed));
    // A drag that came back where it began is no step: the redo stays.
    const still = new EditorCore(parseGraph(DEFAULT_TEXT));
    still.setParam('wind', 'lift', 2);
    still.undo();
    const at = still.node('cont')!.position;
    still.beginStep('move node', gestureEdits.nodes);
    still.moveNodes([{ id: 'cont', position: [at[0] + 9, at[1]] }]);
    still.moveNodes([{ id: 'cont', position: [at[0], at[1]] }]);
    expect(counts(still.historySteps)).toEqual([0, 1]);
  });

  it.each([1, 2, 3, 4])('survives a reload after 150 seeded random edits, undos and redos (seed %i)', (seed) => {
    const r = rng(seed);
    const ed = new EditorCore(seed % 2 ? loadShipped('default.json') : loadShipped('chained-curves.json'));
    for (let k = 0; k < 150; k++) {
      const op = nextOp(r, ed);
      if (op.op === 'undo' || op.op === 'redo') for (let t = 0; t < op.times; t++) op.op === 'undo' ? ed.undo() : ed.redo();
      else perform(ed, op, () => serializeGraph(ed.snapshot()));
    }
    const { again, reason } = reloaded(ed);
    expect(reason).toBeUndefined();
    expect(counts(again.historySteps)).toEqual(counts(ed.historySteps));
    expect(walk(again)).toEqual(walk(ed));
  });
});

describe('a saved history that does not read', () => {
  const ed = edited();
  const text = serializeGraph(ed.snapshot());
  const record = historyRecord(ed.historySteps, text);
  const graph = parseGraph(text);
  const read = (raw: string, draft = text) => readSavedHistory(raw, draft, graph);
  /** The record with its JSON changed by `change`. */
  const changed = (change: (r: { version: number; done: { label: string; entries: { cmd: Record<string, unknown>; inverse: Record<string, unknown>[] }[] }[] }) => void) => {
    const r = JSON.parse(record);
    change(r);
    return JSON.stringify(r);
  };

  it('is no news when there is none (a first start, or a draft of an earlier build)', () => {
    expect(read(null as never)).toEqual({ steps: { done: [], undone: [] } });
  });

  it.each([
    ['cut short', record.slice(0, Math.floor(record.length / 2)), /record is cut short or damaged/],
    ['cut to nothing', '', /record is cut short or damaged/],
    ['of a newer build', changed((r) => (r.version = 2)), /saved by a newer Terrain Graph \(history format 2; this one reads 1\)/],
    ['of an older build', changed((r) => (r.version = 0)), /saved by an older Terrain Graph \(history format 0; this one reads 1\)/],
    ['without a version', changed((r) => delete (r as { version?: number }).version), /no format version/],
    ['not a history', '{"format": "terrain-graph", "version": 4}', /not an undo history/],
    ['JSON but not an object', '[1, 2]', /not an undo history/],
    ['a step cut out', changed((r) => r.done.splice(6, 1)), /does not apply to the graph|do not lead back/],
    ['a node that is not there', changed((r) => (r.done[0].entries[0].cmd.id = 'ghost')), /undo step 7 \("move node"\) does not apply to the graph: there is no node "ghost"/],
    ['a title that is a number', changed((r) => (r.done[0].entries[0].cmd = { kind: 'setTitle', id: 'cont', title: 5 })), /undo step 7, entry 1 \(setTitle\) has a wrong "title"/],
    ['a field no command has', changed((r) => (r.done[0].entries[0].cmd.colour = 'red')), /unknown field "colour"/],
    ['a command of a later build', changed((r) => (r.done[0].entries[0].cmd = { kind: 'setTint', id: 'cont' })), /a command this Terrain Graph does not know \("setTint"\)/],
    ['an opened graph that does not read', changed((r) => (r.done[6].entries[0].cmd.graph = { format: 'terrain-graph', version: 4, nodes: 'none' })), /undo step 1, entry 1 holds a graph that does not read/],
    ['a param out of its range', changed((r) => (r.done[1].entries[0].cmd = { kind: 'setParam', id: 'cont', key: 'gain', value: 99 })), /does not apply to the graph/],
    ['a redo that does not lead back', changed((r) => ((r.done[6].entries[0].cmd.graph as { name: string }).name = 'Elsewhere')), /its steps do not lead back to the graph/],
    ['a step with no entries', changed((r) => (r.done[1].entries = [])), /undo step 6 is not a step/],
  ])('starts empty and says why: %s', (_, raw, reason) => {
    const got = read(raw);
    expect(got.steps).toEqual({ done: [], undone: [] });
    expect(got.reason).toMatch(reason);
    expect(got.reason).toMatch(/^The undo history was not restored: .+\. Your graph is as you left it\.$/);
  });

  it('starts empty when it was saved with another version of the graph than the draft', () => {
    const other = serializeGraph({ ...graph, name: 'Renamed later' });
    expect(read(record, other).reason).toMatch(/saved with another version of the graph than the draft/);
  });

  it('never throws on 400 seeded damages of its record', () => {
    const r = rng(77);
    let reasons = 0;
    for (let k = 0; k < 400; k++) {
      const at = Math.floor(r() * record.length);
      const damage = k % 4;
      const raw =
        damage === 0 ? record.slice(0, at)
        : damage === 1 ? record.slice(0, at) + record.slice(at + 1 + Math.floor(r() * 20))
        : damage === 2 ? record.slice(0, at) + String.fromCharCode(32 + Math.floor(r() * 90)) + record.slice(at + 1)
        : record.slice(0, at) + record.slice(at, at + 40) + record.slice(at);
      const got = read(raw);
      if (got.reason) {
        reasons++;
        expect(got.steps).toEqual({ done: [], undone: [] });
      } else {
        // Damage that still reads (a letter of a label) gives steps that walk the graph like any.
        const again = new EditorCore(graph);
        again.restoreHistory(got.steps);
        while (again.undo());
        while (again.redo());
        expect(serializeGraph(again.snapshot())).not.toBe('');
      }
    }
    expect(reasons).toBeGreaterThan(300);
  });
});

describe('what is kept of a long history', () => {
  it('keeps the steps nearest the cursor, the last undo and the next redo first, within the cap of steps', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    for (let k = 1; k <= 7; k++) ed.moveNodes([{ id: 'cont', position: [k, k] }]);
    ed.undo();
    ed.undo();
    const text = serializeGraph(ed.snapshot());
    const record = historyRecord(ed.historySteps, text, new StepTexts(), { steps: 3, chars: 1e6 });
    expect(JSON.parse(record).dropped).toBe(4);
    const read = readSavedHistory(record, text, parseGraph(text));
    expect(counts(read.steps)).toEqual([2, 1]);
    const again = new EditorCore(parseGraph(text));
    again.restoreHistory(read.steps);
    again.undo();
    again.undo();
    expect(again.node('cont')!.position).toEqual([3, 3]);
    expect(again.undo()).toBe(false);
  });

  it('reads no more steps than the editor keeps, those nearest the cursor, from a record that holds more', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.moveNodes([{ id: 'cont', position: [1, 1] }]);
    const text = serializeGraph(ed.snapshot());
    const record = JSON.parse(historyRecord(ed.historySteps, text));
    record.done = Array.from({ length: 600 }, (_, k) => ({ ...record.done[0], label: `move ${k}` }));
    const read = readSavedHistory(JSON.stringify(record), text, parseGraph(text));
    expect(read.reason).toBeUndefined();
    expect(counts(read.steps)).toEqual([500, 0]);
    expect(read.steps.done.at(-1)!.label).toBe('move 599');
    expect(read.steps.done[0].label).toBe('move 100');
  });

  it('reads no more than the editor keeps of undo and redo together, half each way, from a record that holds more of both', () => {
    // A session never holds more than 500 in all (a redo step was an undo step first); a record
    // of 400 each way (made by hand, or damaged) gave 800 steps to check at start and to keep.
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.moveNodes([{ id: 'cont', position: [1, 1] }]);
    ed.moveNodes([{ id: 'cont', position: [2, 2] }]);
    ed.undo();
    const text = serializeGraph(ed.snapshot());
    const record = JSON.parse(historyRecord(ed.historySteps, text));
    // Each way, a move and its reverse in turn, the last undo the move to where the graph is: the
    // steps replay to the graph, however many of them are read.
    const reversed = (step: { label: string; entries: { cmd: unknown; inverse: unknown[] }[] }) => ({ ...step, entries: [{ cmd: step.entries[0].inverse[0], inverse: [step.entries[0].cmd] }] });
    const [undo, redo] = [record.done[0], record.undone[0]];
    record.done = Array.from({ length: 400 }, (_, k) => ({ ...(k % 2 ? undo : reversed(undo)), label: `undo ${k}` }));
    record.undone = Array.from({ length: 400 }, (_, k) => ({ ...(k % 2 ? redo : reversed(redo)), label: `redo ${k}` }));
    const read = readSavedHistory(JSON.stringify(record), text, parseGraph(text));
    expect(read.reason).toBeUndefined();
    expect(counts(read.steps)).toEqual([250, 250]);
    expect(read.steps.done.at(-1)!.label).toBe('undo 399');
    expect(read.steps.undone.at(-1)!.label).toBe('redo 399');
  });

  it('stops each side at its first step past the cap of characters, and stays within it', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.moveNodes([{ id: 'cont', position: [1, 1] }]);
    ed.replaceGraph(loadShipped('long-ranges.json'), 'open long-ranges.json');
    ed.setTitle(ed.graph.nodes[0].id, 'First');
    ed.setTitle(ed.graph.nodes[0].id, 'Second');
    ed.undo();
    const text = serializeGraph(ed.snapshot());
    const chars = 4000;
    const record = historyRecord(ed.historySteps, text, new StepTexts(), { steps: 500, chars });
    expect(record.length).toBeLessThanOrEqual(chars);
    // The opened graph (two graphs of 9 000 characters) does not fit: neither does the move before it.
    const read = readSavedHistory(record, text, parseGraph(text));
    expect(read.reason).toBeUndefined();
    expect(counts(read.steps)).toEqual([1, 1]);
    expect(SAVED_HISTORY_LIMITS).toEqual({ steps: 500, chars: 1024 * 1024 });
    // To the character: a cap of the whole record's length keeps every step, one less drops one.
    const whole = historyRecord(ed.historySteps, text);
    expect(JSON.parse(historyRecord(ed.historySteps, text, new StepTexts(), { steps: 500, chars: whole.length })).dropped).toBe(0);
    const short = historyRecord(ed.historySteps, text, new StepTexts(), { steps: 500, chars: whole.length - 1 });
    expect(JSON.parse(short).dropped).toBe(1);
    expect(short.length).toBeLessThan(whole.length);
  });

  it('writes a step once, and again only after a redo gave it fresh inverses', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.moveNodes([{ id: 'cont', position: [1, 1] }]);
    const texts = new StepTexts();
    const step = ed.historySteps.done[0];
    const first = texts.text(step);
    expect(texts.text(step)).toBe(first);
    const inverse = step.entries[0].inverse;
    ed.undo();
    ed.redo();
    expect(step.entries[0].inverse).not.toBe(inverse);
    expect(texts.text(step)).toEqual(first);
  });
});

/** A storage of `room` characters (keys and values), which refuses a write past it as a browser's does. */
function storeOf(room = Infinity): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (used() - (map.has(k) ? k.length + map.get(k)!.length : 0) + k.length + v.length > room) throw new Error('QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** What the app's autosave does: the draft, then the history beside it. */
function autosave(store: KeyValueStore, tab: string, ed: EditorCore, now: number): { draft: boolean; history: boolean } {
  const text = serializeGraph(ed.snapshot());
  const draft = writeDraft(store, tab, ed.graph, now, null, text);
  return { draft, history: draft && writeSavedHistory(store, tab, ed.historySteps, text) };
}

/** What a reload of `tab` does: its draft, and its history read back against it. */
function reload(store: KeyValueStore, tab: string, now = 9000) {
  const draft = restoreDraft(store, tab, now)!;
  const read = restoreSavedHistory(store, draft.id, draft.text, draft.graph);
  const ed = new EditorCore(draft.graph);
  ed.restoreHistory(read.steps);
  return { ed, read, draft };
}

describe('the saved history in storage', () => {
  it("keeps each tab's history beside its own draft; a new tab's copy of the latest draft takes that draft's history", () => {
    const store = storeOf();
    const a = new EditorCore(parseGraph(DEFAULT_TEXT));
    const b = new EditorCore(parseGraph(DEFAULT_TEXT));
    a.setParam('cont', 'gain', 0.6);
    autosave(store, 'a', a, 1000);
    b.setParam('wind', 'lift', 2);
    b.setParam('wind', 'lift', 2.5);
    autosave(store, 'b', b, 2000);
    expect(reload(store, 'a').ed.undoLabel).toBe('change gain');
    const rb = reload(store, 'b').ed;
    expect(counts(rb.historySteps)).toEqual([2, 0]);
    // A new tab opens the latest draft (b's) as a copy, with its steps.
    const copy = reload(store, 'new');
    expect(copy.draft).toMatchObject({ own: false, id: 'b' });
    expect(copy.ed.undoLabel).toBe('change lift');
  });

  it('drops the history, never the graph, when the storage is full, and the next start says why', () => {
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.setParam('cont', 'gain', 0.6);
    const store = storeOf(readFileSync('graphs/long-ranges.json', 'utf8').length + 3000);
    expect(autosave(store, 'a', ed, 1000)).toEqual({ draft: true, history: true });
    ed.replaceGraph(loadShipped('long-ranges.json'), 'open long-ranges.json');
    expect(autosave(store, 'a', ed, 2000)).toEqual({ draft: true, history: false });
    const { ed: again, read } = reload(store, 'a');
    expect(serializeGraph(again.snapshot())).toBe(serializeGraph(ed.snapshot()));
    expect(read.reason).toBe("The undo history was not restored: the browser's storage was full when it was saved. Your graph is as you left it.");
    expect(again.canUndo).toBe(false);
  });

  it("makes room for a draft by removing saved histories first, other tabs' before the tab's own", () => {
    const store = storeOf();
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.setParam('cont', 'gain', 0.6);
    autosave(store, 'other', ed, 1000);
    autosave(store, 'mine', ed, 2000);
    const full = storeOf([...store.map].reduce((n, [k, v]) => n + k.length + v.length, 0) + 100);
    for (const [k, v] of store.map) full.map.set(k, v);
    ed.setInfo({ notes: ed.graph.notes + 'x'.repeat(200) });
    expect(writeDraft(full, 'mine', ed.graph, 3000)).toBe(true);
    expect(full.getItem(`${HISTORY_PREFIX}other`)).toBeNull();
    expect(full.getItem(`${HISTORY_PREFIX}mine`)).not.toBeNull();
    expect(full.getItem(`${DRAFT_PREFIX}other`)).not.toBeNull();
  });

  it('forgets a history whose draft is gone when a tab starts', () => {
    const store = storeOf();
    const ed = new EditorCore(parseGraph(DEFAULT_TEXT));
    ed.setParam('cont', 'gain', 0.6);
    autosave(store, 'gone', ed, 1000);
    store.removeItem(`${DRAFT_PREFIX}gone`);
    restoreDraft(store, 'new', 2000);
    expect(store.getItem(`${HISTORY_PREFIX}gone`)).toBeNull();
  });

  it('says the storage refused to be read, and throws nothing', () => {
    const refusing = { ...storeOf(), getItem: () => { throw new Error('SecurityError'); } };
    const graph = parseGraph(DEFAULT_TEXT);
    expect(restoreSavedHistory(refusing, 'a', DEFAULT_TEXT, graph).reason).toMatch(/storage refused to read it/);
    expect(restoreSavedHistory(null, 'a', DEFAULT_TEXT, graph)).toEqual({ steps: { done: [], undone: [] } });
  });
});
