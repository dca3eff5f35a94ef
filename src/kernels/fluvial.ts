// Fluvial erosion: the stream-power law dh/dt = −K · A^m · S (n = 1), solved step by step with
// the implicit O(N) scheme of Braun and Willett (2013) over the drainage of src/kernels/flow.ts.
//
// Each step routes the current heights with Priority-Flood (every hollow drains to its outlet,
// each cell to its steepest lower neighbour), gathers the rain downstream into the drainage area
// A, then lowers every land cell towards its receiver, receivers first:
//
//   h_i ← (h_i + F_i · h_r) / (1 + F_i),   F_i = K · dt · A_i^m / L_i
//
// with h_r the receiver's height already updated this step. That is backward Euler on the
// channel's slope, so it is stable for any step and a cell ends between its old height and its
// receiver's new one: land is never raised and never falls below where it drains. I did not
// take the explicit scheme (h_i −= F_i · (h_i − h_r)): past F = 1 it overshoots the receiver and
// digs pits, which the next step would fill as lakes.
//
// Base levels, never changed: the sea (cells under the sea level) and the map's edge. A land
// cell that drains into the sea is cut towards the sea level, never below it, so the coast stays
// where it is. Lakes: a cell under standing water (its filled height above its own) is not cut —
// the water that reaches a hollow crosses it to the outlet, and the outlet cuts down like any
// channel, so a lake is drained step by step as its sill is lowered. The hollow's floor is left
// as it is. A cell that drains into a lake is cut towards the lake's surface (its outlet's height
// this step, already lowered), not towards the floor of the lake cell it drains into: a river
// meets a lake at its surface. Cutting to the floor dug the shore under the water, which the
// next step read as lake, so lakes grew at every inflow (on carved-valleys at 256², 685 of the
// 7 480 cell-steps that drained into a lake in the recipe's 5 steps).

import { accumulate, OFF_MAP, priorityFlood } from './flow.ts';
import { scratch } from './scratch.ts';
import { float32Above } from './wasm/distance-instance.ts';

export interface StreamPowerParams {
  /** Time steps; 0 copies the heights. */
  readonly iterations: number;
  /** K · dt: the share of the height over its receiver a cell of area 1 and length 1 loses, roughly, per step. */
  readonly strength: number;
  /** The area exponent m. */
  readonly m: number;
  /** Rain lost on each cell before it runs off, as the flow's loss: land drier than this gathers no area of its own. */
  readonly loss: number;
  /** One cell's side in the units L is measured in (cells of a 256 map: cellLength256). */
  readonly cellLength: number;
}

/**
 * Erodes `height` (land: cells ≥ seaLevel) by `iterations` steps of the stream-power law.
 * Writes the eroded heights into `out` and the drainage area of the last step (rain × cells of
 * `cellLength`², 0 on the sea, and everywhere with 0 iterations) into `area`. `rain` is the rain per cell
 * (null: 1 everywhere), less `loss`, never below 0. `checkpoint` is called before each step (the
 * engine's RunContext.checkpoint, which may throw to stop a stale evaluation).
 */
