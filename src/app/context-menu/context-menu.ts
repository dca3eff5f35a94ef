// A node's own menu (right-click on a node): rename, bypass, collapse, duplicate, delete, show
// in the viewer. A plain list of actions; the app decides what each one does.

import { css, html, LitElement } from 'lit';
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
  static override styles = css`
    :host {
      position: fixed;
      z-index: 50;
      min-width: 210px;
      max-width: 320px;
      padding: 4px 0;
      font: 12px var(--tg-font, system-ui, sans-serif);
      color: var(--tg-text, #dde3ea);
      background: var(--tg-menu-bg, #1b2129);
      border: 1px solid var(--tg-line, #3a4452);
      border-radius: 6px;
      box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5);
      outline: none;
    }
    .heading {
      padding: 4px 12px 4px;
      font-size: 11px;
      color: var(--tg-muted, #a3adba);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    button {
      display: flex;
      width: 100%;
      gap: 12px;
      padding: 5px 12px;
      font: inherit;
      color: inherit;
      text-align: left;
      background: none;
      border: none;
      cursor: pointer;
    }
    button.active,
    button:hover {
      background: var(--tg-menu-active, #2d4f78);
    }
    .tick {
      width: 12px;
    }
    .keys {
      margin-left: auto;
      color: var(--tg-muted, #a3adba);
    }
  `;

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
    this.style.left = `${Math.max(4, Math.min(this.x, window.innerWidth - 220))}px`;
    this.style.top = `${Math.max(4, Math.min(this.y, window.innerHeight - 30 - this.actions.length * 26))}px`;
    return html`${this.heading ? html`<div class="heading">${this.heading}</div>` : ''}
      ${this.actions.map(
        (a, k) => html`<button
          role="menuitem"
          data-action=${a.id}
          class=${k === this.active ? 'active' : ''}
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
