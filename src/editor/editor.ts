// The headless editor: the open graph, the selection, and every edit a person makes, with undo.
//
// No DOM, no rete, no lit. The canvas sends it plain calls (add, connect, set a param, …); it
// applies them as commands (src/editor/commands.ts), files their inverses in the history
// (undo and redo: timeline.ts; frames and reroute dots as commands: frame-edits.ts) and tells
// its subscribers what changed, the selection (selection.ts) included. Views redraw from what
// it holds; they never write it.

import { nodeDef } from '../../nodes/index.ts';
import { cloneGraph, type Edge, findNode, type Frame, type FrameColor, freshNodeId, type Graph, type GraphNode, type NodeFlag } from '../model/graph.ts';
import type { View, World } from '../grid.ts';
import { type AnyParamValue, defaultParams } from '../model/params.ts';
import { applyCommand, type Change, type Command, EditError, type GestureEdits, type Kept } from './commands.ts';
import { copySnippet, placeSnippet, type Snippet } from './clipboard.ts';
import type { Steps } from './history.ts';
import { type StepHandle, Timeline } from './timeline.ts';
import { Selection, toggled } from './selection.ts';
import { freshTitle, nameRefusal } from './names.ts';
import { type Carried, changedFrame, frameMoveCommands, newFrame, viaCommand, viaWithDot, viaWithoutDot } from './frame-edits.ts';
import { freshSeeds, type Room, roomForInsert } from './placement.ts';
import { canSplice, edgeKey, sameEdge, spliceOnto, wireRefusal } from './wiring.ts';

export type Listener = (changes: readonly Change[]) => void;

/** A node's size on the canvas, as the view draws it (collapsed or not). */
export type NodeSize = (n: GraphNode) => { width: number; height: number };

/** An empty graph at the default view. */
export function emptyGraph(name = 'Untitled'): Graph {
  return { name, notes: '', view: { x: 0, y: 0, size: 256 }, nodes: [], edges: [], frames: [] };
}

/**
 * The two wires that put a node on `wire` (Insert node…, a node dropped on a wire): the wire's
 * output into its `inPort`, its `outPort` into the wire's input, where the new wire takes the old
 * one's place in the list (commands.ts connect) and its dots go with the old one.
 */
function onWire(id: string, wire: Edge, ports: { readonly inPort: string; readonly outPort: string }, via: readonly [Via, Via] = [[], []]): Command[] {
  const dots = (v: Via) => (v.length ? { via: v.map((p): [number, number] => [p[0], p[1]]) } : {});
  return [
    { kind: 'connect', edge: { from: wire.from, to: { node: id, port: ports.inPort }, ...dots(via[0]) } },
    { kind: 'connect', edge: { from: { node: id, port: ports.outPort }, to: wire.to, ...dots(via[1]) } },
  ];
}

type Via = readonly (readonly [number, number])[];

/**
 * A wire's reroute dots split where a node goes on it: those before the stretch of the wire
 * nearest the node's middle go on the wire into it, the rest on the wire out of it (they were
 * lost, both new wires drawn straight). The wire runs from `from`'s middle through its dots to
 * `to`'s middle, in the order its dots are kept.
 */
export function splitVia(via: Via, from: readonly [number, number], to: readonly [number, number], at: readonly [number, number]): [Via, Via] {
  if (!via.length) return [[], []];
  const path = [from, ...via, to];
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    const [ax, ay] = path[i];
    const [bx, by] = path[i + 1];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 ? Math.max(0, Math.min(1, ((at[0] - ax) * dx + (at[1] - ay) * dy) / len2)) : 0;
    const d = Math.hypot(ax + t * dx - at[0], ay + t * dy - at[1]);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return [via.slice(0, best), via.slice(best)];
}

export class EditorCore {
  private readonly doc: Graph;
  /** Undo and redo (timeline.ts). */
  private readonly timeline: Timeline;
  private readonly listeners = new Set<Listener>();
  private readonly chosen = new Selection();
  private revisionCount = 0;
  /** The name of the file the open graph is kept as; undo carries it. */
  private readonly kept: Kept = { file: null };

