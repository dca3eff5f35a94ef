// Bypass as a rewrite of the graph: the engine never hears of it. Each wire that leaves a
// bypassed node is moved to leave from what feeds the node's first fitting input instead.

import { CATALOGUE } from '../../nodes/index.ts';
import { edgeInto, type Edge, type Graph, type PortRef } from './graph.ts';
import type { Catalogue } from './manifest.ts';
import { canConnect, type PortType } from './values.ts';

/**
 * The graph as the engine should evaluate it: every wire out of a bypassed node's output comes
 * instead from the source of the node's first input (in manifest order) whose wired value fits
 * where that output went, through chains of bypassed nodes. A wire with no such input is left
 * out, so the input it fed is unwired (its optional fallback, or a "not wired" message: the
 * neutral value). The bypassed node itself still evaluates, for its own preview.
 * Pure; returns the graph itself when nothing is bypassed.
 */
export function passThrough(graph: Graph, catalogue: Catalogue = CATALOGUE): Graph {
  if (!graph.nodes.some((n) => n.bypass)) return graph;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));

  const outputType = (ref: PortRef): PortType | undefined => {
    const node = byId.get(ref.node);
    return node ? catalogue.def(node.type)?.outputs[ref.port]?.type : undefined;
  };

  /** The source that stands for `ref` once bypassed nodes are skipped, for an input of type `want`. */
  const resolve = (ref: PortRef, want: PortType, depth: number): PortRef | null => {
    const node = byId.get(ref.node);
    if (!node?.bypass) return ref;
    const def = catalogue.def(node.type);
    if (!def || depth > graph.nodes.length) return null;
    for (const key of Object.keys(def.inputs)) {
      const edge = edgeInto(graph, node.id, key);
      if (!edge) continue;
      const source = resolve(edge.from, want, depth + 1);
      const type = source && outputType(source);
      if (source && type && canConnect(type, want)) return source;
    }
    return null;
  };

  const edges: Edge[] = [];
  for (const e of graph.edges) {
    const want = byId.get(e.to.node) && catalogue.def(byId.get(e.to.node)!.type)?.inputs[e.to.port]?.type;
    const from = want ? resolve(e.from, want, 0) : e.from;
    if (from) edges.push(from === e.from ? e : { from, to: e.to });
  }
  return { ...graph, edges };
}
