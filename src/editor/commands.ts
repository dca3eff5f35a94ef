// Edits of the open graph as plain records: each one applied returns the records that undo it.
//
// A command mutates the graph in place and is checked first, so a refused command leaves the
// graph untouched and the graph stays valid (types fit, one wire per input, no cycles, params
// within their manifest). Undo and redo replay these records; nothing else writes the graph.

import { nodeDef } from '../../nodes/index.ts';
import { type Edge, findNode, type Frame, type Graph, type GraphNode, NODE_ID_PATTERN, type NodeFlag } from '../model/graph.ts';
import { checkVia, FRAME_LIMITS, readFrames } from '../model/frames.ts';
import { GRAPH_FILE_LIMITS } from '../model/format.ts';
import type { AnyParamValue } from '../model/params.ts';
import { checkParam, checkView, checkWorld, nodeNamed } from '../model/validate.ts';
import type { View, World } from '../grid.ts';
import { edgeKey, sameEdge, wireRefusal } from './wiring.ts';

export type Command =
  | { readonly kind: 'addNode'; readonly node: GraphNode; readonly at?: number }
  | { readonly kind: 'removeNode'; readonly id: string }
  | { readonly kind: 'moveNode'; readonly id: string; readonly position: readonly [number, number] }
  | { readonly kind: 'setTitle'; readonly id: string; readonly title: string }
  | { readonly kind: 'setFlag'; readonly id: string; readonly flag: NodeFlag; readonly value: boolean }
  | { readonly kind: 'setParam'; readonly id: string; readonly key: string; readonly value: AnyParamValue }
  | { readonly kind: 'connect'; readonly edge: Edge; readonly at?: number }
  | { readonly kind: 'disconnect'; readonly edge: Edge }
  | { readonly kind: 'setVia'; readonly edge: Edge; readonly via: readonly (readonly [number, number])[] }
  | { readonly kind: 'addFrame'; readonly frame: Frame; readonly at?: number }
  | { readonly kind: 'removeFrame'; readonly id: string }
  | { readonly kind: 'setFrame'; readonly frame: Frame }
  | { readonly kind: 'setView'; readonly view: View }
  /** The graph's world (format version 6); null: none. */
  | { readonly kind: 'setWorld'; readonly world: World | null }
  | { readonly kind: 'setInfo'; readonly name: string; readonly notes: string }
  /**
   * `file`: the name the incoming graph is kept as (Kept; absent: none). `clean`: that file
   * holds it (an Open; absent: not), so the state after the step is a saved one (history.ts).
   */
  | { readonly kind: 'replaceGraph'; readonly graph: Graph; readonly file?: string | null; readonly clean?: boolean };

/**
 * What the open graph is kept as beside its content. It is not part of the graph, yet it follows
 * the graph shown: a replaceGraph command sets it and its inverse puts back the one before, so
 * undoing an Open offers the name from before the Open again. (Whether that file holds the
 * graph shown is the history's to know: History.atSaved.)
 */
export interface Kept {
  /** The file name Save offers (the file the graph was opened from or last saved as), or null. */
  file: string | null;
}

/** What a command changed, for the views: they redraw only what these name. */
export type Change =
  /** The whole graph was replaced (open, new, or its undo); `outgoing` is the graph it replaced. */
  | { readonly kind: 'graph'; readonly outgoing: Graph }
  | { readonly kind: 'nodeAdded'; readonly id: string }
  | { readonly kind: 'nodeRemoved'; readonly id: string }
  | { readonly kind: 'nodeMoved'; readonly id: string }
  | { readonly kind: 'title'; readonly id: string }
  | { readonly kind: 'flag'; readonly id: string; readonly flag: NodeFlag }
  | { readonly kind: 'param'; readonly id: string; readonly key: string }
  | { readonly kind: 'edgeAdded'; readonly edge: Edge }
  | { readonly kind: 'edgeRemoved'; readonly edge: Edge }
  /** A wire's reroute dots moved, came or went. */
  | { readonly kind: 'via'; readonly edge: Edge }
  /** A frame came, went, or changed (title, colour, place or size). */
  | { readonly kind: 'frame'; readonly id: string }
  | { readonly kind: 'view' }
  /** The graph's world came, went or moved. */
  | { readonly kind: 'world' }
  | { readonly kind: 'info' }
  | { readonly kind: 'selection' };

/** A command that would make the graph invalid; the message is for a person. */
export class EditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditError';
  }
}

