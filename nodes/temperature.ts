// Temperature: warm at the equator and by the sea, cold with latitude and with land rank.

import { assertGrid, assertWindow, cellY, type Domain, type GridWindow, POLE_DISTANCE, wholeWindow, windowRows } from '../src/grid.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { wasmTemperature } from '../src/kernels/wasm/instance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';

export interface TemperatureParams {
  readonly base: number;
  readonly lapse: number;
  readonly latitude: number;
  readonly coastMod: number;
  readonly tempNoise: number;
}

/**
 * T = sat(base − lapse · r − latitude · sat(|y| / 8) + coastMod / (1 + d) + tempNoise · (nT − ½)),
 * with y the cell centre's world y, r the land rank, d the coast distance (256-map cells) and nT
 * the noise mapped to 0…1. Unwired: r = 0, no coast term, nT = ½.
 */
export function temperatureKernel(
  domain: Domain,
  p: TemperatureParams,
  rank: Float32Array | null,
  coast: Float32Array | null,
  noise: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  assertGrid('temperature output', out, domain);
  for (const [name, a] of [['rank', rank], ['coast', coast], ['noise', noise]] as const) if (a) assertGrid(`temperature ${name}`, a, domain);
  const whole = (a: Float32Array | null) => a && wholeWindow(a, domain.n);
  temperatureRows({ domain, p, rank: whole(rank), coast: whole(coast), noise: whole(noise), out }, 0, domain.n);
}

/** The inputs as windows (ctx.window): a rank on the grid grown for the wind is read in place. */
type TemperatureBand = {
  domain: Domain;
  p: TemperatureParams;
  rank: GridWindow | null;
  coast: GridWindow | null;
  noise: GridWindow | null;
  out: Float32Array;
};

/** Rows r0 … r1 − 1 of temperatureKernel (each row alike whatever the band). */
function temperatureRows(a: TemperatureBand, r0: number, r1: number): void {
  const { domain, p } = a;
  const rowBase = scratch('temperature.rowBase', Float64Array, domain.n).subarray(0, r1 - r0);
  for (let r = r0; r < r1; r++) rowBase[r - r0] = p.base - p.latitude * Math.min(1, Math.abs(cellY(domain, r)) / POLE_DISTANCE);
  const rows = (w: GridWindow | null) => w && windowRows(w, domain.n, r0, r1);
  wasmTemperature(rowBase, p, rows(a.rank), rows(a.coast), rows(a.noise), rowsOf(a.out, domain.n, r0, r1));
}

export const temperature = defineNode({
  type: 'temperature',
  title: 'Temperature',
  group: 'Climate',
  doc:
    'T = sat(equator warmth − cooling inland · rank − cooling poleward · sat(|y| / 8) + coast warmth / (1 + d) + noise amount · (nT − ½)), ' +
    'unitless 0…1. The equator is y = 0 and the poles 8 views away. Unwired: rank 0, no coast term, nT = ½.',
  inputs: {
    rank: { type: 'field', doc: 'Land rank 0…1 (altitude cools by rank).', optional: 'rank 0', takes: ['rank'] },
    coast: { type: 'field', doc: 'Coast distance in 256-map cells (the sea tempers).', optional: 'no coast term', takes: ['distance'] },
    noise: { type: 'field', doc: 'A noise in [−1, 1] for local variation.', optional: 'nT = ½', takes: ['noise'] },
  },
  outputs: {
    out: { type: 'field', meaning: 'temperature', doc: 'Temperature 0 (cold) … 1 (hot).' },
  },
  params: {
    base: { label: 'equator warmth', kind: 'number', default: 0.4, min: -1, max: 2, step: 0.01, doc: 'Temperature at the equator, at sea level, far from the coast.' },
    lapse: { label: 'cooling inland', kind: 'number', default: 0.1, min: 0, max: 2, step: 0.01, appliesWhen: { wired: 'rank' }, doc: 'Cooling from the coast (rank 0) to the highest land (rank 1).' },
    latitude: { label: 'cooling poleward', kind: 'number', default: 1, min: 0, max: 2, step: 0.01, doc: 'Cooling from the equator to the pole.' },
    coastMod: { label: 'coast warmth', kind: 'number', default: 0.062, min: -1, max: 1, step: 0.01, appliesWhen: { wired: 'coast' }, doc: 'Warmth the sea adds at the shore, fading as 1 / (1 + d).' },
    tempNoise: { label: 'noise amount', kind: 'number', default: 0.15, min: 0, max: 1, step: 0.01, appliesWhen: { wired: 'noise' }, doc: 'Amplitude of the noise term.' },
  },
  band: temperatureRows,
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const { domain } = ctx;
    const terms = { base: p.base, lapse: p.lapse, latitude: p.latitude, coastMod: p.coastMod, tempNoise: p.tempNoise };
    const [rank, coast, noise] = (['rank', 'coast', 'noise'] as const).map((port) => {
      const w = ctx.window(port);
      if (w) assertWindow(`temperature ${port}`, w, domain);
      return w;
    });
    bands('temperature', temperatureRows, { domain, p: terms, rank, coast, noise, out }, domain.n, 8, true);
    return { out: field(out, 'temperature') };
  },
});
