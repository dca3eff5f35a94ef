// Reactive controllers: those that keep a view in step with the editor core and the previews
// (the host re-renders when something it shows changes, and unsubscribes when it leaves the
// page), and those of a modal box (the focus given back when it closes, the box's lifecycle).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Change } from '../editor/commands.ts';
import type { EditorCore } from '../editor/editor.ts';
import type { PreviewStore } from './previews.ts';
import type { NodeResult } from '../worker/protocol.ts';

/** What of a result a node shows outside its picture: a change of these redraws the node. */
function summaryChanged(a: NodeResult | undefined, b: NodeResult | undefined): boolean {
  return a?.state !== b?.state || a?.message !== b?.message || a?.meaning !== b?.meaning || a?.portType !== b?.portType || a?.inputBins !== b?.inputBins;
}

/**
 * Subscribes to what a host shows of one node while the host is on the page, and again
 * whenever the node it shows changes (a view gets its data after it is created).
 */
abstract class TargetWatch<T extends { readonly id: string }> implements ReactiveController {
  /** The node's latest result. */
  result: NodeResult | undefined;
  private disposers: (() => void)[] = [];
  private watching: string | null = null;

  constructor(
    protected readonly host: ReactiveControllerHost,
    private readonly target: () => T | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.rewatch();
  }

  hostUpdate(): void {
    if (this.target()?.id !== this.watching) this.rewatch();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Subscribes to what the host shows of the target; returns the unsubscribers. */
  protected abstract watch(t: T): (() => void)[];

  private rewatch(): void {
    this.stop();
    const t = this.target();
    if (!t) return;
    this.watching = t.id;
    this.disposers = this.watch(t);
  }

  private stop(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    this.watching = null;
  }
}

/**
 * Watches one node: its params, title and selection in the core, and its result. A new
 * picture alone does not redraw the node (its preview element draws it): during a drag ten
 * previews change every frame, and the nodes around them should not re-render for that.
 */
export class NodeWatch extends TargetWatch<{ core: EditorCore; previews: PreviewStore; id: string }> {
  protected watch(t: { core: EditorCore; previews: PreviewStore; id: string }): (() => void)[] {
    this.result = t.previews.get(t.id);
    // What the node shows of the selection: whether it is selected, and whether alone (a
    // collapsed node shows its params card then). A click on one node of 1000 redrew all 1000.
    const shown = () => (t.core.selection.has(t.id) ? (t.core.selection.size === 1 ? 2 : 1) : 0);
    let selection = shown();
    return [
      t.core.subscribe((changes: readonly Change[]) => {
        let redraw = false;
        for (const c of changes) {
          if (c.kind === 'selection') {
            const now = shown();
            redraw ||= now !== selection;
            selection = now;
          } else if (c.kind === 'edgeAdded' || c.kind === 'edgeRemoved') {
            // A param read only with an input wired is dimmed while that input has no wire.
            redraw ||= c.edge.to.node === t.id;
          } else if (c.kind === 'title' && c.id !== t.id) {
            // A wire's warning names the node it comes from (wiring.ts meaningWarning): "Wind's air".
            redraw ||= t.core.graph.edges.some((e) => e.from.node === c.id && e.to.node === t.id);
          } else redraw ||= c.kind === 'graph' || ((c.kind === 'param' || c.kind === 'title' || c.kind === 'flag') && c.id === t.id);
        }
        if (redraw) this.host.requestUpdate();
      }),
      t.previews.subscribe(t.id, (r) => {
        const changed = summaryChanged(this.result, r);
        this.result = r;
        if (changed) this.host.requestUpdate();
      }),
    ];
  }
}

/** Watches one node's result in the previews, for the element that draws its picture. */
export class ResultWatch extends TargetWatch<{ previews: PreviewStore; id: string }> {
  protected watch(t: { previews: PreviewStore; id: string }): (() => void)[] {
    this.result = t.previews.get(t.id);
    return [
      t.previews.subscribe(t.id, (r) => {
        this.result = r;
        this.host.requestUpdate();
      }),
    ];
  }
}

/**
 * A host's subscriptions to the objects it is given: made when it is on the page, made again
 * when any of those objects is replaced, undone when it leaves.
 */
export class Subscriptions implements ReactiveController {
  private disposers: (() => void)[] = [];
  private sources: readonly unknown[] | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly sourcesOf: () => readonly unknown[],
    private readonly subscribe: () => readonly ((() => void) | null | undefined)[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.renew();
  }

