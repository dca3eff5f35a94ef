// The graph files shipped in graphs/, bundled as text so the Recipes menu works offline and
// opening one goes through the same parser as any other file.

import { graphFileText, readGraphFile } from '../editor/files.ts';
import type { Graph } from '../model/graph.ts';
import { nodeDef } from '../../nodes/index.ts';

export interface Recipe {
  /** File name in graphs/, e.g. "default.json". */
  readonly file: string;
  /** The graph's own name, for the menu. */
  readonly name: string;
  readonly text: string;
  /**
   * What the menu's option says when pointed at: the graph's notes, then the kinds of node it
   * uses ("Nodes: … Flow and rivers, Fluvial erosion"), so a person can tell which recipe has
   * rivers or erosion before opening it; the titles alone did not say.
   */
  readonly about: string;
}

/** The notes and node kinds of a graph file's text (see Recipe.about); "" for a file that does not parse. */
export function recipeAbout(text: string): string {
  let doc: { notes?: unknown; nodes?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    return '';
  }
  const notes = typeof doc.notes === 'string' ? doc.notes.trim() : '';
  const types = Array.isArray(doc.nodes) ? doc.nodes.map((n: { type?: unknown }) => n?.type).filter((t): t is string => typeof t === 'string') : [];
  // Each kind once, in the file's order, by the title the palette shows (the type when unknown).
  const kinds = [...new Set(types)].map((t) => nodeDef(t)?.title ?? t);
  const uses = kinds.length ? `Nodes: ${kinds.join(', ')}.` : '';
  return [notes, uses].filter(Boolean).join('\n\n');
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
    return { file, name, text, about: recipeAbout(text) };
  });
  return menuOrder(list);
}

/** Each recipe's graph as the editor holds it once opened: its text through the editor's reader and writer (null: it does not read). */
const AS_OPENED = new WeakMap<Recipe, string | null>();

function asOpened(recipe: Recipe): string | null {
  if (!AS_OPENED.has(recipe)) {
    const read = readGraphFile(recipe.text, recipe.file);
    AS_OPENED.set(recipe, read.ok ? graphFileText(read.graph) : null);
  }
  return AS_OPENED.get(recipe)!;
}

/**
 * The recipe `graph` is, unchanged (as opened, or undone back to it), or null once anything of it
 * differs: a param, a node moved, the view, the world. The Recipes menu shows its name, which
 * went back to "Recipes…" after the pick and left the graph's name alone to say what was open.
 * The graph's name rules out the others before it is written out.
 */
export function recipeShown(graph: Readonly<Graph>, list: readonly Recipe[]): Recipe | null {
  const alike = list.filter((r) => r.name === graph.name);
  if (!alike.length) return null;
  const text = graphFileText(graph as Graph);
  return alike.find((r) => asOpened(r) === text) ?? null;
}
