// The middle button pans the canvas wherever it is pressed: on empty canvas, a node, a socket or
// a wire, as in Gaea, World Machine, Houdini and Blender. Rete's area pans on the left button
// only, and rete's sockets pick up a wire on any button.

import type { AreaPlugin } from 'rete-area-plugin';
import type { Schemes } from './view-objects.ts';

/** Makes a middle-button drag in the area's container pan the view; returns the disposer. */
export function middlePan(area: AreaPlugin<Schemes, never>): () => void {
  const container = area.container;
  let from: { x: number; y: number; tx: number; ty: number } | null = null;
  const move = (e: PointerEvent) => {
    if (!from) return;
    e.preventDefault();
    void area.area.translate(from.tx + e.clientX - from.x, from.ty + e.clientY - from.y);
  };
  const up = (e: PointerEvent) => {
    if (e.button !== 1 && e.type !== 'pointercancel') return;
    from = null;
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', up, true);
  };
  // Taken on the way down, before a node, a socket or rete's area sees it.
  const down = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || e.button !== 1) return;
    e.stopPropagation();
    e.preventDefault();
    const t = area.area.transform;
    from = { x: e.clientX, y: e.clientY, tx: t.x, ty: t.y };
    window.addEventListener('pointermove', move, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
  };
  // No autoscroll and no paste of the primary selection from a middle press.
  const noDefault = (e: MouseEvent) => {
    if (e.button === 1) e.preventDefault();
  };
  container.addEventListener('pointerdown', down, true);
  container.addEventListener('mousedown', noDefault, true);
  return () => {
    up(new PointerEvent('pointercancel'));
    container.removeEventListener('pointerdown', down, true);
    container.removeEventListener('mousedown', noDefault, true);
  };
}
