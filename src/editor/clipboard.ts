// Copy and paste: a snippet is some nodes and the wires among them, as plain JSON text.
//
// Pasting gives every node a fresh id (so a pasted "curve" next to the original becomes
// "curve2") and rewires the copied wires to the new ids; wires to nodes outside the snippet
// are not copied, because the pasted nodes may land in another graph.

import { nodeDef } from '../../nodes/index.ts';
import { type Edge, freshNodeId, type Graph, type GraphNode } from '../model/graph.ts';
import { checkParams } from '../model/validate.ts';

export const SNIPPET_FORMAT = 'terrain-graph-snippet';

export interface Snippet {
  readonly format: typeof SNIPPET_FORMAT;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly Edge[];
}

/** The nodes `ids` of the graph and the wires among them. */
export function copySnippet(graph: Graph, ids: Iterable<string>): Snippet {
  const wanted = new Set(ids);
  const nodes = graph.nodes.filter((n) => wanted.has(n.id)).map((n) => structuredClone(n));
  const edges = graph.edges.filter((e) => wanted.has(e.from.node) && wanted.has(e.to.node)).map((e) => structuredClone(e));
  return { format: SNIPPET_FORMAT, nodes, edges };
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
  }
  return { format: SNIPPET_FORMAT, nodes: doc.nodes as GraphNode[], edges: doc.edges as Edge[] };
}

export interface Placed {
  readonly nodes: GraphNode[];
  readonly edges: Edge[];
}

/**
 * The snippet's nodes with ids fresh in `graph` and positions moved so that the snippet's
 * top-left corner lands at `at`, and its wires renamed to match.
 */
export function placeSnippet(graph: Graph, snippet: Snippet, at: readonly [number, number]): Placed {
  const minX = Math.min(...snippet.nodes.map((n) => n.position[0]));
  const minY = Math.min(...snippet.nodes.map((n) => n.position[1]));
  const taken: Graph = { ...graph, nodes: [...graph.nodes] };
  const rename = new Map<string, string>();
  const nodes: GraphNode[] = [];
  for (const n of snippet.nodes) {
    const id = freshNodeId(taken, n.id.replace(/\d+$/, '') || n.type);
    rename.set(n.id, id);
    const node: GraphNode = {
      ...structuredClone(n),
      id,
      position: [n.position[0] - minX + at[0], n.position[1] - minY + at[1]],
    };
    taken.nodes.push(node);
    nodes.push(node);
  }
  const edges = snippet.edges
    .filter((e) => rename.has(e.from.node) && rename.has(e.to.node))
    .map((e) => ({ from: { node: rename.get(e.from.node)!, port: e.from.port }, to: { node: rename.get(e.to.node)!, port: e.to.port } }));
  return { nodes, edges };
}
