import { css } from 'lit';

export default css`
  :host {
    position: fixed;
    z-index: 50;
    width: 240px;
    max-height: 380px;
    display: flex;
    flex-direction: column;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-menu-bg, #1b2129);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 6px;
    box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5);
    overflow: hidden;
  }
  .heading {
    padding: 6px 8px 2px;
    font-size: 11px;
    color: var(--tg-muted, #a3adba);
  }
  input {
    margin: 6px 8px;
    height: 24px;
    padding: 0 6px;
    font: inherit;
    color: inherit;
    background: var(--tg-field-bg, #11161c);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 4px;
    outline: none;
  }
  input:focus {
    border-color: var(--tg-accent, #5aa9ff);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0 0 6px;
    overflow: auto;
  }
  .group {
    padding: 6px 10px 2px;
    font-size: 10px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--tg-muted, #8c97a6);
  }
  .item {
    padding: 4px 10px 4px 16px;
    cursor: pointer;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .item.active {
    background: var(--tg-menu-active, #2d4f78);
  }
  .none {
    padding: 8px 10px;
    color: var(--tg-muted, #8c97a6);
  }
`;
