import { css } from 'lit';

export default css`
  :host {
    display: block;
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  .hint {
    margin: 0;
    color: var(--tg-muted, #a3adba);
    line-height: 1.45;
  }
  .hint.failed {
    color: var(--tg-danger, #ffb3b3);
  }
  .where {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px 14px;
    margin-bottom: 4px;
    color: var(--tg-muted, #a3adba);
  }
  .where b {
    color: var(--tg-text, #dde3ea);
    font: 600 11px var(--tg-mono, ui-monospace, monospace);
  }
  .where .in-world.outside {
    color: var(--tg-text, #dde3ea);
  }
  .where button {
    margin-left: auto;
    font: inherit;
    color: inherit;
    background: var(--tg-chip-bg, #2a313b);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 3px;
    padding: 1px 8px;
    cursor: pointer;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    table-layout: fixed;
  }
  tr {
    border-top: 1px solid var(--tg-rule, #232a33);
  }
  tr.shown {
    background: var(--tg-chip-on, #262f3b);
  }
  th {
    /* Wide enough for the longest port name whole at 1024 × 700 ("accumulation", indented). */
    width: 32%;
    padding: 2px 6px 2px 0;
    font-weight: 500;
    text-align: left;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* A node with several outputs: its title heads its rows, whole, and each row names its port. */
  tr.head {
    border-top: 1px solid var(--tg-rule, #232a33);
  }
  tr.head + tr {
    border-top: none;
  }
  tr.head th {
    white-space: normal;
    padding-bottom: 0;
  }
  th.port {
    padding-left: 6px;
    color: var(--tg-muted, #a3adba);
    font-weight: 400;
  }
  .answer small {
    color: var(--tg-muted, #a3adba);
  }
  td.value {
    width: 22%;
    padding: 2px 8px 2px 0;
    text-align: right;
    font: 600 11px var(--tg-mono, ui-monospace, monospace);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  td.value.name {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  td.value.missing {
    color: var(--tg-danger, #ffb3b3);
  }
  td.note {
    padding: 2px 0;
    color: var(--tg-muted, #a3adba);
    line-height: 1.3;
  }
  /* The shown node's value, above the list: as its row looks, one line or two. */
  .answer {
    margin-bottom: 4px;
    padding: 3px 6px;
    border-radius: 3px;
    background: var(--tg-chip-on, #262f3b);
    line-height: 1.35;
  }
  .answer b {
    font: 600 12px var(--tg-mono, ui-monospace, monospace);
  }
  .answer b.name {
    font-family: var(--tg-font, system-ui, sans-serif);
  }
  .answer .note {
    color: var(--tg-muted, #a3adba);
  }
  /* The rivers and lakes drawn over the map at this cell: marked with the colour the map drew them in
     (the element's waterColour, src/render/rivers.ts riverColour), the river blue when it has none. */
  .river-line,
  .lake-line {
    margin-bottom: 4px;
    padding: 2px 6px;
    border-left: 3px solid rgb(0, 150, 255);
    line-height: 1.35;
  }
  .river-line .note,
  .lake-line .note {
    color: var(--tg-muted, #a3adba);
  }
  :host([dim]) table,
  :host([dim]) .answer {
    opacity: 0.4;
  }
`;
