// The app's frame: toolbar, canvas, viewer panel, menus, the problem list and notices. It
// turns a person's commands into editor-core calls: the file commands live in files.ts, what
// is done to nodes and frames in node-actions.ts, which key means what in keys.ts, and what
// each toolbar button and shortcut does in commands.ts.

import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { allItems, insertItems, type MenuItem, wireItems } from '../../editor/catalogue.ts';
import { EditError } from '../../editor/commands.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { capName, type NameKind } from '../../editor/names.ts';
import type { ReadLink } from '../../editor/share.ts';
import type { Edge } from '../../model/graph.ts';
import type { Problem } from '../../model/problems.ts';
import { edgeKey, inputTakes, outputMeaning, portType } from '../../editor/wiring.ts';
import type { ViewerSession } from '../../viewer-core/session.ts';
import type { MenuRequest, WireMenuRequest } from '../canvas/bridge.ts';
import { Canvas } from '../canvas/canvas.ts';
import { ParamGestures } from '../canvas/param-gestures.ts';
import type { ContextPickDetail } from '../context-menu/context-menu.ts';
import type { MenuPickDetail, NodeTitleDetail, ParamEditDetail, ToolbarDetail } from '../events.ts';
import { drawnSize } from '../node/layout.ts';
import type { TgNode } from '../node/node.ts';
import type { PreviewStore } from '../previews.ts';
import { type Recipe, recipeShown } from '../recipes.ts';
import type { AskAnswer, AskRequest } from '../ask/ask-dialog.ts';
import type { ShareState } from '../share/share-dialog.ts';
import { type DraftSource, type ProblemsOffer, ShellFiles } from './files.ts';
import { runShortcut, runToolbar } from './commands.ts';
import { isTextEntry, leftToBrowser, ownsDelete, ownsTabAndSpace, ownsTypeAhead, shortcutOf, worksWhileTyping } from './keys.ts';
import { frameMenuActions, nodeMenuActions, NodeActions, wireMenuActions } from './node-actions.ts';
import styles from './shell.styles.ts';

export type { DraftSource } from './files.ts';

const NOTICE_MS = 6000;

/** "1 node", "2 nodes": the status bar said "1 nodes · 1 wires". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The Terrain Graph editor. Give it the editor core, the previews, the viewer session and the
 * recipes; it builds the canvas in its shadow root. The viewer panel on the right sizes itself
 * to its map.
 */
