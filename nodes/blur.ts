// Blur: a Gaussian blur with a radius in world units, to soften masks, smooth noise into broad
// shapes, or take the edge off terraces.

import { cellOffset } from '../src/engine/domains.ts';
import { assertGrid, type Domain, latticeOf } from '../src/grid.ts';
import { boxBlur, type BoxBlurJob, boxBlurBand, boxReach } from '../src/kernels/box-blur.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { blendedMeaning } from '../src/model/values.ts';
import { bands } from '../src/parallel/threads.ts';

/** The exact Gaussian is cut at this many standard deviations (weights beyond are below 1.2 %). */
export const BLUR_REACH = 3;

/**
 * The halo, in standard deviations: the three boxes read 3 · (R + 1) ≤ 3σ + 1.6 cells, which
 * fits in 3.5σ from σ = 3 cells up; below that the exact Gaussian (3σ) runs.
 */
export const BLUR_HALO = 3.5;

/**
 * Below this σ (in cells) the exact Gaussian runs, above it the three boxes: small kernels are
 * cheap anyway, and there the boxes' steps are coarse. Chosen from σ alone (never from the
 * input's size), so every view of a map takes the same path.
 */
export function usesBoxes(sigmaCells: number): boolean {
  return sigmaCells >= 3 && boxReach(sigmaCells) <= BLUR_HALO * sigmaCells - 0.01;
}

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
 * Writes the input blurred by a Gaussian of σ = radius world units. From σ = 3 cells up, by
 * three extended boxes per axis (src/kernels/box-blur.ts: a few adds per cell whatever σ; each
 * 1-D weight within 6.5 % of the Gaussian’s peak, same variance). Below, the exact Gaussian: a horizontal pass over the
 * rows the output needs, then a vertical one, both with the weights of gaussianWeights. Reads
 * the input by whole-cell offsets from the output's cells (clamped at the input's own border),
 * always summing the taps in the same order, so overlapping domains give the same bits.
 * Radius 0 (or below a twentieth of a cell) copies the input.
 */
export function blurKernel(
  input: Float32Array,
  inputDomain: Domain,
  domain: Domain,
  radius: number,
  /* out */ out: Float32Array,
  spread?: (job: BoxBlurJob, count: number) => void,
): void {
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
  if (usesBoxes(sigma)) {
    // The blocks of the box sums start at world cells: the input's first cell's lattice index.
    const l = latticeOf(inputDomain);
    boxBlur(input, m, n, { dc: at.dc, dr: at.dr, col0: l ? l.col0 : 0, row0: l ? l.row0 : 0 }, sigma, out, spread);
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
    'A Gaussian blur whose standard deviation is radius world units (a view is 1 wide): exact (cut at 3 radii) ' +
    'up to about 3 cells, then three box filters per axis with the same spread (each weight within 6.5 % of the ' +
    'Gaussian\'s peak; a few additions per cell whatever the radius). The same world radius at every resolution, ' +
    'so a preview and an export agree. Radius 0 is the identity. The output means what the input means (a ' +
    'blurred height is a height); a blurred mask is a 0 … 1 value. Reads 3.5 radii around each cell (a halo), so ' +
    'it is the same across tiles and pans.',
  inputs: {
    in: { type: 'field', doc: 'The field to blur.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'The blurred field, within the input’s range, with its meaning (a mask’s: 0 … 1).' },
  },
  params: {
    radius: { kind: 'number', scale: 'log', default: 0.01, min: 0, max: 0.25, step: 0.001, doc: 'Standard deviation in world units (0.01 is 2.56 cells of a 256 map).' },
  },
  footprintDoc: 'halo of 3.5 · radius world units (the boxes\' reach); radius 0 is local.',
  footprint: (p) => ({ kind: 'halo', radius: BLUR_HALO * p.radius }),
  // The boxes' two passes by lines (rows, then strips of columns): the engine's threads take bands.
  band: (args, r0, r1) => boxBlurBand(args as unknown as BoxBlurJob, r0, r1),
  run(ctx, p) {
    const out = ctx.alloc('f32');
    blurKernel(ctx.field('in')!, ctx.inputDomain, ctx.domain, p.radius, out, (job, count) => bands('blur', boxBlurBand, job, count, 1));
    return { out: field(out, blendedMeaning(ctx.meaning('in'))) };
  },
});
