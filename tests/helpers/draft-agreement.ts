// How far a draft's erosion looks like the full picture's: the change an erosion makes (its
// output minus its input) in a drafts' engine, against the full engine's change averaged down to
// the draft's cells. Shared by tests/drafts.test.ts and scripts/measure-drafts.ts.

import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';

/** The mean of an n² grid over each cell of an m² grid on the same square (m ≤ n), by area. */
export function areaMean(grid: ArrayLike<number>, n: number, m: number): Float64Array {
  if (grid.length !== n * n) throw new Error(`areaMean: ${grid.length} values, expected ${n} × ${n}`);
  // Each coarse cell spans n / m fine ones: the fine cells it covers, with the share of each.
  const f = n / m;
  const spans = Array.from({ length: m }, (_, j) => {
    const a = j * f;
    const b = (j + 1) * f;
    const first = Math.floor(a);
    const shares: number[] = [];
    for (let i = first; i < Math.min(n, Math.ceil(b)); i++) shares.push((Math.min(b, i + 1) - Math.max(a, i)) / f);
    return { first, shares };
  });
  const rows = new Float64Array(n * m);
  for (let r = 0; r < n; r++) {
    for (let j = 0; j < m; j++) {
      const { first, shares } = spans[j];
      let v = 0;
      for (let k = 0; k < shares.length; k++) v += shares[k] * grid[r * n + first + k];
      rows[r * m + j] = v;
    }
  }
  const out = new Float64Array(m * m);
  for (let j = 0; j < m; j++) {
    const { first, shares } = spans[j];
    for (let c = 0; c < m; c++) {
      let v = 0;
      for (let k = 0; k < shares.length; k++) v += shares[k] * rows[(first + k) * m + c];
      out[j * m + c] = v;
    }
  }
  return out;
}

/** Pearson's correlation of two grids of one size. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i] - ma;
    const y = b[i] - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

export function meanAbs(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]);
  return s / a.length;
}

/** An erosion node of a graph: its id, the output it gives the heights on, and what feeds it. */
export interface ErosionAt {
  readonly node: string;
  readonly out: string;
  readonly input: { readonly node: string; readonly port: string };
}

/** The change the erosion makes (output minus input) in an engine after evaluating it. */
function change(engine: ReturnType<typeof createEngine>, at: ErosionAt): Float64Array {
  engine.evaluate({ targets: [at.node, at.input.node] });
  const before = engine.output(at.input.node, at.input.port)?.data as Float32Array;
  const after = engine.output(at.node, at.out)?.data as Float32Array;
  return Float64Array.from(after, (v, i) => v - before[i]);
}

export interface Agreement {
  /** The draft's mean |change| over the full one's averaged down to the draft's cells (1: as much). */
  readonly amount: number;
  /** Correlation of the draft's change with the full one averaged down. */
  readonly r: number;
}

/**
 * The full change at `full`², averaged down to `draft`², once per graph; then each way of
 * drafting it: `asBefore` is a drafts' engine at its own size (the erosions' params as they are,
 * as drafts ran before they scaled them), else one standing for the full view, as the editor's.
 */
export function fullChange(graph: Graph, at: ErosionAt, full: number, draft: number): Float64Array {
  return areaMean(change(createEngine(graph, { size: full }), at), full, draft);
}

export function draftAgreement(graph: Graph, at: ErosionAt, fullDown: Float64Array, full: number, draft: number, asBefore = false): Agreement {
  const coarse = { ...graph, view: { ...graph.view, size: draft } };
  const d = change(createEngine(coarse, { draft: asBefore ? true : full }), at);
  return { amount: meanAbs(d) / meanAbs(fullDown), r: correlation(d, fullDown) };
}