  hostUpdate(): void {
    const now = this.sourcesOf();
    if (!this.sources || now.some((v, i) => v !== this.sources![i])) this.renew();
  }

  hostDisconnected(): void {
    this.stop();
  }

  private renew(): void {
    this.stop();
    this.sources = this.sourcesOf();
    this.disposers = this.subscribe().filter((d): d is () => void => !!d);
  }

  private stop(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    this.sources = null;
  }
}

/** The focused element, through open shadow roots (document.activeElement stops at a host). */
function deepActiveElement(): HTMLElement | null {
  let at: Element | null = document.activeElement;
  while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
  return at instanceof HTMLElement && at !== document.body ? at : null;
}

/**
 * Gives the focus back, when a modal box leaves the page, to where it was when the box came
 * (the Save as button, the canvas a Ctrl+S was pressed on), not to the canvas whatever opened
 * it, from where a keyboard user tabbed back through the toolbar. Nothing when that place has gone.
 */
export class FocusReturn implements ReactiveController {
  private to: HTMLElement | null = null;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.to = deepActiveElement();
  }

  hostDisconnected(): void {
    const to = this.to;
    this.to = null;
    if (to?.isConnected) to.focus({ preventScroll: true });
  }
}

/** What a modal box's controller needs of it. */
export interface ModalBoxOptions {
  /** The box's accessible name, read at each update (a question's title changes with it). */
  readonly label: () => string;
  /** 'alertdialog' for a box that says something went wrong (the problem list); 'dialog' by default. */
  readonly role?: 'dialog' | 'alertdialog';
  /** Closes the box (the host's own close: it tells whoever opened it). Escape calls it. */
  readonly close: () => void;
  /** Whether a click on the dimmed page around the box closes it too (not Share's: its link is there to be copied). */
  readonly outsideCloses: boolean;
  /** Puts the focus in the box when it opens; by default on its first control. */
  readonly focus?: () => void;
}

/** What Tab stops on in a box, in the order of the page. */
const CONTROLS = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The lifecycle every modal box of the editor shares (Save as's question, Share, Export →
 * Tiles, the problem list, the ? sheet): a dialog with aria-modal and its name; the focus put
 * in it when it opens and given back where it was when it closes (FocusReturn); Escape closes
 * it; Tab and Shift+Tab go round its own controls and never reach the page dimmed behind it;
 * and, where the box wants it, a click on that page closes it. Escape, Tab and Ctrl/⌘+S stop
 * in the box: the editor's own Escape would clear the canvas's selection behind it. Other keys
 * are the host's.
 *
 * The host itself takes the focus (tabindex -1) when a person presses the box's text or the
 * page around it: the browser's focus went to the page's body then, where the box's keys no
 * longer reached it and the editor's shortcuts acted behind it.
 */
