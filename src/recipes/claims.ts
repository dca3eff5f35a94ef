// What each recipe claims, in numbers measured from the engine's own output: the pages'
// figures with honest bands (shares ±8 points, "about twice as wet" ≥ 1.6×, "halves even"
// within 0.03) and the qualitative claims. The recipe tests assert these; the gallery prints
// them beside the pages' figures; the calibration scripts aim at them.

import { createEngine, type Engine } from '../engine/engine.ts';
import { biomeStats, type BiomeStats } from '../engine/stats.ts';
import type { Graph } from '../model/graph.ts';
import type { Catalogue } from '../model/manifest.ts';
import { CATALOGUE } from '../../nodes/index.ts';
import type { TerrainValue } from '../model/values.ts';
import { detailRelief, terraceShare, terrainFigures, type TerrainFigures, topNetwork, windSides } from './measures.ts';
import { operatorFigures } from './operator-measures.ts';

/** What a claim can read. `start` is the Start recipe on the same seeds, for relative claims. */
export interface Measured {
  readonly stats: BiomeStats;
  readonly terrain: TerrainFigures;
  readonly extra: Readonly<Record<string, number>>;
  readonly start: { readonly stats: BiomeStats; readonly terrain: TerrainFigures };
}

export interface Claim {
  /** The claim in words. */
  readonly text: string;
  /** The page's figure, as the page says it ("≈ 55 %"), or the comparison. */
  readonly page: string;
  /** The number measured. */
  readonly measure: (m: Measured) => number;
  /** How the number is shown: a share in %, a ratio, or a plain number. */
  readonly unit: '%' | '×' | '';
  /** Accepted range, inclusive. */
  readonly min: number;
  readonly max: number;
  /** Where calibration aims, when the page gives a figure. */
  readonly target?: number;
}

/** A share within ±8 points of the page's figure. */
function share(text: string, pageShare: number, measure: (m: Measured) => number, page = `≈ ${Math.round(pageShare * 1000) / 10} %`): Claim {
  return { text, page, measure, unit: '%', min: Math.max(0, pageShare - 0.08), max: Math.min(1, pageShare + 0.08), target: pageShare };
}

function atLeast(text: string, page: string, measure: (m: Measured) => number, min: number, unit: Claim['unit'] = '', target?: number): Claim {
  return { text, page, measure, unit, min, max: Infinity, target };
}

function atMost(text: string, page: string, measure: (m: Measured) => number, max: number, unit: Claim['unit'] = '', target?: number): Claim {
  return { text, page, measure, unit, min: -Infinity, max, target };
}

const land = (name: string) => (m: Measured) => m.stats.land[name] ?? 0;
const dry = (m: Measured) => m.stats.dry ?? NaN;
const halves = (m: Measured) => Math.abs(m.stats.moisture!.west - m.stats.moisture!.east);
/** a ÷ b, or NaN (which fails every claim) when b has nothing to divide by: no vacuous ∞. */
const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
/**
 * Windward and leeward land as the world has them (see windSides): land just downwind of the
 * sea against land far downwind of it. The page's scene split its view into halves because its
 * air entered at the view's edge; in one world the air has crossed whatever lies upwind, so the
 * view's halves say nothing, and the coast the wind comes from is what makes a side windward.
 */
const windward = (m: Measured) => m.extra.windward;
const leeward = (m: Measured) => m.extra.leeward;
const windRatio = (m: Measured) => ratio(windward(m), leeward(m));
/** The Start's windward ÷ leeward land on the same seeds, as shipped: its wind reads the land rank. */
const startWindRatio = (m: Measured) => ratio(m.extra.startWindward, m.extra.startLeeward);
/** The Start's under the recipe's wind: its params, and its rank input wired as the recipe's (see sameWindStart). */
const twinWindRatio = (m: Measured) => ratio(m.extra.twinWindward, m.extra.twinLeeward);

