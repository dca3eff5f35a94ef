// The editor's keyboard shortcuts as data: which shortcut a key press is, if any. The shell
// runs it; the help sheet (src/app/help/help.ts) lists the same keys for people.

/** What a key press asks for. */
export type Shortcut =
  | 'help'
  | 'palette'
  | 'bypass'
  | 'collapse'
  | 'rename'
  | 'renameFrame'
  | 'save'
  | 'saveAs'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'duplicate'
  | 'frame'
  | 'selectAll'
  | 'delete'
  | 'fit'
  | 'editParams'
  | 'deselect';

/** True when the key goes to a text field (a title being renamed, a number typed), not to the canvas. */
export function isTextEntry(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.localName === 'textarea') return true;
  return target.localName === 'input' && !['range', 'checkbox', 'button', 'file'].includes((target as HTMLInputElement).type);
}

/**
 * Whether the focused element has its own use for Tab and Space: a button (Space presses it),
 * a select, a field, a link (Tab moves the focus on from any of them). Tab and Space open the
 * palette only when the canvas, or nothing, has the focus: from a toolbar button they opened it
 * and the button could not be pressed, nor the focus moved on, with the keyboard.
 */
export function ownsTabAndSpace(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['button', 'select', 'input', 'textarea', 'a', 'summary'].includes(target.localName)) return true;
  return ['button', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider', 'spinbutton', 'combobox'].includes(target.getAttribute('role') ?? '');
}

/**
 * Whether a focused select takes the key itself: a plain letter or digit is its type-ahead
 * (F picks "fixed height" in the water level's mode). The canvas took H and F from it, so a
 * param's select could not be set by its first letter, and H collapsed the node whose card
 * held it. `?` still opens the shortcut sheet.
 */
export function ownsTypeAhead(target: EventTarget | undefined, e: KeyboardEvent): boolean {
  return target instanceof HTMLElement && target.localName === 'select' && e.key.length === 1 && e.key !== '?' && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/**
 * Whether a focused control keeps Delete and Backspace: a select, a slider, a checkbox, any field
 * (a text field types them already, see isTextEntry). A param's select or slider in a node's card
 * is in that node, and the canvas took Delete from it and deleted the node the person was setting.
 */
export function ownsDelete(target: EventTarget | undefined, e: KeyboardEvent): boolean {
  if (e.key !== 'Delete' && e.key !== 'Backspace') return false;
  if (!(target instanceof HTMLElement)) return false;
  if (['select', 'input', 'textarea'].includes(target.localName) || target.isContentEditable) return true;
  return ['slider', 'spinbutton', 'combobox', 'listbox', 'checkbox', 'switch'].includes(target.getAttribute('role') ?? '');
}

/**
 * Shortcuts that act from a text field too (the shell commits the field's value first): no field
 * types Ctrl/⌘+S, and left to the browser it saved the page instead of the graph after a value
 * was typed into a param. Undo and redo act from a one-line field (a param's number, a seed, the
 * view's origin), so Ctrl/⌘+Z just after a value was typed and Enter pressed undoes that edit:
 * left to the browser it undid the field's text alone, the map kept the typed value, and leaving
 * the field set the old text again as a new edit, with nothing left to redo. A value typed and
 * not yet entered is entered, then undone: the field reads what it read before, as the browser's
 * own undo would leave it. Multi-line text (the notes) keeps the browser's undo.
 */
export function worksWhileTyping(shortcut: Shortcut, target?: EventTarget): boolean {
  if (shortcut === 'save' || shortcut === 'saveAs') return true;
  return (shortcut === 'undo' || shortcut === 'redo') && target instanceof HTMLElement && target.localName === 'input';
}

/**
 * Whether a copy or cut should be left to the browser: some text of the page is selected (a
 * value in the viewer's cell rows, a sentence of a node's documentation). The editor took
 * Ctrl/⌘+C for the selected nodes, so such text could not be copied with the keyboard, and the
 * nodes' snippet replaced what the person meant to put on the clipboard. A click on the canvas
 * or a node clears the text selection, so copying nodes works as before.
 */
export function leftToBrowser(shortcut: Shortcut, selection: Selection | null): boolean {
  return (shortcut === 'copy' || shortcut === 'cut') && !!selection && selection.type === 'Range' && selection.toString().trim() !== '';
}

/**
 * The shortcut a key press means, or null. `selected`: how many nodes are selected, and
 * whether one frame alone is (F2 renames whichever is selected).
 */
export function shortcutOf(e: KeyboardEvent, selected: { nodes: number; onlyFrame: boolean }): Shortcut | null {
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (e.key === '?') return 'help';
  if (!mod && !e.altKey && (e.key === 'Tab' || e.key === ' ')) return 'palette';
  if (e.key === 'F2') return selected.nodes ? 'rename' : selected.onlyFrame ? 'renameFrame' : null;
  if (mod) {
    switch (k) {
      case 'b':
        return 'bypass';
      case 's':
        return e.shiftKey ? 'saveAs' : 'save';
      case 'z':
        return e.shiftKey ? 'redo' : 'undo';
      case 'y':
        return 'redo';
      case 'c':
        return 'copy';
      case 'x':
        return 'cut';
      case 'v':
        return 'paste';
      case 'd':
        return 'duplicate';
      case 'g':
        return 'frame';
      case 'a':
        return 'selectAll';
    }
    return null;
  }
  if (k === 'h') return 'collapse';
  if (e.key === 'Delete' || e.key === 'Backspace') return 'delete';
  if (k === 'f') return 'fit';
  if (e.key === 'Enter' && !e.shiftKey && !e.altKey) return selected.nodes === 1 ? 'editParams' : null;
  if (e.key === 'Escape') return 'deselect';
  return null;
}