export class TgApp extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) core!: EditorCore;
  @property({ attribute: false }) previews!: PreviewStore;
  /** The viewer's session (what the panel on the right shows). */
  @property({ attribute: false }) viewer: ViewerSession | null = null;
  @property({ attribute: false }) recipes: readonly Recipe[] = [];
  /** The drafts other tabs autosaved: listed under Drafts, opened like a file. */
  @property({ attribute: false }) drafts: DraftSource = { list: () => [], text: () => null };

  /** The file name the open graph came from (Save offers it again); the core keeps it, so undo carries it. */
  get openedAs(): string | null {
    return this.core.file;
  }
  set openedAs(file: string | null) {
    this.core.keep({ file });
  }

  /** The colour theme: the system's (prefers-color-scheme) until the person picks one. */
  @property({ reflect: true }) theme: 'dark' | 'light' = 'dark';

  /** True while the graph's notes are open in full (they show as one line otherwise). */
  @state() private notesOpen = false;

  @state() private menu: (MenuRequest & { items: MenuItem[]; heading: string; nothing?: string }) | null = null;
  @state() private problems: { file: string; list: readonly Problem[]; note?: string; offer?: ProblemsOffer } | null = null;
  @state() private notice: { text: string; kind: 'refused' | 'info' } | null = null;
  @state() private dropping = false;
  @state() private sharing: ShareState | null = null;
  /** The question the editor's own box asks (ask()), and who waits for the answer. */
  @state() private asking: { request: AskRequest; answer: (a: AskAnswer) => void } | null = null;
  /** The open menu of a node, or of a frame (`frame` set). */
  @state() private nodeMenu: { clientX: number; clientY: number; id: string; frame?: boolean } | null = null;
  /** The open menu of a wire. */
  @state() private wireMenu: WireMenuRequest | null = null;
  /** The sheet of every shortcut (?), open. */
  @state() helpOpen = false;

  @query('.canvas') private container!: HTMLDivElement;

  /** The canvas, once rete is set up. */
  canvas: Canvas | null = null;
  /** Resolves with the canvas once it shows the opening graph. */
  readonly ready: Promise<Canvas>;
  private resolveReady!: (c: Canvas) => void;
  private pointerAt: { x: number; y: number } | null = null;
  /** True while a mouse button (or a pen, a finger) is down: a drag is under way. */
  private buttonsHeld = false;
  private noticeTimer = 0;
  private disposers: (() => void)[] = [];

  /** Open, save, share: the file commands. */
  readonly files = new ShellFiles(this);
  /** Rename, bypass, duplicate, copy, paste…: what is done to the selected nodes and frames. */
  readonly actions = new NodeActions(this);

  constructor() {
    super();
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const onKey = (e: KeyboardEvent) => this.key(e);
    const onOver = (e: DragEvent) => this.dragOver(e);
    const onLeave = () => (this.dropping = false);
    const onDrop = (e: DragEvent) => this.drop(e);
    // A press anywhere but in the open menu closes it.
    const onDown = (e: PointerEvent) => {
      const inside = (name: string) => e.composedPath().some((t) => t instanceof Element && t.localName === name);
      if (this.menu && !inside('tg-node-menu')) this.menu = null;
      if ((this.nodeMenu || this.wireMenu) && !inside('tg-context-menu')) this.nodeMenu = this.wireMenu = null;
      this.leaveParam(e);
    };
    // Where the pointer is, for the palette that Tab and Space open there.
    const onMove = (e: PointerEvent) => (this.pointerAt = { x: e.clientX, y: e.clientY });
    this.addEventListener('pointermove', onMove, true);
    this.disposers.push(() => this.removeEventListener('pointermove', onMove, true));
    // Whether a button is held (a drag under way), for undo and redo, which wait for its end.
    const onButtons = (e: PointerEvent) => (this.buttonsHeld = e.buttons !== 0);
    const onBlur = () => (this.buttonsHeld = false);
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'] as const) {
      window.addEventListener(type, onButtons, true);
      this.disposers.push(() => window.removeEventListener(type, onButtons, true));
    }
    window.addEventListener('blur', onBlur);
    this.disposers.push(() => window.removeEventListener('blur', onBlur));
    window.addEventListener('keydown', onKey);
    this.addEventListener('pointerdown', onDown, true);
    this.addEventListener('dragover', onOver);
    this.addEventListener('dragleave', onLeave);
    this.addEventListener('drop', onDrop);
    this.disposers.push(
      () => window.removeEventListener('keydown', onKey),
      () => this.removeEventListener('pointerdown', onDown, true),
      () => this.removeEventListener('dragover', onOver),
      () => this.removeEventListener('dragleave', onLeave),
      () => this.removeEventListener('drop', onDrop),
      this.core.subscribe(() => this.requestUpdate()),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const d of this.disposers) d();
    this.disposers = [];
    this.canvas?.destroy();
    this.canvas = null;
  }

  override async firstUpdated(): Promise<void> {
    const canvas = await Canvas.create(this.container, this.core, this.previews, {
      notice: (text, kind) => this.say(text, kind),
      menu: (request) => this.openMenu(request),
      nodeMenu: (request) => {
        this.menu = null;
        this.nodeMenu = request;
      },
      frameMenu: (request) => {
        this.menu = null;
        this.nodeMenu = { ...request, frame: true };
      },
      wireMenu: (request) => {
        this.menu = null;
        this.nodeMenu = null;
        this.wireMenu = request;
      },
    });
    this.canvas = canvas;
    await canvas.openView();
    this.resolveReady(canvas);
  }

  /** The recipe the graph is, unchanged (the Recipes menu shows it), found again only when the graph changed. */
  private recipeSeen: { revision: number; recipe: Recipe | null } | null = null;

  private shownRecipe(): Recipe | null {
    const revision = this.core.revision;
    if (this.recipeSeen?.revision !== revision) this.recipeSeen = { revision, recipe: recipeShown(this.core.graph, this.recipes) };
    return this.recipeSeen.recipe;
  }

  override render() {
    const core = this.core;
    return html`<tg-toolbar
        .recipes=${this.recipes}
        .listDrafts=${this.drafts.list}
        .canUndo=${core.canUndo}
        .canRedo=${core.canRedo}
        .undoLabel=${core.undoLabel ?? ''}
        .redoLabel=${core.redoLabel ?? ''}
        .graphName=${core.graph.name}
        .shownRecipe=${this.shownRecipe()}
        .dirty=${!core.clean}
        .theme=${this.theme}
        @tg-toolbar=${(e: CustomEvent<ToolbarDetail>) => void runToolbar(this, e.detail)}
        @tg-open-file=${(e: CustomEvent<{ file: File }>) => void this.files.openFile(e.detail.file)}
      ></tg-toolbar>
      <div class="canvas" tabindex="-1" @tg-node-title=${(e: CustomEvent<NodeTitleDetail>) => this.core.setTitle(e.detail.nodeId, this.capped('title', e.detail.title))}>
        ${this.notice ? html`<div class="toast ${this.notice.kind}" role="status" data-kind=${this.notice.kind}>${this.notice.text}</div>` : nothing}
        ${this.dropping ? html`<div class="drop">Drop a graph file to open it</div>` : nothing}
        ${this.notesCard()}
      </div>
      <tg-viewer
        .core=${core}
        .session=${this.viewer}
        @tg-refused=${(e: CustomEvent<{ text: string }>) => this.say(e.detail.text, 'refused')}
        @tg-param-edit=${(e: CustomEvent<ParamEditDetail>) => this.viewerParams().onEdit(e.detail)}
      ></tg-viewer>
      <div class="status">
        <span class="hints" title="? lists every shortcut and gesture">?: every shortcut · Right-click: add a node · drag from a socket: wire · Shift-drag: select · Del: delete · Ctrl+C / Ctrl+V · Ctrl+Z / Shift+Ctrl+Z · F: fit</span>
        <span class="right">${counted(core.graph.nodes.length, 'node')} · ${counted(core.graph.edges.length, 'wire')} · ${core.graph.view.size}²</span>
      </div>
      ${this.menu
        ? html`<tg-node-menu
            .items=${this.menu.items}
            .heading=${this.menu.heading}
            .nothing=${this.menu.nothing ?? 'No node matches.'}
            .x=${this.menu.clientX}
            .y=${this.menu.clientY}
            @tg-menu-pick=${(e: CustomEvent<MenuPickDetail>) => this.menuPick(e.detail)}
            @tg-menu-close=${() => (this.menu = null)}
          ></tg-node-menu>`
        : nothing}
      ${this.contextMenu()}
      ${this.helpOpen ? html`<tg-help @tg-help-close=${() => (this.helpOpen = false)}></tg-help>` : nothing}
      ${this.problems
        ? html`<tg-problems
            .file=${this.problems.file}
            .problems=${this.problems.list}
            .note=${this.problems.note ?? ''}
            .offer=${this.problems.offer?.label ?? ''}
            @tg-problems-close=${() => (this.problems = null)}
            @tg-problems-open-without=${() => {
              const offer = this.problems?.offer;
              this.problems = null;
              offer?.open();
            }}
          ></tg-problems>`
        : nothing}
      ${this.sharing
        ? html`<tg-share-dialog
            .state=${this.sharing}
            @tg-share-close=${() => (this.sharing = null)}
            @tg-share-save=${() => {
              this.sharing = null;
              void this.files.save();
            }}
          ></tg-share-dialog>`
        : nothing}
      ${this.asking
        ? html`<tg-ask-dialog .request=${this.asking.request} @tg-ask-answer=${(e: CustomEvent<{ answer: AskAnswer }>) => this.answered(e.detail.answer)}></tg-ask-dialog>`
        : nothing}`;
  }

  /**
   * The viewer's param edits (its curve editor's drags) as core calls, as the canvas turns its
   * nodes' (src/app/canvas/bridge.ts): a drag is one undo step, a refused value a notice.
   */
  private viewerParams(): ParamGestures {
    if (this.viewerGestures?.core !== this.core) this.viewerGestures = { core: this.core, gestures: new ParamGestures(this.core, (m, kind) => this.say(m, kind)) };
    return this.viewerGestures.gestures;
  }
  private viewerGestures: { core: EditorCore; gestures: ParamGestures } | null = null;

  /** Shows a notice for a few seconds. */
  say(text: string, kind: 'refused' | 'info' = 'info', ms = NOTICE_MS): void {
    this.notice = { text, kind };
    clearTimeout(this.noticeTimer);
    this.noticeTimer = window.setTimeout(() => (this.notice = null), ms);
  }

  /** A typed name cut to its limit, saying so when it was. */
  capped(kind: NameKind, text: string): string {
    const capped = capName(kind, text);
    if (capped.notice) this.say(capped.notice, 'refused');
    return capped.text;
  }

  // ── what the helpers ask of the app ─────────────────────────────────────────────────────

  /**
   * Lists the problems of a file that was not opened; `note` replaces "the open graph is unchanged";
   * `offer`: a button that opens it all the same, leaving out what stops it.
   */
  showProblems(file: string, list: readonly Problem[], note?: string, offer?: ProblemsOffer): void {
    this.problems = { file, list, note, offer };
  }

  showShare(state: ShareState): void {
    this.sharing = state;
  }

  /**
   * Asks in the editor's own box; resolves with the answer (null: cancelled). A question asked
   * while another is open cancels that one: one box at a time.
   */
  ask(request: AskRequest): Promise<AskAnswer> {
    this.asking?.answer(null);
    return new Promise((answer) => (this.asking = { request, answer }));
  }

  private answered(answer: AskAnswer): void {
    const asking = this.asking;
    this.asking = null;
    asking?.answer(answer);
    // The keys go to the canvas again, not to the page behind a removed field.
    this.container.focus({ preventScroll: true });
  }

  /** The element drawing a node (in the canvas: the area's container, inside this shadow root). */
  nodeView(id: string): TgNode | null {
    return this.container.querySelector<TgNode>(`tg-node[data-node-id="${CSS.escape(id)}"]`);
  }

  /** The pointer's canvas position when it is over the canvas, else the canvas's middle. */
  placeAt(): [number, number] | null {
    if (!this.canvas) return null;
    return this.pointerInCanvas() ? this.canvas.pointer() : this.canvas.center();
  }

  private pointerInCanvas(): boolean {
    const rect = this.container.getBoundingClientRect();
    const p = this.pointerAt;
    return !!p && p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
  }

  // ── the file commands main.ts and the tests call ──────────────────────────────────────

  /** Opens graph file text; an invalid file lists its problems and leaves the open graph as it was. */
  openText(text: string, file: string): Promise<boolean> {
    return this.files.openText(text, file);
  }

  openShared(read: ReadLink, ask: boolean): Promise<boolean> {
    return this.files.openShared(read, ask);
  }

  // ── toolbar, drop, notes ──────────────────────────────────────────────────────────────

  private dragOver(e: DragEvent): void {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    this.dropping = true;
  }

  private async drop(e: DragEvent): Promise<void> {
    this.dropping = false;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (!files.length) return;
    e.preventDefault();
    await this.files.drop(files);
  }

  /** The graph's notes: a line at the foot of the canvas, opened in full (and editable) on a click. */
  private notesCard() {
    const notes = this.core.graph.notes;
    if (!this.notesOpen) {
      return html`<button class="notes-line" title="The graph's notes: click to read them in full or edit them" @click=${() => void this.openNotes()}>
        <b>Notes</b> ${notes || html`<i>none yet: click to write some</i>`}
      </button>`;
    }
    return html`<div class="notes-card" @pointerdown=${(e: Event) => e.stopPropagation()} @keydown=${(e: KeyboardEvent) => this.notesKey(e)}>
      <header><b>Notes</b> <small>what this graph does, for whoever opens it</small><button aria-label="close notes" @click=${() => (this.notesOpen = false)}>×</button></header>
      <textarea
        aria-label="graph notes"
        .value=${notes}
        @change=${(e: Event) => this.core.setInfo({ notes: (e.target as HTMLTextAreaElement).value })}
      ></textarea>
    </div>`;
  }

  /**
   * Opens the notes with the caret at the end of their text. The line clicked goes away with
   * the click, so the focus fell to the page: what was typed next ran the canvas's shortcuts
   * (Space opened the palette, H collapsed the selected nodes) and Escape left the notes open.
   */
  private async openNotes(): Promise<void> {
    this.notesOpen = true;
    await this.updateComplete;
    const area = this.renderRoot.querySelector<HTMLTextAreaElement>('.notes-card textarea');
    if (!area) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }

  /**
   * Closes the open notes, as Escape pressed on the canvas does (they stayed open over the
   * canvas's bottom left once a click had taken the keys back to it); false when none were open.
   * What was typed is the graph's already: the text area's change fires as it loses the focus.
   */
  closeNotes(): boolean {
    if (!this.notesOpen) return false;
    this.notesOpen = false;
    return true;
  }

  /**
   * Keys in the open notes are the text's (no shortcut fires while typing), but Escape closes
   * them, as it closes the other cards, with what was typed kept (the textarea's change event
   * comes only when it loses the focus, and closing removes it first).
   */
  private notesKey(e: KeyboardEvent): void {
    e.stopPropagation();
    if (e.key !== 'Escape') return;
    const area = (e.currentTarget as HTMLElement).querySelector('textarea');
    if (area && area.value !== this.core.graph.notes) this.core.setInfo({ notes: area.value });
    this.notesOpen = false;
  }

  // ── menus ─────────────────────────────────────────────────────────────────────────────

  /**
   * A port in a menu's heading as the canvas names it: its node's title and the port, as the
   * palette's items read (`Combine · scale`). The ids (`contCurve.out`) are in no title a person
   * sees on the canvas, and the refusal notices already name the titles.
   */
  private portLabel(node: string, port: string): string {
    return `${this.core.node(node)?.title ?? node} · ${port}`;
  }

  /** A wire in a menu's heading: from its output to its input, by titles. */
  private wireLabel(edge: Readonly<Edge>): string {
    return `${this.portLabel(edge.from.node, edge.from.port)} → ${this.portLabel(edge.to.node, edge.to.port)}`;
  }

  private openMenu(request: MenuRequest): void {
    if (request.wire) {
      const w = request.wire;
      const none = w.side === 'output' ? `No node has an input that takes a ${w.portType}.` : `No node has an output that a ${w.portType} input takes.`;
      this.menu = { ...request, items: w.side === 'output' ? wireItems(w.side, w.portType, outputMeaning(this.core.graph, w.node, w.port)) : wireItems(w.side, w.portType, undefined, inputTakes(this.core.graph, w.node, w.port)), heading: `Connect ${this.portLabel(w.node, w.port)} (${w.portType}) to…`, nothing: none };
    } else if (request.insert) {
      const { edge, from, to } = request.insert;
      this.menu = { ...request, items: insertItems(from, to, outputMeaning(this.core.graph, edge.from.node, edge.from.port)), heading: `Insert on ${this.wireLabel(edge)}` };
    } else {
      this.menu = { ...request, items: allItems(), heading: 'Add node' };
    }
  }

  private menuPick(pick: MenuPickDetail): void {
    const menu = this.menu;
    this.menu = null;
    if (!menu) return;
    try {
      const at = this.actions.spotFor(pick.type, menu.at);
      // Inserted on a wire, the node goes on it, its middle where the wire was clicked, and makes
      // room for itself there as a node dropped on a wire does (roomForInsert).
      const box = drawnSize({ type: pick.type, collapsed: this.core.newNodesCollapsed });
      // What is in sight before: a node the room pushes out of it is brought back (Canvas.insertedOnWire).
      const sight = menu.insert ? this.canvas?.sight() : undefined;
      const id = menu.insert && pick.port && pick.outPort
        ? this.core.insertNode(pick.type, [Math.round(menu.at[0] - box.width / 2), Math.round(menu.at[1] - box.height / 2)], menu.insert.edge, { inPort: pick.port, outPort: pick.outPort }, pick.params, drawnSize)
        : menu.wire && pick.port
          ? this.core.addNodeWired(
              pick.type,
              at,
              { newPort: pick.port, other: { node: menu.wire.node, port: menu.wire.port }, otherSide: menu.wire.side },
              pick.params,
            )
          : this.core.addNode(pick.type, at, pick.params);
      this.core.select([id]);
      void (sight ? this.canvas?.insertedOnWire(id, sight) : this.canvas?.reveal(id));
    } catch (err) {
      if (err instanceof EditError) this.say(err.message, 'refused');
      else throw err;
    }
  }

  /** The open menu of a node, a frame or a wire, its entries from node-actions.ts. */
  private contextMenu() {
    if (this.wireMenu) return this.wireContextMenu(this.wireMenu);
    const open = this.nodeMenu;
    if (!open) return nothing;
    const frame = open.frame ? this.core.frame(open.id) : undefined;
    const node = open.frame ? undefined : this.core.node(open.id);
    if (!frame && !node) return nothing;
    const pick = (action: string) => {
      this.nodeMenu = null;
      if (frame) this.actions.frameAction(open.id, action);
      else this.actions.nodeAction(open.id, action);
    };
    return html`<tg-context-menu
      .actions=${frame ? frameMenuActions(frame) : nodeMenuActions(node!)}
      .heading=${frame ? frame.title : node!.title}
      .x=${open.clientX}
      .y=${open.clientY}
      @tg-context-pick=${(e: CustomEvent<ContextPickDetail>) => pick(e.detail.id)}
      @tg-menu-close=${() => (this.nodeMenu = null)}
    ></tg-context-menu>`;
  }

  private wireContextMenu(open: WireMenuRequest) {
    const edge = this.core.graph.edges.find((e) => edgeKey(e) === open.key);
    const from = edge && portType(this.core.graph, edge.from.node, 'output', edge.from.port);
    const to = edge && portType(this.core.graph, edge.to.node, 'input', edge.to.port);
    if (!edge || !from || !to) return nothing;
    const pick = (action: string) => {
      this.wireMenu = null;
      if (action === 'insert') this.openMenu({ clientX: open.clientX, clientY: open.clientY, at: open.at, insert: { edge, from, to } });
      else this.actions.wireAction(open, action);
    };
    return html`<tg-context-menu
      .actions=${wireMenuActions(insertItems(from, to).length > 0, open.dot !== undefined)}
      .heading=${`Wire ${this.wireLabel(edge)}`}
      .x=${open.clientX}
      .y=${open.clientY}
      @tg-context-pick=${(e: CustomEvent<ContextPickDetail>) => pick(e.detail.id)}
      @tg-menu-close=${() => (this.wireMenu = null)}
    ></tg-context-menu>`;
  }

  /** The palette at the pointer (Tab, Space), or mid-canvas when the pointer is elsewhere. */
  paletteAtPointer(): void {
    if (!this.canvas) return;
    const rect = this.container.getBoundingClientRect();
    const inside = this.pointerInCanvas();
    const at = inside ? this.canvas.pointer() : this.canvas.center();
    const client = inside ? this.pointerAt! : { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    this.openMenu({ clientX: client.x, clientY: client.y, at });
  }

  // ── keyboard ──────────────────────────────────────────────────────────────────────────

  /**
   * A press elsewhere in the canvas takes the keys from a focused param control. The browser
   * moves the focus itself, but not on a press whose handler prevents it (the minimap, a
   * Shift-drag's box): the control kept Delete (see ownsDelete), and the nodes then selected,
   * or the one still selected, were not deleted.
   */
  private leaveParam(e: PointerEvent): void {
    const path = e.composedPath();
    if (!this.container || !path.includes(this.container)) return;
    let focused = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null;
    let inParam = false;
    while (focused) {
      inParam ||= focused.localName === 'tg-param';
      if (!focused.shadowRoot?.activeElement) break;
      focused = focused.shadowRoot.activeElement;
    }
    if (focused && inParam && !path.includes(focused)) this.container.focus({ preventScroll: true });
  }

  private key(e: KeyboardEvent): void {
    if (this.helpOpen) {
      // ? closes the sheet it opened (Escape is the sheet's own, ModalBox); nothing else acts behind it.
      if (e.key === '?') {
        this.helpOpen = false;
        e.preventDefault();
      }
      return;
    }
    // A box keeps the focus and its keys: Escape, Tab, Ctrl/⌘+S (ModalBox). Under a box or a
    // menu, no key acts on the editor behind it.
    if (this.menu || this.problems || this.nodeMenu || this.wireMenu || this.sharing || this.asking) return;
    // Escape in a param's control gives the keyboard back to the canvas, the value typed and not
    // entered dropped (the control drawn again from the param): the way back from Enter's params.
    if (e.key === 'Escape') {
      const param = e.composedPath().find((t): t is HTMLElement & { requestUpdate(): void; updateComplete: Promise<unknown> } => t instanceof HTMLElement && t.localName === 'tg-param');
      if (param) {
        param.requestUpdate();
        void param.updateComplete.then(() => this.container.focus({ preventScroll: true }));
        e.preventDefault();
        return;
      }
    }
    const target = e.composedPath()[0];
    const typing = isTextEntry(target);
    const shortcut = shortcutOf(e, { nodes: this.core.selection.size, onlyFrame: !this.core.selection.size && this.core.selectedFrames.size === 1 });
    if (!shortcut || (typing && !worksWhileTyping(shortcut, target))) return;
    if ((shortcut === 'palette' || shortcut === 'editParams') && ownsTabAndSpace(target)) return;
    if (ownsTypeAhead(target, e) || ownsDelete(target, e)) return;
    if (leftToBrowser(shortcut, document.getSelection())) return;
    // Undo or redo while a drag is under way (a curve point, a slider, a node held): nothing.
    // Undone mid-drag, the drag went on with every later pointer move an undo step of its own,
    // and what was undone could not be redone.
    if ((shortcut === 'undo' || shortcut === 'redo') && this.buttonsHeld) {
      e.preventDefault();
      return;
    }
    // The field's value is committed (its change event) before the graph is saved with it.
    if (typing) (target as HTMLElement).blur();
    runShortcut(this, shortcut);
    e.preventDefault();
  }
}
