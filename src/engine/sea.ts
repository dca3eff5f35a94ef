// The sea under a layer drawn with its "none" in the mask's land colour, as the node that made it
// knows that sea (NodeDef.land): what the viewer's map, its drag frames, the compare pin and every
// 8-bit picture export (the editor's, `render`'s PNG, `build --format png`) paint as sea under it.

import type { Domain } from '../grid.ts';
import type { Graph } from '../model/graph.ts';
import type { Catalogue } from '../model/manifest.ts';
import { isMask, type Value } from '../model/values.ts';
import { LAND_MASK, rampFor } from '../render/ramps.ts';
import type { Engine } from './engine.ts';
import { readNode } from './reading.ts';

/**
 * The sea under an output drawn with its "none" in the mask's land colour, a two-valued one (the
 * flow's rivers: no river) or one whose 0 cells are drawn so (its lakes: no lake), of node `id`,
 * as the node knows it (NodeDef.land), on `domain` (the view's when absent): 1 on land, 0 on the
 * sea. Null for any other output, a node that knows no sea, or one bypassed (its outputs then
 * hold another node's values, as its card picture says). The node's inputs must still hold their
 * results on `domain` (seaInputs: an evaluation that drops intermediates keeps them as targets).
 */
export function seaUnder(engine: Engine, graph: Graph, catalogue: Catalogue, id: string, value: Value, domain?: Domain): Uint8Array | null {
  // The lakes map drew the sea as sand, the colour of its dry land, while the rivers map beside it drew sea.
  if (!drawnOverSea(value)) return null;
  const node = graph.nodes.find((nd) => nd.id === id);
  const def = node && catalogue.def(node.type);
  if (!node || node.bypass || !def?.land) return null;
  const land = def.land(readNode(engine, graph, catalogue, id, domain).reading as never);
  return land && land.length === value.data.length ? land : null;
}

/** Is `value` a layer a sea may be painted under: a field whose "none" is drawn in the mask's land colour? */
function drawnOverSea(value: Value): boolean {
  return value.type === 'field' && (isMask(value.meaning) || rampFor(value.meaning).zero === LAND_MASK);
}

/**
 * The nodes whose results seaUnder reads for nodes `ids` of `graph`, besides their own: the
 * sources of the inputs of each that knows its sea (NodeDef.land). An evaluation that drops
 * intermediates (`render`, `build`) targets them too, so the sea is there to paint.
 */
export function seaInputs(graph: Graph, catalogue: Catalogue, ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    const node = graph.nodes.find((nd) => nd.id === id);
    if (!node || node.bypass || !catalogue.def(node.type)?.land) continue;
    for (const e of graph.edges) if (e.to.node === id) out.add(e.from.node);
  }
  return [...out];
}
