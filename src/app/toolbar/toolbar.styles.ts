import { css } from 'lit';

export default css`
  :host {
    display: flex;
    align-items: center;
    gap: 6px;
    height: 40px;
    padding: 0 10px;
    box-sizing: border-box;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-bar-bg, #171c23);
    border-bottom: 1px solid var(--tg-line, #2c3440);
    flex-wrap: nowrap;
    overflow: hidden;
    white-space: nowrap;
  }
  button {
    flex: none;
  }
  .brand {
    font-weight: 700;
    margin-right: 8px;
    letter-spacing: 0.02em;
  }
  button,
  select {
    height: 26px;
    padding: 0 10px;
    font: inherit;
    color: inherit;
    background: var(--tg-button-bg, #26303c);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 4px;
    cursor: pointer;
  }
  button:hover:not(:disabled),
  select:hover {
    background: var(--tg-button-hover, #33404f);
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .sep {
    width: 1px;
    height: 20px;
    background: var(--tg-line, #3a4452);
    margin: 0 4px;
  }
  .title {
    margin-left: auto;
    display: flex;
    align-items: center;
    gap: 4px;
    min-width: 80px;
    flex: 0 1 260px;
  }
  .dirty {
    color: var(--tg-selected, #ffd166);
    width: 10px;
  }
  .name {
    flex: 1 1 auto;
    min-width: 0;
    height: 24px;
    padding: 0 6px;
    font: inherit;
    color: var(--tg-text, #dde3ea);
    background: transparent;
    border: 1px solid transparent;
    border-radius: 4px;
    text-overflow: ellipsis;
  }
  .name:hover,
  .name:focus {
    border-color: var(--tg-line, #3a4452);
    background: var(--tg-field-bg, #141920);
    outline: none;
  }
  .icon {
    padding: 0 8px;
  }
  /* A narrow window keeps one row: the brand goes, the menus shrink. */
  @media (max-width: 1200px) {
    .brand {
      display: none;
    }
    select {
      width: 8em;
    }
  }
  /* A select is as wide as its longest option: recipe and draft names are long. */
  select {
    width: 13em;
    min-width: 0;
    flex-shrink: 1;
    text-overflow: ellipsis;
  }
  /* The Recipes menu names the recipe open: at 1024 px it gives way after Drafts does, which
     cut "Eroded valleys" to "Eroded valle". */
  select.recipes {
    flex-shrink: 0.4;
  }
  /* Where the bar has room (a wide window) the Recipes menu is as wide as the name it shows: at
     13em, 1600 px wide, it cut "Start terrain wit…" with room to spare, and as wide as its longest
     name (width: auto) it took 330 px to say "Start". 8em at the least, so a short name still
     reads as a menu. Opened, the browser's list is as wide as its longest name whatever the
     menu's width. A narrow window keeps the sizes above; so does the bar, the menu giving way,
     should a name outgrow it. */
  @media (min-width: 1201px) {
    select.recipes {
      width: auto;
      field-sizing: content;
      min-width: 8em;
    }
  }
  input[type='file'] {
    display: none;
  }
`;
