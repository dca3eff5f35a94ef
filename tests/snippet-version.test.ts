// Copied nodes carry the file version their params are written in, so nodes copied in an older
// build paste as that build computed them, as an older file opens (src/model/migrations.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copySnippet, readSnippet, SNIPPET_FORMAT, snippetText } from '../src/editor/clipboard.ts';
import { parseGraph } from '../src/index.ts';
import { CURRENT_VERSION, FORMAT } from '../src/model/migrations.ts';

const ERODED = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
const erosion = ERODED.nodes.find((n) => n.id === 'erosion')!;

describe('copied nodes and the file version', () => {
  it('writes the current version and reads the params back as copied', () => {
    const snippet = copySnippet(ERODED, ['erosion']);
    expect(snippet.version).toBe(CURRENT_VERSION);
    const read = readSnippet(snippetText(snippet));
    expect(read?.ok).toBe(true);
    expect(read?.ok && read.snippet.nodes[0].params).toEqual(erosion.params);
  });

  it('reads nodes copied before format 8 (no version, no grid param) as an old file of them opens: refused as missing a param before', () => {
    const { grid: _, ...before8 } = erosion.params as Record<string, unknown>;
    const old = { ...erosion, params: before8 };
    const read = readSnippet(JSON.stringify({ format: SNIPPET_FORMAT, nodes: [old], edges: [] }));
    expect(read?.ok, JSON.stringify(read)).toBe(true);
    // What a version-7 file holding the same node opens with.
    const file = parseGraph({ format: FORMAT, version: 7, name: '', view: { x: 0, y: 0, size: 256 }, nodes: [old], edges: [], frames: [] });
    expect(read?.ok && read.snippet.nodes[0].params).toEqual(file.nodes[0].params);
    expect(file.nodes[0].params.grid).not.toBe(erosion.params.grid);
  });

  it('refuses copied nodes of a newer version, naming it', () => {
    const read = readSnippet(JSON.stringify({ format: SNIPPET_FORMAT, version: CURRENT_VERSION + 1, nodes: [], edges: [] }));
    expect(read?.ok).toBe(false);
    expect(read && !read.ok && read.problems[0]).toEqual({ path: '$.version', message: expect.stringMatching(/newer than this Terrain Graph reads/) });
  });
});
