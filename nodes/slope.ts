// Slope: how steep the input is at each cell, in height per world unit, for masks of cliffs
// and flats (wire it into a select node).

import { cellOffset } from '../src/engine/domains.ts';
import { assertGrid, type Domain } from '../src/grid.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

/** What a band of rows reads and writes. */
type SlopeBand = { readonly h: Float32Array; readonly inputDomain: Domain; readonly domain: Domain; readonly out: Float32Array };

function slopeRows(a: SlopeBand, r0: number, r1: number): void {
  slopeKernel(a.h, a.inputDomain, a.domain, a.out, r0, r1);
}

/**
 * A halo radius smaller than any cell: the engine rounds each side up to one whole cell, which
 * is what a central difference reads, at every resolution.
 */
export const ONE_CELL = 1e-6;

/**
 * Writes |∇h| on `out` (over `domain`) from h on `inputDomain`, which holds `domain` on the
 * same lattice: central differences (h[c + 1] − h[c − 1]) / 2Δ across each axis, Δ the cell
 * length in world units; one-sided at the input's own border. Every cell reads its neighbours
 * by whole-cell offsets, so overlapping domains give the same bits. Writes rows r0 … r1 − 1 only
 * when they are given (a band of the engine's threads).
 */
export function slopeKernel(h: Float32Array, inputDomain: Domain, domain: Domain, /* out */ out: Float32Array, r0 = 0, r1 = domain.n): void {
  assertGrid('slope input', h, inputDomain);
  assertGrid('slope output', out, domain);
  const at = cellOffset(inputDomain, domain);
  if (!at) throw new Error('slope: the input grid is not on the output grid’s lattice');
  const m = inputDomain.n;
  const n = domain.n;
  const cell = domain.extent / n;
  // The columns whose both neighbours lie in the input: one tight loop without the border tests.
  const cIn0 = Math.max(0, 1 - at.dc);
  const cIn1 = Math.min(n, m - 1 - at.dc);
  const across = 2 * cell;
  for (let r = r0; r < r1; r++) {
    const ri = r + at.dr;
    const rs = ri > 0 ? ri - 1 : ri;
    const rn = ri < m - 1 ? ri + 1 : ri;
    const dyInv = 1 / ((rn - rs) * cell);
    const row = ri * m + at.dc;
    const south = rs * m + at.dc;
    const north = rn * m + at.dc;
    const o = r * n;
    for (let c = 0; c < n; c++) {
      if (c === cIn0 && cIn1 > cIn0) {
        // (ce − cw) · cell is 2 · cell here: the same division, so the same bits as the border loop.
        for (; c < cIn1; c++) {
          const gx = (h[row + c + 1] - h[row + c - 1]) / across;
          const gy = (h[north + c] - h[south + c]) * dyInv;
          out[o + c] = Math.sqrt(gx * gx + gy * gy);
        }
        if (c >= n) break;
      }
      const ci = c + at.dc;
      const cw = ci > 0 ? ci - 1 : ci;
      const ce = ci < m - 1 ? ci + 1 : ci;
      const gx = (h[ri * m + ce] - h[ri * m + cw]) / ((ce - cw) * cell);
      const gy = (h[rn * m + ci] - h[rs * m + ci]) * dyInv;
      out[o + c] = Math.sqrt(gx * gx + gy * gy);
    }
  }
}

export const slope = defineNode({
  type: 'slope',
  title: 'Slope',
  group: 'Terrain',
  doc:
    'The steepness of the input: the length of its gradient, in input units per world unit (one view ' +
    'width), from central differences across each cell. A height rising by 0.5 across the view has ' +
    'slope 0.5. Reads one cell around each cell (a halo), so it is the same across tiles and pans.',
  inputs: {
    in: { type: 'field', doc: 'The heights (or any field) whose steepness to measure.' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'Gradient magnitude ≥ 0, height per world unit.' },
  },
  params: {},
  footprintDoc: 'halo of one cell (the central differences read each neighbour).',
  footprint: () => ({ kind: 'halo', radius: ONE_CELL }),
  // Each row reads its own neighbours: the engine's threads take bands of rows.
  band: (args, r0, r1) => slopeRows(args as unknown as SlopeBand, r0, r1),
  run(ctx) {
    const out = ctx.alloc('f32');
    bands('slope', slopeRows, { h: ctx.field('in')!, inputDomain: ctx.inputDomain, domain: ctx.domain, out }, ctx.domain.n);
    return { out: field(out, 'value') };
  },
});
