// Checks of params and wires against the node catalogue; every finding is a Problem with a path.
// The file loader, the engine's setParam and the editor's wiring all ask these same questions.

import { CATALOGUE, NODE_TYPES } from '../../nodes/index.ts';
import { farOrigin, farWorldEdge, VIEW_SIZE_MAX, VIEW_SIZE_MIN, type World, WORLD_SIZE_MAX } from '../grid.ts';
import type { AnyNodeDef, Catalogue } from './manifest.ts';
import type { AnyParamValue, ParamSpec } from './params.ts';
import { type Edge, type Graph, type GraphNode, NODE_ID_PATTERN, portRefText } from './graph.ts';
import { describe, type Problem } from './problems.ts';
import { connectRefusal } from './values.ts';

/**
 * The value under a record's own key, never one inherited from Object.prototype: every name
 * that comes from a file or an option ("constructor", "__proto__", "toString") is looked up so.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The longest node id: ids become file names (`<id>.<port>.<range>.f32`), which stop at 255 bytes. */
export const NODE_ID_MAX = 64;

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function numberProblem(v: unknown, min: number, max: number, integer: boolean): string | null {
  if (typeof v !== 'number') return `expected ${integer ? 'an integer' : 'a number'}, got ${describe(v)}`;
  if (!Number.isFinite(v)) return `expected a finite number, got ${describe(v)}`;
  if (integer && !Number.isInteger(v)) return `expected an integer, got ${v}`;
  if (v < min) return `${v} is below the minimum ${min}`;
  if (v > max) return `${v} is above the maximum ${max}`;
  return null;
}

/** Problems with one param value; `path` locates it in the file. */
export function checkParam(spec: ParamSpec, value: unknown, path: string): Problem[] {
  const problem = (message: string, at = path): Problem[] => [{ path: at, message }];
  switch (spec.kind) {
    case 'number':
    case 'int': {
      const m = numberProblem(value, spec.min, spec.max, spec.kind === 'int');
      return m ? problem(m) : [];
    }
    case 'bool':
      return typeof value === 'boolean' ? [] : problem(`expected true or false, got ${describe(value)}`);
    case 'enum': {
      if (typeof value === 'string' && spec.options.includes(value)) return [];
      // A near miss says which it meant, as an unknown param or option does: "ridgd" is "ridged".
      const near = typeof value === 'string' ? closest(value, spec.options) : undefined;
      return problem(`expected one of ${spec.options.map((o) => `"${o}"`).join(', ')}, got ${describe(value)}${near !== undefined ? ` (did you mean "${near}"?)` : ''}`);
    }
    case 'points': {
      if (!Array.isArray(value)) return problem(`expected a list of [x, y] points, got ${describe(value)}`);
      if (value.length < spec.minCount) return problem(`needs at least ${spec.minCount} points, got ${value.length}`);
      if (value.length > spec.maxCount) return problem(`holds at most ${spec.maxCount} points, got ${value.length}`);
      const out: Problem[] = [];
      value.forEach((pt, k) => {
        const at = `${path}[${k}]`;
        if (!Array.isArray(pt) || pt.length !== 2) {
          out.push({ path: at, message: `expected a point [x, y], got ${describe(pt)}` });
          return;
        }
        pt.forEach((v, axis) => {
          const m = numberProblem(v, spec.min, spec.max, false);
          if (m) out.push({ path: `${at}[${axis}]`, message: `${axis === 0 ? 'x' : 'y'}: ${m}` });
        });
        const prev = value[k - 1];
        if (k > 0 && Array.isArray(prev) && isFiniteNumber(prev[0]) && isFiniteNumber(pt[0]) && pt[0] < prev[0]) {
          out.push({ path: `${at}[0]`, message: `points must be sorted by x: ${pt[0]} comes after ${prev[0]}` });
        }
      });
      return out;
    }
    case 'numbers': {
      if (!Array.isArray(value)) return problem(`expected a list of numbers, got ${describe(value)}`);
      if (value.length < spec.minCount) return problem(`needs at least ${spec.minCount} values, got ${value.length}`);
      if (value.length > spec.maxCount) return problem(`holds at most ${spec.maxCount} values, got ${value.length}`);
      const out: Problem[] = [];
      value.forEach((v, k) => {
        const m = numberProblem(v, spec.min, spec.max, false);
        if (m) out.push({ path: `${path}[${k}]`, message: m });
        else if (k > 0 && isFiniteNumber(value[k - 1]) && v <= value[k - 1]) {
          out.push({ path: `${path}[${k}]`, message: `values must increase: ${v} comes after ${value[k - 1]}` });
        }
      });
      return out;
    }
    case 'table': {
      if (!Array.isArray(value) || value.length !== spec.rows) {
        return problem(`expected ${spec.rows} rows of ${spec.cols} names, got ${describe(value)}`);
      }
      const out: Problem[] = [];
      value.forEach((row, r) => {
        if (!Array.isArray(row) || row.length !== spec.cols) {
          out.push({ path: `${path}[${r}]`, message: `expected a row of ${spec.cols} names, got ${describe(row)}` });
          return;
        }
        row.forEach((cell, c) => {
          if (typeof cell !== 'string' || !spec.options.includes(cell)) {
            out.push({ path: `${path}[${r}][${c}]`, message: `expected a biome name (${spec.options.join(', ')}), got ${describe(cell)}` });
          }
        });
      });
      return out;
    }
  }
}

