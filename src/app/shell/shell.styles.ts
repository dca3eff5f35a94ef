import { css } from 'lit';

export default css`
  :host {
    display: grid;
    grid-template-rows: 40px 1fr 22px;
    /* The viewer sizes itself to its map (resizable); the canvas takes the rest. */
    grid-template-columns: minmax(0, 1fr) auto;
    height: 100vh;
    width: 100vw;
    overflow: hidden;
    background: var(--tg-bg, #11151b);
    color: var(--tg-text, #dde3ea);
    font: 12px var(--tg-font, system-ui, sans-serif);
  }
  tg-toolbar {
    grid-column: 1 / -1;
  }
  .canvas {
    grid-column: 1;
    grid-row: 2;
    position: relative;
    overflow: hidden;
    background-color: var(--tg-bg, #11151b);
    background-image: radial-gradient(circle, var(--tg-grid-dot, #262d37) 1px, transparent 1px);
    background-size: 24px 24px;
    outline: none;
  }
  tg-viewer {
    grid-column: 2;
    grid-row: 2 / 4;
    min-height: 0;
    border-left: 1px solid var(--tg-line, #2c3440);
    background: var(--tg-panel-bg, #161b22);
  }
  .toast {
    position: absolute;
    left: 50%;
    top: 12px;
    transform: translateX(-50%);
    max-width: min(720px, 90%);
    padding: 8px 14px;
    border-radius: 6px;
    background: var(--tg-button-bg, #26303c);
    border: 1px solid var(--tg-line, #3a4452);
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
    line-height: 1.4;
    z-index: 20;
    pointer-events: none;
  }
  .toast.refused {
    background: #4a1d22;
    border-color: #a8434d;
    color: #ffe1e1;
  }
  .drop {
    position: absolute;
    inset: 0;
    z-index: 30;
    display: grid;
    place-items: center;
    font-size: 16px;
    color: #fff;
    background: rgba(40, 90, 150, 0.35);
    border: 3px dashed #5aa9ff;
    pointer-events: none;
  }
  .status {
    grid-column: 1;
    grid-row: 3;
    display: flex;
    align-items: center;
    gap: 16px;
    padding: 0 10px;
    overflow: hidden;
    white-space: nowrap;
    color: var(--tg-muted, #7d8896);
    font-size: 11px;
    background: var(--tg-bar-bg, #171c23);
    border-top: 1px solid var(--tg-line, #2c3440);
  }
  /* On a narrow window the hints give way (cut with an ellipsis) to the graph's counts. */
  .status .hints {
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .status .right {
    flex: none;
    margin-left: auto;
  }
  .notes-line {
    position: absolute;
    left: 8px;
    bottom: 8px;
    z-index: 10;
    max-width: min(560px, calc(100% - 240px));
    padding: 4px 10px;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font: 12px var(--tg-font, system-ui, sans-serif);
    text-align: left;
    color: var(--tg-text, #dde3ea);
    background: var(--tg-bar-bg, #171c23);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 5px;
    cursor: pointer;
    opacity: 0.92;
  }
  .notes-card {
    position: absolute;
    left: 8px;
    bottom: 8px;
    z-index: 25;
    width: min(520px, calc(100% - 16px));
    display: flex;
    flex-direction: column;
    background: var(--tg-bar-bg, #171c23);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 6px;
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.45);
  }
  .notes-card header {
    display: flex;
    align-items: baseline;
    gap: 8px;
    padding: 6px 10px 0;
  }
  .notes-card small {
    color: var(--tg-muted, #a3adba);
  }
  .notes-card header button {
    margin-left: auto;
    font: 14px var(--tg-font, system-ui, sans-serif);
    color: inherit;
    background: none;
    border: none;
    cursor: pointer;
  }
  .notes-card textarea {
    margin: 6px 10px 10px;
    min-height: 90px;
    resize: vertical;
    font: 13px/1.4 var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-field-bg, #141920);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 4px;
    padding: 6px;
  }
`;
