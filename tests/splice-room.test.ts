// A node put on a wire makes room for itself (placement.ts roomForInsert, Blender's auto-offset):
// dropped on a wire (EditorCore.spliceNode) or inserted on one (insertNode), it moves right off
// the node the wire comes from and pushes the nodes on its right as far right as it needs, in the
// splice's own undo step; frames keep holding their nodes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { GAP, roomForInsert } from '../src/editor/placement.ts';
import { edgeKey } from '../src/editor/wiring.ts';
import { FRAME_PAD, frameHolds, nodesInFrame } from '../src/model/frames.ts';
import type { Edge, Graph, GraphNode } from '../src/model/graph.ts';
import { drawnSize } from '../src/app/node/layout.ts';
import { addRandomFrames, gridSpots } from './helpers/framed-grid.ts';
import { rng } from './helpers/graphs.ts';

const core = () => new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' }));
const wireOf = (c: EditorCore, key: string): Edge => {
  const edge = c.graph.edges.find((e) => edgeKey(e) === key);
  if (!edge) throw new Error(`no wire ${key}`);
  return edge;
};
type Box = { x: number; y: number; w: number; h: number };
const box = (n: Readonly<GraphNode>): Box => ({ x: n.position[0], y: n.position[1], w: drawnSize(n).width, h: drawnSize(n).height });
const over = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
/** Pairs of nodes whose boxes overlap, as "a/b". */
const overlapping = (c: EditorCore) => {
  const out: string[] = [];
  const nodes = c.graph.nodes;
  for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) if (over(box(nodes[i]), box(nodes[j]))) out.push(`${nodes[i].id}/${nodes[j].id}`);
  return out;
};
const positions = (c: EditorCore) => Object.fromEntries(c.graph.nodes.map((n) => [n.id, [...n.position]]));
const right = (n: Readonly<GraphNode>) => n.position[0] + drawnSize(n).width;