export class ModalBox implements ReactiveController {
  private opened = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ModalBoxOptions,
  ) {
    // Before this controller, so that it reads the focus before the box takes it.
    new FocusReturn(host);
    host.addController(this);
  }

  hostConnected(): void {
    const h = this.host;
    h.setAttribute('role', this.options.role ?? 'dialog');
    h.setAttribute('aria-modal', 'true');
    h.tabIndex = -1;
    h.addEventListener('pointerdown', this.pressed);
    h.addEventListener('click', this.outside);
    h.addEventListener('keydown', this.key);
  }

  hostUpdated(): void {
    this.host.setAttribute('aria-label', this.options.label());
    // Once it shows something: a box drawn empty at first (its data not yet given) waits for it.
    if (this.opened || !this.controls().length) return;
    this.opened = true;
    this.focusFirst();
  }

  hostDisconnected(): void {
    this.opened = false;
    this.host.removeEventListener('pointerdown', this.pressed);
    this.host.removeEventListener('click', this.outside);
    this.host.removeEventListener('keydown', this.key);
  }

  /** Puts the focus in the box as it opens (the host's `focus`, or its first control). */
  focusFirst(): void {
    if (this.options.focus) this.options.focus();
    else this.controls()[0]?.focus();
  }

  /** The box's controls that Tab stops on, in the order of the page. */
  private controls(): HTMLElement[] {
    return [...(this.host.shadowRoot ?? this.host).querySelectorAll<HTMLElement>(CONTROLS)];
  }

  /**
   * A click on the dimmed page outside the box (the host itself, not the box in it). A click, not
   * a pointerdown: the box gone at the press, the rest of it (mousedown, its focus, the click)
   * went to the page under the pointer, which took the focus from the button it was given back to.
   */
  private outside = (e: MouseEvent): void => {
    if (this.options.outsideCloses && this.pressedOutside && e.composedPath()[0] === this.host) this.options.close();
  };

  /**
   * Whether the press of the click began on the dimmed page too: a press in the box let go
   * outside it (the name in Save as selected by a drag past the box's edge) is clicked on the
   * nearest element holding both ends, the host, and closed the box with what was typed.
   */
  private pressedOutside = false;
  private pressed = (e: PointerEvent): void => {
    this.pressedOutside = e.composedPath()[0] === this.host;
  };

  private key = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') this.options.close();
    else if (e.key === 'Tab') this.tab(e.shiftKey);
    // Under a box, Ctrl/⌘+S saves nothing, and the browser's own Save Page does not open either
    // (a person answering the box pressed it out of habit).
    else if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
    e.preventDefault();
    e.stopPropagation();
  };

  /**
   * The next (or previous) control, round from the last to the first. With the focus on none of
   * them (on the box itself, after a press on its text), Tab goes to the first, Shift+Tab the last.
   */
  private tab(back: boolean): void {
    const controls = this.controls();
    if (!controls.length) return;
    const at = controls.indexOf(this.host.shadowRoot?.activeElement as HTMLElement);
    const next = at < 0 ? (back ? controls.length - 1 : 0) : (at + (back ? controls.length - 1 : 1)) % controls.length;
    // A number typed is taken (its change event) as the focus leaves its field.
    controls[next].focus();
  }
}

/**
 * Escape while a drag is held (a slider's, a curve point's, a node's, a frame's), wherever the
 * keyboard is (a Shift-drag leaves it where it was): `cancel` runs and the key goes no further, as
 * Escape cancels a drag in Blender or Gaea. Taken before the editor's own Escape, which cleared
 * the selection and so closed the params card under the pointer. arm() at the drag's begin,
 * disarm() at its end. The canvas's node and frame drags use it as it is (bridge.ts, frames.ts);
 * a component's, through EscapeDuringDrag.
 */
export class EscapeKey {
  constructor(private readonly cancel: () => void) {}

  arm(): void {
    window.addEventListener('keydown', this.key, true);
  }

  disarm(): void {
    window.removeEventListener('keydown', this.key, true);
  }

  private readonly key = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.disarm();
    this.cancel();
  };
}

/** EscapeKey for a component's drag: leaving the page disarms it. */
export class EscapeDuringDrag extends EscapeKey implements ReactiveController {
  constructor(host: ReactiveControllerHost, cancel: () => void) {
    super(cancel);
    host.addController(this);
  }

  hostDisconnected(): void {
    this.disarm();
  }
}
