// A terrain for the wind sweep's tests (wind-sweep, far-world): one seeded recipe, placed anywhere.
import type { SweepGrid } from '../../src/kernels/wind-sweep.ts';
import { rng } from './graphs.ts';

/** A smooth random terrain (so land and sea come in patches, as real ones do) and its rank, placed at `at`. */
export function sweepTerrain(n: number, seed: number, at: { col0: number; row0: number; perUnit: number }): SweepGrid {
  const rand = rng(seed);
  const waves = Array.from({ length: 6 }, () => [rand() * 0.3, rand() * 0.3, rand() * 6, rand() - 0.5]);
  const h = new Float32Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let v = 0;
      for (const [fx, fy, p, a] of waves) v += a * Math.sin(fx * c + fy * r + p);
      h[r * n + c] = v + 0.05 * (rand() - 0.5);
    }
  }
  const rank = Float32Array.from(h, (v) => Math.max(0, Math.min(1, v + 0.5)));
  return { h, level: 0, rank, n, ...at };
}
