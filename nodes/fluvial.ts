// Fluvial erosion: rivers cut their valleys by the stream-power law, fed by the rain input (the
// kernel is src/kernels/fluvial.ts, the drainage src/kernels/flow.ts).

import { cellLength256 } from '../src/grid.ts';
import { DEPOSITION_MAX, streamPowerErosion } from '../src/kernels/fluvial.ts';
import { argsortFloat32 } from '../src/kernels/sort.ts';
import { COARSE_PARAM } from '../src/model/erosion-coarse.ts';
import { GRID_PARAM } from '../src/model/erosion-grid.ts';
import { type CellNote, defineNode, field, type NodeReading, workCount } from '../src/model/manifest.ts';
import { formatValue, type TerrainValue } from '../src/model/values.ts';

type Params = { strength: number; m: number; iterations: number; loss: number; deposition: number };

/**
 * Why cell i was cut as much as it was, by the kernel's rules: base levels, the drainage area
 * of the last step and the factor it gives, lakes and dry land. A newcomer reading "cut 0.0123
 * value" learns neither the rule nor why the next cell was not cut.
 */
function explainCell(r: NodeReading<Params>, i: number, port: string): CellNote {
  const terrain = r.input('terrain');
  const cut = r.output('cut');
  const area = r.output('area');
  const deposit = r.output('deposit');
  if (terrain?.type !== 'terrain' || cut?.type !== 'field' || area?.type !== 'field' || deposit?.type !== 'field') return {};
  if (port === 'terrain') {
    // The viewer words a terrain by its sea level, and this row is the one a person reads first
    // (the map shows the terrain): it says how deep the land was cut, and where to read why, as
    // the cut's own row lies a dozen rows further down, out of sight at 1600 × 1000.
    if (!(terrain.data[i] >= terrain.seaLevel)) return {};
    const c = cut.data[i];
    if (deposit.data[i] > 0) return { why: `filled by ${formatValue(deposit.data[i])} here (its deposit row says why)` };
    return { why: c > 0 ? `cut by ${formatValue(c)} here (its cut row says why)` : 'not cut here (its cut row says why)' };
  }
  const n = r.domain.n;
  const row = (i / n) | 0;
  const col = i - row * n;
  const a = area.data[i];
  const p = r.params;
  if (!(terrain.data[i] >= terrain.seaLevel)) return { why: 'under the sea level: base level, never cut' };
  if (port === 'area') {
    const rain = r.input('rain') ? (r.inputTitle('rain') ?? 'rain') : 'rain 1 everywhere (unwired)';
    return { why: `rain × 256-map cells gathered through the cell in the last step (${rain}, less loss ${p.loss})` };
  }
  if (row === 0 || col === 0 || row === n - 1 || col === n - 1) return { why: "on the map's edge: base level, never cut" };
  const laid = deposit.data[i];
  if (port === 'deposit') {
    if (laid > 0) {
      // A fill can turn the water away: the last step's area is then 0, and saying "A 0" would
      // read as a division by nothing (seen on carved-valleys at G 2: its most filled cell).
      const water = a > 0 ? `A ${formatValue(a)} rain × cells, last step` : 'no water crossed it in the last step: filled in an earlier one';
      return {
        why:
          `filled by ${formatValue(laid)} in ${p.iterations} steps: the sediment cut upstream settles where the rivers gather and slow, ` +
          `G · Qs / A a step (deposition G ${p.deposition}, Qs what reaches it, ${water}), less what the river cuts`,
      };
    }
    if (p.deposition === 0) return { why: 'nothing laid down: deposition is 0 (what is cut leaves the map)' };
    return { why: 'nothing laid down: what settled here was cut away again, or no sediment reached it' };
  }
  if (laid > 0) return { why: `not cut: filled by ${formatValue(laid)} (its deposit row says why)` };
  const c = cut.data[i];
  if (p.iterations === 0 || p.strength === 0) return { why: `no steps (iterations ${p.iterations}, strength ${p.strength}): not cut` };
  if (c > 0) {
    // F for a step along an axis (a diagonal's L is √2 longer): what a person can check by hand.
    const f = (p.strength * Math.pow(a, p.m)) / cellLength256(r.domain);
    return {
      why:
        `cut by ${formatValue(c)} in ${p.iterations} steps: ${formatValue(a)} rain × cells drain through it (last step); ` +
        `each step closes F / (1 + F) of its drop to where it drains, F = strength (K · dt) · A^m / L = ${formatValue(f)} along an axis (m the area exponent m)`,
    };
  }
  if (!(a > 0)) return { why: `not cut: no water runs off it (its rain is under the loss ${p.loss}, and none drains into it)` };
  return { why: 'not cut: under a lake (a filled hollow) at every step, or level with where it drains' };
}

