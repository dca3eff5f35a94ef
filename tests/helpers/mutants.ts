// Seeded mutants of graph files for the fuzz tests: each is a shipped or older-version graph
// with one to three damages, some that a file may well hold (a param at its range's end, a
// rewired input, a bypassed node) and some that it must be refused for (a wrong type at any
// JSON path, a wire to nowhere, a cycle, a truncated or re-encoded file).
import { CATALOGUE } from '../../nodes/index.ts';
import type { ParamSpec } from '../../src/model/params.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { [key: string]: Json };

/** A mutant: its file text, or (for values JSON text cannot hold, NaN and ±Infinity) a document. */
export interface Mutant {
  readonly what: string;
  readonly text?: string;
  readonly bytes?: Uint8Array;
  readonly doc?: unknown;
}

type Random = () => number;

const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const int = (rand: Random, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

/** Every [path, parent, key] of a document, the root excluded. */
function places(doc: Json): { path: string; parent: Json[] | Doc; key: string | number }[] {
  const out: { path: string; parent: Json[] | Doc; key: string | number }[] = [];
  const walk = (v: Json, path: string): void => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        out.push({ path: `${path}[${i}]`, parent: v, key: i });
        walk(x, `${path}[${i}]`);
      });
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        out.push({ path: `${path}.${k}`, parent: v, key: k });
        walk(v[k], `${path}.${k}`);
      }
    }
  };
  walk(doc, '$');
  return out;
}

function nested(depth: number): Json {
  let v: Json = 0;
  for (let k = 0; k < depth; k++) v = k % 2 ? [v] : { a: v };
  return v;
}

/** Values of every JSON type, and numbers at the edges of what a double holds. */
const ODD_VALUES: readonly Json[] = [
  null, true, false, 0, -0, 1, -1, 0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 2, 4097, 15, 65, 1e6,
  '', 'x', 'a'.repeat(100_000), 'ü\u0000\uFFFF', '__proto__', 'constructor', 'toString', 'cont.out',
  [], {}, [[]], [0, 0], [[0, 0]], [1e308, -1e308], { x: 0, y: 0, size: 16 }, nested(20), nested(70),
];

/** Values only a document (never JSON text) can hold: what a caller of parseGraph may pass. */
const NON_JSON: readonly unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined];

/** A random value a param of this spec may hold: its range's ends often, its middle sometimes. */
function validValue(rand: Random, spec: ParamSpec): Json {
  switch (spec.kind) {
    case 'number': {
      const r = rand();
      if (r < 0.3) return spec.min;
      if (r < 0.6) return spec.max;
      return spec.min + rand() * (spec.max - spec.min);
    }
    case 'int':
      return rand() < 0.5 ? pick(rand, [spec.min, spec.max]) : int(rand, spec.min, Math.min(spec.max, spec.min + 1000));
    case 'enum':
      return pick(rand, spec.options);
    case 'bool':
      return rand() < 0.5;
    case 'points': {
      const n = int(rand, spec.minCount, Math.min(spec.maxCount, spec.minCount + 6));
      const xs = Array.from({ length: n }, () => spec.min + rand() * (spec.max - spec.min)).sort((a, b) => a - b);
      // Equal x's and points at the range's ends are the edges a curve kernel meets.
      if (n > 1 && rand() < 0.3) xs[1] = xs[0];
      return xs.map((x) => [x, rand() < 0.3 ? pick(rand, [spec.min, spec.max]) : spec.min + rand() * (spec.max - spec.min)]);
    }
    case 'numbers': {
      const n = int(rand, spec.minCount, Math.min(spec.maxCount, spec.minCount + 5));
      const xs = new Set<number>();
      while (xs.size < n) xs.add(spec.min + rand() * (spec.max - spec.min));
      return [...xs].sort((a, b) => a - b);
    }
    case 'table':
      return Array.from({ length: spec.rows }, () => Array.from({ length: spec.cols }, () => pick(rand, spec.options)));
  }
}

