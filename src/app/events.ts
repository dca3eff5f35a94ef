// The app's own DOM events, namespaced "tg-" and typed in the global event map, so listeners
// get their detail types without casts.

import type { AnyParamValue } from '../model/params.ts';
import type { FrameGestureDetail } from './frame/frame.ts';

/**
 * An edit of one param from a node's controls. A drag sends begin, any number of updates and
 * commit (or cancel); a typed entry or a click sends a single "set". Each gesture is one undo step.
 */
export interface ParamEditDetail {
  readonly nodeId: string;
  readonly key: string;
  readonly phase: 'begin' | 'update' | 'commit' | 'cancel' | 'set';
  /** The new value (absent for begin, commit and cancel). */
  readonly value?: AnyParamValue;
  /** Why the value sent differs from the one typed (clamped to the range): shown to the person. */
  readonly note?: string;
  /** Why what was typed could not be read (a word in a knot list): shown as a refusal; nothing is set. */
  readonly refused?: string;
}

/** A pointer down on a wire: select it (added to the selection with a modifier key). */
export interface WirePickDetail {
  readonly key: string;
  readonly additive: boolean;
}

/**
 * A reroute dot's gesture on a wire: added where the pointer is, dragged (begin, move, end) or
 * removed. `index` is the dot's place in the wire's list (-1 for add: the canvas picks it).
 */
export interface RerouteDetail {
  readonly key: string;
  /** branch-*: a new wire drawn from the dot (Shift-drag), from the same output through the dots up to it. */
  readonly phase: 'add' | 'begin' | 'move' | 'end' | 'remove' | 'branch-begin' | 'branch-move' | 'branch-end';
  readonly index: number;
  readonly clientX: number;
  readonly clientY: number;
  /** For add: where the wire leaves its output and enters its input, in canvas units. */
  readonly ends?: readonly [readonly [number, number], readonly [number, number]];
}

/** A right-click on a wire: its menu, at the pointer. */
export interface WireMenuDetail {
  readonly key: string;
  readonly clientX: number;
  readonly clientY: number;
  /** Where the wire leaves its output and enters its input, in canvas units (for a dot added there). */
  readonly ends?: readonly [readonly [number, number], readonly [number, number]];
  /** The reroute dot right-clicked, by its index along the wire; none for the wire's line. */
  readonly dot?: number;
}

/** A node's title typed in place. */
export interface NodeTitleDetail {
  readonly nodeId: string;
  readonly title: string;
}

/** A node-menu choice. */
export interface MenuPickDetail {
  readonly type: string;
  /** The new node's port to wire, for a wire dropped on empty canvas. */
  readonly port?: string;
  /** For a node inserted on a wire: its output that feeds the wire's input. */
  readonly outPort?: string;
  /** Choices the search named ("ridged": the fBm's kind), set on the new node. */
  readonly params?: Readonly<Record<string, string>>;
}

/** A toolbar command. */
export type ToolbarAction = 'new' | 'open' | 'save' | 'saveas' | 'share' | 'undo' | 'redo' | 'fit' | 'recipe' | 'draft' | 'rename' | 'theme' | 'help';

export interface ToolbarDetail {
  readonly action: ToolbarAction;
  /** The recipe file name, for "recipe". */
  readonly file?: string;
  /** The draft's id, for "draft". */
  readonly draft?: string;
  /** The graph's new name, for "rename". */
  readonly name?: string;
}

declare global {
  interface HTMLElementEventMap {
    'tg-param-edit': CustomEvent<ParamEditDetail>;
    /** A params card with no clear place in sight asks the view to move right by dx and down by dy pixels (either may be negative). */
    'tg-card-room': CustomEvent<{ readonly dx: number; readonly dy: number }>;
    'tg-wire-pick': CustomEvent<WirePickDetail>;
    'tg-wire-menu': CustomEvent<WireMenuDetail>;
    'tg-reroute': CustomEvent<RerouteDetail>;
    'tg-frame-gesture': CustomEvent<FrameGestureDetail>;
    'tg-menu-pick': CustomEvent<MenuPickDetail>;
    'tg-node-title': CustomEvent<NodeTitleDetail>;
    'tg-menu-close': CustomEvent<void>;
    'tg-toolbar': CustomEvent<ToolbarDetail>;
    'tg-problems-close': CustomEvent<void>;
    'tg-problems-open-without': CustomEvent<void>;
    'tg-open-file': CustomEvent<{ readonly file: File }>;
    'tg-share-close': CustomEvent<void>;
    /** The Export → Tiles box is done: closed, or its export started. */
    'tg-tiles-close': CustomEvent<void>;
    'tg-share-save': CustomEvent<void>;
    'tg-ask-answer': CustomEvent<{ readonly answer: string | null }>;
    /** A refusal to tell the person in the app's notice (a value a field does not take). */
    'tg-refused': CustomEvent<{ readonly text: string }>;
  }
}

/** A bubbling, composed event: it crosses shadow roots up to the app, as the canvas needs. */
export function appEvent<K extends keyof HTMLElementEventMap>(
  type: K,
  detail: HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never,
): CustomEvent {
  return new CustomEvent(type, { detail, bubbles: true, composed: true });
}

/**
 * A keydown handler for a field of real numbers: a comma types a decimal point. The browser's
 * number field drops a comma it does not take, so "0,3" (a decimal comma, as much of Europe
 * writes it) was read as 3 and set to a param's largest value. Not for whole numbers, where a
 * comma separates thousands and dropping it reads "10,000" right.
 */
export function decimalComma(e: KeyboardEvent): void {
  if (e.key !== ',' || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  // Typed as if by the keyboard, at the caret and over a selection, and undoable in the field.
  document.execCommand('insertText', false, '.');
}

/**
 * A keydown handler for a number field: the true minus (U+2212, as the ranges beside the sliders
 * write it and some keyboards and text tools type it) types a "-". The browser's number field
 * drops it, so "−0.5" was read as 0.5.
 */
export function trueMinus(e: KeyboardEvent): void {
  if (e.key !== '−' || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  document.execCommand('insertText', false, '-');
}

/** A keydown handler for a field of real numbers: a decimal comma (decimalComma) and a true minus (trueMinus). */
export function realNumberKeys(e: KeyboardEvent): void {
  decimalComma(e);
  trueMinus(e);
}
