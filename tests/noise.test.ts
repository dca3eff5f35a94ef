// The fBm noise: pinned values for a fixed seed, bounds, and the spread the SPEC describes.
import { describe, expect, it } from 'vitest';
import { fbmGrid, simplex2 } from '../src/kernels/noise.ts';

describe('fBm noise', () => {
  it('gives the pinned golden values for seed 1234 (any change to hashing or octaves shows here)', () => {
    const out = new Float32Array(16);
    fbmGrid(out, { x0: 0.3, y0: -1.7, extent: 1, n: 4 }, { seed: 1234, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 });
    const golden = [
      0.0257976483553648, -0.18304958939552307, -0.20446649193763733, 0.3590485155582428, -0.2384810447692871, 0.29645416140556335,
      -0.10524435341358185, 0.02478329837322235, 0.09369699656963348, -0.5343781113624573, 0.31610652804374695, -0.1883874535560608,
      -0.2819362282752991, 0.5242264270782471, -0.23422342538833618, -0.09551508724689484,
    ];
    expect([...out]).toEqual(golden);
    expect([simplex2(0, 0.5, 0.5), simplex2(1, 10.25, -3.75), simplex2(-7, 1e3 + 0.1, 2e3 + 0.3)]).toEqual([
      -0.30221345935297295, 0.2144978611778152, -0.6990348267105821,
    ]);
  });

  it('gives different fields for different seeds and the same field for the same seed', () => {
    const d = { x0: 0, y0: 0, extent: 1, n: 32 };
    const s = { seed: 5, frequency: 3, octaves: 3, lacunarity: 2, gain: 0.5 };
    const a = new Float32Array(32 * 32);
    const b = new Float32Array(32 * 32);
    const c = new Float32Array(32 * 32);
    fbmGrid(a, d, s);
    fbmGrid(b, d, s);
    fbmGrid(c, d, { ...s, seed: 6 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('stays within [−1, 1], averages near 0, lies within ±0.5 nearly everywhere and past ±0.6 almost never', () => {
    const n = 256;
    const out = new Float32Array(n * n);
    fbmGrid(out, { x0: -3, y0: 5, extent: 4, n }, { seed: 77, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 });
    let within = 0;
    let beyond = 0;
    let sum = 0;
    for (const v of out) {
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      if (Math.abs(v) <= 0.5) within++;
      if (Math.abs(v) > 0.6) beyond++;
      sum += v;
    }
    expect(Math.abs(sum / out.length)).toBeLessThan(0.05);
    expect(within / out.length).toBeGreaterThan(0.93);
    expect(beyond / out.length).toBeLessThan(0.02);
  });

  it('samples world coordinates: a view and its half overlap cell for cell', () => {
    const s = { seed: 9, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 };
    const whole = new Float32Array(64 * 64);
    const east = new Float32Array(32 * 32);
    fbmGrid(whole, { x0: 0, y0: 0, extent: 1, n: 64 }, s);
    fbmGrid(east, { x0: 0.5, y0: 0, extent: 0.5, n: 32 }, s);
    for (let r = 0; r < 32; r++) for (let c = 0; c < 32; c++) expect(east[r * 32 + c]).toBeCloseTo(whole[r * 64 + 32 + c], 5);
  });
});
