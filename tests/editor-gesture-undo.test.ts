// What a gesture's end tells the views: the Undo button reads canUndo when the editor says
// something changed, and filing a drag's step changes what undo offers though no value moves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { gestureEdits } from '../src/editor/commands.ts';
import { type Entry, History } from '../src/editor/history.ts';

function editor(): EditorCore {
  return new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8')));
}

describe('a gesture filed as a step', () => {
  it('tells its subscribers when the step is filed, so the Undo button is enabled after a first drag', () => {
    const ed = editor();
    const seen: boolean[] = [];
    ed.subscribe(() => seen.push(ed.canUndo));
    const step = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [5, 5] }]);
    ed.moveNodes([{ id: 'wind', position: [9, 9] }]);
    // While the drag is open, undo has nothing filed yet.
    expect(seen).toEqual([false, false]);
    step.commit();
    expect(ed.canUndo).toBe(true);
    // The last word the views had agrees with canUndo.
    expect(seen.at(-1)).toBe(true);
  });

  it('says nothing when a step changed nothing (a click on a node is no edit)', () => {
    const ed = editor();
    let calls = 0;
    ed.subscribe(() => calls++);
    ed.beginStep('move', gestureEdits.nodes).commit();
    expect(calls).toBe(0);
    expect(ed.canUndo).toBe(false);
  });

  it('tells again when a second drag is filed under a new label', () => {
    const ed = editor();
    ed.setParam('wind', 'lift', 2);
    const labels: (string | null)[] = [];
    ed.subscribe(() => labels.push(ed.undoLabel));
    const step = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [5, 5] }]);
    step.commit();
    expect(labels.at(-1)).toBe('move');
  });
});

describe('a gesture that ends where it began', () => {
  // Found by tests/editor-history-fuzz.test.ts (seed 8): a node dragged away and back filed a
  // step, and Ctrl+Z then did nothing the person could see.
  it('files no step, so undo undoes the edit before it and the redo list stays', () => {
    const ed = editor();
    const start = ed.node('wind')!.params.lift;
    ed.setTitle('wind', 'Gusts');
    ed.undo();
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    for (const v of [1, 2, 3, start]) ed.setParam('wind', 'lift', v as number);
    slider.commit();
    const [x, y] = ed.node('wind')!.position;
    const drag = ed.beginStep('move', gestureEdits.nodes);
    for (const d of [10, 20, 0]) ed.moveNodes([{ id: 'wind', position: [x + d, y + d] }]);
    drag.commit();
    expect(ed.canUndo).toBe(false);
    expect(ed.redoLabel).toBe('rename');
  });

  it('keeps what did change when a drag moved one thing back and another not', () => {
    const ed = editor();
    const [x, y] = ed.node('wind')!.position;
    const step = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [x + 5, y] }, { id: 'height', position: [0, 0] }]);
    ed.moveNodes([{ id: 'wind', position: [x, y] }]);
    step.commit();
    ed.undo();
    expect(ed.canUndo).toBe(false);
    expect(ed.node('height')!.position).toEqual(editor().node('height')!.position);
    ed.redo();
    expect(ed.node('height')!.position).toEqual([0, 0]);
  });
});

describe('a gesture whose step an undo has filed', () => {
  // The drag's handle, let go after a Ctrl+Z inside it, ended the next drag early (its later
  // moves became steps of their own) or, cancelled, reverted that drag's moves.
  it('neither ends nor reverts the gesture opened after it when let go', () => {
    const ed = editor();
    const [x, y] = ed.node('wind')!.position;
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.undo();
    const drag = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [x + 1, y] }]);
    slider.cancel();
    slider.commit();
    expect(ed.node('wind')!.position).toEqual([x + 1, y]);
    expect(ed.gestureOpen).toBe(true);
    ed.moveNodes([{ id: 'wind', position: [x + 2, y] }]);
    drag.commit();
    ed.undo();
    expect(ed.node('wind')!.position).toEqual([x, y]);
    expect(ed.undoLabel).toBe(null);
    expect(ed.redoLabel).toBe('move');
  });
});

