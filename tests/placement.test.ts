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
import { addRandomFrames, gridSpots } from './helpers/framed-grid.ts';
import { loadGraph, rng } from './helpers/graphs.ts';
import { FRAME_PAD, nodesInFrame } from '../src/model/frames.ts';

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
        const moves = new Map(makeRoom(graph, grown, before, after).nodes.map((m) => [m.id, m.position]));
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
    const moves = Object.fromEntries(makeRoom(core.snapshot(), [ids[0]], before, after).nodes.map((m) => [m.id, m.position]));
    expect(moves).toEqual({ [ids[1]]: [264, 0], [ids[2]]: [408, 0], [ids[3]]: [0, 440] });
  });

  describe('and frames', () => {
    const before = (n: GraphNode) => (n.collapsed ? { width: 124, height: 140 } : { width: 244, height: 420 });
    /** Collapsed fbm nodes at these corners. */
    const nodesAt = (core: EditorCore, corners: [number, number][]) => {
      const ids = corners.map((at) => core.addNode('fbm', at));
      core.setFlag(ids, 'collapsed', true);
      return ids;
    };
    const expand = (core: EditorCore, ids: string[]) => {
      const grown = new Set(ids);
      const after = (n: GraphNode) => before(grown.has(n.id) ? { ...n, collapsed: false } : n);
      const room = makeRoom(core.snapshot(), grown, before, after);
      core.setFlag(ids, 'collapsed', false, room);
      return room;
    };
    const sizeOf = (core: EditorCore) => (id: string) => before(core.node(id)! as GraphNode);
    const inFrame = (core: EditorCore, id: string) => nodesInFrame(core.snapshot(), core.frame(id)!, sizeOf(core)).sort();

    it('grows a frame to hold its node expanded and the node it pushed, and pushes the node outside it out of the grown frame\'s way', () => {
      const core = new EditorCore();
      const [a, b, out] = nodesAt(core, [[0, 0], [144, 0], [340, 0]]);
      // A frame about a and b, FRAME_PAD clear of them; `out` just right of it.
      const frame = core.addFrame([-FRAME_PAD, -FRAME_PAD - 40], [268 + 2 * FRAME_PAD, 140 + 2 * FRAME_PAD + 40]);
      expect(inFrame(core, frame)).toEqual([a, b].sort());
      const text = JSON.stringify(core.snapshot());
      const room = expand(core, [a]);
      // b pushed right within the frame, which grew right and down to hold a and b, FRAME_PAD clear.
      expect(core.node(b)!.position).toEqual([264, 0]);
      expect(core.frame(frame)!.position).toEqual([-FRAME_PAD, -FRAME_PAD - 40]);
      expect(core.frame(frame)!.size).toEqual([264 + 124 + 2 * FRAME_PAD, 420 + 2 * FRAME_PAD + 40]);
      expect(inFrame(core, frame)).toEqual([a, b].sort());
      // `out` kept its gap from the frame (48, so GAP) from the grown frame, and is not in it.
      expect(core.node(out)!.position).toEqual([264 + 124 + FRAME_PAD + GAP, 0]);
      expect(room.frames).toHaveLength(1);
      // One undo step puts everything back.
      core.undo();
      expect(JSON.stringify(core.snapshot())).toBe(text);
    });

    it('pushes a frame whose pad already lay over the collapsed node, when the node expanded would cover what it holds', () => {
      const core = new EditorCore();
      // b 20 right of a, closer than FRAME_PAD: a frame drawn about b alone (Ctrl+G) overlaps a by 4.
      const [a, b] = nodesAt(core, [[0, 0], [144, 0]]);
      const frame = core.addFrame([144 - FRAME_PAD, -FRAME_PAD - 40], [124 + 2 * FRAME_PAD, 140 + 2 * FRAME_PAD + 40]);
      expect(inFrame(core, frame)).toEqual([b]);
      expand(core, [a]);
      // The expanded a (244 wide) covered b and its frame: the frame is pushed clear of a, b with it.
      const f = core.frame(frame)!;
      expect(f.position[0]).toBeGreaterThanOrEqual(244);
      expect(core.node(b)!.position[0]).toBeGreaterThanOrEqual(244);
      expect(inFrame(core, frame)).toEqual([b]);
    });

    it('pushes a frame in the way of a node outside it as a block, with its nodes and reroute dots', () => {
      const core = new EditorCore();
      const [a, b, c] = nodesAt(core, [[0, 0], [200, 0], [400, 0]]);
      const frame = core.addFrame([180, -20], [380, 200]);
      expect(inFrame(core, frame)).toEqual([b, c].sort());
      core.connect({ from: { node: b, port: 'out' }, to: { node: core.addNode('blur', [700, 300]), port: 'in' } });
      const wire = core.graph.edges.find((e) => e.from.node === b)!;
      core.setVia(wire, [[500, 160], [900, 400]]);
      expand(core, [a]);
      // a grows to 244 wide: the frame (56 clear of a before, so GAP) goes right with all it holds, b and c keep their places in it.
      const dx = 244 + GAP - 180;
      expect(core.frame(frame)!.position).toEqual([180 + dx, -20]);
      expect(core.frame(frame)!.size).toEqual([380, 200]);
      expect([core.node(b)!.position, core.node(c)!.position]).toEqual([[200 + dx, 0], [400 + dx, 0]]);
      expect(inFrame(core, frame)).toEqual([b, c].sort());
      // The dot inside the frame went with it; the one outside stayed.
      expect(core.graph.edges.find((e) => e.from.node === b)!.via).toEqual([[500 + dx, 160], [900, 400]]);
    });

    it('carries a frame inside a frame pushed, and grows the outer frame with the inner one', () => {
      const core = new EditorCore();
      const [a, b] = nodesAt(core, [[0, 0], [144, 0]]);
      const inner = core.addFrame([-10, -10], [144 + 124 + 20, 160]);
      const outer = core.addFrame([-30, -60], [144 + 124 + 60, 220]);
      const [right] = nodesAt(core, [[340, 0]]);
      const [other] = nodesAt(core, [[360, 300]]);
      const far = core.addFrame([340, 280], [164, 180]);
      expand(core, [a]);
      expect(inFrame(core, inner)).toEqual([a, b].sort());
      expect(inFrame(core, outer)).toEqual([a, b].sort());
      // The outer frame holds the inner one it grew with, and nothing else overlaps it newly.
      const fr = (id: string) => ({ x: core.frame(id)!.position[0], y: core.frame(id)!.position[1], w: core.frame(id)!.size[0], h: core.frame(id)!.size[1] });
      const o = fr(outer);
      const i = fr(inner);
      expect(i.x >= o.x && i.y >= o.y && i.x + i.w <= o.x + o.w && i.y + i.h <= o.y + o.h).toBe(true);
      const f = fr(far);
      expect(f.x >= o.x + o.w || f.y >= o.y + o.h).toBe(true);
      expect(inFrame(core, far)).toEqual([other]);
      expect(core.node(right)!.position[0]).toBeGreaterThanOrEqual(o.x + o.w);
    });

    it('keeps every node in its frame and no node or frame over another it was clear of, on seeded random layouts', () => {
      for (let seed = 1; seed <= 40; seed++) {
        const random = rng(seed);
        const core = new EditorCore();
        // A grid of collapsed nodes, 20 apart; frames about random blocks of it.
        const cols = 6;
        const ids = nodesAt(core, gridSpots(cols));
        addRandomFrames(core, random, cols);
        const members = new Map((core.graph.frames ?? []).map((f) => [f.id, inFrame(core, f.id)]));
        const was = core.snapshot();
        const grown = ids.filter(() => random() < 0.3);
        expand(core, grown);
        for (const [id, held] of members) expect(inFrame(core, id), `seed ${seed}, frame ${id}`).toEqual(held);
        // Nodes: none over another it was clear of (as before frames).
        const rect = (n: GraphNode, size = before(n)) => ({ x: n.position[0], y: n.position[1], w: size.width, h: size.height });
        const over = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        for (const n of core.graph.nodes) {
          for (const m of core.graph.nodes) {
            if (n === m || over(rect(was.nodes.find((x) => x.id === n.id)!), rect(was.nodes.find((x) => x.id === m.id)!))) continue;
            expect(over(rect(n as GraphNode), rect(m as GraphNode)), `seed ${seed}: ${n.id} over ${m.id}`).toBe(false);
          }
        }
        // Frames: none over another it was clear of, and no node outside a frame over it.
        const fr = (f: { position: readonly number[]; size: readonly number[] }) => ({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] });
        for (const f of core.graph.frames ?? []) {
          const f0 = fr(was.frames!.find((x) => x.id === f.id)!);
          for (const g of core.graph.frames ?? []) if (f !== g && !over(f0, fr(was.frames!.find((x) => x.id === g.id)!))) expect(over(fr(f), fr(g)), `seed ${seed}`).toBe(false);
          for (const n of core.graph.nodes) {
            if (members.get(f.id)!.includes(n.id) || over(f0, rect(was.nodes.find((x) => x.id === n.id)!))) continue;
            expect(over(fr(f), rect(n as GraphNode)), `seed ${seed}: ${n.id} under frame ${f.id}`).toBe(false);
          }
        }
      }
    });
  });
});
