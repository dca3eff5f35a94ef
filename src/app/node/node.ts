// A node on the canvas: title, sockets coloured by type, the live preview (or the curve
// editor) and a control per param, all generated from the node type's manifest.

import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { RenderEmit } from '@retejs/lit-plugin';
import { nodeDef } from '../../../nodes/index.ts';
import type { AnyNodeDef } from '../../model/manifest.ts';
import { paramApplies, type Point, type PointsParam } from '../../model/params.ts';
import type { PortType } from '../../model/values.ts';
import { NodeWatch } from '../controllers.ts';
import { meaningWarnings } from '../../editor/wiring.ts';
import type { Schemes, TypedSocket, ViewNode } from '../canvas/view-objects.ts';
import { GROUP_COLORS } from '../theme.ts';
import { CANVAS_FOOT, COLLAPSED_PREVIEW, COLLAPSED_WIDTH, CURVE_WIDTH, hasCurveEditor, hasTable, PREVIEW_SIZE } from './layout.ts';
import { appEvent } from '../events.ts';
import { pressState } from '../canvas/pressed.ts';
import { chooseCardPlace, type CardRoom } from './card-place.ts';
import styles from './node.styles.ts';

const stop = (e: Event) => e.stopPropagation();

/** Two presses on a title within this many milliseconds rename the node. */
const DOUBLE_PRESS_MS = 400;
/** How often a card waiting for a pressed pointer's release looks again. */
const PRESS_POLL_MS = 100;
/** Pixels around a socket a params card keeps clear: a press there still takes the socket. */
const SOCKET_MARGIN = 4;
/** The canvas's pixels between a node and its params card. */
const CARD_GAP = 4;
/**
 * The least height, in the card's own pixels, a params card is shortened to (its params then
 * scrolling inside it) when no clear place of its full height lies beside its node: three params.
 */
const CARD_SHORTEST = 120;

/** A params card open on a selected collapsed node, and its placing. */
interface OpenCard {
  readonly el: HTMLElement;
  /**
   * The view moves for it no more: it moved once already, or the card's node was dropped by a
   * drag, where the person put it in sight (a move then took the node from under the mouse).
   */
  still: boolean;
  /** Its node was dropped by a drag: the card lies beside it, clear or not (card-place.ts nearFirst). */
  dropped: boolean;
  /**
   * It opened with its node's view, as a node is added (the palette, Insert, a wire dropped on
   * the canvas, a paste, a duplicate): a move of the view for it keeps every socket in sight.
   */
  readonly added: boolean;
  /**
   * The other nodes' titles and sockets the card lies over, relative to its node's top left on
   * the screen when it was placed: over them the card yields to the pointer (yieldTo).
   */
  over: readonly { left: number; top: number; right: number; bottom: number }[];
  /** Opened by a press, or placed again on a release: the view waits for the release and a second click. */
  byPress: boolean;
  /** A placing that waits for the pointer. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Places it again when its size changes (its params rendered, a param shown or hidden). */
  readonly sized: ResizeObserver;
}

/** The nearest ancestor (across shadow roots) that clips what overflows it: the canvas. */
function clippingAncestor(from: Element): Element | null {
  let el: Element | null = from;
  while (el) {
    el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    if (el && /clip|hidden/.test(getComputedStyle(el).overflow)) return el;
  }
  return null;
}
/** A slider being dragged needs no help from the canvas, which measures itself on every move. */
const stopWhileDragging = (e: PointerEvent) => {
  if (e.buttons) e.stopPropagation();
};

/**
 * A title as its header draws it: a number at its end ("Flow and rivers 2", as a second node of
 * a type is titled) kept whole when the rest is cut short, which at fit read "Flow and riv…"
 * for each of five Flow nodes. The text reads the same (the space is the number's).
 */
function titleParts(title: string) {
  const numbered = /^(.*\S)( \d+)$/.exec(title);
  return numbered ? html`<span class="stem">${numbered[1]}</span><span class="number">${numbered[2]}</span>` : html`<span class="stem">${title}</span>`;
}

/**
 * The rete node view. Reads the model through its ViewNode's context and never writes it:
 * its controls send tg-param-edit events, which the canvas bridge turns into commands. Every
 * socket is a <rete-ref>, so rete can attach wires to it.
 *
 * @event tg-param-edit - From the param controls and the curve editor inside.
 */