/**
 * Edits between two names for "did you mean" hints: insertions, deletions, substitutions and
 * swaps of two neighbouring letters, one each (optimal string alignment). A swap is the commonest
 * slip ("angel" for "angle", "fmb" for "fbm"), and as two substitutions it was too far to suggest.
 */
function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length];
}

/** The known name close enough to `name` to be what was meant (a third of its letters off at most), if any. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const best = known.map((k) => [k, editDistance(name.toLowerCase(), k.toLowerCase())] as const).sort((a, b) => a[1] - b[1])[0];
  return best && best[1] <= Math.max(1, Math.floor(name.length / 3)) ? best[0] : undefined;
}

/** ` (did you mean "x"?)` when a known name is close, else ` (known: …)`. */
export function suggest(name: string, known: readonly string[]): string {
  const near = closest(name, known);
  if (near !== undefined) return ` (did you mean "${near}"?)`;
  return known.length ? ` (known: ${known.join(', ')})` : '';
}

/** The type names of the full catalogue (messages list them). */
export const KNOWN_TYPES = NODE_TYPES.map((d) => d.type);

/**
 * How a problem names the node it points into: `flow node "rivers" ("Flow and rivers")`, the id
 * to find it in the file and the title to find it on the canvas. The JSON path alone
 * (`$.nodes[17].params.loss`) sent a person counting the nodes of the file.
 */
export function nodeNamed(id: string | null, type?: string, title?: string): string {
  const what = type ? `${type} node` : 'node';
  return `${id === null ? what : `${what} "${id}"`}${title ? ` (${describe(title)})` : ''}`;
}

/**
 * Problems with the params object of one node; all of its params must be present. Each message
 * opens with the node's type, id and (when given) title.
 */
export function checkParams(def: AnyNodeDef, nodeId: string | null, params: unknown, path: string, title?: string): Problem[] {
  const who = `${nodeNamed(nodeId, def.type, title)}: `;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return [{ path, message: `${who}expected an object of params, got ${describe(params)}` }];
  }
  const out: Problem[] = [];
  const given = params as Record<string, unknown>;
  const names = Object.keys(def.params);
  for (const key of names) {
    const at = `${path}.${key}`;
    if (!Object.hasOwn(given, key)) out.push({ path: at, message: `${who}missing param "${key}"` });
    else for (const p of checkParam(def.params[key], given[key], at)) out.push({ path: p.path, message: who + p.message });
  }
  for (const key of Object.keys(given)) {
    if (!names.includes(key)) {
      out.push({ path: `${path}.${key}`, message: `${who}unknown param "${key}"${suggest(key, names)}` });
    }
  }
  return out;
}

export interface WireProblem {
  /** Which end of the wire is wrong, or the wire as a whole (types that do not fit). */
  readonly end: 'from' | 'to' | 'wire';
  readonly message: string;
}

/**
 * Why a wire would be wrong in this graph, or null: both ends must exist and the port types
 * must fit. Whether the input is free and whether the wire closes a cycle are asked separately.
 */
export function wireProblem(graph: Graph, edge: Edge, catalogue: Catalogue = CATALOGUE): WireProblem | null {
  return wireProblemIn((id) => graph.nodes.find((n) => n.id === id), edge, catalogue);
}

