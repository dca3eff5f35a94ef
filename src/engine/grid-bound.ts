// Which nodes give grid-bound values (manifest.ts, gridBound), and the params each node runs
// with knowing it. An erosion or a flow reads the whole grid it runs on, so its values, and the
// values of everything downstream, depend on that grid. Two consequences the engine owns:
//
// - A node reading a grid-bound input on another domain (the water's world cut, the wind's
//   coarse grid) would run the erosion there, on a grid of another size and resolution: the
//   sea level of one landscape applied to another, a rain shadow cast by a third. Such a node
//   says what it runs with instead (NodeDef.gridBoundParams): the view's level, the air from
//   the view's edge.
// - The grids a grid-bound node runs on must not depend on which nodes an evaluation asks for
//   (Layout takes them from the plan of the whole graph): else a cell of the erosion read one
//   value when the viewer showed the erosion and another when it showed the biomes.

import type { Graph } from '../model/graph.ts';
import { type Catalogue, footprintOf, gridBound } from '../model/manifest.ts';
import type { AnyParamValue } from '../model/params.ts';
import { defOf } from './layout.ts';

type Params = Record<string, AnyParamValue>;

export interface GridBinding {
  /** The nodes whose outputs are grid-bound. */
  readonly bound: ReadonlySet<string>;
  /** The params each node runs with: its own, or its gridBoundParams' where an input is grid-bound. */
  readonly params: ReadonlyMap<string, Params>;
}

/**
 * Works out the grid-bound nodes from the params each node was given. A node is grid-bound when
 * its footprint is (for the params it runs with) or any of its inputs is. Repeated over the
 * nodes until nothing changes (nodes in file order, so a graph in dependency order settles in
 * one pass and a second confirms it; a cycle, refused elsewhere, cannot loop: the set only
 * grows). The last pass changes nothing, so every node's params are those of the final set.
 */
export function bindGrids(graph: Graph, catalogue: Catalogue, given: ReadonlyMap<string, Params>): GridBinding {
  const bound = new Set<string>();
  const params = new Map<string, Params>();
  const into = new Map<string, { port: string; from: string }[]>();
  for (const e of graph.edges) {
    const list = into.get(e.to.node);
    if (list) list.push({ port: e.to.port, from: e.from.node });
    else into.set(e.to.node, [{ port: e.to.port, from: e.from.node }]);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of graph.nodes) {
      const def = defOf(catalogue, node);
      const own = given.get(node.id) ?? node.params;
      const inputs = new Set((into.get(node.id) ?? []).filter((w) => bound.has(w.from)).map((w) => w.port));
      const run = inputs.size && def.gridBoundParams ? (def.gridBoundParams(own as never, inputs) as Params) : own;
      params.set(node.id, run);
      if (!bound.has(node.id) && (inputs.size > 0 || gridBound(footprintOf(def, run)))) {
        bound.add(node.id);
        changed = true;
      }
    }
  }
  return { bound, params };
}
