// Folded fBm: ridged multifractal and billow noise, built from the same seeded simplex rows as
// the plain fBm (src/kernels/noise.ts) with each octave folded at zero before it is summed.

import { assertGrid, type Domain } from '../grid.ts';
import { type FbmSettings, octaveTables } from './noise.ts';
import { wasmOctaveGrid } from './wasm/noise-instance.ts';
import { scratch } from './scratch.ts';

/** Simplex values lie within ±0.8: this scales |noise| onto 0…1. */
const UNIT = 1.25;

/** How strongly a ridge feeds the next octave's weight (Musgrave's "gain" of 2). */
const WEIGHT_FEEDBACK = 2;

export type FoldKind = 'ridged' | 'billow';

/**
 * Writes folded fBm at every cell centre of the domain, in [−1, 1].
 *
 * ridged: each octave's signal is (1 − |n|)², a sharp crest where the noise crosses zero,
 * multiplied by a weight that is the previous octave's signal × 2 (clamped to 1): fine octaves
 * add detail on the crests and little in the valleys, so the crests join into long ranges.
 * The weighted sum over Σ gainᵒ is mapped from 0…1 onto −1…1.
 *
 * billow: each octave is 2|n| − 1, round hills with creased valleys, summed over Σ gainᵒ.
 *
 * Row by row within octave-major passes, as the plain fBm, so each octave reads one tight row
 * kernel; the weights of the last octave are kept per cell.
 */
export function foldedGrid(/* out */ out: Float32Array, domain: Domain, s: FbmSettings, kind: FoldKind): void {
  assertGrid('folded fbm output', out, domain);
  const { n } = domain;
  // The plain fBm's octave tables: the same coordinates and seeds, octave for octave.
  const t = octaveTables(domain, s);
  const unit = t.scales[0]; // octave 0 has amplitude 1: its scale gives simplex values within ±0.8
  const acc = scratch('folded.acc', Float64Array, n * n);
  const weight = scratch('folded.weight', Float64Array, n * n);
  acc.fill(0, 0, n * n);
  weight.fill(1, 0, n * n);
  const ridged = kind === 'ridged';
  let amp = 1;
  let total = 0;
  for (let o = 0; o < t.octaves; o++) {
    // The octave's simplex values from the SIMD kernel, as the plain fBm's kernel sums them.
    const grid = wasmOctaveGrid(t, o, unit);
    for (let r = 0; r < n; r++) {
      const base = r * n;
      const row = grid.subarray(base, base + n);
      if (ridged) {
        for (let c = 0; c < n; c++) {
          const i = base + c;
          let v = 1 - UNIT * Math.abs(row[c]);
          v = v * v * weight[i];
          acc[i] += amp * v;
          const w = v * WEIGHT_FEEDBACK;
          weight[i] = w > 1 ? 1 : w;
        }
      } else {
        for (let c = 0; c < n; c++) acc[base + c] += amp * (2 * UNIT * Math.abs(row[c]) - 1);
      }
    }
    total += amp;
    amp *= s.gain;
  }
  const inv = total > 0 ? 1 / total : 0;
  if (ridged) for (let i = 0; i < n * n; i++) out[i] = 2 * acc[i] * inv - 1;
  else for (let i = 0; i < n * n; i++) out[i] = acc[i] * inv;
}