  constructor(graph: Graph = emptyGraph()) {
    this.doc = cloneGraph(graph);
    this.timeline = new Timeline(this.doc, this.kept, (changes) => this.changed(changes));
  }

  /** The open graph, live: read it, never write it (edit through the methods below). */
  get graph(): Readonly<Graph> {
    return this.doc;
  }

  /** A deep copy of the open graph, to save, send to the worker or keep. */
  snapshot(): Graph {
    return cloneGraph(this.doc);
  }

  /** Bumped by every change to the graph (not by selection changes). */
  get revision(): number {
    return this.revisionCount;
  }

  /**
   * The name of the file the open graph came from or was last saved as, which Save offers
   * again; null when none (a new graph, a draft, a link's). It follows the graph shown: after
   * an Open is undone it is the name from before the Open.
   */
  get file(): string | null {
    return this.kept.file;
  }

  /**
   * False while the open graph holds an edit no file has (the unsaved mark); true when it is as
   * it was opened or last saved, undo and redo back onto that state included (the history
   * keeps which states are saved). Undoing an Open brings back the graph's from before it.
   */
  get clean(): boolean {
    return this.timeline.atSaved;
  }

  /**
   * Keeps the open graph under another file name (Save as, a draft restored), or marks it as
   * saved (clean) or not: no edit, no undo step. The views hear of it (the unsaved mark).
   */
  keep(kept: Partial<Kept & { clean: boolean }>): void {
    if (kept.file !== undefined) this.kept.file = kept.file;
    if (kept.clean !== undefined) this.timeline.markSaved(kept.clean);
    this.emit([]);
  }

