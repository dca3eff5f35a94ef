// The look every modal dialog shares (the problem list, Save as's question, Share, Export →
// Tiles, the help sheet): a dimmed overlay, a themed box, a title, text, its fields and a row of
// buttons, the one that answers in the accent. A dialog sets its own accent through
// --tg-dialog-border and --tg-dialog-title and adds what only it has (its fields' sizes).
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
    background: var(--tg-menu-bg, #1b2129);
    border: 1px solid var(--tg-dialog-border, #3a4452);
    border-radius: 8px;
    box-shadow: 0 20px 50px rgba(0, 0, 0, 0.6);
  }
  h2 {
    margin: 0;
    padding: 12px 14px 4px;
    font-size: 14px;
    color: var(--tg-dialog-title, inherit);
  }
  p {
    margin: 0;
    padding: 0 14px 8px;
    color: var(--tg-muted, #a3adba);
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
    background: var(--tg-button-bg, #26303c);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 4px;
    cursor: pointer;
  }
  button.confirm {
    background: var(--tg-menu-active, #2d4f78);
    border-color: var(--tg-accent, #5aa9ff);
  }
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  input,
  select {
    color: var(--tg-text, #dde3ea);
    background: var(--tg-field-bg, #11161c);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 4px;
  }
  input:focus,
  select:focus {
    outline: 2px solid var(--tg-accent, #5aa9ff);
    outline-offset: -1px;
  }
  /* The box itself holds the focus after a press on its text (ModalBox): no ring around the page. */
  :host(:focus) {
    outline: none;
  }
`;

/** The blue accent of a dialog that asks or offers (the share link, Save as), not one that warns. */
export const askingAccent = css`
  :host {
    --tg-dialog-border: #2f4a6b;
    --tg-dialog-title: var(--tg-accent, #5aa9ff);
  }
`;
