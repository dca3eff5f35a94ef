// Which nodes give grid-bound values (manifest.ts, gridBound). An erosion or a flow reads the
// whole grid it runs on, so its values, and the values of everything downstream, depend on that
// grid. Two consequences the engine owns:
//
// - The grids a grid-bound node runs on must not depend on which nodes an evaluation asks for
//   (Layout takes them from the plan of the whole graph): else a cell of the erosion read one
//   value when the viewer showed the erosion and another when it showed the biomes.
// - On a grid of another resolution than the one asked for (the water's world cut, the wind's
//   coarse pass), an erosion would be another erosion at another scale: it runs with its
//   coarseParams there, passing on the land before it (evaluation.ts, coarseRun).

import type { Graph } from '../model/graph.ts';
import { type Catalogue, type Footprint, footprintOf, gridBound, readsAsked } from '../model/manifest.ts';
import { defOf } from './layout.ts';

/**
 * The nodes whose outputs are grid-bound: a node is when its footprint is or any of its inputs
 * is. Repeated over the nodes until nothing changes (nodes in file order, so a graph in
 * dependency order settles in one pass and a second confirms it; a cycle, refused elsewhere,
 * cannot loop: the set only grows).
 */
export function gridBoundNodes(graph: Graph, catalogue: Catalogue): Set<string> {
  const bound = new Set<string>();
  const from = new Map<string, string[]>();
  for (const e of graph.edges) {
    const list = from.get(e.to.node);
    if (list) list.push(e.from.node);
    else from.set(e.to.node, [e.from.node]);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of graph.nodes) {
      if (bound.has(node.id)) continue;
      if ((from.get(node.id) ?? []).some((id) => bound.has(id)) || gridBound(footprintOf(defOf(catalogue, node), node.params))) {
        bound.add(node.id);
        changed = true;
      }
    }
  }
  return bound;
}

/**
 * Whether a build runs the node on its whole grid (EvaluateOptions.grid): its own footprint is
 * grid-bound (an erosion, a flow, a coast without a cap), and no node of `upstream` (its inputs'
 * closure, itself included) reads the domain asked (a water level from the view), whose land,
 * and so the node's run, would be the first block's. Such a node runs on each block. The engine
 * (Layout) and the build (blocks.ts gridBoundUpstream) ask this one rule.
 */
export function runsOnWholeGrid(footprint: (id: string) => Footprint | null, id: string, upstream: Iterable<string>): boolean {
  const own = footprint(id);
  if (!own || !gridBound(own)) return false;
  for (const up of upstream) {
    const f = footprint(up);
    if (f && readsAsked(f)) return false;
  }
  return true;
}