export interface Applied {
  /** Applying these in order undoes the command. */
  readonly inverse: Command[];
  readonly changes: Change[];
}

function nodeOrThrow(graph: Graph, id: string): GraphNode {
  const node = findNode(graph, id);
  if (!node) throw new EditError(`there is no node "${id}"`);
  return node;
}

function clonePosition(p: readonly [number, number]): [number, number] {
  return [p[0], p[1]];
}

function cloneEdge(e: Edge): Edge {
  const edge: Edge = { from: { ...e.from }, to: { ...e.to } };
  if (e.via?.length) edge.via = e.via.map(clonePosition);
  return edge;
}

/** A frame record checked as the file loader checks one (id, title, colour, size). */
function checkFrame(frame: Frame): Frame {
  const read = readFrames([frame], '$');
  if (read.problems.length) throw new EditError(`frame ${read.problems[0].path.replace('$[0]', `"${frame.id}"`)}: ${read.problems[0].message}`);
  return read.frames[0];
}

function frameAt(graph: Graph, id: string): number {
  const at = (graph.frames ?? []).findIndex((f) => f.id === id);
  if (at < 0) throw new EditError(`there is no frame "${id}"`);
  return at;
}

/** Checks a whole node record against its type's manifest before it enters the graph. */
function checkNewNode(graph: Graph, node: GraphNode): void {
  // One more than a file may hold would make a graph that saves but never opens again.
  if (graph.nodes.length >= GRAPH_FILE_LIMITS.nodes) throw new EditError(`a graph holds at most ${GRAPH_FILE_LIMITS.nodes} nodes`);
  if (!NODE_ID_PATTERN.test(node.id)) throw new EditError(`"${node.id}" is not a valid node id`);
  if (findNode(graph, node.id)) throw new EditError(`a node "${node.id}" already exists`);
  const def = nodeDef(node.type);
  if (!def) throw new EditError(`unknown node type "${node.type}"`);
  for (const [key, spec] of Object.entries(def.params)) {
    const problems = checkParam(spec, node.params[key], `${node.id}.${key}`);
    if (problems.length) throw new EditError(`${problems[0].path}: ${problems[0].message}`);
  }
}

/**
 * Applies one command to the graph (in place) and returns its inverse; throws EditError if
 * refused. `kept`: what the open graph is kept as, which a replaceGraph command sets.
 */
