// A wire on the canvas, coloured by the type of value it carries; clicking it selects it.

import { html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { PortType } from '../../model/values.ts';
import { appEvent } from '../events.ts';
import { PORT_COLORS } from '../theme.ts';
import styles from './wire.styles.ts';

/**
 * The path of one wire. The wire being drawn (pseudo) is dashed and lets the pointer through,
 * so the socket under the pointer is found when it is dropped.
 *
 * @event tg-wire-pick - A pointer went down on the wire.
 */
export class TgWire extends LitElement {
  static override styles = styles;

  /** SVG path data in canvas units. */
  @property() path = '';

  /** The type of value the wire carries. */
  @property() portType: PortType = 'field';

  /** The model wire's key (edgeKey); empty for the wire being drawn. */
  @property() wireKey = '';

  @property({ type: Boolean }) pseudo = false;

  @property({ type: Boolean }) selected = false;

  override render() {
    const cls = this.pseudo ? 'pseudo' : this.selected ? 'selected' : '';
    return html`<svg data-testid="connection" class=${cls} data-wire=${this.wireKey}>
      <path class="hit" d=${this.path} @pointerdown=${this.pick}></path>
      <path class="line" d=${this.path} style="stroke: ${PORT_COLORS[this.portType]}"></path>
    </svg>`;
  }

  private pick(e: PointerEvent) {
    if (this.pseudo || !this.wireKey || e.button !== 0) return;
    // The canvas must not start a pan under a wire that is being selected.
    e.stopPropagation();
    this.dispatchEvent(appEvent('tg-wire-pick', { key: this.wireKey, additive: e.ctrlKey || e.metaKey || e.shiftKey }));
  }
}
