// A comment frame on the canvas: a titled, coloured rectangle behind the nodes. Its title bar
// drags it (with the nodes inside), its corner grip (drawn above the nodes) resizes it, a double-click on the title renames
// it and the swatch changes its colour. It draws the model's frame and sends gestures only.

import { html, LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Frame } from '../../model/graph.ts';
import { appEvent } from '../events.ts';
import styles from './frame.styles.ts';

/**
 * One frame, positioned in canvas units by its parent layer.
 *
 * @event tg-frame-gesture - A drag of the title bar or the corner (begin, move, end), a title
 *   typed, the swatch clicked, or a right-click on the title bar (its menu).
 */
export class TgFrame extends LitElement {
  static override styles = styles;

  /** The frame as the model holds it. */
  @property({ attribute: false }) frame: Frame | null = null;

  @property({ type: Boolean, reflect: true }) selected = false;

  @state() private editing = false;

  override updated(): void {
    const f = this.frame;
    if (!f) return;
    this.setAttribute('color', f.color);
    this.dataset.frameId = f.id;
    Object.assign(this.style, { left: `${f.position[0]}px`, top: `${f.position[1]}px`, width: `${f.size[0]}px`, height: `${f.size[1]}px` });
  }

  override render() {
    const f = this.frame;
    if (!f) return html``;
    return html`<header @pointerdown=${(e: PointerEvent) => this.drag(e, 'move')} @dblclick=${this.startRename} @contextmenu=${this.menu}>
        ${this.editing
          ? html`<input
              aria-label="Frame title"
              .value=${f.title}
              @pointerdown=${(e: Event) => e.stopPropagation()}
              @keydown=${this.onKey}
              @blur=${(e: FocusEvent) => this.finishRename((e.target as HTMLInputElement).value)}
            />`
          : html`<span class="title" title="Double-click to rename">${f.title}</span>`}
        <button
          class="swatch"
          title="Colour: ${f.color} (click for the next)"
          aria-label="Frame colour"
          @pointerdown=${(e: Event) => e.stopPropagation()}
          @click=${() => this.send({ kind: 'color' })}
        ></button>
      </header>
`;
  }

  /**
   * Starts a resize from a press on the frame's corner grip. The grip is drawn by the canvas's
   * frame layer above the nodes (a node over the corner would hide a grip drawn in the frame).
   */
  beginResize(e: PointerEvent): void {
    this.drag(e, 'resize');
  }

  /** A right-click on the title bar: the frame's own menu, not the canvas's palette. */
  private menu(e: MouseEvent) {
    e.preventDefault();
    e.stopPropagation();
    this.send({ kind: 'menu', clientX: e.clientX, clientY: e.clientY });
  }

  /** Opens the title for typing. */
  async startRename(e?: Event): Promise<void> {
    e?.stopPropagation();
    this.editing = true;
    await this.updateComplete;
    const input = this.renderRoot.querySelector('input');
    input?.focus();
    input?.select();
  }

  private onKey(e: KeyboardEvent) {
    e.stopPropagation();
    if (e.key === 'Enter') this.finishRename((e.target as HTMLInputElement).value);
    else if (e.key === 'Escape') this.editing = false;
  }

  private finishRename(title: string) {
    if (!this.editing) return;
    this.editing = false;
    if (this.frame && title.trim() && title !== this.frame.title) this.send({ kind: 'title', title: title.trim() });
  }

  private send(detail: FrameGestureBody) {
    if (!this.frame) return;
    this.dispatchEvent(appEvent('tg-frame-gesture', { id: this.frame.id, ...detail }));
  }

  /** A drag of the title bar (move) or the corner (resize), in client pixels from where it began. */
  private drag(e: PointerEvent, what: 'move' | 'resize') {
    if (e.button !== 0 || this.editing) return;
    // The canvas must not pan or box-select under a frame being dragged.
    e.stopPropagation();
    e.preventDefault();
    const el = e.currentTarget as Element;
    el.setPointerCapture(e.pointerId);
    const x0 = e.clientX;
    const y0 = e.clientY;
    this.send({ kind: what, phase: 'begin', dx: 0, dy: 0, additive: e.shiftKey || e.ctrlKey || e.metaKey });
    const move = (ev: PointerEvent) => this.send({ kind: what, phase: 'move', dx: ev.clientX - x0, dy: ev.clientY - y0 });
    const up = (ev: PointerEvent) => {
      el.removeEventListener('pointermove', move as (ev: Event) => void);
      el.removeEventListener('pointerup', up as (ev: Event) => void);
      el.removeEventListener('pointercancel', up as (ev: Event) => void);
      this.send({ kind: what, phase: 'end', dx: ev.clientX - x0, dy: ev.clientY - y0 });
    };
    el.addEventListener('pointermove', move as (ev: Event) => void);
    el.addEventListener('pointerup', up as (ev: Event) => void);
    el.addEventListener('pointercancel', up as (ev: Event) => void);
  }
}

/** What a frame's gesture says, besides which frame. Drags carry client pixels from their start. */
export type FrameGestureBody =
  | { readonly kind: 'move' | 'resize'; readonly phase: 'begin' | 'move' | 'end'; readonly dx: number; readonly dy: number; readonly additive?: boolean }
  | { readonly kind: 'title'; readonly title: string }
  | { readonly kind: 'color' }
  | { readonly kind: 'menu'; readonly clientX: number; readonly clientY: number };

export type FrameGestureDetail = FrameGestureBody & { readonly id: string };
