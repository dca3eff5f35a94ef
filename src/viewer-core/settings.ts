// The settings kept across reloads (the viewer's rivers drawn over the map, the export's size
// and mesh options, the editor's theme): per browser, in the page's localStorage beside the
// drafts, never in the graph file. One JSON value a key; what does not read (a hand-edited or damaged store, a
// value out of range) falls back to the default, and a store that refuses to write leaves the
// choice for this page only. Nothing here throws.

import type { KeyValueStore } from '../editor/files.ts';

/** Where the settings are kept: the part of the drafts' store they read and write (the page's localStorage; a Map in tests). */
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

/** The editor's two themes. */
export type Theme = 'dark' | 'light';

/** Where the person's choice of theme is kept (its key from before this module: a saved choice still applies). */
export const THEME_KEY = 'terrain-graph:theme';

const isTheme = (v: unknown): v is Theme => v === 'dark' || v === 'light';

/**
 * The theme the person chose, or null when none was (the system's is followed then). Before it
 * came here the choice was kept as the bare word (dark, not "dark" as JSON), which still reads.
 */
export function readTheme(store: SettingStore | null | undefined): Theme | null {
  let text: string | null;
  try {
    text = store?.getItem(THEME_KEY) ?? null;
  } catch {
    return null;
  }
  if (isTheme(text)) return text;
  return readSetting(store, THEME_KEY, (v) => (isTheme(v) ? v : null), null);
}

/** Keeps the person's choice of theme. */
export function writeTheme(store: SettingStore | null | undefined, theme: Theme): void {
  writeSetting(store, THEME_KEY, theme);
}
