// What is in sight on the canvas before a node is put on a wire, and the view's move after it
// that brings back the nodes its room pushed out of sight (pushed-view.ts chooses the move; this
// measures the screen and applies it). Used by a node dropped on a wire (bridge.ts) and by
// Insert node… from a wire's menu (the shell, through Canvas).

import type { AreaPlugin } from 'rete-area-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import type { Edge } from '../../model/graph.ts';
import { CANVAS_FOOT } from '../node/layout.ts';
import { inSight, type Rect, viewForPushed, ZOOM_LEAST, ZOOM_STEP } from './pushed-view.ts';
import type { Schemes } from './view-objects.ts';

/** What was in sight before a node was put on a wire. */
export interface Sight {
  /** Every node's place in the model. */
  readonly at: ReadonlyMap<string, readonly [number, number]>;
  /** The nodes wholly in sight, their sockets too. */
  readonly nodes: ReadonlySet<string>;
  /** The sockets in sight, as `node socketKey` (socketKey as rete-ref's data-socket: `input:key`). */
  readonly sockets: ReadonlySet<string>;
}

type Area = AreaPlugin<Schemes, never>;

const box = (r: DOMRect): Rect => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
const union = (rs: readonly Rect[]): Rect => ({
  left: Math.min(...rs.map((r) => r.left)),
  top: Math.min(...rs.map((r) => r.top)),
  right: Math.max(...rs.map((r) => r.right)),
  bottom: Math.max(...rs.map((r) => r.bottom)),
});

/** The part of the canvas where things are in sight, and what lies over it (as node.ts's card room measures them). */
function canvasRoom(area: Area): { canvas: Rect; over: Rect[] } {
  const frame = area.container;
  const b = frame.getBoundingClientRect();
  const over = [frame.querySelector(':scope > .tg-minimap'), frame.querySelector(':scope > .notes-card')].flatMap((el) => {
    const r = el?.getBoundingClientRect();
    return r && r.width && r.height ? [box(r)] : [];
  });
  return { canvas: { left: b.left, top: b.top, right: b.right, bottom: b.bottom - CANVAS_FOOT }, over };
}

/** A node's sockets on the screen, by their key (`input:key`, `output:key`). */
function socketsOf(area: Area, id: string): Map<string, Rect> {
  const node = area.nodeViews.get(id)?.element.querySelector('tg-node');
  const out = new Map<string, Rect>();
  for (const ref of node?.shadowRoot?.querySelectorAll<HTMLElement>('rete-ref[data-socket]') ?? []) {
    const r = ref.getBoundingClientRect();
    if (r.width && r.height) out.set(ref.dataset.socket!, box(r));
  }
  return out;
}

/** A node's box on the screen with its sockets (they stand half out of its sides), or null when it has no view. */
function nodeBox(area: Area, id: string): Rect | null {
  const el = area.nodeViews.get(id)?.element.querySelector('tg-node');
  if (!el) return null;
  return union([box(el.getBoundingClientRect()), ...socketsOf(area, id).values()]);
}

/** What is in sight now: call it before the node is put on the wire. */
export function sightNow(area: Area, core: EditorCore): Sight {
  const { canvas, over } = canvasRoom(area);
  const nodes = new Set<string>();
  const sockets = new Set<string>();
  for (const n of core.graph.nodes) {
    const b = nodeBox(area, n.id);
    if (b && inSight(b, canvas, over)) nodes.add(n.id);
    for (const [key, r] of socketsOf(area, n.id)) if (inSight(r, canvas, over)) sockets.add(`${n.id} ${key}`);
  }
  return { at: new Map(core.graph.nodes.map((n) => [n.id, n.position])), nodes, sockets };
}

/**
 * After node `id` was put on a wire (the canvas showing it: call after the bridge settled),
 * moves the view to bring back into sight the nodes its room pushed that were in sight before
 * (pushed-view.ts), places the selected nodes' params cards again for the view, and returns
 * true; false when the view did not move.
 */
export async function keepPushedInSight(area: Area, core: EditorCore, before: Sight, id: string): Promise<boolean> {
  const { canvas, over } = canvasRoom(area);
  const pushed: Rect[] = [];
  const pushedIds = new Set<string>();
  for (const n of core.graph.nodes) {
    const was = before.at.get(n.id);
    if (n.id === id || !was || !before.nodes.has(n.id)) continue;
    if (was[0] === n.position[0] && was[1] === n.position[1]) continue;
    const b = nodeBox(area, n.id);
    if (b) pushed.push(b);
    pushedIds.add(n.id);
  }
  if (!pushed.length) return false;
  const mine = nodeBox(area, id);
  if (!mine) return false;
  // The node's wires: their far ends' sockets are kept in sight with it, those that were in sight.
  // One that was not (the wire's source just past the canvas's edge) the move did not keep but
  // fetched, ahead of the pushed nodes: the view zoomed a step out where a pan brought them back.
  const wires: Edge[] = core.graph.edges.filter((e) => e.from.node === id || e.to.node === id);
  const ends = wires.flatMap((e) => {
    const [node, key] = e.to.node === id ? [e.from.node, `output:${e.from.port}`] : [e.to.node, `input:${e.to.port}`];
    const r = before.sockets.has(`${node} ${key}`) ? socketsOf(area, node).get(key) : undefined;
    return r ? [r] : [];
  });
  // Every other socket in sight before, and every other node wholly in sight: a node cut to a
  // sliver by the canvas's edge, its title and picture gone, is out of sight as a pushed one is.
  const keep: Rect[] = [];
  for (const n of core.graph.nodes) {
    if (n.id === id) continue;
    for (const [key, r] of socketsOf(area, n.id)) if (before.sockets.has(`${n.id} ${key}`)) keep.push(r);
    const b = before.nodes.has(n.id) && !pushedIds.has(n.id) ? nodeBox(area, n.id) : null;
    if (b) keep.push(b);
  }
  // At the least zoom (a long graph at fit) a step out would be clamped, the pan chosen for it kept:
  // the view jumped by a tenth of its pan, and the pushed nodes stayed out of sight.
  const t = area.area.transform;
  const zoomOut = t.k * ZOOM_STEP >= ZOOM_LEAST - 1e-9;
  const move = viewForPushed({ canvas, over, pushed, first: [mine, ...ends], keep, zoomOut });
  if (!move) return false;
  // Screen = canvas point · k + t, in the container's pixels: zoomed about the container's top left, then moved.
  const x = t.x * move.zoom + move.x;
  const y = t.y * move.zoom + move.y;
  if (move.zoom === 1) {
    await area.area.translate(x, y);
  } else {
    // As Canvas.fit sets a zoom and pan together: the zoom about (0, 0) keeps the pan just set.
    t.x = x;
    t.y = y;
    await area.area.zoom(t.k * move.zoom, 0, 0);
  }
  // The open params card was placed for the view before (Canvas.reveal does the same).
  type CardHolder = HTMLElement & { placeCardAgain?(): void };
  for (const sel of core.selection) area.nodeViews.get(sel)?.element.querySelector<CardHolder>('tg-node')?.placeCardAgain?.();
  return true;
}
