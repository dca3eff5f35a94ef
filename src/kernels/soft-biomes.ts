// Soft biome borders: a weight per biome for every cell, blended across the neighbouring cells
// of the Whittaker table, so colours and terrain materials fade from one biome into the next
// instead of switching at a hard line.
//
// Each cell's temperature and moisture are widened into a small square of the table's space,
// `border` wide in T and in M, centred on the cell's (T, M); a table cell's weight is the share
// of that square lying in it (the outer rows and columns reach to ±∞). The square spans at
// most two rows and two columns (border ≤ ¼), so a cell has at most four biomes. Weights sum
// to 1; at border 0 the square is a point and the weight is all on the hard lookup's biome.
// Ocean and beach stay hard: they come from the sea level and the coast, not from the table.

import { BEACH, OCEAN } from '../model/biomes.ts';
import { SOFT_SLOTS as SLOTS } from '../model/values.ts';

/** The id of an unused slot (its weight is 0). */
export const NO_BIOME = 255;
/** Widest border, in T and M units: beyond a quarter the square could span three rows. */
export const MAX_BORDER = 0.25;

export interface SoftRules {
  /** table[row * 4 + col]: biome ids, rows cold → hot, columns dry → wet. */
  readonly table: Uint8Array;
  readonly beachWidth: number;
  readonly beachMinTemperature: number;
  /** Width of the blend in T and M units (0 … MAX_BORDER). */
  readonly border: number;
}

/** The hard row or column of a value: ⌊4v⌋ clamped to 0…3 (NaN reads 0), as the lookup does. */
function hardIndex(v: number): number {
  return v >= 1 ? 3 : v > 0 ? (4 * v) | 0 : 0;
}

/**
 * Share of [lo, hi] (table index units) in row k, whose span is [k, k + 1) with row 0 reaching
 * down to −∞ and row 3 up to +∞. Writes the first row touched and the two weights.
 */
function spread(v: number, b: number, out: Float64Array): number {
  if (!(b > 0) || Number.isNaN(v)) {
    out[0] = 1;
    out[1] = 0;
    return hardIndex(v);
  }
  const t = 4 * v;
  const lo = t - (2 * b);
  const hi = t + (2 * b);
  // The square is 4b index units wide (b in T units); it crosses at most one row boundary.
  const first = lo >= 3 ? 3 : lo > 0 ? Math.floor(lo) : 0;
  if (first >= 3 || hi <= first + 1) {
    out[0] = 1;
    out[1] = 0;
    return first;
  }
  const w1 = (hi - (first + 1)) / (hi - lo);
  out[1] = w1;
  out[0] = 1 - w1;
  return first;
}

/**
 * Fills `ids` and `weights` (SLOTS per cell) for every cell. Slots of equal biome are merged;
 * unused slots hold NO_BIOME with weight 0.
 */
export function softBiomeWeights(
  rules: SoftRules,
  temperature: Float32Array,
  moisture: Float32Array,
  height: Float32Array,
  seaLevel: number,
  coast: Float32Array | null,
  /* out */ ids: Uint8Array,
  /* out */ weights: Float32Array,
): void {
  const cells = height.length;
  for (const [name, a] of [['temperature', temperature], ['moisture', moisture], ['coast', coast ?? height]] as const) {
    if (a.length !== cells) throw new Error(`whittaker: ${name} holds ${a.length} cells, expected ${cells}`);
  }
  if (ids.length !== cells * SLOTS || weights.length !== cells * SLOTS) throw new Error(`whittaker: soft weights need ${SLOTS} slots per cell`);
  if (!(rules.border >= 0 && rules.border <= MAX_BORDER)) throw new Error(`whittaker: border ${rules.border} is outside 0…${MAX_BORDER}`);
  const rw = new Float64Array(2);
  const cw = new Float64Array(2);
  const b = rules.border;
  for (let i = 0; i < cells; i++) {
    const s = i * SLOTS;
    ids[s + 1] = ids[s + 2] = ids[s + 3] = NO_BIOME;
    weights[s + 1] = weights[s + 2] = weights[s + 3] = 0;
    weights[s] = 1;
    if (!(height[i] >= seaLevel)) {
      ids[s] = OCEAN;
      continue;
    }
    const t = temperature[i];
    if (coast !== null && coast[i] < rules.beachWidth && t >= rules.beachMinTemperature) {
      ids[s] = BEACH;
      continue;
    }
    const row = spread(t, b, rw);
    const col = spread(moisture[i], b, cw);
    let used = 0;
    for (let dr = 0; dr < 2; dr++) {
      for (let dc = 0; dc < 2; dc++) {
        const w = rw[dr] * cw[dc];
        if (w === 0) continue;
        const id = rules.table[(row + dr) * 4 + col + dc];
        let slot = 0;
        while (slot < used && ids[s + slot] !== id) slot++;
        if (slot === used) {
          ids[s + slot] = id;
          weights[s + slot] = 0;
          used++;
        }
        weights[s + slot] += w;
      }
    }
  }
}
