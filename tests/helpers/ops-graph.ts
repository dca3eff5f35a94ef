// A graph using every terrain operator of issue 12, for determinism checks; run as a script
// (`node --import tsx tests/helpers/ops-graph.ts <size>`) it prints the SHA-256 of its outputs,
// so a test can compare the bits of another process with its own.

import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { CATALOGUE } from '../../nodes/index.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph, GraphNode } from '../../src/model/graph.ts';
import { type AnyParamValue, defaultParams } from '../../src/model/params.ts';

function node(id: string, type: string, params: Record<string, AnyParamValue> = {}): GraphNode {
  return { id, type, title: id, position: [0, 0], params: { ...defaultParams(CATALOGUE.def(type)!), ...params } };
}

/** The outputs whose bits are compared, as [node, port]. */
export const OPS_OUTPUTS: readonly (readonly [string, string])[] = [
  ['ridged', 'out'],
  ['billow', 'out'],
  ['cells', 'f1'],
  ['cells', 'f2'],
  ['cells', 'edges'],
  ['cells', 'cell'],
  ['terrace', 'out'],
  ['select', 'out'],
  ['warp', 'out'],
  ['warpWired', 'out'],
  ['blur', 'out'],
  ['blurWide', 'out'],
  ['slope', 'out'],
];

export function opsGraph(size: number, view = { x: 0.37, y: -1.21 }): Graph {
  return {
    name: 'operators',
    notes: '',
    view: { ...view, size },
    nodes: [
      node('ridged', 'fbm', { kind: 'ridged', seed: 5, octaves: 6 }),
      node('billow', 'fbm', { kind: 'billow', seed: 6 }),
      node('cells', 'cellular', { seed: 9, frequency: 6.5, jitter: 0.8 }),
      node('terrace', 'terrace', { steps: 4, sharpness: 0.9, low: -0.5, high: 0.8 }),
      node('select', 'select', { low: -0.2, high: 0.2, softness: 0.1 }),
      node('warp', 'warp', { amplitude: 0.07, seed: 4, frequency: 2.5 }),
      node('warpWired', 'warp', { amplitude: 0.03 }),
      node('blur', 'blur', { radius: 0.013 }),
      // Wide enough (σ ≥ 3 cells from 47² up) that the three-box path runs.
      node('blurWide', 'blur', { radius: 0.07 }),
      node('slope', 'slope'),
    ],
    edges: [
      { from: { node: 'ridged', port: 'out' }, to: { node: 'terrace', port: 'in' } },
      { from: { node: 'billow', port: 'out' }, to: { node: 'select', port: 'in' } },
      { from: { node: 'ridged', port: 'out' }, to: { node: 'warp', port: 'in' } },
      { from: { node: 'warp', port: 'out' }, to: { node: 'warpWired', port: 'in' } },
      { from: { node: 'billow', port: 'out' }, to: { node: 'warpWired', port: 'dx' } },
      { from: { node: 'cells', port: 'cell' }, to: { node: 'warpWired', port: 'dy' } },
      { from: { node: 'warpWired', port: 'out' }, to: { node: 'blur', port: 'in' } },
      { from: { node: 'blur', port: 'out' }, to: { node: 'slope', port: 'in' } },
      { from: { node: 'warpWired', port: 'out' }, to: { node: 'blurWide', port: 'in' } },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const e = createEngine(opsGraph(Number(process.argv[2] ?? 45)));
  e.evaluate();
  const hash = createHash('sha256');
  for (const [id, port] of OPS_OUTPUTS) hash.update(Buffer.from(e.output(id, port)!.data.buffer));
  console.log(hash.digest('hex'));
}
