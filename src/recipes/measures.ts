// Figures that describe a terrain's shape, so a recipe's claims can be asserted in numbers:
// islands, one landmass, a sea all round, height spread, the step at the coast, plateaus and peaks.

import { distanceTransform } from '../kernels/distance.ts';
import type { TerrainValue } from '../model/values.ts';
import { windSides as worldWindSides } from '../engine/stats.ts';

export interface TerrainFigures {
  /** Separate pieces of land (4-connected, at least 4 cells). */
  readonly islands: number;
  /** Share of the cells that is land. */
  readonly land: number;
  /** Share of the land in its largest 8-connected piece: 1 for one landmass, 0 with no land. */
  readonly mainland: number;
  /** Share of the map's border cells (its first and last rows and columns) that is water: 1 for a sea all round. */
  readonly borderWater: number;
  /** Land heights above the sea level at these percentiles of the land. */
  readonly p5: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  /** p95 − p5: how much the land's height varies. */
  readonly spread: number;
  /**
   * Median height above the sea level of the land 2 to 4 cells (of a 256 map) from the water:
   * how high the land stands just behind the coast.
   */
  readonly coastStep: number;
  /** Share of the land less than 0.02 above the sea level: the shore band of the atlas tints. */
  readonly shore: number;
  /**
   * Of the high land (above halfway between p5 and p99), the share within 0.06 below the 98th
   * percentile height: near 1 when the high land is one flat top, small when it is hills.
   */
  readonly flatTop: number;
  /** Share of the land that is high land (above halfway between p5 and p99). */
  readonly high: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
}

/** Counts 4-connected land components of at least `minCells` cells. */
export function countIslands(terrain: TerrainValue, n: number, minCells = 4): number {
  const h = terrain.data;
  const level = terrain.seaLevel;
  const seen = new Uint8Array(n * n);
  const stack = new Int32Array(n * n);
  let islands = 0;
  for (let start = 0; start < n * n; start++) {
    if (seen[start] || h[start] < level) continue;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top];
      size++;
      const r = Math.floor(i / n);
      const c = i - r * n;
      const visit = (j: number) => {
        if (!seen[j] && h[j] >= level) {
          seen[j] = 1;
          stack[top++] = j;
        }
      };
      if (c > 0) visit(i - 1);
      if (c < n - 1) visit(i + 1);
      if (r > 0) visit(i - n);
      if (r < n - 1) visit(i + n);
    }
    if (size >= minCells) islands++;
  }
  return islands;
}

export function terrainFigures(terrain: TerrainValue, n: number): TerrainFigures {
  const h = terrain.data;
  const s = terrain.seaLevel;
  const water = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) water[i] = h[i] < s ? 1 : 0;
  const dist = new Float32Array(n * n);
  distanceTransform(dist, { x0: 0, y0: 0, extent: 1, n }, water, 256 / n);
  const above: number[] = [];
  const coast: number[] = [];
  for (let i = 0; i < n * n; i++) {
    if (water[i]) continue;
    above.push(h[i] - s);
    if (dist[i] >= 2 && dist[i] <= 4) coast.push(h[i] - s);
  }
  const land = Float64Array.from(above).sort();
  const coastSorted = Float64Array.from(coast).sort();
  const p50 = percentile(land, 0.5);
  const p98 = percentile(land, 0.98);
  let borderWater = 0;
  for (let k = 0; k < n; k++) borderWater += water[k] + water[(n - 1) * n + k] + (k > 0 && k < n - 1 ? water[k * n] + water[k * n + n - 1] : 0);
  return {
    islands: countIslands(terrain, n),
    land: land.length / (n * n),
    // All the land is the "top" share 1 of the heights over land.
    mainland: topNetwork(h, n, (i) => !water[i], 1),
    borderWater: borderWater / (4 * n - 4),
    p5: percentile(land, 0.05),
    p50,
    p95: percentile(land, 0.95),
    p99: percentile(land, 0.99),
    spread: percentile(land, 0.95) - percentile(land, 0.05),
    coastStep: percentile(coastSorted, 0.5),
    shore: land.length ? land.filter((v) => v < 0.02).length / land.length : 0,
    flatTop: (() => {
      const mid = (percentile(land, 0.05) + percentile(land, 0.99)) / 2;
      const high = land.filter((v) => v >= mid).length;
      return high ? land.filter((v) => v >= p98 - 0.06 && v >= mid).length / high : 0;
    })(),
    high: land.length ? land.filter((v) => v >= (percentile(land, 0.05) + percentile(land, 0.99)) / 2).length / land.length : 0,
  };
}

