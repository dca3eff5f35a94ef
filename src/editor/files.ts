// Graph files in the editor: open with every problem listed, save in the canonical layout,
// and the autosaved drafts in browser storage. The storage is passed in, so this runs in Node too.

import type { Graph } from '../model/graph.ts';
import { GRAPH_FILE_LIMITS, missingWires, parseGraph, parseWithoutMissingWires, serializeGraph } from '../model/format.ts';
import { linesOfPaths, parseJson } from '../model/json.ts';
import { CURRENT_VERSION } from '../model/migrations.ts';
import { describe, GraphError, type Problem } from '../model/problems.ts';
import { copySnippet, readSnippet, type Snippet } from './clipboard.ts';
import { NAME_LIMITS } from './names.ts';
import { dropOneHistory, HISTORY_PREFIX } from './saved-history.ts';

export type OpenResult =
  | { readonly ok: true; readonly graph: Graph; readonly note?: string }
  | {
      readonly ok: false;
      readonly file: string | undefined;
      readonly problems: readonly Problem[];
      /**
       * When every problem is a wire whose node is missing (a node deleted by hand): the graph
       * without those wires, and the notice that lists them, for the person to open if they choose.
       */
      readonly without?: { readonly graph: Graph; readonly note: string };
    };

/** View resolutions the editor evaluates; files may say 16…4096 (the command line renders those). */
export const EDITOR_SIZE_MIN = 64;
export const EDITOR_SIZE_MAX = 2048;

/**
 * The graph with its view resolution brought into the editor's range, and a note saying so;
 * a 4096² view would need about 2 GB in the engine worker.
 */
export function fitForEditor(graph: Graph): { graph: Graph; note?: string } {
  const size = Math.min(EDITOR_SIZE_MAX, Math.max(EDITOR_SIZE_MIN, graph.view.size));
  if (size === graph.view.size) return { graph };
  return {
    graph: { ...graph, view: { ...graph.view, size } },
    note: `The file's view is ${graph.view.size}²; the editor works at ${EDITOR_SIZE_MIN}…${EDITOR_SIZE_MAX}², so it opened at ${size}² (the command line renders any size).`,
  };
}

/**
 * The problems of file text, each with the line its path starts on where the text reads as JSON
 * of this version (an older file's paths name its upgraded form, whose lines the text does not
 * have): a person who broke a file by hand fixes it in a text editor, which counts lines, not
 * `$.edges[13]`. A syntax error says its line in its message already.
 */
function withLines(text: string, problems: readonly Problem[]): readonly Problem[] {
  // Text on one line (written by a program, not a person) would say "line 1" of every problem.
  // A line ends at LF, CRLF or a CR alone (an old Mac's file), as linesOfPaths counts them.
  if (!/[\n\r]/.test(text.trimEnd())) return problems;
  let version: unknown;
  try {
    version = (parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, { maxDepth: GRAPH_FILE_LIMITS.depth }) as { version?: unknown } | null)?.version;
  } catch {
    return problems;
  }
  if (version !== CURRENT_VERSION) return problems;
  const lines = linesOfPaths(
    text,
    problems.filter((p) => p.more === undefined).map((p) => p.path),
  );
  return problems.map((p) => (lines.has(p.path) && p.more === undefined ? { ...p, line: lines.get(p.path) } : p));
}

/**
 * Reads graph file text for the editor; on failure, every problem with its JSON path (the open
 * graph is not touched). A view outside the editor's resolutions is fitted, with a note.
 */
export function readGraphFile(text: string, file?: string): OpenResult {
  try {
    return { ok: true, ...fitForEditor(parseGraph(text, { file })) };
  } catch (err) {
    if (err instanceof GraphError) return { ok: false, file, problems: err.problems, ...withoutMissing(text, file, err.problems) };
    return { ok: false, file, problems: [{ path: '$', message: err instanceof Error ? err.message : String(err) }] };
  }
}

/**
 * The graph of a file whose only problems are wires to missing nodes, read without those wires,
 * with the notice that lists them; nothing when any other problem stands (those keep refusing).
 */
