// Where new things go on the canvas: a duplicate beside its original (the free spot nearest its
// right side), a node added or pasted at the pointer in the free spot nearest it, room made for
// nodes expanded in place or put on a wire (frames kept holding their nodes), and a seed for a
// new noise that no other node uses. Pure functions over the model.

import { nodeDef } from '../../nodes/index.ts';
import type { Edge, Frame, Graph, GraphNode } from '../model/graph.ts';
import { dotsInFrame, FRAME_LIMITS, FRAME_PAD, frameHolds } from '../model/frames.ts';
import { edgeKey, sameEdge } from './wiring.ts';
import type { AnyNodeDef } from '../model/manifest.ts';
import type { AnyParamValue } from '../model/params.ts';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The gap left between a duplicate and the nodes around it, in canvas units. */
export const GAP = 40;

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The rectangle around some nodes, given each node's size. */
export function boundsOf(nodes: readonly GraphNode[], size: (n: GraphNode) => { width: number; height: number }): Rect {
  const x = Math.min(...nodes.map((n) => n.position[0]));
  const y = Math.min(...nodes.map((n) => n.position[1]));
  const r = Math.max(...nodes.map((n) => n.position[0] + size(n).width));
  const b = Math.max(...nodes.map((n) => n.position[1] + size(n).height));
  return { x, y, w: r - x, h: b - y };
}

/**
 * The top-left corner for a copy of `box` (a duplicate) that covers no node of the graph: just
 * right of the original when there is room, else the free spot nearest the original, in any
 * direction. I chose "beside" over "at the pointer" because Ctrl+D twice without moving the
 * pointer put both copies on one spot. (Searching only rightwards and downwards in steps of the
 * box's size put a copy far off at the bottom right though there was room above the original.)
 */
export function freeSpotBeside(graph: Graph, box: Rect, size: (n: GraphNode) => { width: number; height: number }): [number, number] {
  const right: [number, number] = [box.x + box.w + GAP, box.y];
  const spot = freeSpotNear(graph, right, box, size);
  return spot[0] === right[0] && spot[1] === right[1] ? spot : freeSpotNear(graph, [box.x, box.y], box, size);
}

/** How far from the pointer a new node looks for room, and in what steps (canvas units). */
const NEAR_RADIUS = 1200;
const NEAR_STEP = 20;

/**
 * The top-left corner nearest `at` where a node of size `box` covers no node of the graph
 * (with half a GAP around each): `at` itself when there is room there. A node added from the
 * palette at the pointer used to land on the nodes there, hiding them.
 */
export function freeSpotNear(graph: Graph, at: readonly [number, number], box: { w: number; h: number }, size: (n: GraphNode) => { width: number; height: number }): [number, number] {
  const m = GAP / 2;
  // Only the nodes that a spot within the radius could touch.
  const taken = graph.nodes
    .map((n) => ({ x: n.position[0] - m, y: n.position[1] - m, w: size(n).width + GAP, h: size(n).height + GAP }))
    .filter((t) => overlaps(t, { x: at[0] - NEAR_RADIUS, y: at[1] - NEAR_RADIUS, w: 2 * NEAR_RADIUS + box.w, h: 2 * NEAR_RADIUS + box.h }));
  const free = (x: number, y: number) => !taken.some((t) => overlaps(t, { x, y, w: box.w, h: box.h }));
  if (free(at[0], at[1])) return [at[0], at[1]];
  const k = NEAR_RADIUS / NEAR_STEP;
  const offsets: [number, number][] = [];
  for (let i = -k; i <= k; i++) for (let j = -k; j <= k; j++) if (i * i + j * j <= k * k) offsets.push([i * NEAR_STEP, j * NEAR_STEP]);
  offsets.sort((a, b) => a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1]));
  for (const [dx, dy] of offsets) if (free(at[0] + dx, at[1] + dy)) return [at[0] + dx, at[1] + dy];
  return [at[0], at[1]];
}

type Size = (n: GraphNode) => { width: number; height: number };

const rectOf = (n: GraphNode, at: readonly [number, number], size: Size): Rect => ({ x: at[0], y: at[1], w: size(n).width, h: size(n).height });
const frameRect = (f: Frame): Rect => ({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] });
const area = (r: Rect) => r.w * r.h;

