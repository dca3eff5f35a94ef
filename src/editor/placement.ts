// Where new things go on the canvas: a duplicate beside its original (the free spot nearest its
// right side), a node added or pasted at the pointer in the free spot nearest it, and a seed for a new noise that no other node uses. Pure functions over the model.

import { nodeDef } from '../../nodes/index.ts';
import type { Graph, GraphNode } from '../model/graph.ts';
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
