// Copy and paste: a snippet is some nodes, the wires among them and some frames, as JSON text.
//
// Pasting gives every node a fresh id (so a pasted "curve" next to the original becomes
// "curve2") and a title no other node has when its own is taken ("Curve" becomes "Curve 2"),
// and rewires the copied wires to the new ids; wires to nodes outside the snippet are not
// copied, because the pasted nodes may land in another graph. Reroute dots travel with their
// wires and frames with their ids made fresh, all moved by the same offset as the nodes.

import { type Edge, type Frame, freshFrameId, freshNodeId, type Graph, type GraphNode } from '../model/graph.ts';
import { GRAPH_FILE_LIMITS, parseGraph } from '../model/format.ts';
import { JsonError, parseJson } from '../model/json.ts';
import { GraphError, type Problem } from '../model/problems.ts';
import { CURRENT_VERSION, FORMAT } from '../model/migrations.ts';
import { EditError } from './commands.ts';
import { freshTitle } from './names.ts';

export const SNIPPET_FORMAT = 'terrain-graph-snippet';

export interface Snippet {
  readonly format: typeof SNIPPET_FORMAT;
  /**
   * The graph file version its nodes' params are written in (CURRENT_VERSION when copied here).
   * Absent in snippets copied before format 8: they are read as the oldest version, so a param
   * added since (an erosion's `grid`) takes the value that keeps what the copied node computed,
   * as a file's migration gives it.
   */
  readonly version?: number;
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
  return { format: SNIPPET_FORMAT, version: CURRENT_VERSION, nodes, edges, frames };
}

export function snippetText(snippet: Snippet): string {
  return JSON.stringify(snippet);
}

/**
 * Snippet text read back: null when the text is no snippet at all (not JSON, or JSON of
 * something else), else the snippet or its problems, each with its JSON path. A snippet gets
 * the strict reader and every check a graph file's nodes, wires and frames get (types, params,
 * flags, ids, one wire per input, no loop, the node limit), so pasting never makes a graph
 * that cannot be saved and read back.
 */
export function readSnippet(text: string): { ok: true; snippet: Snippet } | { ok: false; problems: readonly Problem[] } | null {
  let raw: unknown;
  try {
    raw = parseJson(text, { maxDepth: GRAPH_FILE_LIMITS.depth });
  } catch (err) {
    // Broken JSON that names the snippet format: a damaged copy, said where.
    if (!(err instanceof JsonError) || !text.includes(`"${SNIPPET_FORMAT}"`)) return null;
    return { ok: false, problems: [{ path: err.path ?? '$', message: err.path ? err.message : `not JSON: ${err.message}` }] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const doc = raw as Record<string, unknown>;
  if (doc.format !== SNIPPET_FORMAT) return null;
  const extra = Object.keys(doc).filter((k) => !['format', 'version', 'nodes', 'edges', 'frames'].includes(k));
  if (extra.length) return { ok: false, problems: extra.map((k) => ({ path: `$.${k}`, message: `unknown key "${k}" in copied nodes` })) };
  // A snippet's wires are {from: {node, port}, …}; a file's are "node.port" text.
  const ref = (r: unknown) => {
    const o = r as { node?: unknown; port?: unknown } | null;
    return typeof o?.node === 'string' && typeof o.port === 'string' ? `${o.node}.${o.port}` : r;
  };
  const edges = Array.isArray(doc.edges) ? doc.edges.map((e) => (typeof e === 'object' && e !== null ? { ...e, from: ref(e.from), to: ref(e.to) } : e)) : doc.edges;
  try {
    // Read as a graph file of the snippet's version, migrated as a file is (version 1 when none).
    const version = Object.hasOwn(doc, 'version') ? doc.version : 1;
    const g = parseGraph({ format: FORMAT, version, name: '', view: { x: 0, y: 0, size: 256 }, nodes: doc.nodes, edges, frames: doc.frames ?? [] });
    return { ok: true, snippet: { format: SNIPPET_FORMAT, version: CURRENT_VERSION, nodes: g.nodes, edges: g.edges, frames: g.frames ?? [] } };
  } catch (err) {
    if (err instanceof GraphError) return { ok: false, problems: err.problems };
    throw err;
  }
}

/** Reads snippet text back; null when the text is not a snippet or does not read (readSnippet says why). */
export function parseSnippet(text: string): Snippet | null {
  const read = readSnippet(text);
  return read?.ok ? read.snippet : null;
}

export interface Placed {
  readonly nodes: GraphNode[];
  readonly edges: Edge[];
  readonly frames: Frame[];
}

/**
 * The snippet's nodes with ids fresh in `graph`, titles numbered where taken (freshTitle), and
 * positions moved so that the snippet's top-left corner lands at `at`, and its wires renamed to match.
 */
export function placeSnippet(graph: Graph, snippet: Snippet, at: readonly [number, number]): Placed {
  const corners = [...snippet.nodes.map((n) => n.position), ...(snippet.frames ?? []).map((f) => f.position)];
  const minX = Math.min(...corners.map((p) => p[0]));
  const minY = Math.min(...corners.map((p) => p[1]));
  const move = (p: readonly [number, number]): [number, number] => {
    const q: [number, number] = [p[0] - minX + at[0], p[1] - minY + at[1]];
    // Positions near ±1e308 apart overflow: refused, as a file cannot hold an infinite position.
    if (!Number.isFinite(q[0]) || !Number.isFinite(q[1])) throw new EditError('the copied nodes lie too far apart to be placed');
    return q;
  };
  if (graph.nodes.length + snippet.nodes.length > GRAPH_FILE_LIMITS.nodes) {
    throw new EditError(`the graph would have ${graph.nodes.length + snippet.nodes.length} nodes; a graph file may hold at most ${GRAPH_FILE_LIMITS.nodes}`);
  }
  const taken: Graph = { ...graph, nodes: [...graph.nodes] };
  const rename = new Map<string, string>();
  const nodes: GraphNode[] = [];
  for (const n of snippet.nodes) {
    const id = freshNodeId(taken, n.id.replace(/\d+$/, '') || n.type);
    rename.set(n.id, id);
    const node: GraphNode = {
      ...structuredClone(n),
      id,
      title: freshTitle(taken, n.title),
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
