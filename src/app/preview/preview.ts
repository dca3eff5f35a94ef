// A node's picture: the worker's RGBA shown as an image, or why there is none.

import { html, LitElement, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { PictureImg } from '../picture.ts';
import { ResultWatch } from '../controllers.ts';
import type { PreviewStore } from '../previews.ts';
import type { NodeResult } from '../../worker/protocol.ts';
import styles from './preview.styles.ts';

/**
 * Draws a node's result: the picture when the node has an output, its message when it failed
 * (in red) or waits on a missing input (in grey). A picture of one value everywhere says which
 * ("constant 0", "all ocean"), or, where the node can, why ("no river: lower river area to 212"):
 * a plain square alone does not. A failed node keeps its last picture under
 * the message, so an error while dragging does not flash the node blank. While a slow evaluation
 * computes its picture again (PreviewStore.recomputing), the picture is dimmed under a turning mark.
 *
 * @cssproperty --tg-preview-size - Side of the picture.
 */
export class TgPreview extends LitElement {
  static override styles = styles;

  /** Where the node's results arrive. */
  @property({ attribute: false }) previews: PreviewStore | null = null;

  /** The node drawn. */
  @property() nodeId = '';

  @query('.picture') private frame!: HTMLElement;

  /**
   * The picture, an <img> (picture.ts says why not a canvas); made at the first update, when the
   * shadow root has its frame.
   */
  private picture: PictureImg | null = null;

  private readonly watch = new ResultWatch(this, () => (this.previews && this.nodeId ? { previews: this.previews, id: this.nodeId } : null));

  /**
   * The result drawn last, so a re-render without a new picture does not redraw it. The result
   * itself, not its version: versions are a worker's engine's, and a worker started after one
   * died counts them from 1 again, so a new picture could come with the version of the one
   * shown (seen when an edit stopped the new worker's first evaluation: the picture after the
   * edit came with the old picture's version and was never drawn).
   */
  private drawn: NodeResult | null = null;

  /** A slow evaluation computes this picture again: dimmed, with a turning mark, until it comes. */
  private get again(): boolean {
    return !!this.watch.result && !!this.previews?.recomputing(this.nodeId);
  }

  override willUpdate(): void {
    this.toggleAttribute('recomputing', this.again);
  }

  override render() {
    const r = this.watch.result;
    const message = r && r.state !== 'ok' ? r.message ?? r.state : null;
    return html`<div class="picture" part="picture"></div>
      ${this.again ? html`<div class="again" role="status" title="Being computed again: this picture is out of date until the new one comes"><span class="spin"></span></div>` : nothing}
      ${!r ? html`<div class="empty">computing…</div>` : nothing}
      ${r?.constant && !message ? html`<div class="constant" title="Every cell of this output holds the same value${r.note ? ` (${r.constant})` : ''}">${r.note ?? r.constant}</div>` : nothing}
      ${message ? html`<div class="message ${r!.state === 'failed' ? 'failed' : ''}" role="status">${message}</div>` : nothing}`;
  }

  protected override updated(): void {
    const r = this.watch.result;
    // A picture whose buffer went back to the worker was drawn already.
    if (!r?.image || r === this.drawn || r.image.rgba.byteLength === 0) return;
    this.drawn = r;
    const { width, height, rgba } = r.image;
    // The bytes are copied now: the store gives the buffer back to the worker after this update.
    void (this.picture ??= new PictureImg(this.frame, 'image')).show(rgba, width, height);
  }

  /** Resolves when the picture of the latest result is on the page (it decodes after the update). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.picture?.drawn;
    return done;
  }
}
