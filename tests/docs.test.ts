// The README's node reference is the one the manifests give.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { withNodeReference } from '../src/docs/node-reference.ts';

it('the README node reference matches the node manifests (run npm run docs after changing a node)', () => {
  const readme = readFileSync('README.md', 'utf8');
  expect(readme).toBe(withNodeReference(readme));
});