export const CLAIMS: Readonly<Record<string, readonly Claim[]>> = {
  'terrain-start.json': [
    share('water by share', 0.4, (m) => m.stats.water, '40 %'),
    atMost('a gentle rise inland: land spread (p95 − p5 of height above sea)', 'gentle', (m) => m.terrain.spread, 0.35),
    atMost('no walls at the coast: land height 2–4 cells inland', 'shelf and coast', (m) => m.terrain.coastStep, 0.08),
  ],
  'terrain-cliff.json': [
    atLeast('most high land is one flat plain (share within 0.06 of the top)', 'a high plain', (m) => m.terrain.flatTop, 0.55, '%'),
    atLeast('… many times more than in the Start', 'vs Start', (m) => ratio(m.terrain.flatTop, m.start.terrain.flatTop), 1.4, '×'),
    atLeast('a wall: the land spans a much larger height range', 'a wall rises', (m) => ratio(m.terrain.spread, m.start.terrain.spread), 1.5, '×'),
  ],
  'terrain-archipelago.json': [
    atLeast('many more separate islands than the Start', 'many islands', (m) => ratio(m.terrain.islands, m.start.terrain.islands), 2, '×'),
    atLeast('islands (4-connected, ≥ 4 cells)', 'many islands', (m) => m.terrain.islands, 12),
    atMost('the land barely rises out of the sea (land spread)', 'bumps decide', (m) => m.terrain.spread, 0.12),
  ],
  'terrain-plateau.json': [
    atLeast('most high land is one flat top', 'a flat top', (m) => m.terrain.flatTop, 0.55, '%'),
    atLeast('… many times more than in the Start', 'vs Start', (m) => ratio(m.terrain.flatTop, m.start.terrain.flatTop), 1.4, '×'),
    atLeast('a large share of the land is on the plateau', 'the step moved inland', (m) => m.terrain.high, 0.2, '%'),
  ],
  'terrain-sea-cliffs.json': [
    atLeast('land starts high: height 2–4 cells inland, against the Start', 'near-vertical', (m) => ratio(m.terrain.coastStep, m.start.terrain.coastStep), 3, '×'),
    atLeast('land 2–4 cells inland stands high', 'land starts high', (m) => m.terrain.coastStep, 0.15),
    atMost('no beach: land less than 0.02 above the sea', 'no beach', (m) => m.terrain.shore, 0.02, '%'),
  ],
  'terrain-flatlands.json': [
    atMost('flat to the horizon: land spread, against the Start', 'E low everywhere', (m) => ratio(m.terrain.spread, m.start.terrain.spread), 0.35, '×'),
    share('C still draws the coast: water by share', 0.4, (m) => m.stats.water, '40 %'),
  ],
  'terrain-peaks.json': [
    atLeast('tall peaks: 99th percentile height above the median, against the Start', 'sharp peaks', (m) => ratio(m.terrain.p99 - m.terrain.p50, m.start.terrain.p99 - m.start.terrain.p50), 1.6, '×'),
    atLeast('peaks stand tall: 99th percentile height above sea', 'sharp peaks', (m) => m.terrain.p99, 0.45),
  ],
  'terrain-lone-hills.json': [
    atMost('a low plain: median land height, against the Start', 'on a plain', (m) => ratio(m.terrain.p50, m.start.terrain.p50), 0.4, '×'),
    atLeast('lone hills: the 99th percentile stands many medians high', 'lone hills', (m) => m.terrain.p99 / Math.max(m.terrain.p50, 1e-6), 5, '×'),
  ],
  'climate-no-wind.json': [
    share('dry land (M < 0.25)', 0.55, dry, '≈ 55 % (over half)'),
    atLeast('over half the land is dry', 'over half', dry, 0.5, '%'),
    share('temperate desert', 0.38, land('temperate desert')),
    atMost('west and east halves equally dry (|mean M west − east|)', 'equal', halves, 0.03, '', 0),
  ],
  'climate-west-wind.json': [
    share('dry land falls', 0.28, dry, '≈ 28 % (from ≈ 55 %)'),
    atLeast('land just downwind of the sea is wetter than land far downwind (windward − leeward)', '0.44 − 0.36 (west − east half)', (m) => windward(m) - leeward(m), 0.08, '', 0.2),
    { text: 'mean moisture of windward land', page: '≈ 0.44 (west half)', measure: windward, unit: '', min: 0.4, max: 0.62, target: 0.5 },
    { text: 'mean moisture of leeward land', page: '≈ 0.36 (east half)', measure: leeward, unit: '', min: 0.2, max: 0.38, target: 0.3 },
  ],
  'climate-no-lift.json': [
    share('almost nothing is dry', 0.016, dry, '≈ 1.6 %'),
    atMost('the halves even out (|mean M west − east|)', 'even', halves, 0.03, '', 0),
  ],
  'climate-kauai.json': [
    share('tropical rainforest on the slopes facing the wind', 0.19, land('tropical rainforest')),
    atLeast('the windward side about twice as wet (windward ÷ leeward land)', '0.59 ÷ 0.31', windRatio, 1.6, '×', 0.59 / 0.31),
    atLeast('dry grassland behind (grassland + subtropical desert)', 'present', (m) => land('grassland')(m) + land('subtropical desert')(m), 0.1, '%'),
  ],
  'climate-valdivia.json': [
    share('temperate rainforest', 0.5, land('temperate rainforest'), '≈ 50 % (about half)'),
    atLeast('high, cold land boreal', 'present', land('boreal forest'), 0.03, '%'),
  ],
  'climate-patagonia.json': [
    share('steppe (temperate desert)', 0.37, land('temperate desert')),
    atLeast('the windward (west) side about twice as wet (windward ÷ leeward land)', '≈ 2×', windRatio, 1.6, '×', 2),
    atLeast('forest and shrubland in the west', 'present', (m) => land('temperate forest')(m) + land('shrubland')(m) + land('boreal forest')(m), 0.15, '%'),
    atLeast('cool land: the cool row (temperate desert, shrubland, boreal forest) covers most of it', 'cool land', (m) => land('temperate desert')(m) + land('shrubland')(m) + land('boreal forest')(m), 0.5, '%'),
  ],
  'climate-atacama.json': [share('subtropical desert', 0.83, land('subtropical desert'))],
  'climate-altiplano.json': [
    share('tundra', 0.5, land('tundra'), '≈ 50 % (about half)'),
    atLeast('snow on top', 'present', land('snow'), 0.02, '%'),
    atLeast('the lee side (west of the heights, in an east wind) drier (windward − leeward land)', 'drier', (m) => windward(m) - leeward(m), 0.03, '', 0.1),
  ],
  'climate-boreal.json': [
    share('boreal forest', 0.51, land('boreal forest')),
    share('snow', 0.27, land('snow')),
    atLeast('tundra as it gets colder', 'present', land('tundra'), 0.02, '%'),
  ],
  'chained-curves.json': [
    atLeast('flat coastal plains beside a rugged interior (relief E · PV inland ÷ at the coast)', 'rugged interior', (m) => m.extra.relief, 2.5, '×'),
    atLeast('… which independent curves do not make (that ratio against the Start)', 'vs Start', (m) => ratio(m.extra.relief, m.extra.startRelief), 2, '×'),
  ],
  'long-ranges.json': [
    atLeast('the crests join into ranges: share of the highest 30 % of the range noise over land in its largest 8-connected piece', 'long ranges', (m) => m.extra.network, 0.4, '%'),
    atLeast('… where the Start’s peaks-and-valleys noise breaks into separate hills (that share against the Start)', 'vs Start', (m) => ratio(m.extra.network, m.extra.startNetwork), 3, '×'),
    atLeast('the tallest crests reach the snow band of the atlas tints (0.45 above the sea): 99th percentile land height above the sea', 'snow on the crests', (m) => m.terrain.p99, 0.45),
    atMost('… and not far past it, so the height picture does not saturate', 'not saturated', (m) => m.terrain.p99, 0.6),
    // "Clearly larger" is at least 1.2× — held against the Start twice under the same wind params:
    // as shipped (its wind reads the land rank), and reading its own height the recipe's way.
    atLeast('rain shadows: windward ÷ leeward land moisture, against the Start’s under the same wind (its wind reading its land rank, as shipped)', 'clearly larger', (m) => ratio(windRatio(m), startWindRatio(m)), 1.2, '×'),
    atLeast('… and against the Start’s with its wind reading its height through the same Relief for the wind curve', 'clearly larger', (m) => ratio(windRatio(m), twinWindRatio(m)), 1.2, '×'),
  ],
  'terraced-mesas.json': [
    atLeast('mesas: land on a flat tread (equal height to its east neighbour)', 'flat tops', (m) => m.extra.terraces, 0.7, '%'),
    atLeast('… with cliffs between: the land spread (p95 − p5) at least the Start’s', 'cliffs', (m) => ratio(m.terrain.spread, m.start.terrain.spread), 1, '×'),
  ],
  'eroded-valleys.json': [
    atLeast('sediment moves down: mean height where it was worn, above where it was laid', 'valleys filled from the slopes', (m) => m.extra.erosionDrop, 0.03),
    atLeast('gullies: the land is rougher after the rain (mean absolute Laplacian, after ÷ before)', 'gullies cut', (m) => m.extra.gullies, 1.15, '×'),
    atLeast('height worn away per cell', 'eroded', (m) => m.extra.meanWear, 0.01),
    atMost('the sediment books balance: worn against laid + lost from the map, gap ÷ worn, in millionths (Float32 outputs)', 'conserved', (m) => m.extra.erosionBooks * 1e6, 100, '', 0),
    // The climate of the worn land, not of another landscape: the erosion is bound to the grid it
    // runs on, and on the coarse grids (the water's world cut, the wind's upwind pass) it passes
    // the land before it on (its coarseParams; grid-bound.ts). Eroding there too, the lee came out
    // wetter (0.71×) and the cut's sea level ranked most of the view's land near the top: a third of it snow.
    atLeast('the rain shadow outlasts the rain: windward ÷ leeward land, against the Start’s', 'the climate of the land it wears', (m) => ratio(windRatio(m), startWindRatio(m)), 0.8, '×', 1),
    atMost('snow stays on the summits: snow’s share of the land', 'as in the Start (0.1 %)', land('snow'), 0.05, '%', 0),
  ],
  'rivers-from-the-rain.json': [
    atLeast('more river on windward land (share of it that is river, windward ÷ leeward)', 'rivers grow windward', (m) => ratio(m.extra.riverWindward, m.extra.riverLeeward), 2, '×', 2),
    atLeast('rivers: total length in 256-map cells', 'present', (m) => m.extra.riverLength, 100),
    atLeast('lakes: land in filled hollows', 'lakes', (m) => m.extra.lake, 0.005, '%'),
  ],
  'carved-valleys.json': [
    // The rain is the moisture less 0.5: the lee's is mostly under the loss, so its slopes gather
    // little area and its valleys stay shallow (4.0–6.5× at 256² on shifts 0, 1000, 2000).
    atLeast('valleys deepen where the wind brings the rain: mean depth cut on windward land ÷ on leeward land', 'deeper windward', (m) => ratio(m.extra.cutWindward, m.extra.cutLeeward), 2, '×', 4),
    atLeast('valleys cut: mean depth cut on land, in height units', 'cut', (m) => m.extra.meanCut, 0.01),
    atMost('the coast stays: cells that changed between land and sea', 'none', (m) => m.extra.coastMoved, 0, '', 0),
    atLeast('rivers run in the carved land: total length in 256-map cells', 'present', (m) => m.extra.riverLength, 100),
  ],
  'soft-borders.json': [
    { text: 'land where biomes blend (more than one biome weighs)', page: 'soft borders', measure: (m) => m.extra.blended, unit: '%', min: 0.1, max: 0.7 },
    atMost('weights sum to 1 in every cell: largest gap, in millionths', '1', (m) => m.extra.weightGap * 1e6, 1, '', 0),
    atMost('the hard biomes do not move: largest land-share change against the Start', 'unchanged', (m) => Math.max(...Object.keys(m.stats.land).map((b) => Math.abs(m.stats.land[b] - m.start.stats.land[b]))), 0, '%', 0),
  ],
  'island.json': [
    { text: 'a sea all round: the map\'s border cells that are water', page: 'every one', measure: (m) => m.terrain.borderWater, unit: '%', min: 1, max: 1 },
    atLeast('one landmass: share of the land in its largest 8-connected piece', 'one island', (m) => m.terrain.mainland, 0.9, '%', 1),
    { text: 'land share of the map', page: 'about a quarter', measure: (m) => m.terrain.land, unit: '%', min: 0.15, max: 0.4, target: 0.26 },
    atLeast('the windward side wetter (windward ÷ leeward land moisture)', 'wet north-east, dry lee', windRatio, 1.6, '×', 2),
    atLeast('more river on windward land (share of it that is river, windward ÷ leeward)', 'rivers windward', (m) => ratio(m.extra.riverWindward, m.extra.riverLeeward), 2, '×'),
    atLeast('rainforest on the island (tropical rainforest)', 'present', land('tropical rainforest'), 0.1, '%'),
    atLeast('dry grass in the lee (grassland + subtropical desert)', 'present', (m) => land('grassland')(m) + land('subtropical desert')(m), 0.05, '%'),
  ],
  'composed-curves.json': [
    atLeast('terraces: land cells of the base on a flat step', 'terraces', (m) => m.extra.terraces, 0.6, '%'),
  ],
};

