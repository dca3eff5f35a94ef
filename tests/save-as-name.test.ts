// Save as a new file name renames a graph whose name came with it (a worldbuilder saved the
// "Climate: Kauai" recipe as rainshadow-continent.json, and the header, the pin and the file's
// name still said Kauai); a name the person gave is kept.
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { nameForSaveAs, readGraphFile } from '../src/editor/files.ts';
import { readFileSync } from 'node:fs';

const GIVEN = ['Climate: Kauai', 'Start terrain with its climate', 'Untitled'];

describe('the name Save as gives the graph', () => {
  it("follows the new file for a recipe's name, New's, none, or the old file's", () => {
    expect(nameForSaveAs('Climate: Kauai', null, 'rainshadow-continent.json', GIVEN)).toBe('rainshadow-continent');
    expect(nameForSaveAs('Untitled', null, 'My Island.json', GIVEN)).toBe('My Island');
    expect(nameForSaveAs('', 'a.json', 'b.json', GIVEN)).toBe('b');
    expect(nameForSaveAs('rainshadow-continent', 'rainshadow-continent.json', 'rainshadow v2.JSON', GIVEN)).toBe('rainshadow v2');
    expect(nameForSaveAs('Rainshadow Continent', 'rainshadow-continent.json', 'second.json', GIVEN)).toBe('second');
  });

  it('keeps a name the person gave, the same file, and a file named after the graph', () => {
    expect(nameForSaveAs('My rainshadow', 'continent.json', 'continent-2.json', GIVEN)).toBeNull();
    expect(nameForSaveAs('My rainshadow', null, 'continent.json', GIVEN)).toBeNull();
    expect(nameForSaveAs('Climate: Kauai', 'climate-kauai.json', 'Climate-Kauai.json', GIVEN)).toBeNull();
    expect(nameForSaveAs('Climate: Kauai', null, 'climate-kauai.json', GIVEN)).toBeNull();
  });

  it('is cut to the longest name a graph holds', () => {
    expect([...nameForSaveAs('Untitled', null, `${'é'.repeat(90)}.json`, GIVEN)!]).toHaveLength(80);
  });

  it('is one undo step in the editor, undone back to the old name', () => {
    const read = readGraphFile(readFileSync('graphs/climate-kauai.json', 'utf8'));
    if (!read.ok) throw new Error('the recipe did not read');
    const core = new EditorCore(read.graph);
    core.setInfo({ name: nameForSaveAs(core.graph.name, null, 'rainshadow-continent.json', GIVEN)! });
    expect(core.graph.name).toBe('rainshadow-continent');
    core.undo();
    expect(core.graph.name).toBe('Climate: Kauai');
  });
});
