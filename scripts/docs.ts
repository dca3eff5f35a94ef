// `npm run docs`: rewrites the README's node reference from the node manifests.
import { readFileSync, writeFileSync } from 'node:fs';
import { withNodeReference } from '../src/docs/node-reference.ts';

writeFileSync('README.md', withNodeReference(readFileSync('README.md', 'utf8')));
console.log('README.md: node reference updated');