/**
 * Every seed param (an int param marked `seed`) moved by `shift`: the claims must hold for the
 * shipped seeds and for shifted ones.
 */
export function shiftSeeds(graph: Graph, shift: number, catalogue: Catalogue = CATALOGUE): Graph {
  const g = structuredClone(graph);
  for (const n of g.nodes) {
    for (const [key, spec] of Object.entries(catalogue.def(n.type)?.params ?? {})) {
      if (spec.kind === 'int' && spec.seed && typeof n.params[key] === 'number') n.params[key] = (n.params[key] as number) + shift;
    }
  }
  return g;
}

/** The seed shifts the claims are checked at: the shipped seeds and two others. */
export const SEED_SHIFTS = [0, 1000, 2000] as const;

function terrainOf(e: Engine): TerrainValue {
  const t = e.output('water', 'terrain');
  if (!t || t.type !== 'terrain') throw new Error(`no terrain: ${e.status('water')?.message}`);
  return t;
}

/** What one evaluated graph gives the claims (the biome node must be "biomes"). */
export interface Measurement {
  readonly stats: BiomeStats;
  readonly terrain: TerrainFigures;
  readonly extra: Record<string, number>;
}

/** Evaluates the engine's graph (cached nodes stay cached) and reads what the claims need. */
export function measureEngine(engine: Engine): Measurement {
  engine.evaluate();
  const n = engine.view.size;
  const terrain = terrainOf(engine);
  const extra: Record<string, number> = {};
  const coast = engine.output('coast', 'out');
  const base = engine.output('contCurve', 'out');
  if (coast?.type === 'field' && base?.type === 'field') extra.relief = detailRelief(terrain, base.data, coast.data, n).ratio;
  const wind = engine.graph.nodes.find((node) => node.id === 'wind');
  const moisture = engine.output('moisture', 'out');
  if (wind && wind.params.on && moisture?.type === 'field') {
    const sides = windSides(terrain, moisture.data, n, wind.params.angle as number);
    extra.windward = sides.windward;
    extra.leeward = sides.leeward;
  }
  const steps = engine.graph.nodes.some((node) => node.id === 'terraces') ? engine.output('terraces', 'out') : undefined;
  if (steps?.type === 'field') extra.terraces = terraceShare(steps.data, terrain, n);
  // The relief noise behind the heights (the recipe's warped ranges, else the peaks and valleys):
  // how its highest land joins into one network.
  const relief = engine.graph.nodes.some((node) => node.id === 'ranges') ? engine.output('ranges', 'out') : engine.output('pv', 'out');
  if (relief?.type === 'field') extra.network = topNetwork(relief.data, n, (i) => terrain.data[i] >= terrain.seaLevel);
  Object.assign(extra, operatorFigures(engine));
  return { stats: biomeStats(engine, 'biomes'), terrain: terrainFigures(terrain, n), extra };
}

