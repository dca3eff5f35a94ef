// Cellular noise's fast kernel (src/kernels/cellular.ts with wasm/cellular.as.ts) against the
// reference search (nodes/cellular.ts): the same bits for every output, at odd sizes, seeds,
// jitters and frequencies, by uneven row bands, and through the engine on 1, 2 and 3 threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellularKernel, type CellularParams } from '../nodes/cellular.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { createEngine } from '../src/engine/engine.ts';
import type { Domain } from '../src/grid.ts';
import { cellularRows } from '../src/kernels/cellular.ts';
import { cellularMemoryBytes } from '../src/kernels/wasm/cellular-instance.ts';
import type { Graph } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { bandsSent, stopThreads, useThreads } from '../src/parallel/threads.ts';

const OUTPUTS = ['f1', 'f2', 'edges', 'cell'] as const;
type Grids = Record<(typeof OUTPUTS)[number], Float32Array>;

function reference(d: Domain, p: CellularParams): Grids {
  const g = Object.fromEntries(OUTPUTS.map((o) => [o, new Float32Array(d.n * d.n)])) as Grids;
  cellularKernel(d, p, g.f1, g.f2, g.edges, g.cell);
  return g;
}

/** The fast kernel, by the row bands given as their first rows (each band ends where the next starts). */
function byBands(d: Domain, p: CellularParams, starts: readonly number[]): Grids {
  // NaN-filled, so a cell no band writes is caught.
  const g = Object.fromEntries(OUTPUTS.map((o) => [o, new Float32Array(d.n * d.n).fill(NaN)])) as Grids;
  const band = { domain: d, ...p, ...g };
  starts.forEach((r0, k) => cellularRows(band, r0, starts[k + 1] ?? d.n));
  return g;
}

/** The first output and cell whose bits differ, or null. */
function firstDifference(got: Grids, want: Grids): string | null {
  for (const o of OUTPUTS) {
    const a = new Uint32Array(got[o].buffer, got[o].byteOffset, got[o].length);
    const b = new Uint32Array(want[o].buffer, want[o].byteOffset, want[o].length);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return `${o}[${i}]: ${got[o][i]} ≠ ${want[o][i]}`;
  }
  return null;
}

describe('the cellular kernel writes the reference search\'s bits', () => {
  const domains: Domain[] = [
    { x0: 0, y0: 0, extent: 1, n: 1 },
    { x0: 0, y0: 0, extent: 1, n: 2 },
    { x0: -0.3, y0: 0.7, extent: 1, n: 61 },
    { x0: -0.37, y0: 1.13, extent: 0.5, n: 77 },
    { x0: 12.5, y0: -3.25, extent: 2, n: 131 },
  ];
  const cases = domains.flatMap((d) => [0, 0.3, 1].map((jitter) => [d, jitter] as const));
  it.each(cases)('on %j, jitter %d, every seed and frequency, every output', (d, jitter) => {
    for (const seed of [0, 5, 77777, 2147483647]) {
      for (const frequency of [0.25, 1, 3, 8, 13.75, 37.5, 200, 256]) {
        const p = { seed, frequency, jitter };
        // Bands of 1, 2, 15, 16, 17 rows and the rest: a strip may start anywhere.
        const starts = [0, 1, 3, 18, 34, 51].filter((r) => r < d.n);
        const diff = firstDifference(byBands(d, p, starts), reference(d, p));
        if (diff) expect.fail(`seed ${seed}, frequency ${frequency}: ${diff}`);
      }
    }
  });

  it('on a square grid (jitter 0) whose cell centres fall on the points\' midlines: the reference\'s tie-breaking', () => {
    // Frequency 4 over 64 cells shifted half a cell: column c's centre is at lattice x = c / 16,
    // so columns 0, 16, … sit half-way between two points, and (16, 16) is equally near four.
    const d: Domain = { x0: -1 / 128, y0: -1 / 128, extent: 1, n: 64 };
    const p = { seed: 3, frequency: 4, jitter: 0 };
    const want = reference(d, p);
    expect(firstDifference(byBands(d, p, [0, 7, 40]), want)).toBeNull();
    // The ties are really there: F1 = F2 at cell centres equidistant from two points.
    let ties = 0;
    for (let i = 0; i < want.f1.length; i++) if (want.edges[i] === 0) ties++;
    expect(ties).toBeGreaterThanOrEqual(4 * 4);
  });
});

describe('the cellular kernel\'s memory', () => {
  it('is given back after a band whose lattice table is large (a high frequency over a wide domain), and kept for usual ones', () => {
    const run = (d: Domain, frequency: number) => byBands(d, { seed: 1, frequency, jitter: 1 }, [0]);
    run({ x0: 0, y0: 0, extent: 1, n: 256 }, 8);
    const usual = cellularMemoryBytes();
    expect(usual).toBeGreaterThan(0);
    run({ x0: 0, y0: 0, extent: 1, n: 255 }, 8);
    expect(cellularMemoryBytes()).toBe(usual);
    // 2,053² lattice cells in the table: 84 MB of points while the band runs.
    const wide: Domain = { x0: -4, y0: -4, extent: 8, n: 128 };
    const got = run(wide, 256);
    expect(cellularMemoryBytes()).toBeLessThan(8 * 2 ** 20);
    expect(firstDifference(got, reference(wide, { seed: 1, frequency: 256, jitter: 1 }))).toBeNull();
  });
});

describe('the cellular node on 1, 2 and 3 threads', () => {
  beforeAll(async () => {
    expect(await startNodeThreads(3)).toBe(3);
  }, 60_000);
  afterAll(() => stopThreads());

  function graph(size: number, params: CellularParams): Graph {
    const def = CATALOGUE.def('cellular')!;
    return {
      name: 'cellular',
      notes: '',
      view: { x: -0.41, y: 0.23, size },
      nodes: [{ id: 'cells', type: 'cellular', title: 'cells', position: [0, 0], params: { ...defaultParams(def), ...params } }],
      edges: [],
    };
  }

  it.each([
    [97, { seed: 1, frequency: 8, jitter: 1 }],
    [255, { seed: 9, frequency: 6.5, jitter: 0.8 }],
    [301, { seed: 2024, frequency: 37.5, jitter: 0.3 }],
  ] as const)('at %i² (%j) equals the reference with every thread count', (size, params) => {
    const want = reference({ x0: -0.41, y0: 0.23, extent: 1, n: size }, params);
    for (const threads of [1, 2, 3]) {
      useThreads(threads);
      const before = bandsSent();
      const engine = createEngine(graph(size, params), { poisonBuffers: true });
      engine.evaluate();
      const got = Object.fromEntries(OUTPUTS.map((o) => [o, engine.output('cells', o)!.data as Float32Array])) as Grids;
      expect(firstDifference(got, want), `${threads} threads`).toBeNull();
      if (threads > 1) expect(bandsSent(), `${threads} threads sent bands`).toBeGreaterThan(before);
    }
  });
});
