import { css } from 'lit';

export default css`
  :host {
    display: block;
    position: relative;
    width: var(--tg-preview-size, 148px);
    height: var(--tg-preview-size, 148px);
    border-radius: 4px;
    overflow: hidden;
    background: repeating-linear-gradient(45deg, #2a313b 0 6px, #252b34 6px 12px);
  }
  .picture,
  .image {
    display: block;
    width: 100%;
    height: 100%;
  }
  .image {
    image-rendering: pixelated;
  }
  .message {
    position: absolute;
    inset: auto 0 0 0;
    max-height: 100%;
    overflow: auto;
    padding: 5px 6px;
    font: 11px/1.3 var(--tg-font, system-ui, sans-serif);
    color: #e6e9ee;
    background: rgba(20, 24, 30, 0.88);
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .constant {
    position: absolute;
    inset: auto 0 0 0;
    padding: 3px 5px;
    font: 12px/1.3 var(--tg-font, system-ui, sans-serif);
    color: #e6e9ee;
    background: rgba(20, 24, 30, 0.72);
    text-align: center;
    /* A node's own words ("no river: lower river area to 212") wrap over its plain picture
       rather than lose their end to an ellipsis. */
    overflow-wrap: anywhere;
  }
  .failed {
    color: #ffd2d2;
    background: rgba(120, 20, 28, 0.92);
    border-top: 2px solid #ff6b6b;
  }
  /* Out of date while a slow evaluation computes it again (a world's erosion: seconds). */
  :host([recomputing]) .picture {
    opacity: 0.45;
    filter: saturate(0.4);
  }
  .again {
    position: absolute;
    top: 4px;
    right: 4px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: rgba(10, 13, 18, 0.75);
    display: grid;
    place-items: center;
  }
  .spin {
    width: 10px;
    height: 10px;
    box-sizing: border-box;
    border-radius: 50%;
    border: 2px solid rgba(232, 237, 243, 0.35);
    border-top-color: #e8edf3;
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spin {
      animation: none;
    }
  }
  .empty {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    font: 11px var(--tg-font, system-ui, sans-serif);
    color: var(--tg-muted, #8a95a5);
  }
`;
