// Blur: a Gaussian blur with a radius in world units, to soften masks, smooth noise into broad
// shapes, or take the edge off terraces.

import { cellOffset } from '../src/engine/domains.ts';
import { assertGrid, type Domain } from '../src/grid.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { defineNode, field } from '../src/model/manifest.ts';

/** The Gaussian is cut at this many standard deviations (weights beyond are below 1.2 %). */
export const BLUR_REACH = 3;

/** Normalised weights of a Gaussian of σ cells, −k … k with k = ⌈3σ⌉. */
export function gaussianWeights(sigmaCells: number): Float64Array {
  const k = Math.ceil(BLUR_REACH * sigmaCells);
  const w = new Float64Array(2 * k + 1);
  let sum = 0;
  for (let j = -k; j <= k; j++) sum += w[j + k] = Math.exp(-(j * j) / (2 * sigmaCells * sigmaCells));
  for (let j = 0; j < w.length; j++) w[j] /= sum;
  return w;
}

/**
 * Writes the input blurred by a Gaussian of σ = radius world units: a horizontal pass over the
 * rows the output needs, then a vertical one, both with the weights of gaussianWeights. Reads
 * the input by whole-cell offsets from the output's cells (clamped at the input's own border),
 * always summing the taps in the same order, so overlapping domains give the same bits.
 * Radius 0 (or below a twentieth of a cell) copies the input.
 */
export function blurKernel(input: Float32Array, inputDomain: Domain, domain: Domain, radius: number, /* out */ out: Float32Array): void {
  assertGrid('blur input', input, inputDomain);
  assertGrid('blur output', out, domain);
  const at = cellOffset(inputDomain, domain);
  if (!at) throw new Error('blur: the input grid is not on the output grid’s lattice');
  const m = inputDomain.n;
  const n = domain.n;
  const sigma = radius / (domain.extent / n);
  if (!(sigma >= 0.05)) {
    for (let r = 0; r < n; r++) out.set(input.subarray((r + at.dr) * m + at.dc, (r + at.dr) * m + at.dc + n), r * n);
    return;
  }
  const w = gaussianWeights(sigma);
  const k = (w.length - 1) / 2;
  // The rows the vertical pass reads: the output's rows ± k, clamped into the input.
  const r0 = Math.max(0, at.dr - k);
  const r1 = Math.min(m - 1, at.dr + n - 1 + k);
  const rows = r1 - r0 + 1;
  const tmp = scratch('blur.rows', Float64Array, rows * n);
  for (let rr = 0; rr < rows; rr++) {
    const src = (r0 + rr) * m;
    for (let c = 0; c < n; c++) {
      const ci = c + at.dc;
      let s = 0;
      if (ci - k >= 0 && ci + k < m) {
        for (let j = 0, p = src + ci - k; j < w.length; j++, p++) s += w[j] * input[p];
      } else {
        for (let j = -k; j <= k; j++) s += w[j + k] * input[src + Math.min(m - 1, Math.max(0, ci + j))];
      }
      tmp[rr * n + c] = s;
    }
  }
  // Vertical: tap by tap over whole rows, so every read runs along memory. Each output cell still
  // sums its taps in the order −k … k.
  const acc = scratch('blur.acc', Float64Array, n).subarray(0, n);
  for (let r = 0; r < n; r++) {
    const ri = r + at.dr;
    acc.fill(0);
    for (let j = -k; j <= k; j++) {
      const wj = w[j + k];
      const src = (Math.min(r1, Math.max(r0, ri + j)) - r0) * n;
      for (let c = 0; c < n; c++) acc[c] += wj * tmp[src + c];
    }
    const row = r * n;
    for (let c = 0; c < n; c++) out[row + c] = acc[c];
  }
}

export const blur = defineNode({
  type: 'blur',
  title: 'Blur',
  group: 'Terrain',
  doc:
    'A Gaussian blur whose standard deviation is radius world units (a view is 1 wide), cut at 3 radii. ' +
    'The same world radius at every resolution, so a preview and an export agree. Radius 0 is the ' +
    'identity. Reads 3 radii around each cell (a halo), so it is the same across tiles and pans.',
  inputs: {
    in: { type: 'field', doc: 'The field to blur.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'The blurred field, within the input’s range.' },
  },
  params: {
    radius: { kind: 'number', default: 0.01, min: 0, max: 0.25, step: 0.001, doc: 'Standard deviation in world units (0.01 is 2.56 cells of a 256 map).' },
  },
  footprintDoc: 'halo of 3 · radius world units (the Gaussian\'s reach); radius 0 is local.',
  footprint: (p) => ({ kind: 'halo', radius: BLUR_REACH * p.radius }),
  run(ctx, p) {
    const out = ctx.alloc('f32');
    blurKernel(ctx.field('in')!, ctx.inputDomain, ctx.domain, p.radius, out);
    return { out: field(out, 'value') };
  },
});
