// The undo history saved with a tab's draft, so a reload (a crashed tab, a browser reopened)
// can still undo the change made just before it, and redo what was undone.
//
// A record of its own beside the draft (HISTORY_PREFIX + the tab's id), written just after it:
// the graph always goes first, and a history the storage refuses is dropped, never the graph.
// The record is versioned and names the draft text it was made with; reading it back checks
// every command's shape and then replays every step on a copy of the graph (back to the start
// and forward again), so a history that does not fit the graph never reaches the editor: it
// starts empty, with one line saying why. Pure apart from the store, which is passed in.

import { cloneGraph, type Graph, NODE_FLAGS } from '../model/graph.ts';
import { parseGraph, serializeGraph } from '../model/format.ts';
import { checkVia, readFrames } from '../model/frames.ts';
import { GraphError } from '../model/problems.ts';
import { checkView, checkWorld, isValidNodeId } from '../model/validate.ts';
import { applyCommand, type Command, type Kept } from './commands.ts';
import type { KeyValueStore } from './files.ts';
import { type Entry, HISTORY_LIMIT, type Step, type Steps } from './history.ts';

/** A tab's history lives under this prefix and the tab's id, as its draft does under DRAFT_PREFIX. */
export const HISTORY_PREFIX = 'terrain-graph:history:';
export const HISTORY_FORMAT = 'terrain-graph-history';
/** The record's format version: a record of another version is not read (the history starts empty). */
export const HISTORY_VERSION = 1;

/**
 * What one tab's saved history may hold. Steps: as many as the editor keeps in memory, so a
 * reload of an ordinary session loses none (500 moves on the default graph are 80 000
 * characters). Characters: a fifth of what Chromium gives a site's localStorage (5.2 million
 * characters, measured), so the drafts of a dozen tabs keep their room; a graph of 1000 nodes
 * is a draft of 302 000 characters, and opening it over another one step of 168 000. The steps
 * nearest the cursor are kept: the oldest undo and the farthest redo go first.
 */
export const SAVED_HISTORY_LIMITS = { steps: HISTORY_LIMIT, chars: 1024 * 1024 } as const;

/** What was read back: the steps (maybe none), and when they could not be taken, why, for a person. */
export interface SavedHistory {
  readonly steps: Steps;
  readonly reason?: string;
}

const NONE: Steps = { done: [], undone: [] };