/** wireProblem with the nodes looked up by a function (a Map's get, for a file of many wires). */
export function wireProblemIn(nodeById: (id: string) => GraphNode | undefined, edge: Edge, catalogue: Catalogue = CATALOGUE): WireProblem | null {
  const fromNode = nodeById(edge.from.node);
  const toNode = nodeById(edge.to.node);
  if (!fromNode) return { end: 'from', message: `unknown node "${edge.from.node}" in "${portRefText(edge.from)}"` };
  if (!toNode) return { end: 'to', message: `unknown node "${edge.to.node}" in "${portRefText(edge.to)}"` };
  const fromDef = catalogue.def(fromNode.type);
  const toDef = catalogue.def(toNode.type);
  if (!fromDef) return { end: 'from', message: `node "${fromNode.id}" has unknown type "${fromNode.type}"` };
  if (!toDef) return { end: 'to', message: `node "${toNode.id}" has unknown type "${toNode.type}"` };
  const out = own(fromDef.outputs, edge.from.port);
  if (!out) {
    const hint = suggest(edge.from.port, Object.keys(fromDef.outputs));
    return { end: 'from', message: `node "${fromNode.id}" (${fromNode.type}) has no output "${edge.from.port}"${hint}` };
  }
  const input = own(toDef.inputs, edge.to.port);
  if (!input) {
    const hint = suggest(edge.to.port, Object.keys(toDef.inputs));
    return { end: 'to', message: `node "${toNode.id}" (${toNode.type}) has no input "${edge.to.port}"${hint}` };
  }
  const refusal = connectRefusal(out.type, input.type);
  if (refusal) {
    return {
      end: 'wire',
      message: `cannot wire "${portRefText(edge.from)}" (${out.type}) to "${portRefText(edge.to)}" (${input.type}): ${refusal}`,
    };
  }
  return null;
}

/** The node ids on a cycle that adding `edge` would close, from its target back to it; null if none. */
export function cycleThrough(graph: Graph, edge: Edge): string[] | null {
  // A path from edge.to.node to edge.from.node plus the new edge is a cycle.
  const prev = new Map<string, string>();
  const stack = [edge.to.node];
  const seen = new Set(stack);
  while (stack.length) {
    const id = stack.pop()!;
    if (id === edge.from.node) {
      const path = [id];
      let cur = id;
      while (cur !== edge.to.node) {
        cur = prev.get(cur)!;
        path.unshift(cur);
      }
      return path;
    }
    for (const e of graph.edges) {
      if (e.from.node === id && !seen.has(e.to.node)) {
        seen.add(e.to.node);
        prev.set(e.to.node, id);
        stack.push(e.to.node);
      }
    }
  }
  return null;
}

/**
 * The wires that close cycles, each with the cycle it closes (from the wire's target round to
 * its source). Of a cycle's wires the last in file order is named, as a reader adding the wires
 * one by one would meet it; it is then set aside and the search goes on, up to `limit` cycles.
 * Linear in the wires per cycle found (Kahn's algorithm), where asking cycleThrough per wire
 * would be quadratic in a file of 100,000 wires.
 */
export function cycleWires(ids: readonly string[], edges: readonly Edge[], limit: number): { index: number; cycle: string[] }[] {
  const found: { index: number; cycle: string[] }[] = [];
  const removed = new Set<number>();
  while (found.length < limit) {
    const indegree = new Map<string, number>();
    for (const id of ids) indegree.set(id, 0);
    const outgoing = new Map<string, number[]>();
    edges.forEach((e, k) => {
      if (removed.has(k) || !indegree.has(e.from.node) || !indegree.has(e.to.node)) return;
      indegree.set(e.to.node, indegree.get(e.to.node)! + 1);
      let list = outgoing.get(e.from.node);
      if (!list) outgoing.set(e.from.node, (list = []));
      list.push(k);
    });
    const ready = ids.filter((id) => indegree.get(id) === 0);
    while (ready.length) {
      for (const k of outgoing.get(ready.pop()!) ?? []) {
        const to = edges[k].to.node;
        const d = indegree.get(to)! - 1;
        indegree.set(to, d);
        if (d === 0) ready.push(to);
      }
    }
    // What is left lies on or behind a cycle; each such node has a wire in from another one.
    const left = (id: string) => (indegree.get(id) ?? 0) > 0;
    const start = ids.find(left);
    if (start === undefined) break;
    const wireIn = new Map<string, number>();
    edges.forEach((e, k) => {
      if (!removed.has(k) && left(e.from.node) && left(e.to.node) && !wireIn.has(e.to.node)) wireIn.set(e.to.node, k);
    });
    // Walk the wires backwards until a node comes round again: the wires since then are a cycle.
    const at = new Map<string, number>();
    const walked: number[] = [];
    let cur = start;
    while (!at.has(cur)) {
      at.set(cur, walked.length);
      const k = wireIn.get(cur)!;
      walked.push(k);
      cur = edges[k].from.node;
    }
    const forward = walked.slice(at.get(cur)).reverse();
    const last = forward.reduce((a, b) => Math.max(a, b));
    const i = forward.indexOf(last);
    const after = [...forward.slice(i + 1), ...forward.slice(0, i)];
    found.push({ index: last, cycle: [edges[last].to.node, ...after.map((k) => edges[k].to.node)] });
    removed.add(last);
  }
  return found;
}

