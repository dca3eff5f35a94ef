// Thermal erosion (talus): where the ground is steeper than its angle of repose, material slides
// to the lower neighbours until the slope settles (after Musgrave, Kolb and Mace 1989).
//
// Pure and order-free: every iteration reads the heights of the last one and moves material
// from all cells at once (a Jacobi step), so the result does not depend on the order cells are
// visited in, and after k iterations a cell has only seen the heights within 2k cells of it (a cell gives by
// its excess over all its neighbours, so a pass reaches two cells).
// Material only moves between cells of the map: the total is kept exactly (in doubles).
//
// The passes run in WebAssembly (wasm/thermal.as.ts, which says how each cell gathers what its
// neighbours give in the order the JS kernel scattered it, so the same bits): all of them in the
// module's memory on one thread, or, given `split` (the engine's threads), one pass at a time
// with its rows shared out, the heights in two grids that the passes alternate between.

import { sharedScratch } from './scratch.ts';
import { type ThermalSlopes, wasmThermalBand, wasmThermalGrid, wasmThermalPasses } from './wasm/thermal-instance.ts';

export interface ThermalParams {
  /** Passes over the map; 0 leaves the heights as they are. */
  readonly iterations: number;
  /** The steepest stable slope, in height per cell step (the node converts from world units). */
  readonly talusPerCell: number;
  /** Share of the excess moved per pass (0…0.5; more oscillates). */
  readonly rate: number;
}

/** One pass's rows as a band of the engine's threads: padded heights in `from` (w × w), the new ones into `to`. */
export type ThermalBand = {
  readonly from: Float64Array;
  readonly to: Float64Array;
  readonly w: number;
  readonly slopes: ThermalSlopes;
};

/** Rows r0 … r1 − 1 of the map, of one pass (NodeDef.band). */
export function thermalBand(job: ThermalBand, r0: number, r1: number): void {
  wasmThermalBand(job.from, job.to, job.w, job.slopes, r0, r1);
}

/**
 * Slides material down slopes steeper than the talus. Writes the new heights and, per cell,
 * the net height moved away (positive) or received (negative) as `moved`. `checkpoint` is called
 * before each pass (the engine's RunContext.checkpoint, which may throw to stop a stale evaluation).
 * With `split`, each pass's n rows are handed to it (bands() over the engine's threads).
 */
export function thermalErosion(
  height: Float32Array,
  n: number,
  p: ThermalParams,
  /* out */ out: Float32Array,
  /* out */ moved: Float32Array,
  checkpoint?: () => void,
  split?: (job: ThermalBand, rows: number) => void,
): void {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['out', out], ['moved', moved]] as const) {
    if (a.length !== cells) throw new Error(`thermal erosion: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  if (p.iterations <= 0) {
    out.set(height);
    moved.fill(0);
    return;
  }
  const w = n + 2;
  const slopes: ThermalSlopes = { talus: p.talusPerCell, diagonal: p.talusPerCell * Math.SQRT2, rate: p.rate };
  let last: Float64Array;
  if (split) {
    // Shared with the threads: two grids the passes alternate between. Cut to this grid's
    // w × w: a scratch grid kept from a larger run is longer, and bands() sizes its chunks from
    // the grids it is handed (gridCells), so it cut a small grid's passes into chunks too small
    // to be worth a thread.
    const h = pad(height, n, sharedScratch('thermal.h', Float64Array, w * w).subarray(0, w * w));
    const other = sharedScratch('thermal.next', Float64Array, w * w).subarray(0, w * w);
    other.set(h);
    last = h;
    for (let it = 0; it < p.iterations; it++) {
      checkpoint?.();
      const [from, to] = it % 2 === 0 ? [h, other] : [other, h];
      split({ from, to, w, slopes }, n);
      last = to;
    }
  } else {
    pad(height, n, wasmThermalGrid(w));
    last = wasmThermalPasses(w, slopes, p.iterations, checkpoint);
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = last[(r + 1) * w + c + 1];
      out[r * n + c] = v;
      moved[r * n + c] = height[r * n + c] - v;
    }
  }
}

/**
 * The heights into `h` with a ring of +∞ around the map ((n + 2)² doubles): nothing is ever lower
 * than it, so nothing slides off the edge, and the kernel's loops need no bounds checks.
 */
function pad(height: Float32Array, n: number, /* out */ h: Float64Array): Float64Array {
  const w = n + 2;
  h.fill(Infinity, 0, w * w);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) h[(r + 1) * w + c + 1] = height[r * n + c];
  return h;
}
