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
  .hud {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: 8px;
    display: flex;
    flex-wrap: wrap;
    gap: 4px 8px;
    align-items: center;
    padding: 4px 8px;
    border-radius: 4px;
    background: rgba(20, 24, 30, 0.78);
    /* Light text on the HUD's own dark backing, in either theme. */
    color: #e6e9ee;
    font-size: 12px;
  }
  /* One row where the slider gets at least 120 px beside Reset view; on the smallest map (256
     px, a 1024 × 700 window) Reset view wraps onto a row of its own, right, and the slider
     takes the whole first row. Squeezed into one row there, the slider gave way to its label
     and the button and was 40 px wide, too short to set (a game developer's pass). A range
     input's own width (about 130 px) would be its minimum unless its width is set: the label's
     wrap point is set by the slider's min-width instead. */
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
  }
  .hud button {
    flex: none;
    margin-left: auto;
    white-space: nowrap;
  }
  .hud output {
    min-width: 3.2em;
    font-variant-numeric: tabular-nums;
  }
  .hud button {
    font: inherit;
    color: inherit;
    background: #2c333d;
    border: 1px solid #48515e;
    border-radius: 3px;
    padding: 2px 8px;
    cursor: pointer;
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
  .source,
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
