// Where a number param's slider thumb sits for a value, and back: linear, or logarithmic for a
// param whose manifest says `scale: 'log'` (a frequency over 0.05…64). UI only: the value a
// drag lands on is snapped to the param's step as a linear slider's is, and files keep values.

import type { IntParam, NumberParam } from '../../model/params.ts';

/** Thumb positions along a track: the native range input runs over 0…TRACK in whole steps. */
export const TRACK = 1000;

/** The step a drag lands on: the manifest's step, 1 for a whole-number param. */
export function sliderStep(spec: NumberParam | IntParam): number {
  return spec.kind === 'int' ? 1 : spec.step;
}

/**
 * The value where the log curve bends from linear to logarithmic: the minimum when above 0 (a
 * pure log, v = min · (max / min)^t), one step above a minimum of 0. I use the shifted log
 * v = min + k · ((1 + (max − min) / k)^t − 1) for both, which is the pure log when k = min, rather
 * than a pure log from one step up with a jump to 0 at the end: the curve stays continuous and
 * 0 stays on the track.
 */
function knee(spec: NumberParam | IntParam): number {
  return spec.min > 0 ? spec.min : sliderStep(spec);
}

/** Whether the slider of this param runs in log space. */
export function isLog(spec: NumberParam | IntParam): boolean {
  return spec.scale === 'log';
}

/** The track fraction 0…1 of a value (clamped to the range). */
export function toFraction(spec: NumberParam | IntParam, value: number): number {
  const span = spec.max - spec.min;
  if (!(span > 0)) return 0;
  const v = Math.min(spec.max, Math.max(spec.min, value));
  if (!isLog(spec)) return (v - spec.min) / span;
  const k = knee(spec);
  return Math.log1p((v - spec.min) / k) / Math.log1p(span / k);
}

/** The value at track fraction t, not yet snapped to the step. */
export function fromFraction(spec: NumberParam | IntParam, t: number): number {
  const f = Math.min(1, Math.max(0, t));
  const span = spec.max - spec.min;
  if (!isLog(spec)) return spec.min + f * span;
  const k = knee(spec);
  return spec.min + k * Math.expm1(f * Math.log1p(span / k));
}

/** Digits a step shows (0.05 → 2), so a snapped value reads 0.15, not 0.15000000000000002. */
function stepDigits(step: number): number {
  if (step >= 1) return 0;
  return Math.min(10, Math.ceil(-Math.log10(step) - 1e-9) + 1);
}

/** A value on the param's step grid from its minimum, as a native slider lands (within the range). */
export function snap(spec: NumberParam | IntParam, value: number): number {
  const step = sliderStep(spec);
  const n = Math.round((value - spec.min) / step);
  const v = Number((spec.min + n * step).toFixed(stepDigits(step)));
  if (v > spec.max) return Number((spec.min + Math.floor((spec.max - spec.min) / step + 1e-9) * step).toFixed(stepDigits(step)));
  return Math.max(spec.min, v);
}

/** The native slider's position (0…TRACK) for a value. */
export function toPosition(spec: NumberParam | IntParam, value: number): number {
  return Math.round(toFraction(spec, value) * TRACK);
}

/** The value a native slider position means: along the scale, snapped to the step. */
export function fromPosition(spec: NumberParam | IntParam, position: number): number {
  return snap(spec, fromFraction(spec, position / TRACK));
}

/**
 * The value a key press on a log slider moves to: arrows a hundredth of the track, Page keys a
 * tenth (both along the log scale, so a press changes 0.1 by about as much in proportion as 10),
 * Home and End the ends; at least one step, so a press near the bottom of the scale is never lost
 * to snapping. Undefined for a key the slider does not take.
 */
export function keyedValue(spec: NumberParam | IntParam, value: number, key: string): number | undefined {
  const moves: Record<string, number> = { ArrowRight: 0.01, ArrowUp: 0.01, ArrowLeft: -0.01, ArrowDown: -0.01, PageUp: 0.1, PageDown: -0.1 };
  if (key === 'Home') return spec.min;
  if (key === 'End') return spec.max;
  const move = moves[key];
  if (move === undefined) return undefined;
  if (move > 0 ? value >= spec.max : value <= spec.min) return value;
  const next = snap(spec, fromFraction(spec, toFraction(spec, value) + move));
  if (move > 0 ? next > value : next < value) return next;
  return snap(spec, Math.min(spec.max, Math.max(spec.min, value + Math.sign(move) * sliderStep(spec))));
}
