// The add-node menu as data: node types grouped as their manifests say, filtered by a search.
//
// Both menus use it: right-click on the canvas (every type) and a wire dropped on empty canvas
// (only the types with a port that fits the wire, one entry per fitting port).

import { NODE_TYPES } from '../../nodes/index.ts';
import type { AnyNodeDef } from '../model/manifest.ts';
import { canConnect, type Meaning, type PortType } from '../model/values.ts';
import { portOffers } from './wiring.ts';

export interface MenuItem {
  readonly type: string;
  readonly title: string;
  readonly group: AnyNodeDef['group'];
  readonly doc: string;
  /** The new node's port the dropped wire joins (wire menus only); its input, for a node inserted on a wire. */
  readonly port?: string;
  /** For a node inserted on a wire: its output that feeds the wire's input. */
  readonly outPort?: string;
  /** Its ports' names and its choices' values ("lakes", "ridged"), searched with the doc. */
  readonly keywords?: string;
}

/** The names of a node type's ports and of its params' choices. */
function keywordsOf(d: AnyNodeDef): string {
  const choices = Object.values(d.params).flatMap((p) => (p.kind === 'enum' ? p.options : []));
  return [...Object.keys(d.inputs), ...Object.keys(d.outputs), ...choices].join(' ');
}

export interface MenuGroup {
  readonly group: AnyNodeDef['group'];
  readonly items: readonly MenuItem[];
}

/** Every node type, one item each. */
export function allItems(): MenuItem[] {
  return NODE_TYPES.map((d) => ({ type: d.type, title: d.title, group: d.group, doc: d.doc, keywords: keywordsOf(d) }));
}

/**
 * One item per (node type, port) that could take a wire dragged from a socket of this side and
 * type; from an output of `meaning`, each node's inputs made for it first; from an input made
 * for the meanings `takes`, the outputs of those meanings first (see portOffers).
 */
export function wireItems(side: 'input' | 'output', type: PortType, meaning?: Meaning, takes?: readonly Meaning[]): MenuItem[] {
  const offers = portOffers(side, type, meaning, takes);
  const perType = new Map<string, number>();
  for (const o of offers) perType.set(o.def.type, (perType.get(o.def.type) ?? 0) + 1);
  return offers.map((o) => ({
    type: o.def.type,
    // "Curve" when the type has one fitting port, "Combine · scale" when it has several.
    title: perType.get(o.def.type)! > 1 ? `${o.def.title} · ${o.port}` : o.def.title,
    group: o.def.group,
    doc: o.def.doc,
    keywords: keywordsOf(o.def),
    port: o.port,
  }));
}

/**
 * One item per (node type, input) that can sit on a wire from a `from` output (of `meaning`) to a
 * `to` input: the input takes `from` (those made for `meaning` first), and the type's first
 * output that `to` takes feeds it on.
 */
export function insertItems(from: PortType, to: PortType, meaning?: Meaning): MenuItem[] {
  const items: MenuItem[] = [];
  for (const o of portOffers('output', from, meaning)) {
    const out = Object.entries(o.def.outputs).find(([, spec]) => canConnect(spec.type, to));
    if (out) items.push({ type: o.def.type, title: o.def.title, group: o.def.group, doc: o.def.doc, keywords: keywordsOf(o.def), port: o.port, outPort: out[0] });
  }
  const perType = new Map<string, number>();
  for (const it of items) perType.set(it.type, (perType.get(it.type) ?? 0) + 1);
  return items.map((it) => (perType.get(it.type)! > 1 ? { ...it, title: `${it.title} · ${it.port}` } : it));
}

/**
 * How well an item matches one word of the query: its title starts with it (3), a word of its
 * title does (2), its title, type or port holds it (1), only a word of its group's name starts with
 * it (0), none (-1).
 */
function wordScore(it: MenuItem, word: string): number {
  const title = it.title.toLowerCase();
  if (title.startsWith(word)) return 3;
  if (title.split(/[^a-z0-9]+/).some((w) => w.startsWith(word))) return 2;
  if (`${title} ${it.type} ${it.port ?? ''}`.toLowerCase().includes(word)) return 1;
  // A word of the group's name that starts with it: "rain" held inside "Terrain" listed every
  // Terrain node (the fBm noise first) and kept the search from the nodes the rain goes through.
  return it.group.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.startsWith(word)) ? 0 : -1;
}

