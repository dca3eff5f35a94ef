// Whittaker lookup: biome from temperature and moisture, with ocean and beach rules.

import { biomeFigures } from '../src/engine/stats.ts';
import { BEACH, biomeId, DEFAULT_TABLE, MOISTURE_COLUMNS, OCEAN, TABLE_BIOMES, TEMPERATURE_ROWS } from '../src/model/biomes.ts';
import { MAX_BORDER, softBiomeWeights } from '../src/kernels/soft-biomes.ts';
import { wasmWhittaker } from '../src/kernels/wasm/instance.ts';
import { bands, rowsOf } from '../src/parallel/threads.ts';
import { assertWindow, cellCount, type GridWindow, windowRows } from '../src/grid.ts';
import { type CellNote, defineNode, type NodeReading } from '../src/model/manifest.ts';
import { formatValue, SOFT_SLOTS, type TerrainValue, type Value } from '../src/model/values.ts';

export interface WhittakerRules {
  /** table[row * 4 + col]: biome ids, rows cold → hot, columns dry → wet. */
  readonly table: Uint8Array;
  readonly beachWidth: number;
  readonly beachMinTemperature: number;
}

/** Biome ids of a table of names, row-major. */
export function tableIds(table: readonly (readonly string[])[]): Uint8Array {
  const ids = new Uint8Array(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      const id = biomeId(table[r][c]);
      if (id < 0) throw new Error(`table[${r}][${c}]: unknown biome "${table[r][c]}"`);
      ids[r * 4 + c] = id;
    }
  }
  return ids;
}

/**
 * Table row and column of a temperature and moisture: ⌊4v⌋ clamped to 0…3. NaN reads 0; +∞
 * and huge values read 3 (a plain `| 0` would wrap them to 0).
 */
export function tableIndex(v: number): number {
  return v >= 1 ? 3 : v > 0 ? (4 * v) | 0 : 0;
}

/** Which rule gives a cell its biome. */
export type WhittakerCase = { readonly rule: 'ocean' } | { readonly rule: 'beach' } | { readonly rule: 'table'; readonly row: number; readonly col: number };

/**
 * The rule that decides one cell, as the kernel applies it (tests hold the two together): for
 * explaining a cell's biome, not for whole grids.
 */
export function whittakerCase(
  rules: Pick<WhittakerRules, 'beachWidth' | 'beachMinTemperature'>,
  water: boolean,
  temperature: number,
  moisture: number,
  coast: number | null,
): WhittakerCase {
  if (water) return { rule: 'ocean' };
  if (coast !== null && coast < rules.beachWidth && temperature >= rules.beachMinTemperature) return { rule: 'beach' };
  return { rule: 'table', row: tableIndex(temperature), col: tableIndex(moisture) };
}

/**
 * Water cells are ocean. Land is beach when the coast is within beachWidth (256-map cells) and
 * T ≥ beachMinTemperature; otherwise table[⌊4T⌋][⌊4M⌋].
 */
export function whittakerKernel(
  rules: WhittakerRules,
  temperature: Float32Array,
  moisture: Float32Array,
  terrain: TerrainValue,
  coast: Float32Array | null,
  /* out */ out: Uint8Array,
): void {
  const h = terrain.data;
  const level = terrain.seaLevel;
  for (const [name, a] of [['temperature', temperature], ['moisture', moisture], ['terrain', h], ['coast', coast ?? h]] as const) {
    if (a.length !== out.length) throw new Error(`whittaker: ${name} holds ${a.length} cells, expected ${out.length}`);
  }
  wasmWhittaker({ ...rules, ocean: OCEAN, beach: BEACH }, h, level, temperature, moisture, coast, out);
}

type WhittakerBand = {
  rules: WhittakerRules;
  temperature: Float32Array;
  moisture: Float32Array;
  /** The terrain's heights, in place (ctx.window), and sea level (its sorted heights stay behind: no band reads them). */
  height: GridWindow;
  seaLevel: number;
  coast: Float32Array | null;
  out: Uint8Array;
  n: number;
};

