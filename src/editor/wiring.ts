// Which wires may be drawn, and why not: the questions the canvas asks while a wire is dragged.
//
// The answers come from the node manifests and src/model/validate.ts (the same checks the file
// loader makes), so the editor never accepts a wire that a saved file would then refuse.

import { NODE_TYPES, nodeDef } from '../../nodes/index.ts';
import { type Edge, findNode, type Graph, portRefText } from '../model/graph.ts';
import type { AnyNodeDef } from '../model/manifest.ts';
import { cycleThrough, wireProblem } from '../model/validate.ts';
import { canConnect, connectRefusal, type Meaning, MEANING_WORDS, meaningMismatch, type PortType } from '../model/values.ts';

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

/** What the numbers of a node's output mean (the wind's `out`: air), or undefined when there is no such node or port. */
export function outputMeaning(graph: Graph, node: string, port: string): Meaning | undefined {
  const n = findNode(graph, node);
  return n ? nodeDef(n.type)?.outputs[port]?.meaning : undefined;
}

/** The meanings a node's input is made for (InputSpec.takes: the whittaker's `temperature`, a temperature), or undefined. */
export function inputTakes(graph: Graph, node: string, port: string): readonly Meaning[] | undefined {
  const n = findNode(graph, node);
  return n ? nodeDef(n.type)?.inputs[port]?.takes : undefined;
}

/**
 * The warning a wire gives when its output's meaning is not among those its input is made for
 * (InputSpec.takes; meaningMismatch), in the meanings' own words: "temperature is made for a
 * temperature; this wire brings Wind's air". Null when it fits. A warning only: the graph still
 * evaluates, and the biomes read the air as a temperature.
 */
export function meaningWarning(graph: Graph, edge: Edge): string | null {
  const meaning = outputMeaning(graph, edge.from.node, edge.from.port);
  const takes = inputTakes(graph, edge.to.node, edge.to.port);
  if (!meaning || !takes || !meaningMismatch(meaning, takes)) return null;
  const from = findNode(graph, edge.from.node)!;
  const what = takes.map((m) => MEANING_WORDS[m].a).join(' or ');
  return `${edge.to.port} is made for ${what}; this wire brings ${from.title}'s ${MEANING_WORDS[meaning].of}`;
}

/** A node's inputs whose wire brings another meaning than they are made for, each with its warning (meaningWarning). */
export function meaningWarnings(graph: Graph, node: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of graph.edges) {
    if (e.to.node !== node) continue;
    const warning = meaningWarning(graph, e);
    if (warning) out.set(e.to.port, warning);
  }
  return out;
}

/** A node type and one of its ports that could take a wire being dragged. */
export interface PortOffer {
  readonly def: AnyNodeDef;
  /** The port of the new node the wire would join. */
  readonly port: string;
  readonly portType: PortType;
}

/**
 * A node's inputs with those made for `meaning` (InputSpec.takes) first, then those it fits
 * (no `takes`, or a meaning that fits any: meaningMismatch), then those made for other meanings,
 * each part in manifest order: the wind's air meets the moisture's `air` before its `noise`, which
 * takes any field, and a node whose inputs are all made for others gets it in the first (with
 * its warning, meaningWarning).
 */
function inputsFor(def: AnyNodeDef, meaning: Meaning | undefined): string[] {
  const keys = Object.keys(def.inputs);
  if (!meaning) return keys;
  const made = (k: string) => def.inputs[k].takes?.includes(meaning) === true;
  const fits = (k: string) => !made(k) && !meaningMismatch(meaning, def.inputs[k].takes);
  return [...keys.filter(made), ...keys.filter(fits), ...keys.filter((k) => !made(k) && !fits(k))];
}

/**
 * The node types (and the port on each) that could take a wire dragged from a socket of type
 * `type`: inputs that accept it when the wire starts at an output, outputs that fit it when
 * the wire starts at an input. Menu order, then port order, except that from an output of
 * `meaning` a node's inputs made for it come first (so Enter on "Moisture" picks its `air`
 * for the wind's wire, where it picked `noise`, the first, and the moisture stayed flat), and
 * from an input made for some meanings (`takes`) the outputs of those meanings come before all
 * others (the whittaker's `temperature` dragged to empty canvas lists the Temperature first,
 * where it was the 33rd, under every noise and erosion output, and Enter added an fBm noise).
 */
