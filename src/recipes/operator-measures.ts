// Figures of the erosion, flow, fluvial and soft-border recipes, read from the engine's own outputs
// by node id ("erosion", "rivers", "valleys", "biomes"), so their claims can be asserted in numbers.

import type { Engine } from '../engine/engine.ts';
import { nodeStats } from '../engine/stats.ts';
import type { FlowStats } from '../../nodes/flow.ts';
import { SOFT_SLOTS } from '../model/values.ts';
import { windSides } from './measures.ts';

function has(engine: Engine, id: string): boolean {
  return engine.graph.nodes.some((node) => node.id === id);
}

/** Mean |discrete Laplacian| over interior cells where `land` holds: how rough the ground is. */
function roughness(h: Float32Array, n: number, land: (i: number) => boolean): number {
  let sum = 0;
  let count = 0;
  for (let r = 1; r < n - 1; r++) {
    for (let c = 1; c < n - 1; c++) {
      const i = r * n + c;
      if (!land(i)) continue;
      sum += Math.abs(4 * h[i] - h[i - 1] - h[i + 1] - h[i - n] - h[i + n]);
      count++;
    }
  }
  return count ? sum / count : 0;
}

/**
 * erosionDrop: how much lower the sediment was laid than where it was worn (deposit-weighted
 * mean height of the ground before erosion, from the wear-weighted one); erosionBooks: the
 * relative gap between what the map lost and worn − laid (the sediment books, after Float32
 * outputs); meanWear: wear per cell; gullies: land roughness after ÷ before.
 */
function erosionFigures(engine: Engine, n: number): Record<string, number> {
  const height = engine.output('erosion', 'out')?.data;
  const wear = engine.output('erosion', 'wear')?.data;
  const deposit = engine.output('erosion', 'deposit')?.data;
  const input = engine.graph.edges.find((e) => e.to.node === 'erosion' && e.to.port === 'height');
  const ground = input && engine.output(input.from.node, input.from.port)?.data;
  const terrain = engine.output('water', 'terrain');
  if (!height || !wear || !deposit || !ground || terrain?.type !== 'terrain') return {};
  let worn = 0;
  let laid = 0;
  let lost = 0;
  let wornAt = 0;
  let laidAt = 0;
  for (let i = 0; i < n * n; i++) {
    worn += wear[i];
    laid += deposit[i];
    lost += ground[i] - height[i];
    wornAt += wear[i] * ground[i];
    laidAt += deposit[i] * ground[i];
  }
  const land = (i: number) => height[i] >= terrain.seaLevel;
  return {
    erosionDrop: wornAt / worn - laidAt / laid,
    erosionBooks: Math.abs(worn - laid - lost) / worn,
    meanWear: worn / (n * n),
    gullies: roughness(height as Float32Array, n, land) / roughness(ground as Float32Array, n, land),
  };
}

/**
 * cutWindward, cutLeeward: the mean depth the rivers cut on windward and on leeward land (the
 * world's split, as the rivers' and the biomes'); meanCut: over all land; coastMoved: cells
 * that are land on one side of the node and sea on the other.
 */
function valleyFigures(engine: Engine, n: number): Record<string, number> {
  const cut = engine.output('valleys', 'cut');
  const before = engine.output('water', 'terrain');
  const after = engine.output('valleys', 'terrain');
  const wind = engine.graph.nodes.find((node) => node.id === 'wind');
  if (cut?.type !== 'field' || before?.type !== 'terrain' || after?.type !== 'terrain') return {};
  let land = 0;
  let sum = 0;
  let moved = 0;
  for (let i = 0; i < n * n; i++) {
    const wasLand = before.data[i] >= before.seaLevel;
    if (wasLand !== after.data[i] >= after.seaLevel) moved++;
    if (!wasLand) continue;
    land++;
    sum += cut.data[i];
  }
  const out: Record<string, number> = { meanCut: land ? sum / land : 0, coastMoved: moved };
  if (wind?.params.on) {
    const sides = windSides(before, cut.data, n, wind.params.angle as number);
    Object.assign(out, { cutWindward: sides.windward, cutLeeward: sides.leeward });
  }
  return out;
}

/** Share of the land with more than one biome, and the largest gap of a cell's weights from 1. */
function softFigures(engine: Engine, n: number): Record<string, number> {
  const biomes = engine.output('biomes');
  if (biomes?.type !== 'biome' || !biomes.soft) return {};
  const { weights } = biomes.soft;
  let land = 0;
  let blended = 0;
  let worst = 0;
  for (let i = 0; i < n * n; i++) {
    let sum = 0;
    let count = 0;
    for (let s = 0; s < SOFT_SLOTS; s++) {
      const w = weights[i * SOFT_SLOTS + s];
      sum += w;
      if (w > 0) count++;
    }
    worst = Math.max(worst, Math.abs(sum - 1));
    if (biomes.data[i] === 0) continue;
    land++;
    if (count > 1) blended++;
  }
  return { blended: land ? blended / land : 0, weightGap: worst };
}

/** The figures of whichever of the erosion, rivers, valleys and soft-border nodes the graph has. */
export function operatorFigures(engine: Engine): Record<string, number> {
  const n = engine.view.size;
  const out: Record<string, number> = {};
  if (has(engine, 'erosion')) Object.assign(out, erosionFigures(engine, n));
  if (has(engine, 'rivers')) {
    const s = nodeStats(engine, 'rivers') as FlowStats;
    Object.assign(out, { riverLength: s.riverLength, lake: s.lake });
    // Windward and leeward by the world (see windSide), not by the view's halves: the share of
    // each side's land that is river.
    const rivers = engine.output('rivers', 'rivers');
    const terrain = engine.output('water', 'terrain');
    const wind = engine.graph.nodes.find((node) => node.id === 'wind');
    if (rivers?.type === 'field' && terrain?.type === 'terrain' && wind?.params.on) {
      const sides = windSides(terrain, rivers.data, n, wind.params.angle as number);
      Object.assign(out, { riverWindward: sides.windward, riverLeeward: sides.leeward });
    }
  }
  if (has(engine, 'valleys')) Object.assign(out, valleyFigures(engine, n));
  Object.assign(out, softFigures(engine, n));
  return out;
}
