// A wire's reroute dots: the gestures <tg-wire> sends (add, drag, remove) turned into
// editor-core calls, and a wire redrawn when its dots change in the model.

import type { AreaPlugin } from 'rete-area-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import { gestureEdits } from '../../editor/commands.ts';
import type { StepHandle } from '../../editor/timeline.ts';
import { edgeKey } from '../../editor/wiring.ts';
import { insertionIndex } from '../../model/frames.ts';
import type { RerouteDetail } from '../events.ts';
import { wirePath } from '../wire/wire-shape.ts';
import { canvasPoint, type Schemes } from './view-objects.ts';

/** The input socket under a client point, through the nodes' shadow roots; null when none. */
function inputAt(clientX: number, clientY: number): { node: string; port: string } | null {
  let el: Element | null = document.elementFromPoint(clientX, clientY);
  let node: string | undefined;
  while (el) {
    if (el.localName === 'tg-node') node = (el as HTMLElement).dataset.nodeId;
    const socket = el.closest('rete-ref[data-socket]') as HTMLElement | null;
    if (socket && node) {
      const [side, port] = (socket.dataset.socket ?? '').split(':');
      return side === 'input' && port ? { node, port } : null;
    }
    const inner: Element | null = el.shadowRoot?.elementFromPoint(clientX, clientY) ?? null;
    if (!inner || inner === el) return null;
    el = inner;
  }
  return null;
}

export class Reroutes {
  private readonly disposers: (() => void)[] = [];
  /** A dot being dragged: its wire, its place, the undo step, and the offset from the pointer to it. */
  private gesture: { key: string; index: number; step: StepHandle; offset: [number, number] } | null = null;

  /** A wire being branched off a dot: the dashed line drawn from the dot to the pointer. */
  private branch: { key: string; index: number; line: SVGSVGElement } | null = null;

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly core: EditorCore,
    private readonly notice: (message: string) => void,
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

  /** Adds a dot to a wire at a client point (a wire's menu): as a double-click there does. */
  addAt(key: string, clientX: number, clientY: number, ends?: RerouteDetail['ends']): void {
    this.onReroute({ key, phase: 'add', index: -1, clientX, clientY, ends });
  }

  /** Adds, drags or removes a wire's dot; a drag is one undo step. */
  private onReroute(d: RerouteDetail): void {
    const edge = this.core.graph.edges.find((e) => edgeKey(e) === d.key);
    if (!edge) return;
    const [x, y] = canvasPoint(this.area, d.clientX, d.clientY);
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
        this.gesture = { key: d.key, index: d.index, step: this.core.beginStep('move reroute', gestureEdits.via(edge)), offset: [dot[0] - x, dot[1] - y] };
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
      case 'branch-begin':
      case 'branch-move': {
        const dot = via[d.index];
        if (!dot) return;
        if (!this.branch) {
          const line = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          // Drawn in canvas units inside the area's holder, like the wires, and lets the pointer through.
          Object.assign(line.style, { position: 'absolute', left: '0', top: '0', width: '1px', height: '1px', overflow: 'visible', pointerEvents: 'none' });
          line.innerHTML = '<path fill="none" stroke="var(--tg-selected, #ffd166)" stroke-width="3" stroke-dasharray="6 5"></path>';
          this.area.area.content.holder.append(line);
          this.branch = { key: d.key, index: d.index, line };
        }
        this.branch.line.firstElementChild!.setAttribute('d', wirePath([{ x: dot[0], y: dot[1] }, { x, y }]));
        return;
      }
      case 'branch-end': {
        const b = this.branch;
        this.branch = null;
        b?.line.remove();
        const to = inputAt(d.clientX, d.clientY);
        if (!b || !to) return;
        // The same output, through the dots up to this one, into the input it was dropped on.
        const wire = { from: edge.from, to, via: via.slice(0, b.index + 1).map((p): [number, number] => [p[0], p[1]]) };
        const refusal = this.core.connect(wire);
        if (refusal) this.notice(`Wire refused: ${refusal}`);
        return;
      }
    }
  }
}
