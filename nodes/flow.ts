// Flow and rivers: depressions filled into lakes, where each cell drains, the rain gathered
// downstream and the rivers it makes (the kernels are src/kernels/flow.ts).

import { cellLength256 } from '../src/grid.ts';
import { scratch } from '../src/kernels/scratch.ts';
import { windSides } from '../src/engine/stats.ts';
import { floodAndAccumulate } from '../src/kernels/flow.ts';
import { renderDrainage } from '../src/render/drainage.ts';
import type { Picture } from '../src/render/preview.ts';
import { type CellNote, defineNode, field, type NodeReading } from '../src/model/manifest.ts';
import { formatValue } from '../src/model/values.ts';
import { GRID_PARAM } from '../src/model/erosion-grid.ts';

export interface FlowStats {
  readonly node: string;
  /** Share of the land that is river, and that is lake. */
  readonly river: number;
  readonly lake: number;
  /** River length in cells of a 256 map (river cells × cell length). */
  readonly riverLength: number;
  /**
   * With a wind upstream of the rain: river length on windward and on leeward land, told by the
   * world as the biome statistics tell them (windSides in src/engine/stats.ts), not the view's halves.
   */
  readonly windward?: number;
  readonly leeward?: number;
}

/** The figures recipes quote: how much of the land is river and lake, and on which side of the wind. */
function flowStats(r: NodeReading, wind: { readonly angle: number } | null): FlowStats {
  const rivers = r.output('rivers');
  const lakes = r.output('lakes');
  const terrain = r.input('terrain');
  if (rivers?.type !== 'field' || lakes?.type !== 'field' || terrain?.type !== 'terrain') throw new Error(`node "${r.node}" has no rivers`);
  const n = r.domain.n;
  const step = cellLength256(r.domain);
  const water = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) water[i] = terrain.data[i] >= terrain.seaLevel ? 0 : 1;
  const side = wind ? windSides(water, n, wind.angle) : null;
  let land = 0;
  let river = 0;
  let lake = 0;
  let windward = 0;
  let leeward = 0;
  for (let row = 0; row < n; row++) {
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      if (!(terrain.data[i] >= terrain.seaLevel)) continue;
      land++;
      if (lakes.data[i] > 0) lake++;
      if (rivers.data[i] !== 1) continue;
      river++;
      if (side?.[i] === 1) windward++;
      else if (side?.[i] === -1) leeward++;
    }
  }
  const share = (k: number) => (land ? k / land : 0);
  return {
    node: r.node,
    river: share(river),
    lake: share(lake),
    riverLength: river * step,
    ...(wind ? { windward: windward * step, leeward: leeward * step } : {}),
  };
}

type Params = { loss: number; riverArea: number };

/**
 * Why cell i of each output is what it is, by the kernel's own rules: the river's threshold on
 * the accumulation, the rain the cell itself adds, the lake's spill height. A newcomer read
 * "rivers 1.0000 river … accumulation 1411.7 value" and learnt neither the rule nor the unit.
 */
