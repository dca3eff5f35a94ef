// A port's socket on a node, coloured (and shaped) by its port type.

import { html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { PortType } from '../../model/values.ts';
import { PORT_COLORS } from '../theme.ts';
import styles from './socket.styles.ts';

/**
 * The dot a wire attaches to: round for fields, square for terrains, a diamond for biomes, in
 * the port type's colour, so which sockets fit is visible before a wire is dragged.
 *
 * @cssproperty --tg-socket-size - Diameter of the dot.
 */
export class TgSocket extends LitElement {
  static override styles = styles;

  /** The port's type: field, terrain or biome. */
  @property() portType: PortType = 'field';

  /** Tooltip: the port's name and type. */
  @property() label = '';

  override render() {
    return html`<div class="dot ${this.portType}" style="--tg-socket-color: ${PORT_COLORS[this.portType]}" title=${this.label}></div>`;
  }
}
