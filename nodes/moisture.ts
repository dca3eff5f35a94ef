// Moisture: rain from local noise, from the nearby sea, and from the wind's humid air.

import { wasmMoisture } from '../src/kernels/wasm/instance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';

export interface MoistureParams {
  readonly moistNoise: number;
  readonly coastBonus: number;
  readonly decay: number;
  readonly strength: number;
}

/**
 * M = sat(moistNoise · nM + coastBonus / (1 + d · decay) + strength · air), nM the noise mapped
 * to 0…1. Unwired: nM = ½, no coast term, no wind term.
 */
export function moistureKernel(
  p: MoistureParams,
  noise: Float32Array | null,
  coast: Float32Array | null,
  air: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  for (const [name, a] of [['noise', noise], ['coast', coast], ['air', air]] as const) {
    if (a && a.length !== out.length) throw new Error(`moisture: ${name} holds ${a.length} cells, expected ${out.length}`);
  }
  wasmMoisture(p, noise, coast, air, out);
}

type MoistureBand = {
  p: MoistureParams;
  noise: Float32Array | null;
  coast: Float32Array | null;
  air: Float32Array | null;
  out: Float32Array;
  n: number;
};

/** Rows r0 … r1 − 1 of the moisture (cell by cell, so any band gives the same bits). */
function moistureBand(a: MoistureBand, r0: number, r1: number): void {
  const rows = (g: Float32Array | null) => rowsOf(g, a.n, r0, r1);
  moistureKernel(a.p, rows(a.noise), rows(a.coast), rows(a.air), rows(a.out)!);
}

export const moisture = defineNode({
  type: 'moisture',
  title: 'Moisture',
  group: 'Climate',
  doc:
    'M = sat(moistNoise · nM + coastBonus / (1 + d · decay) + strength · air), unitless 0…1. ' +
    'Unwired: nM = ½, no coast term, no wind term.',
  inputs: {
    noise: { type: 'field', doc: 'A noise in [−1, 1] for local variation.', optional: 'nM = ½' },
    coast: { type: 'field', doc: 'Coast distance in 256-map cells (the sea wets the shore).', optional: 'no coast term' },
    air: { type: 'field', doc: "The wind's air humidity 0…1.", optional: 'no wind term' },
  },
  outputs: {
    out: { type: 'field', meaning: 'moisture', doc: 'Moisture 0 (dry) … 1 (wet).' },
  },
  params: {
    moistNoise: { label: 'noise amount', kind: 'number', default: 0.285, min: 0, max: 1, step: 0.01, doc: 'Weight of the noise term.' },
    coastBonus: { label: 'coast wetness', kind: 'number', default: 0.355, min: 0, max: 1, step: 0.01, doc: 'Moisture the sea adds at the shore.' },
    decay: { label: 'coast fade', unit: '/ cell', kind: 'number', scale: 'log', default: 0.274, min: 0, max: 2, step: 0.005, doc: 'How fast the coast bonus fades inland, per 256-map cell.' },
    strength: { label: 'wind share', kind: 'number', default: 0.583, min: 0, max: 1, step: 0.01, doc: "Weight of the wind's air humidity." },
  },
  band: moistureBand,
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const n = ctx.domain.n;
    const terms = { moistNoise: p.moistNoise, coastBonus: p.coastBonus, decay: p.decay, strength: p.strength };
    bands('moisture', moistureBand, { p: terms, noise: ctx.field('noise'), coast: ctx.field('coast'), air: ctx.field('air'), out, n }, n, 8, true);
    return { out: field(out, 'moisture') };
  },
});