function withoutMissing(text: string, file: string | undefined, problems: readonly Problem[]): { without?: { graph: Graph; note: string } } {
  const graph = parseWithoutMissingWires(text, problems, { file });
  if (!graph) return {};
  const fitted = fitForEditor(graph);
  const { words, listed, more } = missingWires(problems);
  const wires = [...listed.map((p) => p.wire), ...(more ? [`and ${more} more`] : [])].join('; ');
  const note = `Opened ${file ?? 'the file'} without ${words}: ${wires}. The file itself is unchanged until you save.${fitted.note ? ` ${fitted.note}` : ''}`;
  return { without: { graph: fitted.graph, note } };
}

/** Megabytes, rounded up: a file one byte over 32 MB reads 32.1 MB, not 32.0. */
const MB = (bytes: number) => `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The one problem of a text or file over the size limit. */
function tooLarge(bytes: number): Problem {
  return { path: '$', message: `the file is ${MB(bytes)}; a graph file may be at most ${MB(GRAPH_FILE_LIMITS.bytes)}` };
}

/**
 * Reads a file the person opened or dropped, as readGraphFile does, each problem with the line
 * of the file it is on (withLines); a file over the size limit is refused before its bytes are
 * read, as the command line refuses it.
 */
export async function readGraphBlob(file: Blob & { readonly name: string }): Promise<OpenResult> {
  if (file.size > GRAPH_FILE_LIMITS.bytes) return { ok: false, file: file.name, problems: [tooLarge(file.size)] };
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    return { ok: false, file: file.name, problems: [{ path: '$', message: `cannot read the file: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  const read = readGraphFile(text, file.name);
  return read.ok ? read : { ...read, problems: withLines(text, read.problems) };
}

/** Where pasted text is named in messages. */
export const PASTED = 'Pasted text';

export type PasteRead =
  | { readonly ok: true; readonly snippet: Snippet }
  /** Text that is not JSON at all: a short notice, not a list of problems. */
  | { readonly ok: false; readonly notice: string }
  | { readonly ok: false; readonly file: string; readonly problems: readonly Problem[] };

/**
 * Text pasted onto the canvas: nodes copied in the editor (a snippet), or a whole graph file,
 * whose nodes and wires are pasted after the same checks as opening it (its problems listed
 * otherwise). Never nothing without a word.
 */
export function readPastedText(text: string): PasteRead {
  if (text.length > GRAPH_FILE_LIMITS.bytes) return { ok: false, file: PASTED, problems: [tooLarge(text.length)] };
  const snippet = readSnippet(text);
  if (snippet) return snippet.ok ? snippet : { ok: false, file: PASTED, problems: snippet.problems };
  if (!/^\uFEFF?\s*\{/.test(text)) return { ok: false, notice: 'Nothing to paste: the clipboard holds text, not Terrain Graph nodes or a graph file.' };
  const read = readGraphFile(text, PASTED);
  if (!read.ok) return { ok: false, file: PASTED, problems: read.problems };
  return { ok: true, snippet: copySnippet(read.graph, read.graph.nodes.map((n) => n.id)) };
}

/** The file text of a graph: parseGraph of a shipped file then this gives the same bytes. */
export function graphFileText(graph: Graph): string {
  return serializeGraph(graph);
}

/** A file name for a download: the name it was opened as, else the graph's name made safe. */
export function graphFileName(graph: Graph, openedAs: string | null): string {
  // Any case, as Save as takes it (saveAsName): "Island.JSON" is not saved as "Island.JSON.json".
  if (openedAs) return saveAsName(openedAs);
  return `${nameStem(graph) || 'graph'}.json`;
}

/** The graph's name made safe for a file: lower case, letters and digits joined by "-"; '' when none is left. */
function nameStem(graph: Graph): string {
  return safeStem(graph.name);
}

/** A name made safe for a file, as nameStem makes the graph's. */
function safeStem(name: string): string {
  // At most 100 characters: a file name stops at 255 bytes, and a graph's name has no limit.
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 100)
    .replace(/^-|-$/g, '');
}

