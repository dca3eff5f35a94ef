// A wire's reroute dots: the gestures <tg-wire> sends (add, drag, remove) turned into
// editor-core calls, and a wire redrawn when its dots change in the model.

import type { AreaPlugin } from 'rete-area-plugin';
import type { EditorCore, StepHandle } from '../../editor/editor.ts';
import { edgeKey } from '../../editor/wiring.ts';
import { insertionIndex } from '../../model/frames.ts';
import type { RerouteDetail } from '../events.ts';
import type { Schemes } from './view-objects.ts';

export class Reroutes {
  private readonly disposers: (() => void)[] = [];
  /** A dot being dragged: its wire, its place, the undo step, and the offset from the pointer to it. */
  private gesture: { key: string; index: number; step: StepHandle; offset: [number, number] } | null = null;

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly core: EditorCore,
  ) {
    const container = area.container;
    const onReroute = (e: CustomEvent<RerouteDetail>) => this.onReroute(e.detail);
    container.addEventListener('tg-reroute', onReroute);
    this.disposers.push(
      () => container.removeEventListener('tg-reroute', onReroute),
      core.subscribe((changes) => {
        for (const c of changes) {
          if (c.kind !== 'via') continue;
          // The wire reads its dots from the model when drawn: ask rete to draw it again.
          const key = edgeKey(c.edge);
          if (area.connectionViews.has(key)) void area.update('connection', key);
        }
      }),
    );
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.disposers.length = 0;
  }

  /** A client point in canvas units. */
  private toCanvas(clientX: number, clientY: number): [number, number] {
    const rect = this.area.container.getBoundingClientRect();
    const t = this.area.area.transform;
    return [(clientX - rect.left - t.x) / t.k, (clientY - rect.top - t.y) / t.k];
  }

  /** Adds, drags or removes a wire's dot; a drag is one undo step. */
  private onReroute(d: RerouteDetail): void {
    const edge = this.core.graph.edges.find((e) => edgeKey(e) === d.key);
    if (!edge) return;
    const [x, y] = this.toCanvas(d.clientX, d.clientY);
    const via = edge.via ?? [];
    switch (d.phase) {
      case 'add': {
        // Between the points whose piece passes nearest, measured against the sockets' places.
        const [start, end] = d.ends ?? [[x, y], [x, y]];
        this.core.addReroute(edge, insertionIndex(start, via, end, [x, y]), [Math.round(x), Math.round(y)]);
        return;
      }
      case 'remove':
        this.core.removeReroute(edge, d.index);
        return;
      case 'begin': {
        this.gesture?.step.commit();
        const dot = via[d.index];
        if (!dot) return;
        this.gesture = { key: d.key, index: d.index, step: this.core.beginStep('move reroute'), offset: [dot[0] - x, dot[1] - y] };
        return;
      }
      case 'move': {
        const g = this.gesture;
        if (!g || g.key !== d.key || !via[g.index]) return;
        const next = via.map((p, k): [number, number] => (k === g.index ? [Math.round(x + g.offset[0]), Math.round(y + g.offset[1])] : [p[0], p[1]]));
        this.core.setVia(edge, next);
        return;
      }
      case 'end':
        this.gesture?.step.commit();
        this.gesture = null;
        return;
    }
  }
}