export function portOffers(side: 'input' | 'output', type: PortType, meaning?: Meaning, takes?: readonly Meaning[]): PortOffer[] {
  const out: PortOffer[] = [];
  const made: PortOffer[] = [];
  for (const def of NODE_TYPES) {
    if (side === 'output') {
      for (const port of inputsFor(def, meaning)) {
        const spec = def.inputs[port];
        if (canConnect(type, spec.type)) out.push({ def, port, portType: spec.type });
      }
    } else {
      for (const [port, spec] of Object.entries(def.outputs)) {
        if (canConnect(spec.type, type)) (takes?.includes(spec.meaning) ? made : out).push({ def, port, portType: spec.type });
      }
    }
  }
  return [...made, ...out];
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
 * and has no wire yet, else its first input that takes it (the new wire replaces the old),
 * where the inputs made for the output's meaning come first (InputSpec.takes: the wind's air
 * joins the moisture's `air`, even in place of a wire there, not its free `noise`); from an
 * input, out of the node's first output that fits. Otherwise ports in the manifest's order.
 * When none fits, the reason the first port was refused (or that the node has no port on that
 * side).
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
  const meaning = fromOutput ? outputMeaning(graph, end.node, end.port) : undefined;
  const fitting = (fromOutput ? inputsFor(def, meaning) : ports).map(edgeTo).filter((e) => !wireRefusal(graph, e));
  const isFree = (e: Edge) => !graph.edges.some((w) => w.to.node === e.to.node && w.to.port === e.to.port);
  const madeFor = (e: Edge) => meaning !== undefined && def.inputs[e.to.port]?.takes?.includes(meaning) === true;
  const fits = (e: Edge) => meaning === undefined || !meaningMismatch(meaning, def.inputs[e.to.port]?.takes);
  // An input made for the wire's meaning wins even when taken (the new wire replaces the old);
  // otherwise the first free input that fits it (no `takes`), then the first that fits, then the
  // first free, else the first that takes its type (made for another meaning: meaningWarning).
  const edge = fromOutput
    ? (fitting.find((e) => madeFor(e) && isFree(e)) ?? fitting.find(madeFor) ?? fitting.find((e) => fits(e) && isFree(e)) ?? fitting.find(fits) ?? fitting.find(isFree) ?? fitting[0])
    : fitting[0];
  return edge ? { edge } : { refusal: wireRefusal(graph, edgeTo(ports[0]))! };
}

/**
 * True when dropping the node on a wire puts it there (spliceOnto): it has an input and an output
 * and no wire yet, as in Blender ("nodes that have no connections can be inserted on a link"). A
 * node already wired is only moved: which of its wires would go was never what the drag said.
 */
export function canSplice(graph: Graph, id: string): boolean {
  const node = findNode(graph, id);
  const def = node && nodeDef(node.type);
  if (!def || !Object.keys(def.inputs).length || !Object.keys(def.outputs).length) return false;
  return !graph.edges.some((e) => e.from.node === id || e.to.node === id);
}

/**
 * The ports of a node with no wires that take a wire it is dropped on (as Gaea, Houdini and
 * Blender put it there): the wire's output goes into the input a wire dropped on the node would
 * join (wireOntoNode: the one made for what the wire carries, else the first that takes it), and
 * the output a wire from the wire's input would leave (its first that fits) feeds that input in
 * the wire's place. For a node just added this is the first item Insert node… offers for its type
 * (catalogue.ts insertItems). When either end does not fit, the reason.
 */
export function spliceOnto(graph: Graph, wire: Edge, id: string): { readonly inPort: string; readonly outPort: string } | { readonly refusal: string } {
  const into = wireOntoNode(graph, { side: 'output', node: wire.from.node, port: wire.from.port }, id);
  if ('refusal' in into) return into;
  const out = wireOntoNode(graph, { side: 'input', node: wire.to.node, port: wire.to.port }, id);
  if ('refusal' in out) return out;
  return { inPort: into.edge.to.port, outPort: out.edge.from.port };
}
