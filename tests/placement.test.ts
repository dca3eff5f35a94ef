// Where new things go: a duplicate beside its original on free canvas, a node added at the
// pointer in the free spot nearest it, a fresh seed for a new noise.
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { boundsOf, freeSpotBeside, freeSpotNear, freshSeeds, GAP } from '../src/editor/placement.ts';
import type { GraphNode } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import { loadGraph } from './helpers/graphs.ts';

const size = () => ({ width: 200, height: 100 });

describe('placement', () => {
  it('puts a copy to the right of its original, then in the free spot nearest it, never on a node', () => {
    const core = new EditorCore();
    const a = core.addNode('fbm', [0, 0]);
    const box = boundsOf([core.node(a)! as GraphNode], size);
    const first = freeSpotBeside(core.snapshot(), box, size);
    expect(first).toEqual([200 + GAP, 0]);
    core.addNode('fbm', first);
    const second = freeSpotBeside(core.snapshot(), box, size);
    expect(second).not.toEqual(first);
    // Next to the original (above or below it, its height and half a GAP away), not one row out.
    expect(second[0]).toBe(0);
    expect(Math.abs(second[1])).toBe(100 + GAP / 2);
    for (const n of core.graph.nodes) {
      const apart = Math.abs(n.position[0] - second[0]) >= 200 || Math.abs(n.position[1] - second[1]) >= 100;
      expect(apart).toBe(true);
    }
  });

  it('adds a node at the pointer when there is room, else in the free spot nearest it', () => {
    const core = new EditorCore();
    core.addNode('fbm', [0, 0]);
    core.addNode('fbm', [300, 0]);
    const box = { w: 200, h: 100 };
    // Room at the pointer: there.
    expect(freeSpotNear(core.snapshot(), [0, 400], box, size)).toEqual([0, 400]);
    // On the first node: moved off it, as little as it takes, clear of both by half a GAP.
    const spot = freeSpotNear(core.snapshot(), [40, 20], box, size);
    for (const n of core.graph.nodes) {
      const apart = spot[0] + box.w + GAP / 2 <= n.position[0] || n.position[0] + 200 + GAP / 2 <= spot[0] || spot[1] + box.h + GAP / 2 <= n.position[1] || n.position[1] + 100 + GAP / 2 <= spot[1];
      expect(apart, `${spot} against ${n.position}`).toBe(true);
    }
    // The nearest room: straight below the node (100 high), half a GAP under it.
    expect(spot).toEqual([40, 100 + GAP / 2]);
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
