// One value range per layer for a whole build, so 16-bit tiles meet without steps.
//
// A layer whose meaning has fixed bounds (temperature, moisture, rank, noise…) uses them.
// Heights and distances have none, and a tile cannot know the world's extremes, so we read
// them from a coarse pass: the graph evaluated once on a square of at most 512² samples
// covering the region, its finite range widened by RANGE_MARGIN of its span on each side
// (the coarse grid misses the finest peaks). It depends on the graph, the region and the
// resolution only, so every process of a fan-out computes the same figures without talking
// to the others. A value still outside is clipped, and each tile's manifest counts those
// cells. `--range MIN,MAX` declares the range instead (for every field layer written).
// The alternative not taken, a first pass over every tile at full resolution, would make a
// lone tile depend on all the others.

import type { Domain } from '../grid.ts';
import type { Engine } from '../engine/engine.ts';
import { isMask, type Meaning } from '../model/values.ts';
import { finiteRange } from '../render/layer.ts';
import { rampFor } from '../render/ramps.ts';
import type { ValueRange } from './encode.ts';
import type { BuildPlan } from './plan.ts';

/** Widening of the coarse pass's range, as a share of its span, on each side. */
export const RANGE_MARGIN = 0.05;
/** Samples a side of the coarse pass, at most. */
export const COARSE_SAMPLES = 512;

export interface LayerRange extends ValueRange {
  /** Where the range came from. */
  readonly source: 'fixed' | 'coarse' | 'declared';
}

/** The square the coarse pass samples: the region's bounding square, on the build's lattice when it is small. */
export function coarseDomain(plan: BuildPlan): Domain {
  const { region: r, cellsPerView: n } = plan;
  const side = Math.max(r.x1 - r.x0, r.y1 - r.y0);
  const samples = Math.min(COARSE_SAMPLES, Math.max(16, Math.round(side * n) + 1));
  return Object.freeze({ x0: r.x0, y0: r.y0, extent: side, n: samples });
}

/** The layer's range from its meaning alone, or null when it has no fixed bounds. */
export function fixedRange(meaning: Meaning): ValueRange | null {
  const range = isMask(meaning) ? ([0, 1] as const) : rampFor(meaning).range;
  return range ? { min: range[0], max: range[1] } : null;
}

/**
 * Ranges of the field layers ("node.port" → range). Layers without fixed bounds are read
 * from one coarse evaluation of `engine` (which must be able to evaluate the layers' nodes);
 * the terrain layers among those leave their sea level in `seaLevels` (the world's, where the
 * level is read from the world cut: the same on every domain).
 */
export function worldRanges(
  engine: Engine,
  plan: BuildPlan,
  layers: readonly { readonly stem: string; readonly node: string; readonly port: string; readonly meaning: Meaning }[],
  declared: ValueRange | null,
  /* out */ seaLevels?: Map<string, number>,
): Map<string, LayerRange> {
  const out = new Map<string, LayerRange>();
  const coarse: typeof layers[number][] = [];
  for (const l of layers) {
    const fixed = declared ? null : fixedRange(l.meaning);
    if (declared) out.set(l.stem, { ...declared, source: 'declared' });
    else if (fixed) out.set(l.stem, { ...fixed, source: 'fixed' });
    else coarse.push(l);
  }
  if (!coarse.length) return out;
  const domain = coarseDomain(plan);
  engine.evaluate({ domain, targets: [...new Set(coarse.map((l) => l.node))], dropIntermediates: true });
  for (const l of coarse) {
    const status = engine.status(l.node, domain);
    if (status?.state !== 'ok') throw new Error(`node "${l.node}" ${status?.state ?? 'did not run'} on the coarse pass: ${status?.message ?? ''}`);
    const value = engine.output(l.node, l.port, domain)!;
    if (value.type === 'terrain') seaLevels?.set(l.stem, value.seaLevel);
    const [lo, hi] = finiteRange(value.data);
    const pad = hi > lo ? (hi - lo) * RANGE_MARGIN : 0.5;
    out.set(l.stem, { min: lo - pad, max: hi + pad, source: 'coarse' });
  }
  return out;
}

/** Samples a side of the evaluation that reads the sea levels alone (seaLevelsAlone). */
export const SEA_LEVEL_SAMPLES = 16;

/**
 * The world's sea level of each terrain layer the coarse pass did not read: a build whose
 * formats need no range (f32 alone) or that declares one (`--range`) runs no coarse pass, and
 * its manifest.json said no sea level at all, where Unreal's water plane and Unity's sea go.
 * `layers` must have no view-bound node upstream (blocks.ts tileBound): then the level is read
 * from the world cut, or is a fixed height, the same on every domain, so I read it off a
 * 16² evaluation of the coarse square rather than pay a 512² coarse pass for one number.
 */
export function seaLevelsAlone(
  engine: Engine,
  plan: BuildPlan,
  layers: readonly { readonly stem: string; readonly node: string; readonly port: string; readonly type: string }[],
  /* out */ seaLevels: Map<string, number>,
): void {
  const wanted = layers.filter((l) => l.type === 'terrain' && !seaLevels.has(l.stem));
  if (!wanted.length) return;
  const domain: Domain = Object.freeze({ ...coarseDomain(plan), n: SEA_LEVEL_SAMPLES });
  engine.evaluate({ domain, targets: [...new Set(wanted.map((l) => l.node))], dropIntermediates: true });
  for (const l of wanted) {
    // A node that fails here fails in the tiles too, which report it as they did before (failed
    // tiles, by index, exit 1): the sea level is not worth refusing the build over.
    if (engine.status(l.node, domain)?.state !== 'ok') continue;
    const value = engine.output(l.node, l.port, domain);
    if (value?.type === 'terrain') seaLevels.set(l.stem, value.seaLevel);
  }
}
