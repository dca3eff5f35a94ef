// Where new things go: a duplicate beside its original on free canvas, a fresh seed for a new noise.
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { boundsOf, freeSpotBeside, freshSeeds, GAP } from '../src/editor/placement.ts';
import type { GraphNode } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/manifest.ts';
import { loadGraph } from './helpers/graphs.ts';

const size = () => ({ width: 200, height: 100 });

describe('placement', () => {
  it('puts a copy to the right of its original, then below, never on a node', () => {
    const core = new EditorCore();
    const a = core.addNode('fbm', [0, 0]);
    const box = boundsOf([core.node(a)! as GraphNode], size);
    const first = freeSpotBeside(core.snapshot(), box, size);
    expect(first).toEqual([200 + GAP, 0]);
    core.addNode('fbm', first);
    const second = freeSpotBeside(core.snapshot(), box, size);
    expect(second).not.toEqual(first);
    for (const n of core.graph.nodes) {
      const apart = Math.abs(n.position[0] - second[0]) >= 200 || Math.abs(n.position[1] - second[1]) >= 100;
      expect(apart).toBe(true);
    }
  });

  it('gives a new noise a seed no node of the graph uses, the same one every time', () => {
    const graph = loadGraph('default.json');
    const def = nodeDef('fbm')!;
    const used = graph.nodes.filter((n) => n.type === 'fbm').map((n) => n.params.seed);
    const params = freshSeeds(graph, def, defaultParams(def));
    expect(used).not.toContain(params.seed);
    expect(freshSeeds(graph, def, defaultParams(def))).toEqual(params);
    const core = new EditorCore(graph);
    const id = core.addNode('fbm', [0, 0]);
    expect(core.node(id)!.params.seed).toBe(params.seed);
    // An explicit seed is kept as given.
    expect(core.node(core.addNode('fbm', [0, 0], { seed: 1 }))!.params.seed).toBe(1);
  });
});
