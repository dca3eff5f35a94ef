// Graph files in the editor: open with every problem listed, save in the canonical layout,
// and the autosave slot in browser storage. The storage is passed in, so this runs in Node too.

import type { Graph } from '../model/graph.ts';
import { parseGraph, serializeGraph } from '../model/format.ts';
import { GraphError, type Problem } from '../model/problems.ts';

export type OpenResult =
  | { readonly ok: true; readonly graph: Graph }
  | { readonly ok: false; readonly file: string | undefined; readonly problems: readonly Problem[] };

/** Reads graph file text; on failure, every problem with its JSON path (the open graph is not touched). */
export function readGraphFile(text: string, file?: string): OpenResult {
  try {
    return { ok: true, graph: parseGraph(text, { file }) };
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
/** Where an autosave that no longer reads is kept, before the next autosave takes its slot. */
export const UNREADABLE_KEY = 'terrain-graph:autosave-unreadable';

/**
 * The autosaved graph, or null when there is none or it no longer reads (a newer format, a
 * broken write): then its text is copied aside under UNREADABLE_KEY, for a newer build or a
 * person to rescue, since the next autosave will write over the slot.
 */
export function restoreAutosave(store: KeyValueStore): Graph | null {
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
export function writeAutosave(store: KeyValueStore, graph: Graph): boolean {
  try {
    store.setItem(AUTOSAVE_KEY, serializeGraph(graph));
    return true;
  } catch {
    return false;
  }
}