export function measureGraph(graph: Graph, size = 256): Measurement {
  return measureEngine(createEngine(graph, { size }));
}

export interface ClaimResult {
  readonly claim: Claim;
  readonly value: number;
  readonly ok: boolean;
}

/**
 * The Start under a recipe's wind, when the recipe's wind reads something other than the land
 * rank: the recipe's wind params, and the node `windRelief` wired into the wind's rank input as
 * in the recipe (from the Start's own nodes of the same ids, e.g. its height). So a claim
 * "larger than the Start's under the same wind" can be held against the Start read the same
 * way, not only against the Start as shipped. Null when the recipe has no `windRelief`.
 */
export function sameWindStart(recipe: Graph, start: Graph): Graph | null {
  const relief = recipe.nodes.find((n) => n.id === 'windRelief');
  const wind = recipe.nodes.find((n) => n.id === 'wind');
  const startWind = start.nodes.find((n) => n.id === 'wind');
  if (!relief || !wind || !startWind) return null;
  const g = structuredClone(start);
  g.nodes.find((n) => n.id === 'wind')!.params = structuredClone(wind.params);
  g.nodes.push(structuredClone(relief));
  const rewired = (e: Graph['edges'][number]) => e.to.node === 'windRelief' || (e.to.node === 'wind' && e.to.port === 'rank');
  g.edges = [...g.edges.filter((e) => !rewired(e)), ...structuredClone(recipe.edges.filter(rewired))];
  return g;
}