// The default graph: collapsed nodes 124 wide on a 144 grid, 20 apart. The Height (288, 176)
// feeds the Water level (432, 176); the row goes on with the Rank (576), the Wind (720) and the
// Biomes (1008).
describe('a node dropped on a wire between two close nodes', () => {
  it('moves right off the node the wire comes from and pushes the row on its right just far enough, one undo step taking all back', () => {
    const c = core();
    const blur = c.addNode('blur', [0, 700]);
    expect(c.node(blur)!.collapsed).toBe(true);
    const before = serializeGraph(c.snapshot());
    const was = positions(c);
    expect(overlapping(c)).toEqual([]);
    // Let go over both ends of the wire, its middle on the 20-unit gap between them.
    expect(c.spliceNode(blur, wireOf(c, 'height.out>water.height'), [360, 190], drawnSize)).toBeNull();
    expect(c.graph.edges.map(edgeKey)).toContain(`height.out>${blur}.in`);
    const g = (id: string) => c.node(id)!;
    // A GAP right of the Height, at the height it was let go; the Water level a GAP right of it.
    expect(g(blur).position).toEqual([right(g('height')), 190].map((v, k) => (k === 0 ? v + GAP : v)));
    expect(g('water').position).toEqual([right(g(blur)) + GAP, 176]);
    // The Rank, 20 right of the Water level before, keeps those 20, and so on down the row.
    expect(g('rank').position[0]).toBe(right(g('water')) + 20);
    expect(g('wind').position[0]).toBe(right(g('rank')) + 20);
    expect(g('biomes').position[0]).toBeGreaterThanOrEqual(right(g('wind')));
    expect(overlapping(c)).toEqual([]);
    // Only rightwards; the nodes the push did not reach stay (the Height, the rows above and below).
    for (const n of c.graph.nodes) {
      if (n.id === blur) continue;
      expect(n.position[1]).toBe(was[n.id][1]);
      expect(n.position[0]).toBeGreaterThanOrEqual(was[n.id][0]);
    }
    for (const id of ['height', 'cont', 'coast', 'temperature', 'tempNoise', 'moistNoise', 'moisture']) expect(g(id).position, id).toEqual(was[id]);
    expect(c.undoLabel).toBe('insert Blur');
    const after = serializeGraph(c.snapshot());
    c.undo();
    expect(serializeGraph(c.snapshot())).toBe(before);
    c.redo();
    expect(serializeGraph(c.snapshot())).toBe(after);
  });

  it('moves nothing else when it lands clear of every node', () => {
    const c = core();
    const blur = c.addNode('blur', [0, 700]);
    const was = positions(c);
    expect(c.spliceNode(blur, wireOf(c, 'moistNoise.out>moisture.noise'), [700, 700], drawnSize)).toBeNull();
    expect(c.node(blur)!.position).toEqual([700, 700]);
    expect(positions(c)).toEqual({ ...was, [blur]: [700, 700] });
  });

  it('Insert node… makes the same room, in its one step', () => {
    const c = core();
    const before = serializeGraph(c.snapshot());
    const id = c.insertNode('blur', [360, 190], wireOf(c, 'height.out>water.height'), { inPort: 'in', outPort: 'out' }, undefined, drawnSize);
    const dropped = core();
    const blur = dropped.addNode('blur', [0, 700]);
    dropped.spliceNode(blur, wireOf(dropped, 'height.out>water.height'), [360, 190], drawnSize);
    expect(positions(c)).toEqual(positions(dropped));
    expect(c.node(id)!.position).toEqual(dropped.node(blur)!.position);
    expect(overlapping(c)).toEqual([]);
    expect(c.undoLabel).toBe('insert Blur');
    c.undo();
    expect(serializeGraph(c.snapshot())).toBe(before);
  });

  it('grows the frame it lands in to hold what it pushes, and pushes a frame in the way whole', () => {
    const c = core();
    const size = (id: string) => drawnSize(c.node(id)!);
    // A frame about the Height and the Water level; another about the Rank and the Wind.
    const left = c.addFrame([288 - FRAME_PAD, 176 - FRAME_PAD - 40], [268 + 2 * FRAME_PAD, 164 + 2 * FRAME_PAD + 40]);
    const mid = c.addFrame([576 - FRAME_PAD, 176 - FRAME_PAD - 40], [268 + 2 * FRAME_PAD, 164 + 2 * FRAME_PAD + 40]);
    expect(nodesInFrame(c.snapshot(), c.frame(left)!, size).sort()).toEqual(['height', 'water']);
    expect(nodesInFrame(c.snapshot(), c.frame(mid)!, size).sort()).toEqual(['rank', 'wind']);
    const blur = c.addNode('blur', [0, 700]);
    const before = serializeGraph(c.snapshot());
    expect(c.spliceNode(blur, wireOf(c, 'height.out>water.height'), [360, 190], drawnSize)).toBeNull();
    // The node and the Water level it pushed stay in their frame, which grew right to hold them.
    expect(nodesInFrame(c.snapshot(), c.frame(left)!, size).sort()).toEqual([blur, 'height', 'water'].sort());
    expect(c.frame(left)!.position[0] + c.frame(left)!.size[0]).toBe(right(c.node('water')!) + FRAME_PAD);
    // The frame on the right was pushed whole, its nodes with it, clear of the grown one.
    expect(nodesInFrame(c.snapshot(), c.frame(mid)!, size).sort()).toEqual(['rank', 'wind']);
    expect(c.frame(mid)!.position[0]).toBeGreaterThanOrEqual(c.frame(left)!.position[0] + c.frame(left)!.size[0]);
    expect(c.node('rank')!.position[0] - c.frame(mid)!.position[0]).toBe(FRAME_PAD);
    expect(overlapping(c)).toEqual([]);
    c.undo();
    expect(serializeGraph(c.snapshot())).toBe(before);
  });
});

