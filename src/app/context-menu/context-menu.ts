// A node's own menu (right-click on a node): rename, bypass, collapse, duplicate, delete, show
// in the viewer. A plain list of actions; the app decides what each one does.

import { css, html, LitElement } from 'lit';
import menu from '../menu.styles.ts';
import { property, state } from 'lit/decorators.js';

export interface ContextAction {
  readonly id: string;
  readonly label: string;
  /** The key that does the same, shown on the right. */
  readonly keys?: string;
  /** Shown with a tick (bypass on, collapsed). */
  readonly checked?: boolean;
}

export interface ContextPickDetail {
  readonly id: string;
}

declare global {
  interface HTMLElementEventMap {
    'tg-context-pick': CustomEvent<ContextPickDetail>;
  }
}

/**
 * A floating list of actions at the pointer. Arrow keys and Enter pick, Escape closes.
 *
 * @event tg-context-pick - An action was chosen.
 * @event tg-menu-close - Dismissed without a choice.
 */
export class TgContextMenu extends LitElement {
  static override styles = [
    menu,
    css`
      :host {
        min-width: 210px;
        max-width: 320px;
        padding: 4px 0;
      }
      .item {
        display: flex;
        width: 100%;
        gap: 12px;
        padding: 5px 12px;
        font: inherit;
        color: inherit;
        text-align: left;
        background: none;
        border: none;
      }
      .tick {
        width: 12px;
        flex: none;
      }
      .keys {
        margin-left: auto;
        color: var(--tg-muted, #a3adba);
      }
    `,
  ];


  /** The actions offered, in order. */
  @property({ attribute: false }) actions: readonly ContextAction[] = [];
  /** A line above the actions (the node's title). */
  @property() heading = '';
  /** Where the menu opens, in client pixels. */
  @property({ type: Number }) x = 0;
  @property({ type: Number }) y = 0;

  @state() private active = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('role', 'menu');
    this.tabIndex = -1;
    this.addEventListener('keydown', this.key);
  }

  override firstUpdated(): void {
    this.focus();
  }

  override render() {
    // Kept inside the window: its width once drawn (a long title widens it up to 320 px).
    this.style.left = `${Math.max(4, Math.min(this.x, window.innerWidth - (this.offsetWidth || 220) - 4))}px`;
    this.style.top = `${Math.max(4, Math.min(this.y, window.innerHeight - 30 - this.actions.length * 26))}px`;
    return html`${this.heading ? html`<div class="heading">${this.heading}</div>` : ''}
      ${this.actions.map(
        (a, k) => html`<button
          role="menuitem"
          data-action=${a.id}
          class=${k === this.active ? 'item active' : 'item'}
          @pointerenter=${() => (this.active = k)}
          @click=${() => this.pick(a.id)}
        >
          <span class="tick">${a.checked ? '✓' : ''}</span>${a.label}<span class="keys">${a.keys ?? ''}</span>
        </button>`,
      )}`;
  }

  private key = (e: KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'ArrowDown') this.active = Math.min(this.actions.length - 1, this.active + 1);
    else if (e.key === 'ArrowUp') this.active = Math.max(0, this.active - 1);
    else if (e.key === 'Enter') this.pick(this.actions[this.active]?.id);
    else if (e.key === 'Escape') this.dispatchEvent(new CustomEvent('tg-menu-close', { bubbles: true, composed: true }));
    else return;
    e.preventDefault();
  };

  private pick(id: string | undefined): void {
    if (id) this.dispatchEvent(new CustomEvent('tg-context-pick', { detail: { id }, bubbles: true, composed: true }));
  }
}