/** A value just outside the spec, or of the wrong shape for it. */
function invalidValue(rand: Random, spec: ParamSpec): Json {
  switch (spec.kind) {
    case 'number':
    case 'int':
      return pick(rand, [spec.min - 1, spec.max + 1, spec.min - 1e-9, 1e308, -1e308, spec.kind === 'int' ? spec.min + 0.5 : '1']);
    case 'enum':
      return pick(rand, ['', spec.options[0].toUpperCase(), `${spec.options[0]} `, 0]);
    case 'bool':
      return pick(rand, [0, 1, 'true', null]);
    case 'points':
      return pick<Json>(rand, [[], [[0, 0]], [[1, 0], [0, 0]], [[0]], [[0, 0, 0]], [[spec.max + 1, 0], [spec.max + 2, 0]], Array.from({ length: spec.maxCount + 1 }, (_, i) => [i / 1e6, 0])]);
    case 'numbers':
      return pick<Json>(rand, [[], [0.5, 0.5], [0.6, 0.4], [spec.max + 1], Array.from({ length: spec.maxCount + 1 }, (_, i) => i / 1e6)]);
    case 'table':
      return pick<Json>(rand, [[], [[]], Array.from({ length: spec.rows }, () => ['ocean']), Array.from({ length: spec.rows }, () => Array.from({ length: spec.cols }, () => 'lava'))]);
  }
}

const nodesOf = (doc: Doc): Doc[] => (Array.isArray(doc.nodes) ? (doc.nodes.filter((n) => n !== null && typeof n === 'object' && !Array.isArray(n)) as Doc[]) : []);
const edgesOf = (doc: Doc): Doc[] => (Array.isArray(doc.edges) ? (doc.edges.filter((n) => n !== null && typeof n === 'object' && !Array.isArray(n)) as Doc[]) : []);

function portsOf(type: Json, side: 'inputs' | 'outputs'): string[] {
  const def = typeof type === 'string' ? CATALOGUE.def(type) : undefined;
  return def ? Object.keys(def[side]) : [];
}

/** One damage to a document, in place; returns what it did. */
type Damage = (doc: Doc, rand: Random) => string;

/** One param of a node picked at random set to `value`'s pick for its spec; what it did, with `tag`. */
function setParam(doc: Doc, rand: Random, value: (rand: Random, spec: ParamSpec) => Json, tag: string): string {
  const node = pick(rand, nodesOf(doc));
  const def = node && typeof node.type === 'string' ? CATALOGUE.def(node.type) : undefined;
  if (!def || typeof node.params !== 'object' || node.params === null || Array.isArray(node.params)) return 'nothing';
  const key = pick(rand, Object.keys(def.params));
  if (key === undefined) return 'nothing';
  (node.params as Doc)[key] = value(rand, def.params[key]);
  return `${String(node.id)}.${key} = ${JSON.stringify((node.params as Doc)[key]).slice(0, 80)}${tag}`;
}

