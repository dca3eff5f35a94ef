// What a person does to the selected nodes and frames, from their menus or the keyboard:
// rename, bypass, collapse, duplicate, frame, delete, copy and paste. Each is one editor-core
// call (one undo step); the menus' entries are listed here beside what they do.

import { nodeDef } from '../../../nodes/index.ts';
import { type Snippet, snippetText } from '../../editor/clipboard.ts';
import { EditError } from '../../editor/commands.ts';
import { edgeKey } from '../../editor/wiring.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { readPastedText } from '../../editor/files.ts';
import { boundsOf, freeSpotBeside, freeSpotNear, makeRoom } from '../../editor/placement.ts';
import { isFrameColor } from '../../model/frames.ts';
import { FRAME_COLORS, type Frame, type Graph, type GraphNode, type NodeFlag } from '../../model/graph.ts';
import type { Problem } from '../../model/problems.ts';
import type { WireMenuRequest } from '../canvas/bridge.ts';
import type { Canvas } from '../canvas/canvas.ts';
import type { ContextAction } from '../context-menu/context-menu.ts';
import { drawnSize, nodeSize } from '../node/layout.ts';
import type { TgNode } from '../node/node.ts';

/** What the actions read of the app. */
export interface ActionsHost {
  readonly core: EditorCore;
  readonly canvas: Canvas | null;
  say(text: string, kind?: 'refused' | 'info'): void;
  showProblems(file: string, list: readonly Problem[]): void;
  /** The element drawing a node, if it is on the canvas. */
  nodeView(id: string): TgNode | null;
  /** Where new things go: the pointer's canvas position when it is over the canvas, else the middle. */
  placeAt(): [number, number] | null;
}

const mod = () => (navigator.platform.includes('Mac') ? '⌘' : 'Ctrl+');

/** The entries of a node's menu. */
export function nodeMenuActions(node: GraphNode): ContextAction[] {
  return [
    { id: 'rename', label: 'Rename', keys: 'F2' },
    { id: 'bypass', label: 'Bypass', keys: `${mod()}B`, checked: !!node.bypass },
    { id: 'collapse', label: 'Collapsed', keys: 'H', checked: !!node.collapsed },
    { id: 'duplicate', label: 'Duplicate', keys: `${mod()}D` },
    { id: 'frame', label: 'Frame selection', keys: `${mod()}G` },
    { id: 'show', label: 'Show in viewer' },
    { id: 'delete', label: 'Delete', keys: 'Del' },
  ];
}

/** The entries of a frame's menu: rename, each colour, delete. */
export function frameMenuActions(frame: Frame): ContextAction[] {
  return [
    { id: 'rename', label: 'Rename', keys: 'F2' },
    ...FRAME_COLORS.map((c) => ({ id: `color:${c}`, label: c[0].toUpperCase() + c.slice(1), checked: frame.color === c })),
    { id: 'delete', label: 'Delete frame', keys: 'Del' },
  ];
}

/**
 * The entries of a wire's menu, opened on its line or on one of its reroute dots (`onDot`: that
 * dot's removal in place of adding one); Insert node… only when some node type fits both its ends.
 */
export function wireMenuActions(canInsert: boolean, onDot = false): ContextAction[] {
  return [
    { id: 'delete', label: 'Delete wire', keys: 'Del' },
    onDot ? { id: 'unroute', label: 'Remove this reroute dot', keys: 'Double-click' } : { id: 'reroute', label: 'Add reroute dot here', keys: 'Double-click' },
    ...(canInsert ? [{ id: 'insert', label: 'Insert node…' }] : []),
  ];
}

export class NodeActions {
  /** The app's own clipboard: works without the system clipboard's permission. */
  private clipboard: Snippet | null = null;

  constructor(private readonly host: ActionsHost) {}

  private get core(): EditorCore {
    return this.host.core;
  }