export class TgNode extends LitElement {
  static override styles = styles;

  /** The rete view object of the node (set by the rete lit renderer). */
  @property({ attribute: false }) data: ViewNode | null = null;

  /** Rete's signal emitter, handed to the socket refs. */
  @property({ attribute: false }) emit: RenderEmit<Schemes> | null = null;

  /** Mirrors the model's selection, for styling. */
  @property({ type: Boolean, reflect: true }) selected = false;

  /** Mirrors the model's bypass flag: the node is drawn dimmed. */
  @property({ type: Boolean, reflect: true }) bypassed = false;

  /** Mirrors the model's collapse flag: title, sockets and picture; params in a card when selected. */
  @property({ type: Boolean, reflect: true }) collapsed = false;

  /** True while the title is being edited in place. */
  @state() private renaming = false;

  private readonly watch = new NodeWatch(this, () => (this.data ? { core: this.data.ctx.core, previews: this.data.ctx.previews, id: this.data.id } : null));
  private readonly socketData = new Map<string, object>();

  override willUpdate(): void {
    const view = this.data;
    if (!view) return;
    this.selected = view.ctx.core.selection.has(view.id);
    const model = view.ctx.core.node(view.id);
    this.bypassed = !!model?.bypass;
    this.collapsed = !!model?.collapsed;
    const def = model && nodeDef(model.type);
    this.toggleAttribute('wide-card', !!def && hasTable(def));
    // Written once: touching the host's style on every update would restyle the canvas.
    if (this.dataset.nodeId !== view.id) {
      this.dataset.nodeId = view.id;
      this.style.width = `${view.width}px`;
      this.style.height = `${view.height}px`;
    }
  }

  /** The node has been drawn before: a card opening now is not one opening with its node. */
  private drawn = false;

  override updated(): void {
    const first = !this.drawn;
    this.drawn = true;
    const card = this.renderRoot.querySelector<HTMLElement>('.params.card');
    if (card === (this.cardOpen?.el ?? null)) return;
    this.closeCard();
    if (!card) return;
    const frame = clippingAncestor(this);
    // Placed now, within this update, and again whenever its size changes: the params inside
    // render after this update (measured now, the Wind's card was 158 px high of its 226).
    const open: OpenCard = { el: card, still: false, dropped: false, added: first, over: [], byPress: !!(frame && pressState(frame)?.pressed), timer: undefined, sized: new ResizeObserver(() => this.placeCard()) };
    this.cardOpen = open;
    window.addEventListener('pointermove', this.yieldTo, true);
    this.placeCard('open');
    open.sized.observe(card);
  }

