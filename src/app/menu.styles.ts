// The look every floating menu shares (the add-node palette, a node's or a frame's menu): a
// themed panel at the pointer, a muted heading cut to one line, and the active item's band.
// A menu adds its own layout (a search field, ticks, shortcut keys) after these.
import { css } from 'lit';

export default css`
  :host {
    position: fixed;
    z-index: 50;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-menu-bg, #1b2129);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 6px;
    box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5);
    outline: none;
  }
  .heading {
    padding: 5px 10px 3px;
    font-size: 11px;
    color: var(--tg-muted, #a3adba);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .item {
    padding: 4px 10px;
    cursor: pointer;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .item.active {
    background: var(--tg-menu-active, #2d4f78);
  }
`;
