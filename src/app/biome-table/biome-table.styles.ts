import { css } from 'lit';

export default css`
  :host {
    display: block;
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  .grid {
    display: grid;
    /* minmax(0, …): a long biome name wraps inside its column instead of widening the grid. */
    grid-template-columns: 32px repeat(4, minmax(0, 1fr));
    gap: 2px;
  }
  .head {
    color: var(--tg-muted, #a3adba);
    text-align: center;
    align-self: end;
  }
  .head.side {
    text-align: right;
    align-self: center;
    padding-right: 4px;
  }
  .cell {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    justify-content: space-between;
    gap: 2px;
    min-width: 0;
    min-height: 40px;
    padding: 3px 4px;
    border: 2px solid transparent;
    border-radius: 4px;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  .cell .name {
    max-width: 100%;
    line-height: 1.2;
    hyphens: manual;
  }
  .cell .share {
    font: 600 11px var(--tg-mono, ui-monospace, monospace);
    white-space: nowrap;
  }
  .cell.none {
    opacity: 0.55;
  }
  .cell:hover {
    border-color: rgba(255, 255, 255, 0.6);
  }
  .cell.selected {
    border-color: var(--tg-selected, #ffd166);
    box-shadow: 0 0 0 1px #000;
  }
  .apart {
    display: flex;
    flex-wrap: wrap;
    gap: 2px 16px;
    margin-top: 6px;
    color: var(--tg-muted, #a3adba);
  }
  i {
    display: inline-block;
    width: 10px;
    height: 10px;
    margin-right: 4px;
    border-radius: 2px;
    vertical-align: -1px;
  }
`;
