// The hydraulic erosion module (hydraulic.as.ts), instantiated on first use (lazy-module.ts; under
// the 4 KB a page may compile synchronously). The heights, the wear and the deposit sums (doubles)
// live in its memory for the whole run: the caller writes the heights there, calls `rows` for
// each row of cells between its checkpoints, and reads the three grids back.
// The memory only grows; releaseHydraulicMemory drops it after a one-off large grid.

import { HYDRAULIC_WASM_BASE64 } from './hydraulic-binary.ts';
import { FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface HydraulicExports {
  readonly memory: WebAssembly.Memory;
  start(): void;
  carriedOff(): number;
  rows(
    n: number, r0: number, r1: number,
    hAt: number, wornAt: number, laidAt: number,
    brushAt: number, dcAt: number, drAt: number, wAt: number, brushCells: number, reach: number,
    whole: number, part: number, col0: number, row0: number, seed: number, lifetime: number,
    inertia: number, capacity: number, minCapacity: number, erosion: number, deposition: number, keep: number, gravity: number,
  ): number;
}

const hydraulicModule = lazyModule<HydraulicExports>(HYDRAULIC_WASM_BASE64, 'hydraulic erosion');

/** The compiled module's bytes. */
export const hydraulicBytes = hydraulicModule.bytes;

/** Drops the module's memory when it holds more than a grid of `maxCells` cells needs (trimScratch). */
export function releaseHydraulicMemory(maxCells: number): void {
  // Three grids of doubles and the brush (a few hundred cells at most).
  hydraulicModule.release(FIRST_BYTE + 24 * maxCells + 4 * PAGE);
}

/** The grids and brush of one run, in the module's memory. */
export interface HydraulicRun {
  /** The heights times the height scale: written by the caller, eroded by `rows`. */
  readonly h: Float64Array;
  readonly worn: Float64Array;
  readonly laid: Float64Array;
  /** The droplets of the cells of rows r0 … r1 − 1 (see hydraulic.as.ts); their steps. */
  rows(r0: number, r1: number): number;
  /** Sediment carried off the map's edge so far. */
  carriedOff(): number;
}

/** What the droplets of a run share: hydraulic.ts's locals, by their names there. */
export interface DropletSettings {
  readonly whole: number;
  readonly part: number;
  readonly col0: number;
  readonly row0: number;
  readonly seed: number;
  readonly lifetime: number;
  readonly inertia: number;
  readonly capacity: number;
  readonly minCapacity: number;
  readonly erosion: number;
  readonly deposition: number;
  readonly keep: number;
  readonly gravity: number;
}

/**
 * A run over an n × n grid with the brush (its cells' offsets in the grid, their column and row
 * offsets, their weights; `reach` its radius in whole cells), or null where the module's memory
 * cannot grow to hold it (the JS kernel then runs).
 */
export function hydraulicRun(n: number, brush: { index: Int32Array; dc: Int32Array; dr: Int32Array; w: Float64Array }, reach: number, s: DropletSettings): HydraulicRun | null {
  const k = hydraulicModule.exports();
  const cells = n * n;
  const b = brush.index.length;
  let layout: { at: number[]; buffer: ArrayBuffer };
  try {
    layout = hydraulicModule.regions(k, [8 * cells, 8 * cells, 8 * cells, 4 * b, 4 * b, 4 * b, 8 * b]);
  } catch {
    return null;
  }
  const { at, buffer } = layout;
  const h = new Float64Array(buffer, at[0], cells);
  const worn = new Float64Array(buffer, at[1], cells).fill(0);
  const laid = new Float64Array(buffer, at[2], cells).fill(0);
  new Int32Array(buffer, at[3], b).set(brush.index);
  new Int32Array(buffer, at[4], b).set(brush.dc);
  new Int32Array(buffer, at[5], b).set(brush.dr);
  new Float64Array(buffer, at[6], b).set(brush.w);
  k.start();
  return {
    h,
    worn,
    laid,
    rows: (r0, r1) =>
      k.rows(n, r0, r1, at[0], at[1], at[2], at[3], at[4], at[5], at[6], b, reach, s.whole, s.part, s.col0, s.row0, s.seed, s.lifetime, s.inertia, s.capacity, s.minCapacity, s.erosion, s.deposition, s.keep, s.gravity),
    carriedOff: () => k.carriedOff(),
  };
}
