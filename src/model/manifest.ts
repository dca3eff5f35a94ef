// What a node file declares: ports, params, kernel and preview. One definition per node type;
// file validation, the editor's controls and the README's node reference are all read from it.
//
// Adding a node type: write nodes/<type>.ts with `defineNode({...})` and add it to the list in
// nodes/index.ts. Anything particular to it beyond the kernel is a hook of its NodeDef (what its
// preview shows, what it adds to a cell's provenance, its statistics, an overlay); engine,
// worker, viewer and command line loop over the hooks and never ask for a type by name.

import { cellLength256, type Domain, type GridWindow } from '../grid.ts';
import type { BufferKind, BufferOf } from '../engine/pool.ts';
import type { BiomeValue, FieldValue, Meaning, PortType, TerrainValue, Value } from './values.ts';
import type { AnyParamValue, ParamSpec, ParamValues } from './params.ts';
import type { Picture } from '../render/preview.ts';

export interface InputSpec {
  readonly type: PortType;
  readonly doc: string;
  /** Present when the input may stay unwired; says what the kernel uses instead. */
  readonly optional?: string;
  /**
   * The meanings of the outputs this input is made for (the moisture's `air`: the wind's air).
   * A wire of one of them dropped on the node, or on empty canvas for a node picked from the
   * palette, joins this input rather than the node's first that takes its type.
   */
  readonly takes?: readonly Meaning[];
}

export interface OutputSpec {
  readonly type: PortType;
  readonly meaning: Meaning;
  readonly doc: string;
}

/** What a kernel gets from the engine besides its params. */
export interface RunContext<I extends string> {
  /** The grid this node's outputs cover: every output is written on it, cell for cell. */
  readonly domain: Domain;
  /**
   * The grid the inputs come on. The same as `domain` for a local node; for a node with a halo
   * it is `domain` grown by the halo (in whole cells of the same lattice), so the kernel sees
   * the world around the cells it writes.
   */
  readonly inputDomain: Domain;
  /** The domain asked of the whole evaluation (the view, or a tile): what view-bound modes read. */
  readonly asked: Domain;
  /** The heights of a wired field or terrain input on `inputDomain`; null when an optional input is unwired. */
  field(port: I): Float32Array | null;
  /**
   * A wired field or terrain input's heights on `inputDomain` read in place, as a window of the
   * grid its node computed them on (a larger one when that node also fed a halo): no copy, where
   * field() may have to cut the cells out first. Valid during the run only. Null when unwired.
   */
  window(port: I): GridWindow | null;
  /** A wired terrain input on `inputDomain` (engine guarantees the type). */
  terrain(port: I): TerrainValue | null;
  /** A wired biome input on `inputDomain`. */
  biome(port: I): BiomeValue | null;
  /** The value of a field or terrain input on another domain, as the footprint's `reads` asked. */
  fieldAt(port: I, domain: Domain): Float32Array | null;
  /** A terrain input on another domain, as the footprint's `reads` asked. */
  terrainAt(port: I, domain: Domain): TerrainValue | null;
  /** True when the input has a wire. */
  wired(port: I): boolean;
  /** What a wired input's numbers mean (a node that resamples it may carry it on); null when unwired. */
  meaning(port: I): Meaning | null;
  /**
   * A buffer of n × n cells of `domain` (or `length`) owned by the engine, for the outputs: the
   * engine recycles it when this result is replaced. Outputs must come from here. Its contents
   * are left from an earlier use: the kernel must write every cell.
   */
  alloc<K extends BufferKind>(kind: K, length?: number): BufferOf<K>;
  /**
   * A wired field or terrain input's grid, for an output that equals it cell for cell (the
   * water's heights): no copy. The engine counts this result as a second holder of the buffer,
   * which goes back to the pool only when both results are dropped; nothing may write it. Null
   * when it cannot be lent (unwired, a crop, not on `domain`): the kernel copies into alloc().
   */
  borrow(port: I): Float32Array | null;
  /**
   * A field output computed only if something reads it: its `data` is a buffer like alloc()'s,
   * taken and written by `fill` on the first read (by a consumer, a preview, a crop, after the
   * run or in a later evaluation), then this result's like the others. `fill` may read only
   * what the result itself holds (its outputs, a borrowed grid), never the inputs.
   */
  lazyField(meaning: Meaning, fill: (out: Float32Array) => void): FieldValue;
  /**
   * This node's output from its last run on this domain, or null. A kernel may read it to skip
   * work that would give the same result (the coast distance of an unchanged water mask); it
   * is valid only during the run and must never be returned as an output.
   */
  previous(port: string): Value | null;
  /**
   * What the node computes from its footprint's reads alone, whatever domain it runs on (the
   * sorted heights of the water's world cut): `make()` runs once for the node's params and the
   * versions of the results its footprint reads, and every run on any domain, in this evaluation
   * and the next while those do not change, gets the same value. The typed arrays in it belong
   * to the engine, never to one result: outputs may expose them, and nothing may write them.
   */
  shared<T extends object>(make: () => T): T;
  /**
   * A step boundary of a long kernel (an erosion's step or pass, a batch of droplets): throws
   * the engine's Stopped when the evaluation was asked to stop (EvaluateOptions.shouldStop), so a
   * stale evaluation ends within a step. Called once per step, never in an inner loop; the
   * engine gives back what the run took, so the kernel needs no cleanup of its own.
   */
  checkpoint(): void;
}

