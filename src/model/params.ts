// A node's params: what each kind declares (range, step, options, the version that brought it),
// the value it holds in a graph, a node type's defaults and deep copies of values. Declared in
// a node's manifest (manifest.ts); file validation and the editor's controls read them.

import type { AnyNodeDef } from './manifest.ts';

interface ParamBase {
  readonly doc: string;
  /** The param's name for people, beside its control ("coast warmth"); the key when absent. */
  readonly label?: string;
  /** The unit of a number, beside its value ("°C", "cells"); none for plain ratios. */
  readonly unit?: string;
  /**
   * Set on a param added after the first file format: the format version that brought it, and
   * the value a file written before that version gets (by default the param's default). Chosen
   * so an older file keeps meaning what it meant; the version-2 migration reads it.
   */
  readonly since?: { readonly version: number; readonly legacy?: AnyParamValue };
  /**
   * The param is read only while another (an enum) holds one of these options (the water's
   * share with mode percent, its level with mode raw), or only while one of the node's inputs
   * has a wire (the wind's rain on slopes with a land rank: without one the air never climbs).
   * The editor dims it otherwise.
   */
  readonly appliesWhen?: AppliesWhen;
}

/** See ParamBase.appliesWhen. */
export type AppliesWhen = { readonly param: string; readonly in: readonly string[] } | { readonly wired: string };

/** When a param is read, in words for its label: "mode percent", "rank wired". */
export function appliesWords(when: AppliesWhen): string {
  return 'wired' in when ? `${when.wired} wired` : `${when.param} ${when.in.join(' or ')}`;
}

/**
 * The param's name for people: its manifest label, else its key in words ("coastMod" → "coast
 * mod"). The card writes it beside the control, and the node's text and reference use it too.
 */
export function paramLabel(key: string, spec: ParamSpec): string {
  return spec.label ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Whether a param is read with these params and, for one read only with an input wired, with
 * the node's inputs wired as `wired` says (see ParamBase.appliesWhen; unknown wiring counts as
 * wired, so only a param known to be idle is dimmed).
 */
export function paramApplies(spec: ParamSpec, params: Readonly<Record<string, AnyParamValue>>, wired: (input: string) => boolean = () => true): boolean {
  const when = spec.appliesWhen;
  if (!when) return true;
  return 'wired' in when ? wired(when.wired) : when.in.includes(params[when.param] as string);
}

/**
 * How a number's slider spreads its range: 'log' for a range over orders of magnitude (a
 * frequency over 0.05…64, where the useful 1…8 would be a tenth of a linear track), so each
 * tenth of the track multiplies the value by about the same factor; needs min ≥ 0. The editor's
 * slider only: files, typed values and the step a drag lands on are as with a linear slider.
 */
export type SliderScale = 'linear' | 'log';

export interface NumberParam extends ParamBase {
  readonly kind: 'number';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** A few words about a value, shown beside the control (a wind angle's compass direction). */
  readonly hint?: (value: number) => string;
  /** See SliderScale. */
  readonly scale?: SliderScale;
}

export interface IntParam extends ParamBase {
  readonly kind: 'int';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** A seed: the editor adds a reroll button. */
  readonly seed?: boolean;
  /** See SliderScale. */
  readonly scale?: SliderScale;
}

export interface EnumParam<T extends string = string> extends ParamBase {
  readonly kind: 'enum';
  readonly default: T;
  readonly options: readonly T[];
  /** Words for people per option, shown in its select ("fixed height"); files keep the option itself. */
  readonly labels?: Readonly<Partial<Record<T, string>>>;
}

export interface BoolParam extends ParamBase {
  readonly kind: 'bool';
  readonly default: boolean;
}

/** Curve points [x, y], sorted by x; x and y within [min, max]. */
export interface PointsParam extends ParamBase {
  readonly kind: 'points';
  readonly default: readonly (readonly [number, number])[];
  readonly min: number;
  readonly max: number;
  readonly minCount: number;
  readonly maxCount: number;
}

/** A strictly increasing list of numbers within [min, max] (the chain node's knots). */
export interface NumbersParam extends ParamBase {
  readonly kind: 'numbers';
  readonly default: readonly number[];
  readonly min: number;
  readonly max: number;
  readonly minCount: number;
  readonly maxCount: number;
}

/** A rows × cols table whose cells are picked from `options` (the Whittaker table). */
export interface TableParam extends ParamBase {
  readonly kind: 'table';
  readonly default: readonly (readonly string[])[];
  readonly rows: number;
  readonly cols: number;
  readonly options: readonly string[];
}

export type ParamSpec = NumberParam | IntParam | EnumParam | BoolParam | PointsParam | NumbersParam | TableParam;

export type Point = [number, number];

/** The value type a param spec holds. */
export type ParamValue<S extends ParamSpec> = S extends NumberParam | IntParam
  ? number
  : S extends EnumParam<infer T>
    ? T
    : S extends BoolParam
      ? boolean
      : S extends PointsParam
        ? Point[]
        : S extends NumbersParam
          ? number[]
          : S extends TableParam
            ? string[][]
            : never;

export type ParamValues<P extends Record<string, ParamSpec>> = { [K in keyof P]: ParamValue<P[K]> };

/** Any param value as stored in a graph. */
export type AnyParamValue = number | string | boolean | Point[] | number[] | string[][];

export function defaultParams(def: AnyNodeDef): Record<string, AnyParamValue> {
  const out: Record<string, AnyParamValue> = {};
  for (const [key, spec] of Object.entries(def.params)) out[key] = cloneParam(spec.default as AnyParamValue);
  return out;
}

/** A deep copy of a param value (points and tables are arrays of arrays). */
export function cloneParam<T extends AnyParamValue>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => (Array.isArray(v) ? [...v] : v)) as T;
  return value;
}
