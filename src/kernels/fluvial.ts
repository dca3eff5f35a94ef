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
//
// Deposition (a `deposition` coefficient G above 0) adds Yuan et al.'s (2019) term: the sediment
// cut upstream settles where the rivers gather and slow. See depositionStep.

import { floodAndAccumulate, OFF_MAP } from './flow.ts';
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
  /** Yuan et al.'s dimensionless deposition coefficient G (0, the default: none; at most DEPOSITION_MAX). */
  readonly deposition?: number;
}

/**
 * The largest deposition coefficient G the kernel takes. Past it little changes: on carved-valleys
 * at 256² (its 5 steps and rain) the volume cut falls from 848 at G 0 to 326, 254, 214 and 195 at
 * G 1, 2, 4 and 8, and the valley floors (the tenth of cells with the most area) rise by 0.020,
 * 0.024, 0.028 and 0.031 in mean.
 */
export const DEPOSITION_MAX = 4;
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
  const g = p.deposition ?? 0;
  if (!(g >= 0 && g <= DEPOSITION_MAX)) throw new Error(`fluvial: deposition must be a number from 0 to ${DEPOSITION_MAX}, got ${g}`);
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
  // Without deposition the pass below goes receivers first in the flood's drainage chains (flow.ts
  // priorityFlood), walked backwards, not in flood order: each cell's new height depends only
  // on its own and its receiver's, so any order with receivers first gives the same bits, and
  // the chains keep near the cells just passed where the flood order wanders over the map by
  // height (1024²: the pass 39 → 17 ms in a JS trial). The deposition step sums what donors send
  // into their receivers, in flood order (another order, other bits), so it keeps that order.
  const chain = g > 0 ? undefined : scratch('fluvial.chain', Int32Array, cells);
  for (let step = 0; step < steps; step++) {
    checkpoint?.();
    // The flood and the accumulation (flow.ts), the receivers kept in the module's memory between the two.
    const { order, count } = floodAndAccumulate(h, n, seaLevel, rain, p.loss, cellArea, filled, receiver, area, chain);
    // A^m of every cell that is cut, 0 for the rest, in memory order: the pass below goes down
    // the chains (or in flood order, which wanders over the map, with deposition), and should
    // read as few arrays as it can. A^m as exp(m · log A), twice as fast as Math.pow for an m
    // like 0.45 (50 ns a cell: 3 ms a step at 256²), and a square root for the default ½.
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
    if (g > 0) {
      depositionStep(h, n, seaLevel, receiver, order, count, area, areaPower, g, cellArea, kAxis, kDiagonal, seaBase, level);
      continue;
    }
    level.set(h);
    // The chains backwards: every receiver comes before the cells that drain into it, so its
    // level is already this step's when a donor reads it (the implicit scheme's one pass),
    // across a lake too: a lake's cells drain through one another to its outlet, which comes first.
    for (let q = count - 1; q >= 0; q--) {
      const i = chain![q];
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

/**
 * One step with deposition (Yuan, Braun, Guerit, Rouby and Cordonnier 2019): the stream-power
 * law with a deposition term, dh/dt = −K · A^m · S + G · Qs / A, with Qs the sediment flux (the
 * volume eroded upstream less what was laid down there) and A the water's, solved implicitly as
 * the step without it:
 *
 *   h_i ← (h_i + c_i · Qs_i + F_i · h_r) / (1 + F_i),   c_i = G / A_i,
 *
 * Qs_i what the cell's donors send it with their new heights. The paper solves it in rounds
 * (Gauss–Seidel: each round takes the flux of the round before). I tried that first: on
 * carved-valleys at 256² it needed 20 rounds a step at a tolerance of 1e-5 and a relaxation of
 * ½ (without it rounds flipped between two states), 12 times a step without deposition, and at
 * 1024² 4.3 s a step. For n = 1 the system is linear along the drainage tree, so I solve it
 * directly, as one solves a tridiagonal system (Hergarten 2020 does the same for his
 * transport-limited law): from the ridges down, each cell's new height as a linear function of
 * where it drains, α_i + β_i · h_r, and what it sends on likewise, which its receiver adds up;
 * then from the outlets up, each height from its receiver's. Two passes, no rounds.
 *
 * What is not linear:
 * - A cell the deposit would leave at or below where it drains is not cut but filled, to
 *   h_i + c_i · Qs_i, and its water stands at its receiver's level (an alluvial fan dams a side
 *   valley: the next step's flood makes it a lake). A lake's floor is filled the same way, never
 *   above the lake's surface.
 * - No cell is filled by more than reached it: c_i is at most 1 / (a cell's area), the bound
 *   where less than G cells of rain gather (G / A would lay down more than came).
 * - No deposit lifts a cell above the highest of the cells that drain into it (their heights at
 *   the step's start): a fan or a filled floor never rises above the land that feeds it, and a
 *   cell nothing drains into (a ridge, a source) is never raised. My bound, not the paper's,
 *   which lets a deposit dam its donors; on carved-valleys at 256² (G 1, 5 steps) it keeps back 2 % of
 *   the volume laid down (14.45 → 14.16 in height × 256-map cells²).
 * A last pass from the ridges down takes the flux of the final heights and lowers any cell that
 * kept more sediment than reached it (below a cell found filled instead of cut, see the second
 * pass), so the sediment is accounted for: what the land lost is what reached the sea or the
 * edge plus what it laid down, and no cell sends a negative flux.
 */
function depositionStep(
  h: Float32Array,
  n: number,
  seaLevel: number,
  receiver: Int32Array,
  order: Int32Array,
  count: number,
  area: Float32Array,
  areaPower: Float64Array,
  g: number,
  cellArea: number,
  kAxis: number,
  kDiagonal: number,
  seaBase: number,
  /* scratch */ level: Float32Array,
): void {
  const cells = n * n;
  // The heights at the step's start; what each cell's donors send it, Γ + Δ · its level; the
  // sediment that reached each cell by the final heights; and each cell's mode.
  const start = scratch('fluvial.start', Float32Array, cells).subarray(0, cells);
  const gamma = scratch('fluvial.gamma', Float64Array, cells);
  const delta = scratch('fluvial.delta', Float64Array, cells);
  const inflow = scratch('fluvial.inflow', Float64Array, cells);
  const mode = scratch('fluvial.mode', Uint8Array, cells);
  // The highest start height of each cell's donors (−∞ for none): no deposit lifts a cell above
  // the land that drains into it.
  const ceiling = scratch('fluvial.ceiling', Float32Array, cells).subarray(0, cells);
  start.set(h);
  ceiling.fill(-Infinity);
  for (let i = 0; i < cells; i++) {
    const r = receiver[i];
    if (r >= 0 && start[i] > ceiling[r]) ceiling[r] = start[i];
  }
  for (let i = 0; i < cells; i++) {
    const power = areaPower[i];
    mode[i] = power === 0 ? FIXED : power < 0 ? LAKE : CUT;
  }
  // From the ridges down (donors before their receivers): what each cell's donors send it,
  // Γ + Δ · its level, summed into gamma and delta, and what it sends on by its own equation.
  gamma.fill(0, 0, cells);
  delta.fill(0, 0, cells);
  for (let q = count - 1; q >= 0; q--) {
    const i = order[q];
    const r = receiver[i];
    if (r < 0) continue; // an outlet: what it sends leaves the map
    const sum = gamma[i];
    const slope = delta[i];
    const h0 = start[i];
    // A height that is not finite (+∞ from an overflow upstream, say) stays so, as without deposition,
    // and sends nothing on: ∞ − ∞ in what it sends made its receivers' heights NaN.
    if (!Number.isFinite(h0)) continue;
    const c = fillRate(area[i], g, cellArea);
    const m = mode[i];
    if (m === FIXED) {
      // The edge (a base level) or dry land: as it was. What reaches it passes on:
      // Qs = Γ + Δ · h0.
      gamma[r] += sum + slope * h0;
      continue;
    }
    if (m === CUT) {
      // h = α + β · level_r from h (1 + F) = h0 + c (Γ + Δ h) + F · level_r, and it sends
      // Qs + (h0 − h) · cell area with Qs = Γ + Δ h.
      const f = k(i, r, n, start, seaLevel, kAxis, kDiagonal) * areaPower[i];
      let al = 0;
      let be = 1;
      if (f !== Infinity) {
        const den = 1 + f - c * slope;
        al = (h0 + c * sum) / den;
        be = f / den;
      }
      gamma[r] += sum + slope * al + (h0 - al) * cellArea;
      delta[r] += slope * be - be * cellArea;
      continue;
    }
    // Under a lake: filled, not cut, its level its receiver's: h = h0 + c (Γ + Δ · level_r).
    gamma[r] += sum + (h0 - (h0 + c * sum)) * cellArea;
    delta[r] += slope - c * slope * cellArea;
  }
  // From the outlets up (receivers first): each height from its receiver's level. A cell the
  // solve left below where it drains is filled instead, h0 + c · (Γ + Δ · level_r), and its
  // water stands at its receiver's level; its donors' heights, each a function of its level,
  // follow. Only what it sent its receiver (solved already) assumed it was cut: it sends less,
  // so its receiver was solved with more sediment than reaches it, which the pass below takes
  // back. I first solved again with the modes found, until none changed (2 passes a step on
  // carved-valleys): the same volumes to 4 digits (G 1: 14.16 laid down, 325.63 cut, at 256²)
  // for twice the time (1024²: 749 against 357 ms a step).
  for (let q = 0; q < count; q++) {
    const i = order[q];
    const r = receiver[i];
    const base = r === OFF_MAP ? seaBase : level[r];
    const h0 = start[i];
    const m = mode[i];
    if (m === FIXED) {
      h[i] = level[i] = h0;
      continue;
    }
    const sum = gamma[i];
    const slope = delta[i];
    const c = fillRate(area[i], g, cellArea);
    const fill = h0 + c * (sum + slope * base);
    let hi: number;
    if (m === LAKE) {
      // Filled at most to the lake's surface.
      hi = Math.min(Math.max(fill, h0), Math.max(base, h0));
    } else {
      const f = k(i, r, n, start, seaLevel, kAxis, kDiagonal) * areaPower[i];
      if (f === Infinity) hi = base;
      else {
        const den = 1 + f - c * slope;
        hi = (h0 + c * sum + f * base) / den;
      }
      if (hi < base) {
        mode[i] = FILLED;
        hi = fill;
      }
    }
    if (hi > h0 && hi > ceiling[i]) hi = ceiling[i] > h0 ? ceiling[i] : h0;
    h[i] = hi;
    level[i] = h[i] > base ? h[i] : base;
  }
  settleSediment(h, start, receiver, order, count, cellArea, inflow);
}

/** A cell's mode in the deposition step: as it was, cut towards its receiver, under a lake, or filled. */
const FIXED = 0;
const CUT = 1;
const LAKE = 2;
const FILLED = 3;
/** The share of the sediment reaching a cell that settles there per step: G / A, at most all of it. */
function fillRate(a: number, g: number, cellArea: number): number {
  return a > 0 ? Math.min(g / a, 1 / cellArea) : 1 / cellArea;
}

/** K · dt / L towards the receiver r of cell i (OFF_MAP: the sea beside it, along an axis or a diagonal). */
function k(i: number, r: number, n: number, h: Float32Array, seaLevel: number, kAxis: number, kDiagonal: number): number {
  if (r === OFF_MAP) return seaBeside(h, n, i, seaLevel) ? kAxis : kDiagonal;
  const d = r > i ? r - i : i - r;
  return d === 1 || d === n ? kAxis : kDiagonal;
}

/**
 * The sediment each cell receives by the heights `h`, from the ridges down (the flood's order
 * backwards): a cell sends on what reached it plus what it lost, or less what it gained. A cell
 * that gained more than reached it is lowered to what did, so no cell sends a negative flux.
 */
function settleSediment(
  h: Float32Array,
  start: Float32Array,
  receiver: Int32Array,
  order: Int32Array,
  count: number,
  cellArea: number,
  /* out */ inflow: Float64Array,
): void {
  const cells = h.length;
  inflow.fill(0, 0, cells);
  for (let q = count - 1; q >= 0; q--) {
    const i = order[q];
    const reached = inflow[i];
    // A cell as it was sends what reached it (an infinite one too, where ∞ − ∞ is NaN).
    let sent = reached + (start[i] === h[i] ? 0 : (start[i] - h[i]) * cellArea);
    if (sent < 0) {
      // Filled by more than reached it: by what did, rounded down to a Float32.
      let hi = Math.fround(start[i] + reached / cellArea);
      if (hi > start[i] + reached / cellArea) hi = float32Below(hi);
      h[i] = hi;
      sent = Math.max(0, reached + (start[i] - hi) * cellArea);
    }
    const r = receiver[i];
    if (r >= 0) inflow[r] += sent;
  }
}

/** The greatest Float32 below a finite Float32 v (its bits one step down in magnitude or up past 0). */
function float32Below(v: number): number {
  if (v === 0) return -Math.pow(2, -149);
  ONE_FLOAT[0] = v;
  ONE_FLOAT_BITS[0] += v > 0 ? -1 : 1;
  return ONE_FLOAT[0];
}
const ONE_FLOAT = new Float32Array(1);
const ONE_FLOAT_BITS = new Int32Array(ONE_FLOAT.buffer);

/** True when a neighbour along an axis of inner cell i is sea (height under the level, or NaN). */
function seaBeside(h: Float32Array, n: number, i: number, seaLevel: number): boolean {
  return !(h[i + 1] >= seaLevel) || !(h[i - 1] >= seaLevel) || !(h[i + n] >= seaLevel) || !(h[i - n] >= seaLevel);
}
