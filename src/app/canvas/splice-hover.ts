// While a node with no wires is dragged alone, the wire it would be put on when let go is lit
// (Blender's "release when the link turns orange"; Gaea and Houdini light it too), so the splice
// is no surprise; the bridge puts it there on the drop. Alt held skips it, as in Blender.

import type { AreaPlugin } from 'rete-area-plugin';
import type { NodeEditor } from 'rete';
import type { Change } from '../../editor/commands.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { canSplice, edgeKey, spliceOnto } from '../../editor/wiring.ts';
import type { Edge } from '../../model/graph.ts';
import { type Point, wirePolyline } from '../wire/wire-shape.ts';
import { canvasPoint, type Schemes } from './view-objects.ts';

/** A wire as drawn, in canvas units: its key, its curve as segments, and their bounding box. */
export interface WireShape {
  readonly key: string;
  readonly line: readonly Point[];
  readonly box: Rect;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The wire element as the canvas draws it (wire.ts): what the shape is read from. */
type WireElement = HTMLElement & { wireKey: string; start: Point | null; end: Point | null; via: readonly (readonly [number, number])[]; pseudo: boolean };

/**
 * The wire element a connection view draws: the lit plugin's wrapper holds it in its shadow root
 * (the reroutes reach it as an event's target instead).
 */
function wireElement(view: HTMLElement): WireElement | null {
  return view.querySelector<WireElement>('tg-wire') ?? view.querySelector('rete-connection-wrapper')?.shadowRoot?.querySelector<WireElement>('tg-wire') ?? null;
}

/** A wire's shape from its drawn ends and dots. */
export function wireShape(key: string, points: readonly Point[]): WireShape {
  const line = wirePolyline(points);
  const xs = line.map((p) => p.x);
  const ys = line.map((p) => p.y);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { key, line, box: { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y } };
}

/** True when the segment a–b meets the rectangle (Liang–Barsky clipping). */
function segmentMeets(a: Point, b: Point, r: Rect): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  for (const [p, q] of [
    [-dx, a.x - r.x],
    [dx, r.x + r.w - a.x],
    [-dy, a.y - r.y],
    [dy, r.y + r.h - a.y],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The wire a node's rectangle lies over, as Blender picks the link: of the wires that cross the
 * rectangle, the one nearest the pointer that holds the node; null when none crosses it.
 */
export function wireUnder(shapes: readonly WireShape[], rect: Rect, pointer: Point): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const s of shapes) {
    const b = s.box;
    if (b.x > rect.x + rect.w || b.x + b.w < rect.x || b.y > rect.y + rect.h || b.y + b.h < rect.y) continue;
    let crosses = false;
    let distance = Infinity;
    for (let k = 1; k < s.line.length; k++) {
      crosses ||= segmentMeets(s.line[k - 1], s.line[k], rect);
      distance = Math.min(distance, distanceToSegment(pointer, s.line[k - 1], s.line[k]));
    }
    if (crosses && distance < bestDistance) {
      best = s.key;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The lit wire of a node drag. begin() when a node is picked, update() as it moves, end() when it
 * is let go (the wire to put it on, or null), clear() when the drag is cancelled.
 */
export class SpliceHover {
  /** The node dragged, when it may go on a wire; null otherwise. */
  private node: string | null = null;
  /** The wires' shapes, read at the drag's first move: they do not move while a node with no wires does. */
  private shapes: WireShape[] | null = null;
  private lit: WireElement | null = null;
  /** The dragged node's sockets lit with the wire, and its view's holder, which glows. */
  private litSockets: HTMLElement[] = [];
  private litNode: HTMLElement | null = null;
  private alt = false;
  private pointer: Point = { x: 0, y: 0 };

  constructor(
    private readonly core: EditorCore,
    private readonly editor: NodeEditor<Schemes>,
    private readonly area: AreaPlugin<Schemes, never>,
  ) {}

  /** A node is picked: it may go on a wire when it is dragged alone and has no wires yet (canSplice). */
  begin(id: string, alt: boolean): void {
    this.clear();
    if (this.core.selection.size !== 1 || !this.core.selection.has(id) || !canSplice(this.core.graph, id)) return;
    this.node = id;
    this.alt = alt;
    window.addEventListener('pointermove', this.onPointer, true);
    window.addEventListener('pointerup', this.onPointer, true);
    window.addEventListener('keydown', this.onKey, true);
    window.addEventListener('keyup', this.onKey, true);
  }

  /** The node moved: lights the wire it lies over, if any (none with Alt held). */
  update(): void {
    const id = this.node;
    const view = id && this.area.nodeViews.get(id);
    const size = id && this.editor.getNode(id);
    if (!view || !size) return;
    this.shapes ??= this.readShapes();
    const rect = { x: view.position.x, y: view.position.y, w: size.width, h: size.height };
    this.light(this.alt ? null : wireUnder(this.shapes, rect, this.pointer));
  }

  /** The drag ends: the wire it was let go over (none with Alt held), which is lit no more. */
  end(): Edge | null {
    const key = this.alt ? null : (this.lit?.wireKey ?? null);
    this.clear();
    return key ? (this.core.graph.edges.find((e) => edgeKey(e) === key) ?? null) : null;
  }

  /**
   * The model changed during the drag: the node deleted (Delete held with the mouse), the wires or
   * the whole graph changed under it, it goes on no wire this drag, and the lit wire goes out.
   */
  onModelChange(changes: readonly Change[]): void {
    const id = this.node;
    if (id === null) return;
    if (changes.some((c) => c.kind === 'graph' || c.kind === 'edgeAdded' || c.kind === 'edgeRemoved' || (c.kind === 'nodeRemoved' && c.id === id))) this.clear();
  }

  /** Forgets the drag and puts out the lit wire. */
  clear(): void {
    this.light(null);
    this.node = null;
    this.shapes = null;
    window.removeEventListener('pointermove', this.onPointer, true);
    window.removeEventListener('pointerup', this.onPointer, true);
    window.removeEventListener('keydown', this.onKey, true);
    window.removeEventListener('keyup', this.onKey, true);
  }

  private readonly onPointer = (e: PointerEvent): void => {
    this.alt = e.altKey;
    const [x, y] = canvasPoint(this.area, e.clientX, e.clientY);
    this.pointer = { x, y };
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Alt' || this.alt === (e.type === 'keydown')) return;
    this.alt = e.type === 'keydown';
    this.update();
  };

  private readShapes(): WireShape[] {
    const shapes: WireShape[] = [];
    for (const view of this.area.connectionViews.values()) {
      const wire = wireElement(view.element);
      if (!wire || wire.pseudo || !wire.wireKey || !wire.start || !wire.end) continue;
      shapes.push(wireShape(wire.wireKey, [wire.start, ...wire.via.map(([x, y]) => ({ x, y })), wire.end]));
    }
    return shapes;
  }

  /**
   * Lights one wire (by key), as one the node would go on or one that refuses it, and, going on
   * it, the node and its two sockets that would take it (lit as for a wire drawn: the node and its
   * params card lie over much of the wire); null puts them out.
   */
  private light(key: string | null): void {
    if (this.lit && this.lit.wireKey === key) return;
    this.lit?.removeAttribute('splice');
    this.lit = null;
    for (const ref of this.litSockets) ref.removeAttribute('data-wire-hint');
    this.litSockets = [];
    if (this.litNode) this.litNode.style.filter = '';
    this.litNode = null;
    const id = this.node;
    if (!key || !id) return;
    const view = this.area.connectionViews.get(key);
    const wire = view && wireElement(view.element);
    const edge = this.core.graph.edges.find((e) => edgeKey(e) === key);
    if (!wire || !edge) return;
    const ports = spliceOnto(this.core.graph, edge, id);
    wire.setAttribute('splice', 'refusal' in ports ? 'refuse' : 'take');
    this.lit = wire;
    if ('refusal' in ports) return;
    // The node glows as the wire does: at fit on a small window its sockets are a few pixels.
    const holder = this.area.nodeViews.get(id)?.element;
    if (holder) {
      holder.style.filter = 'drop-shadow(0 0 6px var(--tg-selected, #ffd166))';
      this.litNode = holder;
    }
    const node = holder?.querySelector('tg-node')?.shadowRoot;
    for (const socket of [`input:${ports.inPort}`, `output:${ports.outPort}`]) {
      const ref = node?.querySelector<HTMLElement>(`rete-ref[data-socket="${socket}"]`);
      if (!ref) continue;
      ref.setAttribute('data-wire-hint', 'take');
      this.litSockets.push(ref);
    }
  }
}