const DAMAGES: readonly { weight: number; damage: Damage }[] = [
  // A param set to a value its node takes (the engine must evaluate it), or to one it does not.
  { weight: 6, damage: (doc, rand) => setParam(doc, rand, validValue, '') },
  { weight: 2, damage: (doc, rand) => setParam(doc, rand, invalidValue, ' (invalid)') },
  {
    weight: 4,
    damage: (doc, rand) => {
      // Any value anywhere becomes a value of another type, or an odd number.
      const at = pick(rand, places(doc));
      if (!at) return 'nothing';
      const v = pick(rand, ODD_VALUES);
      (at.parent as Record<string | number, Json>)[at.key] = JSON.parse(JSON.stringify(v));
      return `${at.path} = ${JSON.stringify(v).slice(0, 40)}`;
    },
  },
  {
    weight: 2,
    damage: (doc, rand) => {
      const at = pick(rand, places(doc));
      if (!at) return 'nothing';
      if (Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
      else delete at.parent[at.key as string];
      return `delete ${at.path}`;
    },
  },
  {
    weight: 2,
    damage: (doc, rand) => {
      // Duplicate a list item (a node: its id twice; a wire: two into one input) or a value under another key.
      const lists = places(doc).filter((p) => Array.isArray((p.parent as Record<string | number, Json>)[p.key]) && ((p.parent as Record<string | number, Json>)[p.key] as Json[]).length);
      const at = pick(rand, lists);
      if (!at) return 'nothing';
      const list = (at.parent as Record<string | number, Json>)[at.key] as Json[];
      const i = int(rand, 0, list.length - 1);
      list.splice(int(rand, 0, list.length), 0, JSON.parse(JSON.stringify(list[i])));
      return `duplicate ${at.path}[${i}]`;
    },
  },
  {
    weight: 2,
    damage: (doc, rand) => {
      const node = pick(rand, nodesOf(doc));
      if (!node) return 'nothing';
      // Another known type (its params then do not fit), an unknown one, or one a person mistypes.
      const t = pick(rand, [...CATALOGUE.types.map((d) => d.type), 'fbmm', 'Noise', '', 'constructor', '__proto__']);
      const r = rand();
      node.type = t;
      const def = CATALOGUE.def(t);
      if (def && r < 0.7) {
        node.params = Object.fromEntries(Object.entries(def.params).map(([k, s]) => [k, validValue(rand, s)]));
        return `${String(node.id)} becomes a ${t} with fitting params`;
      }
      return `${String(node.id)}.type = ${JSON.stringify(t)}`;
    },
  },
  {
    weight: 3,
    damage: (doc, rand) => {
      // Rewire an input to a random output: a fitting wire, a wrong type, a cycle or a self link.
      const nodes = nodesOf(doc);
      const edge = pick(rand, edgesOf(doc));
      const from = pick(rand, nodes);
      if (!from || typeof from.id !== 'string') return 'nothing';
      const out = pick(rand, portsOf(from.type, 'outputs')) ?? 'out';
      const ref = `${String(from.id)}.${out}`;
      if (edge && rand() < 0.6) {
        edge.from = ref;
        return `wire into ${String(edge.to)} now from ${ref}`;
      }
      const to = rand() < 0.2 ? from : pick(rand, nodes);
      if (typeof to.id !== 'string') return 'nothing';
      const into = `${String(to.id)}.${pick(rand, portsOf(to.type, 'inputs')) ?? 'in'}`;
      if (Array.isArray(doc.edges)) doc.edges.push({ from: ref, to: into });
      return `new wire ${ref} → ${into}`;
    },
  },
  {
    weight: 1,
    damage: (doc, rand) => {
      // A wire to a node or port that is not there.
      const edge = pick(rand, edgesOf(doc));
      if (!edge) return 'nothing';
      const end = rand() < 0.5 ? 'from' : 'to';
      const [node, port] = String(edge[end]).split('.');
      edge[end] = pick(rand, [`${node}.nope`, `ghost.${port}`, `${node}`, `.${port}`, `${node}.${port}.x`, `${node}.__proto__`, `${node}.constructor`]);
      return `${end} = ${String(edge[end])}`;
    },
  },
  {
    weight: 1,
    damage: (doc, rand) => {
      // A node taken out, its wires left dangling, or a wire taken out, its input left unwired.
      const list = rand() < 0.5 ? doc.nodes : doc.edges;
      if (!Array.isArray(list) || !list.length) return 'nothing';
      const i = int(rand, 0, list.length - 1);
      list.splice(i, 1);
      return `remove ${list === doc.nodes ? 'node' : 'wire'} ${i}`;
    },
  },
  {
    weight: 2,
    damage: (doc, rand) => {
      const node = pick(rand, nodesOf(doc));
      if (!node) return 'nothing';
      const flag = pick(rand, ['bypass', 'collapsed']);
      node[flag] = rand() < 0.8 ? true : pick(rand, [false, 1, 'yes', null]);
      return `${String(node.id)}.${flag} = ${JSON.stringify(node[flag])}`;
    },
  },
  {
    weight: 1,
    damage: (doc, rand) => {
      doc.version = pick(rand, [0, 1, 2, 3, 4, 5, 99, -1, 1.5, '4', null, 1e308]);
      return `version = ${JSON.stringify(doc.version)}`;
    },
  },
  {
    weight: 1,
    damage: (doc, rand) => {
      const view = doc.view;
      if (view === null || typeof view !== 'object' || Array.isArray(view)) return 'nothing';
      const key = pick(rand, ['x', 'y', 'size']);
      view[key] = key === 'size' ? pick(rand, [16, 4096, 15, 4097, 17, 0, -16, 16.5]) : pick(rand, [1e308, -1e308, 1e15, -0, 0.1, 2 ** 31, -(2 ** 31) - 0.5, 5e-324]);
      return `view.${key} = ${view[key]}`;
    },
  },
  {
    weight: 1,
    damage: (doc, rand) => {
      // Reroute dots and frames: many, far, odd.
      const edge = pick(rand, edgesOf(doc));
      if (edge && rand() < 0.5) {
        edge.via = pick<Json>(rand, [[], [[0, 0]], Array.from({ length: 65 }, () => [0, 0]), [[1e308, 0]], [[0]], [['0', 0]]]);
        return `via = ${JSON.stringify(edge.via).slice(0, 40)}`;
      }
      if (!Array.isArray(doc.frames)) doc.frames = [];
      (doc.frames as Json[]).push({
        id: pick(rand, ['f', 'cont', '1f', '']),
        title: pick(rand, ['', 'F', 'x'.repeat(201)]),
        color: pick(rand, ['blue', 'Blue', '#fff', '']),
        position: pick<Json>(rand, [[0, 0], [1e308, 1e308], [0]]),
        size: pick<Json>(rand, [[40, 40], [39, 40], [100_001, 40], [1e5, 1e5]]),
      });
      return 'a frame added';
    },
  },
];

const TOTAL_WEIGHT = DAMAGES.reduce((s, d) => s + d.weight, 0);

function damageOnce(doc: Doc, rand: Random): string {
  let r = rand() * TOTAL_WEIGHT;
  for (const d of DAMAGES) {
    r -= d.weight;
    if (r < 0) return d.damage(doc, rand);
  }
  return DAMAGES[0].damage(doc, rand);
}

/** Damages to the text itself: cut short, re-encoded, a byte changed, JSON's own mistakes. */
function damageText(text: string, rand: Random): Mutant {
  const r = int(rand, 0, 9);
  const at = int(rand, 0, text.length);
  switch (r) {
    case 0:
      return { what: `cut at ${at}`, text: text.slice(0, at) };
    case 1:
      return { what: 'UTF-8 BOM', text: `\uFEFF${text}` };
    case 2: {
      const le = rand() < 0.5;
      const body = Buffer.from(text, 'utf16le');
      if (!le) body.swap16();
      const bom = rand() < 0.7;
      const bytes = new Uint8Array([...(bom ? (le ? [0xff, 0xfe] : [0xfe, 0xff]) : []), ...body]);
      return { what: `UTF-16 ${le ? 'LE' : 'BE'}${bom ? ' with BOM' : ' without BOM'}`, bytes };
    }
    case 3:
      return { what: `a character changed at ${at}`, text: text.slice(0, at) + pick(rand, ['"', '{', ']', ',', '\\', '\u0000', '\uD800', 'x', ' ']) + text.slice(at + 1) };
    case 4: {
      // A number made into what JSON text cannot hold.
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?/g)];
      const m = pick(rand, numbers);
      if (!m) return { what: 'unchanged', text };
      const word = pick(rand, ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '01', '1.', '.5', '+1', '1e-999', '-0']);
      return { what: `${m[0]} → ${word}`, text: text.slice(0, m.index) + word + text.slice(m.index! + m[0].length) };
    }
    case 5:
      return { what: 'a trailing comma', text: text.replace(/\n(\s*)\]/, ',\n$1]') };
    case 6: {
      // A key given twice in one object.
      const m = pick(rand, [...text.matchAll(/\n(\s*)"(\w+)": ([^\n{[]+?),?\n/g)]);
      if (!m) return { what: 'unchanged', text };
      const line = `\n${m[1]}"${m[2]}": ${m[3]},`;
      return { what: `key "${m[2]}" twice`, text: text.slice(0, m.index) + line + text.slice(m.index!) };
    }
    case 7:
      return { what: 'a comment', text: `// graph\n${text}` };
    case 8:
      return { what: 'empty', text: pick(rand, ['', ' ', '\n', 'null', '[]', '"x"', '{}', '0']) };
    default:
      return { what: 'two documents', text: `${text}${text}` };
  }
}

