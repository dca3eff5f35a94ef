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
  `,
];