/** Rows r0 … r1 − 1 of the biome map (cell by cell, so any band gives the same bits). */
function whittakerBand(a: WhittakerBand, r0: number, r1: number): void {
  const out = rowsOf(a.out, a.n, r0, r1);
  const height = windowRows(a.height, a.n, r0, r1);
  const temperature = rowsOf(a.temperature, a.n, r0, r1);
  const moisture = rowsOf(a.moisture, a.n, r0, r1);
  const coast = rowsOf(a.coast, a.n, r0, r1);
  for (const [name, g] of [['temperature', temperature], ['moisture', moisture], ['terrain', height], ['coast', coast ?? height]] as const) {
    if (cellCount(g) !== out.length) throw new Error(`whittaker: ${name} holds ${cellCount(g)} cells, expected ${out.length}`);
  }
  wasmWhittaker({ ...a.rules, ocean: OCEAN, beach: BEACH }, height, a.seaLevel, temperature, moisture, coast, out);
}

/** Table cells are 0 … 15 (row · 4 + col); these origins mark cells the table did not decide. */
export const BEACH_ORIGIN = 16;
export const OCEAN_ORIGIN = 17;

/**
 * For every map cell, where its biome came from: the table cell ⌊4T⌋ · 4 + ⌊4M⌋ for land the
 * table decided, BEACH_ORIGIN, or OCEAN_ORIGIN. Read off the node's own output and inputs: ocean
 * and beach are never table entries (the manifest allows neither), so the rest came from the
 * table at the cell's temperature row and moisture column, as the kernel reads it.
 */
export function tableOrigins(biomes: Uint8Array, temperature: Float32Array, moisture: Float32Array, out: Uint8Array = new Uint8Array(biomes.length)): Uint8Array {
  if (temperature.length !== biomes.length || moisture.length !== biomes.length || out.length !== biomes.length) {
    throw new Error(`tableOrigins: expected ${biomes.length} cells in every grid`);
  }
  for (let i = 0; i < biomes.length; i++) {
    const b = biomes[i];
    out[i] = b === OCEAN ? OCEAN_ORIGIN : b === BEACH ? BEACH_ORIGIN : tableIndex(temperature[i]) * 4 + tableIndex(moisture[i]);
  }
  return out;
}

type Params = { table: string[][]; beachWidth: number; beachMinTemperature: number; border: number };

/** A field input's numbers, or null (unwired, failed, or a biome map). */
function numbers(v: Value | undefined): Float32Array | null {
  return v && v.type !== 'biome' ? v.data : null;
}

/** How the rules picked the biome of cell i, in words and as its table cell. */
function explainCell(r: NodeReading<Params>, i: number): CellNote {
  const terrain = r.input('terrain');
  const t = numbers(r.input('temperature'))?.[i];
  const m = numbers(r.input('moisture'))?.[i];
  const d = numbers(r.input('coast'))?.[i] ?? null;
  if (!terrain || terrain.type !== 'terrain' || t === undefined || m === undefined) return {};
  const h = terrain.data[i];
  const rules = { beachWidth: r.params.beachWidth, beachMinTemperature: r.params.beachMinTemperature };
  const decided = whittakerCase(rules, h < terrain.seaLevel, t, m, d);
  switch (decided.rule) {
    case 'ocean':
      return { why: `height ${formatValue(h)} is under the sea level ${formatValue(terrain.seaLevel)}` };
    case 'beach':
      return { why: `the coast is ${formatValue(d!)} cells away (< ${rules.beachWidth}) and T ${formatValue(t)} ≥ ${rules.beachMinTemperature}: beach` };
    case 'table': {
      const { row, col } = decided;
      return { why: `T ${formatValue(t)} → ${TEMPERATURE_ROWS[row]} row, M ${formatValue(m)} → ${MOISTURE_COLUMNS[col]} column`, tableCell: { row, col } };
    }
  }
}

/**
 * The beach's width in a drag's draft (the view at 148², so a cell is 256 / 148 = 1.73 256-map
 * cells): just over one such cell. At the param's 1.5 no cell of a draft lies within the beach,
 * so every beach vanished while a point was dragged and came back when the hand rested; drafted,
 * the land cells next to the sea are beach, as the full picture's band of 1.5 looks at 148².
 */
export const DRAFT_BEACH_WIDTH = 1.8;

