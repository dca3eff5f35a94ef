// The engine's buffer pool (src/engine/pool.ts): a cold evaluation after dispose() (the bench's
// cold scenario, a file opened in the running editor) takes every grid from what the last one
// gave back, the wind's many small coarse squares included.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { BufferPool } from '../src/engine/pool.ts';
import { recordTakes } from './helpers/pool.ts';
import { loadGraph } from './helpers/graphs.ts';

describe('buffer pool', () => {
  it('gives a cold world evaluation after dispose() back every buffer the last one used', () => {
    const pool = new BufferPool();
    const e = createEngine(loadGraph('default.json'), { size: 64, pool });
    e.evaluate();
    const given = new Set<ArrayBufferLike>();
    const give = pool.give.bind(pool);
    pool.give = (b) => {
      given.add(b.buffer);
      give(b);
    };
    e.dispose();
    const taken = recordTakes(pool);
    e.evaluate();
    // Some thirty of them 32² (ten outputs on each of the wind's three coarse squares).
    expect(taken.filter((b) => b.length === 32 * 32).length).toBeGreaterThan(24);
    expect(taken.filter((b) => !given.has(b.buffer)).map((b) => b.length)).toEqual([]);
  });
});
