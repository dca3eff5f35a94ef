import { css } from 'lit';

export default css`
  :host {
    position: fixed;
    inset: 0;
    z-index: 60;
    display: grid;
    place-items: center;
    background: rgba(8, 10, 14, 0.55);
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  .box {
    width: min(640px, 92vw);
    max-height: 80vh;
    display: flex;
    flex-direction: column;
    background: #1b2129;
    border: 1px solid #2f4a6b;
    border-radius: 8px;
    box-shadow: 0 20px 50px rgba(0, 0, 0, 0.6);
  }
  h2 {
    margin: 0;
    padding: 12px 14px 4px;
    font-size: 14px;
    color: #cfe3ff;
  }
  p {
    margin: 0;
    padding: 0 14px 8px;
    color: var(--tg-muted, #a3adba);
  }
  input.link {
    margin: 0 14px;
    height: 28px;
    padding: 0 8px;
    font: 12px var(--tg-mono, ui-monospace, monospace);
    color: #ffd166;
    background: #11161c;
    border: 1px solid #3a4452;
    border-radius: 4px;
  }
  p.large {
    color: var(--tg-text, #dde3ea);
  }
  footer {
    display: flex;
    gap: 8px;
    justify-content: flex-end;
    padding: 8px 14px 12px;
  }
  button {
    height: 26px;
    padding: 0 14px;
    font: inherit;
    color: inherit;
    background: #26303c;
    border: 1px solid #3a4452;
    border-radius: 4px;
    cursor: pointer;
  }
`;
