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

/** Every file in graphs/, the default graph first, then by file name. */
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
  return list.sort((a, b) => (a.file === 'default.json' ? -1 : b.file === 'default.json' ? 1 : a.file.localeCompare(b.file)));
}
