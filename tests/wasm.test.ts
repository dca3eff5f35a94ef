// The WebAssembly kernels: the committed binary is the compiled source, the sort is a stable
// ascending argsort, and the memory a one-off large grid grew is given back.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argsortFloat32 } from '../src/kernels/sort.ts';
import { scratchBytes, trimScratch } from '../src/kernels/scratch.ts';
import { BINARY_PATH, binaryModuleText, compileKernels } from '../src/kernels/wasm/compile.ts';
import { wasmDistance, kernelMemoryBytes } from '../src/kernels/wasm/instance.ts';
import { rng } from './helpers/graphs.ts';

it('binary.ts is kernels.as.ts compiled (run npm run wasm after changing the kernels)', async () => {
  expect(readFileSync(BINARY_PATH, 'utf8')).toBe(binaryModuleText(await compileKernels()));
}, 60_000);

/** The order a stable sort by value gives, with −0 before +0 as the float bits order them. */
function referenceOrder(values: Float32Array): number[] {
  const zeroSign = (v: number) => (Object.is(v, -0) ? -1 : 0);
  return [...values.keys()].sort((a, b) => {
    const va = values[a];
    const vb = values[b];
    if (va !== vb) return va < vb ? -1 : 1;
    return zeroSign(va) - zeroSign(vb) || a - b;
  });
}

describe('argsort', () => {
  it.each([0, 1, 7, 1000, 65537])('sorts %i values stably, ties, signed zeros and infinities included', (n) => {
    const rand = rng(n + 3);
    const values = Float32Array.from({ length: n }, () => {
      const r = rand();
      if (r < 0.02) return rand() < 0.5 ? Infinity : -Infinity;
      if (r < 0.05) return rand() < 0.5 ? 0 : -0;
      if (r < 0.3) return Math.round(rand() * 20) / 10 - 1; // many ties
      return (rand() * 2 - 1) * 10 ** Math.floor(rand() * 8 - 4);
    });
    const sorted = new Float32Array(n);
    const order = new Uint32Array(n);
    argsortFloat32(values, sorted, order);
    const expected = referenceOrder(values);
    expect([...order]).toEqual(expected);
    expect([...sorted].map((v) => Object.is(v, -0))).toEqual(expected.map((i) => Object.is(values[i], -0)));
    expect([...sorted]).toEqual(expected.map((i) => values[i]));
  });

  it('refuses outputs of the wrong length', () => {
    expect(() => argsortFloat32(new Float32Array(4), new Float32Array(3), new Uint32Array(4))).toThrow(/must hold 4 entries/);
  });
});

describe('distance kernel', () => {
  it('handles grids of one cell, and a single site in a grid that is not a multiple of the block', () => {
    const one = new Float32Array(1);
    wasmDistance(one, 1, Uint8Array.of(1), 2);
    expect(one[0]).toBe(0);
    wasmDistance(one, 1, Uint8Array.of(0), 2);
    expect(one[0]).toBe(Infinity);
    const n = 37;
    const sites = new Uint8Array(n * n);
    sites[20 * n + 3] = 1;
    const out = new Float32Array(n * n);
    wasmDistance(out, n, sites, 1);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) expect(out[r * n + c]).toBe(Math.fround(Math.hypot(r - 20, c - 3)));
  });
});

describe('kernel memory', () => {
  it('is given back after a one-off large grid and made again when needed', () => {
    const n = 1024;
    const values = Float32Array.from({ length: n * n }, (_, i) => Math.sin(i));
    argsortFloat32(values, new Float32Array(n * n), new Uint32Array(n * n));
    expect(kernelMemoryBytes()).toBeGreaterThan(24 * n * n);
    trimScratch(128 * 128);
    expect(kernelMemoryBytes()).toBe(0);
    expect(scratchBytes()).toBeLessThan(4 * n * n);
    const small = Float32Array.of(3, 1, 2);
    const order = new Uint32Array(3);
    argsortFloat32(small, new Float32Array(3), order);
    expect([...order]).toEqual([1, 2, 0]);
    expect(kernelMemoryBytes()).toBeLessThan(24 * 128 * 128 + 2 ** 20 + 65536);
  });
});