/**
 * How much relief the detail adds near the coast and inland: the mean |height − base| (the
 * E · PV term of the terrain formula) on land 1–12 cells (of a 256 map) from the sea, and on
 * land more than 30 cells from it.
 */
export function detailRelief(
  terrain: TerrainValue,
  base: Float32Array,
  coast: Float32Array,
  n: number,
): { coast: number; inland: number; ratio: number } {
  const h = terrain.data;
  const s = terrain.seaLevel;
  let coastSum = 0;
  let coastCount = 0;
  let inlandSum = 0;
  let inlandCount = 0;
  for (let i = 0; i < n * n; i++) {
    if (h[i] < s) continue;
    const relief = Math.abs(h[i] - base[i]);
    const d = coast[i];
    if (d >= 1 && d <= 12) {
      coastSum += relief;
      coastCount++;
    } else if (d > 30) {
      inlandSum += relief;
      inlandCount++;
    }
  }
  const coastMean = coastCount ? coastSum / coastCount : 0;
  const inlandMean = inlandCount ? inlandSum / inlandCount : 0;
  return { coast: coastMean, inland: inlandMean, ratio: coastMean > 0 ? inlandMean / coastMean : 0 };
}

/** Share of the land whose base height equals its east neighbour's: on a flat terrace step. */
export function terraceShare(base: Float32Array, terrain: TerrainValue, n: number): number {
  const h = terrain.data;
  let flat = 0;
  let count = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c + 1 < n; c++) {
      const i = r * n + c;
      if (h[i] < terrain.seaLevel) continue;
      count++;
      if (base[i] === base[i + 1]) flat++;
    }
  }
  return count ? flat / count : 0;
}

/**
 * How the highest values join up: of the cells with include(i) in the top `share` of `values`
 * among those cells, the fraction in the largest 8-connected piece. Ranges give one network
 * (near 1); isolated hills and peaks give many pieces (a small fraction).
 */
export function topNetwork(values: Float32Array, n: number, include: (i: number) => boolean, share = 0.3): number {
  const picked: number[] = [];
  for (let i = 0; i < n * n; i++) if (include(i)) picked.push(values[i]);
  if (picked.length === 0) return 0;
  picked.sort((a, b) => a - b);
  const cut = picked[Math.min(picked.length - 1, Math.floor((1 - share) * picked.length))];
  const inTop = (i: number) => values[i] >= cut && include(i);
  const seen = new Uint8Array(n * n);
  const stack = new Int32Array(n * n);
  let total = 0;
  let best = 0;
  for (let start = 0; start < n * n; start++) {
    if (!inTop(start)) continue;
    total++;
    if (seen[start]) continue;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top];
      size++;
      const r = (i / n) | 0;
      const c = i - r * n;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
          const j = rr * n + cc;
          if (!seen[j] && inTop(j)) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    if (size > best) best = size;
  }
  return best / total;
}

export { LEEWARD_RUN, WINDWARD_RUN } from '../engine/stats.ts';

/**
 * Which side of the wind each land cell lies on, told by the world, not by the view (see
 * windSides in src/engine/stats.ts, which `render --stats` quotes too): windward land (1) at
 * most WINDWARD_RUN 256-map cells downwind of the sea, leeward (−1) at least LEEWARD_RUN.
 */
export function windSide(terrain: TerrainValue, n: number, angle: number): Int8Array {
  const level = terrain.seaLevel;
  return worldWindSides(Uint8Array.from(terrain.data, (v) => (v < level ? 1 : 0)), n, angle);
}

/** Mean of `values` over windward and over leeward land (see windSide). */
export function windSides(
  terrain: TerrainValue,
  values: Float32Array,
  n: number,
  angle: number,
): { readonly windward: number; readonly leeward: number } {
  const side = windSide(terrain, n, angle);
  let ws = 0;
  let wc = 0;
  let ls = 0;
  let lc = 0;
  for (let i = 0; i < side.length; i++) {
    if (side[i] > 0) {
      ws += values[i];
      wc++;
    } else if (side[i] < 0) {
      ls += values[i];
      lc++;
    }
  }
  return { windward: wc ? ws / wc : 0, leeward: lc ? ls / lc : 0 };
}