function explainCell(r: NodeReading<Params>, i: number, port: string): CellNote {
  const filled = r.output('filled');
  const terrain = r.input('terrain');
  if (filled?.type !== 'field' || terrain?.type !== 'terrain') return {};
  const f = filled.data[i];
  const h = terrain.data[i];
  // The kernel's sea: where even the filled height is under the sea level (src/kernels/flow.ts).
  const sea = !(f >= terrain.seaLevel);
  const acc = r.output('accumulation');
  const a = acc?.type === 'field' ? acc.data[i] : NaN;
  switch (port) {
    case 'rivers':
      if (sea) return { why: 'under the sea level, where the rivers end: no river' };
      return a >= r.params.riverArea
        ? { why: `accumulation ${formatValue(a)} ≥ river area ${r.params.riverArea} → river` }
        : { why: `accumulation ${formatValue(a)} < river area ${r.params.riverArea} → no river` };
    case 'accumulation': {
      if (sea) return { why: 'under the sea level: rain is gathered on land only' };
      const rain = r.input('rain');
      const wet = rain && rain.type !== 'biome' ? rain.data[i] : 1;
      const from = rain ? (r.inputTitle('rain') ?? 'rain') : 'unwired: 1 everywhere';
      const own = `its own rain ${formatValue(wet)} (${from})`;
      return wet - r.params.loss > 0
        ? { why: `rain × 256-map cells: what drains into the cell, plus ${own} − loss ${r.params.loss}` }
        : { why: `rain × 256-map cells: what drains into the cell; ${own} is under the loss ${r.params.loss}` };
    }
    case 'lakes':
      if (sea) return { why: 'under the sea level: no lake' };
      return f > h ? { why: `lake depth: the hollow filled to its spill point ${formatValue(f)}` } : { why: 'no lake: the cell drains downhill' };
    case 'filled':
      if (sea) return { why: 'height, under the sea level' };
      return f > h ? { why: `height ${formatValue(h)} raised to its spill point` } : { why: 'height: no hollow here' };
  }
  return {};
}

/**
 * What the rivers' picture says when no cell is river: the river area to lower, and to what (the
 * most rain any cell gathers), short enough for the node's picture. A newcomer who wired the moisture as rain
 * after an erosion saw "constant 0" and learnt neither why nor what to change (the default
 * river area, 300, is rain 1 over 300 cells; the moisture is a third of that).
 */
function constantNote(r: NodeReading<Params>, port: string): string | null {
  const rivers = r.output('rivers');
  const acc = r.output('accumulation');
  if (port !== 'rivers' || rivers?.type !== 'field' || acc?.type !== 'field' || rivers.data[0] !== 0) return null;
  let most = 0;
  for (let i = 0; i < acc.data.length; i++) if (acc.data[i] > most) most = acc.data[i];
  // A river starts where a cell gathers the river area: at most `most`, the floor of it (the param's step is 1).
  if (most >= 1) return `no river: lower river area to ${Math.floor(most)}`;
  return most > 0 ? `no river: most gathered ${formatValue(most)}` : 'no river: no rain runs off';
}

/**
 * The flow's land: 1 where even the filled height is at or over the sea level, as the kernel has
 * it (src/kernels/flow.ts), 0 on its sea. Its card picture draws the sea from it, and the viewer
 * the sea under its rivers (NodeDef.land).
 */
function flowLand(r: NodeReading<Params>): Uint8Array | null {
  const filled = r.output('filled');
  const terrain = r.input('terrain');
  if (filled?.type !== 'field' || terrain?.type !== 'terrain') return null;
  const n = r.domain.n;
  const land = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) land[i] = filled.data[i] >= terrain.seaLevel ? 1 : 0;
  return land;
}

/**
 * The node's card picture: the rain it gathered, log-scaled, on the land of its own sea (where
 * even the filled height is under the sea level, as the kernel has it), with its rivers and lakes
 * over it (src/render/drainage.ts). Its river mask alone, the first output, drew a new node at
 * the default river area as a plain sand square with a few blue dots.
 */
function drainagePicture(r: NodeReading<Params>, size: number, out?: Uint8ClampedArray): Picture | null {
  const acc = r.output('accumulation');
  const rivers = r.output('rivers');
  const lakes = r.output('lakes');
  const land = flowLand(r);
  if (acc?.type !== 'field' || rivers?.type !== 'field' || lakes?.type !== 'field' || !land) return null;
  const n = r.domain.n;
  const water = [
    { kind: 'lines' as const, data: rivers.data },
    { kind: 'area' as const, data: lakes.data },
  ];
  return renderDrainage({ gathered: acc.data, land, cellRain: cellLength256(r.domain) ** 2, water }, n, size, out);
}

