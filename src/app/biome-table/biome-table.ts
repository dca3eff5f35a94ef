// The Whittaker table in the viewer: each cell's biome and its share of the land under it,
// beach and ocean apart; a click picks the cell whose map cells the map highlights.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { biomeId, BIOMES } from '../../model/biomes.ts';
import { MOISTURE_COLUMNS, TEMPERATURE_ROWS } from '../../viewer-core/provenance.ts';
import type { TableShares } from '../../viewer-core/table.ts';
import styles from './biome-table.styles.ts';

/** A table cell picked (0 … 15, row · 4 + col), or null to clear the highlight. */
export interface TablePickDetail {
  readonly cell: number | null;
}

declare global {
  interface HTMLElementEventMap {
    'tg-table-pick': CustomEvent<TablePickDetail>;
  }
}

const percent = (v: number) => `${(v * 100).toFixed(v > 0 && v < 0.1 ? 1 : 0)} %`;

function colour(name: string): string {
  const c = BIOMES[biomeId(name)]?.color ?? [80, 80, 80];
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/**
 * A biome name that may break inside its long words: a soft hyphen between two consonants
 * after a vowel ("rain-forest", "sub-tropical") or before a consonant between vowels
 * ("sea-sonal"), at least three letters from either end. The styles use them only in a table
 * too narrow for whole words (under 240 pixels); the browser's own hyphenation needs
 * dictionaries a headless or offline browser may not have.
 */
export function breakable(name: string): string {
  return name
    .split(' ')
    .map((word) => {
      if (word.length < 8) return word;
      let out = '';
      for (let k = 0; k < word.length; k++) {
        out += word[k];
        const v = (i: number) => /[aeiouy]/.test(word[i] ?? '');
        const betweenConsonants = (v(k - 1) || word[k - 1] === word[k]) && !v(k) && !v(k + 1) && word[k] !== word[k + 1];
        const beforeConsonantVowel = v(k) && !v(k + 1) && v(k + 2);
        if (k >= 2 && k <= word.length - 4 && (betweenConsonants || beforeConsonantVowel)) out += '\u00ad';
      }
      return out;
    })
    .join(' ');
}

/** Light biomes (snow, desert, beach) take dark text, the dark ones (forests) light text. */
export function ink(name: string): string {
  const c = BIOMES[biomeId(name)]?.color ?? [80, 80, 80];
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 150 ? '#141a22' : '#f3f6f9';
}

/**
 * Rows cold → hot, columns dry → wet, as the Whittaker node reads them.
 *
 * @event tg-table-pick - A cell was clicked (again: null, the highlight goes).
 */
export class TgBiomeTable extends LitElement {
  static override styles = styles;

  /** The node's table of biome names, rows cold → hot, columns dry → wet. */
  @property({ attribute: false }) table: readonly (readonly string[])[] = [];

  /** Each cell's share of the land, from the map shown. */
  @property({ attribute: false }) shares: TableShares | null = null;

  /** The highlighted cell, or null. */
  @property({ attribute: false }) selected: number | null = null;

  override render() {
    const s = this.shares;
    return html`<div class="grid" role="grid">
        <span class="corner"></span>
        ${MOISTURE_COLUMNS.map((c) => html`<span class="head">${c}</span>`)}
        ${this.table.map(
          (row, r) => html`<span class="head side">${TEMPERATURE_ROWS[r]}</span>
            ${row.map((name, c) => {
              const k = r * 4 + c;
              const share = s ? s.cells[k] : 0;
              return html`<button
                class="cell ${this.selected === k ? 'selected' : ''} ${s && share === 0 ? 'none' : ''}"
                data-cell=${k}
                data-biome=${name}
                title="${TEMPERATURE_ROWS[r]} and ${MOISTURE_COLUMNS[c]}: ${name}, ${percent(share)} of the land. Click to see where on the map."
                style="background:${colour(name)};color:${ink(name)}"
                @click=${() => this.pick(k)}
              >
                <span class="name">${breakable(name)}</span><span class="share">${s ? percent(share) : '…'}</span>
              </button>`;
            })}`,
        )}
      </div>
      ${s
        ? html`<div class="apart">
            <span><i style="background:${colour('beach')}"></i>beach ${percent(s.beach)} of the land</span>
            <span title="The sea's share of this map. The water level's share is of the cut it reads, which with a world cut is a region of 16 × 16 views, not this map."><i style="background:${colour('ocean')}"></i>ocean ${percent(s.ocean)} of the map</span>
          </div>`
        : nothing}`;
  }

  private pick(k: number): void {
    this.dispatchEvent(new CustomEvent('tg-table-pick', { detail: { cell: this.selected === k ? null : k }, bubbles: true, composed: true }));
  }
}
