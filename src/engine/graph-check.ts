// The engine's own check of a graph handed to the library: what it must hold before the engine
// indexes it, so a graph built in code (never parsed from a file) fails with a GraphError that
// names the node, param or wire, not with a TypeError deep inside an evaluation. Linear time.

import type { Catalogue } from '../model/manifest.ts';
import { describe, type Problem } from '../model/problems.ts';
import { checkParams, checkView, checkWorld, nodeNamed, suggest } from '../model/validate.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Problems that would make the engine fail on this graph; empty when it can take it. */
export function checkEngineGraph(graph: unknown, catalogue: Catalogue): Problem[] {
  const known = catalogue.types.map((d) => d.type);
  // A Set, never an object lookup: a type named "constructor" must not find Object's.
  const KNOWN: ReadonlySet<string> = new Set(known);
  if (!isObject(graph)) return [{ path: '$', message: `expected a graph object, got ${describe(graph)}` }];
  const problems: Problem[] = [...checkView(graph.view)];
  if (graph.world !== undefined) problems.push(...checkWorld(graph.world));
  if (!Array.isArray(graph.nodes)) return [...problems, { path: '$.nodes', message: `expected an array of nodes, got ${describe(graph.nodes)}` }];
  if (!Array.isArray(graph.edges)) return [...problems, { path: '$.edges', message: `expected an array of edges, got ${describe(graph.edges)}` }];
  const types = new Map<string, string>();
  /** Each node's title, where it has one: a message names the node as the canvas shows it too. */
  const titles = new Map<string, string>();
  /** Nodes whose type is unknown: named once, not again at each of their wires. */
  const untyped = new Set<string>();
  graph.nodes.forEach((node: unknown, i) => {
    const path = `$.nodes[${i}]`;
    if (!isObject(node)) return problems.push({ path, message: `expected a node object, got ${describe(node)}` });
    const { id, type } = node;
    if (typeof id !== 'string' || id === '') return problems.push({ path: `${path}.id`, message: `expected a node id, got ${describe(id)}` });
    if (types.has(id)) return problems.push({ path: `${path}.id`, message: `node id "${id}" is used twice` });
    const def = typeof type === 'string' && KNOWN.has(type) ? catalogue.def(type) : undefined;
    if (!def) {
      untyped.add(id);
      return problems.push({ path: `${path}.type`, message: `node "${id}" has the type ${describe(type)}, which this engine's catalogue does not hold${suggest(String(type), known)}` });
    }
    types.set(id, type as string);
    // A node without a title shows its type's (as a file's problems name it: format.ts).
    const title = typeof node.title === 'string' ? node.title : def.title;
    if (title) titles.set(id, title);
    problems.push(...checkParams(def, id, node.params, `${path}.params`, title));
    return 0;
  });
  const wired = new Set<string>();
  graph.edges.forEach((edge: unknown, i) => {
    const path = `$.edges[${i}]`;
    if (!isObject(edge) || !isObject(edge.from) || !isObject(edge.to)) return problems.push({ path, message: `expected an edge { from: { node, port }, to: { node, port } }, got ${describe(edge)}` });
    let ends = 0;
    for (const [end, side] of [['from', 'outputs'], ['to', 'inputs']] as const) {
      const ref = edge[end] as Record<string, unknown>;
      const type = typeof ref.node === 'string' ? types.get(ref.node) : undefined;
      if (type === undefined) {
        if (typeof ref.node === 'string' && untyped.has(ref.node)) continue;
        problems.push({ path: `${path}.${end}`, message: `wire ${end} unknown node ${describe(ref.node)}` });
        continue;
      }
      const ports = catalogue.def(type)![side];
      if (typeof ref.port !== 'string' || !Object.hasOwn(ports, ref.port)) {
        problems.push({ path: `${path}.${end}`, message: `${nodeNamed(String(ref.node), type, titles.get(String(ref.node)))} has no ${side === 'inputs' ? 'input' : 'output'} ${describe(ref.port)}${suggest(String(ref.port), Object.keys(ports))}` });
        continue;
      }
      ends++;
    }
    // Two wires into one input, counted only between inputs that are there: a wire into a node
    // or port that is not has its problem already (and named "[object Object].in" in this one).
    if (ends < 2) return 0;
    const into = `${(edge.to as Record<string, string>).node}.${(edge.to as Record<string, string>).port}`;
    if (wired.has(into)) problems.push({ path: `${path}.to`, message: `input ${into} has two wires` });
    wired.add(into);
    return 0;
  });
  return problems;
}
