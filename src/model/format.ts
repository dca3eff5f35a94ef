// The graph file format: parse with a full report of problems, serialise canonically.
//
// parseGraph collects every problem it can find before throwing, each with its JSON path, so a
// person fixing a file by hand sees all of them at once. serializeGraph writes a fixed layout
// (keys in a fixed order, params in manifest order, number lists on one line), so load → save
// is byte-identical and diffs stay small.

import { CATALOGUE } from '../../nodes/index.ts';
import type { Edge, Graph, GraphNode } from './graph.ts';
import { NODE_FLAGS, parsePortRef, portRefText } from './graph.ts';
import { cloneParam, type AnyParamValue, type Catalogue } from './manifest.ts';
import { CURRENT_VERSION, FORMAT, migrate, type Document, type Migration, MIGRATIONS } from './migrations.ts';
import { describe, GraphError, jsonPath, type Problem } from './problems.ts';
import { checkParams, checkView, cycleThrough, isValidNodeId, suggest, wireProblem } from './validate.ts';

const TOP_KEYS = ['format', 'version', 'name', 'notes', 'view', 'nodes', 'edges'];
const NODE_KEYS = ['id', 'type', 'title', 'position', ...NODE_FLAGS, 'params'];
const EDGE_KEYS = ['from', 'to'];

export interface ParseOptions {
  /** The file name, for messages. */
  file?: string;
  /** Migration table (tests inject their own). */
  migrations?: Readonly<Record<number, Migration>>;
  /** The node types the file may use (default: every type of this build). */
  catalogue?: Catalogue;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "not JSON" with the line and column of the syntax error. */
function jsonProblem(text: string, err: unknown): Problem {
  const message = err instanceof Error ? err.message : String(err);
  const at = /position (\d+)/.exec(message);
  let where = '';
  if (at && !/line \d+/.test(message)) {
    const pos = Number(at[1]);
    const before = text.slice(0, pos).split('\n');
    where = ` (line ${before.length}, column ${before[before.length - 1].length + 1})`;
  }
  return { path: '$', message: `not JSON: ${message}${where}` };
}

function unknownKeys(obj: Record<string, unknown>, known: string[], path: string, what: string): Problem[] {
  return Object.keys(obj)
    .filter((k) => !known.includes(k))
    .map((k) => ({ path: jsonPath(path, k), message: `unknown key "${k}" in ${what}${suggest(k, known)}` }));
}

function finitePair(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

/**
 * Reads a graph file (text or already-parsed JSON). Throws a GraphError listing every problem
 * with its JSON path; a file newer than this build is refused with one clear problem.
 */
export function parseGraph(input: string | unknown, options: ParseOptions = {}): Graph {
  const catalogue = options.catalogue ?? CATALOGUE;
  const knownTypes = catalogue.types.map((d) => d.type);
  const fail = (problems: Problem[]): never => {
    throw new GraphError(problems, options.file);
  };
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (err) {
      fail([jsonProblem(input, err)]);
    }
  }
  if (!isObject(raw)) return fail([{ path: '$', message: `expected a graph object, got ${describe(raw)}` }]);

  if (raw.format !== FORMAT) {
    fail([{ path: '$.format', message: `expected "${FORMAT}", got ${describe(raw.format)}: this is not a Terrain Graph file` }]);
  }
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    fail([{ path: '$.version', message: `expected an integer version, got ${describe(version)}` }]);
  }
  const v = version as number;
  if (v > CURRENT_VERSION) {
    fail([
      {
        path: '$.version',
        message: `the file is version ${v}, newer than this Terrain Graph reads (up to ${CURRENT_VERSION}): open it with a newer Terrain Graph`,
      },
    ]);
  }
  let doc: Document = raw;
  if (v < CURRENT_VERSION) {
    try {
      doc = migrate(raw, v, CURRENT_VERSION, options.migrations ?? MIGRATIONS);
    } catch (err) {
      fail([{ path: '$.version', message: `cannot upgrade version ${v}: ${(err as Error).message}` }]);
    }
  }

