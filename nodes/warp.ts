// Domain warp: resamples its input at positions pushed aside by two fields, so straight noise
// bends into folded ranges and swirled coasts.

import { cellOffset } from '../src/engine/domains.ts';
import { assertGrid, type Domain } from '../src/grid.ts';
import { fbmBand, octaveTables, packTables, type PackedTables } from '../src/kernels/noise.ts';
import { sharedScratch } from '../src/kernels/scratch.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { blendedMeaning } from '../src/model/values.ts';
import { bands } from '../src/parallel/threads.ts';
import { ONE_CELL } from './slope.ts';

/** The warp's own noise: the seed of the y displacement is the x one's plus this. */
const Y_SEED_OFFSET = 7919;

/**
 * Writes out[r, c] = input at the output cell moved by amplitude · (dx, dy) world units, dx and
 * dy clamped to [−1, 1], read bilinearly on the input grid (which holds `domain` grown by the
 * amplitude and one cell, on the same lattice; clamped at its border). The displacement is
 * split into whole cells and a fraction before it is added to the cell's index, so a world cell
 * gets the same bits in every overlapping domain. Amplitude 0 copies the input, bit for bit.
 * dx and dy are on `domain`, or on `inputDomain` when `displacementOnInput` (wired fields come
 * on the input grid: read in place, not cropped first). Writes rows r0 … r1 − 1 when given.
 */
export function warpKernel(
  input: Float32Array,
  inputDomain: Domain,
  domain: Domain,
  dx: Float32Array,
  dy: Float32Array,
  amplitude: number,
  /* out */ out: Float32Array,
  displacementOnInput = false,
  r0 = 0,
  r1 = domain.n,
): void {
  assertGrid('warp input', input, inputDomain);
  assertGrid('warp output', out, domain);
  assertGrid('warp dx', dx, displacementOnInput ? inputDomain : domain);
  assertGrid('warp dy', dy, displacementOnInput ? inputDomain : domain);
  const at = cellOffset(inputDomain, domain);
  if (!at) throw new Error('warp: the input grid is not on the output grid’s lattice');
  const m = inputDomain.n;
  const n = domain.n;
  if (amplitude === 0) {
    for (let r = r0; r < r1; r++) out.set(input.subarray((r + at.dr) * m + at.dc, (r + at.dr) * m + at.dc + n), r * n);
    return;
  }
  // Where cell (r, c)'s displacement is: at dRow(r) + c.
  const dStride = displacementOnInput ? m : n;
  const dStart = displacementOnInput ? at.dr * m + at.dc : 0;
  const reach = amplitude / (domain.extent / n); // the amplitude in cells
  const last = m - 1;
  // With the halo the engine grows, every read lies inside the input: one loop without clamps
  // (they would change nothing, so the bits are the same).
  const span = Math.ceil(reach) + 1;
  if (at.dc - span >= 0 && at.dr - span >= 0 && at.dc + n - 1 + span <= last && at.dr + n - 1 + span <= last) {
    for (let r = r0; r < r1; r++) {
      const rowIn = r + at.dr;
      const base = rowIn * m + at.dc;
      for (let c = 0, i = r * n, d = dStart + r * dStride; c < n; c++, i++, d++) {
        let ux = dx[d];
        ux = ux > 1 ? 1 : ux < -1 ? -1 : ux;
        let uy = dy[d];
        uy = uy > 1 ? 1 : uy < -1 ? -1 : uy;
        const ox = reach * ux;
        const oy = reach * uy;
        const kx = Math.floor(ox);
        const ky = Math.floor(oy);
        const tx = ox - kx;
        const ty = oy - ky;
        const p0 = base + ky * m + c + kx;
        const a = input[p0];
        const lo = a + tx * (input[p0 + 1] - a);
        const e = input[p0 + m];
        const hi = e + tx * (input[p0 + m + 1] - e);
        out[i] = lo + ty * (hi - lo);
      }
    }
    return;
  }
  for (let r = r0; r < r1; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const d = dStart + r * dStride + c;
      const ox = reach * Math.min(1, Math.max(-1, dx[d]));
      const oy = reach * Math.min(1, Math.max(-1, dy[d]));
      const kx = Math.floor(ox);
      const ky = Math.floor(oy);
      const tx = ox - kx;
      const ty = oy - ky;
      const x0 = Math.min(last, Math.max(0, c + at.dc + kx));
      const x1 = Math.min(last, x0 + 1);
      const y0 = Math.min(last, Math.max(0, r + at.dr + ky));
      const y1 = Math.min(last, y0 + 1);
      const a = input[y0 * m + x0];
      const b = input[y0 * m + x1];
      const lo = a + tx * (b - a);
      const e = input[y1 * m + x0];
      const hi = e + tx * (input[y1 * m + x1] - e);
      out[i] = lo + ty * (hi - lo);
    }
  }
}

/**
 * What a band of rows reads and writes (see warpKernel); with `ownX` or `ownY`, the band first
 * makes its rows of that displacement, the warp's own noise (the tables of its fBm), in dx or dy.
 */
type WarpBand = {
  readonly input: Float32Array;
  readonly inputDomain: Domain;
  readonly domain: Domain;
  readonly dx: Float32Array;
  readonly dy: Float32Array;
  readonly amplitude: number;
  readonly out: Float32Array;
  readonly onInput: boolean;
  readonly ownX: PackedTables | null;
  readonly ownY: PackedTables | null;
};

