// A question the editor asks in its own box, not the browser's prompt() or confirm(): the name
// to save a graph under, whether to open a link's graph over the one being edited. It reads as
// the rest of the editor, follows the theme, checks a typed answer as it is typed, and never
// blocks the page (the engine's previews go on behind it).

import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ModalBox } from '../controllers.ts';
import { appEvent } from '../events.ts';
import styles from './ask-dialog.styles.ts';

/** What to ask. With `field`, the answer is the text typed; without, the confirm button's press. */
export interface AskRequest {
  readonly title: string;
  readonly text: string;
  readonly field?: {
    readonly label: string;
    readonly value: string;
    /** Why the text cannot be the answer (shown under the field, the confirm button disabled), or null. */
    readonly problem?: (text: string) => string | null;
    /** Shown under the field while the text is a fine answer. */
    readonly hint?: (text: string) => string;
  };
  readonly confirm: string;
  readonly cancel: string;
}

/** The answer: the typed text (trimmed), '' for a confirm without a field, null for a cancel. */
export type AskAnswer = string | null;

/**
 * A modal box with a question, perhaps a text field, and two buttons. Enter answers (when the
 * text is acceptable), Escape cancels, and so does a click outside the box. Tab goes round the
 * box's own controls: the toolbar behind the dimmed page is out of reach while it asks.
 *
 * @event tg-ask-answer - The person answered or cancelled: detail.answer as AskAnswer.
 */
export class TgAskDialog extends LitElement {
  static override styles = styles;

  /** Its role and name, the focus in it and back, Escape, Tab round its controls, a click outside. */
  private readonly modal = new ModalBox(this, { label: () => this.request?.title ?? '', close: () => this.cancel(), outsideCloses: true, focus: () => this.focusField() });

  @property({ attribute: false }) request: AskRequest | null = null;

  /** The text in the field. */
  @state() private text = '';

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('request')) this.text = this.request?.field?.value ?? '';
  }

  override updated(changed: Map<string, unknown>): void {
    // A question that takes another's place (a link's, over Save as's box) gets the focus as the first did.
    if (changed.has('request') && changed.get('request')) this.modal.focusFirst();
  }

  /** Puts the focus in the box: the field with its name's stem selected, else the confirm button. */
  private focusField(): void {
    const field = this.renderRoot.querySelector('input');
    if (field) {
      field.focus();
      // The name without its extension is what a person retypes.
      const dot = field.value.lastIndexOf('.');
      field.setSelectionRange(0, dot > 0 ? dot : field.value.length);
    } else this.renderRoot.querySelector<HTMLButtonElement>('button.confirm')?.focus();
  }

  override render() {
    const r = this.request;
    if (!r) return nothing;
    const problem = r.field?.problem?.(this.text.trim()) ?? null;
    const hint = r.field && !problem ? (r.field.hint?.(this.text.trim()) ?? '') : '';
    return html`<div class="box">
      <h2>${r.title}</h2>
      <p>${r.text}</p>
      ${r.field
        ? html`<label class="field">
              <span>${r.field.label}</span>
              <input
                type="text"
                spellcheck="false"
                autocomplete="off"
                aria-invalid=${problem ? 'true' : 'false'}
                .value=${this.text}
                @keydown=${this.enter}
                @input=${(e: Event) => (this.text = (e.target as HTMLInputElement).value)}
              />
            </label>
            <p class="note ${problem ? 'problem' : ''}" role=${problem ? 'alert' : 'note'}>${problem ?? hint}</p>`
        : nothing}
      <footer>
        <button class="confirm" ?disabled=${problem !== null} @click=${this.confirm}>${r.confirm}</button>
        <button class="cancel" @click=${this.cancel}>${r.cancel}</button>
      </footer>
    </div>`;
  }

  /**
   * Enter in the field answers, and stops here, or the editor's own keys would act on it too once
   * the box had answered. Escape and Tab are the box's (ModalBox).
   */
  private enter = (e: KeyboardEvent): void => {
    if (e.key !== 'Enter' || e.isComposing) return;
    this.confirm();
    e.preventDefault();
    e.stopPropagation();
  };

  private confirm = (): void => {
    const r = this.request;
    if (!r) return;
    const answer = r.field ? this.text.trim() : '';
    if (r.field?.problem?.(answer)) return;
    this.dispatchEvent(appEvent('tg-ask-answer', { answer }));
  };

  private cancel = (): void => {
    this.dispatchEvent(appEvent('tg-ask-answer', { answer: null }));
  };
}
