// The graph file format: parse with a full report of problems, serialise canonically.
//
// parseGraph collects every problem it can find before throwing, each with its JSON path, so a
// person fixing a file by hand sees all of them at once. serializeGraph writes a fixed layout
// (keys in a fixed order, params in manifest order, number lists on one line), so load → save
// is byte-identical and diffs stay small.

import { CATALOGUE } from '../../nodes/index.ts';
import type { Edge, Frame, Graph, GraphNode } from './graph.ts';
import { checkVia, readFrames } from './frames.ts';
import { NODE_FLAGS, parsePortRef, portRefText } from './graph.ts';
import type { Catalogue } from './manifest.ts';
import { cloneParam, type AnyParamValue } from './params.ts';
import { CURRENT_VERSION, FORMAT, migrate, type Document, type Migration, MIGRATIONS } from './migrations.ts';
import { JsonError, parseJson } from './json.ts';
import { describe, GraphError, jsonPath, type Problem, problemCount } from './problems.ts';
import { checkParams, checkView, checkWorld, closest, cycleWires, isValidNodeId, NODE_ID_MAX, nodeNamed, suggest, wireProblemIn, worldOf } from './validate.ts';

/**
 * What a graph file may hold (README, "Graph files"). The size is checked before a file is
 * read (the command line, the editor's Open and drop); the depth and counts while parsing.
 */
export const GRAPH_FILE_LIMITS = {
  /** Bytes of a file: a graph of 100,000 nodes fits with room to spare. */
  bytes: 32 * 1024 * 1024,
  nodes: 100_000,
  /** Nesting of lists and objects (a graph file needs 6). */
  depth: 64,
  /** Problems listed for one file; the rest are counted. */
  problems: 100,
} as const;

const TOP_KEYS = ['format', 'version', 'name', 'notes', 'view', 'world', 'nodes', 'edges', 'frames'];
const NODE_KEYS = ['id', 'type', 'title', 'position', ...NODE_FLAGS, 'params'];
const EDGE_KEYS = ['from', 'to', 'via'];