  node(id: string): Readonly<GraphNode> | undefined {
    return findNode(this.doc, id);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ── selection ──────────────────────────────────────────────────────────────────────────

  /** Selected node ids. */
  get selection(): ReadonlySet<string> {
    return this.chosen.nodes;
  }

  /** Selected wires, by edgeKey. */
  get selectedWires(): ReadonlySet<string> {
    return this.chosen.wires;
  }

  /** The one selected node (the viewer shows it), or null when none or several are selected. */
  get primary(): string | null {
    return this.chosen.primary;
  }

  /** Selected frames, by id. */
  get selectedFrames(): ReadonlySet<string> {
    return this.chosen.frames;
  }

  frame(id: string): Readonly<Frame> | undefined {
    return this.doc.frames?.find((f) => f.id === id);
  }

  /** Selects exactly these nodes, wires and frames (unknown ones are skipped). */
  select(ids: Iterable<string>, wires: Iterable<string> = [], frames: Iterable<string> = []): void {
    if (this.chosen.set(this.doc, ids, wires, frames)) this.emit([{ kind: 'selection' }]);
  }

  /** Adds the node to the selection, or takes it out if it was in. */
  toggleSelected(id: string): void {
    this.select(toggled(this.chosen.nodes, id), this.chosen.wires, this.chosen.frames);
  }

  /** Adds the wire to the selection, or takes it out if it was in. */
  toggleWire(key: string): void {
    this.select(this.chosen.nodes, toggled(this.chosen.wires, key), this.chosen.frames);
  }

  selectAll(): void {
    this.select(this.doc.nodes.map((n) => n.id));
  }

  // ── edits ──────────────────────────────────────────────────────────────────────────────

  /**
   * Applies commands as one undo step (or as part of the open gesture). All or nothing: if one
   * is refused, those before it are reverted and the EditError is rethrown.
   */
  run(label: string, commands: readonly Command[]): void {
    const done: { cmd: Command; inverse: Command[] }[] = [];
    const changes: Change[] = [];
    // Put back with the graph when a command is refused: the edits taken back made no change.
    const kept = { ...this.kept };
    try {
      for (const cmd of commands) {
        const applied = applyCommand(this.doc, cmd, this.kept);
        done.push({ cmd, inverse: applied.inverse });
        changes.push(...applied.changes);
      }
    } catch (err) {
      for (const d of done.reverse()) for (const inv of d.inverse) changes.push(...applyCommand(this.doc, inv, this.kept).changes);
      Object.assign(this.kept, kept);
      if (changes.length) this.changed(changes);
      throw err;
    }
    if (done.length === 0) return;
    this.timeline.record(label, done);
    this.changed(changes);
  }

  /** Adds a node of a type with its default params; returns its id. */
  addNode(type: string, position: readonly [number, number], params?: Record<string, AnyParamValue>): string {
    const node = this.newNode(type, position, params);
    this.run(`add ${node.title}`, [{ kind: 'addNode', node }]);
    return node.id;
  }

  /** Adds a node and wires it to an existing port in one step (a wire dropped on empty canvas). */
  addNodeWired(
    type: string,
    position: readonly [number, number],
    wire: { newPort: string; other: { node: string; port: string }; otherSide: 'input' | 'output' },
    params?: Record<string, AnyParamValue>,
  ): string {
    const node = this.newNode(type, position, params);
    const id = node.id;
    const edge: Edge =
      wire.otherSide === 'output' ? { from: wire.other, to: { node: id, port: wire.newPort } } : { from: { node: id, port: wire.newPort }, to: wire.other };
    this.run(`add ${node.title}`, [
      { kind: 'addNode', node },
      { kind: 'connect', edge },
    ]);
    return id;
  }

  /**
   * Adds a node on a wire in one step (a wire's menu, Insert node…): the wire's output into the
   * new node's `inPort`, its `outPort` into the wire's input, which replaces the wire there (in
   * its place in the list; its dots go with it). Given the nodes' `size`, it makes room for
   * itself as a node dropped on a wire does (spliceNode), in the same step. EditError, and
   * nothing changed, when a type does not fit.
   */
  insertNode(type: string, position: readonly [number, number], wire: Edge, ports: { inPort: string; outPort: string }, params?: Record<string, AnyParamValue>, size?: NodeSize): string {
    if (!this.doc.edges.some((e) => sameEdge(e, wire))) throw new EditError(`no wire ${edgeKey(wire)} to insert a node on`);
    const node = this.newNode(type, position, params);
    const room = size ? roomForInsert(this.doc, node, position, size) : null;
    if (room) node.position = room.at;
    const roomCmds = room ? this.roomCommands(room.room) : [];
    this.run(`insert ${node.title}`, [{ kind: 'addNode', node }, ...roomCmds, ...onWire(node.id, wire, ports, this.dotsAround(wire, node, node.position, roomCmds, size))]);
    return node.id;
  }

  /**
   * Puts a node with no wires yet on a wire it was dropped on (wiring.ts spliceOnto picks its
   * ports, as Insert node… would), moved to `position` when given, in one step: the drag that
   * brought it there and the splice are undone together. Given the nodes' `size`, it makes room
   * for itself in the same step (placement.ts roomForInsert, Blender's auto-offset): moved right
   * off the node the wire comes from, the nodes on its right pushed right as far as it needs.
   * Returns null when done, else why not; refused, nothing changes.
   */
  spliceNode(id: string, wire: Edge, position?: readonly [number, number], size?: NodeSize): string | null {
    const node = findNode(this.doc, id);
    if (!node) return `there is no node "${id}"`;
    if (!this.doc.edges.some((e) => sameEdge(e, wire))) return `no wire ${edgeKey(wire)} to put ${node.title} on`;
    if (!canSplice(this.doc, id)) {
      const name = node.title !== id ? `${node.title} (${id})` : id;
      return this.doc.edges.some((e) => e.from.node === id || e.to.node === id) ? `${name} is wired already: only a node with no wires goes on a wire` : `${name} has no input or no output`;
    }
    const ports = spliceOnto(this.doc, wire, id);
    if ('refusal' in ports) return ports.refusal;
    const room = size ? roomForInsert(this.doc, node, position ?? node.position, size) : null;
    const to = room?.at ?? position;
    const moved = to && (to[0] !== node.position[0] || to[1] !== node.position[1]);
    const roomCmds = room ? this.roomCommands(room.room) : [];
    this.run(`insert ${node.title}`, [
      ...(moved ? [{ kind: 'moveNode', id, position: [to[0], to[1]] } as const] : []),
      ...roomCmds,
      ...onWire(id, wire, ports, this.dotsAround(wire, node, to ?? node.position, roomCmds, size)),
    ]);
    return null;
  }

  /**
   * The dots of `wire` for the two wires a node put on it at `at` makes (splitVia): as the
   * room's commands leave them (a frame moved carries its dots), measured between the middles of
   * the nodes at either end as they will stand.
   */
  private dotsAround(wire: Edge, node: GraphNode, at: readonly [number, number], roomCmds: readonly Command[], size?: NodeSize): [Via, Via] {
    const carried = roomCmds.find((c) => c.kind === 'setVia' && sameEdge(c.edge, wire));
    const via = carried && carried.kind === 'setVia' ? carried.via : (this.doc.edges.find((e) => sameEdge(e, wire))?.via ?? []);
    const moved = (id: string) => roomCmds.find((c) => c.kind === 'moveNode' && c.id === id);
    const middle = (n: GraphNode, p: readonly [number, number]): [number, number] => {
      const s = size?.(n);
      return s ? [p[0] + s.width / 2, p[1] + s.height / 2] : [p[0], p[1]];
    };
    const end = (id: string): [number, number] => {
      const n = findNode(this.doc, id)!;
      const m = moved(id);
      return middle(n, m && m.kind === 'moveNode' ? m.position : n.position);
    };
    return splitVia(via, end(wire.from.node), end(wire.to.node), middle(node, at));
  }

  /** A node of a type at a fresh id, not yet added: its defaults, then `params` as given. */
  private newNode(type: string, position: readonly [number, number], params?: Record<string, AnyParamValue>): GraphNode {
    const def = nodeDef(type);
    if (!def) throw new EditError(`unknown node type "${type}"`);
    // Explicit params are kept as given; a default seed moves off the seeds already in use. The
    // title is numbered when another node has the type's ("Flow and rivers 2").
    const node: GraphNode = { id: freshNodeId(this.doc, type), type, title: freshTitle(this.doc, def.title), position: [position[0], position[1]], params: { ...freshSeeds(this.doc, def, defaultParams(def)), ...params } };
    if (this.newNodesCollapsed) node.collapsed = true;
    return node;
  }

  /**
   * True when a node added now comes collapsed: it takes the graph's look, collapsed among
   * collapsed nodes (every shipped graph's), so its params show in a card at their own size,
   * not drawn at the canvas's zoom (at fit, 5–9 px).
   */
  get newNodesCollapsed(): boolean {
    const collapsed = this.doc.nodes.filter((n) => n.collapsed).length;
    return collapsed > 0 && 2 * collapsed >= this.doc.nodes.length;
  }

  /** Removes nodes with their wires. */
  removeNodes(ids: Iterable<string>): void {
    const list = [...ids].filter((id) => findNode(this.doc, id));
    if (!list.length) return;
    this.run(list.length === 1 ? 'delete node' : `delete ${list.length} nodes`, list.map((id) => ({ kind: 'removeNode', id }) as const));
    this.afterTimeTravel();
  }

  /** Deletes the selected nodes, wires and frames, as one step (a frame's nodes stay). */
  deleteSelection(): void {
    const nodes = [...this.chosen.nodes].filter((id) => findNode(this.doc, id));
    // Wires of deleted nodes go with them; the other selected wires are cut on their own.
    const wires = this.doc.edges.filter((e) => this.chosen.wires.has(edgeKey(e)) && !nodes.includes(e.from.node) && !nodes.includes(e.to.node));
    const frames = [...this.chosen.frames].filter((id) => this.frame(id));
    const cmds: Command[] = [
      ...wires.map((edge) => ({ kind: 'disconnect', edge }) as const),
      ...nodes.map((id) => ({ kind: 'removeNode', id }) as const),
      ...frames.map((id) => ({ kind: 'removeFrame', id }) as const),
    ];
    if (!cmds.length) return;
    const count = nodes.length + wires.length + frames.length;
    const what = count === 1 ? (nodes.length ? 'delete node' : wires.length ? 'delete wire' : 'delete frame') : `delete ${count} items`;
    this.run(what, cmds);
    this.afterTimeTravel();
  }

  /** Moves nodes; positions that did not change are skipped. */
  moveNodes(moves: readonly { id: string; position: readonly [number, number] }[]): void {
    const cmds: Command[] = [];
    for (const m of moves) {
      const node = findNode(this.doc, m.id);
      if (!node || (node.position[0] === m.position[0] && node.position[1] === m.position[1])) continue;
      cmds.push({ kind: 'moveNode', id: m.id, position: [m.position[0], m.position[1]] });
    }
    if (cmds.length) this.run(cmds.length === 1 ? 'move node' : `move ${cmds.length} nodes`, cmds);
  }

  /** Why a wire would be refused, or null: the canvas asks this while a wire is dragged. */
  wireRefusal(edge: Edge): string | null {
    return wireRefusal(this.doc, edge);
  }

  /**
   * Adds a wire (replacing the wire into that input, if any). Returns null when done, or the
   * reason it was refused; a refused wire changes nothing.
   */
  connect(edge: Edge): string | null {
    const refusal = wireRefusal(this.doc, edge);
    if (refusal) return refusal;
    if (this.doc.edges.some((e) => sameEdge(e, edge))) return null;
    this.run('connect', [{ kind: 'connect', edge }]);
    return null;
  }

  disconnect(edge: Edge): void {
    if (!this.doc.edges.some((e) => sameEdge(e, edge))) return;
    this.run('disconnect', [{ kind: 'disconnect', edge }]);
  }

  // ── reroutes and frames ────────────────────────────────────────────────────────────────

  /** Sets a wire's reroute dots (an empty list straightens it); EditError if it has no such wire. */
  setVia(edge: Edge, via: readonly (readonly [number, number])[], label = 'move reroute'): void {
    const cmd = viaCommand(this.doc, edge, via);
    if (cmd) this.run(label, [cmd]);
  }

  /** Adds a reroute dot to a wire at place `index` of its dot list. */
  addReroute(edge: Edge, index: number, point: readonly [number, number]): void {
    this.setVia(edge, viaWithDot(this.doc, edge, index, point), 'add reroute');
  }

  /** Removes dot `index` of a wire. */
  removeReroute(edge: Edge, index: number): void {
    const via = viaWithoutDot(this.doc, edge, index);
    if (via) this.setVia(edge, via, 'delete reroute');
  }

  /** Adds a frame (a fresh id, a default title and colour unless given) and selects it; returns its id. */
  addFrame(at: readonly [number, number], size: readonly [number, number], init: { title?: string; color?: FrameColor } = {}): string {
    const frame = newFrame(this.doc, at, size, init);
    this.run('add frame', [{ kind: 'addFrame', frame }]);
    this.select([], [], [frame.id]);
    return frame.id;
  }

  /** Changes a frame's title, colour or size (EditError when the result is not a valid frame). */
  setFrame(id: string, change: Partial<Omit<Frame, 'id'>>, label = change.size ? 'resize frame' : change.title !== undefined ? 'rename frame' : 'recolour frame'): void {
    const frame = this.frame(id);
    if (!frame) throw new EditError(`there is no frame "${id}"`);
    const next = changedFrame(frame, change);
    if (next) this.run(label, [{ kind: 'setFrame', frame: next }]);
  }

  /**
   * Moves a frame to `position` and carries along, by the same offset, the nodes and reroute
   * dots `carried` (nodesInFrame and dotsInFrame when the drag began): what a frame drag does.
   * Within an open gesture, repeated calls make one undo step.
   */
  moveFrame(id: string, position: readonly [number, number], carried: Carried): void {
    const frame = this.frame(id);
    if (!frame) throw new EditError(`there is no frame "${id}"`);
    const cmds = frameMoveCommands(this.doc, frame, position, carried);
    if (cmds.length) this.run('move frame', cmds);
  }

  /** Sets a param after checking it against the manifest (EditError when out of range). */
  setParam(id: string, key: string, value: AnyParamValue): void {
    const node = findNode(this.doc, id);
    if (node && JSON.stringify(node.params[key]) === JSON.stringify(value)) return;
    this.run(`change ${key}`, [{ kind: 'setParam', id, key, value }]);
  }

  /**
   * Turns bypass or collapse on or off for some nodes, as one undo step, with `room` in the
   * same step (the nodes moved, the frames grown or moved and the reroute dots carried to make
   * room for nodes expanded: placement.ts makeRoom).
   */
  setFlag(ids: Iterable<string>, flag: NodeFlag, value: boolean, room: Partial<Room> = {}): void {
    const cmds: Command[] = [...ids]
      .filter((id) => { const n = findNode(this.doc, id); return n && !!n[flag] !== value; })
      .map((id) => ({ kind: 'setFlag', id, flag, value }) as const);
    if (!cmds.length) return;
    this.run(`${value ? '' : 'un'}${flag === 'bypass' ? 'bypass' : 'collapse'}`, [...cmds, ...this.roomCommands(room)]);
  }

  /** The commands that make `room` (placement.ts): nodes moved, frames moved or grown, dots carried. */
  private roomCommands(room: Partial<Room>): Command[] {
    const cmds: Command[] = [];
    for (const m of room.nodes ?? []) if (findNode(this.doc, m.id)) cmds.push({ kind: 'moveNode', id: m.id, position: [m.position[0], m.position[1]] });
    for (const f of room.frames ?? []) if (this.frame(f.id)) cmds.push({ kind: 'setFrame', frame: f });
    for (const v of room.vias ?? []) {
      const cmd = viaCommand(this.doc, v.edge, v.via);
      if (cmd) cmds.push(cmd);
    }
    return cmds;
  }

  /** Renames the graph or rewrites its notes: one undo step. */
  setInfo(info: { name?: string; notes?: string }): void {
    const tooLong = info.name !== undefined && nameRefusal('graph', info.name);
    if (tooLong) throw new EditError(tooLong);
    const name = info.name ?? this.doc.name;
    const notes = info.notes ?? this.doc.notes;
    if (name === this.doc.name && notes === this.doc.notes) return;
    this.run(name !== this.doc.name ? 'rename graph' : 'edit notes', [{ kind: 'setInfo', name, notes }]);
  }

  setTitle(id: string, title: string): void {
    const tooLong = nameRefusal('title', title);
    if (tooLong) throw new EditError(tooLong);
    if (findNode(this.doc, id)?.title === title) return;
    this.run('rename', [{ kind: 'setTitle', id, title }]);
  }

  /**
   * Moves the view's origin or changes its resolution (the viewer's pan and size): one undo
   * step, saved with the graph; an EditError when the view is invalid.
   */
  setView(view: Partial<View>, label = view.size !== undefined && view.size !== this.doc.view.size ? 'change resolution' : 'move view'): void {
    const next: View = { ...this.doc.view, ...view };
    const now = this.doc.view;
    if (next.x === now.x && next.y === now.y && next.size === now.size) return;
    this.run(label, [{ kind: 'setView', view: next }]);
  }

  /**
   * Sets the square of world the graph's erosions and flows run over (grid.ts World), or none
   * (null): one undo step, saved with the graph; an EditError when the world is invalid.
   */
  setWorld(world: World | null): void {
    const now = this.doc.world ?? null;
    if (now === world || (now && world && now.x === world.x && now.y === world.y && now.size === world.size)) return;
    this.run(world ? (now ? 'change world' : 'set world') : 'remove world', [{ kind: 'setWorld', world }]);
  }

  /**
   * Replaces the whole graph (New, Open, a recipe): one undoable step; the selection empties.
   * `file`: the name Save offers for it from now on (null: none), until the step is undone; it
   * comes without the unsaved mark.
   */
  replaceGraph(graph: Graph, label = 'open', file: string | null = null): void {
    // An Open ends a gesture under way (its step filed, its handle spent), rather than splitting
    // it as other edits do: a cancel after it would take the old graph's edits back in the one
    // opened, whose nodes may have the same ids.
    this.timeline.closeGesture();
    this.run(label, [{ kind: 'replaceGraph', graph, file, clean: true }]);
    this.select([]);
  }

  /** The selected nodes, the wires among them (with their reroute dots) and the selected frames. */
  copy(ids: Iterable<string> = this.chosen.nodes, frames: Iterable<string> = this.chosen.frames): Snippet {
    return copySnippet(this.doc, ids, frames);
  }

  /** Pastes a snippet with its top-left corner at `at`; returns the new node ids and selects what came. */
  paste(snippet: Snippet, at: readonly [number, number]): string[] {
    if (!snippet.nodes.length && !snippet.frames?.length) return [];
    const placed = placeSnippet(this.doc, snippet, at);
    const count = placed.nodes.length + placed.frames.length;
    const what = placed.nodes.length === 1 && count === 1 ? 'paste node' : placed.nodes.length === count ? `paste ${count} nodes` : `paste ${count} items`;
    this.run(what, [
      ...placed.frames.map((frame) => ({ kind: 'addFrame', frame }) as const),
      ...placed.nodes.map((node) => ({ kind: 'addNode', node }) as const),
      ...placed.edges.map((edge) => ({ kind: 'connect', edge }) as const),
    ]);
    const ids = placed.nodes.map((n) => n.id);
    this.select(ids, [], placed.frames.map((f) => f.id));
    return ids;
  }

  // ── history ────────────────────────────────────────────────────────────────────────────

  /** True while a gesture's step is open: a drag (slider, curve point, node) not yet filed. */
  get gestureOpen(): boolean {
    return this.timeline.gestureOpen;
  }

  get canUndo(): boolean {
    return this.timeline.canUndo;
  }

  get canRedo(): boolean {
    return this.timeline.canRedo;
  }

  get undoLabel(): string | null {
    return this.timeline.undoLabel;
  }

  get redoLabel(): string | null {
    return this.timeline.redoLabel;
  }

  /**
   * Opens a gesture (a slider or curve-point drag, a node drag, a wire being moved): every
   * edit of what it `edits` (gestureEdits) until commit is one undo step. An edit of anything
   * else made meanwhile (the world removed from the keyboard while a slider is held) files the
   * step so far and is a step of its own; cancel reverts the gesture's edits (see its handle).
   */
  beginStep(label: string, edits: GestureEdits): StepHandle {
    const step = this.timeline.beginStep(label, edits);
    return {
      // Filing the step changes no value but what undo offers: tell the views (the Undo button).
      commit: () => {
        const could = this.canUndo;
        const offered = this.undoLabel;
        step.commit();
        if (this.canUndo !== could || this.undoLabel !== offered) this.emit([]);
      },
      // What the gesture filed before an edit of something else came between is undo's already:
      // cancelled, it leaves the history as before the gesture when that edit touched nothing
      // the gesture did (Timeline), or else is taken back as a step of its own, named as a
      // cancel (a wire picked off its input goes back though a wire was cut while it was held).
      // Refused (that edit took away what it touched: the node the wire went into was cut), it
      // stays, for undo to take back, and the person is told why.
      cancel: () => {
        const back = step.cancel();
        if (!back.length) return null;
        try {
          this.run(`cancel ${label}`, back);
          return null;
        } catch (err) {
          if (!(err instanceof EditError)) throw err;
          return `Could not take back the ${label}: ${err.message}. It stays; Undo takes it back.`;
        }
      },
    };
  }

  undo(): boolean {
    if (!this.timeline.undo()) return false;
    this.afterTimeTravel();
    return true;
  }

  redo(): boolean {
    if (!this.timeline.redo()) return false;
    this.afterTimeTravel();
    return true;
  }

  /** Forgets every step (after a graph is opened fresh at start-up, say). */
  clearHistory(): void {
    this.timeline.clear();
  }

  /** Undo's and redo's steps as a reload should find them (saved with the tab's draft). */
  get historySteps(): Steps {
    return this.timeline.steps;
  }

  /**
   * Puts back steps saved with the tab's draft, the cursor between them (readSavedHistory has
   * checked that they fit the open graph). The views hear of it: Undo and Redo light up.
   */
  restoreHistory(steps: Steps): void {
    this.timeline.load(steps);
    this.emit([]);
  }

  /** Drops from the selection what no longer exists. */
  private afterTimeTravel(): void {
    this.select(this.chosen.nodes, this.chosen.wires, this.chosen.frames);
  }

  private changed(changes: Change[]): void {
    this.revisionCount++;
    this.emit(changes);
  }

  private emit(changes: readonly Change[]): void {
    for (const l of [...this.listeners]) l(changes);
  }
}