  const problems: Problem[] = [...unknownKeys(doc, TOP_KEYS, '$', 'the graph')];
  if (typeof doc.name !== 'string') problems.push({ path: '$.name', message: `expected a string, got ${describe(doc.name)}` });
  if (doc.notes !== undefined && typeof doc.notes !== 'string') {
    problems.push({ path: '$.notes', message: `expected a string, got ${describe(doc.notes)}` });
  }

  const viewProblems = checkView(doc.view);
  problems.push(...viewProblems);
  if (isObject(doc.view)) problems.push(...unknownKeys(doc.view, ['x', 'y', 'size'], '$.view', 'the view'));
  const rawView = doc.view as { x: number; y: number; size: number };
  const view = viewProblems.length ? { x: 0, y: 0, size: 256 } : { x: rawView.x, y: rawView.y, size: rawView.size };

  const nodes: GraphNode[] = [];
  /** Nodes with a valid id and type, params aside: enough to check the wires against. */
  const declared: GraphNode[] = [];
  const firstIndex = new Map<string, number>();
  if (!Array.isArray(doc.nodes)) {
    problems.push({ path: '$.nodes', message: `expected a list of nodes, got ${describe(doc.nodes)}` });
  } else {
    doc.nodes.forEach((rawNode, k) => {
      const at = `$.nodes[${k}]`;
      if (!isObject(rawNode)) {
        problems.push({ path: at, message: `expected a node object, got ${describe(rawNode)}` });
        return;
      }
      problems.push(...unknownKeys(rawNode, NODE_KEYS, at, 'a node'));
      const { id, type, title, position, params } = rawNode;
      let ok = true;
      if (!isValidNodeId(id)) {
        problems.push({ path: `${at}.id`, message: `expected an id of letters, digits, _ or - (not starting with a digit), got ${describe(id)}` });
        ok = false;
      } else if (firstIndex.has(id)) {
        problems.push({ path: `${at}.id`, message: `duplicate node id "${id}" (first at $.nodes[${firstIndex.get(id)}])` });
        ok = false;
      } else firstIndex.set(id, k);
      const def = typeof type === 'string' ? catalogue.def(type) : undefined;
      if (!def) {
        const hint = typeof type === 'string' ? suggest(type, knownTypes) : ` (known: ${knownTypes.join(', ')})`;
        problems.push({ path: `${at}.type`, message: `unknown node type ${describe(type)}${hint}` });
        ok = false;
      }
      if (title !== undefined && typeof title !== 'string') {
        problems.push({ path: `${at}.title`, message: `expected a string, got ${describe(title)}` });
      }
      if (!finitePair(position)) {
        problems.push({ path: `${at}.position`, message: `expected [x, y] of finite numbers, got ${describe(position)}` });
      }
      for (const flag of NODE_FLAGS) {
        if (rawNode[flag] !== undefined && typeof rawNode[flag] !== 'boolean') {
          problems.push({ path: `${at}.${flag}`, message: `expected true or false, got ${describe(rawNode[flag])}` });
        }
      }
      const label = typeof id === 'string' ? id : `#${k}`;
      if (def) {
        const paramProblems = checkParams(def, label, params, `${at}.params`);
        problems.push(...paramProblems);
        if (paramProblems.length) ok = false;
      }
      if (!def || !isValidNodeId(id) || firstIndex.get(id) !== k) return;
      const ordered: Record<string, AnyParamValue> = {};
      for (const key of Object.keys(def.params)) ordered[key] = cloneParam((params as Record<string, AnyParamValue>)?.[key]);
      const node: GraphNode = {
        id,
        type: def.type,
        title: typeof title === 'string' ? title : def.title,
        position: finitePair(position) ? [position[0], position[1]] : [0, 0],
        params: ordered,
      };
      for (const flag of NODE_FLAGS) if (rawNode[flag] === true) node[flag] = true;
      declared.push(node);
      if (ok) nodes.push(node);
    });
  }

