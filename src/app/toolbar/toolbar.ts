// The bar above the canvas: files, recipes, drafts, undo and redo, zoom to fit.

import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { DraftInfo } from '../../editor/files.ts';
import { appEvent, type ToolbarAction } from '../events.ts';
import type { Recipe } from '../recipes.ts';
import styles from './toolbar.styles.ts';

/**
 * The app's commands as buttons. It holds no state of its own: the app tells it what can be
 * undone and what the graph is called.
 *
 * @event tg-toolbar - A command was chosen (new, save, share, undo, redo, fit, recipe, draft).
 * @event tg-open-file - A file was picked with Open.
 */
export class TgToolbar extends LitElement {
  static override styles = styles;

  /** The files offered under Recipes. */
  @property({ attribute: false }) recipes: readonly Recipe[] = [];

  @property({ type: Boolean }) canUndo = false;
  @property({ type: Boolean }) canRedo = false;
  @property() undoLabel = '';
  @property() redoLabel = '';

  /** The open graph's name. */
  @property() graphName = '';

  /** The recipe the open graph is, unchanged (the Recipes menu shows its name), or null. */
  @property({ attribute: false }) shownRecipe: Recipe | null = null;

  /** True when the graph holds edits no saved file has: a dot before its name. */
  @property({ type: Boolean }) dirty = false;

  /** The theme in use, for the switch's label. */
  @property() theme: 'dark' | 'light' = 'dark';

  /** Lists the drafts other tabs autosaved, read each time the Drafts menu opens. */
  @property({ attribute: false }) listDrafts: () => readonly DraftInfo[] = () => [];
  @state() private drafts: readonly DraftInfo[] = [];

  @query('input[type=file]') private picker!: HTMLInputElement;

  override render() {
    const mod = navigator.platform.includes('Mac') ? '⌘' : 'Ctrl+';
    const shown = this.shownRecipe;
    return html`<span class="brand">Terrain Graph</span>
      <button @click=${() => this.act('new')} title="Start an empty graph">New</button>
      <button @click=${() => this.picker.click()} title="Open a graph file (or drop one on the page)">Open…</button>
      <input type="file" accept=".json,application/json" @change=${this.picked} />
      <button @click=${() => this.act('save')} title="Download the graph as a file (${mod}S)">Save</button>
      <button @click=${() => this.act('saveas')} title="Download the graph under another file name (Shift+${mod}S)">Save as…</button>
      <button class="share" @click=${() => this.act('share')} title="Copy a link that holds the whole graph">Share</button>
      <select
        aria-label="Recipes"
        class=${shown ? 'recipes shown' : 'recipes'}
        title=${shown
          ? `${shown.name} is open as shipped (graphs/${shown.file}): pick a recipe to open it, this one again to start it afresh`
          : 'Open one of the graphs shipped in graphs/'}
        @change=${(e: Event) => {
          const file = takeChoice(e);
          if (file) this.dispatchEvent(appEvent('tg-toolbar', { action: 'recipe', file }));
        }}
      >
        <!-- The menu's title, or the recipe open, unchanged: a title of its own (hidden from the
             list), so picking that recipe in the list is still a change and opens it again. -->
        <option value="" selected ?hidden=${!!shown}>${shown ? shown.name : 'Recipes…'}</option>
        ${this.recipes.map((r) => html`<option value=${r.file} title=${r.about}>${r.name}</option>`)}
      </select>
      <select
        aria-label="Drafts"
        title="Open a graph another tab autosaved (each tab keeps its own draft)"
        @focus=${() => (this.drafts = this.listDrafts())}
        @pointerdown=${() => (this.drafts = this.listDrafts())}
        @change=${(e: Event) => {
          const draft = takeChoice(e);
          if (draft) this.dispatchEvent(appEvent('tg-toolbar', { action: 'draft', draft }));
        }}
      >
        <option value="" selected>Drafts…</option>
        ${this.drafts.map((d) => html`<option value=${d.id}>${d.name} · ${savedWhen(d.savedAt)}</option>`)}
        ${this.drafts.length ? nothing : html`<option value="" disabled>No other drafts</option>`}
      </select>
      <span class="sep"></span>
      <button ?disabled=${!this.canUndo} @click=${() => this.act('undo')} title="Undo ${this.undoLabel} (${mod}Z)">Undo</button>
      <button ?disabled=${!this.canRedo} @click=${() => this.act('redo')} title="Redo ${this.redoLabel} (Shift+${mod}Z)">Redo</button>
      <span class="sep"></span>
      <button @click=${() => this.act('fit')} title="Zoom to fit every node (F)">Fit</button>
      <span class="title">
        <span class="dirty" title=${this.dirty ? 'Unsaved changes: Save keeps them in a file' : 'No unsaved changes'}>${this.dirty ? '●' : ''}</span>
        <input
          class="name"
          aria-label="graph name"
          title="${this.graphName}: the graph's name, click to rename"
          .value=${this.graphName}
          @keydown=${(e: KeyboardEvent) => {
            e.stopPropagation();
            if (e.key === 'Enter' || e.key === 'Escape') {
              if (e.key === 'Escape') (e.target as HTMLInputElement).value = this.graphName;
              (e.target as HTMLInputElement).blur();
            }
          }}
          @change=${(e: Event) => {
            const name = (e.target as HTMLInputElement).value.trim();
            if (name && name !== this.graphName) this.dispatchEvent(appEvent('tg-toolbar', { action: 'rename', name }));
            else (e.target as HTMLInputElement).value = this.graphName;
          }}
        />
      </span>
      <button class="icon" @click=${() => this.act('theme')} title="Switch to the ${this.theme === 'dark' ? 'light' : 'dark'} theme" aria-label="theme">${this.theme === 'dark' ? '☀' : '☾'}</button>
      <button class="icon" @click=${() => this.act('help')} title="Every shortcut and gesture (?)" aria-label="help">?</button>`;
  }

  private act(action: ToolbarAction): void {
    this.dispatchEvent(appEvent('tg-toolbar', { action }));
  }

  private picked(): void {
    const file = this.picker.files?.[0];
    this.picker.value = '';
    if (file) this.dispatchEvent(appEvent('tg-open-file', { file }));
  }
}

/** The chosen option of a menu-like select, which goes back to its title, ready for the next pick. */
function takeChoice(e: Event): string {
  const select = e.target as HTMLSelectElement;
  const value = select.value;
  select.value = '';
  return value;
}

/** When a draft was saved, as a person reads it: the time today, else the date and time. */
function savedWhen(ms: number): string {
  const at = new Date(ms);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date().toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}
