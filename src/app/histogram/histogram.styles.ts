import { css } from 'lit';

export default css`
  :host {
    display: block;
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  .plot {
    position: relative;
    background: var(--tg-plot-bg, #11151b);
    border-radius: 3px;
  }
  canvas {
    display: block;
  }
  .sea {
    position: absolute;
    top: 0;
    bottom: 0;
    width: 0;
    border-left: 1.5px dashed #ffd166;
    pointer-events: none;
  }
  /* On a dark tag of its own: over the bars (lowland green, shore sand) yellow text did not read.
     Right of the line, or left of it past the middle, so it never runs off the plot. */
  .sea span {
    position: absolute;
    top: 2px;
    left: 3px;
    padding: 0 4px;
    border-radius: 3px;
    white-space: nowrap;
    color: #ffd166;
    background: #11151b;
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  .sea.flip span {
    left: auto;
    right: 3px;
  }
  .axis {
    display: flex;
    justify-content: space-between;
    margin-top: 2px;
    color: var(--tg-muted, #a3adba);
    font-family: var(--tg-mono, ui-monospace, monospace);
  }
  .caption {
    margin-top: 4px;
  }
  .caption.top {
    margin: 0 0 4px;
  }
  .caption {
    color: var(--tg-muted, #a3adba);
  }
  .chips,
  .absent {
    display: flex;
    flex-wrap: wrap;
    gap: 3px 10px;
    margin-top: 6px;
  }
  .absent {
    color: var(--tg-muted, #7d8896);
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    white-space: nowrap;
  }
  /* The water drawn over the map: a title's length of words, which wrap in a narrow panel. */
  .water .chip {
    white-space: normal;
    align-items: baseline;
  }
  i {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 2px;
    border: 1px solid rgba(0, 0, 0, 0.5);
    flex: none;
  }
  /* A layer whose 0 is drawn apart (a flow's lakes): its shares of the map in one wrapping line. */
  .shares {
    display: flex;
    flex-wrap: wrap;
    gap: 2px 12px;
    margin-top: 4px;
  }
  .shares .sea-part {
    display: contents;
  }
  .shares .row {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .shares .share {
    text-align: left;
  }
  .axis .what {
    font-family: var(--tg-font, system-ui, sans-serif);
  }
  .rows {
    display: grid;
    gap: 3px;
  }
  .row {
    display: grid;
    /* The name gives way before the bar does: at the narrowest map the bar keeps 48 pixels. */
    grid-template-columns: 12px minmax(60px, 160px) minmax(48px, 1fr) 48px;
    align-items: center;
    gap: 6px;
  }
  .row .name {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .bar {
    height: 10px;
    background: var(--tg-field-bg, #1e242d);
    border-radius: 2px;
    overflow: hidden;
  }
  .bar b {
    display: block;
    height: 100%;
  }
  .share {
    text-align: right;
    font-family: var(--tg-mono, ui-monospace, monospace);
    color: var(--tg-muted, #a3adba);
  }
`;