  const edges: Edge[] = [];
  if (!Array.isArray(doc.edges)) {
    problems.push({ path: '$.edges', message: `expected a list of wires, got ${describe(doc.edges)}` });
  } else {
    const graphSoFar: Graph = { name: '', notes: '', view, nodes: declared, edges };
    const intoInput = new Map<string, number>();
    doc.edges.forEach((rawEdge, k) => {
      const at = `$.edges[${k}]`;
      if (!isObject(rawEdge)) {
        problems.push({ path: at, message: `expected {"from": "node.port", "to": "node.port"}, got ${describe(rawEdge)}` });
        return;
      }
      problems.push(...unknownKeys(rawEdge, EDGE_KEYS, at, 'a wire'));
      const from = typeof rawEdge.from === 'string' ? parsePortRef(rawEdge.from) : null;
      const to = typeof rawEdge.to === 'string' ? parsePortRef(rawEdge.to) : null;
      if (!from) problems.push({ path: `${at}.from`, message: `expected "node.port", got ${describe(rawEdge.from)}` });
      if (!to) problems.push({ path: `${at}.to`, message: `expected "node.port", got ${describe(rawEdge.to)}` });
      if (!from || !to) return;
      const edge = { from, to };
      // Wires are checked against every node with a valid id and type, even one whose params are
      // wrong; a wire to a node of unknown type is left out (that node has its problem already).
      for (const [end, ref] of [['from', from], ['to', to]] as const) {
        if (!firstIndex.has(ref.node)) {
          problems.push({ path: `${at}.${end}`, message: `unknown node "${ref.node}" in "${portRefText(ref)}"${suggest(ref.node, [...firstIndex.keys()])}` });
          return;
        }
      }
      if (!declared.some((n) => n.id === from.node) || !declared.some((n) => n.id === to.node)) return;
      const wrong = wireProblem(graphSoFar, edge, catalogue);
      if (wrong) {
        problems.push({ path: wrong.end === 'wire' ? at : `${at}.${wrong.end}`, message: wrong.message });
        return;
      }
      const key = portRefText(to);
      if (intoInput.has(key)) {
        problems.push({ path: `${at}.to`, message: `input "${key}" already has a wire ($.edges[${intoInput.get(key)}]); an input takes one wire` });
        return;
      }
      const cycle = cycleThrough(graphSoFar, edge);
      if (cycle) {
        problems.push({ path: at, message: `this wire closes a cycle: ${[...cycle, cycle[0]].join(' → ')}` });
        return;
      }
      intoInput.set(key, k);
      edges.push(edge);
    });
  }

  if (problems.length) fail(problems);
  return {
    name: doc.name as string,
    notes: typeof doc.notes === 'string' ? doc.notes : '',
    view,
    nodes,
    edges,
  };
}

/** Writes a value on one line when it is a number list, a list of such, or a flat small object. */
function printValue(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    const flat = value.every((v) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((w) => typeof w !== 'object')));
    if (flat) return `[${value.map((v) => (Array.isArray(v) ? `[${v.map((w) => JSON.stringify(w)).join(', ')}]` : JSON.stringify(v))).join(', ')}]`;
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + printValue(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const oneLine = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
  if (entries.every(([, v]) => v === null || typeof v !== 'object') && oneLine.length <= 72) return oneLine;
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${printValue(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** The graph as file text: fixed key order, two-space indent, a final newline. */
export function serializeGraph(graph: Graph, catalogue: Catalogue = CATALOGUE): string {
  const doc = {
    format: FORMAT,
    version: CURRENT_VERSION,
    name: graph.name,
    notes: graph.notes,
    view: { x: graph.view.x, y: graph.view.y, size: graph.view.size },
    nodes: graph.nodes.map((n) => {
      const def = catalogue.def(n.type);
      const keys = def ? Object.keys(def.params) : Object.keys(n.params);
      const params: Record<string, unknown> = {};
      for (const key of keys) params[key] = n.params[key];
      // A flag is written only when set, so a file that uses none keeps its bytes.
      const flags = Object.fromEntries(NODE_FLAGS.filter((f) => n[f]).map((f) => [f, true]));
      return { id: n.id, type: n.type, title: n.title, position: n.position, ...flags, params };
    }),
    edges: graph.edges.map((e) => ({ from: portRefText(e.from), to: portRefText(e.to) })),
  };
  return `${printValue(doc, '')}\n`;
}
