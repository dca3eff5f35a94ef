// The app's frame: toolbar, canvas, viewer panel, menus, the problem list and notices, and
// the keyboard shortcuts. It turns a person's commands into editor-core calls.

import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { allItems, type MenuItem, wireItems } from '../../editor/catalogue.ts';
import { type Snippet, snippetText } from '../../editor/clipboard.ts';
import { EditError } from '../../editor/commands.ts';
import { capName, type NameKind } from '../../editor/names.ts';
import { emptyGraph, type EditorCore } from '../../editor/editor.ts';
import { type DraftInfo, graphFileName, graphFileText, type OpenResult, readGraphBlob, readGraphFile, readPastedText } from '../../editor/files.ts';
import type { Problem } from '../../model/problems.ts';
import type { MenuRequest } from '../canvas/bridge.ts';
import { Canvas } from '../canvas/canvas.ts';
import type { MenuPickDetail, NodeTitleDetail, ToolbarDetail } from '../events.ts';
import type { ContextAction, ContextPickDetail } from '../context-menu/context-menu.ts';
import type { PreviewStore } from '../previews.ts';
import type { Recipe } from '../recipes.ts';
import type { ViewerSession } from '../../viewer-core/session.ts';
import styles from './shell.styles.ts';
import { nodeDef } from '../../../nodes/index.ts';
import { FRAME_COLORS, type Graph, type GraphNode, type NodeFlag } from '../../model/graph.ts';
import { isFrameColor } from '../../model/frames.ts';
import type { TgNode } from '../node/node.ts';
import { boundsOf, freeSpotBeside } from '../../editor/placement.ts';
import { nodeSize } from '../node/layout.ts';
import { download } from '../download.ts';
import { type ReadLink, shareLink } from '../../editor/share.ts';
import type { ShareState } from '../share/share-dialog.ts';

/** Where the shell reads the drafts of other tabs. */
export interface DraftSource {
  list(): readonly DraftInfo[];
  text(id: string): string | null;
}

const NOTICE_MS = 6000;

