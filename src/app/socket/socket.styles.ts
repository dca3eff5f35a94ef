import { css } from 'lit';

export default css`
  :host {
    display: block;
    /* The hit area is larger than the dot: sockets are small targets on a zoomed-out canvas. */
    padding: 5px;
    cursor: crosshair;
  }
  .dot {
    width: var(--tg-socket-size, 12px);
    height: var(--tg-socket-size, 12px);
    box-sizing: border-box;
    border-radius: 50%;
    border: 2px solid var(--tg-node-bg, #1d232c);
    background: var(--tg-socket-color, #999);
    box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.35);
    transition: transform 80ms;
  }
  :host(:hover) .dot {
    transform: scale(1.35);
  }
  .terrain {
    border-radius: 3px;
  }
  .biome {
    border-radius: 2px;
    transform: rotate(45deg) scale(0.9);
  }
  :host(:hover) .biome {
    transform: rotate(45deg) scale(1.25);
  }
`;
