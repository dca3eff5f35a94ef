import { css } from 'lit';

export default css`
  :host {
    display: block;
    position: relative;
    border-radius: 4px;
    overflow: hidden;
    background: #141920;
    touch-action: none;
  }
  .surface {
    position: relative;
    width: 100%;
    height: 100%;
    cursor: crosshair;
  }
  .surface.over-point {
    cursor: grab;
  }
  .surface.dragging {
    cursor: grabbing;
  }
  .picture,
  .image {
    display: block;
    width: 100%;
    height: 100%;
  }
  /* The live canvas is transparent where nothing is drawn: the image under it would show through. */
  .picture.covered {
    visibility: hidden;
  }
  canvas {
    position: absolute;
    inset: 0;
    display: block;
    width: 100%;
    height: 100%;
  }
  .readout {
    position: absolute;
    top: 3px;
    left: 5px;
    font: 10px var(--tg-mono, ui-monospace, monospace);
    color: #cfd8e3;
    pointer-events: none;
    text-shadow: 0 0 3px #000;
  }
  .hint {
    position: absolute;
    bottom: 2px;
    right: 5px;
    font: 9px var(--tg-font, system-ui, sans-serif);
    color: #6f7b8a;
    pointer-events: none;
  }
`;
