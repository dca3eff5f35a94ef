// eroded-valleys.json with a thermal erosion after its hydraulic one: two erosions whose work on a
// build's grid the build-work and tiles-work tests compare.
import { readFileSync } from 'node:fs';
import { nodeDef } from '../../nodes/index.ts';
import { parseGraph } from '../../src/model/format.ts';
import type { Graph } from '../../src/model/graph.ts';
import { defaultParams } from '../../src/model/params.ts';

/** eroded-valleys.json with a thermal erosion called `scree` after its hydraulic one. */
export function withScree(params: Record<string, unknown> = {}): Graph {
  const base = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
  return {
    ...base,
    nodes: [...base.nodes, { id: 'scree', type: 'thermal', title: 'Scree', position: [0, 0], params: { ...defaultParams(nodeDef('thermal')!), ...params } }],
    edges: [...base.edges, { from: { node: 'erosion', port: 'out' }, to: { node: 'scree', port: 'height' } }],
  } as Graph;
}

