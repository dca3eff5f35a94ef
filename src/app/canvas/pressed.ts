// Whether a pointer is pressed on the canvas, and when the last press was let go: a params card
// that needs the view to move waits for both (node.ts), so the view never moves under a pressed
// pointer (a press on a node selects it and may start its drag) nor between the two clicks of a
// double-click (the second press of two on a title renames the node).

/** The pointer's state over one canvas. */
export interface PressState {
  /** A pointer pressed on the canvas is down. */
  pressed: boolean;
  /** When (performance.now()) a press on the canvas was last let go. */
  releasedAt: number;
}

const states = new WeakMap<Element, PressState>();

/** The pointer's state over the canvas whose container this is, if it is watched. */
export function pressState(container: Element): PressState | undefined {
  return states.get(container);
}

/**
 * Watches presses on the container (in the capture phase: rete stops a node's press from reaching
 * the container) and their release anywhere (also in the capture phase: before rete's own
 * release, which ends a node's drag and places its card again); returns the disposer.
 */
export function watchPresses(container: HTMLElement): () => void {
  const state: PressState = { pressed: false, releasedAt: -Infinity };
  states.set(container, state);
  const down = () => {
    state.pressed = true;
  };
  const up = () => {
    if (!state.pressed) return;
    state.pressed = false;
    state.releasedAt = performance.now();
  };
  container.addEventListener('pointerdown', down, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
  window.addEventListener('blur', up);
  return () => {
    container.removeEventListener('pointerdown', down, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', up, true);
    window.removeEventListener('blur', up);
    states.delete(container);
  };
}
