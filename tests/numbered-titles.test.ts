// A new node takes a title no other node has: added from the palette, from a wire, on a wire,
// pasted or duplicated, a second "Flow and rivers" is "Flow and rivers 2" (as Gaea and Houdini
// number theirs), while titles typed and titles in a file are kept as they are.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { parseSnippet, snippetText } from '../src/editor/clipboard.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { freshTitle, NAME_LIMITS } from '../src/editor/names.ts';

function island(): EditorCore {
  return new EditorCore(parseGraph(readFileSync('graphs/island.json', 'utf8'), { file: 'island.json' }));
}

const titleOf = (ed: EditorCore, id: string) => ed.node(id)!.title;

describe('numbered titles', () => {
  it('numbers a second node of a type, and the next takes the first number free', () => {
    const ed = island();
    const first = ed.graph.nodes.find((n) => n.type === 'flow')!;
    expect(first.title).toBe('Flow and rivers');
    const a = ed.addNode('flow', [0, 2000]);
    const b = ed.addNode('flow', [300, 2000]);
    expect([titleOf(ed, a), titleOf(ed, b)]).toEqual(['Flow and rivers 2', 'Flow and rivers 3']);
    ed.removeNodes([a]);
    expect(titleOf(ed, ed.addNode('flow', [0, 2400]))).toBe('Flow and rivers 2');
    // The type's own title, once free again, is the first taken.
    ed.removeNodes([first.id]);
    expect(titleOf(ed, ed.addNode('flow', [0, 2800]))).toBe('Flow and rivers');
  });

  it('numbers a node added from a wire and a node inserted on a wire', () => {
    const ed = island();
    const wired = ed.addNodeWired('flow', [0, 2000], { newPort: 'rain', other: { node: 'moisture', port: 'out' }, otherSide: 'output' });
    expect(titleOf(ed, wired)).toBe('Flow and rivers 2');
    const curve = ed.graph.nodes.find((n) => n.type === 'curve')!;
    const into = () => ed.graph.edges.find((e) => e.to.node === curve.id)!;
    const first = ed.insertNode('curve', [0, 2400], into(), { inPort: 'in', outPort: 'out' });
    const second = ed.insertNode('curve', [0, 2800], into(), { inPort: 'in', outPort: 'out' });
    expect([titleOf(ed, first), titleOf(ed, second)]).toEqual(['Curve', 'Curve 2']);
  });

  it('numbers pasted and duplicated nodes whose title is taken, each copy its own number, and keeps a free title', () => {
    const ed = island();
    const flow = ed.graph.nodes.find((n) => n.type === 'flow')!;
    const snippet = parseSnippet(snippetText(ed.copy([flow.id])))!;
    const [one] = ed.paste(snippet, [0, 2000]);
    const [two] = ed.paste(snippet, [0, 2400]);
    expect([titleOf(ed, one), titleOf(ed, two)]).toEqual(['Flow and rivers 2', 'Flow and rivers 3']);
    // A copy of a numbered one takes the next number of its stem, not "… 2 2".
    const [three] = ed.paste(parseSnippet(snippetText(ed.copy([two])))!, [0, 2800]);
    expect(titleOf(ed, three)).toBe('Flow and rivers 4');
    // A title typed is numbered the same way when copied beside itself.
    ed.setTitle(flow.id, 'Main rivers');
    const [four] = ed.paste(parseSnippet(snippetText(ed.copy([flow.id])))!, [0, 3200]);
    expect(titleOf(ed, four)).toBe('Main rivers 2');
    // Two nodes of one title copied together: two numbers.
    ed.setTitle(one, 'Main rivers');
    const both = ed.paste(parseSnippet(snippetText(ed.copy([flow.id, one])))!, [0, 3600]);
    expect(both.map((id) => titleOf(ed, id))).toEqual(['Main rivers 3', 'Main rivers 4']);
    // Cut and pasted back: its title is free again, and kept.
    const cut = parseSnippet(snippetText(ed.copy([two])))!;
    ed.removeNodes([two]);
    const [back] = ed.paste(cut, [0, 4000]);
    expect(titleOf(ed, back)).toBe('Flow and rivers 3');
  });

  it('keeps a title typed even when another node has it', () => {
    const ed = island();
    const a = ed.addNode('flow', [0, 2000]);
    ed.setTitle(a, 'Flow and rivers');
    expect(ed.graph.nodes.filter((n) => n.title === 'Flow and rivers')).toHaveLength(2);
  });

  it('restores titles exactly on undo and redo', () => {
    const ed = island();
    const a = ed.addNode('flow', [0, 2000]);
    const [b] = ed.paste(parseSnippet(snippetText(ed.copy([a])))!, [0, 2400]);
    const titles = () => ed.graph.nodes.map((n) => `${n.id}:${n.title}`);
    const after = titles();
    ed.undo();
    ed.undo();
    expect(ed.node(a)).toBeUndefined();
    ed.redo();
    ed.redo();
    expect(titles()).toEqual(after);
    expect(titleOf(ed, b)).toBe('Flow and rivers 3');
    // Undone, the paste's number is free again for the next node.
    ed.undo();
    expect(titleOf(ed, ed.addNode('flow', [0, 2800]))).toBe('Flow and rivers 3');
  });

  it('opens a file whose nodes share a title as it was written', () => {
    const g: Graph = parseGraph(readFileSync('graphs/island.json', 'utf8'), { file: 'island.json' });
    const flow = g.nodes.find((n) => n.type === 'flow')!;
    g.nodes.push({ ...structuredClone(flow), id: 'flowTwin', position: [flow.position[0], flow.position[1] + 1000] });
    const text = serializeGraph(g);
    const ed = new EditorCore(parseGraph(text, { file: 'twins.json' }));
    expect(ed.graph.nodes.filter((n) => n.title === 'Flow and rivers').map((n) => n.id)).toEqual([flow.id, 'flowTwin']);
    ed.replaceGraph(parseGraph(text, { file: 'twins.json' }));
    expect(serializeGraph(ed.snapshot())).toBe(text);
  });

  it('counts on from the number a copied title ends in', () => {
    expect(freshTitle({ nodes: [{ title: 'Route 66' }] }, 'Route 66')).toBe('Route 67');
    expect(freshTitle({ nodes: [{ title: 'Route 66' }, { title: 'Route 67' }] }, 'Route 66')).toBe('Route 68');
    expect(freshTitle({ nodes: [{ title: 'Flow 2' }] }, 'Flow 2')).toBe('Flow 3');
    // A long number is no count: the stem is the whole title.
    const big = 'Seed 90071992547409919';
    expect(freshTitle({ nodes: [{ title: big }, { title: `${big} 2` }] }, big)).toBe(`${big} 3`);
    // A title that is only a number keeps it as its stem.
    expect(freshTitle({ nodes: [{ title: '7' }] }, '7')).toBe('7 2');
  });

  it('keeps a numbered title within the title limit', () => {
    const long = 'x'.repeat(NAME_LIMITS.title);
    const t = freshTitle({ nodes: [{ title: long }] }, long);
    expect([...t].length).toBe(NAME_LIMITS.title);
    expect(t.endsWith(' 2')).toBe(true);
  });
});
