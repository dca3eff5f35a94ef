// Thermal erosion keeps the bits it had in JavaScript: outputs pinned by a digest taken from the
// kernel before its WebAssembly port, and compared cell for cell with that kernel (kept as
// tests/helpers/thermal-reference.ts) on seeded heights, odd and tiny grids, a zero rate and
// talus, and heights that are not finite.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ThermalBand, thermalBand, thermalErosion, type ThermalParams } from '../src/kernels/thermal.ts';
import { gridCells } from '../src/parallel/chunks.ts';
import { evaluated, grab, loadGraph, rng } from './helpers/graphs.ts';
import { thermalReference } from './helpers/thermal-reference.ts';

interface Case {
  readonly name: string;
  readonly n: number;
  readonly height: Float32Array;
  readonly p: ThermalParams;
}

function randomHeights(n: number, seed: number, scale = 1): Float32Array {
  const next = rng(seed);
  return Float32Array.from({ length: n * n }, () => scale * next());
}

function cases(): Case[] {
  const land97 = grab(evaluated(loadGraph('default.json'), 97), 'height');
  const land257 = grab(evaluated(loadGraph('default.json'), 257), 'height');
  const cliff = new Float32Array(33 * 33);
  for (let r = 0; r < 33; r++) for (let c = 0; c < 33; c++) cliff[r * 33 + c] = c < 14 ? -0.25 : 0.5 + 0.001 * r;
  const wild = randomHeights(17, 5);
  wild[3] = NaN;
  wild[40] = Infinity;
  wild[200] = -Infinity;
  wild[288] = -0;
  return [
    { name: 'default land 97², 40 passes', n: 97, height: land97, p: { iterations: 40, talusPerCell: 0.005, rate: 0.25 } },
    { name: 'default land 97², rate 0.5', n: 97, height: land97, p: { iterations: 25, talusPerCell: 0.01, rate: 0.5 } },
    { name: 'default land 257², 12 passes', n: 257, height: land257, p: { iterations: 12, talusPerCell: 4 / 257, rate: 0.25 } },
    { name: 'random 64², talus 0', n: 64, height: randomHeights(64, 1), p: { iterations: 30, talusPerCell: 0, rate: 0.5 } },
    { name: 'random 64², rate 0', n: 64, height: randomHeights(64, 2), p: { iterations: 3, talusPerCell: 0.01, rate: 0 } },
    { name: 'random 50², steep', n: 50, height: randomHeights(50, 3, 40), p: { iterations: 60, talusPerCell: 0.3, rate: 0.37 } },
    { name: 'cliff 33², 200 passes', n: 33, height: cliff, p: { iterations: 200, talusPerCell: 0.01, rate: 0.25 } },
    { name: 'one cell', n: 1, height: Float32Array.of(3), p: { iterations: 5, talusPerCell: 0.01, rate: 0.25 } },
    { name: '2²', n: 2, height: Float32Array.of(0, 1, 2, -3), p: { iterations: 7, talusPerCell: 0.1, rate: 0.5 } },
    { name: '3²', n: 3, height: randomHeights(3, 4), p: { iterations: 9, talusPerCell: 0.01, rate: 0.25 } },
    { name: 'not finite 17²', n: 17, height: wild, p: { iterations: 6, talusPerCell: 0.01, rate: 0.25 } },
  ];
}

/** The output and moved bytes, every NaN written as the one canonical NaN (their payloads are not IEEE's to keep). */
function bytes(a: Float32Array): Buffer {
  const b = Float32Array.from(a, (v) => (Number.isNaN(v) ? NaN : v));
  return Buffer.from(b.buffer);
}

function run(kernel: typeof thermalErosion, c: Case, split?: (job: ThermalBand, rows: number) => void): { out: Float32Array; moved: Float32Array } {
  const out = new Float32Array(c.n * c.n);
  const moved = new Float32Array(c.n * c.n);
  kernel(c.height, c.n, c.p, out, moved, undefined, split);
  return { out, moved };
}

/** Each pass's rows in bands of 1, 2, 3, 5, 8, … rows (the last one what is left), in an order of their own: as the engine's threads might take them. */
function uneven(job: ThermalBand, rows: number): void {
  const cuts: [number, number][] = [];
  for (let r0 = 0, size = 1, last = 1; r0 < rows; [size, last] = [size + last, size]) {
    cuts.push([r0, Math.min(rows, r0 + size)]);
    r0 += size;
  }
  for (const [r0, r1] of [...cuts.filter((_, k) => k % 2 === 1), ...cuts.filter((_, k) => k % 2 === 0).reverse()]) thermalBand(job, r0, r1);
}

describe('thermal erosion keeps its bits', () => {
  const all = cases();

  it('matches the digest of the kernel before its port', () => {
    const hash = createHash('sha256');
    for (const c of all) {
      const { out, moved } = run(thermalErosion, c);
      hash.update(bytes(out)).update(bytes(moved));
    }
    expect(hash.digest('hex')).toBe('6535a8932845e51d02c09127e3eb2d78cd13b473cc076e6245cb793a835e2520');
  });

  it.each(all.map((c) => [c.name, c] as const))('%s: the same bits as the JavaScript kernel', (_, c) => {
    const now = run(thermalErosion, c);
    const before = run(thermalReference, c);
    expect(bytes(now.out).equals(bytes(before.out))).toBe(true);
    expect(bytes(now.moved).equals(bytes(before.moved))).toBe(true);
  });

  it.each(all.map((c) => [c.name, c] as const))('%s: the same bits with each pass cut into bands of rows', (_, c) => {
    const banded = run(thermalErosion, c, uneven);
    const whole = run(thermalErosion, c);
    expect(bytes(banded.out).equals(bytes(whole.out))).toBe(true);
    expect(bytes(banded.moved).equals(bytes(whole.moved))).toBe(true);
  });

  it("hands the threads this grid's cells after a larger run, so its chunks are sized from them", () => {
    // The band pool cuts a pass into chunks of at least MIN_CHUNK_CELLS of the grids it is
    // handed: grids kept from a larger run (97² here, 257² earlier in this file) made a 17² run's
    // chunks as if it had that larger run's cells.
    const seen: number[] = [];
    const count = (job: ThermalBand, rows: number) => {
      seen.push(gridCells(job));
      thermalBand(job, 0, rows);
    };
    const large = all.find((c) => c.n === 97)!;
    run(thermalErosion, large, count);
    const small = all.find((c) => c.n === 17)!;
    const banded = run(thermalErosion, small, count);
    expect(seen.slice(large.p.iterations)).toEqual(new Array(small.p.iterations).fill(19 * 19));
    expect(bytes(banded.out).equals(bytes(run(thermalErosion, small).out))).toBe(true);
  });
});
