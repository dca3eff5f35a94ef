// Sets up rete on a container: the editor, the area (pan, zoom, node order, zoom limits), the
// connection plugin with our flow, the lit renderer with our node, socket and wire elements,
// our minimap and box selection; then hands the model over to the bridge.

import { html } from 'lit';
import { NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin } from 'rete-area-plugin';
import { ConnectionPlugin } from 'rete-connection-plugin';
import { LitPlugin, Presets } from '@retejs/lit-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import type { PreviewStore } from '../previews.ts';
import type { RerouteDetail } from '../events.ts';
import { edgeKey } from '../../editor/wiring.ts';
import { BoxSelect } from './box-select.ts';
import { cardThrough } from './card-through.ts';
import { DragLayer } from './drag-layer.ts';
import { FrameLayer } from './frames.ts';
import { centredAt, type FitRect, fitTransform, readableFit } from './fit.ts';
import { KeepInView } from './keep-in-view.ts';
import { CANVAS_FOOT, READABLE_ZOOM } from '../node/layout.ts';
import { finalOutput } from '../../model/graph.ts';
import { middlePan } from './middle-pan.ts';
import { Minimap } from './minimap.ts';
import { Reroutes } from './reroutes.ts';
import { keepPushedInSight, type Sight, sightNow } from './sight.ts';
import { ZOOM_LEAST } from './pushed-view.ts';
import { BatchedSocketPositions } from './socket-positions.ts';
import { Bridge, type BridgeHooks } from './bridge.ts';
import { watchPresses } from './pressed.ts';
import type { Schemes, TypedSocket, ViewConnection } from './view-objects.ts';

/** A node view, which places its open params card (node.ts). */
type CardHolder = HTMLElement & { placeCardAgain?(after?: 'drop' | 'click' | 'view' | 'zoom'): void };

/** The node view of a node on the canvas. */
function cardOf(area: AreaPlugin<Schemes, never>, id: string): CardHolder | null | undefined {
  return area.nodeViews.get(id)?.element.querySelector<CardHolder>('tg-node');
}

/** Pixels kept between a node brought into sight and the open notes above which it goes. */
const NOTES_GAP = 8;
/**
 * Pixels kept clear right of a node brought into sight (Canvas.reveal), room to drag a wire from
 * its outputs: a node added from a wire dropped near the canvas's right edge came in flush with
 * it, its outputs against the viewer's border, and the next wire dragged from them landed on the
 * viewer and did nothing, so one panned before every step.
 */
export const WIRE_ROOM = 64;

export class Canvas {
  /** Fits again, or keeps the centre, when the canvas's box changes size. */
  private readonly keep: KeepInView;
  /** Ends the middle button's panning. */
  private readonly unpan: () => void;
  /** Ends the params cards' letting the pointer through while Ctrl is held. */
  private readonly unthrough: () => void;
  /** Ends the watching of presses on the canvas, which a params card's move of the view waits for. */
  private readonly unpresses: () => void;

  private constructor(
    private readonly core: EditorCore,
    readonly editor: NodeEditor<Schemes>,
    readonly area: AreaPlugin<Schemes, never>,
    private readonly bridge: Bridge,
    private readonly box: BoxSelect,
    readonly frames: FrameLayer,
    private readonly reroutes: Reroutes,
    readonly minimap: Minimap,
    private readonly dragLayer: DragLayer,
  ) {
    this.keep = new KeepInView(
      area,
      async () => void (await this.zoomToFit()),
      () => this.placeCardsAgain(),
    );
    area.container.addEventListener('tg-card-room', this.cardRoom);
    this.unpan = middlePan(area);
    this.unthrough = cardThrough(area.container);
    this.unpresses = watchPresses(area.container);
  }

  /**
   * A selected node's params card has no clear place in sight (node.ts placeCard): move the view
   * right by dx and down by dy (either may be negative) to bring the one it chose in.
   */
  private readonly cardRoom = (e: CustomEvent<{ readonly dx: number; readonly dy: number }>) => {
    const t = this.area.area.transform;
    void this.area.area.translate(t.x + e.detail.dx, t.y + e.detail.dy);
  };

