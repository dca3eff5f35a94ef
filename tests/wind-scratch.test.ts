// The wind on the grid heap works in this thread's scratch (heapScratch 'wind'): its line
// buffers, carries and, for a wind straight along the columns, each strip's rows of heights and
// rank copied there first. wind-instance.ts sizes that scratch and wind.as.ts lays it out, each
// with its own strip height: the bytes right after the scratch must stay untouched. Its own file:
// a fresh process, so the scratch is the size this sweep asks for and the guard follows it.
import { afterAll, describe, expect, it } from 'vitest';
import { heapCalls } from '../src/kernels/wasm/heap-instance.ts';
import { gridBuffer, gridHeap, heapMemory, heapScratch, shareGrids } from '../src/parallel/memory.ts';
import { type CellRect, type SweepGrid, sweepBlended, sweepBlendedJs, sweepRegion } from '../src/kernels/wind-sweep.ts';
import { rng } from './helpers/graphs.ts';

afterAll(() => shareGrids(false));

describe('the wind on the grid heap', () => {
  it('writes nothing past the scratch it sized, for a wind straight along the columns (rows copied a strip at a time) and a slanted one', () => {
    shareGrids(true);
    const memory = gridHeap();
    expect(memory).not.toBeNull();
    // A region of some 310 columns and 150 rows: the copied strips' rows are about 1,300 bytes, so
    // a strip of 32 rows sized as one of 16 runs some 40 KB past (the scratch's slack is 64–127 bytes).
    const n = 320;
    const rand = rng(5);
    const h = gridBuffer(Float32Array, n * n, true);
    const rank = gridBuffer(Float32Array, n * n, true);
    for (let i = 0; i < n * n; i++) {
      h[i] = Math.sin(i * 0.013) + 0.4 * (rand() - 0.5);
      rank[i] = Math.max(0, Math.min(1, h[i] + 0.5));
    }
    const g: SweepGrid = { h, level: 0, rank, n, perUnit: 64, col0: 5, row0: -3 };
    const params = { evap: 0.03, dry: 0.001, lift: 0.6 };
    const sweep = (angle: number) => {
      const target: CellRect = { c0: 7, r0: 160, c1: 308, r1: 310 };
      const region = sweepRegion(g, angle, 5, target);
      const place = { c0: target.c0, r0: target.r0, stride: target.c1 - target.c0 };
      const cells = place.stride * (target.r1 - target.r0);
      const out = gridBuffer(Float32Array, cells, true).fill(NaN);
      const js = new Float32Array(cells);
      sweepBlendedJs(g, { angle, ...params }, 5, null, region, target, place, js);
      sweepBlended(g, { angle, ...params }, 5, null, region, target, place, out);
      expect(Buffer.from(out.buffer, out.byteOffset, out.byteLength).equals(Buffer.from(js.buffer)), `${angle}°: the JS sweep's bits`).toBe(true);
    };
    // The first sweep takes the scratch (kept from call to call, grown only when a sweep needs
    // more); the guard is the next region taken off the heap's end, right after it.
    const calls = heapCalls();
    sweep(180);
    expect(heapCalls(), 'swept in place').toBeGreaterThan(calls);
    const windAt = heapScratch('wind', 0);
    const guardAt = heapScratch('wind-guard', 1 << 16);
    expect(guardAt).toBeGreaterThan(windAt);
    const guard = new Uint8Array(heapMemory()!.buffer, guardAt, 1 << 16).fill(0xa5);
    for (const angle of [180, 0, 10, 200]) {
      sweep(angle);
      expect(heapScratch('wind', 0), `${angle}°: the same scratch`).toBe(windAt);
      expect(guard.every((b) => b === 0xa5), `${angle}°: the bytes after the wind's scratch`).toBe(true);
    }
  });
});