/**
 * Judges a recipe's claims on its measurement, against the Start measured on the same seeds
 * (and, for a recipe whose wind reads a `windRelief`, the Start under that same wind: `twin`).
 */
export function judgeClaims(file: string, m: Measurement, start: Measurement, twin?: Measurement): ClaimResult[] {
  const measured: Measured = {
    stats: m.stats,
    terrain: m.terrain,
    extra: {
      ...m.extra,
      startRelief: start.extra.relief,
      startNetwork: start.extra.network,
      startWindward: start.extra.windward,
      startLeeward: start.extra.leeward,
      twinWindward: twin?.extra.windward ?? NaN,
      twinLeeward: twin?.extra.leeward ?? NaN,
    },
    start: { stats: start.stats, terrain: start.terrain },
  };
  return (CLAIMS[file] ?? []).map((claim) => {
    const value = claim.measure(measured);
    return { claim, value, ok: value >= claim.min && value <= claim.max };
  });
}

/** Checks a recipe's claims for one seed shift, against the Start recipe on the same seeds. */
export function checkClaims(file: string, graph: Graph, start: Graph, shift: number, size = 256): ClaimResult[] {
  const twin = sameWindStart(graph, start);
  return judgeClaims(
    file,
    measureGraph(shiftSeeds(graph, shift), size),
    measureGraph(shiftSeeds(start, shift), size),
    twin ? measureGraph(shiftSeeds(twin, shift), size) : undefined,
  );
}
