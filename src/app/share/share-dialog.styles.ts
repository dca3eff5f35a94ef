import { css } from 'lit';
import dialog, { askingAccent } from '../dialog.styles.ts';

export default [
  dialog,
  askingAccent,
  css`
    input.link {
      margin: 0 14px;
      height: 28px;
      padding: 0 8px;
      font: 12px var(--tg-mono, ui-monospace, monospace);
      color: var(--tg-code, #ffd166);
    }
    p.large {
      color: var(--tg-text, #dde3ea);
    }
  `,
];