describe('an edit of something else while a gesture is held', () => {
  // Found by a reviewer: the world changed from the keyboard while the mouse held a slider joined
  // the drag's step, and one Ctrl+Z took back both.
  it('is an undo step of its own after the drag so far, so each undo takes back one thing', () => {
    const ed = editor();
    const lift = ed.node('wind')!.params.lift;
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.setWorld({ x: 0, y: 0, size: 2 });
    slider.commit();
    expect(ed.undoLabel).toBe('set world');
    ed.undo();
    expect(ed.graph.world).toBeUndefined();
    expect(ed.node('wind')!.params.lift).toBe(2);
    expect(ed.undoLabel).toBe('change lift');
    ed.undo();
    expect(ed.node('wind')!.params.lift).toBe(lift);
    expect(ed.canUndo).toBe(false);
    ed.redo();
    ed.redo();
    expect(ed.graph.world).toEqual({ x: 0, y: 0, size: 2 });
    expect(ed.node('wind')!.params.lift).toBe(2);
  });

  it('lets the drag go on in a step of its own after it, which undo takes back first', () => {
    const ed = editor();
    const lift = ed.node('wind')!.params.lift;
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.setParam('wind', 'lift', 3);
    // Another param typed, the resolution changed, a node pasted: each a step of its own.
    ed.setParam('wind', 'evap', 0.05);
    ed.setView({ size: 512 });
    ed.paste(ed.copy(['wind']), [900, 900]);
    ed.setParam('wind', 'lift', 3.5);
    ed.setParam('wind', 'lift', 4);
    expect(ed.gestureOpen).toBe(true);
    slider.commit();
    const undone: (string | null)[] = [];
    while (ed.canUndo) {
      undone.push(ed.undoLabel);
      ed.undo();
    }
    expect(undone).toEqual(['change lift', 'paste node', 'change resolution', 'change evap', 'change lift']);
    expect(ed.node('wind')!.params.lift).toBe(lift);
    expect(ed.snapshot()).toEqual(editor().snapshot());
  });

  // Escape's take-back was filed as a step labelled like the drag itself ("change lift"), so the
  // list read drag, world, drag: as in Blender or Gaea, Escape leaves the history as it was
  // before the drag, the edit made meanwhile in it.
  it('is kept when the drag is cancelled after it, and the history is as it was before the drag, with that edit', () => {
    const ed = editor();
    const lift = ed.node('wind')!.params.lift;
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.setWorld({ x: 0, y: 0, size: 2 });
    ed.setParam('wind', 'lift', 3);
    expect(slider.cancel()).toBe(null);
    expect(ed.graph.world).toEqual({ x: 0, y: 0, size: 2 });
    expect(ed.node('wind')!.params.lift).toBe(lift);
    expect(ed.gestureOpen).toBe(false);
    expect(ed.undoLabel).toBe('set world');
    ed.undo();
    expect(ed.snapshot()).toEqual(editor().snapshot());
    expect(ed.canUndo).toBe(false);
    ed.redo();
    expect(ed.graph.world).toEqual({ x: 0, y: 0, size: 2 });
    expect(ed.node('wind')!.params.lift).toBe(lift);
    expect(ed.canRedo).toBe(false);
  });

  it('takes the drag back as a step named as a cancel when an edit between depends on what it changed', () => {
    const ed = editor();
    const [x, y] = ed.node('wind')!.position;
    const drag = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [x + 40, y] }]);
    // A wire cut and the node renamed from the keyboard while it is held touch other things.
    const cut = ed.graph.edges.find((e) => e.to.node === 'moisture')!;
    ed.disconnect(cut);
    ed.setTitle('wind', 'Gusts');
    ed.moveNodes([{ id: 'wind', position: [x + 80, y] }]);
    expect(drag.cancel()).toBe(null);
    expect(ed.node('wind')!.position).toEqual([x, y]);
    expect(ed.undoLabel).toBe('rename');
    // A wire picked off, another cut meanwhile: that cut's undo puts its wire back at its place
    // in the list, which the picked wire's return would shift, so the move is taken back by a
    // step of its own, named so.
    const picked = ed.graph.edges.find((e) => e.to.node === 'temperature')!;
    const wire = ed.beginStep('move wire', gestureEdits.wire(picked));
    ed.disconnect(picked);
    ed.disconnect(ed.graph.edges.at(-1)!);
    expect(wire.cancel()).toBe(null);
    expect(ed.graph.edges).toContainEqual(picked);
    expect(ed.undoLabel).toBe('cancel move wire');
    const undone: (string | null)[] = [];
    while (ed.canUndo) {
      undone.push(ed.undoLabel);
      ed.undo();
    }
    expect(undone).toEqual(['cancel move wire', 'disconnect', 'move wire', 'rename', 'disconnect']);
    expect(ed.snapshot()).toEqual(editor().snapshot());
  });

  it('says why, when the edit between took away what the drag edited, and leaves the drag filed', () => {
    const ed = editor();
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.removeNodes(['wind']);
    const said = slider.cancel();
    expect(said).toMatch(/there is no node "wind"/);
    expect(said).toMatch(/change lift/);
    expect(said).toMatch(/Undo/);
    expect(ed.node('wind')).toBeUndefined();
    ed.undo();
    expect(ed.node('wind')!.params.lift).toBe(2);
    ed.undo();
    expect(ed.snapshot()).toEqual(editor().snapshot());
    expect(ed.canUndo).toBe(false);
  });

  it('leaves the graph a Save during the drag wrote marked unsaved once the drag is cancelled', () => {
    const ed = editor();
    ed.keep({ clean: true });
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.setWorld({ x: 0, y: 0, size: 2 });
    ed.keep({ clean: true });
    expect(ed.clean).toBe(true);
    slider.cancel();
    // The file holds the lift at 2; the graph shown has it back where it was.
    expect(ed.clean).toBe(false);
    ed.undo();
    expect(ed.clean).toBe(false);
    ed.redo();
    expect(ed.clean).toBe(false);
  });

  it('puts a wire picked off its input back when the move is cancelled after a paste, and keeps the paste', () => {
    const ed = editor();
    const picked = ed.graph.edges.find((e) => e.to.node === 'moisture')!;
    const nodes = ed.graph.nodes.length;
    const step = ed.beginStep('move wire', gestureEdits.wire(picked));
    ed.disconnect(picked);
    // A wire cut with Delete while the other is held is no part of the move either.
    const other = ed.graph.edges.find((e) => e.to.node === 'temperature')!;
    ed.disconnect(other);
    ed.paste(ed.copy(['wind']), [900, 900]);
    step.cancel();
    expect(ed.graph.edges).toContainEqual(picked);
    expect(ed.graph.edges).not.toContainEqual(other);
    expect(ed.graph.nodes.length).toBe(nodes + 1);
    const undone: (string | null)[] = [];
    while (ed.canUndo) {
      undone.push(ed.undoLabel);
      ed.undo();
    }
    expect(undone).toEqual(['cancel move wire', 'paste node', 'disconnect', 'move wire']);
    expect(ed.snapshot()).toEqual(editor().snapshot());
  });

  it('ends at an Open: a cancel after it leaves the graph opened as its file has it', () => {
    const ed = editor();
    const picked = ed.graph.edges.find((e) => e.to.node === 'moisture')!;
    const step = ed.beginStep('move wire', gestureEdits.wire(picked));
    ed.disconnect(picked);
    // The same file opened again (the Recipes menu, from the keyboard): the same node ids.
    ed.replaceGraph(editor().snapshot(), 'open default.json', 'default.json');
    ed.disconnect(picked);
    step.cancel();
    expect(ed.graph.edges).not.toContainEqual(picked);
    ed.undo();
    expect(ed.graph.edges).toContainEqual(picked);
    expect(ed.undoLabel).toBe('open default.json');
  });

  it('keeps a Save made during the drag: undoing the edit after it comes back to the saved graph', () => {
    const ed = editor();
    ed.keep({ clean: true });
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    ed.setParam('wind', 'lift', 2);
    ed.keep({ clean: true });
    ed.setWorld({ x: 0, y: 0, size: 2 });
    expect(ed.clean).toBe(false);
    slider.commit();
    ed.undo();
    expect(ed.clean).toBe(true);
    ed.undo();
    expect(ed.clean).toBe(false);
  });

  it('makes one step of a gesture begun while another is held (a second pointer), as before', () => {
    const ed = editor();
    const drag = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [1, 1] }]);
    const slider = ed.beginStep('change lift', gestureEdits.param('wind', 'lift'));
    for (const v of [1, 2, 3]) ed.setParam('wind', 'lift', v);
    ed.moveNodes([{ id: 'wind', position: [2, 2] }]);
    slider.commit();
    drag.commit();
    expect(ed.undoLabel).toBe('move');
    ed.undo();
    expect(ed.canUndo).toBe(false);
  });

  it('joins the gesture when it is what the gesture edits (a node drag moving the selection)', () => {
    const ed = editor();
    const drag = ed.beginStep('move', gestureEdits.nodes);
    ed.moveNodes([{ id: 'wind', position: [1, 1] }]);
    ed.moveNodes([{ id: 'height', position: [2, 2] }]);
    drag.commit();
    expect(ed.undoLabel).toBe('move');
    ed.undo();
    expect(ed.canUndo).toBe(false);
  });
});

