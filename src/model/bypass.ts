// Bypass as a rewrite of the graph: the engine never hears of it. Each wire that leaves a
// bypassed node is moved to leave from what feeds the node's first fitting input instead, or,
// when no input carries a value of that output's kind, from a neutral copy of the node.

import { CATALOGUE } from '../../nodes/index.ts';
import { edgeInto, type Edge, type Graph, type GraphNode, type PortRef } from './graph.ts';
import type { AnyNodeDef, Catalogue } from './manifest.ts';
import type { AnyParamValue } from './params.ts';
import { canConnect, isMask, type Meaning, type PortType } from './values.ts';

/** The id stem of a bypassed node's neutral copy; `__` never starts an id the editor makes. */
const NEUTRAL_SUFFIX = '__neutral';

/**
 * The graph as the engine should evaluate it: every wire out of a bypassed node's output comes
 * instead from the source of the node's first input (in manifest order) whose wired value fits
 * where that output went and is of that output's kind (`sameKind`), through chains of bypassed
 * nodes. When no input fits (a water level turns a field into a terrain; its mask is no height)
 * and the node's type declares `neutralParams`, the wire comes
 * from a copy of the node run with those params (the water with no sea), fed as the node is;
 * otherwise it is left out, so the input it fed is unwired (its optional fallback, or a "not
 * wired" message). The bypassed node itself still evaluates, for its own preview.
 * Pure; returns the graph itself when nothing is bypassed.
 */
/**
 * Whether the value on a bypassed node's input may stand for one of its outputs: the same
 * meaning (a flow's filled heights for the heights it was given), or the node's main (first)
 * output reshaping its input, which is what bypassing a curve, a blur or an erosion is for.
 * A mask (water, rivers) is never a reshaped input: a bypassed water's mask is no height (it is the neutral
 * copy's, all land), nor are an erosion's wear or a flow's lakes (other outputs, other kinds).
 */
export function sameKind(def: AnyNodeDef, port: string, source: Meaning | undefined): boolean {
  const out = def.outputs[port];
  if (!out || !source) return false;
  if (out.meaning === source) return true;
  return port === Object.keys(def.outputs)[0] && !isMask(out.meaning) && !isMask(source);
}

export function passThrough(graph: Graph, catalogue: Catalogue = CATALOGUE): Graph {
  if (!graph.nodes.some((n) => n.bypass)) return graph;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  /** Neutral copies made so far, by the id of the node they stand for. */
  const neutral = new Map<string, GraphNode>();

  const outputType = (ref: PortRef): PortType | undefined => {
    const node = byId.get(ref.node) ?? [...neutral.values()].find((n) => n.id === ref.node);
    return node ? catalogue.def(node.type)?.outputs[ref.port]?.type : undefined;
  };

  const neutralCopy = (node: GraphNode): GraphNode | null => {
    const def = catalogue.def(node.type);
    if (!def?.neutralParams) return null;
    const made = neutral.get(node.id);
    if (made) return made;
    let id = `${node.id}${NEUTRAL_SUFFIX}`;
    for (let k = 2; byId.has(id); k++) id = `${node.id}${NEUTRAL_SUFFIX}${k}`;
    const params = { ...node.params, ...(def.neutralParams as Record<string, AnyParamValue>) };
    const copy: GraphNode = { id, type: node.type, title: node.title, position: node.position, params, standsFor: node.id };
    neutral.set(node.id, copy);
    return copy;
  };

  const meaningOf = (ref: PortRef): Meaning | undefined => {
    const node = byId.get(ref.node) ?? [...neutral.values()].find((n) => n.id === ref.node);
    return node ? catalogue.def(node.type)?.outputs[ref.port]?.meaning : undefined;
  };

  /** The source that stands for `ref` once bypassed nodes are skipped, for an input of type `want`. */
  const resolve = (ref: PortRef, want: PortType, depth: number): PortRef | null => {
    const node = byId.get(ref.node);
    if (!node?.bypass) return ref;
    const def = catalogue.def(node.type);
    if (!def || depth > graph.nodes.length) return null;
    for (const key of Object.keys(def.inputs)) {
      const edge = edgeInto(graph, node.id, key);
      if (!edge) continue;
      const source = resolve(edge.from, want, depth + 1);
      const type = source && outputType(source);
      if (source && type && canConnect(type, want) && sameKind(def, ref.port, meaningOf(source))) return source;
    }
    const copy = neutralCopy(node);
    const type = def.outputs[ref.port]?.type;
    return copy && type && canConnect(type, want) ? { node: copy.id, port: ref.port } : null;
  };

  const rewire = (e: Edge): Edge | null => {
    const target = byId.get(e.to.node) ?? [...neutral.values()].find((n) => n.id === e.to.node);
    const want = target && catalogue.def(target.type)?.inputs[e.to.port]?.type;
    const from = want ? resolve(e.from, want, 0) : e.from;
    return from ? (from === e.from ? e : { from, to: e.to }) : null;
  };

  const edges: Edge[] = [];
  /** Inputs left with no wire (GraphNode.bypassedInputs): by node, the bypassed node each wire came from, by port. */
  const unfed = new Map<string, Record<string, string>>();
  for (const e of graph.edges) {
    const edge = rewire(e);
    if (edge) edges.push(edge);
    else unfed.set(e.to.node, { ...unfed.get(e.to.node), [e.to.port]: e.from.node });
  }
  // Each neutral copy is fed as its node is (through bypassed nodes upstream, which may need
  // copies of their own: repeat until no new copy comes).
  const fed = new Set<string>();
  for (let round = 0; fed.size < neutral.size && round <= graph.nodes.length; round++) {
    for (const [of, copy] of [...neutral]) {
      if (fed.has(of)) continue;
      fed.add(of);
      for (const e of graph.edges) {
        if (e.to.node !== of) continue;
        const edge = rewire({ from: e.from, to: { node: copy.id, port: e.to.port } });
        if (edge) edges.push(edge);
      }
    }
  }
  const nodes = unfed.size ? graph.nodes.map((n) => (unfed.has(n.id) ? { ...n, bypassedInputs: unfed.get(n.id) } : n)) : graph.nodes;
  return { ...graph, nodes: neutral.size ? [...nodes, ...neutral.values()] : nodes, edges };
}
