// Chain: a curve whose points are themselves fields, Minecraft's "splines that lead to other
// splines". The selector picks, cell by cell, which inputs blend.

import { defineNode, field } from '../src/model/manifest.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';

export const CHAIN_INPUTS = ['in0', 'in1', 'in2', 'in3', 'in4', 'in5'] as const;

/**
 * out[i] blends the inputs at the knots: where the selector lies between knots[j] and
 * knots[j + 1], linearly from inputs[j] to inputs[j + 1]; below the first knot the first
 * input, above the last the last. knots must be strictly increasing, one per input.
 */
export function chainKernel(
  selector: Float32Array,
  knots: readonly number[],
  inputs: readonly Float32Array[],
  /* out */ out: Float32Array,
): void {
  const m = inputs.length;
  if (m === 0) throw new Error('chain: wire at least one input (in0 … in5)');
  if (knots.length !== m) throw new Error(`chain: ${m} inputs need ${m} knots, got ${knots.length}`);
  for (const a of [selector, ...inputs]) {
    if (a.length !== out.length) throw new Error(`chain: an input holds ${a.length} cells, expected ${out.length}`);
  }
  const first = inputs[0];
  const last = inputs[m - 1];
  const kFirst = knots[0];
  const kLast = knots[m - 1];
  for (let i = 0; i < out.length; i++) {
    const s = selector[i];
    if (s <= kFirst) {
      out[i] = first[i];
      continue;
    }
    if (s >= kLast) {
      out[i] = last[i];
      continue;
    }
    let j = 1;
    while (knots[j] <= s) j++;
    const t = (s - knots[j - 1]) / (knots[j] - knots[j - 1]);
    const a = inputs[j - 1][i];
    out[i] = a + t * (inputs[j][i] - a);
  }
}

/** What a band of the chain reads: the wired inputs as grids of their own, so shared memory is checked. */
type ChainBand = {
  selector: Float32Array;
  knots: number[];
  in0: Float32Array;
  in1: Float32Array | null;
  in2: Float32Array | null;
  in3: Float32Array | null;
  in4: Float32Array | null;
  in5: Float32Array | null;
  out: Float32Array;
  n: number;
};

/** Rows r0 … r1 − 1 of the chain (cell by cell, so any band gives the same bits). */
function chainBand(a: ChainBand, r0: number, r1: number): void {
  const inputs = [a.in0, a.in1, a.in2, a.in3, a.in4, a.in5].filter((g): g is Float32Array => g !== null);
  chainKernel(rowsOf(a.selector, a.n, r0, r1), a.knots, inputs.map((g) => rowsOf(g, a.n, r0, r1)), rowsOf(a.out, a.n, r0, r1));
}

export const chain = defineNode({
  type: 'chain',
  title: 'Chain curves',
  group: 'Terrain',
  doc:
    'A curve of curves: the wired inputs, in port order, take the knots in order (one knot per wired ' +
    'input; extra knots are ignored). Where the selector lies between two knots the output blends the ' +
    'two inputs at that cell; below the first knot it is the first wired input, ' +
    'above the last knot the last. With the continent as selector and erosion through a coastal and ' +
    'an inland curve, the continent picks which erosion applies.',
  inputs: {
    selector: { type: 'field', doc: 'Picks where between the knots each cell lies (e.g. the continent).' },
    in0: { type: 'field', doc: 'The first field to blend.' },
    in1: { type: 'field', doc: 'A field to blend, at the next knot.', optional: 'skipped' },
    in2: { type: 'field', doc: 'A field to blend, at the next knot.', optional: 'skipped' },
    in3: { type: 'field', doc: 'A field to blend, at the next knot.', optional: 'skipped' },
    in4: { type: 'field', doc: 'A field to blend, at the next knot.', optional: 'skipped' },
    in5: { type: 'field', doc: 'A field to blend, at the next knot.', optional: 'skipped' },
  },
  outputs: {
    out: { type: 'field', meaning: 'value', doc: 'The blend of the inputs picked by the selector.' },
  },
  params: {
    knots: {
      kind: 'numbers',
      default: [-0.1, 0.3],
      min: -4,
      max: 4,
      minCount: 1,
      maxCount: 6,
      doc: 'Selector value of each wired input in port order, strictly increasing.',
    },
  },
  readinessProblem(p, isWired) {
    // The j-th wired input, in port order, takes knot j: unwiring an input does not shift
    // the others' ports, only which knots are used.
    const wired = CHAIN_INPUTS.filter(isWired);
    if (wired.length <= p.knots.length) return null;
    return `${wired.length} inputs are wired (${wired.join(', ')}) but ${p.knots.length} knot${p.knots.length === 1 ? ' is' : 's are'} given: one knot per wired input`;
  },
  band: chainBand,
  run(ctx, p) {
    const selector = ctx.field('selector')!;
    const wired = CHAIN_INPUTS.filter((port) => ctx.wired(port));
    const problem = chain.readinessProblem!(p, (port) => ctx.wired(port));
    if (problem) throw new Error(problem);
    const inputs = wired.map((port) => ctx.field(port)!);
    const out = ctx.alloc('f32');
    const knots = p.knots.slice(0, wired.length);
    const n = ctx.domain.n;
    const [in0, in1 = null, in2 = null, in3 = null, in4 = null, in5 = null] = inputs;
    bands('chain', chainBand, { selector, knots, in0, in1, in2, in3, in4, in5, out, n }, n);
    return { out: field(out, 'value') };
  },
});
