// The one place where rete meets the model: rete's signals become editor commands, a wrong
// wire is vetoed with its reason, and the model's changes are mirrored back into rete.
//
// The model is the only truth. Rete never adds or removes a wire or a node on its own: every
// such signal that does not match the model is vetoed here (that also guards undo and file
// loading), and what the person meant is sent to the EditorCore instead; the core's change
// then comes back through the mirror (mirror.ts), which makes rete match the model. Only the
// mirror takes a wire out of rete: its removals are let through once each by id; rete's own
// (the old wire into an input taking a new one) are vetoed, a wire on the pointer excepted.
// A param's edits are turned into core calls by param-gestures.ts.

import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { ClassicFlow, type ConnectionPlugin, getSourceTarget, type SocketData } from 'rete-connection-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import { gestureEdits } from '../../editor/commands.ts';
import type { StepHandle } from '../../editor/timeline.ts';
import { edgeKey, spliceOnto, wireOntoNode } from '../../editor/wiring.ts';
import { findNode, portRefText, type Edge } from '../../model/graph.ts';
import type { PortType } from '../../model/values.ts';
import type { ParamEditDetail, WireMenuDetail, WirePickDetail } from '../events.ts';
import { canvasPoint, edgeOf, type NodeContext, type Schemes, type TypedSocket, type ViewConnection, ViewNode } from './view-objects.ts';
import { Mirror } from './mirror.ts';
import { drawnSize } from '../node/layout.ts';
import { ParamGestures } from './param-gestures.ts';
import { SpliceHover } from './splice-hover.ts';
import { keepPushedInSight, sightNow } from './sight.ts';
import { EscapeKey } from '../controllers.ts';

/** A request to open the add-node menu (right-click, or a wire dropped on empty canvas). */
export interface MenuRequest {
  readonly clientX: number;
  readonly clientY: number;
  /** Canvas position for the new node. */
  readonly at: readonly [number, number];
  /** The loose end of a dropped wire: offer only nodes that can take it, and wire the new one. */
  readonly wire?: { readonly side: 'input' | 'output'; readonly node: string; readonly port: string; readonly portType: PortType };
  /** A wire to put the new node on (a wire's menu, Insert node…): offer only nodes that fit both its ends. */
  readonly insert?: { readonly edge: Edge; readonly from: PortType; readonly to: PortType };
}

export interface BridgeHooks {
  /** Something the person should read: a refused wire, a refused value. */
  notice(message: string, kind: 'refused' | 'info'): void;
  menu(request: MenuRequest): void;
  /** A right-click on a node: its own menu (rename, bypass, …). */
  nodeMenu(request: { readonly clientX: number; readonly clientY: number; readonly id: string }): void;
  /** A right-click on a frame's title bar: its own menu (rename, colour, delete). */
  frameMenu(request: { readonly clientX: number; readonly clientY: number; readonly id: string }): void;
  /** A right-click on a wire: its own menu (delete, add a dot, insert a node); `at` in canvas units. */
  wireMenu(request: WireMenuRequest): void;
}

/** A wire's menu to open: the right-click's detail, and where it was in canvas units. */
export interface WireMenuRequest extends WireMenuDetail {
  readonly at: readonly [number, number];
}

type Area = AreaPlugin<Schemes, never>;
type Connections = ConnectionPlugin<Schemes, never>;

function isEditable(path: EventTarget[]): boolean {
  return path.some((t) => t instanceof Element && (t.localName === 'tg-node' || t.localName === 'tg-wire'));
}