/** A word of the item's documentation, port names or choices starts with the word (0), or none does (-1). */
function docScore(it: MenuItem, word: string): number {
  return `${it.doc} ${it.keywords ?? ''}`.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.startsWith(word)) ? 0 : -1;
}

/** The items every word matches, best first (then in menu order). */
function rank(items: readonly MenuItem[], words: readonly string[], score: (it: MenuItem, word: string) => number) {
  return items
    .map((it, k) => {
      const scores = words.map((w) => score(it, w));
      return { it, k, score: scores.some((x) => x < 0) ? -1 : scores.reduce((a, b) => a + b, 0) };
    })
    .filter((x) => x.score >= 0)
    .sort((a, b) => b.score - a.score || a.k - b.k);
}

/**
 * The words a choice's documentation gives it, where the param's doc reads "a: …; b: …" (the
 * fBm's kind: "ridged: crests that line up into ranges of mountains").
 */
function choiceWords(doc: string, option: string): string[] {
  const part = doc.split(/;\s*/).find((p) => p.toLowerCase().startsWith(`${option.toLowerCase()}:`));
  return part ? part.slice(option.length + 1).toLowerCase().split(/[^a-z0-9]+/).filter(Boolean) : [];
}

/**
 * The choices a search names, for the node picked from it: "ridged" finds the fBm noise by its
 * kind, and the noise added is then a ridged one, not the plain one the person did not ask for.
 * A word of the query names a choice when it is the choice or, from 4 letters, its start; else,
 * from 4 letters, when it starts a word of that choice's documentation and of no other choice's
 * ("mountain" the ridged kind's "ranges of mountains", "hills" the billow's "round hills"): a
 * worldbuilder typed "mountain" and, once the search found the fBm noise, got a plain one.
 */
export function choicesNamed(type: string, query: string): Record<string, string> {
  const def = NODE_TYPES.find((d) => d.type === type);
  const words = query.toLowerCase().split(/[^a-z0-9-]+/).filter(Boolean);
  const named: Record<string, string> = {};
  if (!def) return named;
  for (const [key, spec] of Object.entries(def.params)) {
    if (spec.kind !== 'enum') continue;
    let hit = spec.options.find((o) => words.some((w) => w === o.toLowerCase() || (w.length >= 4 && o.toLowerCase().startsWith(w))));
    if (hit === undefined) {
      const described = spec.options.filter((o) => choiceWords(spec.doc, o).some((d) => words.some((w) => w.length >= 4 && d.startsWith(w))));
      if (described.length === 1) hit = described[0];
    }
    if (hit !== undefined && hit !== spec.default) named[key] = hit;
  }
  return named;
}

/**
 * Items whose title, type, port or group contain every word of the query (case-insensitive),
 * grouped in menu order; with a query, the best matches first (the group holding the best one
 * first, and in each group its best first), so Enter picks what was typed: "terr" is Terrace,
 * not the first of the Terrain group, which every Terrain node matches by its group's name.
 * When nothing matches so, the words are looked for in the nodes' documentation: someone from
 * Gaea or World Machine types "ridged", "voronoi", "gaussian" or "talus", which name a kind or
 * the method of one of our nodes (fBm noise, Cellular noise, Blur, Thermal erosion) but not its
 * title, and read "No node matches". Only then, so the documentation never crowds a search the
 * titles answer.
 */
export function searchMenu(items: readonly MenuItem[], query: string): MenuGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let scored = rank(items, words, wordScore);
  if (!scored.length && words.length) scored = rank(items, words, (it, w) => Math.max(wordScore(it, w), docScore(it, w)));
  const groups: MenuGroup[] = [];
  for (const { it } of scored) {
    let g = groups.find((x) => x.group === it.group);
    if (!g) groups.push((g = { group: it.group, items: [] }));
    (g.items as MenuItem[]).push(it);
  }
  return groups;
}
