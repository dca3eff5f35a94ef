// Per-cell provenance on the page: the rows the worker read (src/engine/provenance.ts) put in
// words, each value with what it means. Pure.

import { formatValue, MASK_WORDS, type Meaning } from '../model/values.ts';
import type { ProvenanceRow } from '../engine/provenance.ts';

export type { ProvenanceRow } from '../engine/provenance.ts';
export { provenanceOrder } from '../engine/provenance.ts';
export { formatValue } from '../model/values.ts';
export { MOISTURE_COLUMNS, TEMPERATURE_ROWS } from '../model/biomes.ts';

const MEANING_NOTES: Readonly<Record<Meaning, string>> = {
  height: 'height',
  noise: 'noise, −1 … 1',
  value: 'value',
  unit: '0 … 1',
  distance: 'cells of a 256 map to the coast',
  rank: 'land rank, 0 coast … 1 summit',
  temperature: '0 cold … 1 hot',
  moisture: '0 dry … 1 wet',
  air: 'humidity of the air, 0 … 1',
  mask: '1 water, 0 land',
  river: '1 river, 0 no river',
  lake: 'lake depth, 0 off the lakes',
  biome: 'biome',
};

/** The row's value and what it means, in words: "0.4123", "0 cold … 1 hot". */
export function describeRow(row: ProvenanceRow): { value: string; note: string } {
  if (row.value === null) return { value: '—', note: row.message ?? row.state };
  if (row.biome !== undefined) return { value: row.biome, note: row.why ?? `biome id ${row.value}` };
  const value = formatValue(row.value);
  if (row.seaLevel !== undefined) {
    const above = row.value - row.seaLevel;
    const level = `sea level ${formatValue(row.seaLevel)}: ${row.water ? `water, ${formatValue(-above)} deep` : `land, ${formatValue(above)} above the sea`}`;
    // A node may add what it did to the cell (an erosion: how deep it cut) after the level.
    return { value, note: row.why ? `${level}; ${row.why}` : level };
  }
  if (row.input) return { value, note: `the curve at ${formatValue(row.input.value)} (${row.input.title})` };
  if (row.why) return { value, note: row.why };
  const words = row.meaning && MASK_WORDS[row.meaning];
  if (words) return { value, note: row.value > 0.5 ? words.one : words.zero };
  if (row.meaning === 'distance' && row.value === 0) return { value, note: 'water (distance 0)' };
  if (row.meaning === 'distance' && row.value === Infinity) return { value, note: 'no water in the view' };
  return { value, note: row.meaning ? MEANING_NOTES[row.meaning] : '' };
}
