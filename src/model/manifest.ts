// What a node file declares: ports, params, kernel and preview. One definition per node type;
// file validation, the editor's controls and the README's node reference are all read from it.
//
// Adding a node type: write nodes/<type>.ts with `defineNode({...})` and add it to the list in
// nodes/index.ts. Anything particular to it beyond the kernel is a hook of its NodeDef (what its
// preview shows, what it adds to a cell's provenance, its statistics, an overlay); engine,
// worker, viewer and command line loop over the hooks and never ask for a type by name.

import type { Domain } from '../grid.ts';
import type { BufferKind, BufferOf } from '../engine/pool.ts';
import type { BiomeValue, FieldValue, Meaning, PortType, TerrainValue, Value } from './values.ts';

export interface InputSpec {
  readonly type: PortType;
  readonly doc: string;
  /** Present when the input may stay unwired; says what the kernel uses instead. */
  readonly optional?: string;
}

export interface OutputSpec {
  readonly type: PortType;
  readonly meaning: Meaning;
  readonly doc: string;
}

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
}

export interface NumberParam extends ParamBase {
  readonly kind: 'number';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** A few words about a value, shown beside the control (a wind angle's compass direction). */
  readonly hint?: (value: number) => string;
}

export interface IntParam extends ParamBase {
  readonly kind: 'int';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** A seed: the editor adds a reroll button. */
  readonly seed?: boolean;
}

export interface EnumParam<T extends string = string> extends ParamBase {
  readonly kind: 'enum';
  readonly default: T;
  readonly options: readonly T[];
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

/** What a kernel gets from the engine besides its params. */
export interface RunContext<I extends string> {
  /** The grid being evaluated. */
  readonly domain: Domain;
  /** The heights of a wired field or terrain input; null when an optional input is unwired. */
  field(port: I): Float32Array | null;
  /** A wired terrain input (engine guarantees the type). */
  terrain(port: I): TerrainValue | null;
  /** A wired biome input. */
  biome(port: I): BiomeValue | null;
  /** The value of an input on another domain, as requested by `extraInputs`. */
  fieldAt(port: I, domain: Domain): Float32Array | null;
  /** True when the input has a wire. */
  wired(port: I): boolean;
  /**
   * A buffer of n × n cells (or `length`) owned by the engine, for the outputs: the engine
   * recycles it when this result is replaced. Outputs must come from here. Its contents are
   * left from an earlier use: the kernel must write every cell.
   */
  alloc<K extends BufferKind>(kind: K, length?: number): BufferOf<K>;
  /**
   * This node's output from its last run on this domain, or null. A kernel may read it to skip
   * work that would give the same result (the coast distance of an unchanged water mask); it
   * is valid only during the run and must never be returned as an output.
   */
  previous(port: string): Value | null;
}

/** An input that a node needs on a domain other than the one being evaluated. */
export interface ExtraInput<I extends string> {
  readonly port: I;
  readonly domain: Domain;
}

/** What a node's hooks read after an evaluation: its params and the values around it on one domain. */
export interface NodeReading<P = Record<string, AnyParamValue>> {
  /** The node's id. */
  readonly node: string;
  readonly params: P;
  readonly domain: Domain;
  /** The node's own output on the domain (its first port by default); undefined when it has none. */
  output(port?: string): Value | undefined;
  /** The value wired into an input on the domain; undefined when unwired or without output. */
  input(port: string): Value | undefined;
  /** The title of the node wired into an input. */
  inputTitle(port: string): string | undefined;
  /** The arrows (see NodeDef.overlay) of every node upstream of an input, in file order. */
  arrowsUpstream(port: string): readonly Arrows[];
}

/** An overlay of arrows the viewer draws over every map downstream of the node (the wind's). */
export interface Arrows {
  readonly node: string;
  /** The direction the arrows point, degrees counter-clockwise from east. */
  readonly angle: number;
}

/** What a node adds to one cell's provenance row beside its value and meaning. */
export interface CellNote {
  /** How the node decided the cell, in words (the Whittaker rule that gave a biome). */
  readonly why?: string;
  /** The value that went in and the node it came from (a curve's input). */
  readonly input?: { readonly value: number; readonly title: string };
  /** The entry of the node's table param that decided the cell. */
  readonly tableCell?: { readonly row: number; readonly col: number };
}

export interface NodeDef<
  I extends Record<string, InputSpec> = Record<string, InputSpec>,
  O extends Record<string, OutputSpec> = Record<string, OutputSpec>,
  P extends Record<string, ParamSpec> = Record<string, ParamSpec>,
> {
  /** The type name in graph files. Never rename: files depend on it. */
  readonly type: string;
  /** Default title of a new node. */
  readonly title: string;
  /** Menu group. */
  readonly group: 'Terrain' | 'Water' | 'Climate';
  /** One paragraph for the node reference and the editor's tooltip. */
  readonly doc: string;
  readonly inputs: I;
  readonly outputs: O;
  readonly params: P;
  // Behaviour beyond the kernel. Engine, worker, viewer and command line loop over these hooks;
  // none of them asks for a node type by name. Every hook is optional.

  /**
   * The input whose values the node's preview card shows as a histogram instead of a picture of
   * the output (the curve draws its points over the values that reach it). The viewer draws a
   * `points` param of the node over the same histogram.
   */
  readonly previewInput?: keyof I & string;
  /** Adds to the provenance row of cell i (index on r.domain) what explains it. */
  explain?(r: NodeReading<ParamValues<P>>, i: number): CellNote;
  /**
   * For a node with a `table` param: which table entry decided each cell (row · cols + col),
   * or codes ≥ rows · cols for cells the table did not decide; null when it cannot say.
   */
  cellOrigins?(r: NodeReading<ParamValues<P>>): Uint8Array | null;
  /** The figures of the node's output that recipes quote and `render --stats` writes. */
  stats?(r: NodeReading<ParamValues<P>>): object;
  /** Arrows the viewer draws over maps downstream of the node (a wind's direction); null when off. */
  overlay?(params: ParamValues<P>): { readonly angle: number } | null;
  /** Inputs needed on other domains than the evaluated one (the water node's world cut). */
  extraInputs?(params: ParamValues<P>, domain: Domain): ExtraInput<keyof I & string>[];
  /** The kernel: reads inputs, returns every output. Pure; may throw with a message for a person. */
  run(ctx: RunContext<keyof I & string>, params: ParamValues<P>): { [K in keyof O]: Value };
}

/** Erases a node definition's precise types for the registry. */
export type AnyNodeDef = NodeDef<Record<string, InputSpec>, Record<string, OutputSpec>, Record<string, ParamSpec>>;

/**
 * The node types an engine, a parser or an editor knows, passed as a value (as rete passes its
 * plugins), so a test can build an engine over two node types. nodes/index.ts makes the full one.
 */
export interface Catalogue {
  /** Every type, in menu order. */
  readonly types: readonly AnyNodeDef[];
  /** The definition of a type name, or undefined. */
  def(type: string): AnyNodeDef | undefined;
}

export function catalogueOf(defs: readonly AnyNodeDef[]): Catalogue {
  const byType = new Map<string, AnyNodeDef>();
  for (const d of defs) {
    if (byType.has(d.type)) throw new Error(`two node types are called "${d.type}"`);
    byType.set(d.type, d);
  }
  return { types: defs, def: (type) => byType.get(type) };
}

/** Declares a node type; the identity function, there for type inference. */
export function defineNode<
  const I extends Record<string, InputSpec>,
  const O extends Record<string, OutputSpec>,
  const P extends Record<string, ParamSpec>,
>(def: NodeDef<I, O, P>): NodeDef<I, O, P> {
  return def;
}

export function field(data: Float32Array, meaning: Meaning): FieldValue {
  return { type: 'field', meaning, data };
}

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

export type { Value };
