import { css } from 'lit';

export default css`
  :host {
    display: block;
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  .grid {
    display: grid;
    grid-template-columns: 40px repeat(4, 1fr);
    gap: 3px;
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
    min-height: 40px;
    padding: 4px 6px;
    border: 2px solid transparent;
    border-radius: 4px;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  .cell .name {
    line-height: 1.2;
  }
  .cell .share {
    font: 600 12px var(--tg-mono, ui-monospace, monospace);
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
    gap: 16px;
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
