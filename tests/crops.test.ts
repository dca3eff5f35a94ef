// The engine's crops (src/engine/crops.ts): a result on a grown domain is cut down to the view
// only when something reads it, and a consumer reading through ctx.window() reads it in place.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { BufferPool, type BufferKind, type BufferOf } from '../src/engine/pool.ts';
import { grow } from '../src/engine/domains.ts';
import { latticeDomain, viewDomain } from '../src/grid.ts';
import { LazyCrop } from '../src/engine/crops.ts';
import type { Entry } from '../src/engine/results.ts';
import { type BiomeValue, SOFT_SLOTS } from '../src/model/values.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { footprintOf, marginsOf } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { evaluated, grab, grabIds, loadGraph } from './helpers/graphs.ts';

/** A pool that counts the buffers taken from it (fresh or recycled). */
class CountingPool extends BufferPool {
  takes = 0;
  override take<K extends BufferKind>(kind: K, length: number): BufferOf<K> {
    this.takes++;
    return super.take(kind, length);
  }
}

/** A pool that fills each buffer given back with garbage at once: a result read after it let its buffers go shows. */
class SpoilingPool extends BufferPool {
  override give(buffer: Float32Array | Uint8Array | Uint32Array): void {
    buffer.fill(buffer instanceof Float32Array ? NaN : 0xffffffff);
    super.give(buffer);
  }
}

const SIZE = 64;

describe('crops', () => {
  it('copies no crop while evaluating; a view result is copied when first read, the same bits as the node evaluated on the view alone', () => {
    const g = loadGraph('default.json');
    const pool = new CountingPool(true);
    const e = createEngine(g, { size: SIZE, pool });
    const report = e.evaluate();
    // The default graph's noises, curves, height, water and rank run on the view grown by the
    // coast's cap; the temperature reads the rank and the biomes the water's heights in place.
    expect(report.cropMs).toBe(0);
    const taken = pool.takes;
    for (const id of ['cont', 'contCurve', 'height', 'water', 'rank']) {
      const alone = createEngine(g, { size: SIZE });
      alone.evaluate({ targets: [id] });
      expect(grab(e, id), id).toEqual(grab(alone, id));
    }
    // One buffer per output copied (the water's terrain; its sorted heights are the engine's
    // shared ones, its mask is made only when read), none again on a second read.
    expect(pool.takes).toBe(taken + 5);
    for (const id of ['cont', 'contCurve', 'height', 'water', 'rank']) grab(e, id);
    expect(pool.takes).toBe(taken + 5);
    // The mask read: made on the grown view, then cut out, as the view's own evaluation gives it.
    const viewMask = createEngine(g, { size: SIZE });
    viewMask.evaluate({ targets: ['water'] });
    expect(grab(e, 'water', 'mask')).toEqual(grab(viewMask, 'water', 'mask'));
    expect(pool.takes).toBe(taken + 7);
    const water = e.output('water');
    expect(water?.type === 'terrain' && water.order).toBe(null);
    // What read the crops in place gives what a fresh engine gives.
    expect(grab(e, 'temperature')).toEqual(grab(evaluated(g, SIZE), 'temperature'));
    expect(grabIds(e, 'biomes')).toEqual(grabIds(evaluated(g, SIZE), 'biomes'));
  });

  it('a crop nobody has read keeps its cells when its node runs again without it, and the next evaluation reads the new ones', () => {
    const g = loadGraph('default.json');
    const before = grab(evaluated(g, SIZE), 'contCurve');
    // Poisoned buffers: a recycled buffer is filled with NaN, so cells given back too early show.
    const e = createEngine(g, { size: SIZE, poisonBuffers: true });
    e.evaluate();
    const node = g.nodes.find((n) => n.id === 'contCurve')!;
    const moved = (node.params.points as [number, number][]).map(([x, y]): [number, number] => [x, x === 0 ? y + 0.05 : y]);
    e.setParam('contCurve', 'points', moved);
    // The coast reads the water on the grown view: the C curve runs again there, and its view
    // crop, not asked for, stays the last evaluation's.
    e.evaluate({ targets: ['coast'] });
    expect(grab(e, 'contCurve')).toEqual(before);
    e.evaluate();
    const edited = structuredClone(g);
    edited.nodes.find((n) => n.id === 'contCurve')!.params.points = moved;
    expect(grab(e, 'contCurve')).toEqual(grab(evaluated(edited, SIZE), 'contCurve'));
    expect(grab(e, 'contCurve')).not.toEqual(before);
  });
});

