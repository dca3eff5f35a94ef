// Graph files in the editor: open with every problem listed, save in the canonical layout,
// and the autosave slot in browser storage. The storage is passed in, so this runs in Node too.

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

/** The part of the Web Storage API the autosave uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const AUTOSAVE_KEY = 'terrain-graph:autosave';

/**
 * The page's storage, or null where reading `localStorage` itself throws (site data blocked):
 * the editor then works without an autosave instead of failing to start.
 */
export function pageStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
/** Where an autosave that no longer reads is kept, before the next autosave takes its slot. */
export const UNREADABLE_KEY = 'terrain-graph:autosave-unreadable';

/**
 * The autosaved graph, or null when there is none or it no longer reads (a newer format, a
 * broken write): then its text is copied aside under UNREADABLE_KEY, for a newer build or a
 * person to rescue, since the next autosave will write over the slot.
 */
export function restoreAutosave(store: KeyValueStore | null): Graph | null {
  if (!store) return null;
  let text: string | null;
  try {
    text = store.getItem(AUTOSAVE_KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  const read = readGraphFile(text, 'autosave');
  if (read.ok) return read.graph;
  try {
    store.setItem(UNREADABLE_KEY, text);
  } catch {
    // Storage full: the slot keeps the text until the next autosave; nothing more to do.
  }
  return null;
}

/** Writes the graph to the autosave slot; false when storage refused (full, private mode). */
export function writeAutosave(store: KeyValueStore | null, graph: Graph): boolean {
  if (!store) return false;
  try {
    store.setItem(AUTOSAVE_KEY, serializeGraph(graph));
    return true;
  } catch {
    return false;
  }
}
