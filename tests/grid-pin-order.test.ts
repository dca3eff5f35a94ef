// A build's grid (EvaluateOptions.grid): what a block's tiles hold must not depend on which
// block the engine evaluated first (a thread's first block, the main thread's 16² corner in
// shareGridRuns, a resumed build's first, a lone `--tile K` process's tile). A water node with
// the view cut (the param's default) upstream of a grid-bound node reads its level from the
// domain asked: pinned, the flow took the first block's level for every later block (found in
// review, session 31). Such a node now runs on each block, as before the whole grid.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import { latticeDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import { gridBoundUpstream, tileBound } from '../src/build/blocks.ts';

const SIZE = 48;
const bytes = (d: ArrayBufferView) => Buffer.from(d.buffer, d.byteOffset, d.byteLength);

describe("a build's grid and the block asked first", () => {
  it('gives a block the same rivers whichever block came first, with a water level read from the view upstream of the flow', () => {
    const graph = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
    graph.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    const grid = latticeDomain(SIZE, 0, 0, 2 * SIZE);
    const blockA = latticeDomain(SIZE, 0, 0, SIZE);
    const blockB = latticeDomain(SIZE, SIZE, SIZE, SIZE);
    const targets = ['rivers'];
    const aFirst = createEngine(graph, { size: SIZE });
    aFirst.evaluate({ domain: blockA, targets, grid, dropIntermediates: true });
    aFirst.dispose();
    aFirst.evaluate({ domain: blockB, targets, grid, dropIntermediates: true });
    const bFirst = createEngine(graph, { size: SIZE });
    bFirst.evaluate({ domain: blockB, targets, grid, dropIntermediates: true });
    expect(bytes(aFirst.output('rivers', undefined, blockB)!.data).equals(bytes(bFirst.output('rivers', undefined, blockB)!.data))).toBe(true);
  });
});

describe('what a build runs on its whole grid', () => {
  it('is no flow below a water level read from the view: the build runs it on each block and warns of its seams', () => {
    const graph = parseGraph(readFileSync('graphs/rivers-from-the-rain.json', 'utf8'));
    expect(gridBoundUpstream(graph, ['rivers'])).toEqual(['rivers']);
    graph.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    expect(gridBoundUpstream(graph, ['rivers'])).toEqual([]);
    expect(tileBound(graph, ['rivers'], true)).toEqual([{ node: 'rivers', because: ['water'] }]);
  });
});