/**
 * The n-th mutant of these seed files (file text), deterministic in (seed, n): about one in
 * eight damages the text, one in sixteen puts a value JSON text cannot hold into the document,
 * the rest are one to three damages to the document, written back as JSON.
 */
export function mutant(seeds: readonly { name: string; text: string }[], rand: Random): Mutant & { from: string } {
  const seed = pick(rand, seeds);
  const r = rand();
  if (r < 0.125) return { ...damageText(seed.text, rand), from: seed.name };
  const doc = JSON.parse(seed.text) as Doc;
  const done: string[] = [];
  const count = int(rand, 1, 3);
  for (let k = 0; k < count; k++) done.push(damageOnce(doc, rand));
  if (r < 0.19) {
    const at = pick(rand, places(doc));
    const v = pick(rand, NON_JSON);
    if (at) (at.parent as Record<string | number, unknown>)[at.key] = v;
    return { what: [...done, `${at?.path} = ${String(v)} (a document)`].join('; '), doc, from: seed.name };
  }
  return { what: done.join('; '), text: JSON.stringify(doc, null, rand() < 0.5 ? 2 : undefined), from: seed.name };
}

/**
 * The n-th mutant of a graph as code builds it (never parsed from a file: edges of
 * { node, port } objects), for the engine's own check: one to three damages anywhere, values
 * JSON cannot hold among them.
 */
