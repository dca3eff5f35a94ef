// Where new things go: a duplicate beside its original on free canvas, a node added at the
// pointer in the free spot nearest it, room for nodes expanded in place, a fresh seed for a new
// noise.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { boundsOf, freeSpotBeside, freeSpotNear, freshSeeds, GAP, makeRoom } from '../src/editor/placement.ts';
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

  it('makes room for nodes expanded in place: none covers another that it did not cover before, nodes moving right and down only', () => {
    // A collapsed node 124 wide, expanded 244 (the editor's widths), and three times as tall.
    const before = (n: GraphNode) => (n.collapsed ? { width: 124, height: 140 } : { width: 244, height: 420 });
    for (const file of readdirSync('graphs').filter((f) => f.endsWith('.json'))) {
      const graph = loadGraph(file);
      const collapsed = graph.nodes.filter((n) => n.collapsed);
      // Every other collapsed node, then all of them: expanded together.
      for (const grown of [new Set(collapsed.filter((_, k) => k % 2 === 0).map((n) => n.id)), new Set(collapsed.map((n) => n.id))]) {
        const after = (n: GraphNode) => before(grown.has(n.id) ? { ...n, collapsed: false } : n);
        const moves = new Map(makeRoom(graph, grown, before, after).map((m) => [m.id, m.position]));
        const rect = (n: GraphNode, size: typeof before, at = n.position) => ({ x: at[0], y: at[1], w: size(n).width, h: size(n).height });
        const over = (a: ReturnType<typeof rect>, b: ReturnType<typeof rect>) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        for (const a of graph.nodes) {
          for (const b of graph.nodes) {
            if (a === b || over(rect(a, before), rect(b, before))) continue;
            if (over(rect(a, after, moves.get(a.id)), rect(b, after, moves.get(b.id)))) throw new Error(`${file}: ${a.id} over ${b.id} after expanding ${[...grown].join(', ')}`);
          }
        }
        // Right and down only.
        for (const [id, at] of moves) {
          const n = graph.nodes.find((m) => m.id === id)!;
          expect(at[0] >= n.position[0] && at[1] >= n.position[1]).toBe(true);
        }
      }
    }
  });

  it('pushes a row right and a column down, keeping the gaps the graph had', () => {
    const core = new EditorCore();
    // Three in a row and one below the first, 20 apart, all collapsed.
    const ids = [[0, 0], [144, 0], [288, 0], [0, 160]].map((at) => core.addNode('fbm', at as [number, number]));
    core.setFlag(ids, 'collapsed', true);
    const before = (n: GraphNode) => (n.collapsed ? { width: 124, height: 140 } : { width: 244, height: 420 });
    const after = (n: GraphNode) => before(n.id === ids[0] ? { ...n, collapsed: false } : n);
    const moves = Object.fromEntries(makeRoom(core.snapshot(), [ids[0]], before, after).map((m) => [m.id, m.position]));
    expect(moves).toEqual({ [ids[1]]: [264, 0], [ids[2]]: [408, 0], [ids[3]]: [0, 440] });
  });
});
