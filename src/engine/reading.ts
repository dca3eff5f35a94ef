// What a node's hooks (NodeDef.explain, cellOrigins, stats) read: a node's params and the
// results around it on one domain, taken from an engine after an evaluation. The one place that
// follows wires on behalf of the hooks, so a node file never needs the engine or the graph.

import { type Domain, viewDomain } from '../grid.ts';
import { edgeInto, findNode, type Graph, upstreamOf } from '../model/graph.ts';
import type { AnyNodeDef, Arrows, Catalogue, NodeReading } from '../model/manifest.ts';
import type { Engine } from './engine.ts';

/**
 * The arrows (NodeDef.overlay) of every node that is `target` or feeds it in `graph`, in file
 * order. Pass the graph as evaluated (bypass's passThrough): a bypassed wind feeds nothing there.
 */
export function arrowsUpstream(graph: Graph, catalogue: Catalogue, target: string): Arrows[] {
  if (!findNode(graph, target)) return [];
  const upstream = upstreamOf(graph, [target]);
  const out: Arrows[] = [];
  for (const n of graph.nodes) {
    if (!upstream.has(n.id) || (n.bypass && n.id !== target)) continue;
    const overlay = catalogue.def(n.type)?.overlay?.(n.params as never);
    if (overlay) out.push({ node: n.id, angle: overlay.angle });
  }
  return out;
}

/**
 * The reading of node `id` in `graph` from the engine's results on `domain` (the engine's view
 * by default). `graph` is the graph the engine evaluated; the node must be in it.
 */
export function readNode(engine: Engine, graph: Graph, catalogue: Catalogue, id: string, domain?: Domain): { def: AnyNodeDef | undefined; reading: NodeReading } {
  const node = findNode(graph, id);
  if (!node) throw new Error(`no node "${id}"`);
  const on = domain ?? viewDomain(engine.view);
  const source = (port: string) => edgeInto(graph, id, port)?.from;
  const reading: NodeReading = {
    node: id,
    params: node.params,
    domain: on,
    output: (port) => engine.output(id, port, on),
    input: (port) => {
      const from = source(port);
      return from && engine.output(from.node, from.port, on);
    },
    inputTitle: (port) => {
      const from = source(port);
      return from && (findNode(graph, from.node)?.title ?? from.node);
    },
    arrowsUpstream: (port) => {
      const from = source(port);
      return from ? arrowsUpstream(graph, catalogue, from.node) : [];
    },
  };
  return { def: catalogue.def(node.type), reading };
}
