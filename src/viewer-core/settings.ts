// The viewer's own settings kept across reloads (the rivers drawn over the map, the export's
// size and mesh options): per browser, in the page's localStorage beside the drafts, never in
// the graph file. One JSON value a key; what does not read (a hand-edited or damaged store, a
// value out of range) falls back to the default, and a store that refuses to write leaves the
// choice for this page only. Nothing here throws.

import type { KeyValueStore } from '../editor/files.ts';

/** Where the viewer keeps its own settings: the part of the drafts' store it reads and writes (the page's localStorage; a Map in tests). */
export type SettingStore = Pick<KeyValueStore, 'getItem' | 'setItem'>;

/**
 * The setting stored under `key`, read by `read` from its parsed JSON; `fallback` when there is
 * none, when it is not JSON, or when the store refuses to be read. `read` takes unknown data
 * (anything a person could have typed into the store) and returns the setting, each part
 * checked on its own, so that one damaged part does not cost the others.
 */
export function readSetting<T>(store: SettingStore | null | undefined, key: string, read: (value: unknown) => T, fallback: T): T {
  let text: string | null;
  try {
    text = store?.getItem(key) ?? null;
  } catch {
    return fallback;
  }
  if (!text) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  return read(value);
}

/** Keeps the setting as JSON; a store that refuses (full, blocked) leaves it for this page only. */
export function writeSetting(store: SettingStore | null | undefined, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // The choice still holds for this page.
  }
}

/** The object's fields, or an empty record when the value is no object (a number, null, a list). */
export function fields(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