export class Bridge {
  /** The model mirrored into rete (mirror.ts). */
  private readonly mirror: Mirror;
  private readonly disposers: (() => void)[] = [];
  /** The open gesture: a node drag, a wire being drawn or moved, a param drag. */
  private gesture: StepHandle | null = null;
  /** The node under the pointer in a drag: only its moves carry the other selected nodes along. */
  private dragging: string | null = null;
  /** The input a wire is about to replace: rete removes the old wire first; the model does it itself. */
  private replacing: string | null = null;
  /** The wire picked off its input in this gesture: dropped back there, the pick-off is undone. */
  private picked: Edge | null = null;
  /**
   * Set when the current wire drag is to change nothing: a wire refused, dropped where it already
   * was, or let go with Escape. Its drop cancels the drag's step (a wire picked off goes back).
   */
  private noChange = false;
  /** Whether a wire is on the pointer (picked, not yet dropped). */
  private wiring = false;
  /** Modifier keys of the last pointer down (rete's "node picked" signal has no event). */
  private additive = false;
  /** Alt held at the last pointer down: a node dragged then goes on no wire. */
  private altDown = false;
  /** The wire a node dragged alone with no wires would go on (splice-hover.ts). */
  private readonly splice: SpliceHover;
  /** Escape while a node is dragged puts the nodes back (cancelNodeDrag). */
  private readonly escape = new EscapeKey(() => this.cancelNodeDrag());
  /**
   * The model's nodes and wires by id, rebuilt when the model's revision moves: rete asks about
   * each node and wire it adds, and a search of the lists each time made a load O(N²).
   */
  private index: { revision: number; nodes: Set<string>; edges: Map<string, Edge> } | null = null;

  constructor(
    private readonly core: EditorCore,
    private readonly editor: NodeEditor<Schemes>,
    private readonly area: Area,
    private readonly connection: Connections,
    ctx: NodeContext,
    private readonly hooks: BridgeHooks,
  ) {
    this.mirror = new Mirror(core, editor, area, ctx);
    this.splice = new SpliceHover(core, editor, area);
  }

  /** The flow rete's connection plugin uses: it asks us before every wire. */
  flow(): ClassicFlow<Schemes, never[]> {
    return new ClassicFlow<Schemes, never[]>({
      canMakeConnection: (initial, socket) => this.canWire(initial, socket),
      makeConnection: (initial, socket) => this.wire(initial, socket),
    });
  }

  /** Installs the pipes and listeners and mirrors the model once. */
  async start(): Promise<void> {
    this.editor.addPipe((c) => {
      if (c.type === 'nodecreate') return this.indexed().nodes.has(c.data.id) ? c : undefined;
      if (c.type === 'noderemove') return this.indexed().nodes.has(c.data.id) && !this.mirror.rebuilding.has(c.data.id) ? undefined : c;
      if (c.type === 'connectioncreate') return this.modelHas(edgeOf(c.data)) ? c : undefined;
      if (c.type === 'connectionremove') return this.onConnectionRemove(c.data) ? c : undefined;
      return c;
    });
    this.area.addPipe((c) => {
      if (c.type === 'pointerdown') this.onPointerDown(c.data.event);
      else if (c.type === 'nodepicked') this.onNodePicked(c.data.id);
      else if (c.type === 'nodetranslated') this.onNodeTranslated(c.data.id, c.data.position, c.data.previous);
      else if (c.type === 'nodedragged') this.endGesture();
      else if (c.type === 'contextmenu') {
        c.data.event.preventDefault();
        c.data.event.stopPropagation();
        if (c.data.context === 'root') this.openMenu(c.data.event);
        else if (c.data.context instanceof ViewNode) {
          if (!this.core.selection.has(c.data.context.id)) this.core.select([c.data.context.id]);
          this.hooks.nodeMenu({ clientX: c.data.event.clientX, clientY: c.data.event.clientY, id: c.data.context.id });
        }
        return undefined;
      }
      // A double-click on empty canvas opens the palette (ComfyUI, Blender) instead of zooming.
      if (c.type === 'zoom' && c.data.source === 'dblclick') return undefined;
      return c;
    });
    this.connection.addPipe((c) => {
      if (c.type === 'connectionpick') {
        this.noChange = false;
        this.wiring = true;
        this.showTakers(c.data.socket);
      } else if (c.type === 'connectiondrop') {
        this.wiring = false;
        this.showTakers(null);
        this.onConnectionDrop(c.data.initial, c.data.socket, c.data.created);
      }
      return c;
    });
    const container = this.area.container;
    const params = new ParamGestures(this.core, (m, kind) => this.hooks.notice(m, kind));
    const onParam = (e: CustomEvent<ParamEditDetail>) => params.onEdit(e.detail);
    const onWire = (e: CustomEvent<WirePickDetail>) => {
      if (e.detail.additive) this.core.toggleWire(e.detail.key);
      else this.core.select([], [e.detail.key]);
    };
    const onWireMenu = (e: CustomEvent<WireMenuDetail>) => {
      // As a node's menu acts on its node: the wire is selected, so its menu reads as its own.
      if (!this.core.selectedWires.has(e.detail.key)) this.core.select([], [e.detail.key]);
      const [x, y] = canvasPoint(this.area, e.detail.clientX, e.detail.clientY);
      const at = [Math.round(x), Math.round(y)] as const;
      this.hooks.wireMenu({ ...e.detail, at });
    };
    // Modifier keys are read on the way down, before rete's own handlers see the event.
    const onDown = (e: PointerEvent) => {
      this.additive = e.ctrlKey || e.metaKey || e.shiftKey;
      this.altDown = e.altKey;
    };
    const onDoubleClick = (e: MouseEvent) => {
      if (isEditable(e.composedPath())) return;
      this.openMenu(e);
    };
    container.addEventListener('dblclick', onDoubleClick);
    this.disposers.push(() => container.removeEventListener('dblclick', onDoubleClick));
    container.addEventListener('tg-param-edit', onParam);
    container.addEventListener('tg-wire-pick', onWire);
    container.addEventListener('tg-wire-menu', onWireMenu);
    container.addEventListener('pointerdown', onDown, true);
    this.disposers.push(
      () => container.removeEventListener('tg-param-edit', onParam),
      () => container.removeEventListener('tg-wire-pick', onWire),
      () => container.removeEventListener('tg-wire-menu', onWireMenu),
      () => container.removeEventListener('pointerdown', onDown, true),
      this.core.subscribe((changes) => {
        this.mirror.onModelChange(changes);
        this.splice.onModelChange(changes);
      }),
    );
    this.mirror.schedule();
    await this.settled();
  }

