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
  /* The gestures, in the corner where the histogram's bars stand when the values lie high
     (a falloff's distances, 0 to 0.7): 9 px of grey on the grey-blue bars did not read. On the
     editor's own background, at 10 px, like the readout. */
  .hint {
    position: absolute;
    bottom: 2px;
    right: 3px;
    padding: 0 3px;
    border-radius: 2px;
    font: 10px var(--tg-font, system-ui, sans-serif);
    color: #a3adba;
    background: rgba(20, 25, 32, 0.85);
    pointer-events: none;
  }
`;
