// fBm source: a fractal sum of seeded simplex noise sampled at world coordinates.

import { fbmGrid } from '../src/kernels/noise.ts';
import { defineNode, field } from '../src/model/manifest.ts';

export const fbm = defineNode({
  type: 'fbm',
  title: 'fBm noise',
  group: 'Terrain',
  doc:
    'Fractal Brownian motion: octaves of 2-D simplex noise, each λ times finer and gain times weaker, ' +
    'averaged to [−1, 1]. Summing octaves pulls values towards 0: nearly all lie within ±0.5.',
  inputs: {},
  outputs: {
    out: { type: 'field', meaning: 'noise', doc: 'Noise in [−1, 1], mostly within ±0.5.' },
  },
  params: {
    seed: { kind: 'int', default: 1, min: 0, max: 2147483647, seed: true, doc: 'Integer seed; octave o hashes with seed + o.' },
    frequency: { kind: 'number', default: 2, min: 0.05, max: 64, step: 0.05, doc: 'Cycles of the first octave per view width.' },
    octaves: { kind: 'int', default: 4, min: 1, max: 10, doc: 'Number of octaves summed.' },
    lacunarity: { kind: 'number', default: 2, min: 1, max: 4, step: 0.05, doc: 'Frequency ratio between octaves (λ).' },
    gain: { kind: 'number', default: 0.5, min: 0, max: 1, step: 0.01, doc: 'Amplitude ratio between octaves.' },
  },
  run(ctx, p) {
    const out = ctx.alloc('f32');
    fbmGrid(out, ctx.domain, p);
    return { out: field(out, 'noise') };
  },
});