  /** Resolves when rete mirrors every model change made so far. */
  settled(): Promise<void> {
    return this.mirror.settled();
  }

  dispose(): void {
    this.escape.disarm();
    this.splice.clear();
    for (const d of this.disposers) d();
    this.disposers.length = 0;
  }

  // ── rete → model ──────────────────────────────────────────────────────────────────────

  private indexed(): { nodes: Set<string>; edges: Map<string, Edge> } {
    const revision = this.core.revision;
    if (this.index?.revision !== revision) {
      const graph = this.core.graph;
      this.index = { revision, nodes: new Set(graph.nodes.map((n) => n.id)), edges: new Map(graph.edges.map((e) => [edgeKey(e), e])) };
    }
    return this.index;
  }

  /** The model's wire of that key (its reroute dots, say), if any. */
  edge(key: string): Edge | undefined {
    return this.indexed().edges.get(key);
  }

  private modelHas(edge: Edge): boolean {
    return this.indexed().edges.has(edgeKey(edge));
  }

  /** A connection rete wants to remove: ours to mirror (allow), or a person's edit (veto, then command). */
  private onConnectionRemove(c: ViewConnection): boolean {
    // The mirror's own removal (the model lost the wire, or its node is rebuilt) goes through.
    if (this.mirror.takeRemoval(c.id)) return true;
    const edge = edgeOf(c);
    // Rete's own removal of a wire the model no longer has (the old wire into an input the
    // model's connect has just replaced): the mirror removes it, once.
    if (!this.modelHas(edge)) return false;
    // The wire into an input about to take a new one: the model's connect replaces it.
    if (this.replacing === portRefText(edge.to)) return false;
    // Only a wire on the pointer is a person's pick-off; any other removal rete asks for while
    // the model keeps the wire (a wire dropped where it already was) is vetoed and changes nothing.
    if (!this.wiring) return false;
    // A wire picked off its input: cut it in the model. Where it is dropped decides the rest
    // of the gesture (another input: moved, in one undo step; a refused socket, its own input
    // or its own output: put back, with its dots, and nothing to undo).
    this.gesture ??= this.core.beginStep('move wire', gestureEdits.wire(edge));
    this.picked = edge;
    this.core.disconnect(edge);
    return false;
  }