export function graphMutant(graphs: readonly { name: string; graph: object }[], rand: Random): { what: string; graph: unknown; from: string } {
  const seed = pick(rand, graphs);
  const graph = JSON.parse(JSON.stringify(seed.graph)) as Doc;
  const done: string[] = [];
  for (let k = int(rand, 1, 3); k > 0; k--) {
    const r = rand();
    const all = places(graph);
    const at = pick(rand, all);
    if (r < 0.35) {
      // A param at a valid value, so some mutants evaluate.
      const node = pick(rand, nodesOf(graph));
      const def = node && typeof node.type === 'string' ? CATALOGUE.def(node.type) : undefined;
      const key = def ? pick(rand, Object.keys(def.params)) : undefined;
      if (!def || key === undefined || typeof node.params !== 'object' || node.params === null) continue;
      (node.params as Doc)[key] = rand() < 0.8 ? validValue(rand, def.params[key]) : invalidValue(rand, def.params[key]);
      done.push(`${String(node.id)}.${key} = ${JSON.stringify((node.params as Doc)[key]).slice(0, 60)}`);
    } else if (r < 0.5) {
      const edge = pick(rand, edgesOf(graph));
      const node = pick(rand, nodesOf(graph));
      if (!edge || !node) continue;
      const end = rand() < 0.5 ? 'from' : 'to';
      const ports = portsOf(node.type, end === 'from' ? 'outputs' : 'inputs');
      edge[end] = { node: node.id, port: pick(rand, [...ports, 'nope', '__proto__', 'constructor']) ?? 'out' };
      done.push(`edge.${end} = ${JSON.stringify(edge[end])}`);
    } else if (r < 0.8 && at) {
      const v = rand() < 0.8 ? pick(rand, ODD_VALUES) : pick(rand, NON_JSON);
      (at.parent as Record<string | number, unknown>)[at.key] = v === undefined || typeof v === 'number' ? v : JSON.parse(JSON.stringify(v));
      done.push(`${at.path} = ${typeof v === 'number' ? String(v) : JSON.stringify(v)?.slice(0, 40)}`);
    } else if (r < 0.9 && at) {
      if (Array.isArray(at.parent)) at.parent.splice(at.key as number, 1);
      else delete at.parent[at.key as string];
      done.push(`delete ${at.path}`);
    } else {
      const list = rand() < 0.5 ? graph.nodes : graph.edges;
      if (!Array.isArray(list) || !list.length) continue;
      const i = int(rand, 0, list.length - 1);
      list.push(JSON.parse(JSON.stringify(list[i])));
      done.push(`duplicate ${list === graph.nodes ? 'node' : 'edge'} ${i}`);
    }
  }
  return { what: done.join('; '), graph, from: seed.name };
}