/** What makeRoom moves, to be applied in one undo step with the nodes expanded. */
export interface Room {
  /** Nodes pushed out of the way, or carried with their frame. */
  readonly nodes: { id: string; position: [number, number] }[];
  /** Frames grown to keep holding their nodes, or pushed out of the way with all they hold. */
  readonly frames: Frame[];
  /** Wires whose reroute dots were carried with a frame pushed. */
  readonly vias: { edge: Edge; via: [number, number][] }[];
}

/** A node, or a frame with the nodes and reroute dots it holds: what a push moves as one. */
type Item = { readonly kind: 'node'; readonly node: GraphNode } | { readonly kind: 'frame'; readonly frame: Frame };

/**
 * The moves that make room for nodes grown in place (expanded with H: an expanded node is
 * wider and taller than collapsed, and it grows right and down from its corner over its
 * neighbours). Each node a grown one now covers is pushed away from it, and each node a pushed
 * one then covers in turn, so the step leaves no node over another that was not over it before.
 * A node that lay right of the other is pushed right, one that lay below it down (a graph laid
 * out left to right keeps its rows and columns), diagonally the shorter way; it keeps the gap it
 * had, up to a GAP. Nodes move right and down only: the grown ones stay where they are unless
 * another grown one pushes them. I chose pushing the neighbours over moving the grown nodes to
 * free spots: a node expanded to be read stays where the person looked, by its wires.
 *
 * Frames keep what they hold, as a frame drag does. A node in a frame (wholly inside it, the
 * smallest such frame, before the step) pushes only the nodes of its own frame, and its frame
 * grows right and down to hold it, FRAME_PAD clear of its edges. A frame is pushed as a block,
 * with its nodes and reroute dots, by a node outside it or by another frame, grown or pushed,
 * that now covers it (over it before means over what it holds, not its pad); so a node pushed
 * never leaves its frame, and a node outside never ends
 * up inside one. (I chose growing the frame over pushing the node out of it: a node dropped
 * out of its frame is left behind by the next drag of the frame, which the person does not
 * see coming.) `before` and `after`: the nodes' sizes before and after they grew.
 */
export function makeRoom(graph: Graph, grown: Iterable<string>, before: Size, after: Size): Room {
  return pushAside(graph, grown, before, after, { rightOnly: false, fresh: null });
}

/** How pushAside pushes. */
interface Push {
  /** Right only (a node put on a wire), else right or down (nodes expanded). */
  readonly rightOnly: boolean;
  /** A node new in its place (put on a wire): it covered nothing before, and keeps a whole GAP from what it pushes. */
  readonly fresh: string | null;
}

/**
 * The moves that make room for the nodes `grown` (bigger than before, or new in their place):
 * makeRoom's pushes, frames kept holding their nodes. `graph` holds the nodes where they start.
 */
