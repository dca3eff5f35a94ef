// What a gesture's end tells the views: the Undo button reads canUndo when the editor says
// something changed, and filing a drag's step changes what undo offers though no value moves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';

function editor(): EditorCore {
  return new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8')));
}

describe('a gesture filed as a step', () => {
  it('tells its subscribers when the step is filed, so the Undo button is enabled after a first drag', () => {
    const ed = editor();
    const seen: boolean[] = [];
    ed.subscribe(() => seen.push(ed.canUndo));
    const step = ed.beginStep('move');
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
    ed.beginStep('move').commit();
    expect(calls).toBe(0);
    expect(ed.canUndo).toBe(false);
  });

  it('tells again when a second drag is filed under a new label', () => {
    const ed = editor();
    ed.setParam('wind', 'lift', 2);
    const labels: (string | null)[] = [];
    ed.subscribe(() => labels.push(ed.undoLabel));
    const step = ed.beginStep('move');
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
    const slider = ed.beginStep('change lift');
    for (const v of [1, 2, 3, start]) ed.setParam('wind', 'lift', v as number);
    slider.commit();
    const [x, y] = ed.node('wind')!.position;
    const drag = ed.beginStep('move');
    for (const d of [10, 20, 0]) ed.moveNodes([{ id: 'wind', position: [x + d, y + d] }]);
    drag.commit();
    expect(ed.canUndo).toBe(false);
    expect(ed.redoLabel).toBe('rename');
  });

  it('keeps what did change when a drag moved one thing back and another not', () => {
    const ed = editor();
    const [x, y] = ed.node('wind')!.position;
    const step = ed.beginStep('move');
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
    const slider = ed.beginStep('change lift');
    ed.setParam('wind', 'lift', 2);
    ed.undo();
    const drag = ed.beginStep('move');
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