describe('crops of one result on two domains', () => {
  it('keeps the cells of both when the result they were cut from goes back to the pool unread (one keeps its buffers, the other copies first)', () => {
    // A blur on the temperature: the temperature runs on the view grown by the blur's halo and
    // reads the rank there in place (a crop of the rank's grid grown for the wind, unread), and
    // the rank's view result is a second crop of the same grid.
    const g = loadGraph('default.json');
    g.nodes.push({ id: 'tblur', type: 'blur', title: 'Blur', position: [0, 0], params: { radius: 0.02 } });
    g.edges.push({ from: { node: 'temperature', port: 'out' }, to: { node: 'tblur', port: 'in' } });
    const e = createEngine(g, { size: SIZE, pool: new SpoilingPool(true) });
    e.evaluate();
    const grown = grow(viewDomain(e.view), marginsOf(footprintOf(e.catalogue.def('blur')!, { radius: 0.02 })));
    // (status, not output: reading the crop's outputs would copy them)
    expect(e.status('rank', grown)?.state).toBe('ok');
    // The rank's crop on the grown view, as a fresh engine evaluating the rank there gives it.
    const alone = createEngine(g, { poisonBuffers: true });
    alone.evaluate({ domain: grown, targets: ['rank'] });
    const want = (alone.output('rank', 'out', grown)!.data as Float32Array).slice();
    const wantView = grab(evaluated(g, SIZE), 'rank');
    // The C curve moved: the wind alone evaluated, so the rank runs again on its grid and the
    // last result goes back to the pool while both crops of it stay unread in the cache.
    const node = g.nodes.find((n) => n.id === 'contCurve')!;
    e.setParam('contCurve', 'points', (node.params.points as [number, number][]).map(([x, y]): [number, number] => [x, x === 0 ? y + 0.05 : y]));
    e.evaluate({ targets: ['wind'] });
    expect(grab(e, 'rank')).toEqual(wantView);
    expect((e.output('rank', 'out', grown)!.data as Float32Array).slice()).toEqual(want);
  });
});

describe('crops of a result without outputs', () => {
  it('let it go with nothing to copy when the node runs again: a rewired input crashed the next evaluation', () => {
    // The rank waits on an unwired terrain on the view grown by the blur's halo, cropped twice
    // (the temperature's read and the view). Wired again and run, its waiting result goes: its
    // crops read outputs that were null ("Cannot read properties of null (reading 'outputs')",
    // the editor's "Evaluation failed" after a wire was lost and put back).
    const g = loadGraph('default.json');
    g.nodes.push({ id: 'tblur', type: 'blur', title: 'Blur', position: [0, 0], params: { radius: 0.02 } });
    g.edges.push({ from: { node: 'temperature', port: 'out' }, to: { node: 'tblur', port: 'in' } });
    const unwired = structuredClone(g);
    unwired.edges = unwired.edges.filter((e) => !(e.to.node === 'rank' && e.to.port === 'terrain'));
    const e = createEngine(unwired, { size: SIZE, pool: new SpoilingPool(true) });
    e.evaluate();
    expect(e.status('rank')?.state).not.toBe('ok');
    e.setGraph({ ...g, view: { ...g.view, size: SIZE } });
    e.evaluate({ targets: ['wind'] });
    e.evaluate();
    expect(grab(e, 'rank')).toEqual(grab(evaluated(g, SIZE), 'rank'));
  });
});

