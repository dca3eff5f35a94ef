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
import type { Schemes, TypedSocket, ViewNode } from '../canvas/view-objects.ts';
import { GROUP_COLORS } from '../theme.ts';
import { CANVAS_FOOT, COLLAPSED_PREVIEW, COLLAPSED_WIDTH, CURVE_WIDTH, hasCurveEditor, hasTable, PREVIEW_SIZE } from './layout.ts';
import { appEvent } from '../events.ts';
import styles from './node.styles.ts';

const stop = (e: Event) => e.stopPropagation();

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

  override updated(): void {
    const card = this.renderRoot.querySelector<HTMLElement>('.params.card');
    if (!card || this.cardPlaced === card) return;
    this.cardPlaced = card;
    this.placeCard(card);
  }

  /** Places the open params card again, after the view moved the node (Canvas.reveal). */
  placeCardAgain(): void {
    const card = this.renderRoot.querySelector<HTMLElement>('.params.card');
    if (card) this.placeCard(card);
  }

  /** The card last placed: placed once each time it opens, not on every update (it reads layout). */
  private cardPlaced: HTMLElement | null = null;

  /**
   * Keeps an opened params card inside the canvas: flipped to the node's right edge when it
   * would run past the canvas's right side, above the node when it would run past its foot.
   */
  private placeCard(card: HTMLElement): void {
    const frame = clippingAncestor(this);
    if (!frame) return;
    const box = frame.getBoundingClientRect();
    // The graph's notes line lies over the canvas's foot: a card's last rows went under it.
    const bottom = box.bottom - CANVAS_FOOT;
    const node = this.getBoundingClientRect();
    const width = card.getBoundingClientRect().width;
    const height = card.getBoundingClientRect().height;
    // Where the card hangs: its left edge on the node's (the default) or flipped to the node's
    // right edge near the canvas's right side; below the node, or above it when the space below
    // is shorter than the card. Attributes the styles read, not reactive properties: this runs
    // from updated(), where setting one scheduled a second render of the node for nothing
    // (Lit's change-in-update warning, seen after a paste and an undo).
    const x = node.left + width > box.right && node.right - width >= box.left ? 'right' : 'left';
    // The minimap lies over the canvas's bottom right corner: a card whose columns it shares
    // ends above it (a blur added beside it at 1600 × 1000 had its radius field under it).
    const map = frame.querySelector(':scope > .tg-minimap')?.getBoundingClientRect();
    const cardLeft = x === 'right' ? node.right - width : node.left;
    // So do the graph's notes when open over the bottom left (a node added above them had its
    // card under them).
    const notes = frame.querySelector(':scope > .notes-card')?.getBoundingClientRect();
    const covers = [map, notes].filter((c): c is DOMRect => !!c && c.height > 0 && cardLeft < c.right && cardLeft + width > c.left);
    const floor = Math.min(bottom, ...covers.map((c) => c.top));
    const above = node.bottom + height > floor && node.top - height >= box.top;
    this.setAttribute('card-x', x);
    this.setAttribute('card-y', above ? 'above' : 'below');
    // Room neither below nor above (a tall card, the Hydraulic erosion's, on a small window):
    // the canvas moves up just enough, never taking the node's top out of view.
    const dy = Math.max(0, Math.min(node.bottom + height - floor, node.top - box.top));
    // A node partly past the canvas's left side (the view panned) hung its card past it, the
    // params' names cut off: the canvas moves right just enough, never taking the node's right
    // edge out of view.
    const dx = Math.max(0, Math.min(box.left - cardLeft, box.right - node.right));
    if ((!above && dy > 0) || dx > 0) this.dispatchEvent(appEvent('tg-card-room', { dx, dy: above ? 0 : dy }));
  }

  override render() {
    const view = this.data;
    const model = view && view.ctx.core.node(view.id);
    const def = model && nodeDef(model.type);
    if (!view || !model || !def) return nothing;
    const outputs = Object.entries(def.outputs);
    const collapsed = this.collapsed;
    const params = html`<div class="params ${collapsed ? 'card' : ''}" @pointerdown=${stop} @pointermove=${stopWhileDragging} @dblclick=${stop} @contextmenu=${stop} @keydown=${this.paramsTab}>
      ${Object.entries(def.params)
        .filter(([, spec]) => spec.kind !== 'points')
        .map(([key, spec]) => html`<tg-param .nodeId=${view.id} .nodeTitle=${model.title} .name=${key} .spec=${spec} .value=${model.params[key]} ?unused=${!paramApplies(spec, model.params)} ?stacked=${collapsed}></tg-param>`)}
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
    if (e.timeStamp - last.t < 400 && Math.abs(e.clientX - last.x) < 6 && Math.abs(e.clientY - last.y) < 6) {
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
    return html`<div class="body">
      <div class="inputs">
        ${Object.entries(def.inputs).map(
          ([key, spec]) => html`<div class="in ${spec.optional ? 'optional' : ''}" title="${key} (${spec.type}): ${spec.doc}${spec.optional ? ` Unwired: ${spec.optional}.` : ''}">
            ${this.socket('input', key)}${collapsed ? nothing : html`<span class="name">${key}</span>`}
          </div>`,
        )}
        ${collapsed ? nothing : html`<div class="meta">${meta}</div>`}
      </div>
      <tg-preview .previews=${this.data!.ctx.previews} .nodeId=${this.data!.id}></tg-preview>
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