  /** Does what a node's menu offers, to the node and the others selected with it. */
  nodeAction(id: string, action: string): void {
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

  /** Does what a frame's menu offers. Deleting a frame leaves its nodes. */
  frameAction(id: string, action: string): void {
    if (action === 'rename') this.renameFrame(id);
    else if (action === 'delete') {
      this.core.select([], [], [id]);
      this.core.deleteSelection();
    } else if (action.startsWith('color:')) {
      const color = action.slice('color:'.length);
      if (isFrameColor(color)) this.core.setFrame(id, { color });
    }
  }

  /**
   * Does what a wire's menu offers but Insert node… (the shell opens the palette for it):
   * deletes the wire, adds a reroute dot where the menu was opened, or removes the dot it was
   * opened on, as a double-click does.
   */
  wireAction(request: WireMenuRequest, action: string): void {
    const edge = this.core.graph.edges.find((e) => edgeKey(e) === request.key);
    if (!edge) return;
    if (action === 'delete') this.core.disconnect(edge);
    else if (action === 'reroute') this.host.canvas?.addReroute(request.key, request.clientX, request.clientY, request.ends);
    else if (action === 'unroute' && request.dot !== undefined) this.core.removeReroute(edge, request.dot);
  }

  /** Opens a node's title for typing. */
  rename(id: string): void {
    this.host.nodeView(id)?.startRename();
  }

  /** Puts the keyboard in a node's first param (Enter on the selected node): Tab goes on through them. */
  editParams(id: string): void {
    this.host.nodeView(id)?.focusParams();
  }

  renameFrame(id: string): void {
    void this.host.canvas?.frames.view(id)?.startRename();
  }

  /**
   * Turns a flag on for all of them, or off when every one has it already. Nodes expanded push
   * the nodes they would cover out of their way, their frames growing to hold them and frames
   * in the way pushed whole, in the same undo step (makeRoom).
   */
  toggleFlag(ids: readonly string[], flag: NodeFlag): void {
    if (!ids.length) return;
    const allOn = ids.every((id) => this.core.node(id)?.[flag]);
    const expanding = new Set(flag === 'collapsed' && allOn ? ids : []);
    const room = expanding.size ? makeRoom(this.core.graph as Graph, expanding, drawnSize, (n) => drawnSize(expanding.has(n.id) ? { ...n, collapsed: false } : n)) : {};
    this.core.setFlag(ids, flag, !allOn, room);
    // Expanded (H), a node near the canvas's edge ran under the viewer: bring it into sight.
    if (flag === 'collapsed' && allOn) void this.host.canvas?.reveal(ids);
  }

  /** A frame around the selected nodes, or at the pointer when none is selected. */
  frameSelection(): string | null {
    const at = this.host.placeAt();
    try {
      const canvas = this.host.canvas;
      const id = at && canvas ? canvas.frames.frameSelection(at) : null;
      // Made at the pointer near the canvas's foot, a frame hung past the window, under the notes
      // line, its corner out of reach: it is brought into sight, as a frame pasted is.
      if (id) void canvas?.reveal([], [id]);
      return id;
    } catch (err) {
      // The graph's last frame taken, or a selection wider than a frame may be: say which.
      if (err instanceof EditError) this.host.say(`Cannot frame: ${err.message}`, 'refused');
      else throw err;
      return null;
    }
  }

  /** Where a new node of a type goes when asked for at `at`: there, or the free spot nearest it, never over other nodes. */
  spotFor(type: string, at: readonly [number, number]): [number, number] {
    const def = nodeDef(type);
    if (!def) return [at[0], at[1]];
    const box = nodeSize(def);
    return freeSpotNear(this.core.graph as Graph, at, { w: box.width, h: box.height }, drawnSize);
  }

  /** Duplicates the selection beside itself, in the first spot that covers no node. */
  duplicate(ids: Iterable<string> = this.core.selection): string[] {
    const list = [...ids];
    if (!list.length) return [];
    const snippet = this.core.copy(list);
    const at = freeSpotBeside(this.core.graph as Graph, boundsOf(snippet.nodes, drawnSize), drawnSize);
    const made = this.core.paste(snippet, at);
    void this.host.canvas?.reveal(made, [...this.core.selectedFrames]);
    return made;
  }

  /** Copies the selection to the app's clipboard (and the system's, when it lets us). */
  copy(): boolean {
    if (!this.core.selection.size && !this.core.selectedFrames.size) return false;
    this.clipboard = this.core.copy();
    navigator.clipboard?.writeText(snippetText(this.clipboard)).catch(() => {
      // No permission (an unfocused page, a test browser): the app's own clipboard still works.
    });
    return true;
  }

  cut(): void {
    if (this.copy()) this.core.deleteSelection();
  }

  /** Pastes at the pointer: the app's clipboard, else a snippet on the system clipboard (another tab). */
  async paste(): Promise<void> {
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
        if ('notice' in read) this.host.say(read.notice, 'refused');
        else this.host.showProblems(read.file ?? 'the clipboard', read.problems);
        return;
      }
      snippet = read.snippet;
    }
    if (!snippet || !this.host.canvas) return;
    try {
      // At the pointer, or the free spot nearest it: pasted over a node, it hid that node.
      const box = snippet.nodes.length ? boundsOf(snippet.nodes, drawnSize) : null;
      const at = box ? freeSpotNear(this.core.graph as Graph, this.host.canvas.pointer(), box, drawnSize) : this.host.canvas.pointer();
      const made = this.core.paste(snippet, at);
      void this.host.canvas.reveal(made, [...this.core.selectedFrames]);
    } catch (err) {
      // A snippet copied elsewhere may hold a wire this graph refuses: say why, change nothing.
      if (err instanceof EditError) this.host.say(`Cannot paste: ${err.message}`, 'refused');
      else throw err;
    }
  }
}
