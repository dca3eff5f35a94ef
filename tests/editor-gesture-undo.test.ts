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
