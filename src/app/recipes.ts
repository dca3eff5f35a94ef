// The graph files shipped in graphs/, bundled as text so the Recipes menu works offline and
// opening one goes through the same parser as any other file.

export interface Recipe {
  /** File name in graphs/, e.g. "default.json". */
  readonly file: string;
  /** The graph's own name, for the menu. */
  readonly name: string;
  readonly text: string;
}

const FILES = import.meta.glob('../../graphs/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Titles in the order a person reads a list: letters before case ("Climate: no wind" after "Climate: Kauai"), numbers by value. */
const TITLES = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Recipes in menu order: the default graph first (what the editor opens on), then by the name
 * the menu shows, not by file name, which read as a scramble ("Archipelago" among the T's, as
 * terrain-archipelago.json). The file name breaks a tie.
 */
export function menuOrder(list: readonly Recipe[]): Recipe[] {
  const first = (r: Recipe) => (r.file === 'default.json' ? 0 : 1);
  return [...list].sort((a, b) => first(a) - first(b) || TITLES.compare(a.name, b.name) || a.file.localeCompare(b.file));
}

/** Every file in graphs/, in menu order (menuOrder). */
export function recipes(): Recipe[] {
  const list = Object.entries(FILES).map(([path, text]) => {
    const file = path.slice(path.lastIndexOf('/') + 1);
    let name = file;
    try {
      const doc = JSON.parse(text) as { name?: unknown };
      if (typeof doc.name === 'string' && doc.name) name = doc.name;
    } catch {
      // A file that does not parse is still listed: opening it shows its problems.
    }
    return { file, name, text };
  });
  return menuOrder(list);
}
