import { css } from 'lit';
import dialog, { askingAccent } from '../dialog.styles.ts';

export default [
  dialog,
  askingAccent,
  css`
    .box {
      width: min(460px, 92vw);
    }
    p {
      color: var(--tg-text, #dde3ea);
    }
    label.field {
      display: flex;
      flex-direction: column;
      gap: 4px;
      padding: 0 14px;
      color: var(--tg-muted, #a3adba);
    }
    input {
      height: 28px;
      padding: 0 8px;
      font: 13px var(--tg-mono, ui-monospace, monospace);
      color: var(--tg-text, #dde3ea);
      background: var(--tg-field-bg, #11161c);
      border: 1px solid var(--tg-line, #3a4452);
      border-radius: 4px;
    }
    input:focus {
      outline: 2px solid var(--tg-accent, #5aa9ff);
      outline-offset: -1px;
    }
    input[aria-invalid='true'] {
      border-color: var(--tg-danger, #ffb3b3);
    }
    p.note {
      min-height: 16px;
      padding: 4px 14px 0;
      color: var(--tg-muted, #a3adba);
    }
    p.note.problem {
      color: var(--tg-danger, #ffb3b3);
    }
    button.confirm {
      background: var(--tg-menu-active, #2d4f78);
      border-color: var(--tg-accent, #5aa9ff);
    }
    button:disabled {
      opacity: 0.45;
      cursor: not-allowed;
    }
  `,
];