export function applyCommand(graph: Graph, cmd: Command, kept?: Kept): Applied {
  switch (cmd.kind) {
    case 'addNode': {
      checkNewNode(graph, cmd.node);
      const node = structuredClone(cmd.node);
      const at = cmd.at === undefined ? graph.nodes.length : Math.max(0, Math.min(graph.nodes.length, cmd.at));
      graph.nodes.splice(at, 0, node);
      return { inverse: [{ kind: 'removeNode', id: node.id }], changes: [{ kind: 'nodeAdded', id: node.id }] };
    }
    case 'removeNode': {
      const at = graph.nodes.findIndex((n) => n.id === cmd.id);
      if (at < 0) throw new EditError(`there is no node "${cmd.id}"`);
      const [node] = graph.nodes.splice(at, 1);
      // Wires go with the node; the inverse puts them back at their old places in the list.
      const removed: { edge: Edge; at: number }[] = [];
      graph.edges = graph.edges.filter((e, k) => {
        const touches = e.from.node === cmd.id || e.to.node === cmd.id;
        if (touches) removed.push({ edge: e, at: k });
        return !touches;
      });
      const inverse: Command[] = [{ kind: 'addNode', node, at }, ...removed.map(({ edge, at: k }) => ({ kind: 'connect', edge, at: k }) as const)];
      const changes: Change[] = [...removed.map(({ edge }) => ({ kind: 'edgeRemoved', edge }) as const), { kind: 'nodeRemoved', id: cmd.id }];
      return { inverse, changes };
    }
    case 'moveNode': {
      const node = nodeOrThrow(graph, cmd.id);
      if (!cmd.position.every(Number.isFinite)) throw new EditError(`position of "${cmd.id}" must be finite`);
      const before = clonePosition(node.position);
      node.position = clonePosition(cmd.position);
      return { inverse: [{ kind: 'moveNode', id: cmd.id, position: before }], changes: [{ kind: 'nodeMoved', id: cmd.id }] };
    }
    case 'setTitle': {
      const node = nodeOrThrow(graph, cmd.id);
      const before = node.title;
      node.title = cmd.title;
      return { inverse: [{ kind: 'setTitle', id: cmd.id, title: before }], changes: [{ kind: 'title', id: cmd.id }] };
    }
    case 'setFlag': {
      const node = nodeOrThrow(graph, cmd.id);
      const before = !!node[cmd.flag];
      // Off is written as no key at all, so a file that never used the flag keeps its bytes.
      if (cmd.value) node[cmd.flag] = true;
      else delete node[cmd.flag];
      return { inverse: [{ kind: 'setFlag', id: cmd.id, flag: cmd.flag, value: before }], changes: [{ kind: 'flag', id: cmd.id, flag: cmd.flag }] };
    }
    case 'setParam': {
      const node = nodeOrThrow(graph, cmd.id);
      const spec = nodeDef(node.type)?.params[cmd.key];
      // Named as a file's problems and the engine's name it: type, id and title.
      const who = nodeNamed(cmd.id, node.type, node.title);
      if (!spec) throw new EditError(`${who} has no param "${cmd.key}"`);
      const problems = checkParam(spec, cmd.value, cmd.key);
      if (problems.length) throw new EditError(`${who}: ${problems[0].path}: ${problems[0].message}`);
      const before = node.params[cmd.key];
      node.params[cmd.key] = structuredClone(cmd.value);
      return { inverse: [{ kind: 'setParam', id: cmd.id, key: cmd.key, value: before }], changes: [{ kind: 'param', id: cmd.id, key: cmd.key }] };
    }
    case 'connect': {
      const refusal = wireRefusal(graph, cmd.edge);
      if (refusal) throw new EditError(refusal);
      const edge = cloneEdge(cmd.edge);
      // An input takes one wire: a new wire replaces the old one in its place in the list.
      const old = graph.edges.findIndex((e) => e.to.node === edge.to.node && e.to.port === edge.to.port);
      if (old >= 0) {
        const replaced = graph.edges[old];
        graph.edges[old] = edge;
        return {
          inverse: [
            { kind: 'disconnect', edge },
            { kind: 'connect', edge: replaced, at: old },
          ],
          changes: [
            { kind: 'edgeRemoved', edge: replaced },
            { kind: 'edgeAdded', edge },
          ],
        };
      }
      const at = cmd.at === undefined ? graph.edges.length : Math.max(0, Math.min(graph.edges.length, cmd.at));
      graph.edges.splice(at, 0, edge);
      return { inverse: [{ kind: 'disconnect', edge }], changes: [{ kind: 'edgeAdded', edge }] };
    }
    case 'disconnect': {
      const at = graph.edges.findIndex((e) => sameEdge(e, cmd.edge));
      if (at < 0) throw new EditError(`there is no wire ${edgeKey(cmd.edge)}`);
      const [edge] = graph.edges.splice(at, 1);
      return { inverse: [{ kind: 'connect', edge, at }], changes: [{ kind: 'edgeRemoved', edge }] };
    }
    case 'setVia': {
      const edge = graph.edges.find((e) => sameEdge(e, cmd.edge));
      if (!edge) throw new EditError(`there is no wire ${edgeKey(cmd.edge)}`);
      const problems = checkVia(cmd.via, 'via');
      if (problems.length) throw new EditError(`${problems[0].path}: ${problems[0].message}`);
      const before = (edge.via ?? []).map(clonePosition);
      // No dots is written as no key at all, so a wire that never had dots keeps its bytes.
      if (cmd.via.length) edge.via = cmd.via.map(clonePosition);
      else delete edge.via;
      const ref = { from: { ...edge.from }, to: { ...edge.to } };
      return { inverse: [{ kind: 'setVia', edge: ref, via: before }], changes: [{ kind: 'via', edge: ref }] };
    }
    case 'addFrame': {
      const frame = checkFrame(cmd.frame);
      const frames = (graph.frames ??= []);
      if (frames.some((f) => f.id === frame.id)) throw new EditError(`a frame "${frame.id}" already exists`);
      if (frames.length >= FRAME_LIMITS.frames) throw new EditError(`a graph holds at most ${FRAME_LIMITS.frames} frames`);
      const at = cmd.at === undefined ? frames.length : Math.max(0, Math.min(frames.length, cmd.at));
      frames.splice(at, 0, frame);
      return { inverse: [{ kind: 'removeFrame', id: frame.id }], changes: [{ kind: 'frame', id: frame.id }] };
    }
    case 'removeFrame': {
      const at = frameAt(graph, cmd.id);
      const [frame] = graph.frames!.splice(at, 1);
      return { inverse: [{ kind: 'addFrame', frame, at }], changes: [{ kind: 'frame', id: cmd.id }] };
    }
    case 'setFrame': {
      const at = frameAt(graph, cmd.frame.id);
      const frame = checkFrame(cmd.frame);
      const before = graph.frames![at];
      graph.frames![at] = frame;
      return { inverse: [{ kind: 'setFrame', frame: before }], changes: [{ kind: 'frame', id: frame.id }] };
    }
    case 'setView': {
      const problems = checkView(cmd.view);
      if (problems.length) throw new EditError(`${problems[0].path}: ${problems[0].message}`);
      const before = graph.view;
      graph.view = { x: cmd.view.x, y: cmd.view.y, size: cmd.view.size };
      return { inverse: [{ kind: 'setView', view: before }], changes: [{ kind: 'view' }] };
    }
    case 'setWorld': {
      if (cmd.world) {
        const problems = checkWorld(cmd.world, 'world');
        if (problems.length) throw new EditError(`${problems[0].path}: ${problems[0].message}`);
      }
      const before = graph.world ?? null;
      if (cmd.world) graph.world = { x: cmd.world.x, y: cmd.world.y, size: cmd.world.size };
      else delete graph.world;
      return { inverse: [{ kind: 'setWorld', world: before }], changes: [{ kind: 'world' }] };
    }
    case 'setInfo': {
      const before = { name: graph.name, notes: graph.notes };
      graph.name = cmd.name;
      graph.notes = cmd.notes;
      return { inverse: [{ kind: 'setInfo', ...before }], changes: [{ kind: 'info' }] };
    }
    case 'replaceGraph': {
      const before = structuredClone(graph);
      const next = structuredClone(cmd.graph);
      graph.name = next.name;
      graph.notes = next.notes;
      graph.view = next.view;
      graph.nodes = next.nodes;
      graph.edges = next.edges;
      graph.frames = next.frames ?? [];
      if (next.world) graph.world = next.world;
      else delete graph.world;
      const was = kept?.file ?? null;
      if (kept) kept.file = cmd.file ?? null;
      return { inverse: [{ kind: 'replaceGraph', graph: before, file: was }], changes: [{ kind: 'graph', outgoing: before }] };
    }
  }
}

