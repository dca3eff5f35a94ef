import { css } from 'lit';
import dialog from '../dialog.styles.ts';

export default [
  dialog,
  css`
    :host {
      --tg-dialog-border: #5a2a30;
      --tg-dialog-title: #ffb4b4;
    }
    ol {
      margin: 0;
      padding: 4px 14px 10px 34px;
      overflow: auto;
      line-height: 1.5;
    }
    code {
      font-family: var(--tg-mono, ui-monospace, monospace);
      color: #ffd166;
    }
  `,
];