/** FNV-1a over the UTF-16 code units, with the length: names a draft text, it secures nothing. */
export function textKey(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(h >>> 0).toString(16).padStart(8, '0')}`;
}

// ── writing ─────────────────────────────────────────────────────────────────────────────

/** A command as stored: a whole graph (replaceGraph) in its file form, so reading it back checks it as a file is checked. */
function storedCommand(cmd: Command): unknown {
  return cmd.kind === 'replaceGraph' ? { kind: cmd.kind, graph: JSON.parse(serializeGraph(cmd.graph)), file: cmd.file ?? null, clean: cmd.clean ?? false } : cmd;
}

function stepText(step: Step): string {
  return JSON.stringify({ label: step.label, entries: step.entries.map((e) => ({ cmd: storedCommand(e.cmd), inverse: e.inverse.map(storedCommand) })) });
}

/**
 * Writes each step's JSON once: a filed step does not change, except that a redo gives its
 * entries fresh inverses (Timeline.redo), which the cache notices. An autosave then writes
 * the new steps only, however long the history (a step that opened a 1000-node graph takes
 * about 20 ms to write; copying its text, next to nothing).
 */
export class StepTexts {
  private readonly cache = new WeakMap<Step, { inverses: readonly (readonly Command[])[]; text: string }>();

  text(step: Step): string {
    const inverses = step.entries.map((e: Entry) => e.inverse);
    const known = this.cache.get(step);
    if (known && known.inverses.length === inverses.length && known.inverses.every((inv, k) => inv === inverses[k])) return known.text;
    const text = stepText(step);
    this.cache.set(step, { inverses, text });
    return text;
  }
}

/**
 * The record of `steps` for the draft whose text is `draftText`: the steps nearest the cursor
 * (the last undo, the next redo, then one further each way in turn) within SAVED_HISTORY_LIMITS.
 */
export function historyRecord(steps: Steps, draftText: string, texts = new StepTexts(), limits: { readonly steps: number; readonly chars: number } = SAVED_HISTORY_LIMITS): string {
  const head = `{"format":${JSON.stringify(HISTORY_FORMAT)},"version":${HISTORY_VERSION},"graph":${JSON.stringify(textKey(draftText))}`;
  const done: string[] = [];
  const undone: string[] = [];
  // What the record holds besides the steps: its head, and its tail with the count left out.
  const total = steps.done.length + steps.undone.length;
  // The saved states' list at its longest (all of them kept).
  let room = limits.chars - head.length - `,"done":[],"undone":[],"saved":[${(steps.saved ?? []).join(',')}],"dropped":${total}}`.length;
  let open = { done: true, undone: true };
  for (let k = 1; (open.done || open.undone) && done.length + undone.length < limits.steps; k++) {
    for (const side of ['done', 'undone'] as const) {
      const list = steps[side];
      if (!open[side] || done.length + undone.length >= limits.steps) continue;
      const step = list[list.length - k];
      const kept = side === 'done' ? done : undone;
      const text = step && texts.text(step);
      // Its text, and a comma after the first of its list.
      const cost = text ? text.length + (kept.length ? 1 : 0) : Infinity;
      // A side stops at its first step that does not fit: what is kept runs on from the cursor.
      if (cost > room) {
        open = { ...open, [side]: false };
        continue;
      }
      room -= cost;
      kept.push(text);
    }
  }
  const dropped = total - done.length - undone.length;
  // The saved states among the steps kept, as steps from the cursor (Steps.saved).
  const saved = (steps.saved ?? []).filter((k) => k >= -done.length && k <= undone.length);
  return `${head},"done":[${done.reverse().join(',')}],"undone":[${undone.reverse().join(',')}],"saved":[${saved.join(',')}],"dropped":${dropped}}`;
}

/** The record left when the storage refused the history: the next start says why there is none. */
function refusedRecord(draftText: string): string {
  return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, graph: textKey(draftText), refused: true });
}

/**
 * Saves the tab's history after its draft (whose text is `draftText`). False when the storage
 * refused it: the history is then dropped (a small record says so), and the draft stays.
 */
export function writeSavedHistory(store: KeyValueStore | null, id: string, steps: Steps, draftText: string, texts?: StepTexts): boolean {
  if (!store) return false;
  const key = HISTORY_PREFIX + id;
  try {
    store.setItem(key, historyRecord(steps, draftText, texts));
    return true;
  } catch {
    try {
      store.removeItem(key);
      store.setItem(key, refusedRecord(draftText));
    } catch {
      // Not even that: the next start finds no history, and says nothing of it.
    }
    return false;
  }
}

/**
 * Removes one history to make room for a draft: another tab's, else this tab's own; false when
 * there is none left. A history is worth less than any graph.
 */
export function dropOneHistory(store: KeyValueStore, id: string): boolean {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(HISTORY_PREFIX)) keys.push(key);
  }
  const key = keys.find((k) => k !== HISTORY_PREFIX + id) ?? keys[0];
  if (key === undefined) return false;
  store.removeItem(key);
  return true;
}

// ── reading ─────────────────────────────────────────────────────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';
const isPair = (v: unknown) => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
const isIndex = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) >= 0);
const isRef = (v: unknown) => isObject(v) && isString(v.node) && isString(v.port) && Object.keys(v).length === 2;
const isEdge = (v: unknown) =>
  isObject(v) && isRef(v.from) && isRef(v.to) && (v.via === undefined || checkVia(v.via, 'via').length === 0) && Object.keys(v).every((k) => ['from', 'to', 'via'].includes(k));
const isFrame = (v: unknown) => readFrames([v]).problems.length === 0;
const NODE_KEYS = ['id', 'type', 'title', 'position', 'params', ...NODE_FLAGS];
/** A node's record; its type and params are checked against the manifest when it is added (applyCommand). */
const isNode = (v: unknown) =>
  isObject(v) &&
  isValidNodeId(v.id) &&
  isString(v.type) &&
  isString(v.title) &&
  isPair(v.position) &&
  isObject(v.params) &&
  NODE_FLAGS.every((f) => v[f] === undefined || typeof v[f] === 'boolean') &&
  Object.keys(v).every((k) => NODE_KEYS.includes(k));

/**
 * Each command's fields and what each must be. What applyCommand checks itself (a param
 * against its manifest, a view, a frame, a wire's types) it checks again on the replay; these
 * are the shapes it takes on trust from the editor's own code.
 */
const SHAPES: { readonly [K in Exclude<Command['kind'], 'replaceGraph'>]: Readonly<Record<string, (v: unknown) => boolean>> } = {
  addNode: { node: isNode, at: isIndex },
  removeNode: { id: isString },
  moveNode: { id: isString, position: isPair },
  setTitle: { id: isString, title: isString },
  setFlag: { id: isString, flag: (v) => (NODE_FLAGS as readonly unknown[]).includes(v), value: (v) => typeof v === 'boolean' },
  setParam: { id: isString, key: isString, value: (v) => v !== undefined },
  connect: { edge: isEdge, at: isIndex },
  disconnect: { edge: isEdge },
  setVia: { edge: isEdge, via: (v) => checkVia(v, 'via').length === 0 },
  addFrame: { frame: isFrame, at: isIndex },
  removeFrame: { id: isString },
  setFrame: { frame: isFrame },
  setView: { view: (v) => checkView(v).length === 0 },
  setWorld: { world: (v) => v === null || checkWorld(v).length === 0 },
  setInfo: { name: isString, notes: isString },
};

/** Why a value is not a stored command of this build, thrown with where it is. */
class Unreadable extends Error {}

function readCommand(raw: unknown, where: string): Command {
  if (!isObject(raw) || !isString(raw.kind)) throw new Unreadable(`${where} is not a command`);
  if (raw.kind === 'replaceGraph') {
    // What the graph is kept as (missing in a history saved before it was kept: no file, not clean).
    if (raw.file !== undefined && raw.file !== null && !isString(raw.file)) throw new Unreadable(`${where} (replaceGraph) has a wrong "file"`);
    if (raw.clean !== undefined && typeof raw.clean !== 'boolean') throw new Unreadable(`${where} (replaceGraph) has a wrong "clean"`);
    try {
      return { kind: 'replaceGraph', graph: parseGraph(raw.graph), file: (raw.file as string | null | undefined) ?? null, clean: raw.clean === true };
    } catch (err) {
      const first = err instanceof GraphError ? `${err.problems[0].path} ${err.problems[0].message}` : String(err);
      throw new Unreadable(`${where} holds a graph that does not read (${first})`);
    }
  }
  const shape = SHAPES[raw.kind as keyof typeof SHAPES] as Readonly<Record<string, (v: unknown) => boolean>> | undefined;
  if (!shape) throw new Unreadable(`${where} is a command this Terrain Graph does not know ("${raw.kind}")`);
  for (const key of Object.keys(raw)) if (key !== 'kind' && !(key in shape)) throw new Unreadable(`${where} (${raw.kind}) has an unknown field "${key}"`);
  for (const [key, fits] of Object.entries(shape)) if (!fits(raw[key])) throw new Unreadable(`${where} (${raw.kind}) has a wrong "${key}"`);
  return raw as unknown as Command;
}

function readStep(raw: unknown, where: string): Step {
  if (!isObject(raw) || !isString(raw.label) || !Array.isArray(raw.entries) || raw.entries.length === 0) throw new Unreadable(`${where} is not a step`);
  const entries = raw.entries.map((e: unknown, k: number): Entry => {
    if (!isObject(e) || !Array.isArray(e.inverse)) throw new Unreadable(`${where}, entry ${k + 1}, is not a command with its inverse`);
    return { cmd: readCommand(e.cmd, `${where}, entry ${k + 1}`), inverse: e.inverse.map((c: unknown, j: number) => readCommand(c, `${where}, entry ${k + 1}, inverse ${j + 1}`)) };
  });
  return { label: raw.label as string, entries };
}

/** Runs a step backwards (its entries' inverses, last entry first), as Timeline.undo does. */
function revert(doc: Graph, kept: Kept, step: Step): void {
  for (let k = step.entries.length - 1; k >= 0; k--) for (const inv of step.entries[k].inverse) applyCommand(doc, inv, kept);
}

/** Runs a step forwards, giving its entries the inverses this graph returns, as Timeline.redo does. */
function replay(doc: Graph, kept: Kept, step: Step): void {
  for (const entry of step.entries) entry.inverse = applyCommand(doc, entry.cmd, kept).inverse;
}

/**
 * Replays the steps on a copy of the graph: every undo back to the start, every redo forward
 * to the end again, then back to the cursor, which must give the graph again. Null when all
 * went, else which step did not and why. Afterwards every inverse is the one this graph gives.
 */
function replayProblem(graph: Graph, steps: Steps): string | null {
  const doc = cloneGraph(graph);
  // The file names the steps carry, passed on as undo and redo pass them (the draft's own is not needed).
  const kept: Kept = { file: null };
  const { done, undone } = steps;
  const at = (list: readonly Step[], k: number) => `${list === done ? 'undo' : 'redo'} step ${list.length - k} ("${list[k].label}")`;
  let k = done.length - 1;
  let list = done;
  try {
    for (; k >= 0; k--) revert(doc, kept, done[k]);
    for (k = 0; k < done.length; k++) replay(doc, kept, done[k]);
    list = undone;
    for (k = undone.length - 1; k >= 0; k--) replay(doc, kept, undone[k]);
    for (k = 0; k < undone.length; k++) revert(doc, kept, undone[k]);
  } catch (err) {
    return `${at(list, k)} does not apply to the graph: ${err instanceof Error ? err.message : String(err)}`;
  }
  return serializeGraph(doc) === serializeGraph(graph) ? null : 'its steps do not lead back to the graph';
}

/**
 * The saved states of a history saved before they were kept beside its steps, from what its
 * Opens said: the state after an Open was saved when it opened a file (its `clean`), the one
 * before it when its inverse says so (the graph it replaced had no unsaved mark). Of two in one
 * stretch between Opens, the later one said so last.
 */
function savedFromOpens(steps: Steps): number[] {
  const line = [...steps.done, ...[...steps.undone].reverse()];
  const at = (k: number) => k - steps.done.length;
  const saved: number[] = [];
  let stretchStart = 0;
  line.forEach((step, k) => {
    const open = step.entries.find((e) => e.cmd.kind === 'replaceGraph');
    if (!open) return;
    if (open.inverse.some((c) => c.kind === 'replaceGraph' && c.clean)) {
      while (saved.length && saved[saved.length - 1] >= at(stretchStart)) saved.pop();
      saved.push(at(k));
    }
    stretchStart = k + 1;
    if (open.cmd.kind === 'replaceGraph' && open.cmd.clean) saved.push(at(k + 1));
  });
  return saved;
}

/** The saved states a record lists (Steps.saved), or null when it lists none; steps beyond those kept are left out. */
function readSaved(raw: unknown, steps: Steps): number[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.filter((k): k is number => Number.isInteger(k) && k >= -steps.done.length && k <= steps.undone.length);
}

/** Says why the history starts empty: one line, the graph named as safe. */
const because = (why: string): SavedHistory => ({ steps: NONE, reason: `The undo history was not restored: ${why}. Your graph is as you left it.` });

/**
 * The history saved for a draft, read back: `raw` is the stored record (null: none, which is
 * no news), `draftText` the draft's text as stored and `graph` the graph opened from it. Any
 * record that does not fit gives an empty history and the reason; nothing here throws.
 */
export function readSavedHistory(raw: string | null, draftText: string, graph: Graph): SavedHistory {
  if (raw === null) return { steps: NONE };
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return because('its record is cut short or damaged');
  }
  if (!isObject(record) || record.format !== HISTORY_FORMAT) return because('its record is not an undo history');
  const version = record.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) return because('its record has no format version');
  if (version > HISTORY_VERSION) return because(`it was saved by a newer Terrain Graph (history format ${version}; this one reads ${HISTORY_VERSION})`);
  if (version < HISTORY_VERSION) return because(`it was saved by an older Terrain Graph (history format ${version}; this one reads ${HISTORY_VERSION})`);
  if (record.graph !== textKey(draftText)) return because('it was saved with another version of the graph than the draft (the history was written, the draft later, or the other way round)');
  if (record.refused === true) return because("the browser's storage was full when it was saved");
  if (!Array.isArray(record.done) || !Array.isArray(record.undone)) return because('its record is cut short or damaged');
  // No more than the editor keeps, undo and redo together (a session never holds more: a redo
  // step was an undo step first), nearest the cursor, whatever the record holds: as the writer
  // keeps them, one each way in turn, so each side gets half unless the other has less.
  const keepDone = Math.min(record.done.length, Math.max(Math.ceil(HISTORY_LIMIT / 2), HISTORY_LIMIT - record.undone.length));
  const keepUndone = Math.min(record.undone.length, HISTORY_LIMIT - keepDone);
  const rawDone = keepDone ? record.done.slice(-keepDone) : [];
  const rawUndone = keepUndone ? record.undone.slice(-keepUndone) : [];
  try {
    const done = rawDone.map((s: unknown, k: number) => readStep(s, `undo step ${rawDone.length - k}`));
    const undone = rawUndone.map((s: unknown, k: number) => readStep(s, `redo step ${rawUndone.length - k}`));
    const problem = replayProblem(graph, { done, undone });
    if (problem) return because(problem);
    return { steps: { done, undone, saved: readSaved(record.saved, { done, undone }) ?? savedFromOpens({ done, undone }) } };
  } catch (err) {
    return because(err instanceof Unreadable ? err.message : `it does not read (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** The history stored for a draft (`id`: the draft's tab), read back as readSavedHistory does. */
export function restoreSavedHistory(store: KeyValueStore | null, id: string, draftText: string, graph: Graph): SavedHistory {
  let raw: string | null = null;
  try {
    raw = store?.getItem(HISTORY_PREFIX + id) ?? null;
  } catch {
    return because("the browser's storage refused to read it");
  }
  return readSavedHistory(raw, draftText, graph);
}