/**
 * Which commands a gesture makes (a slider's drag sets its one param): whatever else is done
 * while it is held (the world removed from the keyboard, a node pasted) is no part of the
 * gesture's undo step but a step of its own (history.ts).
 */
export type GestureEdits = (cmd: Command) => boolean;

/** What each kind of gesture edits. */
export const gestureEdits = {
  /** A slider's or a curve point's drag: that one param. */
  param: (id: string, key: string): GestureEdits => (c) => c.kind === 'setParam' && c.id === id && c.key === key,
  /** A node drag: nodes' positions (the selected nodes move with the one held). */
  nodes: ((c) => c.kind === 'moveNode') as GestureEdits,
  /** A wire picked off its input and dropped: that wire cut, and a wire from its output made. */
  wire: (picked: Edge): GestureEdits => (c) =>
    (c.kind === 'disconnect' && sameEdge(c.edge, picked)) || (c.kind === 'connect' && c.edge.from.node === picked.from.node && c.edge.from.port === picked.from.port),
  /** A reroute dot dragged: that wire's dots. */
  via: (edge: Edge): GestureEdits => (c) => c.kind === 'setVia' && sameEdge(c.edge, edge),
  /** A frame dragged or resized: the frame, and the nodes and reroute dots it carries. */
  frame: (id: string): GestureEdits => (c) => (c.kind === 'setFrame' && c.frame.id === id) || c.kind === 'moveNode' || c.kind === 'setVia',
};

/** True when two commands touch the same target, so a drag can keep only the latest of them. */
export function sameTarget(a: Command, b: Command): boolean {
  if (a.kind === 'setParam' && b.kind === 'setParam') return a.id === b.id && a.key === b.key;
  if (a.kind === 'moveNode' && b.kind === 'moveNode') return a.id === b.id;
  if (a.kind === 'setTitle' && b.kind === 'setTitle') return a.id === b.id;
  if (a.kind === 'setView' && b.kind === 'setView') return true;
  if (a.kind === 'setVia' && b.kind === 'setVia') return sameEdge(a.edge, b.edge);
  if (a.kind === 'setFrame' && b.kind === 'setFrame') return a.frame.id === b.frame.id;
  return false;
}

