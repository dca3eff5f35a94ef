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
      color: #ffd166;
      background: #11161c;
      border: 1px solid #3a4452;
      border-radius: 4px;
    }
    p.large {
      color: var(--tg-text, #dde3ea);
    }
  `,
];
