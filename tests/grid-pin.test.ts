// A build's grid (EvaluateOptions.grid) from a library's side: a grid-bound node's pinned result,
// taken by a later evaluation after dispose(), is the node's result there as a run's would be.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.ts';
import { LazyCrop } from '../src/engine/crops.ts';
import { BufferPool } from '../src/engine/pool.ts';
import type { Entry } from '../src/engine/results.ts';
import { latticeDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';

const SIZE = 48;
const bytes = (d: ArrayBufferView) => Buffer.from(d.buffer, d.byteOffset, d.byteLength);

describe('a pinned result asked on its own domain', () => {
  it('is the output and status there after dispose(), as after the run that made it', () => {
    // The eroded valleys with nothing downstream of the erosion: nothing grows its grid, so it
    // runs on the grid itself, the domain asked.
    const graph = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
    for (const e of graph.edges) if (e.from.node === 'erosion') e.from = { node: 'height', port: 'out' };
    const grid = latticeDomain(SIZE, 0, 0, 2 * SIZE);
    const e = createEngine(graph, { size: SIZE });
    const ran: string[] = [];
    const onNode = (id: string) => ran.push(id);
    e.evaluate({ domain: grid, targets: ['erosion'], grid, dropIntermediates: true, onNode });
    expect(ran).toContain('erosion');
    const first = bytes(e.output('erosion', undefined, grid)!.data.slice());
    e.dispose();
    ran.length = 0;
    e.evaluate({ domain: grid, targets: ['erosion'], grid, dropIntermediates: true, onNode });
    // Taken as pinned, not run again.
    expect(ran).not.toContain('erosion');
    expect(e.status('erosion', grid)?.state).toBe('ok');
    expect(bytes(e.output('erosion', undefined, grid)!.data).equals(first)).toBe(true);
  });
});

describe('the crops of a result the cache keeps', () => {
  it('are off its list once let go: a pinned erosion cropped by every block of a build holds none of the blocks gone', () => {
    const from = latticeDomain(64, 0, 0, 8);
    const data = new Float32Array(64);
    const source = { state: 'ok', ms: 0, version: 1, signature: 's', used: 0, domain: from, buffers: [], outputs: { out: { type: 'field', meaning: 'height', data } } } as unknown as Entry;
    const pool = new BufferPool();
    // A block's crops, read (copied) or not, then let go as dispose() lets them go, block after block.
    for (let block = 0; block < 100; block++) {
      const read = new LazyCrop(pool, source, latticeDomain(64, block % 4, 1, 4), 'c', 2, () => {});
      const unread = new LazyCrop(pool, source, latticeDomain(64, 1, block % 4, 4), 'c', 3, () => {});
      void read.outputs;
      read.release();
      unread.release();
    }
    const kept = new LazyCrop(pool, source, latticeDomain(64, 2, 2, 4), 'c', 4, () => {});
    expect(source.crops).toEqual([kept]);
  });
});

describe('the grids whose pins an engine keeps', () => {
  it('stay when an evaluation on a third grid asks nothing grid-bound', () => {
    // Two grids hold the erosion pinned; a preview of the noise on a third grid pins nothing, so
    // it must not let the least recently used grid's erosion go (a pan would erode it again).
    const graph = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
    for (const e of graph.edges) if (e.from.node === 'erosion') e.from = { node: 'height', port: 'out' };
    const [a, b, c] = [0, 1, 2].map((k) => latticeDomain(SIZE, k, 0, 2 * SIZE));
    const e = createEngine(graph, { size: SIZE });
    const ran: string[] = [];
    const onNode = (id: string) => ran.push(id);
    e.evaluate({ domain: a, targets: ['erosion'], grid: a, onNode });
    e.evaluate({ domain: b, targets: ['erosion'], grid: b, onNode });
    expect(ran.filter((id) => id === 'erosion')).toHaveLength(2);
    ran.length = 0;
    e.evaluate({ domain: c, targets: ['height'], grid: c, onNode });
    expect(ran).toContain('height');
    expect(ran).not.toContain('erosion');
    // dispose() lets every result go but the pinned ones.
    e.dispose();
    ran.length = 0;
    e.evaluate({ domain: a, targets: ['erosion'], grid: a, onNode });
    e.evaluate({ domain: b, targets: ['erosion'], grid: b, onNode });
    expect(ran).not.toContain('erosion');
  });
});