export const whittaker = defineNode({
  type: 'whittaker',
  title: 'Whittaker biomes',
  group: 'Climate',
  doc:
    'Water is ocean. Land closer to the coast than the beach width and at least as warm as the beach ' +
    'warmth is beach; the rest reads the 4 × 4 table at ⌊4T⌋, ⌊4M⌋ (rows cold → hot, columns dry → wet). Cold ' +
    'and wet gives snow, on purpose: tundra is the cold, dry corner. With a border width, each land cell ' +
    'also gets a weight per biome, blended across the neighbouring table cells within border/2 of its T ' +
    'and M (at most four biomes, summing to 1): the viewer blends their colours and exports write them as ' +
    'splat maps. Ocean and beach stay hard.',
  inputs: {
    temperature: { type: 'field', doc: 'Temperature 0…1.', takes: ['temperature'] },
    moisture: { type: 'field', doc: 'Moisture 0…1.', takes: ['moisture'] },
    terrain: { type: 'terrain', doc: 'Heights with a sea level: where the ocean is.' },
    coast: { type: 'field', doc: 'Coast distance in 256-map cells, for beaches.', optional: 'no beaches', takes: ['distance'] },
  },
  outputs: {
    out: { type: 'biome', meaning: 'biome', doc: 'Biome id per cell (0 ocean … 12 beach).' },
  },
  params: {
    table: {
      kind: 'table',
      default: DEFAULT_TABLE,
      rows: 4,
      cols: 4,
      options: TABLE_BIOMES,
      doc: 'Biome of each temperature row (cold → hot) and moisture column (dry → wet).',
    },
    beachWidth: { label: 'beach width', unit: 'cells', kind: 'number', scale: 'log', default: 1.5, min: 0, max: 20, step: 0.1, doc: 'Land closer to the sea than this (256-map cells) is beach.' },
    beachMinTemperature: { label: 'beach warmth', kind: 'number', default: 0.25, min: 0, max: 1, step: 0.01, doc: 'Beaches only where at least this warm.' },
    border: {
      kind: 'number',
      default: 0,
      min: 0,
      max: MAX_BORDER,
      step: 0.005,
      label: 'border width',
      doc: 'Soft borders: width in T and M over which neighbouring table biomes blend (weights per biome, for colours and splat maps); 0 is hard.',
      since: { version: 2, legacy: 0 },
    },
  },
  explain: explainCell,
  cellOrigins(r) {
    const biomes = r.output();
    const t = numbers(r.input('temperature'));
    const m = numbers(r.input('moisture'));
    return biomes?.type === 'biome' && t && m ? tableOrigins(biomes.data, t, m) : null;
  },
  stats(r) {
    const biomes = r.output();
    if (biomes?.type !== 'biome') throw new Error(`node "${r.node}" has no biome map`);
    return biomeFigures(r.node, biomes.data, numbers(r.input('moisture')), r.arrowsUpstream('moisture')[0] ?? null);
  },
  band: whittakerBand,
  // Only a draft's: every full evaluation keeps the param as it is (saved files keep their pixels).
  draftParams: (p) => (p.beachWidth > 0 && p.beachWidth < DRAFT_BEACH_WIDTH ? { ...p, beachWidth: DRAFT_BEACH_WIDTH } : p),
  run(ctx, p) {
    const t = ctx.terrain('terrain')!;
    const out = ctx.alloc('u8');
    const rules = { table: tableIds(p.table), beachWidth: p.beachWidth, beachMinTemperature: p.beachMinTemperature };
    const temperature = ctx.field('temperature')!;
    const moisture = ctx.field('moisture')!;
    const coast = ctx.field('coast');
    const n = ctx.domain.n;
    const height = ctx.window('terrain')!;
    assertWindow('whittaker terrain', height, ctx.domain);
    bands('whittaker', whittakerBand, { rules, temperature, moisture, height, seaLevel: t.seaLevel, coast, out, n }, n, 8, true);
    if (!(p.border > 0)) return { out: { type: 'biome', meaning: 'biome', data: out } };
    // The hard map stays the biome of each cell (statistics, the table, provenance read it);
    // the weights come alongside, for the blended colours and the splat maps.
    const ids = ctx.alloc('u8', out.length * SOFT_SLOTS);
    const weights = ctx.alloc('f32', out.length * SOFT_SLOTS);
    softBiomeWeights({ ...rules, border: p.border }, temperature, moisture, t.data, t.seaLevel, coast, ids, weights);
    return { out: { type: 'biome', meaning: 'biome', data: out, soft: { ids, weights } } };
  },
});
