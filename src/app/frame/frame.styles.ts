import { css, unsafeCSS } from 'lit';
import { FRAME_RGB } from '../theme.ts';

const hues = unsafeCSS(
  Object.entries(FRAME_RGB)
    .map(([name, rgb]) => `:host([color='${name}']) { --frame-hue: ${rgb.join(', ')}; }`)
    .join('\n'),
);

export default css`
  :host {
    position: absolute;
    display: block;
    box-sizing: border-box;
    /* The body lets the pointer through to the canvas (pan, box select, wires behind it); only
       the title bar takes it (the corner grip lies in a layer above the nodes). */
    pointer-events: none;
    border-radius: 8px;
    border: 2px solid var(--frame-edge);
    background: var(--frame-fill);
    font: 14px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-text, #dde3ea);
  }
  :host([selected]) {
    border-color: var(--tg-selected, #ffd166);
  }
  /* Each colour a tint for the body and a stronger one for the edge and title bar; the title
     text is the theme's own text colour, so it reads on both themes. */
${hues}
  :host {
    --frame-fill: rgba(var(--frame-hue, 90, 150, 230), 0.1);
    --frame-edge: rgba(var(--frame-hue, 90, 150, 230), 0.55);
    --frame-bar: rgba(var(--frame-hue, 90, 150, 230), 0.32);
  }
  header {
    pointer-events: auto;
    display: flex;
    align-items: center;
    gap: 8px;
    height: 34px;
    padding: 0 8px 0 10px;
    border-radius: 6px 6px 0 0;
    background: var(--frame-bar);
    cursor: grab;
    user-select: none;
  }
  header:active {
    cursor: grabbing;
  }
  .title {
    flex: 1 1 auto;
    min-width: 0;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  input {
    flex: 1 1 auto;
    min-width: 0;
    font: inherit;
    font-weight: 600;
    color: var(--tg-text, #dde3ea);
    background: var(--tg-field-bg, #141920);
    border: 1px solid var(--tg-accent, #5aa9ff);
    border-radius: 4px;
    padding: 2px 4px;
  }
  .swatch {
    flex: 0 0 auto;
    width: 16px;
    height: 16px;
    padding: 0;
    border-radius: 50%;
    border: 2px solid var(--tg-text, #dde3ea);
    background: rgb(var(--frame-hue, 90, 150, 230));
    cursor: pointer;
  }
`;
