// Frames and reroute dots as commands: what the editor core runs when a wire's dots change, a
// frame is added or changed, or a frame is dragged with what it holds. Pure: each reads the
// graph and returns what to run (null: nothing to do); the core runs it as one undo step.

import { type Edge, findNode, type Frame, type FrameColor, freshFrameId, type Graph } from '../model/graph.ts';
import type { DotRef } from '../model/frames.ts';
import { type Command, EditError } from './commands.ts';
import { nameRefusal } from './names.ts';
import { edgeKey, sameEdge } from './wiring.ts';

type Dots = readonly (readonly [number, number])[];

/** A wire's dots now (none when the graph has no such wire). */
function dotsOf(graph: Readonly<Graph>, edge: Edge): [number, number][] {
  return [...(graph.edges.find((e) => sameEdge(e, edge))?.via ?? [])].map((p): [number, number] => [p[0], p[1]]);
}

/** The command that gives a wire these dots, or null when it has them already. */
export function viaCommand(graph: Readonly<Graph>, edge: Edge, via: Dots): Command | null {
  const wire = graph.edges.find((e) => sameEdge(e, edge));
  const now = wire?.via ?? [];
  if (wire && now.length === via.length && now.every((p, k) => p[0] === via[k][0] && p[1] === via[k][1])) return null;
  return { kind: 'setVia', edge: { from: edge.from, to: edge.to }, via };
}

/** A wire's dots with one more at place `index` of the list (clamped to it). */
export function viaWithDot(graph: Readonly<Graph>, edge: Edge, index: number, point: readonly [number, number]): [number, number][] {
  const via = dotsOf(graph, edge);
  via.splice(Math.max(0, Math.min(via.length, index)), 0, [point[0], point[1]]);
  return via;
}

/** A wire's dots without dot `index`, or null when it has no such dot. */
export function viaWithoutDot(graph: Readonly<Graph>, edge: Edge, index: number): [number, number][] | null {
  const via = dotsOf(graph, edge);
  if (index < 0 || index >= via.length) return null;
  via.splice(index, 1);
  return via;
}

/** A new frame at a fresh id, titled 'Frame' and blue unless given. */
export function newFrame(graph: Readonly<Graph>, at: readonly [number, number], size: readonly [number, number], init: { title?: string; color?: FrameColor } = {}): Frame {
  return { id: freshFrameId(graph as Graph), title: init.title ?? 'Frame', color: init.color ?? 'blue', position: [at[0], at[1]], size: [size[0], size[1]] };
}

/** The frame with a change of title, colour or size, or null when that changes nothing; EditError for a title too long. */
export function changedFrame(frame: Readonly<Frame>, change: Partial<Omit<Frame, 'id'>>): Frame | null {
  const tooLong = change.title !== undefined && nameRefusal('title', change.title);
  if (tooLong) throw new EditError(tooLong);
  const next: Frame = { ...structuredClone(frame as Frame), ...structuredClone(change), id: frame.id };
  return JSON.stringify(next) === JSON.stringify(frame) ? null : next;
}

/** What a frame drag carries: the nodes and the reroute dots inside the frame when it began. */
export interface Carried {
  readonly nodes: readonly string[];
  readonly dots: readonly DotRef[];
}

/**
 * A frame drag: the frame at `position`, and the nodes and dots `carried` moved by the same
 * offset. Empty when the frame stays put.
 */
export function frameMoveCommands(graph: Readonly<Graph>, frame: Readonly<Frame>, position: readonly [number, number], carried: Carried): Command[] {
  const dx = position[0] - frame.position[0];
  const dy = position[1] - frame.position[1];
  if (dx === 0 && dy === 0) return [];
  const cmds: Command[] = [{ kind: 'setFrame', frame: { ...structuredClone(frame as Frame), position: [position[0], position[1]] } }];
  for (const nid of carried.nodes) {
    const node = findNode(graph as Graph, nid);
    if (node) cmds.push({ kind: 'moveNode', id: nid, position: [node.position[0] + dx, node.position[1] + dy] });
  }
  // The dots by wire, so each wire's list is set once. I chose the dots inside when the drag
  // began over the dots inside the frame now: those swept up every dot the frame passed over.
  const dots = new Map<string, Set<number>>();
  for (const d of carried.dots) {
    const key = edgeKey(d.edge as Edge);
    if (!dots.has(key)) dots.set(key, new Set());
    dots.get(key)!.add(d.index);
  }
  for (const e of graph.edges) {
    const picked = e.via && dots.get(edgeKey(e));
    if (!picked) continue;
    cmds.push({ kind: 'setVia', edge: { from: e.from, to: e.to }, via: e.via!.map((p, k) => (picked.has(k) ? [p[0] + dx, p[1] + dy] : p)) });
  }
  return cmds;
}
