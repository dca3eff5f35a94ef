// The graph model: nodes with params, wires between ports, and the view. No DOM, no rete.

import type { View, World } from '../grid.ts';
import type { AnyParamValue } from './params.ts';

export interface GraphNode {
  /** Unique within the graph; letters, digits, _ and -, starting with a letter or _. */
  id: string;
  type: string;
  title: string;
  /** Canvas position of the node's top-left corner. */
  position: [number, number];
  /** Every param of the type, in manifest order. */
  params: Record<string, AnyParamValue>;
  /**
   * Bypassed: what the node's outputs feed gets its first fitting input instead (see
   * src/model/bypass.ts). Saved as `"bypass": true`; absent means false.
   */
  bypass?: boolean;
  /** Drawn as its title, sockets and preview only. Saved as `"collapsed": true`; absent means false. */
  collapsed?: boolean;
  /**
   * Set only on a node src/model/bypass.ts adds to the graph it evaluates (a bypassed node's
   * neutral copy): the id of the node it stands for, which messages name in its place. Never saved.
   */
  standsFor?: string;
  /**
   * Set only on a node of the graph src/model/bypass.ts evaluates: its inputs whose wire was left
   * out, the bypassed node it came from passing nothing on, by port: that node's id, so the
   * editor's message names it rather than saying the input is not wired. Never saved.
   */
  bypassedInputs?: Record<string, string>;
}

/** The on/off states of a node that are saved with it but are no params. */
export type NodeFlag = 'bypass' | 'collapsed';
export const NODE_FLAGS: readonly NodeFlag[] = ['bypass', 'collapsed'];

export interface PortRef {
  node: string;
  port: string;
}

export interface Edge {
  from: PortRef;
  to: PortRef;
  /**
   * Reroute dots the wire passes through on the canvas, in order from its output to its input
   * (format version 3). Drawing only: the value goes straight from `from` to `to`, so the engine
   * and the type checks never see them. Saved as `"via": [[x, y], …]`; absent means none.
   */
  via?: [number, number][];
}

/** Colours a frame may take: names, so each theme draws them readably. */
export const FRAME_COLORS = ['blue', 'green', 'yellow', 'orange', 'red', 'purple', 'grey'] as const;
export type FrameColor = (typeof FRAME_COLORS)[number];

/**
 * A comment frame (format version 3): a titled, coloured rectangle behind the nodes. Dragging
 * it carries the nodes inside it; it has no part in evaluation.
 */
export interface Frame {
  /** Unique among the graph's frames; the same pattern as node ids. */
  id: string;
  title: string;
  color: FrameColor;
  /** Canvas position of the top-left corner. */
  position: [number, number];
  /** Width and height in canvas units. */
  size: [number, number];
}

export interface Graph {
  name: string;
  notes: string;
  view: View;
  nodes: GraphNode[];
  edges: Edge[];
  /** Comment frames, drawn in list order (later ones on top); absent means none. */
  frames?: Frame[];
  /**
   * The square of world its erosions and flows run over (format version 6; grid.ts World);
   * absent means none: they run on the view.
   */
  world?: World;
}

export const NODE_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** "node.port" as written in graph files. */
export function portRefText(ref: PortRef): string {
  return `${ref.node}.${ref.port}`;
}

/** Parses "node.port"; null when the text has no single dot between two non-empty parts. */
export function parsePortRef(text: string): PortRef | null {
  const dot = text.indexOf('.');
  if (dot <= 0 || dot === text.length - 1 || text.indexOf('.', dot + 1) >= 0) return null;
  return { node: text.slice(0, dot), port: text.slice(dot + 1) };
}

export function findNode(graph: Graph, id: string): GraphNode | undefined {
  return graph.nodes.find((n) => n.id === id);
}

/** The wire into an input, if any. */
export function edgeInto(graph: Graph, node: string, port: string): Edge | undefined {
  return graph.edges.find((e) => e.to.node === node && e.to.port === port);
}

/** Ids of the nodes that feed `id`, directly or not, plus `id` itself. */
export function upstreamOf(graph: Graph, ids: Iterable<string>): Set<string> {
  // The wires into each node, indexed once: linear in the wires, for graphs of 100,000 nodes.
  const feeders = new Map<string, string[]>();
  for (const e of graph.edges) {
    const list = feeders.get(e.to.node);
    if (list) list.push(e.from.node);
    else feeders.set(e.to.node, [e.from.node]);
  }
  const seen = new Set<string>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const from of feeders.get(id) ?? []) stack.push(from);
  }
  return seen;
}

