// The README's node reference is the one the manifests give.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { nodeReference, withNodeReference } from '../src/docs/node-reference.ts';
import { paramLabel, type ParamSpec } from '../src/model/params.ts';
import { NODE_TYPES } from '../nodes/index.ts';

it('the README node reference matches the node manifests (run npm run docs after changing a node)', () => {
  const readme = readFileSync('README.md', 'utf8');
  expect(readme).toBe(withNodeReference(readme));
});

it('says the footprint of every node that declares one: the reference called the erosion and the flow local', () => {
  const silent = NODE_TYPES.filter((d) => d.footprint && !d.footprintDoc).map((d) => d.type);
  expect(silent).toEqual([]);
});

/** The words a param goes by in the editor: its label, else its key in words (the card's, src/model/params.ts). */
const wordsOf = (key: string, spec: ParamSpec) => paramLabel(key, spec);
const named = (text: string, word: string) => new RegExp(`(^|[^\\p{L}\\p{N}_])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}_])`, 'u').test(text);

it("names a param in a node's text by the words its card shows: a newcomer read 'beachMinTemperature' and 'coastMod' beside sliders named beach warmth and coast warmth", () => {
  // A key another name stands for on the card is only said beside that name.
  const unnamed = NODE_TYPES.flatMap((d) =>
    Object.entries(d.params)
      .filter(([key, spec]) => wordsOf(key, spec) !== key && named(d.doc, key) && !d.doc.includes(wordsOf(key, spec)))
      .map(([key, spec]) => `${d.type}.${key} (${wordsOf(key, spec)})`),
  );
  expect(unnamed).toEqual([]);
});

it("gives each param's words beside its key in the node reference, where they differ", () => {
  const reference = nodeReference();
  const missing = NODE_TYPES.flatMap((d) =>
    Object.entries(d.params)
      .filter(([key, spec]) => wordsOf(key, spec) !== key && !reference.includes(`| \`${key}\` (“${wordsOf(key, spec)}”) |`))
      .map(([key]) => `${d.type}.${key}`),
  );
  expect(missing).toEqual([]);
});