function isTextEntry(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.localName === 'textarea') return true;
  return target.localName === 'input' && !['range', 'checkbox', 'button', 'file'].includes((target as HTMLInputElement).type);
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

  /** The file name the open graph came from (Save offers it again). */
  @property() openedAs: string | null = null;

  /**
   * The core's revision when the graph last matched a file (opened or saved); any other
   * revision shows the unsaved mark. A restored draft starts at -1: no file has it.
   */
  @property({ type: Number }) savedRevision = 0;

  /** The colour theme: the system's (prefers-color-scheme) until the person picks one. */
  @property({ reflect: true }) theme: 'dark' | 'light' = 'dark';

  /** True while the graph's notes are open in full (they show as one line otherwise). */
  @state() private notesOpen = false;

  @state() private menu: (MenuRequest & { items: MenuItem[]; heading: string }) | null = null;
  @state() private problems: { file: string; list: readonly Problem[] } | null = null;
  @state() private notice: { text: string; kind: 'refused' | 'info' } | null = null;
  @state() private dropping = false;
  @state() private sharing: ShareState | null = null;
  /** The node menu open at a right-clicked node. */
  /** The open menu of a node, or of a frame (`frame` set). */
  @state() private nodeMenu: { clientX: number; clientY: number; id: string; frame?: boolean } | null = null;
  @state() private helpOpen = false;

  @query('.canvas') private container!: HTMLDivElement;

  /** The canvas, once rete is set up. */
  canvas: Canvas | null = null;
  /** Resolves with the canvas once it shows the opening graph. */
  readonly ready: Promise<Canvas>;
  private resolveReady!: (c: Canvas) => void;
  private clipboard: Snippet | null = null;
  private pointerAt: { x: number; y: number } | null = null;
  private noticeTimer = 0;
  private disposers: (() => void)[] = [];

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
      if (this.nodeMenu && !inside('tg-context-menu')) this.nodeMenu = null;
    };
    // Where the pointer is, for the palette that Tab and Space open there.
    const onMove = (e: PointerEvent) => (this.pointerAt = { x: e.clientX, y: e.clientY });
    this.addEventListener('pointermove', onMove, true);
    this.disposers.push(() => this.removeEventListener('pointermove', onMove, true));
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
    });
    this.canvas = canvas;
    await canvas.zoomToFit();
    this.resolveReady(canvas);
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
        .dirty=${core.revision !== this.savedRevision}
        .theme=${this.theme}
        @tg-toolbar=${(e: CustomEvent<ToolbarDetail>) => void this.command(e.detail)}
        @tg-open-file=${(e: CustomEvent<{ file: File }>) => void this.openFile(e.detail.file)}
      ></tg-toolbar>
      <div class="canvas" tabindex="-1" @tg-node-title=${(e: CustomEvent<NodeTitleDetail>) => this.core.setTitle(e.detail.nodeId, this.capped('title', e.detail.title))}>
        ${this.notice ? html`<div class="toast ${this.notice.kind}" role="status" data-kind=${this.notice.kind}>${this.notice.text}</div>` : nothing}
        ${this.dropping ? html`<div class="drop">Drop a graph file to open it</div>` : nothing}
        ${this.notesCard()}
      </div>
      <tg-viewer .core=${core} .session=${this.viewer}></tg-viewer>
      <div class="status">
        <span>Right-click: add a node · drag from a socket: wire · Shift-drag: select · Del: delete · Ctrl+C / Ctrl+V · Ctrl+Z / Shift+Ctrl+Z · F: fit</span>
        <span class="right">${core.graph.nodes.length} nodes · ${core.graph.edges.length} wires · ${core.graph.view.size}²</span>
      </div>
      ${this.menu
        ? html`<tg-node-menu
            .items=${this.menu.items}
            .heading=${this.menu.heading}
            .x=${this.menu.clientX}
            .y=${this.menu.clientY}
            @tg-menu-pick=${(e: CustomEvent<MenuPickDetail>) => this.menuPick(e.detail)}
            @tg-menu-close=${() => (this.menu = null)}
          ></tg-node-menu>`
        : nothing}
      ${this.nodeMenu ? (this.nodeMenu.frame ? this.renderFrameMenu(this.nodeMenu.id) : this.renderNodeMenu(this.nodeMenu.id)) : nothing}
      ${this.helpOpen ? html`<tg-help @tg-help-close=${() => (this.helpOpen = false)}></tg-help>` : nothing}
      ${this.problems
        ? html`<tg-problems .file=${this.problems.file} .problems=${this.problems.list} @tg-problems-close=${() => (this.problems = null)}></tg-problems>`
        : nothing}
      ${this.sharing
        ? html`<tg-share-dialog
            .state=${this.sharing}
            @tg-share-close=${() => (this.sharing = null)}
            @tg-share-save=${() => {
              this.sharing = null;
              this.save();
            }}
          ></tg-share-dialog>`
        : nothing}`;
  }

  /** Shows a notice for a few seconds. */
  say(text: string, kind: 'refused' | 'info' = 'info'): void {
    this.notice = { text, kind };
    clearTimeout(this.noticeTimer);
    this.noticeTimer = window.setTimeout(() => (this.notice = null), NOTICE_MS);
  }

  /** A typed name cut to its limit, saying so when it was. */
  capped(kind: NameKind, text: string): string {
    const capped = capName(kind, text);
    if (capped.notice) this.say(capped.notice, 'refused');
    return capped.text;
  }

  // ── files ─────────────────────────────────────────────────────────────────────────────

  /** Opens graph file text; an invalid file lists its problems and leaves the open graph as it was. */
  async openText(text: string, file: string): Promise<boolean> {
    return this.openRead(readGraphFile(text, file), file);
  }

  private async openRead(read: OpenResult, file: string): Promise<boolean> {
    if (!read.ok) {
      this.problems = { file, list: read.problems };
      return false;
    }
    this.core.replaceGraph(read.graph, `open ${file}`);
    this.openedAs = file;
    this.savedRevision = this.core.revision;
    if (read.note) this.say(read.note);
    await this.canvas?.zoomToFit();
    return true;
  }

  async openFile(file: File): Promise<boolean> {
    return this.openRead(await readGraphBlob(file), file.name);
  }

  save(): void {
    download({ name: graphFileName(this.core.graph, this.openedAs), mime: 'application/json', bytes: graphFileText(this.core.snapshot()) });
    this.savedRevision = this.core.revision;
  }

  /** Asks for a file name, then saves under it; Save offers that name from then on. */
  saveAs(): void {
    const suggested = graphFileName(this.core.graph, this.openedAs);
    const answer = window.prompt('Save the graph as', suggested);
    const name = answer?.trim();
    if (!name) return;
    this.openedAs = name.endsWith('.json') ? name : `${name}.json`;
    this.save();
  }

  /** The graph's notes: a line at the foot of the canvas, opened in full (and editable) on a click. */
  private notesCard() {
    const notes = this.core.graph.notes;
    if (!this.notesOpen) {
      return html`<button class="notes-line" title="The graph's notes: click to read them in full or edit them" @click=${() => (this.notesOpen = true)}>
        <b>Notes</b> ${notes || html`<i>none yet: click to write some</i>`}
      </button>`;
    }
    return html`<div class="notes-card" @pointerdown=${(e: Event) => e.stopPropagation()} @keydown=${(e: Event) => e.stopPropagation()}>
      <header><b>Notes</b> <small>what this graph does, for whoever opens it</small><button aria-label="close notes" @click=${() => (this.notesOpen = false)}>×</button></header>
      <textarea
        aria-label="graph notes"
        .value=${notes}
        @change=${(e: Event) => this.core.setInfo({ notes: (e.target as HTMLTextAreaElement).value })}
      ></textarea>
    </div>`;
  }

  /** Makes the link that carries the graph, copies it and shows it (or says it is too large). */
  async share(): Promise<void> {
    const made = await shareLink(location.href, graphFileText(this.core.snapshot()));
    if (!made.ok) {
      this.sharing = { kind: 'large', length: made.length, max: made.max };
      return;
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(made.url);
      copied = true;
    } catch {
      // No clipboard permission: the dialog shows the link selected, to copy by hand.
    }
    this.sharing = { kind: 'link', url: made.url, length: made.length, copied };
  }

  /**
   * Opens the graph a link carried, as a file would be (every problem listed, the open graph
   * untouched on failure). `ask`: the open graph holds work no file has, so the person is asked
   * first (it is kept under Drafts… either way). False when nothing was opened.
   */
  async openShared(read: ReadLink, ask: boolean): Promise<boolean> {
    if (read.kind === 'none') return false;
    if (read.kind === 'damaged') {
      this.say(`The link's graph could not be read: ${read.message}. Nothing was opened.`, 'refused');
      return false;
    }
    if (ask && !window.confirm('Open the graph from the link? The graph you are editing is kept under Drafts….')) return false;
    if (!(await this.openText(read.text, 'The link'))) return false;
    this.openedAs = null;
    this.say('Opened the graph from the link as a draft of this tab: Save keeps it as a file.');
    return true;
  }

  private async command(d: ToolbarDetail): Promise<void> {
    switch (d.action) {
      case 'new':
        this.core.replaceGraph(emptyGraph(), 'new');
        this.openedAs = null;
        this.savedRevision = this.core.revision;
        return;
      case 'open':
        return;
      case 'save':
        this.save();
        return;
      case 'share':
        await this.share();
        return;
      case 'saveas':
        this.saveAs();
        return;
      case 'rename':
        if (d.name) this.core.setInfo({ name: this.capped('graph', d.name) });
        return;
      case 'theme':
        this.dispatchEvent(new CustomEvent('tg-theme', { detail: { theme: this.theme === 'dark' ? 'light' : 'dark' }, bubbles: true, composed: true }));
        return;
      case 'help':
        this.helpOpen = true;
        return;
      case 'undo':
        this.core.undo();
        return;
      case 'redo':
        this.core.redo();
        return;
      case 'fit':
        await this.canvas?.zoomToFit();
        return;
      case 'recipe': {
        const recipe = this.recipes.find((r) => r.file === d.file);
        if (recipe) await this.openText(recipe.text, recipe.file);
        return;
      }
      case 'draft': {
        const text = d.draft ? this.drafts.text(d.draft) : null;
        if (text === null) this.say('That draft is gone: its tab may have been closed long ago.', 'refused');
        else if (await this.openText(text, 'draft')) this.openedAs = null;
        return;
      }
    }
  }

  private dragOver(e: DragEvent): void {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    this.dropping = true;
  }

  /**
   * Opens a dropped graph file. The editor holds one graph: of several files dropped, the first
   * graph file is opened and the person is told which others were not (none is opened silently).
   */
  private async drop(e: DragEvent): Promise<void> {
    this.dropping = false;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (!files.length) return;
    e.preventDefault();
    const isGraph = (f: File) => f.name.endsWith('.json') || f.type === 'application/json';
    const file = files.find(isGraph);
    if (!file) {
      this.say(files.length === 1 ? `${files[0].name} is not a graph file (.json)` : `None of the ${files.length} files dropped is a graph file (.json): nothing was opened.`, 'refused');
      return;
    }
    const opened = await this.openFile(file);
    if (files.length === 1) return;
    const others = files.filter((f) => f !== file);
    const names = others.slice(0, 3).map((f) => f.name).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '');
    const first = opened ? `Opened ${file.name}` : `${file.name} could not be opened`;
    this.say(`${first}; the editor holds one graph at a time, so ${others.length === 1 ? 'the other file was' : `the other ${others.length} files were`} not opened: ${names}.`, 'refused');
  }

  // ── menus ─────────────────────────────────────────────────────────────────────────────

  private openMenu(request: MenuRequest): void {
    if (request.wire) {
      const w = request.wire;
      this.menu = { ...request, items: wireItems(w.side, w.portType), heading: `Connect ${w.node}.${w.port} (${w.portType}) to…` };
    } else {
      this.menu = { ...request, items: allItems(), heading: 'Add node' };
    }
  }

  private menuPick(pick: MenuPickDetail): void {
    const menu = this.menu;
    this.menu = null;
    if (!menu) return;
    try {
      const id =
        menu.wire && pick.port
          ? this.core.addNodeWired(pick.type, menu.at, {
              newPort: pick.port,
              other: { node: menu.wire.node, port: menu.wire.port },
              otherSide: menu.wire.side,
            })
          : this.core.addNode(pick.type, menu.at);
      this.core.select([id]);
    } catch (err) {
      if (err instanceof EditError) this.say(err.message, 'refused');
      else throw err;
    }
  }

  // ── a node's own menu ─────────────────────────────────────────────────────────────────

  private renderNodeMenu(id: string) {
    const node = this.core.node(id);
    if (!node) return nothing;
    const mod = navigator.platform.includes('Mac') ? '⌘' : 'Ctrl+';
    const actions: ContextAction[] = [
      { id: 'rename', label: 'Rename', keys: 'F2' },
      { id: 'bypass', label: 'Bypass', keys: `${mod}B`, checked: !!node.bypass },
      { id: 'collapse', label: 'Collapsed', keys: 'H', checked: !!node.collapsed },
      { id: 'duplicate', label: 'Duplicate', keys: `${mod}D` },
      { id: 'frame', label: 'Frame selection', keys: `${mod}G` },
      { id: 'show', label: 'Show in viewer' },
      { id: 'delete', label: 'Delete', keys: 'Del' },
    ];
    return html`<tg-context-menu
      .actions=${actions}
      .heading=${node.title}
      .x=${this.nodeMenu!.clientX}
      .y=${this.nodeMenu!.clientY}
      @tg-context-pick=${(e: CustomEvent<ContextPickDetail>) => this.nodeAction(id, e.detail.id)}
      @tg-menu-close=${() => (this.nodeMenu = null)}
    ></tg-context-menu>`;
  }

  private renderFrameMenu(id: string) {
    const frame = this.core.frame(id);
    if (!frame) return nothing;
    const actions: ContextAction[] = [
      { id: 'rename', label: 'Rename', keys: 'F2' },
      ...FRAME_COLORS.map((c) => ({ id: `color:${c}`, label: c[0].toUpperCase() + c.slice(1), checked: frame.color === c })),
      { id: 'delete', label: 'Delete frame', keys: 'Del' },
    ];
    return html`<tg-context-menu
      .actions=${actions}
      .heading=${frame.title}
      .x=${this.nodeMenu!.clientX}
      .y=${this.nodeMenu!.clientY}
      @tg-context-pick=${(e: CustomEvent<ContextPickDetail>) => this.frameAction(id, e.detail.id)}
      @tg-menu-close=${() => (this.nodeMenu = null)}
    ></tg-context-menu>`;
  }

  /** Does what a frame's menu offers. Deleting a frame leaves its nodes. */
  private frameAction(id: string, action: string): void {
    this.nodeMenu = null;
    if (action === 'rename') void this.canvas?.frames.view(id)?.startRename();
    else if (action === 'delete') {
      this.core.select([], [], [id]);
      this.core.deleteSelection();
    } else if (action.startsWith('color:')) {
      const color = action.slice('color:'.length);
      if (isFrameColor(color)) this.core.setFrame(id, { color });
    }
  }

  /** Does what a node's menu offers, to the node and the others selected with it. */
  private nodeAction(id: string, action: string): void {
    this.nodeMenu = null;
    const ids = this.core.selection.has(id) ? [...this.core.selection] : [id];
    switch (action) {
      case 'rename':
        this.rename(id);
        return;
      case 'bypass':
        this.toggleFlag(ids, 'bypass');
        return;
      case 'collapse':
        this.toggleFlag(ids, 'collapsed');
        return;
      case 'duplicate':
        this.duplicate(ids);
        return;
      case 'frame':
        this.frameSelection();
        return;
      case 'show':
        this.core.select([id]);
        return;
      case 'delete':
        this.core.removeNodes(ids);
        return;
    }
  }

  /** Opens a node's title for typing. */
  rename(id: string): void {
    const el = this.renderRoot.querySelector<TgNode>(`tg-node[data-node-id="${CSS.escape(id)}"]`) ?? this.findNode(id);
    el?.startRename();
  }

  private findNode(id: string): TgNode | null {
    // The nodes live in the canvas (light DOM of the area's container, inside this shadow root).
    return this.container.querySelector<TgNode>(`tg-node[data-node-id="${CSS.escape(id)}"]`);
  }

  /** Turns a flag on for all of them, or off when every one has it already. */
  private toggleFlag(ids: readonly string[], flag: NodeFlag): void {
    if (!ids.length) return;
    const allOn = ids.every((id) => this.core.node(id)?.[flag]);
    this.core.setFlag(ids, flag, !allOn);
  }

  /** The palette at the pointer (Tab, Space), or mid-canvas when the pointer is elsewhere. */
  private paletteAtPointer(): void {
    if (!this.canvas) return;
    const rect = this.container.getBoundingClientRect();
    const p = this.pointerAt;
    const inside = p && p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
    const at = inside ? this.canvas.pointer() : this.canvas.center();
    const client = inside ? p! : { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    this.openMenu({ clientX: client.x, clientY: client.y, at });
  }

  // ── keyboard ──────────────────────────────────────────────────────────────────────────

  private key(e: KeyboardEvent): void {
    if (this.helpOpen) {
      if (e.key === 'Escape' || e.key === '?') {
        this.helpOpen = false;
        e.preventDefault();
      }
      return;
    }
    if (this.menu || this.problems || this.nodeMenu || this.sharing) return;
    const target = e.composedPath()[0];
    if (isTextEntry(target)) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    const one = this.core.primary;
    if (e.key === '?') {
      this.helpOpen = true;
    } else if (!mod && !e.altKey && (e.key === 'Tab' || e.key === ' ')) {
      this.paletteAtPointer();
    } else if (mod && k === 'b') {
      this.toggleFlag([...this.core.selection], 'bypass');
    } else if (!mod && k === 'h') {
      this.toggleFlag([...this.core.selection], 'collapsed');
    } else if (e.key === 'F2' && one) {
      this.rename(one);
    } else if (e.key === 'F2' && !this.core.selection.size && this.core.selectedFrames.size === 1) {
      void this.canvas?.frames.view([...this.core.selectedFrames][0])?.startRename();
    } else if (mod && k === 's') {
      if (e.shiftKey) this.saveAs();
      else this.save();
    } else if (mod && k === 'z') {
      if (e.shiftKey) this.core.redo();
      else this.core.undo();
    } else if (mod && k === 'y') {
      this.core.redo();
    } else if (mod && k === 'c') {
      this.copy();
    } else if (mod && k === 'x') {
      if (this.copy()) this.core.deleteSelection();
    } else if (mod && k === 'v') {
      void this.paste();
    } else if (mod && k === 'd') {
      this.duplicate();
    } else if (mod && k === 'g') {
      this.frameSelection();
    } else if (mod && k === 'a') {
      this.core.selectAll();
    } else if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) {
      this.core.deleteSelection();
    } else if (!mod && k === 'f') {
      void this.canvas?.zoomToFit();
    } else if (e.key === 'Escape') {
      this.core.select([]);
    } else return;
    e.preventDefault();
  }

  /** A frame around the selected nodes, or at the pointer when none is selected. */
  frameSelection(): string | null {
    if (!this.canvas) return null;
    const rect = this.container.getBoundingClientRect();
    const p = this.pointerAt;
    const inside = p && p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
    return this.canvas.frames.frameSelection(inside ? this.canvas.pointer() : this.canvas.center());
  }

  /** Copies the selection to the app's clipboard (and the system's, when it lets us). */
  private copy(): boolean {
    if (!this.core.selection.size && !this.core.selectedFrames.size) return false;
    this.clipboard = this.core.copy();
    navigator.clipboard?.writeText(snippetText(this.clipboard)).catch(() => {
      // No permission (an unfocused page, a test browser): the app's own clipboard still works.
    });
    return true;
  }

  /** Duplicates the selection beside itself, in the first spot that covers no node. */
  duplicate(ids: Iterable<string> = this.core.selection): string[] {
    const list = [...ids];
    if (!list.length) return [];
    const snippet = this.core.copy(list);
    const size = (n: GraphNode) => nodeSize(nodeDef(n.type)!);
    const at = freeSpotBeside(this.core.graph as Graph, boundsOf(snippet.nodes, size), size);
    return this.core.paste(snippet, at);
  }

  /** Pastes at the pointer: the app's clipboard, else a snippet on the system clipboard (another tab). */
  private async paste(): Promise<void> {
    let snippet = this.clipboard;
    if (!snippet) {
      let text: string | undefined;
      try {
        text = await navigator.clipboard?.readText();
      } catch {
        // Reading the system clipboard needs a permission the page may not have.
      }
      if (!text) return;
      // Copied nodes, or a whole graph file checked as opening it would be; else say why not.
      const read = readPastedText(text);
      if (!read.ok) {
        if ('notice' in read) this.say(read.notice, 'refused');
        else this.problems = { file: read.file, list: read.problems };
        return;
      }
      snippet = read.snippet;
    }
    if (!snippet || !this.canvas) return;
    try {
      this.core.paste(snippet, this.canvas.pointer());
    } catch (err) {
      // A snippet copied elsewhere may hold a wire this graph refuses: say why, change nothing.
      if (err instanceof EditError) this.say(`Cannot paste: ${err.message}`, 'refused');
      else throw err;
    }
  }
}
