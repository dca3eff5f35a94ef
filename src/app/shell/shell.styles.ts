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
    background-image: radial-gradient(circle, #262d37 1px, transparent 1px);
    background-size: 24px 24px;
    outline: none;
  }
  tg-viewer {
    grid-column: 2;
    grid-row: 2 / 4;
    min-height: 0;
    border-left: 1px solid #2c3440;
    background: #161b22;
  }
  .toast {
    position: absolute;
    left: 50%;
    top: 12px;
    transform: translateX(-50%);
    max-width: min(720px, 90%);
    padding: 8px 14px;
    border-radius: 6px;
    background: #26303c;
    border: 1px solid #3a4452;
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
    color: #7d8896;
    font-size: 11px;
    background: #171c23;
    border-top: 1px solid #2c3440;
  }
  .status .right {
    margin-left: auto;
  }
`;
