// Marks the canvas while a pointer is pressed on it: a params card opened by the press (rete
// selects a node on the press that may start its drag) leaves the view where it is until the
// release, or the node moved from under the pointer (node.ts reads the mark).

/** The attribute on the canvas's container while a pointer pressed on it is down. */
export const PRESSED = 'data-pressed';

/**
 * Sets PRESSED on the container from a press on it (in the capture phase: rete stops a node's
 * press from reaching the container) to the release anywhere (also in the capture phase: before
 * rete's own release, which ends a node's drag and places its card again); returns the disposer.
 */
export function markPressed(container: HTMLElement): () => void {
  const down = () => container.setAttribute(PRESSED, '');
  const up = () => container.removeAttribute(PRESSED);
  container.addEventListener('pointerdown', down, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  window.addEventListener('blur', up);
  return () => {
    container.removeEventListener('pointerdown', down, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', up, true);
    window.removeEventListener('blur', up);
    up();
  };
}
