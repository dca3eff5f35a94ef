// The flow's kernels in WebAssembly (src/kernels/wasm/flood.as.ts) give the bits of the JS
// kernels they replaced (tests/helpers/flow-reference.ts): filled heights, receivers, flood order,
// accumulation and the two sums, on shipped terrain and on grids made to hit the edge cases
// (plateaus of ties, NaN and ±∞ heights, all sea, all land, odd sizes, one cell); and so does
// floodAndAccumulate, which keeps the receivers in the module's memory between the two.
import { describe, expect, it } from 'vitest';
import { accumulate, floodAndAccumulate, priorityFlood } from '../src/kernels/flow.ts';
import { floodBytes } from '../src/kernels/wasm/flood-instance.ts';
import { accumulateReference, priorityFloodReference } from './helpers/flow-reference.ts';
import { evaluated, loadGraph, rng as random } from './helpers/graphs.ts';

const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);

/** Both implementations on the same heights and rain: every output, bit for bit. */
function expectSame(h: Float32Array, n: number, seaLevel: number, rain: Float32Array | null, loss = 0.1, cellArea = 3.7): void {
  const cells = n * n;
  const run = (flood: typeof priorityFlood, acc: typeof accumulate) => {
    const filled = new Float32Array(cells).fill(123);
    // Garbage in the receivers: each kernel must write every one.
    const receiver = new Int32Array(cells).fill(77);
    const { order, count } = flood(h, n, seaLevel, filled, receiver);
    const accumulation = new Float32Array(cells).fill(5);
    const sums = acc(receiver, order, count, rain, loss, cellArea, accumulation);
    return { filled, receiver, order: order.slice(0, count), accumulation, rainOnLand: sums.rainOnLand, outflow: sums.outflow };
  };
  const want = run(priorityFloodReference, accumulateReference);
  const got = run(priorityFlood, accumulate);
  expect(bits(got.filled)).toEqual(bits(want.filled));
  expect(got.receiver).toEqual(want.receiver);
  expect(got.order).toEqual(want.order);
  expect(bits(got.accumulation)).toEqual(bits(want.accumulation));
  expect(Object.is(got.rainOnLand, want.rainOnLand)).toBe(true);
  expect(Object.is(got.outflow, want.outflow)).toBe(true);
  // The two in one call, the receivers and order left in the module's memory between them: the
  // same bits again, and the drainage chains of priorityFlood with a chain.
  const filled = new Float32Array(cells).fill(123);
  const receiver = new Int32Array(cells).fill(77);
  const accumulation = new Float32Array(cells).fill(5);
  const chain = new Int32Array(cells).fill(-7);
  const together = floodAndAccumulate(h, n, seaLevel, rain, loss, cellArea, filled, receiver, accumulation, chain);
  const chainApart = new Int32Array(cells).fill(-7);
  priorityFlood(h, n, seaLevel, new Float32Array(cells), new Int32Array(cells), chainApart);
  expect(bits(filled)).toEqual(bits(want.filled));
  expect(receiver).toEqual(want.receiver);
  expect(together.order.slice(0, together.count)).toEqual(want.order);
  expect(bits(accumulation)).toEqual(bits(want.accumulation));
  expect(Object.is(together.rainOnLand, want.rainOnLand)).toBe(true);
  expect(Object.is(together.outflow, want.outflow)).toBe(true);
  expect(chain).toEqual(chainApart);
}

describe('the flood and accumulation in WebAssembly', () => {
  it('stays under the 4 KB a page compiles synchronously', () => {
    expect(floodBytes().length).toBeLessThan(4096);
  });

  it("gives the JS kernels' bits on the default recipe's terrain, with its moisture as rain", () => {
    const n = 97;
    const engine = evaluated(loadGraph('default.json'), n);
    const terrain = engine.output('water', 'terrain');
    if (terrain?.type !== 'terrain') throw new Error('no terrain');
    const rain = (engine.output('moisture', 'out')!.data as Float32Array).slice();
    expectSame(terrain.data.slice(), n, terrain.seaLevel, rain);
    expectSame(terrain.data.slice(), n, terrain.seaLevel, null, 0, 1);
  });

  it('gives the same bits on rough, terraced and holey grids of odd and even sizes', () => {
    for (const [seed, n] of [[1, 1], [2, 2], [3, 3], [4, 17], [5, 64], [6, 101]] as const) {
      const next = random(seed);
      const h = new Float32Array(n * n);
      // Terraces (many equal heights: ties, flat lakes), a few pits and spikes, NaN and ±∞.
      for (let i = 0; i < h.length; i++) {
        const x = next();
        h[i] = x < 0.02 ? NaN : x < 0.03 ? Infinity : x < 0.035 ? -Infinity : Math.round(next() * 8) / 4 - 0.5;
      }
      const rain = Float32Array.from(h, () => (next() < 0.05 ? NaN : next() * 2 - 0.2));
      expectSame(h, n, 0, rain);
      expectSame(h, n, 0.25, null);
      expectSame(h, n, -Infinity, rain); // no sea at all
      expectSame(h, n, Infinity, rain); // all sea
    }
  });

  it('gives drainage chains holding every land cell once, each after every cell that drains into it', () => {
    const grids: [Float32Array, number, number][] = [];
    const engine = evaluated(loadGraph('default.json'), 97);
    const terrain = engine.output('water', 'terrain');
    if (terrain?.type !== 'terrain') throw new Error('no terrain');
    grids.push([terrain.data.slice(), 97, terrain.seaLevel]);
    for (const [seed, n] of [[7, 1], [8, 2], [9, 17], [10, 64]] as const) {
      const next = random(seed);
      const h = Float32Array.from({ length: n * n }, () => (next() < 0.03 ? NaN : Math.round(next() * 8) / 4 - 0.5));
      grids.push([h, n, 0], [h, n, -Infinity], [h, n, Infinity]);
    }
    for (const [h, n, seaLevel] of grids) {
      const cells = n * n;
      const receiver = new Int32Array(cells);
      const chain = new Int32Array(cells).fill(-7);
      const { order, count } = priorityFlood(h, n, seaLevel, new Float32Array(cells), receiver, chain);
      const place = new Int32Array(cells).fill(-1);
      for (let t = 0; t < count; t++) {
        expect(place[chain[t]], `${n}²: cell ${chain[t]} twice`).toBe(-1);
        place[chain[t]] = t;
      }
      expect([...chain.subarray(0, count)].sort((a, b) => a - b)).toEqual([...order.subarray(0, count)].sort((a, b) => a - b));
      for (let i = 0; i < cells; i++) if (receiver[i] >= 0) expect(place[i] < place[receiver[i]], `${n}²: ${i} drains into ${receiver[i]}`).toBe(true);
    }
  });
});
