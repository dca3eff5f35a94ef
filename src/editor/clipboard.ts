// Copy and paste: a snippet is some nodes, the wires among them and some frames, as JSON text.
//
// Pasting gives every node a fresh id (so a pasted "curve" next to the original becomes
// "curve2") and rewires the copied wires to the new ids; wires to nodes outside the snippet
// are not copied, because the pasted nodes may land in another graph. Reroute dots travel with
// their wires and frames with their ids made fresh, all moved by the same offset as the nodes.

import { nodeDef } from '../../nodes/index.ts';
import { type Edge, type Frame, freshFrameId, freshNodeId, type Graph, type GraphNode } from '../model/graph.ts';
import { checkVia, readFrames } from '../model/frames.ts';
import { checkParams } from '../model/validate.ts';

export const SNIPPET_FORMAT = 'terrain-graph-snippet';

export interface Snippet {
  readonly format: typeof SNIPPET_FORMAT;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly Edge[];
  /** Absent in snippets copied before frames existed. */
  readonly frames?: readonly Frame[];
}

/** The nodes `ids` of the graph, the wires among them, and the frames `frameIds`. */
export function copySnippet(graph: Graph, ids: Iterable<string>, frameIds: Iterable<string> = []): Snippet {
  const wanted = new Set(ids);
  const wantedFrames = new Set(frameIds);
  const nodes = graph.nodes.filter((n) => wanted.has(n.id)).map((n) => structuredClone(n));
  const edges = graph.edges.filter((e) => wanted.has(e.from.node) && wanted.has(e.to.node)).map((e) => structuredClone(e));
  const frames = (graph.frames ?? []).filter((f) => wantedFrames.has(f.id)).map((f) => structuredClone(f));
  return { format: SNIPPET_FORMAT, nodes, edges, frames };
}

export function snippetText(snippet: Snippet): string {
  return JSON.stringify(snippet);
}

/** Reads snippet text back; null when the text is not a snippet of known node types and valid params. */
export function parseSnippet(text: string): Snippet | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const doc = raw as Record<string, unknown>;
  if (doc.format !== SNIPPET_FORMAT || !Array.isArray(doc.nodes) || !Array.isArray(doc.edges)) return null;
  for (const n of doc.nodes as GraphNode[]) {
    const def = typeof n?.type === 'string' ? nodeDef(n.type) : undefined;
    if (!def || typeof n.id !== 'string' || typeof n.title !== 'string') return null;
    if (!Array.isArray(n.position) || n.position.length !== 2 || !n.position.every(Number.isFinite)) return null;
    if (checkParams(def, n.id, n.params, '$').length) return null;
  }
  for (const e of doc.edges as Edge[]) {
    if (typeof e?.from?.node !== 'string' || typeof e?.from?.port !== 'string') return null;
    if (typeof e?.to?.node !== 'string' || typeof e?.to?.port !== 'string') return null;
    if (e.via !== undefined && checkVia(e.via, '$').length) return null;
  }
  const frames = readFrames(doc.frames);
  if (frames.problems.length) return null;
  return { format: SNIPPET_FORMAT, nodes: doc.nodes as GraphNode[], edges: doc.edges as Edge[], frames: frames.frames };
}

export interface Placed {
  readonly nodes: GraphNode[];
  readonly edges: Edge[];
  readonly frames: Frame[];
}

/**
 * The snippet's nodes with ids fresh in `graph` and positions moved so that the snippet's
 * top-left corner lands at `at`, and its wires renamed to match.
 */
export function placeSnippet(graph: Graph, snippet: Snippet, at: readonly [number, number]): Placed {
  const corners = [...snippet.nodes.map((n) => n.position), ...(snippet.frames ?? []).map((f) => f.position)];
  const minX = Math.min(...corners.map((p) => p[0]));
  const minY = Math.min(...corners.map((p) => p[1]));
  const move = (p: readonly [number, number]): [number, number] => [p[0] - minX + at[0], p[1] - minY + at[1]];
  const taken: Graph = { ...graph, nodes: [...graph.nodes] };
  const rename = new Map<string, string>();
  const nodes: GraphNode[] = [];
  for (const n of snippet.nodes) {
    const id = freshNodeId(taken, n.id.replace(/\d+$/, '') || n.type);
    rename.set(n.id, id);
    const node: GraphNode = {
      ...structuredClone(n),
      id,
      position: move(n.position),
    };
    taken.nodes.push(node);
    nodes.push(node);
  }
  const edges = snippet.edges
    .filter((e) => rename.has(e.from.node) && rename.has(e.to.node))
    .map((e) => {
      const edge: Edge = { from: { node: rename.get(e.from.node)!, port: e.from.port }, to: { node: rename.get(e.to.node)!, port: e.to.port } };
      if (e.via?.length) edge.via = e.via.map(move);
      return edge;
    });
  const takenFrames: Graph = { ...graph, frames: [...(graph.frames ?? [])] };
  const frames: Frame[] = [];
  for (const f of snippet.frames ?? []) {
    const frame: Frame = { ...structuredClone(f), id: freshFrameId(takenFrames, f.id.replace(/\d+$/, '') || 'frame'), position: move(f.position) };
    takenFrames.frames!.push(frame);
    frames.push(frame);
  }
  return { nodes, edges, frames };
}