/**
 * Extra world a node reads around each output cell, per side, in world units (views). The
 * engine rounds each side up to whole cells of the grid being evaluated.
 */
export interface Margins {
  readonly west: number;
  readonly east: number;
  readonly south: number;
  readonly north: number;
}

/** An input a node also reads on a domain of its own (a fixed world region, a coarse world-anchored grid). */
export interface DomainRead<I extends string = string> {
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

/**
 * What a node reads around a cell to compute it: the engine's one mechanism for halos and
 * for reading other domains (SPEC §1, "One world"). The engine works out from the domain asked
 * of a target the domain each upstream node must be evaluated on (grown by every halo
 * downstream of it, the largest over its consumers, on the same lattice of cells), evaluates
 * there once and crops for each consumer. Kernels stay pure functions over grids.
 *
 * - `local`: each output cell reads its inputs at the same cell (the default when a node
 *   declares no footprint). A local node is world-consistent when its inputs are.
 * - `halo`: each output cell reads its inputs within `radius` world units (a number for every
 *   side, or Margins for a one-sided reach such as a wind's fetch). The kernel gets its inputs
 *   on `ctx.inputDomain`, the output domain grown by the radius, and writes `ctx.domain`.
 * - `global`: besides a halo `radius` (default none) around each cell, the kernel reads inputs
 *   on other domains named by `reads(domain, asked)`: a fixed world region (the water node's
 *   world cut) or a coarse grid anchored in the world that covers the output's upwind fetch
 *   (the wind). Each read must depend on the world only (fixed, or a function of `domain` on
 *   a fixed lattice), never on `asked`, or the node is not world-consistent.
 * - `view`: a view-bound mode kept for older files (the water node's view cut, the coast
 *   without a cap, the wind entering at the view's edge): the result depends on the domain
 *   asked of the evaluation (`reads` may name it), so two overlapping views may disagree.
 *
 * Footprints may depend on params (a coast cap, a blur radius, a warp amplitude).
 */
export type Footprint<I extends string = string> =
  | { readonly kind: 'local' }
  | { readonly kind: 'halo'; readonly radius: number | Margins }
  | { readonly kind: 'global'; readonly radius?: number | Margins; reads(domain: Domain, asked: Domain): readonly DomainRead<I>[] }
  | { readonly kind: 'view'; readonly radius?: number | Margins; reads?(domain: Domain, asked: Domain): readonly DomainRead<I>[] };

export const LOCAL: Footprint<never> = Object.freeze({ kind: 'local' });

/** A node's footprint for its params: `local` when it declares none. */
export function footprintOf(def: AnyNodeDef, params: Record<string, AnyParamValue>): Footprint {
  return def.footprint?.(params) ?? LOCAL;
}

/**
 * Whether a node's values depend on the grid it runs on, its extent and resolution, and not
 * on the world round each cell alone: a `view` footprint that names no reads (an erosion, a
 * flow, a coast without a cap, a wind entering at the grid's edge). A `view` footprint that
 * reads the domain asked (the water's view cut) gives every grid of an evaluation the same
 * level: it moves with the view, but not with the grid. Downstream of a grid-bound node every
 * value is grid-bound too (src/engine/grid-bound.ts).
 */
export function gridBound(f: Footprint): boolean {
  return f.kind === 'view' && !f.reads;
}

/** Whether a footprint reads the domain asked of the evaluation (the water's view cut): its values move with the view. */
export function readsAsked(f: Footprint): boolean {
  return f.kind === 'view' && !!f.reads;
}

/**
 * The params a drafts' engine runs a node with on the view's lattice (see NodeDef.draftParams),
 * for a draft of `cells` of its cells per cell of the full picture (1: a draft at the full size).
 */
export function draftedParams(def: AnyNodeDef, params: Record<string, AnyParamValue>, cells = 1): Record<string, AnyParamValue> {
  // Params counted in the grid's own cells (files before format 7) scale by the draft's cells
  // over the full picture's; those in 256-map cells are scaled on every grid by gridParams.
  const s = def.cellScale;
  const counted = s && s.countedIn(params as never) === 'grid' && cells !== 1 ? (s.scale(params as never, cells) as Record<string, AnyParamValue>) : params;
  return def.draftParams ? (def.draftParams(counted as never, cells) as Record<string, AnyParamValue>) : counted;
}

/**
 * The params a node runs with on `domain` (see NodeDef.cellScale): params set in 256-map cells
 * scaled by the grid's cells per view over 256; `params` itself at 256 cells a view, and for a
 * node without the hook or with params counted in the grid's own cells.
 */
export function gridParams(def: AnyNodeDef, params: Record<string, AnyParamValue>, domain: Domain): Record<string, AnyParamValue> {
  const s = def.cellScale;
  if (!s || s.countedIn(params as never) !== 'map256') return params;
  const ratio = 1 / cellLength256(domain);
  return ratio === 1 ? params : (s.scale(params as never, ratio) as Record<string, AnyParamValue>);
}

/** What the params of a node that counts cells count (NodeDef.cellScale): 256-map cells, or the cells of the grid it runs on. */
export type CellsCounted = 'map256' | 'grid';

/**
 * How the params of a node that counts cells of the grid it runs on (a droplet's steps of one
 * cell, passes that move ground one cell) scale with that grid's cells per view.
 */
export interface CellScale<P> {
  /**
   * What the params as set count: 'map256', cells of a map 256 cells a view wide (the product's
   * convention, as the coast's cap): the engine runs the node on every grid, a view of any size,
   * a world, a build's tiles, a draft, with scale(params, cells per view / 256); or 'grid', the
   * cells of whatever grid it runs on (files before format 7): the engine runs the params as
   * set, and a draft with scale(params, the draft's cells over the full picture's).
   */
  countedIn(params: P): CellsCounted;
  /**
   * The params that do on a grid of `ratio` times the cells per view what `params` do on theirs
   * (4 for a 1024² view of params set at 256). Given the params as set, never its own answer;
   * may go past a slider's range. At ratio 1 the engine does not call it.
   */
  scale(params: P, ratio: number): P;
}

/**
 * A node's work on one grid (NodeDef.workAt): `units` of its own kind (a pass over one cell, a
 * droplet's step), which a time measured per unit multiplies, and the same in words.
 */
export interface NodeWork {
  /** How much work, in the node's own unit: the same unit on every grid, so units on two grids compare. */
  readonly units: number;
  /** The unit, in words: "cell passes", "droplet steps at most". */
  readonly unit: string;
  /** The work in the node's own terms: "10,240 passes over 4097² cells (40 as set at 256 cells a view, × 256)". */
  readonly text: string;
}

/** The node's work on `grid` with `params` as set (NodeDef.workAt, given what the engine runs there), or null when it declares none. */
export function workOf(def: AnyNodeDef, params: Record<string, AnyParamValue>, grid: Domain): NodeWork | null {
  return def.workAt ? def.workAt(params as never, grid, gridParams(def, params, grid) as never) : null;
}

/** A count or factor in a node's work, for a person: whole numbers grouped (10,240), others to 3 figures (15.5). */
export function workCount(v: number): string {
  return (Number.isInteger(v) ? v : Number(v.toPrecision(3))).toLocaleString('en-GB', { maximumFractionDigits: 20 });
}

/** What params counting cells (`counted`: NodeDef.cellScale) are multiplied by on `grid`: its cells a view / 256, or 1 in the grid's own cells. */
export function cellRatio(counted: CellsCounted, grid: Domain): number {
  return counted === 'map256' ? 1 / cellLength256(grid) : 1;
}

/** How params counting cells (`counted`) read, in words for a node's work: "as set at 256 cells a view", or "as set, in the grid's own cells". */
export function countedWords(counted: CellsCounted): string {
  return counted === 'grid' ? "as set, in the grid's own cells" : 'as set at 256 cells a view';
}

/** A footprint's halo per side in world units (zeros when it has none). */
export function marginsOf(f: Footprint): Margins {
  const r = f.kind === 'local' ? 0 : (f.radius ?? 0);
  return typeof r === 'number' ? { west: r, east: r, south: r, north: r } : r;
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
  /**
   * Adds to the provenance row of cell i (index on r.domain) at output `port` what explains it:
   * each output of a node with several has a row of its own, and its own reason.
   */
  explain?(r: NodeReading<ParamValues<P>>, i: number, port: keyof O & string): CellNote;
  /**
   * For a node with a `table` param: which table entry decided each cell (row · cols + col),
   * or codes ≥ rows · cols for cells the table did not decide; null when it cannot say.
   */
  cellOrigins?(r: NodeReading<ParamValues<P>>): Uint8Array | null;
  /**
   * What the node's picture says in place of "constant 0" when its output `port` (the first,
   * drawn on the node) holds one value everywhere: why, and which param changes it (the flow's
   * rivers with no river: the most gathered against the river area). Null: "constant …".
   */
  constantNote?(r: NodeReading<ParamValues<P>>, port: keyof O & string): string | null;
  /**
   * The node's own picture on its card, at most `size` pixels a side (the grid's n when smaller),
   * into `out` when it is the right size, in place of its first output drawn in its meaning's
   * palette: what the node computed when no one output says it (the flow's gathered rain,
   * log-scaled, with its rivers over it). Only the card's: the viewer and exports draw the
   * outputs themselves, and constantOf / constantNote still read the first output. Null: the
   * first output's picture.
   */
  picture?(r: NodeReading<ParamValues<P>>, size: number, out?: Uint8ClampedArray): Picture | null;
  /**
   * Where the node's own sea is, when it knows one: 1 on land, 0 on the sea, over r.domain (row 0
   * south). The viewer draws the 0 cells of its two-valued outputs (the flow's rivers: no river)
   * that lie on the sea as sea, and its legend counts them apart: drawn as "no river" over land
   * and sea alike, a river seemed to end in the middle of nowhere. Null: it knows none here.
   */
  land?(r: NodeReading<ParamValues<P>>): Uint8Array | null;
  /** The figures of the node's output that recipes quote and `render --stats` writes. */
  stats?(r: NodeReading<ParamValues<P>>): object;
  /** Arrows the viewer draws over maps downstream of the node (a wind's direction); null when off. */
  overlay?(params: ParamValues<P>): { readonly angle: number } | null;
  /** What the node reads around each cell (see Footprint); absent means local. */
  footprint?(params: ParamValues<P>): Footprint<keyof I & string>;
  /** The footprint in words for the node reference, with how params change it; set beside `footprint`. */
  readonly footprintDoc?: string;
  /**
   * The params under which the node changes nothing (the water's "no sea"): a bypassed node's
   * output that no input of it can stand in for comes from a copy of the node run with these,
   * so what it fed keeps working (src/model/bypass.ts). Absent: such a wire is left unwired.
   */
  readonly neutralParams?: Partial<ParamValues<P>>;
  /**
   * The params under which a node whose footprint reads the domain asked (readsAsked: the water's
   * view cut) reads the world instead, the same in every view and tile (the water's world cut):
   * what Export → Tiles offers to set, in one step, where such a node makes tiles disagree at
   * their edges. With them the footprint must not read the domain asked (tests/tiles-frictions).
   * Absent: the box can only say to export the region as one tile.
   */
  readonly worldParams?: Partial<ParamValues<P>>;
  /**
   * What setting worldParams changes in what the node makes, under `params` (its params now), as
   * a clause after its title and "'s" ("sea level will then be read from …"), or null when nothing
   * a person sees moves: said beside the Tiles box's button, which moved the water's sea level
   * (−0.017 to −0.077 on a newcomer's graph) without a word.
   */
  worldParamsMove?(params: ParamValues<P>): string | null;
  /**
   * The params a drafts' engine runs the node with on the view's lattice (EngineOptions.draft):
   * a coarser sampling of a global region the node reads, say, since a draft is an approximation
   * that a full answer replaces. `cells` is the draft's resolution over the full picture's, in
   * (0, 1] (148 / 1024 for a 1024² view drafted at 148²): a grid-bound node whose params act
   * per cell (the fluvial's strength) scales them by it, so that the draft runs the same process
   * as the full picture at its coarser size and looks like it (a node whose params count cells,
   * steps or passes declares cellScale instead). Returns valid params; is always given the
   * params as set (the engine keeps those; cellScale's of them first), never its own answer. On a grid of
   * another resolution than the view's (a world cut) the node runs its coarseParams of the
   * params as set, as a full engine does there. Absent: the node's own.
   */
  draftParams?(params: ParamValues<P>, cells: number): ParamValues<P>;
  /**
   * How the node's params scale with the cells per view of the grid it runs on, for a node whose
   * params count cells, steps or passes (an erosion): see CellScale. The engine applies it from
   * the domain each run is on (gridParams), and to drafts (draftedParams), before draftParams.
   * Absent: the params are run as set on every grid.
   */
  readonly cellScale?: CellScale<ParamValues<P>>;
  /**
   * The work the node does on `grid`, in its own terms (a thermal erosion's passes over the
   * grid's cells, a hydraulic's droplets and their steps), for a grid-bound node whose work
   * grows with the grid faster than its cells: what a build's plan and Export → Tiles say before
   * a long run (workOf). `params` are as set, `run` what the engine runs on `grid` (gridParams
   * of them). Absent: nothing is said of the node's work but the grid it runs on.
   */
  workAt?(params: ParamValues<P>, grid: Domain, run: ParamValues<P>): NodeWork;
  /**
   * The params the node runs with on a grid of another resolution than the domain asked of the
   * evaluation (the water's world cut, the wind's coarse pass upwind), where its own would make
   * another landscape: a grid-bound erosion run there is another erosion at another scale. An
   * erosion passes its input on instead (no droplets, no passes), the large shapes a coarse grid
   * holds, so what reads it there sees the land before it. Absent: the node's own params.
   */
  coarseParams?(params: ParamValues<P>): ParamValues<P>;
  /**
   * For a node whose footprint is grid-bound by nature (an erosion, a flow): whether it runs on
   * the grid it is bound to alone (the view without a world, the world's grid, a build's grid),
   * whatever reads it, a reader past that grid reading its edge cells carried out (domains.ts
   * extendInto); its `grid` param, own by default (src/model/erosion-grid.ts). False or absent:
   * that grid grown by its readers' halos, as before format 8 (a file of version 7 or older gets
   * `grid: grown`, so its pixels stay). The coast without a cap and the wind starting at the
   * view's edge (grid-bound only in modes files of format 1 got, still offered) declare none:
   * they grow by their readers' halos, as they did; one param fewer on two nodes whose modes
   * already depend on the view.
   */
  ownGrid?(params: ParamValues<P>): boolean;
  /**
   * Why the node cannot run with these params and wires, known before evaluating (the chain's
   * one knot per wired input), or null. `check` and `render` refuse a graph for it up front.
   */
  readinessProblem?(params: ParamValues<P>, wired: (port: keyof I & string) => boolean): string | null;
  /**
   * The kernel by row bands, for evaluation spread over threads: writes rows r0 … r1 − 1 of the
   * grids in `args` and reads only what those rows need, the same bits whatever the band. run()
   * hands the rows out with bands() (src/parallel/threads.ts); a worker thread finds this hook
   * by the node's type. Absent: the kernel runs whole on one thread.
   */
  band?(args: Record<string, unknown>, r0: number, r1: number): void;
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

/**
 * Declares a node type. Its inputs, outputs and params become objects without a prototype, so
 * a name from a file or an option ("constructor", "__proto__", "toString") finds nothing
 * there instead of a function of Object.prototype.
 */
export function defineNode<
  const I extends Record<string, InputSpec>,
  const O extends Record<string, OutputSpec>,
  const P extends Record<string, ParamSpec>,
>(def: NodeDef<I, O, P>): NodeDef<I, O, P> {
  const bare = <T extends object>(o: T): T => Object.assign(Object.create(null) as T, o);
  return { ...def, inputs: bare(def.inputs), outputs: bare(def.outputs), params: bare(def.params) };
}

export function field(data: Float32Array, meaning: Meaning): FieldValue {
  return { type: 'field', meaning, data };
}

export type { Value };