  // Rete brings a picked node to the front by moving its element: out of the page and back in
  // on the press that opens its card. Its placing waits meanwhile and goes on once it is back.
  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.cardOpen?.timer);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.cardOpen) this.placeCard();
  }

  /**
   * Places the open params card again: after the node was dropped by a drag, or clicked (rete's
   * release after a press that moved nothing), after the view moved it (Canvas.reveal, a resize)
   * or after a zoom, which never moves the view for it.
   */
  placeCardAgain(after: 'drop' | 'click' | 'view' | 'zoom' = 'view'): void {
    const open = this.cardOpen;
    if (!open) return;
    // A click just ended: the view waits for a second click before it moves.
    if (after === 'click') open.byPress = true;
    // A drag's release is no first click of a double-click, so nothing waits for one; and the
    // view stays where the node was dropped, as Gaea's and World Machine's do: moved a moment
    // later for the card (waiting out a double-click, some 120 px), it took the node from under
    // the mouse that had just put it there. The card takes the best place in sight.
    if (after === 'drop') open.still = open.dropped = true;
    this.placeCard(after === 'zoom' ? 'zoom' : 'again');
  }

  /** The open params card and its placing; null while none is open. */
  private cardOpen: OpenCard | null = null;

  private closeCard(): void {
    const open = this.cardOpen;
    if (!open) return;
    clearTimeout(open.timer);
    open.sized.disconnect();
    window.removeEventListener('pointermove', this.yieldTo, true);
    this.removeAttribute('card-waits');
    this.removeAttribute('card-yields');
    this.removeAttribute('card-scrolls');
    this.cardOpen = null;
  }

  /**
   * Opens the params card where it keeps every other node's sockets and title clear, nearest its
   * node and hiding the least of the others (card-place.ts), in the canvas as it lies, shortened
   * with its params scrolling when only that keeps them clear. Only when no such place is in
   * sight does the view move to bring one in (for a node just added, only a move that keeps every
   * socket in sight): once for a card, never while a
   * pointer is pressed or within a double-click of a click's release (the card waits, hidden,
   * meanwhile; moved on the release, the view took the title from under the second press that
   * renames the node), never for a zoom, and never once its node was dropped by a drag.
   */
  private placeCard(after: 'open' | 'again' | 'zoom' | 'keys' = 'again'): void {
    const open = this.cardOpen;
    const frame = clippingAncestor(this);
    if (!open || !frame || !open.el.isConnected) return;
    clearTimeout(open.timer);
    const press = pressState(frame);
    // Waiting for a pressed pointer (a node being dragged): nothing to measure until it is let go.
    if (press?.pressed && this.hasAttribute('card-waits') && after !== 'zoom') {
      open.timer = setTimeout(() => this.placeCard(), PRESS_POLL_MS);
      return;
    }
    const sinceRelease = performance.now() - (press?.releasedAt ?? -Infinity);
    // Just opened, within the node's update, its params are not drawn yet (the card is shorter
    // than it will be) and a node just added may not stand where the model has it yet: the view
    // moves, if it must, a moment later (a Hydraulic erosion added from the palette moved it for
    // a card 302 px high beside a node 560 px from where it went).
    const wait = press?.pressed ? PRESS_POLL_MS : open.byPress && after !== 'keys' && sinceRelease < DOUBLE_PRESS_MS ? DOUBLE_PRESS_MS - sinceRelease : after === 'open' ? 1 : 0;
    const mayMove = !open.still && after !== 'zoom';
    const room = this.cardRoom(frame, open.el, open.added);
    const place = chooseCardPlace(room, mayMove && !wait, open.dropped);
    if (place.kind !== 'beside' && mayMove && wait && chooseCardPlace(room, true).kind === 'moved') {
      this.setAttribute('card-waits', '');
      open.timer = setTimeout(() => this.placeCard(), wait);
      return;
    }
    const node = this.getBoundingClientRect();
    const k = this.offsetWidth ? node.width / this.offsetWidth : 1;
    // Styles and attributes, not reactive properties: this runs from updated(), where setting one
    // scheduled a second render of the node for nothing (Lit's change-in-update warning).
    open.el.style.left = `${(place.box.left - node.left) / k - this.clientLeft}px`;
    open.el.style.top = `${(place.box.top - node.top) / k - this.clientTop}px`;
    // Shortened (no clear place of its full height beside the node): its params scroll inside it.
    const short = place.box.bottom - place.box.top < room.height - 0.5;
    const scale = this.cardScale(open.el);
    open.el.style.maxHeight = short ? `${(place.box.bottom - place.box.top) / scale}px` : '';
    this.toggleAttribute('card-scrolls', short);
    const shifted = (r: CardRoom['keepClear'][number]) => ({ left: r.left - node.left, top: r.top - node.top, right: r.right - node.left, bottom: r.bottom - node.top });
    open.over = room.keepClear.filter((r) => r.left < place.box.right && place.box.left < r.right && r.top < place.box.bottom && place.box.top < r.bottom).map(shifted);
    this.removeAttribute('card-waits');
    this.removeAttribute('card-yields');
    if (place.move.x || place.move.y) {
      open.still = true;
      this.dispatchEvent(appEvent('tg-card-room', { dx: place.move.x, dy: place.move.y }));
    }
  }

  /**
   * A card with no clear place, even shortened to CARD_SHORTEST, lies over another node's title
   * or sockets (a node dropped where no clear place lies beside it). While the pointer is over one of them,
   * not on one of the card's own controls, and no button is down, the card fades and lets the
   * pointer through, as with Ctrl held
   * (card-through.ts): the title or socket under it takes the hover, the click and the wire.
   * I did not move the card further off (it read as no node's).
   */
  private yieldTo = (e: PointerEvent): void => {
    const open = this.cardOpen;
    if (!open || e.buttons) return;
    let yields = false;
    if (open.over.length) {
      const node = this.getBoundingClientRect();
      const x = e.clientX - node.left;
      const y = e.clientY - node.top;
      yields = open.over.some((r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom);
      // The card's own controls stay its own: a slider over a title would otherwise never take the mouse.
      if (yields) yields = !this.cardControls().some((c) => e.clientX >= c.left && e.clientX < c.right && e.clientY >= c.top && e.clientY < c.bottom);
    }
    if (yields !== this.hasAttribute('card-yields')) this.toggleAttribute('card-yields', yields);
  };

  /** The wheel over a shortened card scrolls its params, not zooms the canvas under it. */
  private cardWheel = (e: WheelEvent): void => {
    if (this.hasAttribute('card-scrolls') && !e.ctrlKey) e.stopPropagation();
  };

  /** The boxes of the open card's sliders, fields, lists and buttons on the screen. */
  private cardControls(): DOMRect[] {
    return [...this.renderRoot.querySelectorAll('.params.card tg-param')].flatMap((param) => [...(param.shadowRoot?.querySelectorAll('input, select, button') ?? [])].map((el) => el.getBoundingClientRect()));
  }

  /** Screen pixels per pixel of the card's own (the canvas's zoom times the card's scale). */
  private cardScale(card: HTMLElement): number {
    return card.offsetHeight ? card.getBoundingClientRect().height / card.offsetHeight : 1;
  }

  /**
   * What the card's place is chosen from, measured on the screen. Its height is its params' whole
   * height, even while it is shortened and scrolls. With `added`, the sockets in sight are kept so.
   */
  private cardRoom(frame: Element, card: HTMLElement, added: boolean): CardRoom {
    const box = frame.getBoundingClientRect();
    const node = this.getBoundingClientRect();
    const { width } = card.getBoundingClientRect();
    const scale = this.cardScale(card);
    const height = (card.scrollHeight + card.offsetHeight - card.clientHeight) * scale;
    const k = this.offsetWidth ? node.width / this.offsetWidth : 1;
    const canvas = { left: box.left, top: box.top, right: box.right, bottom: box.bottom - CANVAS_FOOT };
    // The graph's notes line lies over the canvas's foot: a card's last rows went under it. The
    // minimap lies over its bottom right corner (a blur added beside it at 1600 × 1000 had its
    // radius field under it), and the notes, when open, over its bottom left (a node added
    // above them had its card under them).
    const over = [frame.querySelector(':scope > .tg-minimap'), frame.querySelector(':scope > .notes-card')].flatMap((el) => {
      const r = el?.getBoundingClientRect();
      return r && r.width && r.height ? [r] : [];
    });
    // Within a canvas's size of the node: as far as a move of the view for the card may reach.
    const reach = { left: node.left - box.width, top: node.top - box.height, right: node.right + box.width, bottom: node.bottom + box.height };
    const others: DOMRect[] = [];
    const keepClear: CardRoom['keepClear'][number][] = [];
    const keep: DOMRect[] = [];
    const inCanvas = (r: DOMRect) => r.width && r.height && r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.bottom <= canvas.bottom;
    for (const el of frame.querySelectorAll<HTMLElement>('tg-node')) {
      if (added) for (const socket of el.shadowRoot?.querySelectorAll('rete-ref') ?? []) {
        const s = socket.getBoundingClientRect();
        if (inCanvas(s)) keep.push(s);
      }
      if (el === this) continue;
      const r = el.getBoundingClientRect();
      if (r.right < reach.left || r.left > reach.right || r.bottom < reach.top || r.top > reach.bottom) continue;
      others.push(r);
      const header = el.shadowRoot?.querySelector('header');
      if (header) keepClear.push(header.getBoundingClientRect());
      for (const socket of el.shadowRoot?.querySelectorAll('rete-ref') ?? []) {
        const s = socket.getBoundingClientRect();
        if (s.width && s.height) keepClear.push({ left: s.left - SOCKET_MARGIN, top: s.top - SOCKET_MARGIN, right: s.right + SOCKET_MARGIN, bottom: s.bottom + SOCKET_MARGIN });
      }
    }
    // A frame's title bar too, as a node's title: it is where the frame is dragged, renamed,
    // recoloured and its menu opened, and it names the group (a Blur inserted on a wire near a
    // frame's top at 1024 × 700 opened its card over the title).
    for (const el of frame.querySelectorAll('tg-frame')) {
      const bar = el.shadowRoot?.querySelector('header')?.getBoundingClientRect();
      if (bar && bar.width && bar.height && !(bar.right < reach.left || bar.left > reach.right || bar.bottom < reach.top || bar.top > reach.bottom)) keepClear.push(bar);
    }
    // And a frame's corner grip, where it is resized: it lies over the nodes (frames.ts), so over a
    // card too, and took a press on the card's corner (a Blur dropped on the wire into the Biomes of
    // a framed climate at 1024 × 700 had the grip over its card's range, 0…0.25).
    for (const grip of frame.querySelectorAll('.tg-frame-grip')) {
      const g = grip.getBoundingClientRect();
      if (g.width && g.height && !(g.right < reach.left || g.left > reach.right || g.bottom < reach.top || g.top > reach.bottom)) keepClear.push(g);
    }
    return { node, width, height, gap: CARD_GAP * k, canvas, over, keepClear, others, keep: added ? keep : undefined, shortest: CARD_SHORTEST * scale };
  }

  override render() {
    const view = this.data;
    const model = view && view.ctx.core.node(view.id);
    const def = model && nodeDef(model.type);
    if (!view || !model || !def) return nothing;
    const outputs = Object.entries(def.outputs);
    const collapsed = this.collapsed;
    const edges = view.ctx.core.graph.edges;
    const wired = (input: string) => edges.some((e) => e.to.node === view.id && e.to.port === input);
    const params = html`<div class="params ${collapsed ? 'card' : ''}" @pointerdown=${stop} @pointermove=${stopWhileDragging} @dblclick=${stop} @contextmenu=${stop} @keydown=${this.paramsTab} @wheel=${this.cardWheel}>
      ${Object.entries(def.params)
        .filter(([, spec]) => spec.kind !== 'points')
        .map(([key, spec]) => html`<tg-param .nodeId=${view.id} .nodeTitle=${model.title} .name=${key} .spec=${spec} .value=${model.params[key]} ?unused=${!paramApplies(spec, model.params, wired)} ?stacked=${collapsed}></tg-param>`)}
    </div>`;
    const hasParams = Object.values(def.params).some((spec) => spec.kind !== 'points');
    // The tooltip names the node in full first: a collapsed node's title is cut at fit ("Continental…").
    const named = model.title === def.title ? def.title : `${model.title} (${def.title})`;
    return html`<header style="--tg-header:${GROUP_COLORS[def.group] ?? '#3b5f8a'}" title="${named}${model.bypass ? ' (bypassed)' : ''}: ${def.doc}">
        ${this.renaming
          ? html`<input class="rename" aria-label="node title" .value=${model.title} @pointerdown=${stop} @dblclick=${stop} @keydown=${this.renameKey} @blur=${this.renameDone} />`
          : html`<span class="title" @pointerdown=${this.titleDown}>${titleParts(model.title)}</span>`}
        ${model.bypass && !collapsed ? html`<span class="badge" title="Bypassed: what this node feeds gets its input instead">bypassed</span>` : nothing}
        ${outputs.slice(0, 1).map(([key, spec]) => this.output(key, spec.type, spec.meaning))}
      </header>
      ${outputs.slice(1).map(([key, spec]) => html`<div class="extra-out">${this.output(key, spec.type, spec.meaning, true)}</div>`)}
      ${hasCurveEditor(def) ? this.curveBody(def, model.params.points as Point[]) : this.pictureBody(def)}
      ${model.bypass && collapsed
        ? // A collapsed title has no room to spare: the mark sits on the picture's foot instead,
          // or at its top when the picture's foot says why it has none (the mark hid that text).
          html`<span class="badge ribbon ${this.watch.result && this.watch.result.state !== 'ok' ? 'top' : ''}" title="Bypassed: what this node feeds gets its input instead"
            >bypassed</span
          >`
        : nothing}
      ${!collapsed || (this.selected && hasParams && view.ctx.core.selection.size === 1) ? params : nothing}`;
  }

  private lastTitleDown = { t: -1e9, x: 0, y: 0 };

  /**
   * Two presses on the title within 400 ms rename the node. Not the browser's dblclick: rete
   * brings a picked node to the front by moving its element, and a press on an element that
   * moved between the two clicks never becomes a dblclick.
   */
  private titleDown = (e: PointerEvent): void => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const last = this.lastTitleDown;
    this.lastTitleDown = { t: e.timeStamp, x: e.clientX, y: e.clientY };
    if (e.timeStamp - last.t < DOUBLE_PRESS_MS && Math.abs(e.clientX - last.x) < 6 && Math.abs(e.clientY - last.y) < 6) {
      this.lastTitleDown.t = -1e9;
      e.stopPropagation();
      this.startRename();
    }
  };

  /**
   * Focuses the node's first param control (its number field, else its select, box or field),
   * in its card when collapsed: the params reached from the keyboard, Tab then going on through them.
   */
  focusParams(): void {
    void this.updateComplete.then(() => {
      // A card waiting for a second click before the view moves for it cannot take the focus
      // hidden: the keys say no second click is coming.
      if (this.hasAttribute('card-waits')) this.placeCard('keys');
      for (const param of this.renderRoot.querySelectorAll('tg-param')) {
        const root = param.shadowRoot;
        // In that order: a selector list matches in the card's order, and a param's slider comes
        // before its number, so Enter put the keyboard on the slider, where typed digits did nothing.
        const control = ['input[type="number"]', 'input[type="text"]', 'select', 'input'].reduce<HTMLElement | null>((found, q) => found ?? root?.querySelector<HTMLElement>(q) ?? null, null);
        if (control) {
          control.focus();
          if (control instanceof HTMLInputElement && control.type !== 'checkbox') control.select();
          return;
        }
      }
    });
  }

  /** The controls of the node's params that Tab stops on, in the card's order (a param's slider, then its number). */
  private paramControls(): HTMLElement[] {
    return [...this.renderRoot.querySelectorAll('.params tg-param')].flatMap((param) => [...(param.shadowRoot?.querySelectorAll<HTMLElement>('input, select, button') ?? [])]);
  }

  /**
   * Tab and Shift+Tab go round the node's params: after the last control comes the first again,
   * and before the first the last, as in Houdini's parameter pane. Left to the browser, Tab went
   * on from the last param to the viewer's x field, across the page. Escape still gives the keys
   * back to the canvas.
   */
  private paramsTab = (e: KeyboardEvent): void => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    const controls = this.paramControls();
    const at = controls.indexOf(e.composedPath()[0] as HTMLElement);
    if (at < 0 || at !== (e.shiftKey ? 0 : controls.length - 1)) return;
    e.preventDefault();
    const to = controls[e.shiftKey ? controls.length - 1 : 0];
    to.focus();
    // As the browser does for a field Tab reaches: its text selected, to type over.
    if (to instanceof HTMLInputElement && (to.type === 'number' || to.type === 'text')) to.select();
  };

  /** Opens the title for typing (a double-click on it, or Rename in the node's menu). */
  startRename = (e?: Event): void => {
    e?.stopPropagation();
    this.renaming = true;
    this.renameStarted = performance.now();
    void this.updateComplete.then(() => this.focusRename());
  };

  private renameStarted = 0;

  private focusRename(): void {
    const input = this.renderRoot.querySelector<HTMLInputElement>('input.rename');
    input?.focus();
    input?.select();
  }

  private renameKey = (e: KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'Enter') this.commitRename((e.target as HTMLInputElement).value);
    else if (e.key === 'Escape') {
      this.renaming = false;
    }
  };

  private renameDone = (e: FocusEvent): void => {
    if (!this.renaming) return;
    // Rete brings a picked node to the front by moving its element, which takes the focus
    // away just after the rename began: that is no "done", so the field takes it back.
    if (performance.now() - this.renameStarted < 300) {
      requestAnimationFrame(() => this.focusRename());
      return;
    }
    this.commitRename((e.target as HTMLInputElement).value);
  };

  private commitRename(text: string): void {
    if (!this.renaming) return;
    this.renaming = false;
    const title = text.trim();
    const view = this.data;
    if (view && title && title !== view.ctx.core.node(view.id)?.title) this.dispatchEvent(appEvent('tg-node-title', { nodeId: view.id, title }));
  }

  private pictureBody(def: AnyNodeDef) {
    const result = this.watch.result;
    const meta = result ? (result.meaning ?? result.portType ?? result.state) : '';
    const collapsed = this.collapsed;
    // A node without inputs (a noise) has no column for them: its picture sits in the middle of
    // the node, the meaning in the margin at its foot. The empty column was 84 px of nothing.
    if (!Object.keys(def.inputs).length) {
      return html`<div class="body no-inputs">
        ${collapsed ? nothing : html`<div class="meta">${meta}</div>`}
        <tg-preview .previews=${this.data!.ctx.previews} .nodeId=${this.data!.id}></tg-preview>
      </div>`;
    }
    // Wires that bring another meaning than their input is made for (wiring.ts meaningWarning):
    // the input marked, its tooltip and a line over the picture's foot say so. The graph still evaluates.
    const warnings = meaningWarnings(this.data!.ctx.core.graph, this.data!.id);
    return html`<div class="body">
      <div class="inputs">
        ${Object.entries(def.inputs).map(([key, spec]) => {
          const warning = warnings.get(key);
          const about = `${key} (${spec.type}): ${spec.doc}${spec.optional ? ` Unwired: ${spec.optional}.` : ''}`;
          return html`<div class="in ${spec.optional ? 'optional' : ''} ${warning ? 'mismatch' : ''}" data-port=${key} title="${warning ? `⚠ ${warning}.\n${about}` : about}">
            ${this.socket('input', key)}${collapsed ? nothing : html`<span class="name">${key}</span>`}
          </div>`;
        })}
        ${collapsed ? nothing : html`<div class="meta">${meta}</div>`}
      </div>
      <tg-preview .previews=${this.data!.ctx.previews} .nodeId=${this.data!.id}></tg-preview>
      ${warnings.size ? html`<div class="meaning-warning" role="note" title=${[...warnings.values()].join('.\n')}>⚠ ${[...warnings.values()].join('. ')}</div>` : nothing}
    </div>`;
  }

  private curveBody(def: AnyNodeDef, points: Point[]) {
    const [key, spec] = Object.entries(def.params).find(([, s]) => s.kind === 'points')!;
    const result = this.watch.result;
    const input = Object.entries(def.inputs)[0];
    return html`<div class="curve-body">
      ${input ? html`<div class="in" title="${input[0]} (${input[1].type}): ${input[1].doc}">${this.socket('input', input[0])}</div>` : nothing}
      <tg-curve-editor
        @pointerdown=${stop}
        @dblclick=${stop}
        .nodeId=${this.data!.id}
        .name=${key}
        .spec=${spec as PointsParam}
        .points=${points}
        .bins=${result?.inputBins}
        .width=${this.collapsed ? COLLAPSED_WIDTH - 16 : CURVE_WIDTH}
        .height=${this.collapsed ? COLLAPSED_PREVIEW : PREVIEW_SIZE}
      ></tg-curve-editor>
      ${result && result.state !== 'ok' ? html`<div class="curve-error ${result.state}" role="status">${result.message}</div>` : nothing}
    </div>`;
  }

  /**
   * An output's socket with its name: the first output's sits in the title bar, which a collapsed
   * node keeps for its title; the others have rows of their own, which a collapsed node would show
   * empty over its picture without their names (the flow node's three looked like a blank top half).
   */
  private output(key: string, type: PortType, meaning: string, row = false) {
    return html`<span class="out" title="${key}: ${type} (${meaning})">${this.collapsed && !row ? nothing : html`<span class="port-name">${key}</span>`}${this.socket('output', key)}</span>`;
  }

  private socket(side: 'input' | 'output', key: string) {
    const view = this.data!;
    const port = side === 'input' ? view.inputs[key] : view.outputs[key];
    const cacheKey = `${side}:${key}`;
    let data = this.socketData.get(cacheKey);
    if (!data) {
      data = { type: 'socket', side, key, nodeId: view.id, payload: port?.socket as TypedSocket };
      this.socketData.set(cacheKey, data);
    }
    return html`<rete-ref class="socket" data-socket=${cacheKey} .data=${data} .emit=${this.emit}></rete-ref>`;
  }
}
