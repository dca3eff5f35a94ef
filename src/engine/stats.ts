// Figures of a node's output, as the recipes quote them (each node's NodeDef.stats). For a
// biome map: land shares per biome, the water share, the dry share, and the mean moisture of the
// map's halves (and of its windward and leeward land when a wind leads to the moisture).

import { windFrom } from '../../nodes/wind.ts';
import type { Domain } from '../grid.ts';
import { BIOMES, OCEAN } from '../model/biomes.ts';
import { findNode } from '../model/graph.ts';
import type { Arrows } from '../model/manifest.ts';
import type { Engine } from './engine.ts';
import { readNode } from './reading.ts';

/** "Dry" is the driest moisture column of the Whittaker table. */
export const DRY_MOISTURE = 0.25;

export interface HalfMeans {
  readonly west: number;
  readonly east: number;
  readonly north: number;
  readonly south: number;
  /** Windward and leeward land (see windSides), not halves: present when a wind is on. */
  readonly windward?: number;
  readonly leeward?: number;
}

/** Land at most this far (256-map cells) downwind of the sea is windward. */
export const WINDWARD_RUN = 16;
/** Land at least this far downwind of the sea is leeward. */
export const LEEWARD_RUN = 48;

/**
 * Which side of the wind each land cell of an n × n map lies on, told by the world, not by the
 * view: each land cell walks upwind (against `angle`, one cell a step) until it meets water
 * (`water[i]` 1); the land it crossed is its run. Windward land (1) lies at most WINDWARD_RUN
 * 256-map cells downwind of the sea, where the air arrives off the water; leeward land (−1) at
 * least LEEWARD_RUN, where it has crossed that much land and its climbs. Water, and land whose
 * walk leaves the map before either is decided, get 0. A decided cell's side depends on the
 * world cells its walk crossed alone, so it is the same in every view that decides it; the
 * view's halves would move with the view and mean nothing once the air comes from the world.
 */
export function windSides(water: Uint8Array, n: number, angle: number): Int8Array {
  const rad = (angle * Math.PI) / 180;
  const ux = -Math.cos(rad);
  const uy = -Math.sin(rad);
  const cell256 = 256 / n;
  const maxSteps = Math.ceil(LEEWARD_RUN / cell256);
  const side = new Int8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (water[i]) continue;
      let s = -1;
      for (let k = 1; k <= maxSteps; k++) {
        const cc = Math.round(c + ux * k);
        const rr = Math.round(r + uy * k);
        if (cc < 0 || rr < 0 || cc >= n || rr >= n) {
          s = 0;
          break;
        }
        if (water[rr * n + cc]) {
          s = k * cell256 <= WINDWARD_RUN ? 1 : k * cell256 >= LEEWARD_RUN ? -1 : 0;
          break;
        }
      }
      side[i] = s;
    }
  }
  return side;
}

export interface BiomeStats {
  readonly node: string;
  readonly cells: number;
  /** Share of all cells that are ocean. */
  readonly water: number;
  /** Share of the land per biome name (every biome but ocean, zeros included). */
  readonly land: Record<string, number>;
  /** Share of the land with moisture < 0.25; null when the moisture input is not wired. */
  readonly dry: number | null;
  /** Mean moisture of the land in each half; null when the moisture input is not wired. */
  readonly moisture: HalfMeans | null;
  /** The wind feeding the moisture, when there is one and it is on. */
  readonly wind: { readonly node: string; readonly angle: number; readonly from: string } | null;
}

function mean(sum: number, count: number): number {
  return count > 0 ? sum / count : 0;
}

/**
 * The figures a node contributes (its NodeDef.stats) after an evaluation on `domain` (the view
 * by default); throws naming the node when it has none or no output.
 */
export function nodeStats(engine: Engine, nodeId: string, domain?: Domain): object {
  const graph = engine.graph;
  const node = findNode(graph, nodeId);
  if (!node) throw new Error(`no node "${nodeId}"`);
  const { def, reading } = readNode(engine, graph, engine.catalogue, nodeId, domain);
  if (!def?.stats) throw new Error(`node "${nodeId}" (${node.type}) has no statistics`);
  if (!reading.output()) throw new Error(`node "${nodeId}" has no output: ${engine.status(nodeId, domain)?.message ?? 'not evaluated'}`);
  return def.stats(reading as never);
}

/** The statistics of a node whose figures are those of a biome map (the Whittaker node's). */
export function biomeStats(engine: Engine, nodeId: string, domain?: Domain): BiomeStats {
  const stats = nodeStats(engine, nodeId, domain);
  if (!('land' in stats)) throw new Error(`node "${nodeId}" gives no biome statistics`);
  return stats as BiomeStats;
}

/**
 * The figures of biome map `ids`: land shares, water share, and with a moisture map the dry
 * share, the mean moisture of the halves and, with a wind, of its windward and leeward land
 * (see windSides; the ocean cells are the water).
 */
export function biomeFigures(nodeId: string, ids: Uint8Array, moisture: Float32Array | null, wind: Arrows | null): BiomeStats {
  const cells = ids.length;
  const n = Math.round(Math.sqrt(cells));

  const counts = new Array<number>(BIOMES.length).fill(0);
  for (let i = 0; i < cells; i++) counts[ids[i]]++;
  const landCells = cells - counts[OCEAN];
  const land: Record<string, number> = {};
  for (const b of BIOMES) if (b.id !== OCEAN) land[b.name] = landCells ? counts[b.id] / landCells : 0;

  const windOn = wind;
  if (!moisture) {
    return { node: nodeId, cells, water: counts[OCEAN] / cells, land, dry: null, moisture: null, wind: null };
  }

  const m = moisture;
  const side = windOn ? windSides(Uint8Array.from(ids, (id) => (id === OCEAN ? 1 : 0)), n, windOn.angle) : null;
  const acc = { west: [0, 0], east: [0, 0], north: [0, 0], south: [0, 0], windward: [0, 0], leeward: [0, 0] };
  let dry = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (ids[i] === OCEAN) continue;
      const v = m[i];
      if (v < DRY_MOISTURE) dry++;
      const add = (k: keyof typeof acc) => {
        acc[k][0] += v;
        acc[k][1]++;
      };
      add(c < n / 2 ? 'west' : 'east');
      add(r < n / 2 ? 'south' : 'north');
      if (side && side[i] > 0) add('windward');
      else if (side && side[i] < 0) add('leeward');
    }
  }
  const halves: HalfMeans = {
    west: mean(acc.west[0], acc.west[1]),
    east: mean(acc.east[0], acc.east[1]),
    north: mean(acc.north[0], acc.north[1]),
    south: mean(acc.south[0], acc.south[1]),
    ...(windOn ? { windward: mean(acc.windward[0], acc.windward[1]), leeward: mean(acc.leeward[0], acc.leeward[1]) } : {}),
  };
  return {
    node: nodeId,
    cells,
    water: counts[OCEAN] / cells,
    land,
    dry: landCells ? dry / landCells : 0,
    moisture: halves,
    wind: windOn ? { node: windOn.node, angle: windOn.angle, from: windFrom(windOn.angle) } : null,
  };
}
