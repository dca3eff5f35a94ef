// The engine: incremental evaluation, failure isolation, the world cut, and water by share.
import { describe, expect, it } from 'vitest';
import { createEngine, nodeDef, WORLD_CUT_DOMAIN } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { BufferPool } from '../src/engine/pool.ts';
import { recordTakes } from './helpers/pool.ts';
import { evaluated, grab, grabIds, loadGraph } from './helpers/graphs.ts';
import { SEED_SHIFTS, shiftSeeds } from '../src/recipes/claims.ts';
import { domainKey, viewDomain } from '../src/grid.ts';
import { coarseDomainFor, coarseReadFor } from '../src/kernels/wind-world.ts';
import { cutDomainOf } from '../nodes/water.ts';

const DOWNSTREAM_OF_C = ['contCurve', 'height', 'water', 'coast', 'rank', 'temperature', 'wind', 'moisture', 'biomes'];

function shiftPoints(points: [number, number][], dy: number): [number, number][] {
  return points.map(([x, y]) => [x, y + dy]);
}

function withParam(graph: Graph, node: string, key: string, value: unknown): Graph {
  const g = structuredClone(graph);
  g.nodes.find((n) => n.id === node)!.params[key] = value as never;
  return g;
}

describe('engine', () => {
  it('evaluates every node of the default graph', () => {
    const e = evaluated(loadGraph('default.json'), 128);
    for (const n of e.graph.nodes) expect(e.status(n.id)?.state, n.id).toBe('ok');
  });

  it('recomputes only what lies downstream of an edit', () => {
    const e = evaluated(loadGraph('default.json'), 64);
    const points = e.graph.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    e.setParam('contCurve', 'points', shiftPoints(points, 0.01));
    const report = e.evaluate();
    expect(Object.keys(report.ran).sort()).toEqual([...DOWNSTREAM_OF_C].sort());
    // Turning the wind to another side moves its coarse grid upwind: what feeds the wind runs on
    // that small grid only (the view's results stay), the wind and what it feeds on the view.
    e.setParam('wind', 'angle', 100);
    const view = viewDomain(e.view);
    const coarse = coarseDomainFor(view, 100);
    const on = new Map<string, Set<string>>();
    e.evaluate({ onNode: (id, _ms, d) => on.set(id, (on.get(id) ?? new Set()).add(domainKey(d))) });
    for (const id of ['biomes', 'moisture', 'wind']) expect(on.get(id), id).toBeDefined();
    for (const [id, domains] of on) if (!['biomes', 'moisture', 'wind'].includes(id)) expect([...domains], id).toEqual([domainKey(coarse)]);
    // 6 views a side at 16 cells a view, where reaching 4.5 views every way took 10.
    expect(coarse.n).toBeLessThanOrEqual(96);
    // Turning it further on the same side reads the same grids: only the wind and what it feeds run.
    e.setParam('wind', 'angle', 110);
    expect(Object.keys(e.evaluate().ran).sort()).toEqual(['biomes', 'moisture', 'wind']);
    expect(Object.keys(e.evaluate().ran)).toEqual([]);
  });

  it('keeps results when a param is set to the value it already has', () => {
    const e = evaluated(loadGraph('default.json'), 64);
    e.setParam('wind', 'angle', e.graph.nodes.find((n) => n.id === 'wind')!.params.angle as number);
    expect(e.evaluate().ran).toEqual({});
  });

  it('marks a failing node failed, its dependants blocked, and evaluates the rest', () => {
    const g = loadGraph('default.json');
    // Two knots but three wired inputs: the chain kernel throws.
    g.nodes.push({ id: 'bad', type: 'chain', title: 'Bad chain', position: [0, 0], params: { knots: [0, 1] } });
    g.nodes.push({ id: 'after', type: 'curve', title: 'After', position: [0, 0], params: { points: [[-1, -1], [1, 1]] } });
    g.edges.push(
      { from: { node: 'cont', port: 'out' }, to: { node: 'bad', port: 'selector' } },
      { from: { node: 'eros', port: 'out' }, to: { node: 'bad', port: 'in0' } },
      { from: { node: 'pv', port: 'out' }, to: { node: 'bad', port: 'in1' } },
      { from: { node: 'cont', port: 'out' }, to: { node: 'bad', port: 'in2' } },
      { from: { node: 'bad', port: 'out' }, to: { node: 'after', port: 'in' } },
    );
    const e = evaluated(g, 32);
    expect(e.status('bad')).toMatchObject({ state: 'failed', message: '3 inputs are wired (in0, in1, in2) but 2 knots are given: one knot per wired input' });
    expect(e.status('after')).toMatchObject({ state: 'blocked', message: 'waits on "bad" (input "in"), which failed' });
    expect(e.status('biomes')?.state).toBe('ok');
    expect(e.output('after')).toBeUndefined();
  });

  it('reports an unwired required input as missing', () => {
    const g = loadGraph('default.json');
    g.edges = g.edges.filter((edge) => !(edge.to.node === 'water' && edge.to.port === 'height'));
    const e = evaluated(g, 32);
    expect(e.status('water')).toMatchObject({ state: 'missing', message: 'input "height" is not wired' });
    expect(e.status('biomes')?.state).toBe('blocked');
    expect(e.status('tempNoise')?.state).toBe('ok');
  });

  it('with percent water, moving a whole curve up by 0.1 leaves the water mask identical', () => {
    // The view cut: the share under water is then that of the view itself.
    const g = withParam(loadGraph('default.json'), 'water', 'cut', 'view');
    const points = g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    const before = grab(evaluated(g, 128), 'water', 'mask');
    const after = grab(evaluated(withParam(g, 'contCurve', 'points', shiftPoints(points, 0.1)), 128), 'water', 'mask');
    expect(after).toEqual(before);
    expect(before.reduce((a, b) => a + b, 0) / before.length).toBeCloseTo(0.4, 3);
  });

  it('in raw mode the same move shrinks the sea', () => {
    const g = withParam(withParam(loadGraph('default.json'), 'water', 'mode', 'raw'), 'water', 'level', 0);
    const points = g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    const sea = (graph: Graph) => grab(evaluated(graph, 128), 'water', 'mask').reduce((a, b) => a + b, 0);
    const before = sea(g);
    const after = sea(withParam(g, 'contCurve', 'points', shiftPoints(points, 0.1)));
    expect(before).toBeGreaterThan(0);
    expect(after).toBeLessThan(before * 0.8);
  });

  it('with the world cut the sea level stays put while the view pans, and noise follows the view', () => {
    const g = withParam(loadGraph('default.json'), 'water', 'cut', 'world');
    const e = createEngine(g, { size: 64 });
    e.evaluate();
    const level = (e.output('water', 'terrain') as { seaLevel: number }).seaLevel;
    const noise = grab(e, 'cont');
    e.setView({ x: 0.5, y: -0.25 });
    const report = e.evaluate();
    expect(report.ran.water).toBeDefined();
    expect((e.output('water', 'terrain') as { seaLevel: number }).seaLevel).toBe(level);
    expect(grab(e, 'cont')).not.toEqual(noise);
    // The world region was evaluated once, on its own fixed domain.
    expect(e.status('height', WORLD_CUT_DOMAIN)?.state).toBe('ok');
  });

  it('on a world cut, each domain and each edit gets the sorted heights of the cut it reads, bit for bit', () => {
    // The water sorts the cut once (RunContext.shared) and shares that order with its other
    // domains (the grown view, the wind's coarse squares) while the cut's result is the same: an
    // edit that changes its heights, even keeping their count, must sort again.
    const g = loadGraph('default.json');
    const cutOf = (e: ReturnType<typeof createEngine>): Float32Array => Float32Array.from(e.output('height', undefined, cutDomainOf('world-8')!)!.data).sort();
    const e = createEngine(g, { size: 48 });
    e.evaluate();
    // A west wind reads its coarse band as squares: the water runs on each.
    const tiles = coarseReadFor(viewDomain(e.view), 0, 16).tiles;
    expect(tiles.length).toBeGreaterThan(1);
    for (const edit of [0, 0.1, -0.05]) {
      if (edit) e.setParam('contCurve', 'points', shiftPoints(g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][], edit));
      e.evaluate();
      const expected = cutOf(e);
      for (const d of [undefined, ...tiles]) {
        const t = e.output('water', 'terrain', d) as { sorted: Float32Array; seaLevel: number };
        expect(t.sorted, `edit ${edit}, ${d ? 'coarse grid' : 'view'}`).toEqual(expected);
        expect(t.seaLevel).toBe(expected[Math.round(0.4 * expected.length)]);
      }
    }
  });

  it('a value made from the footprint\'s reads alone (RunContext.shared) is made once for every domain, again only when a read changes, and its buffers are never the pool\'s', async () => {
    const { catalogueOf } = await import('../src/model/manifest.ts');
    const { CATALOGUE } = await import('../nodes/index.ts');
    const { water } = await import('../nodes/water.ts');
    let made = 0;
    // The water as shipped, counting the values its runs make.
    const counted = {
      ...water,
      run: (ctx: Parameters<typeof water.run>[0], p: Parameters<typeof water.run>[1]) =>
        water.run({ ...ctx, shared: (make) => ctx.shared(() => (made++, make())) }, p),
    };
    const catalogue = catalogueOf(CATALOGUE.types.map((d) => (d.type === water.type ? counted : d)) as never);
    const g = loadGraph('default.json');
    const pool = new BufferPool();
    const e = createEngine(g, { size: 48, catalogue, pool });
    const domains: string[] = [];
    e.evaluate({ onNode: (id, _ms, d) => id === 'water' && domains.push(domainKey(d)) });
    expect(domains.length).toBeGreaterThan(2); // the grown view and the wind's coarse squares
    expect(made).toBe(1);
    const tiles = coarseReadFor(viewDomain(e.view), 0, 16).tiles;
    const sorted = (e.output('water', 'terrain') as { sorted: Float32Array }).sorted;
    for (const d of tiles) expect((e.output('water', 'terrain', d) as { sorted: Float32Array }).sorted).toBe(sorted);
    // The wind turned: the water and what feeds it stay.
    e.setParam('wind', 'angle', 30);
    e.evaluate();
    expect(made).toBe(1);
    // Heights changed: the water runs on every domain again, with one new sort.
    e.setParam('contCurve', 'points', shiftPoints(g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][], 0.05));
    e.evaluate();
    expect(made).toBe(2);
    const next = (e.output('water', 'terrain') as { sorted: Float32Array }).sorted;
    expect(next).not.toBe(sorted);
    // Given back with every result, none of the sorted cuts is handed out again.
    e.dispose();
    const taken = Array.from({ length: 30 }, () => pool.take('f32', sorted.length));
    expect(taken).not.toContain(sorted);
    expect(taken).not.toContain(next);
  });

  it('the coarser world cuts read nearly the same level: the share of the full cut under it stays within 1 % (world-8) or 2.5 % (world-4) of the asked share', () => {
    // The level is a quantile of the sample: 0.3–0.5 % off at 8 cells a view; at 4 a view 1.6–2.3 %,
    // and always the same way (the samples fall on the same phases of the noises' lattices).
    for (const shift of SEED_SHIFTS) {
      const g = shiftSeeds(withParam(loadGraph('default.json'), 'water', 'cut', 'world'), shift);
      const e = createEngine(g, { size: 32 });
      e.evaluate({ targets: ['water'] });
      const full = e.output('height', undefined, WORLD_CUT_DOMAIN)!.data;
      for (const cut of ['world-8', 'world-4']) {
        e.setParam('water', 'cut', cut);
        e.evaluate({ targets: ['water'] });
        const t = e.output('water', 'terrain') as { seaLevel: number; sorted: Float32Array };
        expect(t.sorted.length, cut).toBe(cut === 'world-8' ? 16384 : 4096);
        let below = 0;
        for (const v of full) if (v < t.seaLevel) below++;
        expect(Math.abs(below / full.length - 0.4), `${cut}, seeds + ${shift}`).toBeLessThan(cut === 'world-8' ? 0.01 : 0.025);
      }
    }
  });

  it('with the view cut the sea level moves with the view', () => {
    const e = createEngine(withParam(loadGraph('default.json'), 'water', 'cut', 'view'), { size: 64 });
    e.evaluate();
    const level = (e.output('water', 'terrain') as { seaLevel: number }).seaLevel;
    e.setView({ x: 3, y: 1 });
    e.evaluate();
    expect((e.output('water', 'terrain') as { seaLevel: number }).seaLevel).not.toBe(level);
  });

  it('writes every cell of every output: no kernel leaves a recycled buffer\'s old contents', () => {
    const g = loadGraph('default.json');
    g.nodes.push({ id: 'chain', type: 'chain', title: 'Chain', position: [0, 0], params: { knots: [-0.2, 0, 0.3] } });
    g.edges.push(
      { from: { node: 'cont', port: 'out' }, to: { node: 'chain', port: 'selector' } },
      { from: { node: 'erosCurve', port: 'out' }, to: { node: 'chain', port: 'in0' } },
      { from: { node: 'pv', port: 'out' }, to: { node: 'chain', port: 'in1' } },
      { from: { node: 'water', port: 'mask' }, to: { node: 'chain', port: 'in2' } },
    );
    for (const cut of ['view', 'world']) {
      g.nodes.find((n) => n.id === 'water')!.params.cut = cut;
      const e = createEngine(g, { size: 48, poisonBuffers: true });
      for (const angle of [0, 135]) {
        e.setParam('wind', 'angle', angle);
        e.setView({ x: angle / 100, y: 0 });
        e.evaluate();
        for (const node of e.graph.nodes) {
          expect(e.status(node.id)?.state, node.id).toBe('ok');
          for (const port of Object.keys(nodeDef(node.type)!.outputs)) {
            const v = e.output(node.id, port)!;
            const bad = v.type === 'biome' ? v.data.findIndex((id) => id > 12) : v.data.findIndex(Number.isNaN);
            expect(bad, `${node.id}.${port} with the ${cut} cut`).toBe(-1);
            if (v.type === 'terrain') expect(v.sorted.findIndex(Number.isNaN)).toBe(-1);
          }
        }
      }
    }
  });

  it('gives after any sequence of edits the same bits as a fresh evaluation of the result', () => {
    const g = loadGraph('default.json');
    const e = createEngine(g, { size: 96 });
    e.evaluate();
    const points = g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    const edits: (() => void)[] = [
      () => e.setParam('contCurve', 'points', points.map(([x, y]): [number, number] => [x, x > 0.5 ? y + 0.05 : y])), // inland only: the coast stays
      () => e.setParam('contCurve', 'points', points.map(([x, y]): [number, number] => [x, x >= 0 ? y + 0.02 : y])), // at the coast
      () => e.setParam('water', 'share', 0.45),
      () => e.setView({ x: 0.25, y: 0 }),
      () => e.setParam('wind', 'angle', 135),
      () => e.setView({ x: 0, y: 0 }),
      () => e.setParam('contCurve', 'points', points.map(([x, y]): [number, number] => [x, x > 0.5 ? y - 0.05 : y])),
    ];
    for (const edit of edits) {
      edit();
      e.evaluate();
    }
    const fresh = createEngine(e.graph, { size: 96 });
    fresh.evaluate();
    for (const node of e.graph.nodes) {
      for (const port of Object.keys(nodeDef(node.type)!.outputs)) {
        expect(e.output(node.id, port)!.data, `${node.id}.${port}`).toEqual(fresh.output(node.id, port)!.data);
      }
    }
  });

  it('copies the coast distance when an edit moves no cell across the sea level, and recomputes it when one does', () => {
    const g = loadGraph('default.json');
    const e = createEngine(g, { size: 64 });
    e.evaluate();
    const points = g.nodes.find((n) => n.id === 'contCurve')!.params.points as [number, number][];
    const before = grab(e, 'coast');
    e.setParam('contCurve', 'points', points.map(([x, y]): [number, number] => [x, x > 0.5 ? y + 0.05 : y]));
    e.evaluate();
    expect(grab(e, 'water', 'mask')).toEqual(grab(evaluated(g, 64), 'water', 'mask'));
    expect(grab(e, 'coast')).toEqual(before);
    e.setParam('water', 'share', 0.5);
    e.evaluate();
    expect(grab(e, 'coast')).not.toEqual(before);
  });

  it('evaluates the same file to the same bits every time', () => {
    const g = loadGraph('default.json');
    const a = grabIds(evaluated(g, 96), 'biomes');
    const e = evaluated(g, 96);
    e.clearCache();
    e.evaluate();
    expect(grabIds(e, 'biomes')).toEqual(a);
    expect(grab(evaluated(g, 96), 'moisture')).toEqual(grab(evaluated(g, 96), 'moisture'));
  });

  it('refuses a param value outside its range, naming the node and the JSON path', () => {
    const e = createEngine(loadGraph('default.json'), { size: 32 });
    expect(() => e.setParam('water', 'share', 1.5)).toThrow('$.nodes[7].params.share: water node "water" ("Water level"): 1.5 is above the maximum 1');
    expect(() => e.setParam('water', 'shares', 0.5)).toThrow('$.nodes[7].params.shares: water node "water" ("Water level") has no param "shares" (did you mean "share"?)');
    expect(() => e.setParam('nope', 'share', 0.5)).toThrow('no node "nope"');
  });
});

