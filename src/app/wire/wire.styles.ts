import { css } from 'lit';

export default css`
  svg {
    overflow: visible !important;
    position: absolute;
    pointer-events: none;
    width: 9999px;
    height: 9999px;
  }
  path {
    fill: none;
  }
  .line {
    stroke-width: 3px;
    pointer-events: none;
  }
  /* A wide invisible stroke makes the wire easy to click without making it look heavy. */
  .hit {
    stroke: transparent;
    stroke-width: 14px;
    pointer-events: stroke;
    cursor: pointer;
  }
  .selected .line {
    stroke-width: 5px;
    filter: drop-shadow(0 0 3px #fff);
  }
  /* Under a node dragged with no wires (canvas/splice-hover.ts): lit, it goes on this wire when
     let go; dim and dashed, it would not fit, and letting go says why. */
  :host([splice='take']) .line {
    stroke-width: 6px;
    filter: drop-shadow(0 0 4px var(--tg-selected, #ffd166)) drop-shadow(0 0 2px var(--tg-selected, #ffd166));
  }
  :host([splice='refuse']) .line {
    stroke-dasharray: 6 5;
    opacity: 0.45;
  }
  .pseudo .line {
    stroke: #e8eef7 !important;
    stroke-dasharray: 6 5;
  }
  /* A reroute dot: the wire's colour with a ring that reads on both themes' canvases. */
  .dot {
    stroke: var(--tg-node-bg, #1d232c);
    stroke-width: 2px;
    pointer-events: all;
    cursor: move;
  }
  .dot:hover,
  .selected .dot {
    stroke: var(--tg-selected, #ffd166);
  }
  .pseudo .hit {
    pointer-events: none;
  }
`;
