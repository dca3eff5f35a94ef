// Moisture: rain from local noise, from the nearby sea, and from the wind's humid air.

import { wasmMoisture } from '../src/kernels/wasm/instance.ts';
import { type CellNote, defineNode, field, type NodeReading } from '../src/model/manifest.ts';
import { formatValue } from '../src/model/values.ts';
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

/**
 * Cell i's moisture as the sum of its three terms, each with the value it read, and which of
 * them wets it most: a newcomer read "Moisture 1.0000" on a rainforest cell and could not tell
 * the wind from the coast.
 */
function explainMoisture(r: NodeReading<MoistureParams>, i: number): CellNote {
  const p = r.params;
  const read = (port: string) => {
    const v = r.input(port);
    return v && v.type !== 'biome' ? v.data[i] : null;
  };
  const noise = read('noise');
  const coast = read('coast');
  const air = read('air');
  const nM = noise === null ? 0.5 : Math.min(1, Math.max(0, (noise + 1) / 2));
  const terms: [string, number, string][] = [['noise', p.moistNoise * nM, `noise ${p.moistNoise} · ${formatValue(nM)}${noise === null ? ' (unwired: ½)' : ''}`]];
  if (coast !== null) terms.push(['the coast', p.coastBonus / (1 + coast * p.decay), `coast ${p.coastBonus} / (1 + ${formatValue(coast)} cells · ${p.decay})`]);
  if (air !== null) terms.push([`the wind's air (${r.inputTitle('air') ?? 'air'})`, p.strength * air, `wind ${p.strength} · ${formatValue(air)}`]);
  const sum = terms.reduce((t, [, v]) => t + v, 0);
  const most = terms.reduce((a, b) => (b[1] > a[1] ? b : a));
  const clipped = sum > 1 ? ' → 1 (saturated)' : sum < 0 ? ' → 0' : '';
  return { why: `${terms.map(([, , words]) => words).join(' + ')} = ${formatValue(sum)}${clipped}; mostly ${most[0]}` };
}

export const moisture = defineNode({
  type: 'moisture',
  title: 'Moisture',
  group: 'Climate',
  doc:
    'M = sat(noise amount · nM + coast wetness / (1 + d · coast fade) + wind share · air), unitless 0…1. ' +
    'Unwired: nM = ½, no coast term, no wind term.',
  inputs: {
    noise: { type: 'field', doc: 'A noise in [−1, 1] for local variation.', optional: 'nM = ½', takes: ['noise'] },
    coast: { type: 'field', doc: 'Coast distance in 256-map cells (the sea wets the shore).', optional: 'no coast term', takes: ['distance'] },
    air: { type: 'field', doc: "The wind's air humidity 0…1.", optional: 'no wind term', takes: ['air'] },
  },
  outputs: {
    out: { type: 'field', meaning: 'moisture', doc: 'Moisture 0 (dry) … 1 (wet).' },
  },
  params: {
    moistNoise: { label: 'noise amount', kind: 'number', default: 0.285, min: 0, max: 1, step: 0.01, doc: 'Weight of the noise term.' },
    coastBonus: { label: 'coast wetness', kind: 'number', default: 0.355, min: 0, max: 1, step: 0.01, appliesWhen: { wired: 'coast' }, doc: 'Moisture the sea adds at the shore.' },
    decay: { label: 'coast fade', unit: '/ cell', kind: 'number', scale: 'log', default: 0.274, min: 0, max: 2, step: 0.005, appliesWhen: { wired: 'coast' }, doc: 'How fast the coast bonus fades inland, per 256-map cell.' },
    strength: { label: 'wind share', kind: 'number', default: 0.583, min: 0, max: 1, step: 0.01, appliesWhen: { wired: 'air' }, doc: "Weight of the wind's air humidity." },
  },
  explain: (r, i) => explainMoisture(r, i),
  band: moistureBand,
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const n = ctx.domain.n;
    const terms = { moistNoise: p.moistNoise, coastBonus: p.coastBonus, decay: p.decay, strength: p.strength };
    bands('moisture', moistureBand, { p: terms, noise: ctx.field('noise'), coast: ctx.field('coast'), air: ctx.field('air'), out, n }, n, 8, true);
    return { out: field(out, 'moisture') };
  },
});