/**
 * Rows r0 … r1 − 1 of the warp, after those rows of its own noise: a row reads only its own row
 * of dx and dy, so one band makes both and warps at once, no thread waiting for another's noise.
 */
function warpRows(a: WarpBand, r0: number, r1: number): void {
  if (a.ownX) ownNoise(a.dx, a.ownX, r0, r1);
  if (a.ownY) ownNoise(a.dy, a.ownY, r0, r1);
  warpKernel(a.input, a.inputDomain, a.domain, a.dx, a.dy, a.amplitude, a.out, a.onInput, r0, r1);
}

/** Rows r0 … r1 − 1 of the own noise (the fBm's band), doubled: it lies mostly within ±0.5, the kernel clamps to ±1. */
function ownNoise(/* out */ grid: Float32Array, tables: PackedTables, r0: number, r1: number): void {
  fbmBand({ out: grid, tables }, r0, r1);
  const n = tables.n;
  for (let i = r0 * n; i < r1 * n; i++) grid[i] *= 2;
}

export const warp = defineNode({
  type: 'warp',
  title: 'Domain warp',
  group: 'Terrain',
  doc:
    'Reads the input at each cell moved by amplitude · (dx, dy) world units, bilinearly: ranges bend, ' +
    'coasts swirl. dx and dy are clamped to [−1, 1], so no cell moves farther than the amplitude. ' +
    'Unwired, they are the warp\'s own fBm (seed, frequency; 3 octaves). Amplitude 0 is the identity, ' +
    'bit for bit. The output means what the input means (a warped height is a height, a warped noise a ' +
    'noise), as it only moves the input\'s values; a warped mask is a 0 … 1 value, soft at its edges. ' +
    'Reads amplitude around each cell (a halo), so it is the same across tiles and pans.',
  inputs: {
    in: { type: 'field', doc: 'The field to warp (a noise, a height).' },
    dx: { type: 'field', doc: 'East displacement, −1 … 1 (times the amplitude).', optional: 'the warp’s own noise' },
    dy: { type: 'field', doc: 'North displacement, −1 … 1 (times the amplitude).', optional: 'the warp’s own noise' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'The input, warped; within the input’s range, with its meaning (a mask’s: 0 … 1).' },
  },
  params: {
    amplitude: { kind: 'number', scale: 'log', default: 0.05, min: 0, max: 0.5, step: 0.001, doc: 'Largest displacement in world units (a view is 1 wide).' },
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Seed of the own noise (dy uses seed + 7919).' },
    frequency: { kind: 'number', scale: 'log', default: 3, min: 0.05, max: 64, step: 0.05, doc: 'Cycles per view width of the own noise.' },
  },
  // Bilinear reads reach one cell past the displacement.
  footprintDoc: 'halo of the amplitude plus one cell (the farthest a cell moves, and the bilinear read beyond it); amplitude 0 is local.',
  footprint: (p) => ({ kind: 'halo', radius: p.amplitude > 0 ? p.amplitude + ONE_CELL : 0 }),
  // Each row reads its own displacements: the engine's threads take bands of rows, each making
  // its rows of the own noise first.
  band: (args, r0, r1) => warpRows(args as unknown as WarpBand, r0, r1),
  run(ctx, p) {
    const d = ctx.domain;
    // The own noise's grids, written by the bands (warpRows) row by row before they warp them.
    const own = (seed: number): PackedTables | null =>
      p.amplitude > 0 ? packTables(octaveTables(d, { seed, frequency: p.frequency, octaves: 3, lacunarity: 2, gain: 0.5 })) : null;
    const wx = ctx.field('dx');
    const wy = ctx.field('dy');
    // Wired displacements come on the input grid and are read there.
    const onInput = !!(wx && wy);
    const ownX = wx ? null : own(p.seed);
    const ownY = wy ? null : own((p.seed + Y_SEED_OFFSET) | 0);
    const dx = onInput ? wx! : wx ? crop(wx, ctx.inputDomain, d, 'warp.dx') : grid(d, 'warp.dx');
    const dy = onInput ? wy! : wy ? crop(wy, ctx.inputDomain, d, 'warp.dy') : grid(d, 'warp.dy');
    const out = ctx.alloc('f32');
    const args: WarpBand = { input: ctx.field('in')!, inputDomain: ctx.inputDomain, domain: d, dx, dy, amplitude: p.amplitude, out, onInput, ownX, ownY };
    bands('warp', warpRows, args, d.n);
    return { out: field(out, blendedMeaning(ctx.meaning('in'))) };
  },
});

/** A scratch grid on `d` (the own noise's: amplitude 0 reads none of it). */
function grid(d: Domain, name: string): Float32Array {
  return sharedScratch(name, Float32Array, d.n * d.n).subarray(0, d.n * d.n);
}

/** The cells of `domain` cut out of a grid on `inputDomain` (one wired displacement beside the own noise). */
function crop(src: Float32Array, inputDomain: Domain, d: Domain, name: string): Float32Array {
  const at = cellOffset(inputDomain, d)!;
  const m = inputDomain.n;
  const dst = sharedScratch(name, Float32Array, d.n * d.n).subarray(0, d.n * d.n);
  for (let r = 0; r < d.n; r++) dst.set(src.subarray((r + at.dr) * m + at.dc, (r + at.dr) * m + at.dc + d.n), r * d.n);
  return dst;
}