  static async create(container: HTMLElement, core: EditorCore, previews: PreviewStore, hooks: BridgeHooks): Promise<Canvas> {
    const editor = new NodeEditor<Schemes>();
    const area = new AreaPlugin<Schemes, never>(container);
    // The area sets overflow: hidden, which still scrolls when something inside is focused or
    // scrolled into view (a frame's title at the edge, a title being renamed): the whole canvas
    // would shift off its transform. Clip cannot scroll.
    container.style.overflow = 'clip';
    const connection = new ConnectionPlugin<Schemes, never>();
    // The lit renderer's signal types are wider than the area's; the plugins agree at runtime.
    const render = new LitPlugin<Schemes, never>();
    const bridge = new Bridge(core, editor, area, connection, { core, previews }, hooks);

    render.addPreset(
      Presets.classic.setup({
        // Measured in one batch per frame: rete's own watcher lays the page out per socket.
        socketPositionWatcher: new BatchedSocketPositions() as never,
        customize: {
          node: (data) => (props) => html`<tg-node .data=${data.payload} .emit=${props.emit}></tg-node>`,
          socket: (data) => () => {
            const socket = data.payload as TypedSocket;
            return html`<tg-socket .portType=${socket.portType} .label=${`${data.key} · ${socket.portType}`}></tg-socket>`;
          },
          connection: (data) => (props) => {
            const c = data.payload as ViewConnection;
            const via = c.isPseudo ? undefined : bridge.edge(c.id)?.via;
            return html`<tg-wire
              .path=${props.path}
              .start=${props.start}
              .end=${props.end}
              .via=${via ?? []}
              .portType=${c.portType ?? 'field'}
              .wireKey=${c.isPseudo ? '' : c.id}
              ?pseudo=${!!c.isPseudo}
              ?selected=${!c.isPseudo && core.selectedWires.has(c.id)}
            ></tg-wire>`;
          },
        },
      }) as never,
    );
    connection.addPreset(() => bridge.flow() as never);

    editor.use(area);
    area.use(connection as never);
    area.use(render as never);

    // A selected collapsed node's params card is drawn at its own size whatever the zoom: at fit
    // on a small window it would otherwise come out at 5-pixel text. Its scale was capped at 4×,
    // which drew it at 0.4 of its size at the least zoom (0.1), its labels 5 px: now 1 / zoom,
    // at most 10× (the restrictor keeps the zoom at ZOOM_LEAST or more).
    /** The node a press picked, and where it lay then: its release ends a drag or a click. */
    let picked: { id: string; at: { x?: number; y?: number } } | null = null;
    const cardScale = () => container.style.setProperty('--tg-card-scale', String(Math.min(1 / ZOOM_LEAST, Math.max(1, 1 / area.area.transform.k))));
    area.addPipe((c) => {
      // A wire's holder (rete's, placed at 0, 0, its SVG positioned inside it, so 0 × 0 with or
      // without this) is a relayout boundary: a wire's new path is laid out within it. Without,
      // each path changed by a node drag laid out the whole canvas again, every node and wire
      // of it: 4-5 ms a frame at 1000 nodes, 0.15 with (the speed log, 6 December).
      if (c.type === 'render' && c.data.type === 'connection') c.data.element.style.contain = 'size layout style';
      // Zoomed, a card keeps its size on the screen and so covers more or less of the canvas
      // around it: placed again (the view never moves for it then).
      if (c.type === 'zoomed') {
        cardScale();
        for (const id of core.selection) cardOf(area, id)?.placeCardAgain?.('zoom');
      }
      // A selected node's card was placed when it opened, where the node lay then: dragged
      // towards the canvas's foot, the node took it out of sight below. Placed again on the drop.
      // Rete says 'dragged' on every release of a press on a node: a click too, which may be the
      // first of a double-click, where a drag's release cannot.
      if (c.type === 'nodepicked') picked = { id: c.data.id, at: { ...area.nodeViews.get(c.data.id)?.position } };
      if (c.type === 'nodedragged') {
        const at = area.nodeViews.get(c.data.id)?.position;
        const moved = picked?.id === c.data.id && (at?.x !== picked.at.x || at?.y !== picked.at.y);
        picked = null;
        cardOf(area, c.data.id)?.placeCardAgain?.(moved ? 'drop' : 'click');
      }
      return c;
    });
    cardScale();

    AreaExtensions.simpleNodesOrder(area);
    // After the node order: the picked node is last in the content when the layer lifts it.
    const dragLayer = new DragLayer(area);
    AreaExtensions.restrictor(area, { scaling: { min: ZOOM_LEAST, max: 2 } });

    const box = new BoxSelect(container, editor, area, core);
    const frames = new FrameLayer(area, editor, core, { notice: (m, kind = 'refused') => hooks.notice(m, kind), frameMenu: (r) => hooks.frameMenu(r) });
    const reroutes = new Reroutes(area, core, (m) => hooks.notice(m, 'refused'));
    await bridge.start();
    const minimap = new Minimap(area, core, () => bridge.settled());
    return new Canvas(core, editor, area, bridge, box, frames, reroutes, minimap, dragLayer);
  }

