// The add-node menu: a search field over the node types, grouped as the manifests say.

import { html, LitElement } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { choicesNamed, type MenuItem, searchMenu } from '../../editor/catalogue.ts';
import { appEvent } from '../events.ts';
import styles from './node-menu.styles.ts';

/**
 * A floating, searchable, grouped list of node types. Typing filters; arrow keys and Enter
 * pick; Escape closes. Opened by a right-click on the canvas (every type) and by a wire
 * dropped on empty canvas (only the types that can take that wire).
 *
 * @event tg-menu-pick - A node type was chosen.
 * @event tg-menu-close - The menu was dismissed without a choice.
 */
export class TgNodeMenu extends LitElement {
  static override styles = styles;

  /** The entries offered. */
  @property({ attribute: false }) items: readonly MenuItem[] = [];

  /** A line above the search field ("Add node", "Take the wire from water.terrain"). */
  @property() heading = 'Add node';

  /**
   * What the list says when no node is offered at all (a wire no node takes), where "No node
   * matches." blamed a search nothing had been typed in.
   */
  @property() nothing = 'No node matches.';

  /** Where the menu opens, in client pixels. */
  @property({ type: Number }) x = 0;
  @property({ type: Number }) y = 0;

  @state() private query = '';
  @state() private active = 0;

  @query('input') private input!: HTMLInputElement;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('role', 'menu');
  }

  override firstUpdated(): void {
    this.input.focus();
  }

  override render() {
    // Keep the menu on screen near the pointer.
    const left = Math.max(4, Math.min(this.x, window.innerWidth - 244));
    const top = Math.max(4, Math.min(this.y, window.innerHeight - 384));
    this.style.left = `${left}px`;
    this.style.top = `${top}px`;
    const groups = searchMenu(this.items, this.query);
    const flat = groups.flatMap((g) => g.items);
    const active = Math.min(this.active, flat.length - 1);
    let k = 0;
    // The heading is cut to one line ("Insert on Height = C + E · PV · out → …"): whole in its tooltip.
    return html`<div class="heading" title=${this.heading}>${this.heading}</div>
      <input
        type="search"
        placeholder="Search nodes…"
        aria-label="Search nodes"
        .value=${this.query}
        @input=${(e: Event) => {
          this.query = (e.target as HTMLInputElement).value;
          this.active = 0;
        }}
        @keydown=${(e: KeyboardEvent) => this.key(e, flat)}
      />
      <ul>
        ${groups.length === 0 ? html`<li class="none">${this.items.length ? 'No node matches.' : this.nothing}</li>` : ''}
        ${groups.map(
          (g) => html`<li class="group" role="presentation">${g.group}</li>
            ${g.items.map((it) => {
              const index = k++;
              return html`<li
                class="item ${index === active ? 'active' : ''}"
                role="menuitem"
                data-type=${it.type}
                data-port=${it.port ?? ''}
                title=${it.doc}
                @pointerenter=${() => (this.active = index)}
                @click=${() => this.pick(it)}
              >
                ${it.title}
              </li>`;
            })}`,
        )}
      </ul>`;
  }

  private key(e: KeyboardEvent, flat: readonly MenuItem[]): void {
    e.stopPropagation();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      this.active = e.key === 'ArrowDown' ? Math.min(flat.length - 1, this.active + 1) : Math.max(0, this.active - 1);
      e.preventDefault();
      void this.showActive();
    } else if (e.key === 'Enter') {
      const it = flat[Math.min(this.active, flat.length - 1)];
      if (it) this.pick(it);
    } else if (e.key === 'Escape') {
      this.dispatchEvent(appEvent('tg-menu-close', undefined));
    }
  }

  /**
   * Scrolls the highlighted type into the list's sight once drawn, as a native list does: the
   * arrow keys walked it below the list with nothing scrolled. Only for the keys: done on a
   * pointer's hover, it would scroll a half-shown item under a resting pointer, which then
   * hovers the next one, and so on down the list.
   */
  private async showActive(): Promise<void> {
    await this.updateComplete;
    // Back on the first, its group's name comes back into sight too.
    if (this.active === 0) this.renderRoot.querySelector('ul')?.scrollTo({ top: 0 });
    else this.renderRoot.querySelector('.item.active')?.scrollIntoView({ block: 'nearest' });
  }

  private pick(it: MenuItem): void {
    this.dispatchEvent(appEvent('tg-menu-pick', { type: it.type, port: it.port, outPort: it.outPort, params: choicesNamed(it.type, this.query) }));
  }
}