/** Characters a file name may not hold on some system people save to (Windows refuses all of these). */
const NOT_IN_NAMES = /[\\/:*?"<>|\u0000-\u001f]/;

/** UTF-8 bytes the graph's part of an export's name keeps at most: the node, port, range and extension follow it. */
const EXPORT_PREFIX_MAX = 100;

/**
 * The graph's part of an exported file's name, first in it ("island.water.terrain.png"), so the
 * files of two graphs' exports tell apart: the name the graph was opened from or saved as, without
 * ".json", else its name as Save names its file (graphFileName); null when it has neither (the
 * export is named by its node and port alone). Safe in a file name on any system: a slash, a
 * character Windows refuses and a run of spaces become one "-", with no dot or "-" at either end.
 */
export function exportPrefix(graph: Graph, openedAs: string | null): string | null {
  let safe = (openedAs ? openedAs.replace(/\.json$/i, '') : nameStem(graph))
    .replace(new RegExp(`(?:${NOT_IN_NAMES.source}|\\s)+`, 'g'), '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  // At most EXPORT_PREFIX_MAX bytes, cut between characters (a name has no limit of its own).
  const encoder = new TextEncoder();
  while (encoder.encode(safe).length > EXPORT_PREFIX_MAX) safe = [...safe].slice(0, -1).join('');
  safe = safe.replace(/[-.]+$/, '');
  if (!safe) return null;
  // "con.water.terrain.png" is the device CON to Windows, whatever follows the first dot.
  return DEVICE_NAMES.test(safe) ? safe.replace(/^[^.]*/, '$&_') : safe;
}

/** Longest name Save as takes, in UTF-8 bytes: a file name stops at 255, and a browser may add " (1)" and ".json". */
export const FILE_NAME_MAX = 200;
/** Names Windows keeps for devices, with or without an extension: such a file cannot be made there. */
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Why `name` (as typed for Save as, trimmed) cannot name a graph file, or null when it can:
 * empty, too long, a character some system refuses, a folder, or a name of dots alone.
 */
export function fileNameProblem(name: string): string | null {
  if (!name) return 'Type a name for the file.';
  const bytes = new TextEncoder().encode(name).length;
  if (bytes > FILE_NAME_MAX) return `A shorter name, please: a file name holds at most ${FILE_NAME_MAX} bytes here, and this one has ${bytes}${bytes > name.length ? ` (${name.length} characters, some of several bytes)` : ''}.`;
  const bad = NOT_IN_NAMES.exec(name);
  if (bad) {
    const shown = bad[0] < ' ' ? 'a control character' : `"${bad[0]}"`;
    return bad[0] === '/' || bad[0] === '\\'
      ? `A file name cannot hold ${shown}: the browser saves to its downloads folder, so there is no folder to give.`
      : `A file name cannot hold ${shown}: Windows refuses it.`;
  }
  if (/^\.+$/.test(name)) return 'A name of dots alone is not a file name.';
  if (/^\.json$/i.test(name)) return 'Type a name before .json.';
  if (DEVICE_NAMES.test(name)) return `"${name.split('.')[0]}" is a device's name on Windows, not a file's: add to it.`;
  return null;
}

/**
 * The name the graph takes when Save as gives it a file of another name, or null when it keeps its
 * own, as a desktop tool titles a document after its file: a name that came with the graph (a
 * recipe's or New's, among `givenNames`), none, or the old file's (the same letters and digits as
 * its name) follows the file, becoming its name without ".json" (at most NAME_LIMITS.graph
 * characters); a name the person gave, unlike the file's, is kept, as is any name when the new
 * file is named after it.
 */
export function nameForSaveAs(name: string, oldFile: string | null, newFile: string, givenNames: readonly string[]): string | null {
  if (oldFile !== null && saveAsName(oldFile).toLowerCase() === newFile.toLowerCase()) return null;
  const stem = [...newFile.replace(/\.json$/i, '')].slice(0, NAME_LIMITS.graph).join('').trim();
  // A file named after the graph ("climate-kauai.json" for "Climate: Kauai") leaves it its name.
  if (!stem || safeStem(stem) === safeStem(name)) return null;
  const follows = !name.trim() || givenNames.includes(name) || (oldFile !== null && safeStem(name) === safeStem(oldFile.replace(/\.json$/i, '')));
  return follows ? stem : null;
}

/** The file name Save as saves under for a typed name: with ".json" added when it has none. */
export function saveAsName(name: string): string {
  return /\.json$/i.test(name) ? name : `${name}.json`;
}

/** The part of the Web Storage API the drafts use. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/**
 * The page's storage, or null where reading `localStorage` itself throws (site data blocked):
 * the editor then works without drafts instead of failing to start.
 */
export function pageStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// ── drafts ──────────────────────────────────────────────────────────────────────────────
//
// Every tab autosaves into a draft of its own, so two tabs never write over each other's work.
// A reload finds its tab's draft again (the tab's id lives in sessionStorage, see tab.ts); a new
// tab opens on the most recently saved draft, as a copy that autosaves under its own id; the
// other drafts stay in storage and are listed in the editor to open. A draft that no longer
// reads (a newer format, a broken write) is moved aside under a key of its own, never dropped,
// and a later build that reads it takes it back as a draft.

/** Drafts live under this prefix and the tab's id: `{"savedAt": ms, "name": …, "text": graph file}`. */
export const DRAFT_PREFIX = 'terrain-graph:draft:';
/** Where a draft that no longer reads is kept as it was: prefix, the draft's id, `@` and the time. */
export const UNREADABLE_PREFIX = 'terrain-graph:unreadable:';
/** The viewer's compare pin kept with a tab's draft, under this prefix and the tab's id (src/viewer-core/kept-pin.ts). */
export const PIN_PREFIX = 'terrain-graph:pin:';
/** An open tab's last sign of life (ms), written every minute: its draft is never pruned. */
export const ALIVE_PREFIX = 'terrain-graph:alive:';
/** The one autosave slot of earlier builds: taken in as a draft on start-up. */
export const LEGACY_AUTOSAVE_KEY = 'terrain-graph:autosave';
/** Drafts always kept: the most recently saved. */
export const DRAFTS_KEPT = 12;
/** Older drafts are kept this long after their last save, then pruned when a tab starts. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** A tab that gave a sign of life within this time is open. */
export const ALIVE_MS = 5 * 60 * 1000;

export interface DraftInfo {
  readonly id: string;
  readonly savedAt: number;
  readonly name: string;
}

interface Draft extends DraftInfo {
  readonly text: string;
  /** The file the graph was opened from or last saved as (Save offers it again); null: none. */
  readonly file: string | null;
  /** True when that file holds the graph as the draft does (saved, no edit since): no unsaved mark. */
  readonly clean: boolean;
}

/** The keys of the store that start with a prefix. */
function keysWith(store: KeyValueStore, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/**
 * A draft moved aside because it no longer reads (a newer format, a broken write): what it was,
 * why, and the key it is kept under, for the editor to say so rather than open something else
 * without a word.
 */
export interface SetAsideDraft {
  /** The graph's name as the draft record gives it ('Untitled' for a record that does not parse). */
  readonly name: string;
  /** When it was saved (ms), when the record says. */
  readonly savedAt: number | null;
  /** Where it is kept; null when the storage refused to move it (it stays where it was). */
  readonly key: string | null;
  readonly problems: readonly Problem[];
}

/** Told of each draft set aside while the drafts are read (restoreDraft). */
export type SetAsideReport = (draft: SetAsideDraft) => void;

/** A draft record's parts, or null when the text is not one. */
function parseRecord(raw: string | null): Omit<Draft, 'id'> | null {
  try {
    const record = JSON.parse(raw ?? '') as { savedAt?: unknown; name?: unknown; text?: unknown; file?: unknown; clean?: unknown };
    if (typeof record.savedAt !== 'number' || typeof record.text !== 'string') return null;
    const file = typeof record.file === 'string' ? record.file : null;
    // An older build's record says nothing: it holds edits, as every draft was taken to.
    return { savedAt: record.savedAt, name: typeof record.name === 'string' ? record.name : 'Untitled', text: record.text, file, clean: record.clean === true };
  } catch {
    return null;
  }
}

/** Every draft in storage with its text, most recent first; a record that does not parse is moved aside. */
function readDrafts(store: KeyValueStore, now = Date.now(), report?: SetAsideReport): Draft[] {
  const drafts: Draft[] = [];
  for (const key of keysWith(store, DRAFT_PREFIX)) {
    const raw = store.getItem(key);
    const id = key.slice(DRAFT_PREFIX.length);
    const record = parseRecord(raw);
    if (record) drafts.push({ id, ...record });
    else {
      const kept = setAside(store, id, raw ?? '', now);
      const problem = { path: '$', message: `the stored draft is not a draft record {"savedAt", "name", "text"} (a write cut short?): ${describe(raw)}` };
      report?.({ name: 'Untitled', savedAt: null, key: kept, problems: [problem] });
    }
  }
  return drafts.sort((a, b) => b.savedAt - a.savedAt);
}

/** Moves a draft's text aside under a key no other copy has, and removes the draft; the key, or null when storage refused. */
function setAside(store: KeyValueStore, id: string, text: string, now: number): string | null {
  try {
    let key = `${UNREADABLE_PREFIX}${id}@${now}`;
    for (let k = 2; store.getItem(key) !== null; k++) key = `${UNREADABLE_PREFIX}${id}@${now}.${k}`;
    store.setItem(key, text);
    store.removeItem(DRAFT_PREFIX + id);
    return key;
  } catch {
    // Storage full: the draft stays where it is, unread; nothing is lost.
    return null;
  }
}

/**
 * Writes the tab's draft; false when storage refused (private mode, or full even after
 * making room). When the storage is full, the kept compare pins go first (kept-pin.ts: other
 * tabs', then this tab's own), then the saved undo histories (saved-history.ts: likewise), then
 * the oldest drafts beyond the DRAFTS_KEPT most recent whose tabs are closed, one at a time,
 * until the draft fits: the work of the open tab comes before anyone's pinned pictures and undo
 * steps, and those before drafts nobody has touched for longest. `text`
 * is the graph's file text when the caller has it already (the saved history names it).
 * `clean`: the graph is as `file` has it (just saved or opened), so a reload shows no unsaved mark.
 */
export function writeDraft(store: KeyValueStore | null, id: string, graph: Graph, now = Date.now(), file: string | null = null, text = serializeGraph(graph), clean = false): boolean {
  if (!store) return false;
  // The file's name too, so a reload's Save offers the name the graph was opened as, and
  // whether that file holds it all. An older build reads the record and leaves the fields alone.
  const record = JSON.stringify({ savedAt: now, name: graph.name, text, ...(file ? { file } : {}), ...(clean ? { clean } : {}) });
  for (;;) {
    try {
      store.setItem(DRAFT_PREFIX + id, record);
      return true;
    } catch {
      if (!dropPinQuietly(store, id) && !dropHistoryQuietly(store, id) && !dropOldestDraft(store, id, now)) return false;
    }
  }
}

/** Removes one kept compare pin (another tab's, else this tab's own) to make room for a draft; false when there is none. */
function dropPinQuietly(store: KeyValueStore, id: string): boolean {
  try {
    const keys = keysWith(store, PIN_PREFIX);
    const key = keys.find((k) => k !== PIN_PREFIX + id) ?? keys[0];
    if (key === undefined) return false;
    store.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

function dropHistoryQuietly(store: KeyValueStore, id: string): boolean {
  try {
    return dropOneHistory(store, id);
  } catch {
    return false;
  }
}

/** Removes the least recently saved draft beyond the DRAFTS_KEPT most recent of a closed tab; false if none. */
function dropOldestDraft(store: KeyValueStore, id: string, now: number): boolean {
  try {
    const spare = readDrafts(store, now)
      .slice(DRAFTS_KEPT)
      .filter((d) => d.id !== id && !isAlive(store, d.id, now));
    const oldest = spare[spare.length - 1];
    if (!oldest) return false;
    store.removeItem(DRAFT_PREFIX + oldest.id);
    return true;
  } catch {
    return false;
  }
}

/** True when the draft's tab gave a sign of life within ALIVE_MS. */
function isAlive(store: KeyValueStore, id: string, now: number): boolean {
  const stamp = store.getItem(ALIVE_PREFIX + id);
  return stamp !== null && now - Number(stamp) < ALIVE_MS;
}

/** Notes that the tab is open, so its draft is not pruned however long ago it was saved. */
export function markAlive(store: KeyValueStore | null, id: string, now = Date.now()): void {
  try {
    store?.setItem(ALIVE_PREFIX + id, String(now));
  } catch {
    // Storage full: the draft is still kept for DRAFT_MAX_AGE_MS after its last save.
  }
}

/**
 * Start-up housekeeping: takes in the single autosave of earlier builds, takes back set-aside
 * drafts this build reads, and prunes drafts that are neither among the DRAFTS_KEPT most
 * recent, nor saved within DRAFT_MAX_AGE_MS, nor of an open tab. Each step on its own, so a
 * full storage that refuses one does not stop the others.
 */
function tidyDrafts(store: KeyValueStore, id: string, now: number, report?: SetAsideReport): Draft[] {
  try {
    const legacy = store.getItem(LEGACY_AUTOSAVE_KEY);
    if (legacy !== null) {
      store.setItem(`${DRAFT_PREFIX}earlier-${now}`, JSON.stringify({ savedAt: now - 1, name: 'Autosave of an earlier version', text: legacy }));
      store.removeItem(LEGACY_AUTOSAVE_KEY);
    }
  } catch {
    // Storage full: the old slot stays as it is, to be taken in another time.
  }
  for (const key of keysWith(store, UNREADABLE_PREFIX)) {
    try {
      const raw = store.getItem(key) ?? '';
      const record = parseRecord(raw) ?? { savedAt: now - 2, name: 'Rescued draft', text: raw };
      if (!readGraphFile(record.text).ok) continue;
      store.setItem(`${DRAFT_PREFIX}rescued-${key.slice(UNREADABLE_PREFIX.length)}`, JSON.stringify(record));
      store.removeItem(key);
    } catch {
      // Storage full: it stays aside, as it was.
    }
  }
  const drafts = readDrafts(store, now, report);
  const pruned = new Set<string>();
  try {
    for (const old of drafts.slice(DRAFTS_KEPT)) {
      if (old.id === id || now - old.savedAt <= DRAFT_MAX_AGE_MS || isAlive(store, old.id, now)) continue;
      store.removeItem(DRAFT_PREFIX + old.id);
      pruned.add(old.id);
    }
    for (const key of keysWith(store, ALIVE_PREFIX)) if (now - Number(store.getItem(key)) > DRAFT_MAX_AGE_MS) store.removeItem(key);
    // A history and a pin go with their draft: pruned, set aside or never written.
    for (const prefix of [HISTORY_PREFIX, PIN_PREFIX]) for (const key of keysWith(store, prefix)) if (store.getItem(DRAFT_PREFIX + key.slice(prefix.length)) === null) store.removeItem(key);
  } catch {
    // Nothing more pruned this time.
  }
  return drafts.filter((d) => !pruned.has(d.id));
}

/** The draft a tab opens on (restoreDraft). */
export interface RestoredDraft {
  readonly graph: Graph;
  /** True for the tab's own draft (a reload); false for a copy of another's (a new tab). */
  readonly own: boolean;
  readonly file: string | null;
  /** True when `file` holds the graph as the draft does (it was saved, no edit since). */
  readonly clean: boolean;
  /** The id the draft is stored under: its saved undo history is stored under it too. */
  readonly id: string;
  /** The draft's graph file text as stored, which its saved history names. */
  readonly text: string;
}

/**
 * The graph a tab opens on: its own draft (a reload), else the most recently saved one (a new
 * tab, or its own draft no longer reads), or null. Tidies the drafts first (tidyDrafts). Each
 * draft set aside on the way is told to `report`, so the editor says why the graph it opens is
 * not the one the person had.
 */
export function restoreDraft(store: KeyValueStore | null, id: string, now = Date.now(), report?: SetAsideReport): RestoredDraft | null {
  if (!store) return null;
  try {
    const drafts = tidyDrafts(store, id, now, report);
    // The tab's own draft first, then the others from the most recent.
    for (const draft of [...drafts.filter((d) => d.id === id), ...drafts.filter((d) => d.id !== id)]) {
      const read = readGraphFile(draft.text, 'draft');
      if (read.ok) return { graph: read.graph, own: draft.id === id, file: draft.file, clean: draft.clean, id: draft.id, text: draft.text };
      // The whole record, so a build that reads it takes it back with its name and time.
      const key = setAside(store, draft.id, store.getItem(DRAFT_PREFIX + draft.id) ?? draft.text, now);
      report?.({ name: draft.name, savedAt: draft.savedAt, key, problems: read.problems });
    }
  } catch {
    // Storage that refuses to be read: start without a draft.
  }
  return null;
}

/** The drafts of other tabs, most recent first, to offer for opening. */
export function otherDrafts(store: KeyValueStore | null, id: string): DraftInfo[] {
  if (!store) return [];
  try {
    return readDrafts(store)
      .filter((d) => d.id !== id)
      .map(({ id, savedAt, name }) => ({ id, savedAt, name }));
  } catch {
    return [];
  }
}

/** A draft's graph file text, or null when it is gone. */
export function draftText(store: KeyValueStore | null, id: string): string | null {
  if (!store) return null;
  try {
    return parseRecord(store.getItem(DRAFT_PREFIX + id))?.text ?? null;
  } catch {
    return null;
  }
}
