// The `?` sheet: every shortcut and gesture of the editor, in one place.

import { html, LitElement } from 'lit';
import { ModalBox } from '../controllers.ts';
import styles from './help.styles.ts';

const mod = () => (typeof navigator !== 'undefined' && navigator.platform.includes('Mac') ? '⌘' : 'Ctrl+');

/** [keys or gesture, what it does], by topic. */
export function shortcuts(): readonly { topic: string; rows: readonly (readonly [string, string])[] }[] {
  const m = mod();
  return [
    {
      topic: 'Add and wire',
      rows: [
        ['Double-click empty canvas · Tab · Space', 'search the node palette, at the pointer'],
        ['Right-click empty canvas', 'the node palette'],
        ['Drag from a socket', 'draw a wire; the sockets that take it light up'],
        ['Drop a wire on empty canvas', 'add a node that takes it, wired'],
        ['Drag a wire off an input', 'move it to another input, or drop it to cut it'],
        ['Click a wire · Delete', 'select it · cut it'],
        ['Right-click a wire', 'its menu: delete it, add a reroute dot there, insert a node on it'],
        ['Drag a node with no wires onto a wire · with Alt', 'put it on the wire (the wire lights up first) · drop it there without'],
        ['Double-click a wire · Alt-click it', 'add a reroute dot there'],
        ['Drag a dot · double-click or Alt-click it', 'move the dot · remove it'],
        ['Shift-drag from a dot to an input', 'branch a new wire from the same output through the dots'],
      ],
    },
    {
      topic: 'Frames',
      rows: [
        [`${m}G`, 'frame the selected nodes (or add a frame at the pointer)'],
        ['Drag a frame\'s title bar', 'move the frame with the nodes inside it'],
        ['Drag its corner · double-click its title', 'resize it · rename it'],
        ['Click its colour dot', 'the next colour'],
        ['Right-click its title bar', 'its menu: rename, colour, delete'],
        ['Click its title bar · F2 · Delete', 'select it · rename it · delete it (its nodes stay)'],
      ],
    },
    {
      topic: 'Nodes',
      rows: [
        ['Right-click a node', 'rename, bypass, collapse, duplicate, frame selection, show in viewer, delete'],
        ['Double-click a title · F2', 'rename the node'],
        [`${m}B`, 'bypass the selected nodes (their input passes through)'],
        ['H', "collapse or expand the selected nodes (a selected frame's; all of them with none selected)"],
        [`${m}D`, 'duplicate beside the original'],
        [`${m}C · ${m}X · ${m}V`, 'copy · cut · paste at the pointer'],
        ['Delete · Backspace', 'delete the selection'],
        [`${m}A · Shift-drag · ${m}click`, 'select all · box select · add to the selection'],
      ],
    },
    {
      // The curve gestures were nowhere on the sheet, only in the README and, cut to
      // "dbl-click: add · remove", in small grey type on a wide curve (none on a collapsed one).
      topic: 'Curves',
      rows: [
        ['Drag a point', 'move it (its x and y show on the curve)'],
        ['Double-click the curve', 'add a point there'],
        ['Double-click or right-click a point', 'remove it'],
      ],
    },
    {
      topic: 'View and file',
      rows: [
        ['F', 'frame the selection; zoom to fit when nothing is selected'],
        ['Enter', "the selected node's params: Tab goes on through them, Escape back to the canvas"],
        ['Wheel · drag empty canvas or middle-drag', 'zoom · pan'],
        [`${m}Z · Shift+${m}Z or ${m}Y`, 'undo · redo'],
        [`${m}S · Shift+${m}S`, 'save · save as'],
        ['?', 'this sheet'],
        ['Escape', 'drop the wire being dragged, put back a node or frame being dragged, close a menu, this sheet or the open notes, clear the selection'],
      ],
    },
  ];
}

/**
 * The help sheet, over the editor.
 *
 * @event tg-help-close - The sheet was closed.
 */
export class TgHelp extends LitElement {
  static override styles = styles;

  /** Its role and name, the focus in it (on Close) and back, Escape, Tab kept in it, a click outside. */
  private readonly modal = new ModalBox(this, { label: () => 'Shortcuts and gestures', close: () => this.close(), outsideCloses: true });

  override render() {
    return html`<div class="box">
      <button @click=${this.close} aria-label="close">Close (Esc)</button>
      <h2>Shortcuts and gestures</h2>
      ${shortcuts().map(
        (t) => html`<h3>${t.topic}</h3>
          <table>
            ${t.rows.map(([keys, what]) => html`<tr><td>${keys}</td><td>${what}</td></tr>`)}
          </table>`,
      )}
    </div>`;
  }

  private close = (): void => {
    this.dispatchEvent(new CustomEvent('tg-help-close', { bubbles: true, composed: true }));
  };
}
