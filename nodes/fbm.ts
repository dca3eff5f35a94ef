// fBm source: a fractal sum of seeded simplex noise sampled at world coordinates; plain, or
// folded into ridges (long ranges) or billows.

import { foldedGrid } from '../src/kernels/folded.ts';
import { fbmBand, octaveTables, packTables } from '../src/kernels/noise.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';

export const fbm = defineNode({
  type: 'fbm',
  title: 'fBm noise',
  group: 'Terrain',
  doc:
    'Fractal Brownian motion: octaves of 2-D simplex noise (Perlin\'s successor to his gradient noise), each λ times finer and gain times weaker, ' +
    'averaged to [−1, 1]. Summing octaves pulls values towards 0: nearly all lie within ±0.5. ' +
    'Kind ridged folds each octave into a crest, (1 − |n|)², weighted by the octave before (ridged ' +
    'multifractal): crests join into long ranges of mountains over wide, smooth valleys; values in [−1, 1], mostly ' +
    'below 0 with the crests near 1. Kind billow folds each octave into 2|n| − 1: round hills and creased valleys.',
  inputs: {},
  outputs: {
    out: { type: 'field', meaning: 'noise', doc: 'Noise in [−1, 1] (plain: mostly within ±0.5).' },
  },
  params: {
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Integer seed; octave o hashes with seed + o.' },
    frequency: { kind: 'number', scale: 'log', default: 2, min: 0.05, max: 64, step: 0.05, doc: 'Cycles of the first octave per view width.' },
    octaves: { kind: 'int', default: 4, min: 1, max: 10, doc: 'Number of octaves summed.' },
    lacunarity: { kind: 'number', default: 2, min: 1, max: 4, step: 0.05, doc: 'Frequency ratio between octaves (λ).' },
    gain: { kind: 'number', default: 0.5, min: 0, max: 1, step: 0.01, doc: 'Amplitude ratio between octaves.' },
    kind: {
      kind: 'enum',
      default: 'plain',
      options: ['plain', 'ridged', 'billow'],
      since: { version: 2, legacy: 'plain' },
      doc: 'plain: smooth fBm; ridged: crests that line up into ranges of mountains; billow: round hills, creased valleys.',
    },
  },
  band: fbmBand,
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const { seed, frequency, octaves, lacunarity, gain } = p;
    // By row bands over the threads there are (see src/parallel/threads.ts): the same bits as one.
    // The lattice tables are made once here, not by each band: at 256² making them took about
    // as long as a band's noise.
    if (p.kind === 'plain') bands('fbm', fbmBand, { out, tables: packTables(octaveTables(ctx.domain, { seed, frequency, octaves, lacunarity, gain })) }, ctx.domain.n, 8, true);
    else foldedGrid(out, ctx.domain, p, p.kind);
    return { out: field(out, 'noise') };
  },
});
