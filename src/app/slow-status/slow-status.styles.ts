import { css } from 'lit';

export default css`
  /*
   * Takes the pointer for its tooltip (the whole of what computes): over the map a press or the
   * wheel on it still reaches the map's frame, its ancestor. The 3-D view lets the pointer through.
   */
  :host {
    display: block;
    box-sizing: border-box;
    padding: 3px 6px;
    border-radius: 3px;
    background: rgba(10, 13, 18, 0.8);
    color: #e8edf3;
    font: 12px/1.35 var(--tg-font, system-ui, sans-serif);
    font-variant-numeric: tabular-nums;
    pointer-events: auto;
  }
  /*
   * Nothing computes: no box, out of the layout (no gap in the map's foot), the pointer let
   * through; its live region stays in the page, empty (not display: none, which would take it
   * from a screen reader's view), for the next status to be said from its first word.
   */
  :host([idle]) {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    background: none;
    pointer-events: none;
  }
  /*
   * One line, whatever the width (on a 256-px map the whole text wrapped to three lines over the
   * land): the node, where and the time first; the cells follow where they fit whole, else they
   * wrap to a second line, out of sight; a title too long alone gives way (…).
   */
  .line {
    display: flex;
    flex-wrap: wrap;
    height: 1.35em;
    overflow: hidden;
    white-space: nowrap;
  }
  .now {
    display: flex;
    flex: 0 1 auto;
    min-width: 0;
  }
  .node {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .at,
  .detail {
    flex: none;
  }
`;