export const fluvial = defineNode({
  type: 'fluvial',
  title: 'Fluvial erosion',
  group: 'Water',
  doc:
    'Rivers cut their valleys: the stream-power law dh/dt = −K · A^m · S (m the area exponent m), solved step by step with the implicit ' +
    'scheme of Braun and Willett (2013). Each step routes the water as Flow and rivers does (hollows filled to ' +
    'their outlet, each cell to its steepest lower neighbour), gathers the rain input (less the loss) downstream ' +
    'into the drainage area A, in rain × 256-map cells, and lowers each land cell towards where it drains: ' +
    'h ← (h + F · h_receiver) / (1 + F), F = strength (K · dt) · A^m / L, L the step to the receiver in 256-map cells. ' +
    'Wire the moisture as rain and the valleys deepen where the wind brings it. The sea and the map edge are the ' +
    'base level and never change; land is cut towards the sea level, never below it, so the coast stays; a lake ' +
    "floor is not cut (its water crosses to the outlet, which cuts down and drains the lake over the steps), and a river " +
    'running into a lake is cut towards its surface, not its floor. Land ' +
    'is never raised, but by deposition: above 0, the sediment cut upstream settles where the rivers gather and slow ' +
    '(Yuan et al. 2019: G · Qs / A a step, Qs the sediment reaching a cell), filling valley floors and lakes. ' +
    '0 iterations returns the terrain unchanged. Bound to the grid it runs on, like Flow and rivers.',
  inputs: {
    terrain: { type: 'terrain', doc: 'Heights with a sea level: the sea is where the rivers end.' },
    rain: { type: 'field', doc: 'Rain per cell (wire the moisture, 0…1).', optional: 'rain 1 everywhere' },
  },
  outputs: {
    terrain: { type: 'terrain', meaning: 'height', doc: 'The eroded heights, with the same sea level.' },
    cut: { type: 'field', meaning: 'value', doc: 'Depth cut per cell: height before minus after where the land fell (≥ 0), in height units.' },
    deposit: { type: 'field', meaning: 'value', doc: 'Height laid down per cell: after minus before where the land rose (≥ 0); 0 everywhere without deposition.' },
    area: { type: 'field', meaning: 'value', doc: 'Drainage area of the last step: rain × 256-map cells gathered through each land cell; 0 on the sea, and everywhere with 0 iterations.' },
  },
  params: {
    strength: {
      label: 'strength (K · dt)',
      kind: 'number',
      scale: 'log',
      default: 0.2,
      min: 0,
      max: 10,
      step: 0.001,
      unit: 'per step',
      doc: 'K · dt of one step: a cell draining an area of 1 over a step of one 256-map cell closes s / (1 + s) of its drop to where it drains per step (0.2: 17 %, 1: half, 10: 91 %).',
    },
    m: {
      label: 'area exponent m',
      kind: 'number',
      default: 0.5,
      min: 0.3,
      max: 0.7,
      step: 0.01,
      doc: 'How much more a larger river cuts (A^m): higher carves the trunk valleys deep and leaves the slopes.',
    },
    iterations: {
      kind: 'int',
      scale: 'log',
      default: 5,
      min: 0,
      // Each step is a flow run (about 6 ms at 256², 150-180 ms at 1024²), and the worker answers
      // nothing else until the node is done. 500 steps were 3 s at 256² and 90 s of CPU at 1024²
      // for nothing: at the strongest steps the land stops changing after about 25 (carved-valleys
      // at 256², m 0.3: the same mean cut at 25, 50, 100 and 500), and weaker steps reach any
      // depth 500 did in 50 stronger ones (0.001 × 500, 0.01 × 50 and 0.1 × 5 cut alike).
      max: 50,
      doc: 'Time steps; 0 leaves the terrain as it is. Strength × iterations sets how deep the valleys are; more, weaker steps follow the law more closely, and each costs a Flow and rivers run (50 at 1024²: several seconds).',
    },
    loss: { kind: 'number', default: 0, min: 0, max: 1, step: 0.01, doc: "Rain lost on each cell before it runs off, as the flow's loss: land drier than this adds no area of its own." },
    deposition: {
      kind: 'number',
      scale: 'log',
      default: 0,
      min: 0,
      max: DEPOSITION_MAX,
      step: 0.01,
      since: { version: 5, legacy: 0 },
      doc: "Yuan et al.'s G: how readily the sediment cut upstream settles where the rivers slow (G · Qs / A a step). 0: none, what is cut leaves the map; 1: valley floors and lakes fill, the valleys cut less.",
    },
    coarse: COARSE_PARAM,
    grid: GRID_PARAM,
  },
  explain: explainCell,
  neutralParams: { iterations: 0 },
  // Runs on the grid it is bound to alone, or, in files before format 8, grown by its readers' halos.
  ownGrid: (p) => p.grid === 'own',
  coarseParams: (p) => (p.coarse === 'before' ? { ...p, iterations: 0 } : p),
  // A draft at `cells` of the full picture's resolution: the drainage area is in 256-map cells
  // and a step's length too, but a coarse cell gathers the slopes a finer grid leaves beside its
  // river, and the law cuts by A^m. With the full strength a 148² draft of a 1024² view cut 2.2
  // times the full picture's depth (mean cut against the full cut averaged down to the draft's
  // cells; r 0.86); with strength × cells^m, 0.89-1.03 times at m 0.3, 0.5 and 0.7, r 0.92
  // (cells^0.5 whatever m was 0.62-1.46 times; scripts/measure-drafts.ts).
  draftParams: (p, cells) => (cells === 1 ? p : { ...p, strength: p.strength * cells ** p.m }),
  footprintDoc:
    "grid-bound: a river gathers its whole basin and cuts back from the sea or the map's edge wherever that is on the grid it runs on, so its heights depend on that grid: in the editor on the view, or on the graph's world when it has one (see One world for erosion), in a build on the build's whole grid, once, so tiles agree at their edges (see Builds). Read on a coarse grid (the water's world cut, the wind's upwind pass) it passes the land before it on, by default (`coarse`).",
  // Its work on a grid: a Priority-Flood and a gathering over its cells each step.
  workAt: (p, grid) => ({
    units: p.iterations * grid.n * grid.n,
    unit: 'cells flooded',
    text: `${workCount(p.iterations)} step${p.iterations === 1 ? '' : 's'}, each a Priority-Flood over ${grid.n}² cells`,
  }),
  footprint() {
    // A river gathers its whole basin: bound to the grid it runs on, as the flow node.
    return { kind: 'view' };
  },
  run(ctx, p) {
    const d = ctx.domain;
    const cells = d.n * d.n;
    const t = ctx.terrain('terrain')!;
    const out = ctx.alloc('f32');
    const area = ctx.alloc('f32');
    streamPowerErosion(t.data, d.n, t.seaLevel, ctx.field('rain'), { ...p, cellLength: cellLength256(d) }, out, area, ctx.checkpoint);
    const cut = ctx.alloc('f32');
    const deposit = ctx.alloc('f32');
    for (let i = 0; i < cells; i++) {
      const d = t.data[i] - out[i];
      cut[i] = d < 0 ? 0 : d;
      deposit[i] = d < 0 ? -d : 0;
    }
    // The sea level's cut source. Read from this grid (the water's view cut, which orders its
    // cells), it is these heights: sorted again, as the water would sort them. Read elsewhere (a
    // world cut, a crop) it is that region's, which this node did not erode: passed on. Either
    // way the same cells lie under the level, as no land is cut below it.
    let sorted: Float32Array;
    let order: Uint32Array | null = null;
    if (t.order && t.order.length === cells && t.sorted.length === cells) {
      sorted = ctx.alloc('f32');
      order = ctx.alloc('u32');
      argsortFloat32(out, sorted, order);
    } else {
      sorted = ctx.alloc('f32', t.sorted.length);
      sorted.set(t.sorted);
    }
    const terrain: TerrainValue = { type: 'terrain', meaning: 'height', data: out, seaLevel: t.seaLevel, sorted, waterCount: t.waterCount, order };
    return { terrain, cut: field(cut, 'value'), deposit: field(deposit, 'value'), area: field(area, 'value') };
  },
});