describe('climate across resolutions', () => {
  /** Averages an n × n grid down to m × m blocks. */
  function average(data: Float32Array, n: number, m: number): Float64Array {
    const k = n / m;
    const out = new Float64Array(m * m);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) out[Math.floor(r / k) * m + Math.floor(c / k)] += data[r * n + c] / (k * k);
    return out;
  }

  it.each(['temperature', 'wind', 'moisture', 'rank'])('%s at 128² and 512² agree once averaged to 32²', (node) => {
    const g = loadGraph('default.json');
    const lo = average(grab(evaluated(g, 128), node), 128, 32);
    const hi = average(grab(evaluated(g, 512), node), 512, 32);
    let sum = 0;
    for (let i = 0; i < lo.length; i++) sum += Math.abs(lo[i] - hi[i]);
    expect(sum / lo.length).toBeLessThan(0.03);
  });
});

describe('one-shot evaluation', () => {
  it.each(['view', 'world'])('drops what only feeds the targets once read, and gives the same outputs (%s cut)', (cut) => {
    const g = loadGraph('default.json');
    g.nodes.find((n) => n.id === 'water')!.params.cut = cut;
    const full = createEngine(g, { size: 48 });
    full.evaluate();
    // Poisoned buffers: a dropped result whose buffers were still read would show as NaN.
    const once = createEngine(g, { size: 48, poisonBuffers: true });
    const report = once.evaluate({ targets: ['biomes', 'coast'], dropIntermediates: true });
    expect(Object.keys(report.ran).sort()).toEqual(g.nodes.map((n) => n.id).sort());
    for (const id of ['biomes', 'coast']) {
      const value = once.output(id)!;
      expect(value.data, id).toEqual(full.output(id)!.data);
    }
    expect(once.output('cont')).toBeUndefined();
    expect(once.output('moisture')).toBeUndefined();
    expect(once.output('water')).toBeUndefined();
    // The next evaluation recomputes what was dropped, to the same values.
    expect(Object.keys(once.evaluate().ran)).toContain('cont');
    expect(once.output('moisture')!.data).toEqual(full.output('moisture')!.data);
    expect(once.output('biomes')!.data).toEqual(full.output('biomes')!.data);
  });
});

