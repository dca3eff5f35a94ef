// What each toolbar button and keyboard shortcut does: one editor-core call, file command or
// node action each. keys.ts tells which key is which shortcut; the shell wires both here.

import { nodesInFrame } from '../../model/frames.ts';
import type { Graph } from '../../model/graph.ts';
import type { ToolbarDetail } from '../events.ts';
import { drawnSize } from '../node/layout.ts';
import type { Shortcut } from './keys.ts';
import type { TgApp } from './shell.ts';

/**
 * After Fit: when what was fitted does not all show even at the least zoom, the notice says so
 * (the view shows its middle; the minimap, the rest), where the view used to stop short silently.
 */
async function fitSaid(app: TgApp, fit: Promise<boolean> | undefined): Promise<void> {
  if ((await fit) === false) app.say('Too large to show whole at the least zoom (10 %): its middle is shown. Pan, or press the minimap, for the rest.');
}

/** Does what a toolbar button (or the graph's name typed in it) asks. */
export async function runToolbar(app: TgApp, d: ToolbarDetail): Promise<void> {
  switch (d.action) {
    case 'new':
      return app.files.newGraph();
    case 'open':
      return;
    case 'save':
      return app.files.save();
    case 'share':
      return app.files.share();
    case 'saveas':
      return app.files.saveAs();
    case 'rename':
      if (d.name) app.core.setInfo({ name: app.capped('graph', d.name) });
      return;
    case 'theme':
      app.dispatchEvent(new CustomEvent('tg-theme', { detail: { theme: app.theme === 'dark' ? 'light' : 'dark' }, bubbles: true, composed: true }));
      return;
    case 'help':
      app.helpOpen = true;
      return;
    case 'undo':
      app.core.undo();
      return;
    case 'redo':
      app.core.redo();
      return;
    case 'fit':
      return fitSaid(app, app.canvas?.zoomToFit());
    case 'recipe':
      return app.files.openRecipe(d.file);
    case 'draft':
      return app.files.openDraft(d.draft);
  }
}

/** Does what a shortcut asks (keys.ts says which key is which). */
export function runShortcut(app: TgApp, shortcut: Shortcut): void {
  const core = app.core;
  const selected = () => [...core.selection];
  switch (shortcut) {
    case 'help':
      app.helpOpen = true;
      return;
    case 'palette':
      return app.paletteAtPointer();
    case 'bypass':
      return app.actions.toggleFlag(selected(), 'bypass');
    case 'collapse': {
      // With nothing selected, every node, as F then fits every node: a graph built from New
      // (its nodes expanded) read at 5 px at fit, and H did nothing and said nothing.
      // A frame selected alone (its title bar clicked) is a selection too: H acts on the nodes it
      // holds, as dragging it carries them; it collapsed every node of the graph.
      const ids = selected();
      const framed = core.selectedFrames.size ? framedNodes(core.graph as Graph, core.selectedFrames) : null;
      return app.actions.toggleFlag(ids.length ? ids : (framed ?? core.graph.nodes.map((n) => n.id)), 'collapsed');
    }
    case 'rename':
      if (core.primary) app.actions.rename(core.primary);
      return;
    case 'renameFrame':
      return app.actions.renameFrame([...core.selectedFrames][0]);
    case 'editParams':
      if (core.primary) app.actions.editParams(core.primary);
      return;
    case 'save':
      void app.files.save();
      return;
    case 'saveAs':
      void app.files.saveAs();
      return;
    case 'undo':
      core.undo();
      return;
    case 'redo':
      core.redo();
      return;
    case 'copy':
      app.actions.copy();
      return;
    case 'cut':
      return app.actions.cut();
    case 'paste':
      void app.actions.paste();
      return;
    case 'duplicate':
      app.actions.duplicate();
      return;
    case 'frame':
      app.actions.frameSelection();
      return;
    case 'selectAll':
      return core.selectAll();
    case 'delete':
      return core.deleteSelection();
    case 'fit': {
      // F frames the selection when there is one (Houdini's habit), everything otherwise.
      const nodes = [...core.selection];
      const frames = [...core.selectedFrames];
      void fitSaid(app, nodes.length || frames.length ? app.canvas?.zoomToSelection(nodes, frames) : app.canvas?.zoomToFit());
      return;
    }
    case 'deselect':
      // Escape first lets go of a wire being dragged, then closes the open notes; only without
      // either does it clear the selection.
      if (app.canvas?.cancelWire()) return;
      if (app.closeNotes()) return;
      return core.select([]);
  }
}

/** The nodes the frames `ids` hold (what dragging them carries), each once, in the graph's order. */
function framedNodes(graph: Graph, ids: ReadonlySet<string>): string[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string) => {
    const n = byId.get(id);
    return n ? drawnSize(n) : undefined;
  };
  const held = new Set((graph.frames ?? []).filter((f) => ids.has(f.id)).flatMap((f) => nodesInFrame(graph, f, sizeOf)));
  return graph.nodes.filter((n) => held.has(n.id)).map((n) => n.id);
}