function pushAside(graph: Graph, grown: Iterable<string>, before: Size, after: Size, how: Push): Room {
  const frames = graph.frames ?? [];
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  /** The smallest frame other than `self` that holds the rectangle wholly, or null. */
  const smallestHolding = (r: Rect, self?: Frame): Frame | null =>
    frames
      .filter((f) => f !== self && frameHolds(f, { x: r.x, y: r.y, width: r.w, height: r.h }))
      .sort((a, b) => area(frameRect(a)) - area(frameRect(b)))[0] ?? null;
  // Each node's frame and each frame's own, as drawn before the step: the tree a push keeps.
  const home = new Map<string, Frame | null>(graph.nodes.map((n) => [n.id, smallestHolding(rectOf(n, n.position, before))]));
  const parent = new Map<Frame, Frame | null>(frames.map((f) => [f, smallestHolding(frameRect(f), f)]));
  const at = new Map<string, [number, number]>();
  const box = new Map<string, Rect>(frames.map((f) => [f.id, frameRect(f)]));
  const itemKey = (i: Item) => (i.kind === 'node' ? `n:${i.node.id}` : `f:${i.frame.id}`);
  const was = (i: Item): Rect => (i.kind === 'node' ? rectOf(i.node, i.node.position, before) : frameRect(i.frame));
  const now = (i: Item): Rect => (i.kind === 'node' ? rectOf(i.node, at.get(i.node.id) ?? i.node.position, after) : box.get(i.frame.id)!);
  const levelOf = (i: Item): Frame | null => (i.kind === 'node' ? home.get(i.node.id)! : parent.get(i.frame)!);
  // What an item may push: the items of its own level (the nodes and frames its frame holds, or
  // those no frame holds).
  const items = [...graph.nodes.map((node): Item => ({ kind: 'node', node })), ...frames.map((frame): Item => ({ kind: 'frame', frame }))];
  const level = (f: Frame | null): Item[] => items.filter((i) => levelOf(i) === f);
  /** Moves an item, a frame with all it holds. */
  const shift = (i: Item, dx: number, dy: number): void => {
    if (i.kind === 'node') {
      const p = at.get(i.node.id) ?? i.node.position;
      at.set(i.node.id, [p[0] + dx, p[1] + dy]);
      return;
    }
    const r = box.get(i.frame.id)!;
    box.set(i.frame.id, { ...r, x: r.x + dx, y: r.y + dy });
    for (const inner of level(i.frame)) shift(inner, dx, dy);
  };
  /** Grows a frame right and down to hold the rectangle; true when it grew. */
  const holdIn = (f: Frame, r: Rect): boolean => {
    const b = box.get(f.id)!;
    const w = Math.min(FRAME_LIMITS.maxSize, Math.max(b.w, r.x + r.w + FRAME_PAD - b.x));
    const h = Math.min(FRAME_LIMITS.maxSize, Math.max(b.h, r.y + r.h + FRAME_PAD - b.y));
    if (w === b.w && h === b.h) return false;
    box.set(f.id, { ...b, w, h });
    return true;
  };
  /**
   * What an item covered before the step: a node its box, a frame the items it holds (its pad
   * and title bar hold no node: a frame drawn by hand, or made before frame-about.ts, may lie
   * over a neighbour), an empty frame its box.
   */
  const cores = (i: Item): Rect[] => {
    if (i.kind === 'node') return [was(i)];
    const held = level(i.frame);
    return held.length ? held.flatMap(cores) : [was(i)];
  };
  const isFresh = (i: Item) => i.kind === 'node' && i.node.id === how.fresh;
  const coveredBefore = (a: Item, b: Item): boolean => !isFresh(a) && !isFresh(b) && cores(a).some((r) => cores(b).some((q) => overlaps(r, q)));
  // A node put on a wire moves right clear of what it lies over on its left (the node the wire
  // comes out of, say: its middle left of the node's), so only what lies on its right is pushed.
  const fresh = how.fresh !== null ? byId.get(how.fresh) : undefined;
  if (fresh) {
    const me: Item = { kind: 'node', node: fresh };
    const mid = (r: Rect) => r.x + r.w / 2;
    const left = level(levelOf(me)).filter((i) => itemKey(i) !== itemKey(me) && mid(was(i)) < mid(was(me))).flatMap(cores);
    for (let k = 0; k <= left.length; k++) {
      const A = now(me);
      const hit = left.filter((r) => overlaps(r, A));
      if (!hit.length) break;
      shift(me, Math.max(...hit.map((r) => r.x + r.w + GAP)) - A.x, 0);
    }
  }
  const queue: Item[] = [...grown].filter((id) => byId.has(id)).map((id) => ({ kind: 'node', node: byId.get(id)! }));
  // Each push moves an item right or down: a cap, in case pushes chase each other round.
  let pushes = 50 * (graph.nodes.length + frames.length);
  while (queue.length && pushes > 0) {
    const a = queue.shift()!;
    const A = now(a);
    const A0 = was(a);
    const f = levelOf(a);
    if (f && holdIn(f, A)) queue.push({ kind: 'frame', frame: f });
    for (const b of level(f)) {
      if (itemKey(b) === itemKey(a)) continue;
      const B = now(b);
      const B0 = was(b);
      // Not over it now, or over it already before (drawn so on purpose, or long ago): left be.
      if (!overlaps(A, B) || coveredBefore(a, b)) continue;
      // Pushing right only, what lay left of the pusher (its middle left of the pusher's) stays:
      // a frame's pad grown over the node left of it must not throw that node across it.
      if (how.rightOnly && B0.x + B0.w / 2 < A0.x + A0.w / 2) continue;
      const gapX = isFresh(a) ? GAP : Math.min(GAP, Math.max(0, B0.x - (A0.x + A0.w)));
      const gapY = Math.min(GAP, Math.max(0, B0.y - (A0.y + A0.h)));
      const right = A.x + A.w + gapX - B.x;
      const down = A.y + A.h + gapY - B.y;
      const rightOf = B0.x >= A0.x + A0.w;
      const below = B0.y >= A0.y + A0.h;
      const goRight = how.rightOnly || (rightOf && !below ? true : below && !rightOf ? false : right <= down);
      shift(b, goRight ? right : 0, goRight ? 0 : down);
      queue.push(b);
      pushes--;
    }
  }
  const changed = frames.filter((fr) => {
    const b = box.get(fr.id)!;
    return b.x !== fr.position[0] || b.y !== fr.position[1] || b.w !== fr.size[0] || b.h !== fr.size[1];
  });
  // The dots a frame pushed carries (a frame inside it moved by the same offset: each dot once),
  // by wire, so each wire's list is set once.
  const vias = new Map<Edge, [number, number][]>();
  const carried = new Set<string>();
  for (const fr of changed) {
    const b = box.get(fr.id)!;
    const dx = b.x - fr.position[0];
    const dy = b.y - fr.position[1];
    if (dx === 0 && dy === 0) continue;
    for (const dot of dotsInFrame(graph, fr)) {
      const edge = graph.edges.find((e) => sameEdge(e, dot.edge as Edge))!;
      const key = `${edgeKey(edge)}#${dot.index}`;
      if (carried.has(key)) continue;
      carried.add(key);
      const via = vias.get(edge) ?? edge.via!.map((p): [number, number] => [p[0], p[1]]);
      const p = edge.via![dot.index];
      via[dot.index] = [p[0] + dx, p[1] + dy];
      vias.set(edge, via);
    }
  }
  return {
    nodes: [...at].map(([id, position]) => ({ id, position })),
    frames: changed.map((fr) => {
      const b = box.get(fr.id)!;
      return { ...structuredClone(fr), position: [b.x, b.y], size: [b.w, b.h] };
    }),
    vias: [...vias].map(([edge, via]) => ({ edge: { from: edge.from, to: edge.to }, via })),
  };
}