describe('crops let go with the result they were cut from', () => {
  it('take nothing from the pool: no crop copies its cells or makes a lazy output just before it goes too', () => {
    // Rivers from the rain at 64²: the water's view crop is read (its mask, made only when read,
    // is not). The default graph with a blur on the temperature: the rank's grid grown for the
    // wind has two crops, both unread. dispose() lets every result go, each with its crops.
    const blurred = loadGraph('default.json');
    blurred.nodes.push({ id: 'tblur', type: 'blur', title: 'Blur', position: [0, 0], params: { radius: 0.02 } });
    blurred.edges.push({ from: { node: 'temperature', port: 'out' }, to: { node: 'tblur', port: 'in' } });
    for (const [name, g, last] of [['default with a blur', blurred, 'tblur'], ['rivers-from-the-rain', loadGraph('rivers-from-the-rain.json'), 'rivers']] as const) {
      const pool = new CountingPool(true);
      const e = createEngine(g, { size: SIZE, pool });
      e.evaluate();
      const taken = pool.takes;
      e.dispose();
      expect(pool.takes - taken, name).toBe(0);
      // Nothing still held went back: a cold evaluation from the pool gives a fresh engine's cells.
      e.evaluate();
      expect(grab(e, last), name).toEqual(grab(evaluated(g, SIZE), last));
    }
  });
});

describe('windows read in place', () => {
  it('are checked on entry: a node refuses a window that holds no grid of its domain', () => {
    const n = 8;
    const domain = { x0: 0, y0: 0, extent: 1, n };
    const grid = (cells: number) => new Float32Array(cells).fill(0.5);
    /** A context whose `bad` port reads a window one row short of the domain, its others whole grids. */
    const context = (bad: string, short: boolean) => ({
      domain,
      inputDomain: domain,
      asked: domain,
      alloc: (kind: string, length = n * n) => (kind === 'u8' ? new Uint8Array(length) : new Float32Array(length)),
      window: (port: string) => (port === bad && short ? { data: grid((n + 2) * n), stride: n + 2, dc: 1, dr: 1 } : { data: grid(n * n), stride: n, dc: 0, dr: 0 }),
      field: () => grid(n * n),
      terrain: () => ({ type: 'terrain', meaning: 'height', data: grid(n * n), seaLevel: 0, sorted: grid(4), order: null }),
      wired: () => true,
    });
    for (const [type, port] of [['temperature', 'rank'], ['temperature', 'noise'], ['whittaker', 'terrain']] as const) {
      const def = CATALOGUE.def(type)!;
      const params = defaultParams(def);
      expect(() => def.run(context(port, false) as never, params as never), `${type} ${port}`).not.toThrow();
      expect(() => def.run(context(port, true) as never, params as never), `${type} ${port}`).toThrow(new RegExp(`${type} ${port}: .* holds no 8 × 8 grid`));
    }
  });
});

describe('a crop of a soft biome map', () => {
  it("cuts the cells' ids and weights too, not only the biome of each cell", () => {
    // A 6² source whose slot s of cell i holds id i % 13 + s and weight i + s / 10, cut to the 3² at (2, 1).
    const from = latticeDomain(64, 0, 0, 6);
    const to = latticeDomain(64, 2, 1, 3);
    const cells = 36;
    const data = Uint8Array.from({ length: cells }, (_, i) => i % 13);
    const ids = Uint8Array.from({ length: cells * SOFT_SLOTS }, (_, k) => ((k / SOFT_SLOTS) | 0) % 13 + (k % SOFT_SLOTS));
    const weights = Float32Array.from({ length: cells * SOFT_SLOTS }, (_, k) => ((k / SOFT_SLOTS) | 0) + (k % SOFT_SLOTS) / 10);
    const source = { state: 'ok', ms: 0, version: 1, signature: 's', used: 0, domain: from, buffers: [], outputs: { out: { type: 'biome', meaning: 'biome', data, soft: { ids, weights } } } } as unknown as Entry;
    const crop = new LazyCrop(new BufferPool(), source, to, 'c', 2, () => {});
    const out = crop.outputs!.out as BiomeValue;
    expect(out.soft!.ids.length).toBe(9 * SOFT_SLOTS);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const i = (r + 1) * 6 + c + 2;
        expect(out.data[r * 3 + c]).toBe(i % 13);
        for (let s = 0; s < SOFT_SLOTS; s++) {
          expect(out.soft!.ids[(r * 3 + c) * SOFT_SLOTS + s]).toBe((i % 13) + s);
          expect(out.soft!.weights[(r * 3 + c) * SOFT_SLOTS + s]).toBe(Math.fround(i + s / 10));
        }
      }
    }
  });
});
