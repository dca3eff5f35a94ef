// A wire on the canvas, coloured by the type of value it carries, through its reroute dots;
// clicking it selects it, double-clicking (or Alt-clicking) it adds a dot there.

import { html, LitElement, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import type { PortType } from '../../model/values.ts';
import { appEvent } from '../events.ts';
import { PORT_COLORS } from '../theme.ts';
import styles from './wire.styles.ts';
import { type Point, wirePath } from './wire-shape.ts';

/**
 * The path of one wire. The wire being drawn (pseudo) is dashed and lets the pointer through,
 * so the socket under the pointer is found when it is dropped. The canvas sets the attribute
 * `splice` while a node dragged over the wire would go on it when let go (`take`: drawn lit) or
 * does not fit it (`refuse`: drawn dim and dashed); see canvas/splice-hover.ts.
 *
 * @event tg-wire-pick - A pointer went down on the wire.
 * @event tg-wire-menu - A right-click on the wire: its menu (delete, add a dot there, insert a node).
 * @event tg-reroute - A dot was added (double-click or Alt-click on the wire), dragged
 *   (begin, move, end), Shift-dragged to branch a new wire off it, or removed (double-click
 *   or Alt-click on the dot).
 */
export class TgWire extends LitElement {
  static override styles = styles;

  /** SVG path data in canvas units, from the renderer (used when the wire has no dots). */
  @property() path = '';

  /** Where the wire leaves its output and enters its input, in canvas units. */
  @property({ attribute: false }) start: Point | null = null;
  @property({ attribute: false }) end: Point | null = null;

  /** The reroute dots, in canvas units, from the output to the input. */
  @property({ attribute: false }) via: readonly (readonly [number, number])[] = [];

  /** The type of value the wire carries. */
  @property() portType: PortType = 'field';

  /** The model wire's key (edgeKey); empty for the wire being drawn. */
  @property() wireKey = '';

  @property({ type: Boolean }) pseudo = false;

  @property({ type: Boolean }) selected = false;

  override render() {
    const cls = this.pseudo ? 'pseudo' : this.selected ? 'selected' : '';
    const d = this.via.length && this.start && this.end ? wirePath([this.start, ...this.via.map(([x, y]) => ({ x, y })), this.end]) : this.path;
    const color = PORT_COLORS[this.portType];
    return html`<svg data-testid="connection" class=${cls} data-wire=${this.wireKey}>
      <path class="hit" d=${d} @pointerdown=${this.pick} @dblclick=${this.addDot} @contextmenu=${this.menu}></path>
      <path class="line" d=${d} style="stroke: ${color}"></path>
      ${this.pseudo
        ? nothing
        : this.via.map(
            ([x, y], index) =>
              svg`<circle class="dot" data-reroute=${index} cx=${x} cy=${y} r="7" style="fill: ${color}"
                @pointerdown=${(e: PointerEvent) => this.dotDown(e, index)}
                @dblclick=${(e: MouseEvent) => this.dotRemove(e, index)}
                @contextmenu=${(e: MouseEvent) => this.menu(e, index)}></circle>`,
          )}
    </svg>`;
  }

  private pick(e: PointerEvent) {
    if (this.pseudo || !this.wireKey || e.button !== 0) return;
    // The canvas must not start a pan under a wire that is being selected.
    e.stopPropagation();
    if (e.altKey) {
      this.addDot(e);
      return;
    }
    this.dispatchEvent(appEvent('tg-wire-pick', { key: this.wireKey, additive: e.ctrlKey || e.metaKey || e.shiftKey }));
  }

  /** The ends in canvas units, for a dot added at a point of the wire. */
  private ends(): readonly [readonly [number, number], readonly [number, number]] | undefined {
    return this.start && this.end ? [[this.start.x, this.start.y], [this.end.x, this.end.y]] : undefined;
  }

  /** The wire's menu, at a right-click on its line or on one of its dots (`dot`: its index). */
  private menu(e: MouseEvent, dot?: number) {
    if (this.pseudo || !this.wireKey) return;
    // Neither the browser's menu nor the canvas's palette, which a right-click elsewhere opens.
    e.stopPropagation();
    e.preventDefault();
    this.dispatchEvent(appEvent('tg-wire-menu', { key: this.wireKey, clientX: e.clientX, clientY: e.clientY, ends: this.ends(), ...(dot === undefined ? {} : { dot }) }));
  }

  private addDot(e: MouseEvent) {
    if (this.pseudo || !this.wireKey) return;
    e.stopPropagation();
    e.preventDefault();
    this.dispatchEvent(appEvent('tg-reroute', { key: this.wireKey, phase: 'add', index: -1, clientX: e.clientX, clientY: e.clientY, ends: this.ends() }));
  }

  private dotRemove(e: MouseEvent, index: number) {
    e.stopPropagation();
    e.preventDefault();
    this.dispatchEvent(appEvent('tg-reroute', { key: this.wireKey, phase: 'remove', index, clientX: e.clientX, clientY: e.clientY }));
  }

  /** A dot dragged: begin, a move per pointer move, end; the canvas turns them into one undo step. */
  private dotDown(e: PointerEvent, index: number) {
    if (e.button !== 0) return;
    e.stopPropagation();
    if (e.altKey) {
      this.dotRemove(e, index);
      return;
    }
    const dot = e.currentTarget as Element;
    dot.setPointerCapture(e.pointerId);
    // Shift-drag draws a new wire from the dot (ComfyUI's branch off a reroute); a plain drag moves it.
    const branch = e.shiftKey;
    const send = (phase: 'begin' | 'move' | 'end', ev: PointerEvent) =>
      this.dispatchEvent(
        appEvent('tg-reroute', { key: this.wireKey, phase: branch ? (`branch-${phase}` as const) : phase, index, clientX: ev.clientX, clientY: ev.clientY }),
      );
    send('begin', e);
    const move = (ev: PointerEvent) => void send('move', ev);
    const up = (ev: PointerEvent) => {
      dot.removeEventListener('pointermove', move as EventListener);
      dot.removeEventListener('pointerup', up as EventListener);
      dot.removeEventListener('pointercancel', up as EventListener);
      void send('end', ev);
    };
    dot.addEventListener('pointermove', move as EventListener);
    dot.addEventListener('pointerup', up as EventListener);
    dot.addEventListener('pointercancel', up as EventListener);
  }
}
