// The Recipes menu names the recipe the open graph is, by what the graph holds, not by how it
// came to hold it: opened and undone back to it, edited back to it by hand, or opened from a
// copy of its file. (A flag "opened from this recipe" with the history's clean state would miss
// the last two, which is why the menu compares the graph itself.)
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { graphFileText, readGraphFile } from '../src/editor/files.ts';
import { recipes, recipeShown } from '../src/app/recipes.ts';

const list = recipes();
const valleys = list.find((r) => r.file === 'eroded-valleys.json')!;

function opened(text = valleys.text): EditorCore {
  const read = readGraphFile(text, valleys.file);
  if (!read.ok) throw new Error('the recipe does not read');
  const ed = new EditorCore();
  ed.replaceGraph(read.graph, `open ${valleys.file}`, null);
  return ed;
}

describe('recipeShown', () => {
  it('names the recipe opened, not once an edit is made, and again when the edit is undone', () => {
    const ed = opened();
    expect(recipeShown(ed.graph, list)).toBe(valleys);
    ed.setParam('erosion', 'inertia', 0.5);
    expect(recipeShown(ed.graph, list)).toBe(null);
    ed.undo();
    expect(recipeShown(ed.graph, list)).toBe(valleys);
    ed.setWorld({ x: 0, y: 0, size: 2 });
    expect(recipeShown(ed.graph, list)).toBe(null);
  });

  it('names it when an edit is set back by another edit, which no undo state says', () => {
    const ed = opened();
    const inertia = ed.node('erosion')!.params.inertia;
    ed.setParam('erosion', 'inertia', 0.5);
    ed.setParam('erosion', 'inertia', inertia);
    expect(ed.canUndo).toBe(true);
    expect(recipeShown(ed.graph, list)).toBe(valleys);
  });

  it('names it for a copy of its file opened, and not for the recipe renamed', () => {
    const ed = opened(graphFileText(opened().snapshot()));
    expect(recipeShown(ed.graph, list)).toBe(valleys);
    ed.setInfo({ name: 'My valleys' });
    expect(recipeShown(ed.graph, list)).toBe(null);
  });
});
