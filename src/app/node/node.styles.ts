import { css } from 'lit';
import { BODY_GAP, CARD_WIDTH, WIDE_CARD_WIDTH, COLLAPSED_PREVIEW, COLLAPSED_TITLE_FONT, FOOTER, HEADER_HEIGHT, INPUT_COLUMN, NODE_WIDTH, PARAM_ROW, PORT_ROW, PREVIEW_SIZE } from './layout.ts';

export default css`
  :host {
    display: block;
    box-sizing: border-box;
    position: relative;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-node-bg, #1d232c);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 7px;
    box-shadow: 0 4px 14px rgba(0, 0, 0, 0.35);
    user-select: none;
    /* A node's size is fixed: what changes inside it (a picture, a value) stays inside it. */
    contain: layout style;
  }
  :host([selected]) {
    border-color: var(--tg-selected, #ffd166);
    box-shadow:
      0 0 0 2px var(--tg-selected, #ffd166),
      0 4px 14px rgba(0, 0, 0, 0.35);
  }
  header {
    height: ${HEADER_HEIGHT}px;
    display: flex;
    align-items: center;
    gap: 6px;
    padding-left: 9px;
    border-radius: 6px 6px 0 0;
    background: var(--tg-header, #3b5f8a);
    cursor: grab;
  }
  .title {
    flex: 1 1 auto;
    display: flex;
    min-width: 0;
    font-weight: 600;
    white-space: nowrap;
  }
  /* Cut short with an ellipsis, a title's number after it whole (node.ts titleParts). */
  .title .stem {
    flex: 0 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .title .number {
    flex: none;
    white-space: pre;
  }
  .out {
    display: flex;
    align-items: center;
    justify-content: flex-end;
    gap: 2px;
    height: ${PORT_ROW}px;
    font-size: 10px;
    color: var(--tg-muted, #a3adba);
  }
  header .out {
    color: #e8eef7;
    opacity: 0.85;
  }
  .out .port-name {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .extra-out {
    padding-top: 2px;
  }
  .socket {
    flex: 0 0 auto;
  }
  .out .socket {
    margin-right: -11px;
  }
  .in .socket {
    margin-left: -11px;
  }
  .body {
    display: flex;
    gap: 4px;
    padding: ${BODY_GAP}px 8px ${BODY_GAP}px 0;
  }
  .inputs {
    flex: 0 0 ${INPUT_COLUMN}px;
    display: flex;
    flex-direction: column;
    min-height: ${PREVIEW_SIZE}px;
  }
  .in {
    display: flex;
    align-items: center;
    gap: 3px;
    height: ${PORT_ROW}px;
    font-size: 11px;
    white-space: nowrap;
  }
  .in .name {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .in.optional .name {
    color: var(--tg-muted, #a3adba);
  }
  /* An input whose wire brings another meaning than it is made for (node.ts meaningWarnings). */
  .in.mismatch .name {
    color: var(--tg-warning, #ffd27a);
  }
  .in.mismatch .socket {
    border-radius: 50%;
    box-shadow: 0 0 0 2px var(--tg-warning, #ffd27a);
  }
  /* The warning's words, over the picture's top: the picture is what it makes nonsense of, and
     its foot keeps the picture's own message (an input not wired). */
  .body {
    position: relative;
  }
  .meaning-warning {
    position: absolute;
    right: 8px;
    top: ${BODY_GAP}px;
    width: ${PREVIEW_SIZE}px;
    box-sizing: border-box;
    padding: 2px 5px;
    font-size: 10px;
    line-height: 1.3;
    color: var(--tg-warning, #ffd27a);
    background: var(--tg-node-bg, #1d232c);
    border: 1px solid var(--tg-warning, #ffd27a);
    border-radius: 3px;
    white-space: normal;
  }
  :host([collapsed]) .meaning-warning {
    right: 6px;
    width: ${COLLAPSED_PREVIEW}px;
    font-size: 9px;
  }
  .meta {
    margin-top: auto;
    padding-left: 8px;
    font-size: 10px;
    line-height: 1.35;
    color: var(--tg-muted, #8c97a6);
  }
  /* No inputs: the picture in the middle, the meaning in the left margin at its foot. */
  .body.no-inputs {
    position: relative;
    justify-content: center;
    padding-left: 8px;
    padding-right: 8px;
  }
  .body.no-inputs .meta {
    position: absolute;
    left: 0;
    bottom: ${BODY_GAP}px;
    width: ${(NODE_WIDTH - PREVIEW_SIZE) / 2 - 4}px;
    box-sizing: border-box;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .curve-body {
    position: relative;
    padding: ${BODY_GAP}px 8px ${BODY_GAP}px 8px;
  }
  .curve-body .in {
    position: absolute;
    left: 0;
    top: ${BODY_GAP}px;
    z-index: 1;
  }
  .curve-body .in .socket {
    margin-left: -11px;
  }
  .curve-error {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: ${BODY_GAP}px;
    padding: 4px 6px;
    font-size: 11px;
    line-height: 1.3;
    color: #e6e9ee;
    background: rgba(20, 24, 30, 0.88);
    border-radius: 0 0 4px 4px;
    pointer-events: none;
  }
  .curve-error.failed {
    color: #ffd2d2;
    background: rgba(120, 20, 28, 0.92);
  }
  .params {
    padding: 0 8px ${FOOTER}px 8px;
    --tg-param-row: ${PARAM_ROW}px;
    cursor: default;
  }
  /* Bypassed: dimmed, with a dashed border; its picture is its own output, which nothing reads. */
  :host([bypassed]) {
    border-style: dashed;
    border-color: var(--tg-muted, #a3adba);
  }
  :host([bypassed]) header,
  :host([bypassed]) .body,
  :host([bypassed]) .curve-body {
    opacity: 0.5;
  }
  .badge {
    flex: none;
    padding: 0 4px;
    border-radius: 3px;
    font-size: 10px;
    background: rgba(0, 0, 0, 0.35);
  }
  /* On a collapsed node: centred on the foot of the picture, undimmed, in the theme's colours. */
  .badge.ribbon {
    position: absolute;
    left: 50%;
    bottom: ${BODY_GAP + 6}px;
    transform: translateX(-50%);
    padding: 1px 7px;
    font-size: 11px;
    line-height: 14px;
    color: var(--tg-text, #dde3ea);
    background: var(--tg-node-bg, #1d232c);
    border: 1px dashed var(--tg-muted, #a3adba);
    border-radius: 8px;
    pointer-events: none;
  }
  .badge.ribbon.top {
    bottom: auto;
    top: calc(100% - ${BODY_GAP + COLLAPSED_PREVIEW - 6}px);
  }
  .rename {
    flex: 1 1 auto;
    min-width: 0;
    height: 20px;
    font: 600 12px var(--tg-font, system-ui, sans-serif);
    color: inherit;
    background: rgba(0, 0, 0, 0.35);
    border: 1px solid var(--tg-selected, #ffd166);
    border-radius: 3px;
  }
  /* Collapsed: the title, the sockets on the picture's left edge, the picture. */
  :host([collapsed]) .body {
    padding-right: 6px;
  }
  :host([collapsed]) .inputs {
    flex: 0 0 6px;
    min-height: ${COLLAPSED_PREVIEW}px;
  }
  :host([collapsed]) tg-preview {
    --tg-preview-size: ${COLLAPSED_PREVIEW}px;
  }
  /* A collapsed node's output names, in their rows: as large as its title, legible at fit. */
  :host([collapsed]) .extra-out .out {
    font-size: 12px;
  }
  :host([collapsed]) .title {
    font-size: ${COLLAPSED_TITLE_FONT}px;
  }
  /* A selected collapsed node's params: a card beside it, over the canvas, where node.ts places it
     (left and top; below the node until then). */
  .params.card {
    position: absolute;
    top: calc(100% + 4px);
    left: 0;
    width: ${CARD_WIDTH}px;
    box-sizing: border-box;
    padding: 6px 8px;
    background: var(--tg-node-bg, #1d232c);
    border: 1px solid var(--tg-selected, #ffd166);
    border-radius: 6px;
    box-shadow: 0 6px 18px rgba(0, 0, 0, 0.45);
    z-index: 2;
    /* Zoomed out (a whole graph at fit), the card is drawn at its own size on screen, not the
       canvas's: its sliders and numbers stay readable (the canvas sets --tg-card-scale). */
    transform: scale(var(--tg-card-scale, 1));
    transform-origin: left top;
    /* While Ctrl or ⌘ is held the card lets a click through to the node under it, faded, as
       Ctrl+click adds that node to the selection (canvas/card-through.ts). */
    pointer-events: var(--tg-card-events, auto);
    opacity: var(--tg-card-fade, 1);
  }
  :host([wide-card]) .params.card {
    width: ${WIDE_CARD_WIDTH}px;
    /* The biome table's names at 11 px, its rows as tall as they need (param.styles.ts). */
    --tg-table-font: 11px;
    --tg-table-line: 13px;
    --tg-table-cell: auto;
    --tg-table-lines: 3;
    --tg-table-reach: 0px;
    --tg-table-name-padding: 2px;
    --tg-table-side-line: 22px;
    --tg-table-side-writing: horizontal-tb;
    --tg-table-side-turn: none;
    --tg-table-side-align: right;
    --tg-table-side-padding: 0 3px 0 0;
  }
  /* Over another node's title or socket that the pointer is on: faded, the pointer let through
     to it (node.ts yieldTo). */
  :host([card-yields]) .params.card {
    pointer-events: none;
    opacity: 0.35;
  }
  /* Shortened where no clear place of its full height lies beside its node (node.ts placeCard,
     max-height): its params scroll inside it. */
  :host([card-scrolls]) .params.card {
    overflow-x: hidden;
    overflow-y: auto;
    overscroll-behavior: contain;
    scrollbar-width: thin;
  }
  /* Waiting for the view to move before it shows (node.ts placeCard): hidden, not over the graph. */
  :host([card-waits]) .params.card {
    visibility: hidden;
  }
  /* While a wire is drawn: the sockets that would take it light up, the others dim. */
  rete-ref[data-wire-hint='take'] {
    filter: drop-shadow(0 0 3px var(--tg-selected, #ffd166)) drop-shadow(0 0 2px var(--tg-selected, #ffd166));
  }
  rete-ref[data-wire-hint='refuse'] {
    opacity: 0.2;
  }
`;
