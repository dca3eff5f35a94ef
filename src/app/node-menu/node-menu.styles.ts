// The add-node palette: the shared menu look (menu.styles.ts), a search field and a list of
// node types by group.
import { css } from 'lit';
import menu from '../menu.styles.ts';

export default [
  menu,
  css`
  :host {
    width: 240px;
    max-height: 380px;
    display: flex;
    flex-direction: column;
    overflow: hidden;
  }
  /* The heading and the field keep their height; the list alone shrinks and scrolls. As flex
     items they shrank with the rest when every type was listed: the heading's line was cut
     through and the field was 16 px high instead of 24. */
  .heading,
  input {
    flex: none;
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
    flex: 1 1 auto;
    min-height: 0;
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
    padding-left: 16px;
  }
  .none {
    padding: 8px 10px;
    color: var(--tg-muted, #8c97a6);
  }
`,
];