  private edgeBetween(initial: SocketData, socket: SocketData): Edge | null {
    const pair = getSourceTarget(initial, socket);
    if (!pair) return null;
    const [source, target] = pair;
    return { from: { node: source.nodeId, port: source.key }, to: { node: target.nodeId, port: target.key } };
  }

  /**
   * Escape during a wire drag: lets go of the wire as a refused drop does (no connection, no
   * undo step; a wire picked off its input goes back). False when no wire is on the pointer.
   */
  cancelWire(): boolean {
    if (!this.wiring) return false;
    this.noChange = true;
    this.connection.drop();
    return true;
  }

  /** Rete asks before a wire; a refused one is dropped with its reason, and nothing is removed. */
  private canWire(initial: SocketData, socket: SocketData): boolean {
    const edge = this.edgeBetween(initial, socket);
    if (!edge && socket.nodeId === initial.nodeId && socket.key === initial.key && socket.side === initial.side) {
      // Released on the output a wire picked off its input hangs from: put back, as a refused
      // drop is. Released on the socket a new wire started from: a click, which picks the wire
      // up (rete's click-to-wire).
      if (this.picked && initial.side === 'output') this.letGo();
      return false;
    }
    // Dropped on the input it already feeds: nothing to do, and rete must not take the wire
    // off that input first (it would, as for any wire into a fed input).
    if (edge && this.modelHas(edge)) {
      this.letGo();
      return false;
    }
    // Released on another socket of the same side: refused like a wrong type.
    const refusal = edge ? this.core.wireRefusal(edge) : `a wire goes from an output to an input, not from ${initial.side === 'output' ? 'an output to an output' : 'an input to an input'}`;
    if (!edge || refusal) {
      this.hooks.notice(`Wire refused: ${refusal}`, 'refused');
      this.letGo();
      return false;
    }
    this.replacing = portRefText(edge.to);
    return true;
  }

  /**
   * Ends the wire drag with nothing connected and nothing to undo (a wire picked off its input
   * goes back). Rete keeps a wire it was refused on the pointer: it is let go once this pick is over.
   */
  private letGo(): void {
    this.noChange = true;
    setTimeout(() => this.connection.drop(), 0);
  }

  /**
   * While a wire is drawn from `from`, marks every socket that would take it ("take") and
   * every other ("refuse"), so the canvas lights the first and dims the second; null clears.
   * A wire picked off an input is already cut in the model, so its old input counts as free.
   */
  private showTakers(from: SocketData | null): void {
    for (const el of this.area.container.querySelectorAll('tg-node')) {
      const id = (el as HTMLElement).dataset.nodeId;
      for (const ref of el.shadowRoot?.querySelectorAll<HTMLElement>('rete-ref[data-socket]') ?? []) {
        if (!from || !id) {
          ref.removeAttribute('data-wire-hint');
          continue;
        }
        const [side, key] = (ref.dataset.socket ?? '').split(':');
        const socket = { nodeId: id, side: side as 'input' | 'output', key } as SocketData;
        const edge = this.edgeBetween(from, socket);
        const own = socket.nodeId === from.nodeId && socket.key === from.key && socket.side === from.side;
        const hint = own ? 'from' : edge && !this.core.wireRefusal(edge) ? 'take' : 'refuse';
        ref.setAttribute('data-wire-hint', hint);
      }
    }
  }

  private wire(initial: SocketData, socket: SocketData): boolean | undefined {
    const edge = this.edgeBetween(initial, socket);
    this.replacing = null;
    if (!edge) return undefined;
    // Put back on the input it was picked off: the drop undoes the pick-off (the wire keeps its
    // dots and its place in the file's list), and there is nothing to undo.
    if (this.picked && edgeKey(this.picked) === edgeKey(edge)) {
      this.noChange = true;
      return true;
    }
    const refusal = this.core.connect(edge);
    if (refusal) this.hooks.notice(`Wire refused: ${refusal}`, 'refused');
    return refusal ? undefined : true;
  }

