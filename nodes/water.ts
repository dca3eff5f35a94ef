// Water level: decides which cells are sea, by a fixed height (raw) or by share (percent),
// read from this grid (view) or from a fixed coarse world region (world).

import { type Domain, domainKey, worldCutDomain } from '../src/grid.ts';
import { argsortFloat32, countBelow, sortFloat32 } from '../src/kernels/sort.ts';
import { wasmWater } from '../src/kernels/wasm/distance-instance.ts';
import { gridBuffer } from '../src/parallel/memory.ts';
import { defineNode } from '../src/model/manifest.ts';
import { bands } from '../src/parallel/threads.ts';
import type { TerrainValue } from '../src/model/values.ts';

export interface SeaLevel {
  readonly level: number;
  /** Entries of the sorted cut source below the level. */
  readonly waterCount: number;
}

/**
 * Reads the sea level off ascending heights. percent: k = round(share · N) and the level is the
 * k-th smallest counting from 0, so exactly k cells lie below it (ties aside); k ≤ 0 gives the
 * minimum (no water), k ≥ N the maximum plus a tiny epsilon (all water). raw: the given level.
 */
export function seaLevelOf(sorted: Float32Array, mode: 'percent' | 'raw', share: number, rawLevel: number): SeaLevel {
  const n = sorted.length;
  if (n === 0) throw new Error('water: no heights to read a level from');
  let level: number;
  if (mode === 'raw') {
    level = rawLevel;
  } else {
    const k = Math.round(share * n);
    if (k <= 0) level = sorted[0];
    else if (k >= n) level = sorted[n - 1] + 1e-6 * Math.max(1, Math.abs(sorted[n - 1]));
    else level = sorted[k];
  }
  return { level, waterCount: countBelow(sorted, level) };
}

/** Cells a view of each world cut: `world` is the sampling of every file written before the others. */
const CUT_SAMPLING = { world: 16, 'world-8': 8, 'world-4': 4 } as const;

/** The world region a cut reads its level from, or null for the view cut. */
export function cutDomainOf(cut: string): Domain | null {
  return Object.hasOwn(CUT_SAMPLING, cut) ? worldCutDomain(CUT_SAMPLING[cut as keyof typeof CUT_SAMPLING]) : null;
}

/**
 * Rows r0 … r1 − 1 of the terrain's heights (a copy of the input, unless they are the input's
 * grid itself) and of the water mask (null: the heights alone), the mask in WebAssembly
 * (wasmWater: the input read once, the mask four cells a vector).
 */
function waterBand(a: { input: Float32Array; height: Float32Array; mask: Float32Array | null; level: number; n: number }, r0: number, r1: number): void {
  const { input, height, mask, level } = a;
  const [c0, c1] = [r0 * a.n, r1 * a.n];
  if (mask) wasmWater(input.subarray(c0, c1), level, height.subarray(c0, c1), mask.subarray(c0, c1));
  else height.set(input.subarray(c0, c1), c0);
}

/** A cut's heights in ascending order and the sea level read off them. */
interface SortedCut extends SeaLevel {
  readonly sorted: Float32Array;
}

/**
 * Sorts the cut's heights and reads the level. The water runs on several domains in one
 * evaluation (the view grown by the halos, the wind's coarse squares), each reading the same cut:
 * the engine keeps this for every one of them (RunContext.shared) until the cut or the params
 * change, so the cut is sorted once and its sorted heights are not copied per domain.
 */
function sortCut(heights: Float32Array, p: { mode: 'percent' | 'raw'; share: number; level: number }): SortedCut {
  // The engine's, not a result's: in shared memory while a band pool runs, like the grids.
  const sorted = gridBuffer(Float32Array, heights.length);
  sortFloat32(heights, sorted);
  return { sorted, ...seaLevelOf(sorted, p.mode, p.share, p.level) };
}

