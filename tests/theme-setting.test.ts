// The person's choice of theme, kept across reloads on the settings module: read back as written,
// the bare word an earlier version kept under the same key still read, and anything else (a
// hand-edited value, a store that refuses) no choice at all, so the system's theme is followed.
import { describe, expect, it } from 'vitest';
import { readTheme, type SettingStore, THEME_KEY, writeTheme } from '../src/viewer-core/settings.ts';

function memoryStore(entries: Record<string, string> = {}): SettingStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe('the theme kept across reloads', () => {
  it('keeps the key it had, terrain-graph:theme, and reads back what it wrote', () => {
    expect(THEME_KEY).toBe('terrain-graph:theme');
    const store = memoryStore();
    expect(readTheme(store)).toBeNull();
    writeTheme(store, 'light');
    expect(store.map.get(THEME_KEY)).toBe('"light"');
    expect(readTheme(store)).toBe('light');
    writeTheme(store, 'dark');
    expect(readTheme(store)).toBe('dark');
  });

  it('reads the bare word a saved choice was kept as before (dark, light)', () => {
    expect(readTheme(memoryStore({ [THEME_KEY]: 'dark' }))).toBe('dark');
    expect(readTheme(memoryStore({ [THEME_KEY]: 'light' }))).toBe('light');
  });

  it('takes anything else for no choice: another word, another JSON value, broken JSON, a store that refuses', () => {
    for (const text of ['blue', '"blue"', 'Dark', '{"theme":"dark"}', '["dark"]', '{', '']) expect(readTheme(memoryStore({ [THEME_KEY]: text })), text).toBeNull();
    const refusing: SettingStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readTheme(refusing)).toBeNull();
    expect(() => writeTheme(refusing, 'dark')).not.toThrow();
    expect(readTheme(null)).toBeNull();
  });
});
