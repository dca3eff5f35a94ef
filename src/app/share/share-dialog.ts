// The Share dialog: the link that carries the graph, copied for the person, or why there is
// none (too large) with the file offered instead.

import { html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { ModalBox } from '../controllers.ts';
import { appEvent } from '../events.ts';
import styles from './share-dialog.styles.ts';

export type ShareState =
  | { readonly kind: 'link'; readonly url: string; readonly length: number; readonly copied: boolean }
  | { readonly kind: 'large'; readonly length: number; readonly max: number };

/**
 * A modal box with the link (selected, ready to copy) or, for a graph too large for a link,
 * the offer to save it as a file.
 *
 * @event tg-share-close - The person closed the box.
 * @event tg-share-save - The person chose to save the graph as a file instead.
 */
export class TgShareDialog extends LitElement {
  static override styles = styles;

  /**
   * Its role and name, the focus in it (on the link, selected) and back, Escape, Tab round its
   * controls. A click outside leaves it open: the link is there to be copied, perhaps by hand.
   */
  private readonly modal = new ModalBox(this, { label: () => 'Share as a link', close: () => this.close(), outsideCloses: false });

  /** What to show. */
  @property({ attribute: false }) state: ShareState | null = null;

  override render() {
    const s = this.state;
    if (!s) return html``;
    return html`<div class="box">
      <h2>Share as a link</h2>
      ${s.kind === 'link'
        ? html`<p class="said">
              ${s.copied ? 'Copied to the clipboard. ' : 'Copy the link below. '}The whole graph is in the link (${s.length.toLocaleString('en')} characters), after the #, which browsers never
              send to a server. Whoever opens it gets the graph as a draft of their own.
            </p>
            <input class="link" readonly .value=${s.url} aria-label="link" @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
            <footer>
              <button class="copy" @click=${this.copy}>Copy</button>
              <button @click=${this.close}>Close</button>
            </footer>`
        : html`<p class="said large">
              This graph would make a link of ${s.length.toLocaleString('en')} characters; links longer than ${s.max.toLocaleString('en')} are cut or refused by many mail and chat
              programs. Save it as a file and send the file instead.
            </p>
            <footer>
              <button class="save" @click=${() => this.dispatchEvent(appEvent('tg-share-save', undefined))}>Save as a file</button>
              <button @click=${this.close}>Close</button>
            </footer>`}
    </div>`;
  }

  private copy = async () => {
    const s = this.state;
    if (s?.kind !== 'link') return;
    const field = this.renderRoot.querySelector('input');
    field?.select();
    try {
      await navigator.clipboard.writeText(s.url);
      this.state = { ...s, copied: true };
    } catch {
      // No clipboard permission: the selected field can still be copied by hand.
    }
  };

  private close = () => {
    this.dispatchEvent(appEvent('tg-share-close', undefined));
  };
}