/**
 * Where a node put on a wire goes, and the moves that make room for it there (Blender's
 * auto-offset): a node dropped on a wire, or added on one with Insert node…, at `at`. It moves
 * right clear of the nodes it lies over whose middle is left of its own (the wire's output
 * end); the nodes it then lies over are pushed right, a GAP clear of it, and each node a pushed
 * one then covers in turn, keeping the gap it had (makeRoom's pushes, rightwards only): the
 * wire's input end and what comes after it move right just as far as the node needs, and nodes
 * it does not reach stay. Frames as makeRoom keeps them: the frame the node lands in grows right
 * to hold it and what it pushes, a frame in its way is pushed whole with what it holds. `node`
 * may be in the graph (dropped there: where it was is not in the way) or not yet (inserted).
 * I chose moving the node off what lies on its left over pushing that left: the graph upstream
 * stays where the person has it, as in Blender, and every push goes one way, so no push undoes
 * another, and a row a wire runs along stays a row.
 */
export function roomForInsert(graph: Graph, node: GraphNode, at: readonly [number, number], size: Size): { at: [number, number]; room: Room } {
  const placed: GraphNode = { ...node, position: [at[0], at[1]] };
  const laid: Graph = { ...graph, nodes: [...graph.nodes.filter((n) => n.id !== node.id), placed] };
  const room = pushAside(laid, [node.id], size, size, { rightOnly: true, fresh: node.id });
  const mine = room.nodes.find((m) => m.id === node.id);
  return { at: mine ? mine.position : [at[0], at[1]], room: { ...room, nodes: room.nodes.filter((m) => m.id !== node.id) } };
}

/** Seeds follow the stride the shipped graphs use between their noises. */
const SEED_STRIDE = 7919;

/**
 * The params of a new node of `def`, with every seed moved off the seeds other nodes use (the
 * manifest's default first, then default + 7919, + 2 · 7919, …): a new noise looks like none
 * already in the graph, and the same graph always gets the same seed.
 */
export function freshSeeds(graph: Graph, def: AnyNodeDef, params: Record<string, AnyParamValue>): Record<string, AnyParamValue> {
  const used = new Set<number>();
  for (const n of graph.nodes) {
    const d = nodeDef(n.type);
    if (!d) continue;
    for (const [key, spec] of Object.entries(d.params)) if (spec.kind === 'int' && spec.seed) used.add(n.params[key] as number);
  }
  const out = { ...params };
  for (const [key, spec] of Object.entries(def.params)) {
    if (spec.kind !== 'int' || !spec.seed) continue;
    const span = spec.max - spec.min + 1;
    let seed = out[key] as number;
    for (let k = 1; used.has(seed) && k < 10_000; k++) seed = spec.min + ((((spec.default - spec.min + k * SEED_STRIDE) % span) + span) % span);
    out[key] = seed;
    used.add(seed);
  }
  return out;
}
