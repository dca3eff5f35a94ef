import { css } from 'lit';

export default css`
  :host {
    display: block;
  }
  .frame {
    position: relative;
    overflow: hidden;
    border-radius: 4px;
    background: #1b1f24;
    user-select: none;
  }
  canvas {
    position: absolute;
    left: 0;
    top: 0;
    cursor: grab;
    /* Orbit controls take touch themselves: one finger turns, two zoom and pan. */
    touch-action: none;
  }
  canvas:active {
    cursor: grabbing;
  }
  /* Under the land, not over it: in the panel's colours, as the viewer's other controls. One row
     where the slider gets at least 120 px beside Reset view; on the smallest map (256 px, a
     1024 × 700 window) Reset view wraps onto a row of its own, right, and the slider takes the
     whole first row. Squeezed into one row there, the slider gave way to its label and the
     button and was 40 px wide, too short to set (a game developer's pass). A range input's own
     width (about 130 px) would be its minimum unless its width is set: the label's wrap point is
     set by the slider's min-width instead. I did not shorten Reset view to an icon or to "Reset"
     to keep one row there: beside the height slider, "Reset" alone may be read as resetting the
     height. */
  .hud {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: center;
    box-sizing: border-box;
    margin-top: 6px;
    color: var(--tg-text, #dde3ea);
    font-size: 12px;
  }
  .hud label {
    display: flex;
    align-items: center;
    gap: 6px;
    flex: 1 1 auto;
    min-width: 0;
  }
  .hud input[type='range'] {
    flex: 1;
    width: 0;
    min-width: 120px;
    margin: 0;
    accent-color: var(--tg-accent, #5aa9ff);
  }
  .hud output {
    min-width: 3.2em;
    font-variant-numeric: tabular-nums;
  }
  .hud button {
    flex: none;
    margin-left: auto;
    white-space: nowrap;
    box-sizing: border-box;
    height: 22px;
    padding: 0 9px;
    font: inherit;
    color: var(--tg-text, #dde3ea);
    background: var(--tg-field-bg, #1f252e);
    border: 1px solid var(--tg-line, #3a4452);
    border-radius: 3px;
    cursor: pointer;
  }
  .hud button:hover {
    border-color: var(--tg-muted, #5a6678);
  }
  .status {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 24px;
    text-align: center;
    color: #aab3bf;
    font-size: 13px;
    pointer-events: none;
  }
  /*
   * A slow evaluation: what runs and for how long, along the land's foot (the map's says the
   * same). It lets the pointer through, tooltip and all: the land's canvas, not an ancestor of it,
   * takes the turns and the hover, and a drag started on it would not turn the land.
   */
  tg-slow-status {
    position: absolute;
    left: 6px;
    right: 6px;
    bottom: 6px;
    pointer-events: none;
  }
  /* Along the top: where the heights come from (left), updating… (right), side by side on the
     256-px map of a 1024 × 700 window: the source gives way, cut short. */
  .top {
    position: absolute;
    left: 8px;
    right: 8px;
    top: 8px;
    display: flex;
    justify-content: space-between;
    gap: 6px;
    pointer-events: none;
  }
  /* The source's label and why there is no sea, one under the other, left of the badge. */
  .captions {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 4px;
    min-width: 0;
  }
  .captions > * {
    max-width: 100%;
    box-sizing: border-box;
  }
  .source,
  .sea,
  .badge {
    padding: 2px 6px;
    border-radius: 3px;
    background: rgba(20, 24, 30, 0.7);
    color: #cfd6df;
    font-size: 11px;
  }
  .source {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .badge {
    flex: none;
    margin-left: auto;
  }
`;