/** Problems with a view object {x, y, size}: the origin within ±10⁹ views (WORLD_ORIGIN_MAX), the size 16…4096. */
export function checkView(view: unknown, path = '$.view'): Problem[] {
  if (typeof view !== 'object' || view === null || Array.isArray(view)) {
    return [{ path, message: `expected {"x", "y", "size"}, got ${describe(view)}` }];
  }
  const v = view as Record<string, unknown>;
  const out: Problem[] = [];
  for (const key of ['x', 'y']) {
    if (typeof v[key] !== 'number' || !Number.isFinite(v[key])) {
      out.push({ path: `${path}.${key}`, message: `expected a finite number, got ${describe(v[key])}` });
    } else {
      const far = farOrigin(v[key] as number);
      if (far) out.push({ path: `${path}.${key}`, message: far });
    }
  }
  const size = v.size;
  if (typeof size !== 'number' || !Number.isInteger(size)) {
    out.push({ path: `${path}.size`, message: `expected an integer resolution, got ${describe(size)}` });
  } else if (size < VIEW_SIZE_MIN || size > VIEW_SIZE_MAX) {
    out.push({ path: `${path}.size`, message: `${size} is outside ${VIEW_SIZE_MIN}…${VIEW_SIZE_MAX}` });
  }
  return out;
}

/**
 * Problems of a graph's world (format version 6, grid.ts World): whole views x and y within the
 * origin's bounds, a whole size of 1 to WORLD_SIZE_MAX views, and its far edges (x + size,
 * y + size) within the bounds too (grid.ts farWorldEdge); every key named.
 */
export function checkWorld(world: unknown, path = '$.world'): Problem[] {
  if (typeof world !== 'object' || world === null || Array.isArray(world)) {
    return [{ path, message: `expected {"x", "y", "size"} in whole views, got ${describe(world)}` }];
  }
  const w = world as Record<string, unknown>;
  const out: Problem[] = [];
  for (const key of Object.keys(w)) {
    if (!['x', 'y', 'size'].includes(key)) out.push({ path: `${path}.${key}`, message: `unknown key "${key}" in the world (its keys: x, y, size)` });
  }
  for (const key of ['x', 'y']) {
    const v = w[key];
    if (typeof v !== 'number' || !Number.isInteger(v)) out.push({ path: `${path}.${key}`, message: `expected a whole number of views, got ${describe(v)}` });
    else {
      const far = farOrigin(v);
      if (far) out.push({ path: `${path}.${key}`, message: far });
    }
  }
  const size = w.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > WORLD_SIZE_MAX) {
    out.push({ path: `${path}.size`, message: `expected a whole number of views from 1 to ${WORLD_SIZE_MAX}, got ${describe(size)}` });
  } else {
    // Its far edges too, named at the corner's key (a corner within the bound and a size within
    // 1…16: together they pass it).
    for (const key of ['x', 'y'] as const) {
      const v = w[key];
      const far = typeof v === 'number' && Number.isInteger(v) && !farOrigin(v) ? farWorldEdge(v, size, key) : null;
      if (far) out.push({ path: `${path}.${key}`, message: far });
    }
  }
  return out;
}

/** The world as its three numbers (a checked one: checkWorld found nothing). */
export function worldOf(world: unknown): World {
  const w = world as World;
  return { x: w.x, y: w.y, size: w.size };
}

export function isValidNodeId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= NODE_ID_MAX && NODE_ID_PATTERN.test(id);
}

export type { AnyParamValue };

/**
 * What stops the named nodes (default: all) from being evaluated, known without evaluating:
 * a required input without a wire, or a node's own readiness rule (the chain's one knot per
 * wired input). The editor shows such nodes as waiting; `check` and `render` refuse them.
 */
export function readinessProblems(graph: Graph, ids?: ReadonlySet<string>, catalogue: Catalogue = CATALOGUE): Problem[] {
  const wiredInto = new Set(graph.edges.map((e) => portRefText(e.to)));
  const out: Problem[] = [];
  graph.nodes.forEach((node, k) => {
    if (ids && !ids.has(node.id)) return;
    const def = catalogue.def(node.type);
    if (!def) return;
    const wired = (port: string) => wiredInto.has(`${node.id}.${port}`);
    for (const [port, spec] of Object.entries(def.inputs)) {
      if (!spec.optional && !wired(port)) {
        out.push({ path: `$.nodes[${k}]`, message: `input "${port}" of ${def.type} node "${node.id}" has no wire: the node cannot be evaluated` });
      }
    }
    const own = def.readinessProblem?.(node.params as never, wired);
    if (own) out.push({ path: `$.nodes[${k}]`, message: `${def.type} node "${node.id}": ${own}` });
  });
  return out;
}