  private onConnectionDrop(initial: SocketData, socket: SocketData | null, created: boolean): void {
    this.replacing = null;
    const picked = this.picked;
    this.picked = null;
    const step = this.gesture;
    this.gesture = null;
    // A refused drop changes nothing: a wire picked off its input goes back.
    if (this.noChange) {
      this.noChange = false;
      this.cancel(step);
      return;
    }
    const pointer = this.area.area.pointer;
    const rect = this.area.container.getBoundingClientRect();
    const t = this.area.area.transform;
    const [clientX, clientY] = [rect.left + pointer.x * t.k + t.x, rect.top + pointer.y * t.k + t.y];
    // Let go outside the canvas (over the viewer or the toolbar): as Escape does, not as a drop
    // on empty canvas, which opened the palette over the map (and cut a wire picked off).
    if (!created && !socket && (clientX < rect.left || clientX > rect.right || clientY < rect.top || clientY > rect.bottom)) {
      this.cancel(step);
      return;
    }
    if (!created && !socket) {
      const onto = this.nodeAt(clientX, clientY);
      if (onto) {
        this.dropOnNode(initial, onto, picked, step);
        return;
      }
    }
    step?.commit();
    if (created || socket) return;
    const sock = (initial.side === 'input' ? this.editor.getNode(initial.nodeId)?.inputs[initial.key] : this.editor.getNode(initial.nodeId)?.outputs[initial.key])?.socket as
      | TypedSocket
      | undefined;
    if (!sock) return;
    this.hooks.menu({
      clientX,
      clientY,
      at: [Math.round(pointer.x), Math.round(pointer.y)],
      wire: { side: initial.side, node: initial.nodeId, port: initial.key, portType: sock.portType },
    });
  }

  /**
   * Lets go of a wire's move, putting back what it changed; when an edit made while the wire was
   * held took away what the move touched (the node it came from deleted), says why it stays.
   */
  private cancel(step: StepHandle | null): void {
    const said = step?.cancel();
    if (said) this.hooks.notice(said, 'refused');
  }

  /** The node drawn under a point of the page (its body, header or preview), or null. */
  private nodeAt(clientX: number, clientY: number): string | null {
    const root = this.area.container.getRootNode() as Document | ShadowRoot;
    for (const el of root.elementsFromPoint(clientX, clientY)) {
      if (el.localName === 'tg-node' && (el as HTMLElement).dataset.nodeId) return (el as HTMLElement).dataset.nodeId!;
    }
    return null;
  }

