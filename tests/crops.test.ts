// The engine's crops (src/engine/crops.ts): a result on a grown domain is cut down to the view
// only when something reads it, and a consumer reading through ctx.window() reads it in place.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { BufferPool, type BufferKind, type BufferOf } from '../src/engine/pool.ts';
import { evaluated, grab, grabIds, loadGraph } from './helpers/graphs.ts';

/** A pool that counts the buffers taken from it (fresh or recycled). */
class CountingPool extends BufferPool {
  takes = 0;
  override take<K extends BufferKind>(kind: K, length: number): BufferOf<K> {
    this.takes++;
    return super.take(kind, length);
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
    // One buffer per output copied (the water's terrain and mask; its sorted heights are the
    // engine's shared ones), none again on a second read.
    expect(pool.takes).toBe(taken + 6);
    for (const id of ['cont', 'contCurve', 'height', 'water', 'rank']) grab(e, id);
    expect(pool.takes).toBe(taken + 6);
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
