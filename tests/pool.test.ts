// The engine's buffer pool (src/engine/pool.ts): a cold evaluation after dispose() (the bench's
// cold scenario, a file opened in the running editor) takes every grid from what the last one
// gave back, the wind's many small coarse squares included. A grid lent by one result to
// another (RunContext.borrow: the water's heights are the combine's) is free only when both are
// dropped; a node that fails after borrowing gives its hold back with its other buffers.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import type { EvaluateReport } from '../src/engine/engine.ts';
import type { Domain } from '../src/grid.ts';
import { BufferPool } from '../src/engine/pool.ts';
import { recordTakes } from './helpers/pool.ts';
import { loadGraph } from './helpers/graphs.ts';
import { fbm } from '../nodes/fbm.ts';
import { type AnyNodeDef, catalogueOf, defineNode, field } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import type { Graph } from '../src/model/graph.ts';

/** A test node that borrows its input as its output, and throws after borrowing when `fail` is 1. */
const lender = defineNode({
  type: 'lender',
  title: 'Lender',
  group: 'Terrain',
  doc: 'Its input, lent (a test node).',
  inputs: { in: { type: 'field', doc: 'A field.' } },
  outputs: { out: { type: 'field', meaning: 'noise', doc: 'The input.' } },
  params: { fail: { kind: 'int', default: 0, min: 0, max: 1, doc: '1: throws after borrowing.' } },
  run(ctx, p) {
    const lent = ctx.borrow('in');
    if (!lent) throw new Error('nothing lent');
    if (p.fail) throw new Error('failed after borrowing');
    return { out: field(lent, 'noise') };
  },
});

describe('buffer pool', () => {
  it('gives a cold world evaluation after dispose() back every buffer the last one used', () => {
    const pool = new BufferPool();
    const e = createEngine(loadGraph('default.json'), { size: 64, pool });
    // The water's mask, made only when read, read on every domain the water ran on.
    const readMasks = (report: EvaluateReport, on: Domain[]): void => {
      for (const d of on) void e.output('water', 'mask', d)?.data;
      expect(Object.keys(report.ran)).toContain('water');
    };
    const waterOn: Domain[] = [];
    const onNode = (id: string, _ms: number, d: Domain): void => void (id === 'water' && waterOn.push(d));
    readMasks(e.evaluate({ onNode }), waterOn);
    const given = new Set<ArrayBufferLike>();
    const give = pool.give.bind(pool);
    pool.give = (b) => {
      given.add(b.buffer);
      give(b);
    };
    e.dispose();
    const taken = recordTakes(pool);
    readMasks(e.evaluate(), waterOn);
    // Some thirty of them 32² (ten outputs on each of the wind's three coarse squares).
    expect(taken.filter((b) => b.length === 32 * 32).length).toBeGreaterThan(24);
    expect(taken.filter((b) => !given.has(b.buffer)).map((b) => b.length)).toEqual([]);
  });

  it("gives the coast's water cells back with its result: a cold evaluation takes them from the pool, none anew", () => {
    const pool = new BufferPool();
    const e = createEngine(loadGraph('default.json'), { size: 64, pool });
    e.evaluate();
    const given: Uint8Array[] = [];
    const give = pool.give.bind(pool);
    pool.give = (b) => {
      if (b instanceof Uint8Array) given.push(b);
      give(b);
    };
    e.dispose();
    // The coast reads a halo around the view: its water cells are the one byte grid larger than it.
    const water = given.filter((b) => b.length > 64 * 64);
    expect(water.length).toBe(1);
    const taken = recordTakes(pool);
    e.evaluate();
    expect(taken).toContain(water[0]);
    e.dispose();
  });

  it("lends the combine's heights to the water's terrain (no copy), and frees them only with their last holder", () => {
    const g = loadGraph('default.json');
    const fresh = createEngine(g, { size: 48 });
    fresh.evaluate({ targets: ['water'] });
    // Lent: the water's heights are the combine's grid itself.
    expect(fresh.output('water')!.data).toBe(fresh.output('height')!.data);

    // The combine's result dropped after the water read it: the grid is still the water's.
    const pool = new BufferPool(true);
    const e = createEngine(g, { size: 48, pool });
    e.evaluate({ targets: ['water'], dropIntermediates: true });
    expect(e.output('height')).toBeUndefined();
    const heights = e.output('water')!.data;
    const taken = Array.from({ length: 40 }, () => pool.take('f32', 48 * 48));
    expect(taken.includes(heights as Float32Array)).toBe(false);
    // Poisoned takes fill with NaN: a grid handed out again would show here.
    expect(heights).toEqual(fresh.output('water')!.data);
    // Both holders gone: back in the pool, once.
    for (const b of taken) pool.give(b);
    e.dispose();
    const again = Array.from({ length: 60 }, () => pool.take('f32', 48 * 48));
    expect(again.filter((b) => b === heights).length).toBe(1);
  });

  it('a node that fails after borrowing gives its hold back: the grid is free once, with its other holder', () => {
    const catalogue = catalogueOf([fbm, lender] as unknown as AnyNodeDef[]);
    const node = (id: string, def: AnyNodeDef, params = defaultParams(def)) => ({ id, type: def.type, title: id, position: [0, 0] as [number, number], params });
    const l = lender as unknown as AnyNodeDef;
    const graph: Graph = {
      name: 'lend',
      notes: '',
      view: { x: 0, y: 0, size: 24 },
      nodes: [node('n', fbm as unknown as AnyNodeDef), node('fails', l, { fail: 1 }), node('holds', l)],
      edges: ['fails', 'holds'].map((id) => ({ from: { node: 'n', port: 'out' }, to: { node: id, port: 'in' } })),
    };
    const fresh = createEngine(graph, { catalogue });
    fresh.evaluate();
    expect(fresh.status('fails')?.message).toBe('failed after borrowing');
    const noise = fresh.output('n')!.data.slice();
    expect(fresh.output('holds')!.data).toBe(fresh.output('n')!.data);

    // The noise's result dropped once both have read it: the one that holds it keeps it.
    const pool = new BufferPool(true);
    const e = createEngine(graph, { catalogue, pool });
    e.evaluate({ targets: ['fails', 'holds'], dropIntermediates: true });
    const lent = e.output('holds')!.data as Float32Array;
    const taken = Array.from({ length: 40 }, () => pool.take('f32', 24 * 24));
    expect(taken.includes(lent)).toBe(false);
    expect(lent).toEqual(noise);
    for (const b of taken) pool.give(b);
    e.dispose();
    const again = Array.from({ length: 60 }, () => pool.take('f32', 24 * 24));
    expect(again.filter((b) => b === lent).length).toBe(1);
  });
});

