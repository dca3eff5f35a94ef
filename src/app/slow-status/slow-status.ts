// A slow evaluation's status, over the foot of the map or of the 3-D land: the node the worker
// runs, where and for how long, on one line whatever the width (src/viewer-core/progress.ts words
// it). The 3-D tab hides the map, and a world given there showed only "updating…" for seconds.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { ProgressParts } from '../../viewer-core/progress.ts';
import styles from './slow-status.styles.ts';
import liveStyles from '../live.styles.ts';

/**
 * One line: the node, where it runs and the time first, then the cells (and a margin) when they
 * fit whole, else wrapped out of sight; a title too long even alone gives way (…). Its tooltip
 * holds the whole of what computes, and so does its live region, unseen, which a screen reader is
 * told (not the time: a live region whose text changed ten times a second is read without end).
 * Place it with the host's position, and keep it there while nothing computes: without `parts`
 * it shows nothing (`idle`, out of the layout) but its live region stays, empty, for a screen
 * reader reads out a region's changes only once it knows the region (created holding the text,
 * the first value went unsaid by some).
 */
export class TgSlowStatus extends LitElement {
  static override styles = [styles, liveStyles];

  /** What computes and for how long (ViewerSession.status). */
  @property({ attribute: false }) parts: ProgressParts | null = null;

  protected override willUpdate(): void {
    this.title = this.parts?.what ?? '';
    this.toggleAttribute('idle', !this.parts);
  }

  override render() {
    const p = this.parts;
    // One template whether idle or not: the live region stays the same element.
    return html`<span class="live" role="status">${p?.what ?? ''}</span>${p ? this.line(p) : nothing}`;
  }

  private line(p: ProgressParts) {
    return html`<div class="line" aria-hidden="true">
        <span class="now"><span class="node" data-part>${p.node}</span><span class="at" data-part>${p.at ? `\u00a0${p.at}` : ''}…\u00a0<span class="elapsed">${p.elapsed}</span></span></span>
        ${p.detail ? html`<span class="detail" data-part>\u00a0(${p.detail})</span>` : nothing}
      </div>`;
  }
}
