// The README's node reference is the one the manifests give.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { withNodeReference } from '../src/docs/node-reference.ts';
import { NODE_TYPES } from '../nodes/index.ts';

it('the README node reference matches the node manifests (run npm run docs after changing a node)', () => {
  const readme = readFileSync('README.md', 'utf8');
  expect(readme).toBe(withNodeReference(readme));
});

it('says the footprint of every node that declares one: the reference called the erosion and the flow local', () => {
  const silent = NODE_TYPES.filter((d) => d.footprint && !d.footprintDoc).map((d) => d.type);
  expect(silent).toEqual([]);
});
