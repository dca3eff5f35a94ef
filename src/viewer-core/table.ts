// The Whittaker table in the viewer: which table cell each map cell's biome came from, each
// table cell's share of the land, and the map cells of one table cell to highlight. Pure.

import { BEACH_ORIGIN, OCEAN_ORIGIN } from '../../nodes/whittaker.ts';

// Which table cell decided each map cell is the Whittaker node's own reading (its cellOrigins).
export { BEACH_ORIGIN, OCEAN_ORIGIN, tableOrigins } from '../../nodes/whittaker.ts';

/** Table cells are 0 … 15 (row · 4 + col, rows cold → hot, columns dry → wet). */
export const TABLE_CELLS = 16;
export const ORIGINS = 18;

/** How many map cells came from each origin (ORIGINS entries). */
export function originCounts(origins: Uint8Array): Uint32Array {
  const counts = new Uint32Array(ORIGINS);
  for (let i = 0; i < origins.length; i++) counts[origins[i]]++;
  return counts;
}

export interface TableShares {
  /** Per table cell (row · 4 + col): the share of the land it decided. */
  readonly cells: readonly number[];
  /** Share of the land that is beach. */
  readonly beach: number;
  /** Share of the whole map that is ocean. */
  readonly ocean: number;
  /** Land cells (everything but ocean). */
  readonly land: number;
}

/** Shares of the land per table cell, beach apart; the table cells and the beach sum to 1. */
export function tableShares(counts: Uint32Array): TableShares {
  let total = 0;
  for (const c of counts) total += c;
  const land = total - counts[OCEAN_ORIGIN];
  const share = (c: number) => (land ? c / land : 0);
  return {
    cells: Array.from({ length: TABLE_CELLS }, (_, k) => share(counts[k])),
    beach: share(counts[BEACH_ORIGIN]),
    ocean: total ? counts[OCEAN_ORIGIN] / total : 0,
    land,
  };
}

/** Shade laid over the map cells outside the highlight. */
export const DIM_RGBA = [12, 15, 20, 170] as const;

/**
 * An n × n RGBA overlay, north up: transparent over the cells that came from `origin`, a dark
 * veil over the rest, so exactly those cells stand out on the map.
 */
export function highlightOverlay(origins: Uint8Array, n: number, origin: number, out: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(n * n * 4)): Uint8ClampedArray<ArrayBuffer> {
  if (origins.length !== n * n || out.length !== n * n * 4) throw new Error(`highlightOverlay: expected ${n} × ${n} cells`);
  for (let r = 0; r < n; r++) {
    const row = r * n;
    let p = (n - 1 - r) * n * 4;
    for (let c = 0; c < n; c++, p += 4) {
      if (origins[row + c] === origin) {
        out[p] = out[p + 1] = out[p + 2] = out[p + 3] = 0;
      } else {
        out[p] = DIM_RGBA[0];
        out[p + 1] = DIM_RGBA[1];
        out[p + 2] = DIM_RGBA[2];
        out[p + 3] = DIM_RGBA[3];
      }
    }
  }
  return out;
}