/**
 * What the values of `ids` depend on, as text: the view, and the type, params and bypass of each
 * node upstream with the wires into it. Equal keys, equal values; a title, a position, a
 * collapse, a reroute dot or an edit downstream leaves the key as it was. The viewer compares
 * it with the key its picture was drawn for, to say when the picture is behind the graph.
 */
export function valueKey(graph: Graph, ids: Iterable<string>): string {
  const upstream = upstreamOf(graph, ids);
  const nodes = graph.nodes.filter((n) => upstream.has(n.id)).map((n) => [n.id, n.type, n.params, n.bypass === true]);
  const edges = graph.edges.filter((e) => upstream.has(e.to.node)).map((e) => [e.from.node, e.from.port, e.to.node, e.to.port]);
  return JSON.stringify([graph.view.x, graph.view.y, graph.view.size, graph.world ?? null, nodes, edges]);
}

/** Ids of the nodes fed by `id`, directly or not, plus `id` itself. */
export function downstreamOf(graph: Graph, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    if (seen.has(cur)) continue;
    seen.add(cur);
    for (const e of graph.edges) if (e.from.node === cur) stack.push(e.to.node);
  }
  return seen;
}

/**
 * Node ids in an order where every node comes after the nodes feeding it (Kahn's algorithm,
 * ties in file order). Returns null when the wires form a cycle.
 */
export function topologicalOrder(graph: Graph): string[] | null {
  const indegree = new Map(graph.nodes.map((n) => [n.id, 0]));
  for (const e of graph.edges) {
    if (indegree.has(e.to.node) && indegree.has(e.from.node)) indegree.set(e.to.node, indegree.get(e.to.node)! + 1);
  }
  const ready = graph.nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    order.push(id);
    for (const e of graph.edges) {
      if (e.from.node !== id || !indegree.has(e.to.node)) continue;
      const d = indegree.get(e.to.node)! - 1;
      indegree.set(e.to.node, d);
      if (d === 0) ready.push(e.to.node);
    }
  }
  return order.length === graph.nodes.length ? order : null;
}

/**
 * The graph's final output: of the nodes no wire reads, the one with the most nodes upstream
 * (the biomes, in the default graph); the last such in file order on a tie. Null when empty.
 */
export function finalOutput(graph: Graph): string | null {
  const read = new Set(graph.edges.map((e) => e.from.node));
  let best: string | null = null;
  let most = -1;
  for (const n of graph.nodes) {
    if (read.has(n.id)) continue;
    const size = upstreamOf(graph, [n.id]).size;
    if (size >= most) {
      most = size;
      best = n.id;
    }
  }
  return best;
}

/** A node id not yet used in the graph, from a stem ("curve" → "curve", "curve2", …). */
export function freshNodeId(graph: Graph, stem: string): string {
  // At most 56 characters, so with a number after it the id stays within NODE_ID_MAX (64) of
  // validate.ts: a pasted node with a longer id must not make the graph unreadable on reload.
  const base = stem.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 56) || 'node';
  const safe = NODE_ID_PATTERN.test(base) ? base : `n${base}`;
  const used = new Set(graph.nodes.map((n) => n.id));
  if (!used.has(safe)) return safe;
  for (let k = 2; ; k++) if (!used.has(`${safe}${k}`)) return `${safe}${k}`;
}

/** A frame id not yet used in the graph ("frame", "frame2", …). */
export function freshFrameId(graph: Graph, stem = 'frame'): string {
  // Capped as freshNodeId caps node ids: a pasted frame with a 64-character id needs room for
  // its number, or the paste is refused as a whole.
  stem = stem.slice(0, 56) || 'frame';
  const used = new Set((graph.frames ?? []).map((f) => f.id));
  if (!used.has(stem)) return stem;
  for (let k = 2; ; k++) if (!used.has(`${stem}${k}`)) return `${stem}${k}`;
}

/** A deep copy of a graph (params included), so edits to the copy never reach the original. */
export function cloneGraph(graph: Graph): Graph {
  return structuredClone(graph);
}