/**
 * True when a command's inverse puts back what the command wrote: a drag merged into one entry
 * (history.ts) that ended where it began. Filing it would make an undo step that changes nothing.
 */
export function changesNothing(cmd: Command, inverse: readonly Command[]): boolean {
  return inverse.length === 1 && writesSame(cmd, inverse[0]);
}

/**
 * True when two commands of the kinds a drag merges write the same value to the same target
 * (a param, a node's position, the view…); false for any other kind, which is never compared.
 */
export function writesSame(a: Command, b: Command): boolean {
  if (!sameTarget(a, b)) return false;
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  switch (a.kind) {
    case 'setParam':
      return same(a.value, (b as typeof a).value);
    case 'moveNode':
      return same(a.position, (b as typeof a).position);
    case 'setTitle':
      return a.title === (b as typeof a).title;
    case 'setView': {
      const v = (b as typeof a).view;
      return a.view.x === v.x && a.view.y === v.y && a.view.size === v.size;
    }
    case 'setVia':
      return same(a.via, (b as typeof a).via);
    case 'setFrame': {
      const f = (b as typeof a).frame;
      return a.frame.title === f.title && a.frame.color === f.color && same(a.frame.position, f.position) && same(a.frame.size, f.size);
    }
    default:
      return false;
  }
}

/**
 * What a command reads or writes, as names a cancelled drag's take-back is checked against
 * (independent): "node wind" is the node itself (made or removed), "node wind param lift" one
 * of its params, and so on down. Wires: each wire by its key, the input it goes into, and
 * "edges+" for a wire come or gone, "edges@" for one put at a place in the list (an undone cut):
 * the place counts the wires before it, so it depends on every wire come or gone before it.
 */
function footprint(cmd: Command): string[] {
  switch (cmd.kind) {
    case 'addNode':
      return [`node ${cmd.node.id}`];
    case 'removeNode':
      return [`node ${cmd.id}`];
    case 'moveNode':
      return [`node ${cmd.id} position`];
    case 'setTitle':
      return [`node ${cmd.id} title`];
    case 'setFlag':
      return [`node ${cmd.id} flag ${cmd.flag}`];
    case 'setParam':
      return [`node ${cmd.id} param ${cmd.key}`];
    case 'connect':
    case 'disconnect': {
      const e = cmd.edge;
      const place = cmd.kind === 'connect' && cmd.at !== undefined ? 'edges@' : 'edges+';
      return [`node ${e.from.node} wired`, `node ${e.to.node} wired`, `input ${e.to.node}.${e.to.port}`, `edge ${edgeKey(e)}`, place];
    }
    case 'setVia':
      return [`edge ${edgeKey(cmd.edge)} via`];
    case 'addFrame':
      return [`frame ${cmd.frame.id}`];
    case 'removeFrame':
      return [`frame ${cmd.id}`];
    case 'setFrame':
      return [`frame ${cmd.frame.id} record`];
    case 'setView':
      return ['view'];
    case 'setWorld':
      return ['world'];
    case 'setInfo':
      return ['info'];
    case 'replaceGraph':
      return ['*'];
  }
}

/** True when two footprint names touch: one is the other or holds it ("node a" and "node a param k"). */
function touches(a: string, b: string): boolean {
  if (a === '*' || b === '*') return true;
  // Wires come and gone commute among themselves; a wire put back at a place does not commute with them.
  if (a.startsWith('edges') && b.startsWith('edges')) return a === 'edges@' || b === 'edges@';
  return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
}

/**
 * True when the commands of `a` and of `b` (each edit's command and inverse) touch nothing in
 * common (footprint), so either can be taken back without the other: a drag cancelled after an
 * edit made while it was held can leave the history as if the drag never was (history.ts
 * withdraw). Conservative: false does not mean they clash. The take-back is still applied
 * with its checks (a wire put back may close a loop a wire made meanwhile), and refused, undone.
 */
export function independent(a: readonly Command[], b: readonly Command[]): boolean {
  const names = b.flatMap(footprint);
  return a.flatMap(footprint).every((x) => !names.some((y) => touches(x, y)));
}