export interface ParseOptions {
  /** The file name, for messages. */
  file?: string;
  /** Migration table (tests inject their own). */
  migrations?: Readonly<Record<number, Migration>>;
  /** The node types the file may use (default: every type of this build). */
  catalogue?: Catalogue;
  /**
   * Leaves out, without a problem, the wires whose node is missing (a node deleted by hand):
   * the editor's "Open without those wires", after the person has read which they are.
   */
  leaveOutWiresToMissing?: boolean;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * What a file that is no text is, read as UTF-8: an export opened by mistake (a PNG or 16-bit PNG,
 * the splat maps' zip, a raw grid) said `unexpected "U+FFFD" where a value should be`. Only its first
 * character decides, which JSON text never starts with.
 */
function binaryKind(text: string): string | null {
  if (text.startsWith('\uFFFDPNG\r\n\u001a\n')) return 'a PNG image (an export or a heightmap)';
  if (text.startsWith('PK\u0003\u0004')) return 'a zip archive';
  return /^[\uFFFD\u0000-\u0008\u000e-\u001f]/.test(text) ? 'binary data (a raw grid?)' : null;
}

/**
 * The text as JSON, or the one problem that stops it being read: UTF-16 named as such, a
 * syntax error with its line and column, a key given twice with where both are. A UTF-8 byte
 * order mark is accepted (editors add one).
 */
function readJson(text: string): { value: unknown } | { problem: Problem } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // UTF-16 read as UTF-8: its byte order mark becomes two U+FFFD, its ASCII a NUL beside each
  // letter. A NUL beside no letter is binary data (a raw grid's zeros), told below.
  if (/^(?:\uFFFD\uFFFD)?(?:[\t\n\r\u0020-\u007e]\u0000|\u0000[\t\n\r\u0020-\u007e])/.test(body)) {
    return { problem: { path: '$', message: 'not JSON in UTF-8: the file looks like UTF-16 text; save it as UTF-8' } };
  }
  const binary = binaryKind(body);
  if (binary) return { problem: { path: '$', message: `not JSON: the file is ${binary}, not a graph file (the JSON text Save writes)` } };
  try {
    return { value: parseJson(body, { maxDepth: GRAPH_FILE_LIMITS.depth }) };
  } catch (err) {
    if (!(err instanceof JsonError)) throw err;
    if (err.path) return { problem: { path: err.path, message: `${err.message}; a key may appear once in an object` } };
    return { problem: { path: '$', message: `not JSON: ${err.message}` } };
  }
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
 * The graph of a file whose only problems (`problems`, as parseGraph threw them for `input`) are
 * wires to missing nodes (a node deleted by hand), read without those wires; null while any other
 * problem stands. The editor's "Open without these N wires" and the command line's
 * --drop-missing-wires both read through it.
 */
export function parseWithoutMissingWires(input: string | unknown, problems: readonly Problem[], options: ParseOptions = {}): Graph | null {
  // Past GRAPH_FILE_LIMITS.problems the list ends in a line for those not listed ("and 20 more
  // problems"), which named no wire: a file of 120 such wires was refused with no way out. The
  // parse without those wires decides: it throws while any other problem stands, listed or not.
  if (!problems.some((p) => p.missingNode !== undefined) || !problems.every((p) => p.missingNode !== undefined || p.more !== undefined)) return null;
  try {
    return parseGraph(input, { ...options, leaveOutWiresToMissing: true });
  } catch {
    return null;
  }
}

/**
 * The wires parseWithoutMissingWires leaves out, in words for a notice ("the 3 wires to the
 * missing node "rank""; past the list, "the 120 wires to missing nodes, "lost" and those of the
 * 20 not listed"), with the problems listed for them and how many more there are.
 */
export function missingWires(problems: readonly Problem[]): { readonly words: string; readonly listed: readonly Problem[]; readonly more: number } {
  const listed = problems.filter((p) => p.missingNode !== undefined);
  const more = problemCount(problems) - listed.length;
  const n = listed.length + more;
  const ids = [...new Set(listed.map((p) => `"${p.missingNode}"`))];
  const to = more ? `missing nodes, ${ids.join(', ')} and those of the ${more} not listed` : `the missing node${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`;
  return { words: `${n === 1 ? 'the wire' : `the ${n} wires`} to ${to}`, listed, more };
}

/**
 * Reads a graph file (text or already-parsed JSON). Throws a GraphError listing every problem
 * with its JSON path; a file newer than this build is refused with one clear problem.
 */
export function parseGraph(input: string | unknown, options: ParseOptions = {}): Graph {
  const catalogue = options.catalogue ?? CATALOGUE;
  const knownTypes = catalogue.types.map((d) => d.type);
  const fail = (problems: Problem[]): never => {
    const cap = GRAPH_FILE_LIMITS.problems;
    const more = problems.length - cap;
    throw new GraphError(more > 0 ? [...problems.slice(0, cap), { path: '$', message: `and ${more} more problems`, more }] : problems, options.file);
  };
  let raw: unknown = input;
  if (typeof input === 'string') {
    const read = readJson(input);
    if ('problem' in read) return fail([read.problem]);
    raw = read.value;
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
  const worldProblems = doc.world === undefined ? [] : checkWorld(doc.world);
  problems.push(...worldProblems);

  const nodes: GraphNode[] = [];
  /** Nodes with a valid id and type, params aside: enough to check the wires against. */
  const declared: GraphNode[] = [];
  const firstIndex = new Map<string, number>();
  if (!Array.isArray(doc.nodes)) {
    problems.push({ path: '$.nodes', message: `expected a list of nodes, got ${describe(doc.nodes)}` });
  } else if (doc.nodes.length > GRAPH_FILE_LIMITS.nodes) {
    // Its wires would only repeat that their nodes are missing: this one problem says it all.
    return fail([{ path: '$.nodes', message: `${doc.nodes.length} nodes: a graph holds at most ${GRAPH_FILE_LIMITS.nodes}` }]);
  } else {
    doc.nodes.forEach((rawNode, k) => {
      const at = `$.nodes[${k}]`;
      if (!isObject(rawNode)) {
        problems.push({ path: at, message: `expected a node object, got ${describe(rawNode)}` });
        return;
      }
      const { id, type, title, position, params } = rawNode;
      const def = typeof type === 'string' ? catalogue.def(type) : undefined;
      // Every problem inside a node names it: its type, its id and the title the canvas shows.
      const shownTitle = typeof title === 'string' ? title : def?.title;
      const who = `${nodeNamed(isValidNodeId(id) ? id : null, def?.type, shownTitle)}: `;
      const inNode = (path: string, message: string) => problems.push({ path, message: who + message });
      for (const p of unknownKeys(rawNode, NODE_KEYS, at, 'the node')) inNode(p.path, p.message);
      let ok = true;
      if (!isValidNodeId(id)) {
        inNode(`${at}.id`, `expected an id of letters, digits, _ or - (not starting with a digit, at most ${NODE_ID_MAX} long), got ${describe(id)}`);
        ok = false;
      } else if (firstIndex.has(id)) {
        inNode(`${at}.id`, `duplicate node id "${id}" (first at $.nodes[${firstIndex.get(id)}])`);
        ok = false;
      } else firstIndex.set(id, k);
      if (!def) {
        // A type missing (or not a name) is not an unknown type: "unknown node type nothing" read as nonsense.
        if (typeof type === 'string') inNode(`${at}.type`, `unknown node type ${describe(type)}${suggest(type, knownTypes)}`);
        else inNode(`${at}.type`, `expected a node type (one of ${knownTypes.join(', ')}), got ${describe(type)}`);
        ok = false;
      }
      if (title !== undefined && typeof title !== 'string') inNode(`${at}.title`, `expected a string, got ${describe(title)}`);
      if (!finitePair(position)) inNode(`${at}.position`, `expected [x, y] of finite numbers, got ${describe(position)}`);
      for (const flag of NODE_FLAGS) {
        if (rawNode[flag] !== undefined && typeof rawNode[flag] !== 'boolean') inNode(`${at}.${flag}`, `expected true or false, got ${describe(rawNode[flag])}`);
      }
      if (def) {
        const paramProblems = checkParams(def, isValidNodeId(id) ? id : null, params, `${at}.params`, shownTitle);
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
    // Everything by id in Maps: a file of 100,000 wires is checked in linear time.
    const byId = new Map(declared.map((n) => [n.id, n]));
    const nodeById = (id: string) => byId.get(id);
    let knownIds: string[] | undefined;
    /** Missing node ids already named: the first of their wires says so, the others only name the wire. */
    const missingSaid = new Set<string>();
    /** One end of a wire in words: the node's title and the port, or the missing id. */
    const endText = (ref: { node: string; port: string }) =>
      firstIndex.has(ref.node) ? `${byId.get(ref.node)?.title ?? `"${ref.node}"`} · ${ref.port}` : `missing "${ref.node}" · ${ref.port}`;
    const intoInput = new Map<string, number>();
    const accepted: { edge: Edge; k: number }[] = [];
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
      const viaProblems = rawEdge.via === undefined ? [] : checkVia(rawEdge.via, `${at}.via`);
      problems.push(...viaProblems);
      if (!from || !to || viaProblems.length) return;
      const edge: Edge = { from, to };
      const via = rawEdge.via as [number, number][] | undefined;
      if (via?.length) edge.via = via.map((p) => [p[0], p[1]]);
      // Wires are checked against every node with a valid id and type, even one whose params are
      // wrong; a wire to a node of unknown type is left out (that node has its problem already).
      // A wire whose node is missing is named by its ends ("the wire from Water level · terrain to
      // missing "rank" · terrain"); the missing id is said once, at its first wire.
      for (const [end, ref] of [['from', from], ['to', to]] as const) {
        if (!firstIndex.has(ref.node)) {
          if (options.leaveOutWiresToMissing) return;
          const wire = `the wire from ${endText(from)} to ${endText(to)}`;
          let message = wire;
          if (!missingSaid.has(ref.node)) {
            missingSaid.add(ref.node);
            // Hints only while they are cheap: a "did you mean" among 100,000 ids is not.
            knownIds ??= firstIndex.size <= 1000 ? [...firstIndex.keys()] : [];
            const near = closest(ref.node, knownIds);
            message = `no node has the id "${ref.node}"${near === undefined ? '' : ` (did you mean "${near}"?)`}: ${wire}`;
          }
          problems.push({ path: `${at}.${end}`, message, missingNode: ref.node, wire });
          return;
        }
      }
      if (!byId.has(from.node) || !byId.has(to.node)) return;
      const wrong = wireProblemIn(nodeById, edge, catalogue);
      if (wrong) {
        problems.push({ path: wrong.end === 'wire' ? at : `${at}.${wrong.end}`, message: wrong.message });
        return;
      }
      const key = portRefText(to);
      if (intoInput.has(key)) {
        problems.push({ path: `${at}.to`, message: `input "${key}" already has a wire ($.edges[${intoInput.get(key)}]); an input takes one wire` });
        return;
      }
      intoInput.set(key, k);
      accepted.push({ edge, k });
    });
    const closing = new Set<number>();
    const cycles = cycleWires(
      declared.map((n) => n.id),
      accepted.map((a) => a.edge),
      GRAPH_FILE_LIMITS.problems,
    );
    for (const { index, cycle } of cycles) {
      closing.add(index);
      problems.push({ path: `$.edges[${accepted[index].k}]`, message: `this wire closes a cycle: ${[...cycle, cycle[0]].join(' → ')}` });
    }
    accepted.forEach((a, i) => closing.has(i) || edges.push(a.edge));
  }

  // Frames are optional on reading (a hand-written version-3 file may leave them out); the
  // writer always writes the list.
  const framesRead = readFrames(doc.frames);
  problems.push(...framesRead.problems);

  if (problems.length) fail(problems);
  return {
    name: doc.name as string,
    notes: typeof doc.notes === 'string' ? doc.notes : '',
    view,
    nodes,
    edges,
    frames: framesRead.frames,
    ...(doc.world !== undefined ? { world: worldOf(doc.world) } : {}),
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
    // Written only when set: a graph without one keeps its bytes.
    ...(graph.world ? { world: { x: graph.world.x, y: graph.world.y, size: graph.world.size } } : {}),
    nodes: graph.nodes.map((n) => {
      const def = catalogue.def(n.type);
      const keys = def ? Object.keys(def.params) : Object.keys(n.params);
      const params: Record<string, unknown> = {};
      for (const key of keys) params[key] = n.params[key];
      // A flag is written only when set, so a file that uses none keeps its bytes.
      const flags = Object.fromEntries(NODE_FLAGS.filter((f) => n[f]).map((f) => [f, true]));
      return { id: n.id, type: n.type, title: n.title, position: n.position, ...flags, params };
    }),
    // Dots are written only on wires that have them, so a straight wire stays one short line.
    edges: graph.edges.map((e) => ({ from: portRefText(e.from), to: portRefText(e.to), ...(e.via?.length ? { via: e.via } : {}) })),
    frames: (graph.frames ?? []).map((f: Frame) => ({ id: f.id, title: f.title, color: f.color, position: f.position, size: f.size })),
  };
  return `${printValue(doc, '')}\n`;
}
