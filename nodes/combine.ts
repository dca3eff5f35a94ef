// Combine: the explainer's terrain formula height = C + E · PV, and a few simple blend modes.

import { wasmCombine } from '../src/kernels/wasm/instance.ts';
import { defineNode, field } from '../src/model/manifest.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';

// In the order the WebAssembly kernel numbers them.
export const COMBINE_MODES = ['terrain', 'add', 'multiply', 'min', 'max', 'lerp'] as const;
export type CombineMode = (typeof COMBINE_MODES)[number];

/**
 * Writes the combination cell by cell (in WebAssembly, two cells at a time). Unwired inputs are
 * null and take their neutral value: base 0, scale 1, detail 0.
 */
export function combineKernel(
  mode: CombineMode,
  base: Float32Array | null,
  scale: Float32Array | null,
  detail: Float32Array | null,
  /* out */ out: Float32Array,
): void {
  for (const [name, a] of [['base', base], ['scale', scale], ['detail', detail]] as const) {
    if (a && a.length !== out.length) throw new Error(`combine: ${name} holds ${a.length} cells, expected ${out.length}`);
  }
  const index = COMBINE_MODES.indexOf(mode);
  if (index < 0) throw new Error(`combine: no mode "${mode}"; there are ${COMBINE_MODES.join(', ')}`);
  wasmCombine(index, base, scale, detail, out);
}

type CombineBand = {
  mode: CombineMode;
  base: Float32Array | null;
  scale: Float32Array | null;
  detail: Float32Array | null;
  out: Float32Array;
  n: number;
};

/** Rows r0 … r1 − 1 of the combination (cell by cell, so any band gives the same bits). */
function combineBand(a: CombineBand, r0: number, r1: number): void {
  const rows = (g: Float32Array | null) => rowsOf(g, a.n, r0, r1);
  combineKernel(a.mode, rows(a.base), rows(a.scale), rows(a.detail), rows(a.out)!);
}

export const combine = defineNode({
  type: 'combine',
  title: 'Combine',
  group: 'Terrain',
  doc:
    'terrain: base + scale · detail (height = C + E · PV). add: base + detail. multiply: base · scale. ' +
    'min / max: of base and detail. lerp: from base to detail by scale (a mix, or blend). Unwired inputs take neutral ' +
    'values: base 0, scale 1, detail 0.',
  inputs: {
    base: { type: 'field', doc: 'C, the continent: where land is.', optional: 'base 0' },
    scale: { type: 'field', doc: 'E, the erosion: how much detail shows.', optional: 'scale 1' },
    detail: { type: 'field', doc: 'PV, peaks and valleys: the detail.', optional: 'detail 0' },
  },
  outputs: {
    out: { type: 'field', meaning: 'height', doc: 'The combined height.' },
  },
  params: {
    mode: { kind: 'enum', default: 'terrain', options: COMBINE_MODES, doc: 'How the inputs combine.' },
  },
  band: combineBand,
  run(ctx, p) {
    const out = ctx.alloc('f32');
    const n = ctx.domain.n;
    bands('combine', combineBand, { mode: p.mode, base: ctx.field('base'), scale: ctx.field('scale'), detail: ctx.field('detail'), out, n }, n, 8, true);
    return { out: field(out, 'height') };
  },
});
