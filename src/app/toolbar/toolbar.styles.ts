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
    background: #171c23;
    border-bottom: 1px solid #2c3440;
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
    background: #26303c;
    border: 1px solid #3a4452;
    border-radius: 4px;
    cursor: pointer;
  }
  button:hover:not(:disabled),
  select:hover {
    background: #33404f;
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .sep {
    width: 1px;
    height: 20px;
    background: #3a4452;
    margin: 0 4px;
  }
  .name {
    margin-left: auto;
    color: var(--tg-muted, #a3adba);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 40%;
  }
  /* A select is as wide as its longest option: recipe and draft names are long. */
  select {
    width: 13em;
    min-width: 0;
    flex-shrink: 1;
  }
  input[type='file'] {
    display: none;
  }
`;
