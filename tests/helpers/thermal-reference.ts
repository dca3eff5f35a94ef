// Today's thermal erosion kernel (src/kernels/thermal.ts before its WebAssembly port, 6 December 2026), kept
// verbatim as the reference the new kernel must match bit for bit (tests/thermal-bits.test.ts).

import { scratch } from '../../src/kernels/scratch.ts';

interface ThermalParams {
  /** Passes over the map; 0 leaves the heights as they are. */
  readonly iterations: number;
  /** The steepest stable slope, in height per cell step (the node converts from world units). */
  readonly talusPerCell: number;
  /** Share of the excess moved per pass (0…0.5; more oscillates). */
  readonly rate: number;
}

/** Neighbour offsets in the padded grid (filled in per width) and their distances in cells. */
const DC = [1, -1, 0, 0, 1, 1, -1, -1];
const DR = [0, 0, 1, -1, 1, -1, 1, -1];
const DIST = [1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2];

/**
 * Slides material down slopes steeper than the talus. Writes the new heights and, per cell,
 * the net height moved away (positive) or received (negative) as `moved`. `checkpoint` is called
 * before each pass (the engine's RunContext.checkpoint, which may throw to stop a stale evaluation).
 */
export function thermalReference(
  height: Float32Array,
  n: number,
  p: ThermalParams,
  /* out */ out: Float32Array,
  /* out */ moved: Float32Array,
  checkpoint?: () => void,
): void {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['out', out], ['moved', moved]] as const) {
    if (a.length !== cells) throw new Error(`thermal erosion: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  if (p.iterations <= 0) {
    out.set(height);
    moved.fill(0);
    return;
  }
  // A ring of +∞ around the map: nothing is ever lower than it, so nothing slides off the edge,
  // and the inner loop needs no bounds checks.
  const w = n + 2;
  const h = scratch('thermal-reference.h', Float64Array, w * w);
  const delta = scratch('thermal-reference.delta', Float64Array, w * w);
  h.fill(Infinity, 0, w * w);
  delta.fill(0, 0, w * w);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) h[(r + 1) * w + c + 1] = height[r * n + c];
  const off = DC.map((dc, k) => DR[k] * w + dc);
  const talus = DIST.map((d) => p.talusPerCell * d);
  const excess = new Float64Array(8);

  for (let it = 0; it < p.iterations; it++) {
    checkpoint?.();
    for (let r = 1; r <= n; r++) {
      for (let i = r * w + 1, end = r * w + n + 1; i < end; i++) {
        const hi = h[i];
        let most = 0;
        let total = 0;
        for (let k = 0; k < 8; k++) {
          const e = hi - h[i + off[k]] - talus[k];
          excess[k] = e;
          if (e > 0) {
            total += e;
            if (e > most) most = e;
          }
        }
        if (most === 0) continue;
        // Move rate × the largest excess, shared by the lower neighbours as their excess.
        const amount = p.rate * most;
        for (let k = 0; k < 8; k++) {
          const e = excess[k];
          if (e <= 0) continue;
          const t = (amount * e) / total;
          delta[i] -= t;
          delta[i + off[k]] += t;
        }
      }
    }
    for (let r = 1; r <= n; r++) {
      for (let i = r * w + 1, end = r * w + n + 1; i < end; i++) {
        h[i] += delta[i];
        delta[i] = 0;
      }
    }
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = h[(r + 1) * w + c + 1];
      out[r * n + c] = v;
      moved[r * n + c] = height[r * n + c] - v;
    }
  }
}
