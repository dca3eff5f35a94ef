// The box blur runs four lines side by side (src/kernels/box-blur.ts; in WebAssembly on the grid
// heap, blur.as.ts): each must give, bit for bit, what it gave one line at a time (tests/helpers/box-blur-reference.ts), at every σ, odd sizes,
// world placements of every phase, reads clamped at the input's border, and any cut into bands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxBlur, type BoxBlurJob, boxBlurBand, boxReach } from '../src/kernels/box-blur.ts';
import { heapCalls } from '../src/kernels/wasm/heap-instance.ts';
import { gridBuffer, onHeap } from '../src/parallel/memory.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { stopThreads } from '../src/parallel/threads.ts';
import { boxBlurReference } from './helpers/box-blur-reference.ts';

/** A seeded field: smooth waves, noise, and a patch of −0 and exact zeros. */
function field(m: number, seed: number): Float32Array {
  const f = new Float32Array(m * m);
  let s = seed | 0;
  for (let i = 0; i < m * m; i++) {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    f[i] = Math.sin(i * 0.013 + seed) * 3 + ((s >>> 8) / 2 ** 24 - 0.5) * 1e-3;
  }
  for (let r = 0; r < Math.min(m, 9); r++) for (let c = 0; c < Math.min(m, 9); c++) f[r * m + c] = r < 4 ? -0 : 0;
  return f;
}

/** Runs each pass in uneven bands (of 1, 3, 5, … lines), as threads might take them. */
function unevenBands(job: BoxBlurJob, count: number): void {
  for (let r0 = 0, step = 1; r0 < count; r0 += step, step += 2) boxBlurBand(job, r0, Math.min(count, r0 + step));
}

const cases = [
  { sigma: 3.02, n: 37, seed: 1 },
  { sigma: 4.48, n: 61, seed: 2 },
  { sigma: 10.24, n: 97, seed: 3 },
  { sigma: 7.5, n: 130, seed: 4 },
  { sigma: 25.6, n: 51, seed: 5 },
];

/**
 * The blur of each case, with a halo (the engine's case: no read clamped) and on a bare grid a
 * few cells larger than the output (most reads clamped), at world placements of different
 * phases, whole and in uneven bands, against the one-line kernel. `grid` makes the input and
 * output grids (on the heap or not).
 */
function compareAll(sigma: number, n: number, seed: number, grid: (length: number) => Float32Array): void {
  const k = boxReach(sigma);
  for (const [m, dc, dr] of [[n + 2 * k + 5, k + 2, k + 3], [n + 3, 1, 2]]) {
    const input = grid(m * m);
    input.set(field(m, seed));
    // The last placement lies past 32-bit world indices (a view 3 million views east at 1024²: the
    // view's origin may be a billion views out), where the heap module's i32 wrapped.
    for (const [col0, row0] of [[0, 0], [-7, 13], [1000003, -999], [3_000_000_019, -5_000_000_003]]) {
      const at = { dc, dr, col0, row0 };
      const want = new Float32Array(n * n);
      boxBlurReference(input, m, n, at, sigma, want);
      const whole = grid(n * n).fill(NaN);
      boxBlur(input, m, n, at, sigma, whole);
      const banded = grid(n * n).fill(NaN);
      boxBlur(input, m, n, at, sigma, banded, unevenBands);
      const label = `m ${m}, at ${JSON.stringify(at)}`;
      expect(Buffer.compare(Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength), Buffer.from(want.buffer)), label).toBe(0);
      expect(Buffer.compare(Buffer.from(banded.buffer, banded.byteOffset, banded.byteLength), Buffer.from(want.buffer)), `${label}, in bands`).toBe(0);
    }
  }
}

describe('box blur, four lines at a time, in JS', () => {
  it.each(cases)('gives the one-line kernel’s bits at σ $sigma, $n², with a halo and without', ({ sigma, n, seed }) => {
    const before = heapCalls();
    compareAll(sigma, n, seed, (length) => new Float32Array(length));
    expect(heapCalls()).toBe(before);
  });
});

describe('box blur, four lines at a time, in WebAssembly on the grid heap', () => {
  beforeAll(async () => {
    expect(await startNodeThreads(2)).toBe(2);
  }, 60_000);
  afterAll(() => stopThreads());

  it.each(cases)('gives the one-line kernel’s bits at σ $sigma, $n², with a halo and without', ({ sigma, n, seed }) => {
    const before = heapCalls();
    compareAll(sigma, n, seed, (length) => {
      const g = gridBuffer(Float32Array, length, true);
      expect(onHeap(g.buffer)).toBe(true);
      return g;
    });
    expect(heapCalls()).toBeGreaterThan(before);
  });
});
