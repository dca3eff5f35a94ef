// Which wires may be drawn, and why not: the questions the canvas asks while a wire is dragged.
//
// The answers come from the node manifests and src/model/validate.ts (the same checks the file
// loader makes), so the editor never accepts a wire that a saved file would then refuse.

import { NODE_TYPES, nodeDef } from '../../nodes/index.ts';
import { type Edge, findNode, type Graph, portRefText } from '../model/graph.ts';
import type { AnyNodeDef } from '../model/manifest.ts';
import { cycleThrough, wireProblem } from '../model/validate.ts';
import { canConnect, connectRefusal, type PortType } from '../model/values.ts';

/** "from.port>to.port": one key per wire (an input takes one wire, so this is unique). */
export function edgeKey(edge: Edge): string {
  return `${portRefText(edge.from)}>${portRefText(edge.to)}`;
}

export function sameEdge(a: Edge, b: Edge): boolean {
  return a.from.node === b.from.node && a.from.port === b.from.port && a.to.node === b.to.node && a.to.port === b.to.port;
}

/**
 * Why this wire cannot be added to the graph, in words for a person; null when it can. A wire
 * into an input that already has one is fine: it replaces the old one.
 */
export function wireRefusal(graph: Graph, edge: Edge): string | null {
  // The nodes by the titles the person reads on the canvas, their ids beside them.
  const title = (id: string) => {
    const n = findNode(graph, id);
    return n && n.title !== id ? `${n.title} (${id})` : id;
  };
  if (edge.from.node === edge.to.node && findNode(graph, edge.from.node)) {
    return `a node cannot feed itself: ${title(edge.from.node)}, ${edge.from.port} → ${edge.to.port}, would be a loop`;
  }
  const wrong = wireProblem(graph, edge);
  if (wrong?.end === 'wire') {
    const from = portType(graph, edge.from.node, 'output', edge.from.port)!;
    const to = portType(graph, edge.to.node, 'input', edge.to.port)!;
    return `cannot wire ${title(edge.from.node)}'s ${edge.from.port} (${from}) to ${title(edge.to.node)}'s ${edge.to.port} (${to}): ${connectRefusal(from, to)}`;
  }
  if (wrong) return wrong.message;
  const cycle = cycleThrough(graph, edge);
  if (cycle) return `this wire would close a loop: ${[...cycle, cycle[0]].map(title).join(' → ')}`;
  return null;
}

/** The type of a node's port, or undefined when there is no such node or port. */
export function portType(graph: Graph, node: string, side: 'input' | 'output', port: string): PortType | undefined {
  const n = findNode(graph, node);
  const def = n && nodeDef(n.type);
  if (!def) return undefined;
  return side === 'input' ? def.inputs[port]?.type : def.outputs[port]?.type;
}

/** A node type and one of its ports that could take a wire being dragged. */
export interface PortOffer {
  readonly def: AnyNodeDef;
  /** The port of the new node the wire would join. */
  readonly port: string;
  readonly portType: PortType;
}

/**
 * The node types (and the port on each) that could take a wire dragged from a socket of type
 * `type`: inputs that accept it when the wire starts at an output, outputs that fit it when
 * the wire starts at an input. Menu order, then port order.
 */
export function portOffers(side: 'input' | 'output', type: PortType): PortOffer[] {
  const out: PortOffer[] = [];
  for (const def of NODE_TYPES) {
    if (side === 'output') {
      for (const [port, spec] of Object.entries(def.inputs)) if (canConnect(type, spec.type)) out.push({ def, port, portType: spec.type });
    } else {
      for (const [port, spec] of Object.entries(def.outputs)) if (canConnect(spec.type, type)) out.push({ def, port, portType: spec.type });
    }
  }
  return out;
}

/** One end of a wire being dragged: the socket it hangs from. */
export interface LooseEnd {
  readonly side: 'input' | 'output';
  readonly node: string;
  readonly port: string;
}

/**
 * The wire a loose end makes when it is dropped on a node's body rather than on a socket (as
 * Gaea, Houdini and Blender do it): from an output, into the node's first input that takes it
 * and has no wire yet, else its first input that takes it (the new wire replaces the old); from
 * an input, out of the node's first output that fits. Ports in the manifest's order. When none
 * fits, the reason the first port was refused (or that the node has no port on that side).
 */
export function wireOntoNode(graph: Graph, end: LooseEnd, onto: string): { readonly edge: Edge } | { readonly refusal: string } {
  const node = findNode(graph, onto);
  const def = node && nodeDef(node.type);
  if (!node || !def) return { refusal: `there is no node "${onto}"` };
  const name = node.title !== onto ? `${node.title} (${onto})` : onto;
  const fromOutput = end.side === 'output';
  const ports = Object.keys(fromOutput ? def.inputs : def.outputs);
  if (!ports.length) return { refusal: `${name} has no ${fromOutput ? 'input' : 'output'} to take the wire` };
  const edgeTo = (port: string): Edge =>
    fromOutput ? { from: { node: end.node, port: end.port }, to: { node: onto, port } } : { from: { node: onto, port }, to: { node: end.node, port: end.port } };
  const fitting = ports.map(edgeTo).filter((e) => !wireRefusal(graph, e));
  const free = fitting.find((e) => !graph.edges.some((w) => w.to.node === e.to.node && w.to.port === e.to.port));
  const edge = fromOutput ? (free ?? fitting[0]) : fitting[0];
  return edge ? { edge } : { refusal: wireRefusal(graph, edgeTo(ports[0]))! };
}
