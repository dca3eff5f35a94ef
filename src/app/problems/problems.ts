// The list of problems of a file that could not be opened.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { problemCount, type Problem } from '../../model/problems.ts';
import { ModalBox } from '../controllers.ts';
import { appEvent } from '../events.ts';
import styles from './problems.styles.ts';

/**
 * A modal list of every problem the parser found, each with its JSON path (and, for a file opened,
 * the line of the file it is on), so a file fixed by hand can be fixed in one go. The open graph is untouched behind it.
 *
 * @event tg-problems-close - The person closed the list.
 * @event tg-problems-open-without - The person chose the offer: open the file without what stops it.
 */
export class TgProblems extends LitElement {
  static override styles = styles;

  /** The file that failed to open. */
  @property() file = '';

  @property({ attribute: false }) problems: readonly Problem[] = [];

  /** What became of the file and what is open instead, when not "the open graph is unchanged" (a draft set aside at start-up). */
  @property() note = '';

  /**
   * The button that opens the file all the same, leaving out what stops it (the wires to a node
   * deleted by hand), when that is possible; '' when it is not.
   */
  @property() offer = '';

  /**
   * Its role and name, the focus in it (on Close) and back, Escape, Tab kept in it. A press
   * outside leaves it open: the list is there to be read while the file is fixed.
   */
  private readonly modal = new ModalBox(this, { label: () => 'Problems in the file', role: 'alertdialog', close: () => this.close(), outsideCloses: false });

  override render() {
    const n = problemCount(this.problems);
    return html`<div class="box">
      <h2>${this.file || 'The file'} could not be opened</h2>
      <p>${n} problem${n === 1 ? '' : 's'}; ${this.note || 'the open graph is unchanged.'}</p>
      <ol>
        ${this.problems.map((p) => html`<li class="problem">${p.line ? html`<span class="line">line ${p.line}</span> ` : nothing}<code>${p.path}</code> ${p.message}</li>`)}
      </ol>
      <footer>
        ${this.offer ? html`<button class="confirm" @click=${this.openWithout}>${this.offer}</button>` : nothing}
        <button @click=${this.close}>Close</button>
      </footer>
    </div>`;
  }

  private openWithout(): void {
    this.dispatchEvent(appEvent('tg-problems-open-without', undefined));
  }

  private close(): void {
    this.dispatchEvent(appEvent('tg-problems-close', undefined));
  }
}
