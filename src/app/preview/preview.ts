// A node's picture: the worker's RGBA drawn into a canvas, or why there is none.

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import type { NodeResult } from '../../worker/protocol.ts';
import styles from './preview.styles.ts';

/**
 * Draws a NodeResult: the picture when the node has an output, its message when it failed
 * (in red) or waits on a missing input (in grey). A failed node keeps its last picture under
 * the message, so an error while dragging does not flash the node blank.
 *
 * @cssproperty --tg-preview-size - Side of the picture.
 */
export class TgPreview extends LitElement {
  static override styles = styles;

  /** What the worker said about the node. */
  @property({ attribute: false }) result: NodeResult | undefined;

  @query('canvas') private canvas!: HTMLCanvasElement;

  /** The version drawn last, so a re-render without a new picture does not redraw it. */
  private drawn = -1;

  override render() {
    const r = this.result;
    const message = r && r.state !== 'ok' ? r.message ?? r.state : null;
    return html`<canvas part="canvas"></canvas>
      ${!r ? html`<div class="empty">computing…</div>` : nothing}
      ${message ? html`<div class="message ${r!.state === 'failed' ? 'failed' : ''}" role="status">${message}</div>` : nothing}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('result')) return;
    const r = this.result;
    if (!r?.image || r.version === this.drawn) return;
    this.drawn = r.version;
    const { width, height, rgba } = r.image;
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    this.canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  }
}
