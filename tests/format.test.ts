// The graph file format: shipped files load, and save → load → save is byte-identical.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';

const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

describe('graph files', () => {
  it.each(files)('%s is in the canonical layout: load then save gives the same bytes', (file) => {
    const text = readFileSync(`graphs/${file}`, 'utf8');
    expect(serializeGraph(parseGraph(text, { file }))).toBe(text);
  });
});
