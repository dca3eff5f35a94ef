import { css } from 'lit';

export default css`
  :host {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 12px;
    box-sizing: border-box;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    overflow: auto;
  }
  h2 {
    margin: 0;
    font-size: 14px;
    font-weight: 600;
  }
  .sub {
    color: var(--tg-muted, #a3adba);
    font-size: 11px;
  }
  .frame {
    position: relative;
    width: 100%;
    aspect-ratio: 1;
    background: repeating-linear-gradient(45deg, #2a313b 0 6px, #252b34 6px 12px);
    border-radius: 4px;
    overflow: hidden;
  }
  .stale canvas {
    opacity: 0.45;
    filter: grayscale(0.6);
  }
  canvas {
    display: block;
    width: 100%;
    height: 100%;
    image-rendering: pixelated;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 10px;
    margin: 0;
    font-size: 11px;
  }
  dt {
    color: var(--tg-muted, #a3adba);
  }
  dd {
    margin: 0;
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  .empty {
    color: var(--tg-muted, #8c97a6);
    line-height: 1.5;
  }
  .message {
    padding: 6px 8px;
    border-radius: 4px;
    background: #2a2f37;
  }
  .message.failed {
    background: #4a1d22;
    color: #ffd2d2;
  }
  p.doc {
    margin: 0;
    color: var(--tg-muted, #a3adba);
    line-height: 1.45;
    font-size: 11px;
  }
`;
