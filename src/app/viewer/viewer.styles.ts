import { css } from 'lit';

export default css`
  :host {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 10px 12px 16px 14px;
    box-sizing: border-box;
    min-width: 0;
    font: 12px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
    background: var(--tg-panel-bg, #161b22);
    overflow-x: hidden;
    overflow-y: auto;
    scrollbar-width: thin;
    scrollbar-gutter: stable;
  }
  .resize {
    position: absolute;
    left: 0;
    top: 0;
    bottom: 0;
    width: 6px;
    cursor: ew-resize;
    z-index: 2;
  }
  .resize:hover {
    background: rgba(90, 169, 255, 0.35);
  }
  /* The map stays in view while the panel scrolls: a table cell's highlight, the cell read. */
  .top {
    position: sticky;
    top: -10px;
    z-index: 1;
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin-top: -10px;
    padding: 10px 0 6px;
    background: var(--tg-panel-bg, #161b22);
  }
  header {
    display: flex;
    align-items: baseline;
    gap: 10px;
    min-width: 0;
    /* Its width decides whether the node's id and type show beside an output select (below). */
    container-type: inline-size;
  }
  h2 {
    margin: 0;
    font-size: 14px;
    font-weight: 600;
    white-space: nowrap;
  }
  /* A node's title may be long (a file sets no limit): cut it rather than widen the panel. It
     gives way to the output select's chosen words too (viewer.ts fitPort): "Hydraulic er…" beside
     "out · height" reads, where the whole title left the select "out · h" at 1024 × 700. */
  header h2 {
    flex: 0 1 auto;
    min-width: 4em;
    max-width: 60%;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* The node's id and type give way first: the title is what a person looks for. */
  header .sub {
    flex: 0 100 auto;
    min-width: 0;
  }
  /* Beside an output select on a narrow panel (256 px at 1024 × 700) they had a few pixels
     left: a lone "w" or "v" after the title, read as a chevron. Not shown there: the title and
     the select say which node and output, and the title's tooltip holds the id and type. I did not let the select wrap onto a line of its own, which would push the
     map down a line on the window with the least height to spare. */
  @container (max-width: 360px) {
    header.with-port .sub {
      display: none;
    }
  }
  h3 {
    margin: 0 0 4px;
    font-size: 12px;
    font-weight: 600;
  }
  /* The pinned histogram's heading stood flush on the current one's axis labels. */
  h3.pinned-histogram {
    margin-top: 10px;
  }
  h3 small,
  .sub {
    color: var(--tg-muted, #a3adba);
    font-size: 11px;
    font-weight: 400;
  }
  .sub {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .pinned-node {
    margin-left: auto;
    padding: 0 6px;
    border-radius: 3px;
    background: var(--tg-chip-bg, #2a313b);
    color: var(--tg-muted, #a3adba);
    font-size: 10px;
  }
  .bar {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 6px 10px;
    font-size: 11px;
    color: var(--tg-muted, #a3adba);
  }
  .bar label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .spacer {
    flex: 1;
  }
  /* The export's size and its label, one item of the bar: they wrap together, never apart. */
  .export-size-field {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .curve .caption {
    margin: 4px 0 0;
    font-size: 11px;
    color: var(--tg-muted, #a3adba);
  }
  /* The view's x and y are as wide as their value, from 104 px up to the bar's width less the
     label: at 104 px a long negative one (-1234567.8901234 here; -12.345678 in a wider font)
     scrolled its minus out of sight while typed, and read as a positive number. I did not
     right-align a fixed field, which keeps the sign but cuts the decimals off behind it, nor
     widen it for every value, which pushed y onto a row of its own at 1024 × 700. */
  .bar.view {
    container-type: inline-size;
  }
  .bar.view input[type='number'] {
    field-sizing: content;
    width: auto;
    min-width: 104px;
    max-width: calc(100cqw - 16px);
  }
  /* A browser without field-sizing (Firefox) gets room for 15 characters and the spin button. */
  @supports not (field-sizing: content) {
    .bar.view input[type='number'] {
      width: calc(15ch + 30px);
    }
  }
  .bar.mesh {
    margin-top: 6px;
  }
  .bar.mesh input[type='number'] {
    width: 64px;
  }
  .mesh-extent {
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  input,
  select,
  button {
    font: inherit;
    color: var(--tg-text, #dde3ea);
    background: var(--tg-field-bg, #1f252e);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 3px;
    box-sizing: border-box;
    height: 22px;
  }
  input[type='number'] {
    width: 104px;
    padding: 0 4px;
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  input[type='checkbox'] {
    height: auto;
    accent-color: var(--tg-accent, #5aa9ff);
  }
  button {
    padding: 0 9px;
    cursor: pointer;
  }
  button:hover:not([disabled]) {
    border-color: var(--tg-muted, #5a6678);
  }
  button[disabled] {
    opacity: 0.45;
    cursor: default;
  }
  .seg {
    display: inline-flex;
  }
  .bar.view .zoom {
    margin-left: auto;
  }
  .rivers {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .rivers label {
    white-space: nowrap;
  }
  .rivers select {
    max-width: 160px;
  }
  /* With a pick of whose rivers (two flow nodes), last on a row of its own, the zoom button staying
     on the cells' row; a long title gives way in its select, not the words. */
  .rivers.several {
    order: 1;
    flex: 1 1 100%;
    min-width: 0;
  }
  .rivers.several select {
    flex: 0 1 auto;
    min-width: 0;
  }
  .seg button {
    border-radius: 0;
  }
  .seg button:first-child {
    border-radius: 3px 0 0 3px;
  }
  .seg button:last-child {
    border-radius: 0 3px 3px 0;
    border-left: none;
  }
  .seg button.on {
    background: var(--tg-chip-on, #2d4a6e);
    border-color: var(--tg-chip-on-line, #4f79a8);
  }
  /* It gives way too, down to its chosen option's words (at most 60 % of the row; viewer.ts
     fitPort sets that least width): at 1024 px the Flow and rivers' 'rivers · mask' ran past the
     panel's edge, its arrow cut off. */
  select.port {
    margin-left: auto;
    /* From its chosen words (the basis fitPort sets) it grows up to its widest option's width
       where the row has room, and gives way before the title down to those words. */
    flex: 1 1 auto;
    max-width: max-content;
    min-width: 48px;
  }
  /* As wide as its words, up to the whole row: capped at 45 % it was cut ("pinned: Biomes ·…") at
     1024 × 700. In a narrow panel it takes the row under Map, 3-D, freeze and Unpin, which stay
     on one row (left where they were, Unpin went onto a third row of its own); a name longer
     than the row is cut there, whole in its title. */
  .bar.tabs {
    container-type: inline-size;
  }
  @container (max-width: 400px) {
    .pin-name {
      order: 1;
      flex-basis: 100%;
    }
  }
  .pin-name {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 12px;
  }
  .pin-stale {
    color: var(--tg-danger, #ff8a7a);
  }
  tg-terrain-3d.stale,
  tg-map-view.stale {
    opacity: 0.5;
    filter: grayscale(0.6);
  }
  section {
    border-top: 1px solid var(--tg-rule, #262d37);
    padding-top: 8px;
  }
  /* The map's legend sticks under the sticky map (viewer.ts fitLegend sets where, and caps its
     height): a legend taller than that scrolls in its own box, never under the map. Opaque, as
     the map's block is, for what scrolls under both. */
  section.histogram {
    /* A flex item of the panel that scrolls in itself: without this the panel's column shrank it to its padding. */
    flex: none;
    /* Its max-height (fitLegend) is its whole height, padding and border in. */
    box-sizing: border-box;
    position: sticky;
    z-index: 1;
    overflow-y: auto;
    scrollbar-width: thin;
    padding-bottom: 4px;
    background: var(--tg-panel-bg, #161b22);
  }
  .progress {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    margin-top: 6px;
    color: var(--tg-muted, #a3adba);
    /* Scrolled into sight as an export starts: room below for the step's line, or the Cancel
       went 4 px past the window's foot. */
    scroll-margin-bottom: 32px;
  }
  /* The step's words on a line of their own under the bar and its Cancel, the panel's whole
     width: beside them at 1024 × 700 they had some 85 px and broke inside a node's name
     ("computed Continentalnes / s (1/16)"). A word wider than the panel still wraps. */
  .progress span {
    order: 3;
    flex: 1 0 100%;
    min-width: 0;
    overflow-wrap: break-word;
  }
  .progress .cancel-export {
    flex: none;
  }
  progress {
    flex: 1 1 180px;
    min-width: 60px;
    accent-color: var(--tg-accent, #5aa9ff);
  }
  .note {
    margin-top: 6px;
    color: var(--tg-muted, #a3adba);
    font-family: var(--tg-mono, ui-monospace, monospace);
    overflow-wrap: anywhere;
  }
  /* The note of a node fed by an erosion or a flow, and the hint to them under one that is not. */
  .grid-note,
  .grid-hint {
    margin: 6px 0 0;
    color: var(--tg-muted, #a3adba);
    font-size: 11px;
    line-height: 1.35;
  }
  .grid-note p,
  .grid-hint p {
    margin: 0;
  }
  /* Folded below the erosion or flow it is about: one line, the rest a click away. */
  .grid-note.below summary {
    cursor: pointer;
  }
  .grid-note.below[open] summary {
    margin-bottom: 4px;
  }
  /* The names in the hint under a node that depends on no erosion: read as words, act as links. */
  .grid-hint button.hint-node {
    height: auto;
    padding: 0;
    border: none;
    background: none;
    color: var(--tg-accent, #5aa9ff);
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  /* Hill-shading and contours kept, switched off, under an output that holds no heights. */
  .bar.style .why {
    flex: 1 1 0;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-style: italic;
  }
  .bar.style label:has(input:disabled) {
    opacity: 0.5;
  }
  .world-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 6px;
    margin-top: 4px;
  }
  .world-size select {
    margin-left: 4px;
    height: 22px;
  }
  .world-buttons button {
    height: auto;
    min-height: 22px;
    white-space: normal;
  }
  .engine-hint {
    margin: 6px 0 0;
    color: var(--tg-muted, #a3adba);
    font-size: 11px;
  }
  .note.failed {
    color: var(--tg-danger, #ffb3b3);
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 10px;
    margin: 0;
    font-size: 11px;
  }
  dt {
    color: var(--tg-muted, #a3adba);
  }
  dd {
    margin: 0;
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  .empty {
    color: var(--tg-muted, #8c97a6);
    line-height: 1.5;
  }
  .message {
    padding: 6px 8px;
    border-radius: 4px;
    background: var(--tg-chip-bg, #2a2f37);
  }
  .message.meaning-warning {
    color: var(--tg-warning, #ffd27a);
    border: 1px solid var(--tg-warning, #ffd27a);
  }
    .message.failed {
    background: var(--tg-danger-bg, #4a1d22);
    color: var(--tg-danger-text, #ffd2d2);
  }
  p.doc {
    margin: 0;
    color: var(--tg-muted, #a3adba);
    line-height: 1.45;
    font-size: 11px;
  }
`;
