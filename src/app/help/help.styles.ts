// The help sheet's look: the dialogs' overlay and box (dialog.styles.ts), wider and taller
// for its tables of shortcuts, which scroll inside it.
import { css } from 'lit';
import dialog from '../dialog.styles.ts';

export default [
  dialog,
  css`
    .box {
      display: block;
      width: auto;
      max-width: min(760px, 94vw);
      max-height: 88vh;
      overflow: auto;
      padding: 12px 20px 16px;
      font-size: 13px;
    }
    h2 {
      padding: 0 0 6px;
      font-size: 16px;
    }
    h3 {
      margin: 12px 0 4px;
      font-size: 12px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
      color: var(--tg-muted, #a3adba);
    }
    table {
      border-collapse: collapse;
      width: 100%;
    }
    td {
      padding: 3px 8px 3px 0;
      vertical-align: top;
    }
    td:first-child {
      width: 42%;
      font-family: var(--tg-mono, ui-monospace, monospace);
      font-size: 12px;
    }
    button {
      float: right;
    }
  `,
];