  /**
   * A wire let go over a node's body, not on a socket: it joins the node's first input that
   * takes it (wiring.ts wireOntoNode), in the drag's undo step, rather than opening the palette
   * over the node as if on empty canvas. Refused, it changes nothing (a wire picked off goes back).
   */
  private dropOnNode(initial: SocketData, onto: string, picked: Edge | null, step: StepHandle | null): void {
    const made = wireOntoNode(this.core.graph, { side: initial.side, node: initial.nodeId, port: initial.key }, onto);
    // Dropped back on the node it was picked off, into the same input: put back, nothing to undo.
    if ('edge' in made && picked && edgeKey(made.edge) === edgeKey(picked)) {
      this.cancel(step);
      return;
    }
    const refusal = 'edge' in made ? this.core.connect(made.edge) : made.refusal;
    if (refusal) {
      this.hooks.notice(`Wire refused: ${refusal}`, 'refused');
      this.cancel(step);
      return;
    }
    step?.commit();
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0 || isEditable(event.composedPath())) return;
    // A press on empty canvas clears the selection (unless a modifier key adds to it).
    if (!this.additive) this.core.select([]);
  }

  private onNodePicked(id: string): void {
    if (this.additive) this.core.toggleSelected(id);
    else if (!this.core.selection.has(id)) this.core.select([id]);
    this.dragging = id;
    this.gesture ??= this.core.beginStep('move', gestureEdits.nodes);
    this.splice.begin(id, this.altDown);
    this.escape.arm();
  }

  private onNodeTranslated(id: string, position: { x: number; y: number }, previous: { x: number; y: number }): void {
    const node = findNode(this.core.graph, id);
    if (!node || (node.position[0] === position.x && node.position[1] === position.y)) return;
    // Only a drag moves nodes in the model. Rete also moves a new view to the origin on its
    // own after we placed it: put it back where the model says.
    if (this.dragging === null) {
      this.mirror.schedule();
      return;
    }
    this.core.moveNodes([{ id, position: [position.x, position.y] }]);
    if (this.dragging === id) this.splice.update();
    if (this.dragging !== id || !this.core.selection.has(id)) return;
    const dx = position.x - previous.x;
    const dy = position.y - previous.y;
    for (const other of this.core.selection) {
      if (other === id) continue;
      const view = this.area.nodeViews.get(other);
      if (view) void this.area.translate(other, { x: view.position.x + dx, y: view.position.y + dy });
    }
  }

  private endGesture(): void {
    const id = this.dragging;
    this.dragging = null;
    this.escape.disarm();
    const wire = this.splice.end();
    const step = this.gesture;
    this.gesture = null;
    if (id !== null && wire && step) this.dropOnWire(id, wire, step);
    else step?.commit();
  }

  /**
   * A node with no wires let go over a wire (splice-hover.ts lit it): put on it, the drag, the
   * wires and the room it makes for itself (its neighbours on the right pushed right, by the
   * nodes' drawn sizes) one undo step (the drag's own step is taken back, and the splice files
   * the move with the wires: EditorCore.spliceNode). A node the room pushed out of sight is
   * brought back by a move of the view (sight.ts). Refused (a type does not fit), it is only moved, as any
   * drag, and the reason is said.
   */
  private dropOnWire(id: string, wire: Edge, step: StepHandle): void {
    const node = findNode(this.core.graph, id);
    // Deleted during its drag: nothing to put on the wire, and nothing refused it.
    if (!node) {
      step.commit();
      return;
    }
    const ports = spliceOnto(this.core.graph, wire, id);
    if ('refusal' in ports) {
      step.commit();
      this.hooks.notice(`Not put on the wire: ${ports.refusal}`, 'refused');
      return;
    }
    const at = [node.position[0], node.position[1]] as const;
    // What the person saw as they let go: a node its room pushes out of sight is brought back (sight.ts).
    const before = sightNow(this.area, this.core);
    this.cancel(step);
    const refusal = this.core.spliceNode(id, wire, at, drawnSize);
    if (refusal) this.hooks.notice(`Not put on the wire: ${refusal}`, 'refused');
    else void this.settled().then(() => keepPushedInSight(this.area, this.core, before, id));
  }

  /**
   * Escape while a node is dragged (EscapeKey): rete lets go of it, and the nodes go back where
   * they were with nothing filed, as a slider's drag does on Escape.
   */
  private cancelNodeDrag(): void {
    const id = this.dragging;
    if (id === null) return;
    const step = this.gesture;
    this.gesture = null;
    this.dragging = null;
    this.splice.clear();
    // Rete's drag still holds the node: released now, the pointer's later moves move nothing
    // (its 'dragged' signal comes to endGesture, with nothing left to end). Its `up` is private
    // in rete-area-plugin 2.3's types but is the release its own pointerup calls; a synthetic
    // pointercancel on the window would have ended every other press watched there too.
    const drag = this.area.nodeViews.get(id)?.dragHandler as unknown as { up(e: PointerEvent): void } | undefined;
    drag?.up(new PointerEvent('pointerup'));
    this.cancel(step);
  }

  private openMenu(event: MouseEvent): void {
    const pointer = this.area.area.pointer;
    this.hooks.menu({ clientX: event.clientX, clientY: event.clientY, at: [Math.round(pointer.x), Math.round(pointer.y)] });
  }
}