  /** Adds a reroute dot to a wire at a client point, as a double-click there does (a wire's menu). */
  addReroute(key: string, clientX: number, clientY: number, ends?: RerouteDetail['ends']): void {
    this.reroutes.addAt(key, clientX, clientY, ends);
  }

  /** Resolves when the canvas shows every model change made so far. */
  /** Drops the wire being dragged, if any (Escape); true when there was one. */
  cancelWire(): boolean {
    return this.bridge.cancelWire();
  }

  settled(): Promise<void> {
    return this.bridge.settled();
  }

  /**
   * Zooms and pans so every node and frame is in view (or the given nodes). After a fit of
   * everything, the view is fitted again whenever the canvas changes size, until it is moved.
   * Resolves false when they do not all show even at the least zoom (the view then centred on
   * their middle at that zoom): Fit's command says so.
   */
  zoomToFit(): Promise<boolean> {
    let whole = true;
    return this.keep
      .fit(async () => {
        whole = await this.fit();
      }, true)
      .then(() => whole);
  }

  /**
   * The view a graph opens at: everything when that is readable, else the graph at the least
   * zoom whose titles read (READABLE_ZOOM), panned so that its start (its sources) and the
   * selected node are in sight, the final output too where it fits with them (fit.ts readableFit). Fitted again like zoomToFit when the box changes.
   */
  openView(): Promise<void> {
    return this.keep.fit(async () => void (await this.fit(undefined, true)), true);
  }

  /**
   * Frames the selected nodes and frames (F with a selection, as Houdini's F): centred, at most
   * full size (one node is not blown up to fill the canvas). The view is then no longer at fit.
   * False, as zoomToFit's, when they do not all fit even at the least zoom.
   */
  zoomToSelection(nodeIds: readonly string[], frameIds: readonly string[]): Promise<boolean> {
    let whole = true;
    return this.keep
      .fit(async () => {
        whole = await this.fit({ nodeIds, frameIds });
      }, false)
      .then(() => whole);
  }

