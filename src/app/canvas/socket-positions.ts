// Where each socket sits in its node, for the wires: measured in one batch per frame, and kept
// in maps by node, so opening a graph of N nodes costs O(N).
//
// rete's own watcher (rete-render-utils' DOMSocketPosition) measures each socket as it is
// rendered: every measure forces the browser to lay out the whole canvas again, which is
// O(N) per socket and O(N²) per load (300 nodes took 4 s, 1000 nodes minutes). Its store also
// flattens every socket on each lookup, and each position change calls every wire's listener.
// This watcher does the same job with the same signals, but queues the rendered sockets and
// measures them all at the next frame (one layout), looks positions up by key, and calls only
// the listeners of the node that moved.

import type { Scope } from 'rete';
import { BaseAreaPlugin } from 'rete-area-plugin';

type Side = 'input' | 'output';
type Position = { x: number; y: number };
type OnChange = (position: Position) => void;
/** How far the wire's end sits outside the socket's centre (rete's default). */
const WIRE_OFFSET = 12;

interface Socket {
  readonly nodeId: string;
  readonly side: Side;
  readonly key: string;
  readonly element: HTMLElement;
  position: Position | null;
}

interface Listener {
  readonly side: Side;
  readonly key: string;
  readonly change: OnChange;
}

/** Frames to wait for a socket to be laid out. */
const MAX_TRIES = 600;

const socketKey = (nodeId: string, side: Side, key: string) => `${nodeId}\u0000${side}\u0000${key}`;

/** The centre of `el` relative to `parent`, through offset parents (as rete measures it); null when not laid out. */
function centerIn(el: HTMLElement, parent: HTMLElement): Position | null {
  if (!el.isConnected || !el.offsetParent) return null;
  let x = el.offsetLeft;
  let y = el.offsetTop;
  let p = el.offsetParent as HTMLElement | null;
  while (p !== null && p !== parent) {
    x += p.offsetLeft + p.clientLeft;
    y += p.offsetTop + p.clientTop;
    p = p.offsetParent as HTMLElement | null;
  }
  return { x: x + el.offsetWidth / 2, y: y + el.offsetHeight / 2 };
}

type AreaLike = BaseAreaPlugin<never, never> & { nodeViews: Map<string, { element: HTMLElement; position: Position }> };

/** A socket position watcher for the lit renderer's classic preset (`socketPositionWatcher`). */
export class BatchedSocketPositions {
  private area: AreaLike | null = null;
  private readonly sockets = new Map<string, Socket>();
  private readonly byElement = new Map<HTMLElement, Set<string>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new Set<string>();
  private readonly tries = new Map<string, number>();
  private frame = 0;
  /** Measuring passes so far (a test reads it: one per load, not one per socket). */
  measures = 0;

  attach(scope: Scope<never, [never]>): void {
    if (this.area || !scope.hasParent()) return;
    const area = scope.parentScope(BaseAreaPlugin) as unknown as AreaLike;
    this.area = area;
    area.addPipe((context) => {
      const c = context as { type: string; data: Record<string, unknown> };
      if (c.type === 'rendered' && c.data.type === 'socket') {
        const { nodeId, side, key, element } = c.data as unknown as Socket;
        this.add(nodeId, side, key, element);
      } else if (c.type === 'unmount') this.remove(c.data.element as HTMLElement);
      else if (c.type === 'nodetranslated') this.notify(c.data.id as string);
      else if (c.type === 'noderesized') {
        for (const s of this.sockets.values()) if (s.nodeId === c.data.id) this.pending.add(socketKey(s.nodeId, s.side, s.key));
        this.schedule();
      } else if (c.type === 'render' && c.data.type === 'connection') {
        const payload = c.data.payload as { source?: string; target?: string };
        const id = payload.source || payload.target;
        if (id) this.notify(id);
      }
      return context;
    });
  }

  listen(nodeId: string, side: Side, key: string, change: OnChange): () => void {
    const listener: Listener = { side, key, change };
    let set = this.listeners.get(nodeId);
    if (!set) this.listeners.set(nodeId, (set = new Set()));
    set.add(listener);
    this.tell(nodeId, listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.listeners.get(nodeId) === set) this.listeners.delete(nodeId);
    };
  }

  private add(nodeId: string, side: Side, key: string, element: HTMLElement): void {
    const k = socketKey(nodeId, side, key);
    const old = this.sockets.get(k);
    if (old && old.element !== element) this.byElement.get(old.element)?.delete(k);
    this.sockets.set(k, { nodeId, side, key, element, position: old?.element === element ? old.position : null });
    let keys = this.byElement.get(element);
    if (!keys) this.byElement.set(element, (keys = new Set()));
    keys.add(k);
    this.pending.add(k);
    this.schedule();
  }

  private remove(element: HTMLElement): void {
    const keys = this.byElement.get(element);
    if (!keys) return;
    this.byElement.delete(element);
    for (const k of keys) {
      if (this.sockets.get(k)?.element !== element) continue;
      this.sockets.delete(k);
      this.pending.delete(k);
      this.tries.delete(k);
    }
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => this.measure());
  }

  /** Measures every queued socket in one pass (one layout), then tells the wires of their nodes. */
  private measure(): void {
    this.frame = 0;
    if (!this.area || !this.pending.size) return;
    this.measures++;
    const moved = new Set<string>();
    const later: string[] = [];
    for (const k of this.pending) {
      const s = this.sockets.get(k);
      const view = s && this.area.nodeViews.get(s.nodeId);
      if (!s || !view) continue;
      const center = centerIn(s.element, view.element);
      // Not laid out yet (rete renders a node before it is in the page): try at the next
      // frames, as rete's watcher waits for it, but not forever for one that never comes.
      if (!center) {
        const tries = (this.tries.get(k) ?? 0) + 1;
        this.tries.set(k, tries);
        if (tries < MAX_TRIES) later.push(k);
        continue;
      }
      this.tries.delete(k);
      s.position = { x: center.x + WIRE_OFFSET * (s.side === 'input' ? -1 : 1), y: center.y };
      moved.add(s.nodeId);
    }
    this.pending.clear();
    for (const k of later) this.pending.add(k);
    if (later.length) this.schedule();
    for (const id of moved) this.notify(id);
  }

  private notify(nodeId: string): void {
    for (const l of this.listeners.get(nodeId) ?? []) this.tell(nodeId, l);
  }

  private tell(nodeId: string, l: Listener): void {
    const position = this.sockets.get(socketKey(nodeId, l.side, l.key))?.position;
    const view = this.area?.nodeViews.get(nodeId);
    if (position && view) l.change({ x: position.x + view.position.x, y: position.y + view.position.y });
  }
}
