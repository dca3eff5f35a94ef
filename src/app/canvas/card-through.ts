// While Ctrl (⌘ on a Mac) is held, a selected node's params card lets the pointer through to
// what lies under it, faded so that shows: Ctrl+click adds a node to the selection, and the card
// of the one node selected covers the nodes below it (the Hydraulic erosion's, 14 rows, covered
// the Flow node under it on the Island recipe, and a Ctrl+click there went to the card). Shift,
// the other way to add, stays the card's own: Shift-dragging a slider moves it a tenth as far.

/** How faded the card is drawn while it lets the pointer through. */
const FADED = '0.35';

/**
 * Lets the params cards in the container pass the pointer while Ctrl or ⌘ is down (the styles
 * read --tg-card-events and --tg-card-fade, inherited into each node's shadow root); returns the
 * disposer.
 */
export function cardThrough(container: HTMLElement): () => void {
  let through = false;
  const set = (on: boolean) => {
    if (on === through) return;
    through = on;
    if (on) {
      container.style.setProperty('--tg-card-events', 'none');
      container.style.setProperty('--tg-card-fade', FADED);
    } else {
      container.style.removeProperty('--tg-card-events');
      container.style.removeProperty('--tg-card-fade');
    }
  };
  // Read from every key and pointer event, not the Control key's own down and up alone: a key
  // let go while the page had no focus sends no keyup here.
  const keys = (e: KeyboardEvent) => set(e.ctrlKey || e.metaKey);
  const pointer = (e: PointerEvent) => set(e.ctrlKey || e.metaKey);
  const off = () => set(false);
  window.addEventListener('keydown', keys, true);
  window.addEventListener('keyup', keys, true);
  window.addEventListener('pointermove', pointer, true);
  window.addEventListener('blur', off);
  return () => {
    window.removeEventListener('keydown', keys, true);
    window.removeEventListener('keyup', keys, true);
    window.removeEventListener('pointermove', pointer, true);
    window.removeEventListener('blur', off);
    off();
  };
}
