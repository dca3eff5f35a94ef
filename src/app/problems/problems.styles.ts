import { css } from 'lit';
import dialog from '../dialog.styles.ts';

export default [
  dialog,
  css`
    :host {
      /* The theme's danger colours: a pale pink on the dark box, a deep red on the light one. */
      --tg-dialog-border: var(--tg-danger-line, #5a2a30);
      --tg-dialog-title: var(--tg-danger, #ffb4b4);
    }
    ol {
      margin: 0;
      padding: 4px 14px 10px 34px;
      overflow: auto;
      line-height: 1.5;
    }
    .line {
      font-weight: 600;
      white-space: nowrap;
    }
    code {
      font-family: var(--tg-mono, ui-monospace, monospace);
      color: var(--tg-code, #ffd166);
    }
  `,
];
