// Outputs computed only when read (RunContext.lazyField): the water's mask, which no shipped
// graph reads, takes its grid from the pool and is written on the first read of its data, from
// the heights the water's result holds, whenever that read comes.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { BufferPool } from '../src/engine/pool.ts';
import { type Domain, domainKey } from '../src/grid.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { recordTakes } from './helpers/pool.ts';
import { grab, loadGraph } from './helpers/graphs.ts';

/** 1 below the sea level, 0 elsewhere: the mask the water's doc promises. */
function maskOf(t: TerrainValue): Float32Array {
  return Float32Array.from(t.data, (h) => (h < t.seaLevel ? 1 : 0));
}

describe('outputs computed when read', () => {
  it("the water's mask: no grid until its data is read, then one, written once", () => {
    const pool = new BufferPool(true);
    const e = createEngine(loadGraph('default.json'), { size: 48, pool });
    e.evaluate({ targets: ['water'] });
    const taken = recordTakes(pool);
    const terrain = e.output('water') as TerrainValue;
    const mask = e.output('water', 'mask')!;
    expect(mask.meaning).toBe('mask');
    expect(taken).toEqual([]);
    const data = mask.data;
    expect(taken).toEqual([data]);
    expect(data).toEqual(maskOf(terrain));
    expect(e.output('water', 'mask')!.data).toBe(data);
    expect(taken.length).toBe(1);
    // Given back with the result's other buffers.
    const given: unknown[] = [];
    const give = pool.give.bind(pool);
    pool.give = (b) => {
      given.push(b);
      give(b);
    };
    e.dispose();
    expect(given).toContain(data);
  });

  it("read after its result was let go: an error, not a mask made from cells back in the pool", () => {
    const pool = new BufferPool(true);
    const e = createEngine(loadGraph('default.json'), { size: 48, pool });
    e.evaluate({ targets: ['water'] });
    const mask = e.output('water', 'mask')!;
    e.dispose();
    const taken = recordTakes(pool);
    expect(() => mask.data).toThrow(/read after the engine let its result go/);
    expect(taken).toEqual([]);
    // The water evaluated again makes a new mask, right.
    e.evaluate({ targets: ['water'] });
    expect(e.output('water', 'mask')!.data).toEqual(maskOf(e.output('water') as TerrainValue));
  });

  it('read later, after its input was dropped and other grids taken (poisoned), or through a crop of the grown view', () => {
    const g = loadGraph('default.json');
    const pool = new BufferPool(true);
    const dropped = createEngine(g, { size: 48, pool });
    dropped.evaluate({ targets: ['water'], dropIntermediates: true });
    for (let i = 0; i < 30; i++) pool.take('f32', 48 * 48);
    expect(dropped.output('water', 'mask')!.data).toEqual(maskOf(dropped.output('water') as TerrainValue));

    // Every node: the water runs on the view grown by the coast's halo; the view's result is a
    // crop, which copies every output of the grown one when read, the mask computed then. An
    // edit downstream of the water in between recomputes nothing of it.
    const e = createEngine(g, { size: 48, poisonBuffers: true });
    e.evaluate();
    e.setParam('moisture', 'strength', 0.4);
    expect(Object.keys(e.evaluate().ran)).not.toContain('water');
    const mask = e.output('water', 'mask')!.data;
    expect(mask).toEqual(maskOf(e.output('water') as TerrainValue));
    expect(mask.some((v) => v === 1) && mask.some((v) => v === 0)).toBe(true);
  });

  it('read through a view crop that kept its source\'s grids after the water ran again without it', () => {
    const g = loadGraph('default.json');
    const before = createEngine(g, { size: 48 });
    before.evaluate();
    const mask = before.output('water', 'mask')!.data.slice();
    const pool = new BufferPool(true);
    const e = createEngine(g, { size: 48, pool });
    const sizes = new Set<number>();
    e.evaluate({ onNode: (_id, _ms, d) => void sizes.add(d.n * d.n) });
    const node = g.nodes.find((n) => n.id === 'contCurve')!;
    e.setParam('contCurve', 'points', (node.params.points as [number, number][]).map(([x, y]): [number, number] => [x, x === 0 ? y + 0.05 : y]));
    // The coast reads the water on the grown view: the water runs again there; its view crop,
    // unread, keeps the last run's grids, and its mask is made from them when read.
    e.evaluate({ targets: ['coast'] });
    // The height's view crop, read, lets go of the grid it kept, which the water still holds.
    grab(e, 'height');
    // Grids of every size taken (poisoned): one handed out again too early would show.
    for (const cells of sizes) for (let i = 0; i < 30; i++) pool.take('f32', cells);
    expect(e.output('water', 'mask')!.data).toEqual(mask);
  });
});

describe('outputs computed when read, through two crops of one result', () => {
  it("each crop's mask is right when the water ran again without them and one crop gave the source's grids back first", () => {
    // The water on the grown view is cut to the view (the biomes read it in place) and to a
    // temperature's domain grown by a blur (read in place too): two crops, neither read.
    const g = loadGraph('default.json');
    const t = g.nodes.find((n) => n.id === 'temperature')!;
    g.nodes.push({ ...t, id: 't2', params: { ...t.params } }, { id: 'b2', type: 'blur', title: 'Blur', position: [0, 0], params: { radius: 0.02 } });
    g.edges.push({ from: { node: 'water', port: 'terrain' }, to: { node: 't2', port: 'rank' } }, { from: { node: 't2', port: 'out' }, to: { node: 'b2', port: 'in' } });
    const domains = new Map<string, Domain>();
    const sizes = new Set<number>();
    const before = createEngine(g, { size: 48 });
    before.evaluate({ onNode: (id, _ms, d) => void (domains.set(id, d), sizes.add(d.n * d.n)) });
    const crops = [domains.get('biomes')!, domains.get('t2')!];
    const masks = crops.map((d) => before.output('water', 'mask', d)!.data.slice());

    const pool = new BufferPool(true);
    const e = createEngine(g, { size: 48, pool });
    e.evaluate();
    const node = g.nodes.find((n) => n.id === 'contCurve')!;
    e.setParam('contCurve', 'points', (node.params.points as [number, number][]).map(([x, y]): [number, number] => [x, x === 0 ? y + 0.05 : y]));
    // The water runs again on the grown view only: one crop keeps the old grids, the other copies.
    e.evaluate({ targets: ['coast'] });
    // Both crops' terrains read: the one that kept the grids gives them back.
    for (const d of crops) void e.output('water', 'terrain', d)!.data;
    for (const cells of sizes) for (let i = 0; i < 30; i++) pool.take('f32', cells);
    crops.forEach((d, i) => expect(e.output('water', 'mask', d)!.data, domainKey(d)).toEqual(masks[i]));
  });
});