describe('History.recordEdit', () => {
  const set = (key: string, value: number): Entry => ({ cmd: { kind: 'setParam', id: 'a', key, value }, inverse: [{ kind: 'setParam', id: 'a', key, value: 0 }] });

  it('files an edit outside the open gesture after the gesture so far, and the gesture goes on apart', () => {
    const h = new History();
    h.begin('drag k', gestureEdits.param('a', 'k'));
    h.recordEdit('drag k', [set('k', 1)]);
    h.recordEdit('world', [{ cmd: { kind: 'setWorld', world: { x: 0, y: 0, size: 2 } }, inverse: [{ kind: 'setWorld', world: null }] }]);
    h.recordEdit('drag k', [set('k', 2)]);
    h.end();
    expect(h.settled.done.map((s) => [s.label, s.entries.map((e) => e.cmd.kind)])).toEqual([
      ['drag k', ['setParam']],
      ['world', ['setWorld']],
      ['drag k', ['setParam']],
    ]);
  });

  it('keeps the edits the gesture makes in its one step, and any edit when it says nothing of what it edits', () => {
    const h = new History();
    h.begin('drag k', gestureEdits.param('a', 'k'));
    for (const v of [1, 2, 3]) h.recordEdit('drag k', [set('k', v)]);
    h.end();
    h.begin('anything');
    h.recordEdit('k', [set('k', 4)]);
    h.recordEdit('j', [set('j', 4)]);
    h.end();
    expect(h.settled.done.map((s) => [s.label, s.entries.length])).toEqual([
      ['drag k', 1],
      ['anything', 2],
    ]);
  });
});