  /**
   * Sets the view for a fit; false when what was to be fitted does not all show even at the least
   * zoom (ZOOM_LEAST): the view is then at that zoom, centred on their middle (fit.ts centredAt),
   * as Blender's View All is at its zoom limit, and the caller says so.
   */
  private async fit(only?: { nodeIds: readonly string[]; frameIds: readonly string[] }, readable = false): Promise<boolean> {
    await this.settled();
    const nodes = only ? only.nodeIds.map((id) => this.editor.getNode(id)).filter((n) => n !== undefined) : this.editor.getNodes();
    const frames = only ? (this.core.graph.frames ?? []).filter((f) => only.frameIds.includes(f.id)) : (this.core.graph.frames ?? []);
    if (!frames.length && !nodes.length) {
      if (only) return true;
      // Nothing to fit (New): the view goes back to full size. It kept the last graph's fit,
      // 0.59 at 1024 × 700, where the nodes one then adds, expanded, had 5-pixel params.
      await this.area.area.zoom(1, 0, 0);
      await this.area.area.translate(0, 0);
      return true;
    }
    // Frames are no rete nodes, so the fit is done here over both (rete's zoomAt fits nodes
    // alone, and into the whole canvas, under the notes line and the minimap too).
    const rects: FitRect[] = [
      ...nodes.map((n) => {
        const p = this.area.nodeViews.get(n.id)?.position ?? { x: 0, y: 0 };
        return { x: p.x, y: p.y, w: n.width, h: n.height };
      }),
      ...frames.map((f) => ({ x: f.position[0], y: f.position[1], w: f.size[0], h: f.size[1] })),
    ];
    const container = this.area.container;
    const box = container.getBoundingClientRect();
    // What lies over the canvas's foot: the minimap, and the graph's notes, which the shell
    // draws in this container (a line, or the card they open in, taller).
    const notes = this.notesBox();
    const covers = [this.minimap.cover(), ...(notes && notes.width && notes.height ? [{ x: notes.left - box.left, y: notes.top - box.top, w: notes.width, h: notes.height }] : [])];
    // Opened panned: the graph's start in sight, and the selected node; the final output, then
    // the other outputs (nodes no wire reads), where they fit beside them.
    const rectOf = (id: string | null) => {
      const i = id ? nodes.findIndex((n) => n.id === id) : -1;
      return i < 0 ? undefined : rects[i];
    };
    const focusId = this.core.primary;
    const finalId = finalOutput(this.core.graph);
    const read = new Set(this.core.graph.edges.map((e) => e.from.node));
    const outputs = [rectOf(finalId), ...nodes.filter((n) => n.id !== focusId && n.id !== finalId && !read.has(n.id)).map((n) => rectOf(n.id))].flatMap((r) => r ?? []);
    const fitBox = { w: container.clientWidth, h: container.clientHeight, covers };
    const whole = fitTransform(rects, fitBox).k >= ZOOM_LEAST;
    const { x, y, k } = readable ? readableFit(rects, fitBox, READABLE_ZOOM, rectOf(focusId), outputs) : whole ? fitTransform(rects, fitBox) : centredAt(rects, fitBox, ZOOM_LEAST);
    this.area.area.transform.x = x;
    this.area.area.transform.y = y;
    await this.area.area.zoom(k, 0, 0);
    return whole;
  }