export const flow = defineNode({
  type: 'flow',
  title: 'Flow and rivers',
  group: 'Water',
  doc:
    'Fills every hollow of the land into a lake up to its spill point (Priority-Flood, Barnes et al. 2014), ' +
    'so all land drains to the sea or the map edge; each cell drains to its steepest lower neighbour (8 ' +
    'directions; across a lake, towards its outlet). The rain input, less the loss, falls on each land cell ' +
    'and is gathered downstream: wire the moisture and rivers grow where the wind brings rain and run dry in ' +
    'the rain shadow. Accumulation is in rain × cells of a 256 map, the same at every resolution. Bound to ' +
    'the grid it runs on: a river gathers its whole basin, which a tile may cut.',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level: where the rivers end.' },
    rain: { type: 'field', doc: 'Rain per cell (wire the moisture, 0…1).', optional: 'rain 1 everywhere' },
  },
  outputs: {
    rivers: { type: 'field', meaning: 'river', doc: '1 where the accumulation reaches riverArea, else 0.' },
    filled: { type: 'field', meaning: 'height', doc: 'The heights with every hollow filled to its spill point.' },
    lakes: { type: 'field', meaning: 'lake', doc: 'Lake depth: filled height minus height, in height units (0 off the lakes).' },
    accumulation: { type: 'field', meaning: 'value', doc: 'Rain gathered through each land cell, in rain × 256-map cells; 0 on the sea.' },
  },
  params: {
    loss: { kind: 'number', default: 0, min: 0, max: 1, step: 0.01, doc: 'Rain lost to evaporation on each cell before it runs off: land drier than this feeds no river.' },
    riverArea: {
      kind: 'number',
      scale: 'log',
      default: 300,
      min: 1,
      max: 100000,
      step: 1,
      unit: 'rain × cells',
      doc: 'Accumulation from which a cell is river: the rain of this many 256-map cells of rain 1.',
    },
    grid: GRID_PARAM,
  },
  explain: explainCell,
  constantNote,
  picture: drainagePicture,
  land: flowLand,
  stats(r) {
    return flowStats(r, r.arrowsUpstream('rain')[0] ?? null);
  },
  // Runs on the grid it is bound to alone, or, in files before format 8, grown by its readers' halos.
  ownGrid: (p) => p.grid === 'own',
  footprintDoc:
    "grid-bound: a river gathers its whole basin and a lake fills to its spill point wherever that is on the grid it runs on, so its outputs depend on that grid: in the editor the view, or the graph's world when it has one (see One world for erosion), in a build the build's whole grid, run once, so tiles agree at their edges (see Builds).",
  // Its work on a grid: one Priority-Flood and one gathering over its cells.
  workAt: (_p, grid) => ({ units: grid.n * grid.n, unit: 'cells flooded', text: `one Priority-Flood over ${grid.n}² cells` }),
  footprint() {
    // A river gathers its whole basin and a lake fills to its spill point wherever that is:
    // bound to the grid it runs on (README: flow across tiles).
    return { kind: 'view' };
  },
  run(ctx, p) {
    const d = ctx.domain;
    const cells = d.n * d.n;
    const terrain = ctx.terrain('terrain')!;
    const filled = ctx.alloc('f32');
    const receiver = scratch('flow.receiver', Int32Array, cells).subarray(0, cells);
    const accumulation = ctx.alloc('f32');
    const area = cellLength256(d) ** 2;
    floodAndAccumulate(terrain.data, d.n, terrain.seaLevel, ctx.field('rain'), p.loss, area, filled, receiver, accumulation);
    const rivers = ctx.alloc('f32');
    const lakes = ctx.alloc('f32');
    const h = terrain.data;
    for (let i = 0; i < cells; i++) {
      rivers[i] = accumulation[i] >= p.riverArea ? 1 : 0;
      lakes[i] = filled[i] - h[i];
    }
    return { rivers: field(rivers, 'river'), filled: field(filled, 'height'), lakes: field(lakes, 'lake'), accumulation: field(accumulation, 'value') };
  },
});