describe('engines one after another on one pool (a build\'s tiles)', () => {
  it('the second engine takes the first one\'s buffers and still gives a fresh engine\'s bytes', () => {
    const g = loadGraph('default.json');
    const pool = new BufferPool();
    const first = createEngine(g, { size: 40, pool });
    const at = { x0: 0.3, y0: -0.2, extent: 1, n: 40 };
    first.evaluate({ domain: at });
    const firsts = new Set(g.nodes.map((n) => first.output(n.id, undefined, at)?.data.buffer));
    first.dispose();
    expect(first.output('biomes', undefined, { x0: 0.3, y0: -0.2, extent: 1, n: 40 })).toBeUndefined();
    // Every buffer of the second evaluation comes from the first one's leftovers where a size matches.
    const taken = recordTakes(pool);
    const second = createEngine(g, { size: 40, pool });
    second.evaluate();
    const fresh = createEngine(g, { size: 40 });
    fresh.evaluate();
    for (const n of g.nodes) {
      const a = second.output(n.id)!;
      expect(a.data, n.id).toEqual(fresh.output(n.id)!.data);
    }
    expect(taken.length).toBeGreaterThan(20);
    // Taken from the first engine's outputs, not made afresh (dispose() gave them back).
    expect(taken.filter((b) => firsts.has(b.buffer)).length).toBeGreaterThan(g.nodes.length / 2);
  });
});

describe('memory after large grids', () => {
  it('gives back scratch grown for a one-off large grid', async () => {
    const { scratchBytes, trimScratch } = await import('../src/kernels/scratch.ts');
    evaluated(loadGraph('default.json'), 512);
    const large = scratchBytes();
    trimScratch(128 * 128);
    expect(scratchBytes()).toBeLessThan(large / 4);
    // Kernels make what they need again.
    expect(grab(evaluated(loadGraph('default.json'), 512), 'coast').length).toBe(512 * 512);
  });
});
