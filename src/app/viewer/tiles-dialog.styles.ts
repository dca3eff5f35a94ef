import { css } from 'lit';
import dialog, { askingAccent } from '../dialog.styles.ts';

export default [
  dialog,
  askingAccent,
  css`
    .box {
      width: min(620px, 94vw);
      overflow-y: auto;
    }
    /* Export and Close stick to the box's foot while the rest scrolls: at 1024 × 700 the seams'
       words (and the sea level's move they say) pushed them below it, out of sight. */
    footer {
      position: sticky;
      bottom: 0;
      background: var(--tg-menu-bg, #1b2129);
    }
    h2 small {
      font-weight: normal;
      color: var(--tg-muted, #a3adba);
    }
    code {
      font: 11px var(--tg-mono, ui-monospace, monospace);
      color: var(--tg-text, #dde3ea);
    }
    .form {
      display: grid;
      grid-template-columns: max-content 1fr;
      align-items: center;
      gap: 8px 12px;
      padding: 4px 14px 10px;
    }
    .label {
      color: var(--tg-muted, #a3adba);
    }
    select,
    input {
      height: 26px;
      padding: 0 6px;
      font: inherit;
    }
    input {
      width: 72px;
    }
    .metres-row {
      display: flex;
      align-items: center;
      gap: 6px;
      flex-wrap: wrap;
    }
    .height-label {
      margin-left: 12px;
      color: var(--tg-muted, #a3adba);
    }
    /* Under both columns: why the metres typed were not taken. */
    p.refused,
    p.count-problem {
      grid-column: 1 / -1;
      margin: 0;
      color: var(--tg-danger, #ffb3b3);
    }
    .region {
      display: flex;
      align-items: center;
      gap: 6px;
      flex-wrap: wrap;
    }
    .aside {
      margin-left: 8px;
      color: var(--tg-muted, #a3adba);
    }
    .seg {
      display: inline-flex;
    }
    .seg button {
      border-radius: 0;
    }
    .seg button:first-child {
      border-radius: 4px 0 0 4px;
    }
    .seg button:last-child {
      border-radius: 0 4px 4px 0;
      border-left: none;
    }
    .seg button.on {
      background: var(--tg-menu-active, #2d4f78);
      border-color: var(--tg-accent, #5aa9ff);
    }
    p.summary {
      color: var(--tg-text, #dde3ea);
      line-height: 1.5;
    }
    p.seams {
      color: var(--tg-warning, #ffd27a);
    }
    p.grid-note {
      color: var(--tg-muted, #9aa4b1);
    }
    /* A large erosion's work on the export's grid (passes, droplets): said before Export is pressed. */
    p.work {
      color: var(--tg-warning, #ffd27a);
    }
    /* What changed since the box last opened that the person did not change (the world moved or went). */
    p.opened {
      color: var(--tg-warning, #ffd27a);
    }
    /* Tiles over the world that do not fill it, and the one change that makes them. */
    p.world-fit {
      color: var(--tg-warning, #ffd27a);
    }
    p.world-fit button,
    p.seams button {
      margin-left: 6px;
    }
    input[aria-invalid='true'] {
      border-color: var(--tg-danger, #ffb3b3);
    }
    p.problem {
      color: var(--tg-danger, #ffb3b3);
    }
    p.save-first {
      color: var(--tg-muted, #9aa4b1);
    }
    p.command code {
      user-select: all;
    }
    /* A flag and its value move to the next line together; one longer than the line breaks inside. */
    p.command code .word {
      display: inline-block;
      max-width: 100%;
      overflow-wrap: anywhere;
    }
  `,
];
