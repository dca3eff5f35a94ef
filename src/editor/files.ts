// Graph files in the editor: open with every problem listed, save in the canonical layout,
// and the autosaved drafts in browser storage. The storage is passed in, so this runs in Node too.

import type { Graph } from '../model/graph.ts';
import { parseGraph, serializeGraph } from '../model/format.ts';
import { GraphError, type Problem } from '../model/problems.ts';

export type OpenResult =
  | { readonly ok: true; readonly graph: Graph; readonly note?: string }
  | { readonly ok: false; readonly file: string | undefined; readonly problems: readonly Problem[] };

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
 * Reads graph file text for the editor; on failure, every problem with its JSON path (the open
 * graph is not touched). A view outside the editor's resolutions is fitted, with a note.
 */
export function readGraphFile(text: string, file?: string): OpenResult {
  try {
    return { ok: true, ...fitForEditor(parseGraph(text, { file })) };
  } catch (err) {
    if (err instanceof GraphError) return { ok: false, file, problems: err.problems };
    return { ok: false, file, problems: [{ path: '$', message: err instanceof Error ? err.message : String(err) }] };
  }
}

/** The file text of a graph: parseGraph of a shipped file then this gives the same bytes. */
export function graphFileText(graph: Graph): string {
  return serializeGraph(graph);
}

/** A file name for a download: the name it was opened as, else the graph's name made safe. */
export function graphFileName(graph: Graph, openedAs: string | null): string {
  if (openedAs) return openedAs.endsWith('.json') ? openedAs : `${openedAs}.json`;
  const stem = graph.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${stem || 'graph'}.json`;
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
// A reload finds its tab's draft again (the tab's id lives in sessionStorage); a new tab opens
// on the most recently saved draft, as a copy that autosaves under its own id; the other
// drafts stay in storage and are listed in the editor to open. A draft that no longer reads
// (a newer format, a broken write) is moved aside under a key of its own, never dropped.

/** Drafts live under this prefix and the tab's id: `{"savedAt": ms, "name": …, "text": graph file}`. */
export const DRAFT_PREFIX = 'terrain-graph:draft:';
/** Where a draft that no longer reads is kept, as it was, one key per draft. */
export const UNREADABLE_PREFIX = 'terrain-graph:unreadable:';
/** The one autosave slot of earlier builds: taken in as a draft on start-up. */
export const LEGACY_AUTOSAVE_KEY = 'terrain-graph:autosave';
/** Drafts kept: when a tab starts, all but the most recently saved are removed. */
export const DRAFTS_KEPT = 12;

export interface DraftInfo {
  readonly id: string;
  readonly savedAt: number;
  readonly name: string;
}

interface Draft extends DraftInfo {
  readonly text: string;
}

/** A tab's id: kept in the tab's session storage, so a reload keeps it and a new tab gets a new one. */
export function tabId(session: Pick<KeyValueStore, 'getItem' | 'setItem'> | null, fresh = () => Math.random().toString(36).slice(2, 10)): string {
  const KEY = 'terrain-graph:tab';
  try {
    const known = session?.getItem(KEY);
    if (known) return known;
    const id = fresh();
    session?.setItem(KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

/** Every draft in storage with its text; a record that does not parse is moved aside. */
function readDrafts(store: KeyValueStore): Draft[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  const drafts: Draft[] = [];
  for (const key of keys) {
    const raw = store.getItem(key);
    const id = key.slice(DRAFT_PREFIX.length);
    try {
      const record = JSON.parse(raw ?? '') as { savedAt?: unknown; name?: unknown; text?: unknown };
      if (typeof record.savedAt !== 'number' || typeof record.text !== 'string') throw new Error('not a draft');
      drafts.push({ id, savedAt: record.savedAt, name: typeof record.name === 'string' ? record.name : 'Untitled', text: record.text });
    } catch {
      setAside(store, id, raw ?? '');
    }
  }
  return drafts.sort((a, b) => b.savedAt - a.savedAt);
}

/** Moves a draft's text to UNREADABLE_PREFIX + id and removes the draft. */
function setAside(store: KeyValueStore, id: string, text: string): void {
  try {
    store.setItem(UNREADABLE_PREFIX + id, text);
    store.removeItem(DRAFT_PREFIX + id);
  } catch {
    // Storage full: the draft stays where it is, unread; nothing is lost.
  }
}

/** Writes the tab's draft; false when storage refused (full, private mode). */
export function writeDraft(store: KeyValueStore | null, id: string, graph: Graph, now = Date.now()): boolean {
  if (!store) return false;
  try {
    store.setItem(DRAFT_PREFIX + id, JSON.stringify({ savedAt: now, name: graph.name, text: serializeGraph(graph) }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The graph a tab opens on: its own draft (a reload), else the most recently saved one (a new
 * tab, or its own draft no longer reads), or null. Takes in the single autosave of earlier builds, moves unreadable drafts aside,
 * and trims the drafts to DRAFTS_KEPT.
 */
export function restoreDraft(store: KeyValueStore | null, id: string, now = Date.now()): { graph: Graph; own: boolean } | null {
  if (!store) return null;
  try {
    const legacy = store.getItem(LEGACY_AUTOSAVE_KEY);
    if (legacy !== null) {
      store.setItem(DRAFT_PREFIX + 'earlier', JSON.stringify({ savedAt: now - 1, name: 'Autosave of an earlier version', text: legacy }));
      store.removeItem(LEGACY_AUTOSAVE_KEY);
    }
    const drafts = readDrafts(store);
    for (const old of drafts.slice(DRAFTS_KEPT)) if (old.id !== id) store.removeItem(DRAFT_PREFIX + old.id);
    // The tab's own draft first, then the others from the most recent.
    const mine = drafts.filter((d) => d.id === id);
    for (const draft of [...mine, ...drafts.filter((d) => d.id !== id)]) {
      const read = readGraphFile(draft.text, 'draft');
      if (read.ok) return { graph: read.graph, own: draft.id === id };
      setAside(store, draft.id, draft.text);
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
    return readDrafts(store).find((d) => d.id === id)?.text ?? null;
  } catch {
    return null;
  }
}
