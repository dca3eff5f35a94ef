import { css } from 'lit';

export default css`
  :host {
    display: block;
    /* The narrow layout below follows the table's own width, not the window's: the map's size moves it too. */
    container-type: inline-size;
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
    /* Whole words wherever they fit: the soft hyphens, taken greedily, cut "rain-forest" at 1600 px too. */
    hyphens: none;
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
  /*
   * Narrow (the viewer at 1024 × 700 leaves the table 255 px): the cells had 42 px for their
   * names, and "temperate", "shrubland" and "subtropical" broke at soft hyphens ("tempe-rate").
   * The row's name goes above its row instead of beside it, the names at 10 px, the cell's edge
   * at 1 px: 58 px at 255, more than "subtropical" needs (55 px). Up to 340 px: the wide layout
   * fits "subtropical" at 11 px (61 px) from 332. The soft hyphens are for a table narrower still.
   */
  @container (max-width: 340px) {
    .grid {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }
    .corner {
      display: none;
    }
    .head.side {
      grid-column: 1 / -1;
      text-align: left;
      padding: 2px 0 0;
    }
    .cell {
      min-height: 34px;
      padding: 2px 1px 2px 2px;
      border-width: 1px;
    }
    .cell .name {
      font-size: 10px;
    }
    .cell.selected {
      box-shadow: inset 0 0 0 1px var(--tg-selected, #ffd166), 0 0 0 1px #000;
    }
  }
  @container (max-width: 240px) {
    .cell .name {
      hyphens: manual;
    }
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
