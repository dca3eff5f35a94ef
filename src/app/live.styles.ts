import { css } from 'lit';

/**
 * A live region told to a screen reader and not shown (`.live`): always in the page, empty while
 * there is nothing to say, unseen (not display: none, which would take it from a reader's view),
 * so the first words put in it are announced.
 */
export default css`
  .live {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