  /**
   * Moves the view just enough that the nodes (a node added, those pasted or duplicated) and
   * the frames given with them are wholly in the canvas, above the notes line at its foot (their
   * top left first when they are larger), and clear of the minimap in the corner. A node added
   * at the pointer near the canvas's foot or right edge had its controls out of sight, or under
   * the notes line; one added beside the minimap lay half under it; a duplicate of the biomes at
   * fit went behind the viewer.
   */
  async reveal(ids: string | readonly string[], frameIds: readonly string[] = []): Promise<void> {
    await this.settled();
    const views = (typeof ids === 'string' ? [ids] : ids).flatMap((id) => {
      const el = this.area.nodeViews.get(id)?.element;
      return el ? [el] : [];
    });
    // Frames pasted or duplicated with the nodes (or alone, which moved nothing: a frame pasted
    // near the canvas's foot hung past it and under the notes line).
    const frames = frameIds.flatMap((id) => {
      const el = this.frames.view(id);
      return el ? [el] : [];
    });
    // A node's sockets stand half out of its sides: a node brought flush to the canvas's right
    // edge (the Flow node added from a wire dropped near it) had its outputs cut in half, too
    // little of them left to drag a wire from. Its sockets count as part of it.
    const sockets = views.flatMap((el) => [...(el.querySelector('tg-node')?.shadowRoot?.querySelectorAll('rete-ref') ?? [])]);
    const rects = [...views, ...frames].map((el) => el.getBoundingClientRect());
    rects.push(...sockets.map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height));
    if (!rects.length) return;
    const box = this.area.container.getBoundingClientRect();
    const node = {
      left: Math.min(...rects.map((r) => r.left)),
      top: Math.min(...rects.map((r) => r.top)),
      right: Math.max(...rects.map((r) => r.right)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    };
    // The notes line at the foot, or the notes opened over the canvas's bottom left: a node
    // added from the palette with them open went under them, out of sight.
    const notes = this.notesBox();
    const underNotes = notes && notes.height > CANVAS_FOOT && node.left < notes.right && node.right > notes.left;
    const bottom = underNotes ? Math.min(box.bottom - CANVAS_FOOT, notes.top - NOTES_GAP) : box.bottom - CANVAS_FOOT;
    // Room right of it to drag a wire from its outputs (WIRE_ROOM), where the canvas has it.
    const right = box.right - WIRE_ROOM;
    let dx = node.left < box.left ? box.left - node.left : node.right > right ? Math.max(right - node.right, box.left - node.left) : 0;
    let dy = node.top < box.top ? box.top - node.top : node.bottom > bottom ? Math.max(bottom - node.bottom, box.top - node.top) : 0;
    // The minimap covers the canvas's bottom right corner: a node over it goes left of it or
    // above it, whichever is the shorter move that keeps the node in the canvas.
    const map = this.minimap.element.getBoundingClientRect();
    const [left, end, top, under] = [node.left + dx, node.right + dx, node.top + dy, node.bottom + dy];
    if (map.width && map.height && end > map.left && left < map.right && under > map.top && top < map.bottom) {
      // Left of it with the same room for a wire (it lies over the canvas, as the viewer beside it).
      const toLeft = map.left - WIRE_ROOM - end;
      const toTop = map.top - under;
      const leftFits = left + toLeft >= box.left;
      const topFits = top + toTop >= box.top;
      if (leftFits && (!topFits || toLeft >= toTop)) dx += toLeft;
      else if (topFits) dy += toTop;
    }
    if (dx || dy) {
      const t = this.area.area.transform;
      await this.area.area.translate(t.x + dx, t.y + dy);
    }
    // A selected collapsed node's params card was placed where its node lay when the card
    // opened: before this move (past the canvas's edge, for a duplicate), or before the mirror
    // put a new view where the model has it (a node added from the palette near the canvas's
    // foot opened its card under the notes line). Placed again, it flips to stay in the canvas.
    for (const el of views) el.querySelector<CardHolder>('tg-node')?.placeCardAgain?.();
  }

  /** What is in sight now, to be given to insertedOnWire after a node is put on a wire. */
  sight(): Sight {
    return sightNow(this.area, this.core);
  }

  /**
   * After node `id` was put on a wire (Insert node…): the view moves to bring back into sight
   * the nodes its room pushed out of it that were in sight before (sight.ts), keeping the node
   * in sight; when it pushed none out, the node is revealed as an added one is.
   */
  async insertedOnWire(id: string, before: Sight): Promise<void> {
    await this.settled();
    if (!(await keepPushedInSight(this.area, this.core, before, id))) await this.reveal(id);
  }

  /** Places the params cards of the selected nodes again, for the canvas's box as it is now. */
  private placeCardsAgain(): void {
    for (const id of this.core.selection) cardOf(this.area, id)?.placeCardAgain?.();
  }

  /** The graph's notes as the shell draws them over this canvas: their line, or their open card. */
  private notesBox(): DOMRect | undefined {
    return this.area.container.querySelector(':scope > .notes-line, :scope > .notes-card')?.getBoundingClientRect();
  }

  /** The last pointer position in canvas units. */
  pointer(): [number, number] {
    const p = this.area.area.pointer;
    return [Math.round(p.x), Math.round(p.y)];
  }

  /** The canvas position at the middle of the visible area. */
  center(): [number, number] {
    const { x, y, k } = this.area.area.transform;
    const c = this.area.container;
    return [Math.round((c.clientWidth / 2 - x) / k), Math.round((c.clientHeight / 2 - y) / k)];
  }

  destroy(): void {
    this.area.container.removeEventListener('tg-card-room', this.cardRoom);
    this.unpan();
    this.unthrough();
    this.unpresses();
    this.keep.dispose();
    this.box.dispose();
    this.frames.dispose();
    this.reroutes.dispose();
    this.minimap.dispose();
    this.dragLayer.dispose();
    this.bridge.dispose();
    this.area.destroy();
  }
}