export const water = defineNode({
  type: 'water',
  title: 'Water level',
  group: 'Water',
  doc:
    'Everything below the sea level is water. By share of the cut (percent in files) the level is read from the ' +
    'sorted heights, with the sea share of the cut below it, so any increasing reshaping of all heights leaves the coast where it is; by fixed ' +
    'height (raw) it is the sea level given. The view cut reads the heights of this grid; the world cuts read a fixed coarse ' +
    'region of 16 × 16 views around the origin, so the coast does not move while the view pans: ' +
    'world samples it at 16 cells a view (65,536 heights), world-8 at 8 (16,384) and world-4 at 4 ' +
    '(4,096). The level is a quantile of the sample, and a quantile of thousands of samples of the ' +
    'same region is nearly that of all its cells: at 8 cells a view the share of the 16-a-view ' +
    'sample under the level is off by 0.3–0.5 % of the cells; at 4 a view by 1.6–2.3 %, always ' +
    'above, as the samples fall on the same phases of the noises. A coarser cut costs a cold view ' +
    'fewer cells (world-8 a quarter of world\'s, world-4 a sixteenth).',
  inputs: {
    height: { type: 'field', doc: 'The height to flood.' },
  },
  outputs: {
    terrain: { type: 'terrain', meaning: 'height', doc: 'The height with its sea level.' },
    mask: { type: 'field', meaning: 'mask', doc: '1 on water, 0 on land.' },
  },
  params: {
    mode: {
      kind: 'enum',
      default: 'percent',
      options: ['percent', 'raw'],
      // The share is a fraction 0 … 1, not a percentage: the control says what each mode reads.
      labels: { percent: 'share of the cut', raw: 'fixed height' },
      doc: 'Level by share of cells (percent) or by a fixed height (raw).',
    },
    share: {
      label: 'sea share of the cut',
      kind: 'number',
      default: 0.4,
      min: 0,
      max: 1,
      step: 0.01,
      appliesWhen: { param: 'mode', in: ['percent'] },
      doc: 'By share of the cut: the share of the cut source under water. A world cut is a fixed region of 16 × 16 views: the view shown holds more or less sea than this share.',
    },
    level: { label: 'sea level', kind: 'number', default: 0, min: -4, max: 4, step: 0.005, appliesWhen: { param: 'mode', in: ['raw'] }, doc: 'By fixed height: the sea level as a height.' },
    cut: {
      kind: 'enum',
      default: 'view',
      options: ['view', 'world', 'world-8', 'world-4'],
      doc: 'Where the level is read: this grid, or a fixed 16 × 16-view world region sampled at 16, 8 or 4 cells a view (world, world-8, world-4).',
    },
  },
  // Bypassed, the water floods nothing: the share 0 reads the level at the lowest height, and
  // no cell lies below that. What reads the terrain gets the heights without a sea.
  neutralParams: { mode: 'percent', share: 0 },
  // The cut the shipped graphs read: a view cut gives each tile of a build its own level.
  worldParams: { cut: 'world-8' },
  // By share the level is a quantile of the cut: of the world's, not the view's, it is another height.
  worldParamsMove: (p) =>
    p.mode === 'raw' || p.cut !== 'view'
      ? null
      : "sea level will then be read from the world's heights (16 × 16 views around the origin), not this view's, so it moves, and the coast with it",
  // A draft (the editor while a param is dragged) reads a world-16 level on the world-8 cut:
  // 16,384 heights to sort and rank instead of 65,536, a third less time for a 148² draft, and
  // its biomes agree with the full picture as well as the world-16 draft's (90.0 % of the cells
  // against 90.1, default graph, six curve states). Not coarser: at world-4 (or the wind's coarse
  // pass at 8 a view) a draft was 14 % cheaper but its most-off biome share moved from 3.8 to
  // 5.0-6.7 points off the full picture's, which then jumps when the hand rests (README, drafts).
  draftParams: (p) => (p.cut === 'world' ? { ...p, cut: 'world-8' } : p),
  footprintDoc:
    'global with a world cut (reads the heights of a fixed region of 16 × 16 views around the origin at 16, 8 or 4 cells a view, besides its own cell); view-bound with the view cut (the level is read from the domain asked of the evaluation, so it changes as the view moves).',
  footprint(p) {
    // The world cut reads a fixed region: world-consistent. The view cut reads the domain asked
    // of the evaluation (the view), whatever grid a halo downstream has this node cover.
    const cut = cutDomainOf(p.cut);
    return cut ? { kind: 'global', reads: () => [{ port: 'height', domain: cut }] } : { kind: 'view', reads: (_domain, asked) => [{ port: 'height', domain: asked }] };
  },
  band: waterBand,
  run(ctx, p) {
    const input = ctx.field('height')!;
    let sorted: Float32Array;
    let order: Uint32Array | null = null;
    let sea: SeaLevel;
    if (p.cut === 'view' && domainKey(ctx.asked) === domainKey(ctx.domain)) {
      sorted = ctx.alloc('f32');
      order = ctx.alloc('u32');
      argsortFloat32(input, sorted, order);
      sea = seaLevelOf(sorted, p.mode, p.share, p.level);
    } else {
      const cut = ctx.shared(() => sortCut(ctx.fieldAt('height', cutDomainOf(p.cut) ?? ctx.asked)!, p));
      sorted = cut.sorted;
      sea = cut;
    }
    const { level, waterCount } = sea;
    // The heights as they came, lent by the node that made them (no 6.5 MB copy at 1024² and
    // its halo); a copy where they cannot be lent (a crop).
    const borrowed = ctx.borrow('height');
    const height = borrowed ?? ctx.alloc('f32');
    const n = ctx.domain.n;
    if (!borrowed) bands('water', waterBand, { input, height, mask: null, level, n }, n);
    // The mask, which no shipped graph reads, only if something reads it (another 6.5 MB
    // written per edit otherwise): from the terrain's heights, which this result holds.
    const mask = ctx.lazyField('mask', (out) => bands('water', waterBand, { input: height, height, mask: out, level, n }, n));
    const terrain: TerrainValue = { type: 'terrain', meaning: 'height', data: height, seaLevel: level, sorted, waterCount, order };
    return { terrain, mask };
  },
});
