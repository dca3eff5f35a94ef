import { css } from 'lit';

export default css`
  :host {
    display: block;
  }
  .frame {
    position: relative;
    overflow: hidden;
    border-radius: 4px;
    background: repeating-linear-gradient(45deg, var(--tg-stripe-a, #2a313b) 0 6px, var(--tg-stripe-b, #252b34) 6px 12px);
    cursor: grab;
    touch-action: none;
    user-select: none;
  }
  .frame.dragging {
    cursor: grabbing;
  }
  canvas {
    position: absolute;
    left: 0;
    top: 0;
    transform-origin: 0 0;
    /* Cells stay square and sharp when the picture is magnified or coarse. */
    image-rendering: pixelated;
  }
  canvas[hidden] {
    display: none;
  }
  .pin-clip {
    position: absolute;
    inset: 0;
    overflow: hidden;
    pointer-events: none;
  }
  .split {
    position: absolute;
    top: 0;
    bottom: 0;
    width: 12px;
    margin-left: -6px;
    cursor: ew-resize;
    touch-action: none;
  }
  .split::before {
    content: '';
    position: absolute;
    left: 5px;
    top: 0;
    bottom: 0;
    width: 2px;
    background: #fff;
    box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.6);
  }
  .side-label {
    position: absolute;
    top: 6px;
    padding: 1px 6px;
    border-radius: 3px;
    background: rgba(20, 24, 30, 0.75);
    color: #e6e9ee;
    font-size: 11px;
    pointer-events: none;
  }
  /*
   * Clear of the "current" label: a pin kept from another graph names it, and at 1024 × 700
   * "Biomes of "Start terrain with its climate" · frozen" ran under "current". The node's title
   * and the state ("frozen", "drawing…") stay whole on the first line; the graph's name goes on
   * a second, the only part that gives way (…), whole in the tooltip (which is why this label,
   * unlike the others, takes the pointer: a press on it still reaches the map under it). Both
   * lines keep clear of the corner, where "current" and the map's badge go.
   */
  .pinned-label {
    left: 6px;
    display: flex;
    flex-direction: column;
    max-width: calc(100% - 90px);
    white-space: nowrap;
    pointer-events: auto;
  }
  .pinned-label > span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .pinned-label > .head {
    flex: none;
  }
  .current-label {
    right: 6px;
  }
  .cell {
    position: absolute;
    box-sizing: border-box;
    border: 1.5px solid #fff;
    outline: 1px solid rgba(0, 0, 0, 0.7);
    pointer-events: none;
  }
  .cell.pinned {
    border-color: var(--tg-selected, #ffd166);
  }
  svg.wind {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
  }
  svg.wind path {
    fill: none;
    stroke: rgba(255, 255, 255, 0.7);
    stroke-width: 1.6px;
    stroke-linejoin: round;
    stroke-linecap: round;
  }
  svg.wind path.halo {
    stroke: rgba(0, 0, 0, 0.35);
    stroke-width: 3.6px;
  }
  /* A second and third wind in colours of their own. */
  svg.wind .w1 path:not(.halo) {
    stroke: rgba(255, 209, 102, 0.85);
  }
  svg.wind .w2 path:not(.halo) {
    stroke: rgba(120, 220, 255, 0.85);
  }
  /* The graph's world: a quiet line where it ends, the map beyond it veiled and lightly hatched. */
  svg.world {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    pointer-events: none;
  }
  svg.world .outside {
    fill: rgba(8, 11, 16, 0.3);
  }
  svg.world .hatch {
    fill: url(#tg-world-hatch);
  }
  svg.world pattern path {
    stroke: rgba(255, 255, 255, 0.16);
    stroke-width: 1.5px;
  }
  /* Dashed, so an edge on the map's border reads as the world's, not as the frame's. */
  svg.world line.edge {
    stroke: rgba(255, 255, 255, 0.9);
    stroke-width: 1.5px;
    stroke-dasharray: 7 4;
  }
  svg.world line.halo {
    stroke: rgba(0, 0, 0, 0.4);
    stroke-width: 3.5px;
  }
  .world-pointer {
    position: absolute;
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 2px 7px 2px 5px;
    border-radius: 3px;
    background: rgba(10, 13, 18, 0.75);
    color: #e8edf3;
    font-size: 11px;
    white-space: nowrap;
    pointer-events: none;
    transform: translate(var(--tx, 0), var(--ty, 0));
  }
  .world-pointer svg {
    width: 12px;
    height: 12px;
    flex: none;
  }
  .world-pointer path {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8px;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .badge {
    position: absolute;
    right: 6px;
    top: 6px;
    padding: 2px 6px;
    border-radius: 3px;
    background: rgba(10, 13, 18, 0.75);
    color: #e8edf3;
    font: 11px var(--tg-mono, ui-monospace, monospace);
    pointer-events: none;
  }
  /* Comparing, the corner is the current side's label: the badge goes under it (it covered it). */
  .badge.below {
    top: 28px;
  }
  /*
   * A chip towards a world north of the map stands under the corner's badge (17 px high), and
   * under it still when comparing moves the badge down: at 32 px it met the moved badge.
   */
  .world-pointer.north {
    top: 32px;
  }
  .world-pointer.north.below {
    top: 54px;
  }
  /* A slow evaluation: what runs and for how long, along the map's foot; the corner keeps its badge. */
  .foot {
    position: absolute;
    left: 6px;
    right: 6px;
    bottom: 6px;
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: 4px;
    pointer-events: none;
  }
  .empty {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    padding: 0 24px;
    text-align: center;
    color: var(--tg-muted, #a3adba);
  }
`;
