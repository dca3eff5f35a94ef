// A node deleted from a file by hand: its wires name their other end, the missing id is said once,
// and the editor offers the rest of the graph without those wires (a worldbuilder deleted Land rank
// and read the 18 known ids three times, with no way to reach the good nodes).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGraphFile } from '../src/editor/files.ts';
import { parseGraph } from '../src/model/format.ts';
import { GraphError, type Problem } from '../src/model/problems.ts';

const DOC = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));

function without(ids: string[], edit: (doc: typeof DOC) => void = () => {}): string {
  const doc = structuredClone(DOC);
  doc.nodes = doc.nodes.filter((n: { id: string }) => !ids.includes(n.id));
  edit(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function problemsOf(text: string): readonly Problem[] {
  try {
    parseGraph(text);
  } catch (err) {
    if (err instanceof GraphError) return err.problems;
    throw err;
  }
  throw new Error('the file parsed');
}

describe('wires to a node taken out of the file', () => {
  it('name the missing id once and each wire by its other end', () => {
    const problems = problemsOf(without(['rank']));
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['$.edges[8].to', 'no node has the id "rank": the wire from Water level · terrain to missing "rank" · terrain'],
      ['$.edges[9].from', 'the wire from missing "rank" · out to Temperature · rank'],
      ['$.edges[13].from', 'the wire from missing "rank" · out to Wind · rank'],
    ]);
    expect(problems.every((p) => p.missingNode === 'rank')).toBe(true);
    expect(problems.some((p) => /known:/.test(p.message))).toBe(false);
  });

  it('suggest an id close to the missing one', () => {
    const text = without([], (doc) => (doc.edges[8].to = 'rnak.terrain'));
    expect(problemsOf(text)[0].message).toBe('no node has the id "rnak" (did you mean "rank"?): the wire from Water level · terrain to missing "rnak" · terrain');
  });

  it('can be opened without those wires, the rest of the graph whole, the notice listing what was left out', () => {
    const read = readGraphFile(without(['rank']), 'rainshadow.json');
    if (read.ok) throw new Error('the file opened');
    expect(read.without).toBeDefined();
    const graph = read.without!.graph;
    expect(graph.nodes.map((n) => n.id)).toEqual(DOC.nodes.map((n: { id: string }) => n.id).filter((id: string) => id !== 'rank'));
    expect(graph.edges).toHaveLength(DOC.edges.length - 3);
    expect(graph.edges.some((e) => e.from.node === 'rank' || e.to.node === 'rank')).toBe(false);
    expect(read.without!.note).toBe(
      'Opened rainshadow.json without the 3 wires to the missing node "rank": the wire from Water level · terrain to missing "rank" · terrain; ' +
        'the wire from missing "rank" · out to Temperature · rank; the wire from missing "rank" · out to Wind · rank. The file itself is unchanged until you save.',
    );
  });

  it('are offered past the list\'s 100 problems: 120 wires to a missing node, the note naming the 100 listed and counting the rest', () => {
    const text = without([], (doc) => {
      for (let i = 0; i < 120; i++) doc.edges.push({ from: 'cont.out', to: `lost.p${i}` });
    });
    const read = readGraphFile(text, 'big.json');
    if (read.ok) throw new Error('the file opened');
    expect(read.problems.at(-1)).toMatchObject({ path: '$', more: 20 });
    expect(read.without).toBeDefined();
    expect(read.without!.graph.edges).toHaveLength(DOC.edges.length);
    const note = read.without!.note;
    expect(note.startsWith('Opened big.json without the 120 wires to missing nodes, "lost" and those of the 20 not listed: the wire from Continentalness · out to missing "lost" · p0; ')).toBe(true);
    expect(note.endsWith('the wire from Continentalness · out to missing "lost" · p99; and 20 more. The file itself is unchanged until you save.')).toBe(true);
    expect(note).not.toContain('undefined');
    // One wire of another kind past the list keeps the file refused.
    const worse = without([], (doc) => {
      for (let i = 0; i < 120; i++) doc.edges.push({ from: 'cont.out', to: `lost.p${i}` });
      doc.edges.push({ from: 'cont.out', to: 'contCurve.in' });
    });
    const refused = readGraphFile(worse, 'worse.json');
    if (refused.ok) throw new Error('the file opened');
    expect(refused.without).toBeUndefined();
  });

  it('are not offered when another problem stands (a param of the wrong type keeps refusing)', () => {
    const read = readGraphFile(without(['rank'], (doc) => (doc.nodes.find((n: { id: string }) => n.id === 'wind').params.angle = 'west')), 'x.json');
    if (read.ok) throw new Error('the file opened');
    expect(read.problems).toHaveLength(4);
    expect(read.without).toBeUndefined();
  });
});
