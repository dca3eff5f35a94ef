// The large viewer of the selected node: its output drawn big, with its name and its numbers.

import { html, LitElement, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { nodeDef } from '../../../nodes/index.ts';
import type { EditorCore } from '../../editor/editor.ts';
import type { Detail } from '../../worker/protocol.ts';
import type { PreviewStore } from '../previews.ts';
import styles from './viewer.styles.ts';

/**
 * Shows the one selected node's output large. The worker draws it at up to 512 pixels when
 * the selection or the node's output changes. (Later: bands, histogram, per-cell provenance,
 * pan and zoom, exports; this element is where they go, apart from the canvas code.)
 */
export class TgViewer extends LitElement {
  static override styles = styles;

  /** The editor core, for the selection and the node's name. */
  @property({ attribute: false }) core: EditorCore | null = null;

  /** The previews, for the large picture and the node's state. */
  @property({ attribute: false }) previews: PreviewStore | null = null;

  @query('canvas') private canvas?: HTMLCanvasElement;

  private disposers: (() => void)[] = [];
  private drawn: Detail | null = null;
  private drawnOn: HTMLCanvasElement | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.rewatch();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const d of this.disposers) d();
    this.disposers = [];
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('core') || changed.has('previews')) this.rewatch();
  }

  private rewatch(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    const { core, previews } = this;
    if (!core || !previews) return;
    let watched: string | null = null;
    let offNode: () => void = () => {};
    const follow = () => {
      if (core.primary === watched) return;
      watched = core.primary;
      offNode();
      offNode = watched ? previews.subscribe(watched, () => this.requestUpdate()) : () => {};
    };
    follow();
    this.disposers.push(
      core.subscribe(() => {
        follow();
        this.requestUpdate();
      }),
      previews.subscribeDetail(() => this.requestUpdate()),
      () => offNode(),
    );
  }

  override render() {
    const id = this.core?.primary;
    const node = id ? this.core!.node(id) : undefined;
    if (!node) {
      const many = (this.core?.selection.size ?? 0) > 1;
      return html`<h2>Viewer</h2>
        <p class="empty">${many ? 'Several nodes are selected: select one to see its output here.' : 'Select a node to see its output here, large.'}</p>`;
    }
    const def = nodeDef(node.type);
    const result = this.previews?.get(node.id);
    const detail = this.previews?.detail;
    const shown = detail && detail.id === node.id ? detail : null;
    const stale = !!result && result.state !== 'ok';
    return html`<h2 data-viewer-node=${node.id}>${node.title}</h2>
      <div class="sub">${node.id} · ${def?.title ?? node.type}</div>
      <div class="frame ${stale ? 'stale' : ''}"><canvas aria-label="output of ${node.title}"></canvas></div>
      ${stale ? html`<div class="message ${result!.state}" role="status">${result!.message}${shown ? html`<br /><small>Shown: the last output before this.</small>` : nothing}</div>` : nothing}
      ${shown
        ? html`<dl>
            <dt>output</dt>
            <dd>${shown.portType} · ${shown.meaning}</dd>
            <dt>grid</dt>
            <dd>${shown.n} × ${shown.n}</dd>
            <dt>min</dt>
            <dd>${shown.min.toFixed(4)}</dd>
            <dt>max</dt>
            <dd>${shown.max.toFixed(4)}</dd>
            <dt>mean</dt>
            <dd>${shown.mean.toFixed(4)}</dd>
            <dt>time</dt>
            <dd>${result ? `${result.ms.toFixed(1)} ms` : '…'}</dd>
          </dl>`
        : nothing}
      ${def ? html`<p class="doc">${def.doc}</p>` : nothing}`;
  }

  protected override updated(): void {
    const id = this.core?.primary;
    const detail = this.previews?.detail;
    const canvas = this.canvas;
    if (!canvas || !detail || detail.id !== id || detail.image.rgba.byteLength === 0) return;
    if (this.drawn === detail && this.drawnOn === canvas) return;
    this.drawn = detail;
    this.drawnOn = canvas;
    const { width, height, rgba } = detail.image;
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  }
}