export function streamPowerErosion(
  height: Float32Array,
  n: number,
  seaLevel: number,
  rain: Float32Array | null,
  p: StreamPowerParams,
  /* out */ out: Float32Array,
  /* out */ area: Float32Array,
  checkpoint?: () => void,
): void {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['out', out], ['area', area], ['rain', rain]] as const) {
    if (a && a.length !== cells) throw new Error(`fluvial: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  if (out === height) throw new Error('fluvial: the eroded heights must not overwrite the input');
  for (const [name, v] of [['strength', p.strength], ['m', p.m], ['cellLength', p.cellLength]] as const) {
    if (!(Number.isFinite(v) && v >= 0)) throw new Error(`fluvial: ${name} must be a finite number ≥ 0, got ${v}`);
  }
  if (!(Number.isInteger(p.iterations) && p.iterations >= 0)) throw new Error(`fluvial: iterations must be a whole number ≥ 0, got ${p.iterations}`);
  out.set(height);
  area.fill(0);
  if (p.iterations === 0) return;
  // Strength 0 cuts nothing: one step still routes the water, for the area.
  const steps = p.strength === 0 ? 1 : p.iterations;
  const filled = scratch('fluvial.filled', Float32Array, cells).subarray(0, cells);
  const receiver = scratch('fluvial.receiver', Int32Array, cells).subarray(0, cells);
  const areaPower = scratch('fluvial.areaPower', Float64Array, cells);
  // Where each cell's water stands after its update this step: its height, or, under a lake, the
  // lake's surface (the level of where the lake drains, at least its floor). A donor is cut
  // towards its receiver's level. Float32 as the heights, which it copies.
  const level = scratch('fluvial.level', Float32Array, cells).subarray(0, cells);
  const cellArea = p.cellLength * p.cellLength;
  // K · dt / L for a neighbour along an axis and along a diagonal.
  const kAxis = p.strength / p.cellLength;
  const kDiagonal = kAxis * Math.SQRT1_2;
  // The lowest land height for the sea level: the least Float32 at or above it.
  const seaBase = float32Above(seaLevel);
  const h = out;
  const m = p.m;
  for (let step = 0; step < steps; step++) {
    checkpoint?.();
    const { order, count } = priorityFlood(h, n, seaLevel, filled, receiver);
    accumulate(receiver, order, count, rain, p.loss, cellArea, area);
    // A^m of every cell that is cut, 0 for the rest, in memory order: the pass below goes in
    // flood order, which wanders over the map, and should read as few arrays as it can. A^m as
    // exp(m · log A), twice as fast as Math.pow for an m like 0.45 (50 ns a cell: 3 ms a step
    // at 256²), and a square root for the default ½.
    for (let i = 0; i < cells; i++) {
      const a = area[i];
      // Under a lake (see the file's head): not cut, marked −1 to pass the lake's surface on.
      // Dry (or sea: area 0): not cut.
      if (filled[i] > h[i]) areaPower[i] = -1;
      else if (!(a > 0)) areaPower[i] = 0;
      else areaPower[i] = m === 0.5 ? Math.sqrt(a) : Math.exp(m * Math.log(a));
    }
    // The edge: base level.
    for (let c = 0; c < n; c++) areaPower[c] = areaPower[cells - n + c] = 0;
    for (let r = 0; r < n; r++) areaPower[r * n] = areaPower[r * n + n - 1] = 0;
    level.set(h);
    // Flood order: every receiver comes before the cells that drain into it, so its level is
    // already this step's when a donor reads it (the implicit scheme's one pass), across a lake
    // too: a lake's cells drain through one another to its outlet, which comes first.
    for (let q = 0; q < count; q++) {
      const i = order[q];
      const power = areaPower[i];
      if (power === 0) continue;
      const hi = h[i];
      const r = receiver[i];
      if (power < 0) {
        // Under a lake: not cut; its water stands at the level of where it drains.
        const surface = r === OFF_MAP ? seaBase : level[r];
        if (surface > hi) level[i] = surface;
        continue;
      }
      let base: number;
      let k: number;
      if (r === OFF_MAP) {
        // Into the sea, across an edge or a corner: the nearest sea cell says which.
        base = seaBase;
        k = seaBeside(h, n, i, seaLevel) ? kAxis : kDiagonal;
      } else {
        base = level[r];
        const d = r > i ? r - i : i - r;
        k = d === 1 || d === n ? kAxis : kDiagonal;
      }
      if (!(hi > base)) continue;
      const f = k * power;
      // Between base and hi in doubles, and both are Float32: so is the rounded result. A
      // factor past the doubles' range (a huge strength) puts the cell on its receiver.
      h[i] = level[i] = f === Infinity ? base : (hi + f * base) / (1 + f);
    }
  }
}

/** True when a neighbour along an axis of inner cell i is sea (height under the level, or NaN). */
function seaBeside(h: Float32Array, n: number, i: number, seaLevel: number): boolean {
  return !(h[i + 1] >= seaLevel) || !(h[i - 1] >= seaLevel) || !(h[i + n] >= seaLevel) || !(h[i - n] >= seaLevel);
}