describe('roomForInsert', () => {
  it('leaves the node put on a wire over no node, no node over another it was clear of, every node in its frame, nodes moving right only, on seeded random layouts', () => {
    const size = (n: Pick<GraphNode, 'collapsed'>) => (n.collapsed ? { width: 124, height: 140 } : { width: 244, height: 420 });
    const rect = (n: Pick<GraphNode, 'collapsed' | 'position'>): Box => ({ x: n.position[0], y: n.position[1], w: size(n).width, h: size(n).height });
    const fr = (f: { position: readonly number[]; size: readonly number[] }): Box => ({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] });
    for (let seed = 1; seed <= 60; seed++) {
      const random = rng(seed);
      const c = new EditorCore();
      // A grid of collapsed nodes 20 apart, some cells empty; frames about random blocks of it.
      const cols = 6;
      const ids = gridSpots(cols)
        .filter(() => random() < 0.8)
        .map((at) => c.addNode('fbm', at));
      c.setFlag(ids, 'collapsed', true);
      addRandomFrames(c, random, cols);
      const was = c.snapshot();
      const node: GraphNode = { id: 'put', type: 'blur', title: 'Blur', position: [0, 0], params: {}, collapsed: true };
      const drop: [number, number] = [Math.round(random() * 900 - 100), Math.round(random() * 700 - 80)];
      const { at, room } = roomForInsert(was, node, drop, size);
      const moved = new Map(room.nodes.map((m) => [m.id, m.position]));
      const after: Graph = {
        ...was,
        nodes: [...was.nodes.map((n) => ({ ...n, position: moved.get(n.id) ?? n.position })), { ...node, position: at }],
        frames: (was.frames ?? []).map((f) => room.frames.find((g) => g.id === f.id) ?? f),
      };
      const why = `seed ${seed}, dropped at ${drop}`;
      const placed = after.nodes.find((n) => n.id === 'put')!;
      expect(at[1], why).toBe(drop[1]);
      expect(at[0], why).toBeGreaterThanOrEqual(drop[0]);
      for (const n of after.nodes) if (n !== placed) expect(over(rect(placed), rect(n)), `${why}: on ${n.id}`).toBe(false);
      for (const n of was.nodes) {
        const m = after.nodes.find((x) => x.id === n.id)!;
        expect(m.position[1], why).toBe(n.position[1]);
        expect(m.position[0], why).toBeGreaterThanOrEqual(n.position[0]);
        for (const o of was.nodes) {
          if (o === n || over(rect(n), rect(o))) continue;
          expect(over(rect(m), rect(after.nodes.find((x) => x.id === o.id)!)), `${why}: ${n.id} over ${o.id}`).toBe(false);
        }
      }
      const sizeOf = (g: Graph) => (id: string) => size(g.nodes.find((n) => n.id === id)!);
      for (const f of was.frames ?? []) {
        const g = after.frames!.find((x) => x.id === f.id)!;
        const held = nodesInFrame(was, f, sizeOf(was));
        // What it held it holds; the node put on the wire too when let go wholly inside it.
        const joined = frameHolds(f, { x: drop[0], y: drop[1], width: 124, height: 140 }) && !(was.frames ?? []).some((h) => h !== f && frameHolds(h, { x: drop[0], y: drop[1], width: 124, height: 140 }) && h.size[0] * h.size[1] < f.size[0] * f.size[1]);
        const now = nodesInFrame(after, g, sizeOf(after));
        for (const id of held) expect(now, `${why}: ${id} left frame ${f.id}`).toContain(id);
        if (joined) expect(now, `${why}: frame ${f.id}`).toContain('put');
        for (const h of was.frames ?? []) if (h !== f && !over(fr(f), fr(h))) expect(over(fr(g), fr(after.frames!.find((x) => x.id === h.id)!)), `${why}: frame ${f.id} over ${h.id}`).toBe(false);
      }
    }
  });
});

// A wire's reroute dots split where the node goes on it (EditorCore.dotsAround, splitVia): both
// new wires were drawn straight, the dots lost.
describe('a node put on a wire with reroute dots', () => {
  const detour = (c: EditorCore) => {
    // The Height → Water level wire led down and back: dots at (300, 420) and (560, 420).
    c.setVia(wireOf(c, 'height.out>water.height'), [[300, 420], [560, 420]]);
    return wireOf(c, 'height.out>water.height');
  };
  const into = (c: EditorCore, id: string) => c.graph.edges.find((e) => e.to.node === id)!;
  const outOf = (c: EditorCore, id: string) => c.graph.edges.find((e) => e.from.node === id)!;

  it('keeps the dots before the node on the wire into it and those after on the wire out of it, dropped or inserted, one undo step giving them back', () => {
    for (const how of ['dropped', 'inserted'] as const) {
      const c = core();
      const wire = detour(c);
      const was = serializeGraph(c.graph);
      // Let go on the stretch between the two dots, below the row.
      const at: [number, number] = [380, 390];
      let id: string;
      if (how === 'dropped') {
        id = c.addNode('blur', [900, 700]);
        expect(c.spliceNode(id, wire, at, drawnSize)).toBeNull();
      } else id = c.insertNode('blur', at, wire, { inPort: 'in', outPort: 'out' }, undefined, drawnSize);
      expect(into(c, id).via, how).toEqual([[300, 420]]);
      expect(outOf(c, id).via, how).toEqual([[560, 420]]);
      c.undo();
      if (how === 'dropped') c.undo();
      expect(serializeGraph(c.graph), how).toBe(was);
    }
  });

  it('puts every dot on the wire out of it when it goes on the wire before the first dot, and none where the wire had none', () => {
    const c = core();
    const wire = detour(c);
    const id = c.insertNode('blur', [250, 300], wire, { inPort: 'in', outPort: 'out' }, undefined, drawnSize);
    expect(into(c, id).via).toBeUndefined();
    expect(outOf(c, id).via).toEqual([[300, 420], [560, 420]]);
    const plain = core();
    const other = plain.insertNode('blur', [360, 180], wireOf(plain, 'height.out>water.height'), { inPort: 'in', outPort: 'out' }, undefined, drawnSize);
    expect(into(plain, other).via).toBeUndefined();
    expect(outOf(plain, other).via).toBeUndefined();
  });
});
