import { css } from 'lit';

export default css`
  :host {
    display: flex;
    align-items: center;
    gap: 4px;
    height: var(--tg-param-row, 24px);
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  /* A param the node does not read with its other params now (the water's level in share mode). */
  :host([unused]) {
    opacity: 0.55;
  }
  :host([kind='table']) {
    height: auto;
    display: block;
  }
  /* Two lines at most: "equator warmth" and "cooling poleward" were cut to "equator wa…". Wide
     enough for the longest single word, "evaporation", which broke as "evaporatio / n" at 66. */
  label {
    flex: 0 0 72px;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    line-height: 11px;
    color: var(--tg-muted, #a3adba);
  }
  /* "log scale" after a log slider's name, on its line or the next: as large as the range beside it. */
  label .log {
    font-size: 10px;
    color: var(--tg-accent, #5aa9ff);
    white-space: nowrap;
  }
  /* A few words about the value (the wind's "from SW ↗"): as large as "log scale"; at 9 px a
     newcomer read past the wind's direction. */
  label .hint {
    font-size: 10px;
    color: var(--tg-text, #dde3ea);
  }
  /* In a params card (stacked): a slider's name and range on a line, the track and the number
     under them across the card (150 px or more of a 244-px card, where one row left the
     river area's 1…100000 41 px); every name wraps whole, never cut, and the row grows. */
  :host([stacked]) {
    height: auto;
    min-height: var(--tg-param-row, 24px);
  }
  :host([stacked]) label {
    display: block;
    overflow: visible;
    overflow-wrap: anywhere;
    line-height: 12px;
  }
  :host([stacked][slider]) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'label range' 'slider number';
    column-gap: 6px;
    row-gap: 1px;
    align-items: center;
    padding: 3px 0 1px;
  }
  :host([stacked][slider]) label {
    grid-area: label;
    align-self: end;
  }
  :host([stacked][slider]) .range {
    grid-area: range;
    align-self: end;
    align-items: flex-end;
  }
  :host([stacked][slider]) input[type='range'] {
    grid-area: slider;
    width: 100%;
    min-width: 0;
  }
  :host([stacked][slider]) input[type='number'] {
    grid-area: number;
    justify-self: end;
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
    box-sizing: border-box;
  }
  input[type='range'] {
    flex: 1 1 auto;
    min-width: 24px;
    margin: 0;
    accent-color: var(--tg-accent, #5aa9ff);
  }
  input[type='number'],
  input[type='text'],
  select {
    height: 20px;
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 3px;
    background: var(--tg-field-bg, #141920);
    padding: 0 4px;
  }
  input[type='number'] {
    flex: 0 0 46px;
    width: 46px;
    text-align: right;
    -moz-appearance: textfield;
  }
  input[type='number']::-webkit-inner-spin-button {
    display: none;
  }
  /* The unit under the numbers: "0…64 height per view" on one line left the slider 0 px wide
     and ran past the node's edge. */
  .range {
    flex: 0 0 auto;
    display: flex;
    flex-direction: column;
    font-size: 10px;
    line-height: 10px;
    white-space: nowrap;
    color: var(--tg-muted, #a3adba);
  }
  .range .unit {
    font-size: 9px;
  }
  .wide {
    flex: 1 1 auto;
    width: auto;
    min-width: 0;
  }
  select {
    flex: 1 1 auto;
    min-width: 0;
  }
  /* input.invalid, not .invalid: the text field's own border (input[type='text']) outranked it. */
  input:invalid,
  input.invalid {
    border-color: #ff6b6b;
    outline: none;
  }
  button {
    flex: 0 0 auto;
    height: 20px;
    padding: 0 6px;
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 3px;
    background: var(--tg-button-bg, #26303c);
    cursor: pointer;
  }
  button:hover {
    background: var(--tg-button-hover, #33404f);
  }
  input[type='checkbox'] {
    margin: 0;
    accent-color: var(--tg-accent, #5aa9ff);
  }
  .table {
    display: grid;
    /* The row names' own width: at 22 px "warm" ran under its first select ("warn"). */
    grid-template-columns: max-content repeat(4, minmax(0, 1fr));
    gap: 1px;
    /* Into the node's margins, 4 px a side (--tg-table-reach; none in a card). */
    margin: 0 calc(-1 * var(--tg-table-reach, 4px));
  }
  /* In an expanded node (244 px wide) the table's names are 9 px, three lines in 32-pixel rows,
     which its fixed height counts on (layout.ts TABLE_ROW), and the rows' names run up their rows,
     so each column has some 55 px: beside the names across, the columns had 44 and "temperate",
     "shrubland" and "subtropical" broke inside ("temperat / e desert", "shrublan / d") and
     "tropical seasonal forest" was cut to "tropical season…". A collapsed node's params card is
     wider and as tall as its content: it sets --tg-table-font to 11 px (node.styles.ts), where
     9 px was too small to read, its row names across, and the rows grow to their names, three
     lines at most ("tropical / seasonal / forest"). */
  .table span {
    color: var(--tg-muted, #a3adba);
    font-size: var(--tg-table-font, 9px);
    line-height: var(--tg-table-side-line, 10px);
    writing-mode: var(--tg-table-side-writing, vertical-rl);
    transform: var(--tg-table-side-turn, rotate(180deg));
    text-align: var(--tg-table-side-align, center);
    align-self: center;
    padding: var(--tg-table-side-padding, 0);
  }
  /* A cell: the biome's name whole, on two lines at most ("tropical seasonal / forest"), in its
     colour; the select lies over it unseen and opens on a click, as a select does. */
  .table .cell {
    position: relative;
    display: flex;
    align-items: center;
    height: var(--tg-table-cell, 32px);
    min-height: 22px;
    border-radius: 2px;
    overflow: hidden;
    cursor: pointer;
  }
  .table .cell:hover {
    filter: brightness(1.08);
  }
  .table .cell:focus-within {
    outline: 1px solid var(--tg-accent, #5aa9ff);
    outline-offset: -1px;
  }
  .table .name {
    font-size: var(--tg-table-font, 9px);
    line-height: var(--tg-table-line, 10px);
    padding: 0 var(--tg-table-name-padding, 1px);
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--tg-table-lines, 3);
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .table select {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
    cursor: pointer;
    font-size: 11px;
  }
`;
