// Figures of a biome map, as the recipes quote them: land shares per biome, the water share,
// the dry share, and the mean moisture of the map's halves (and of its windward and leeward
// halves when a wind is wired).

import { nodeDef } from '../../nodes/index.ts';
import { windFrom, windVector } from '../../nodes/wind.ts';
import type { Domain } from '../grid.ts';
import { BIOMES, OCEAN } from '../model/biomes.ts';
import { edgeInto, findNode, type Graph } from '../model/graph.ts';
import type { Engine } from './engine.ts';

/** "Dry" is the driest moisture column of the Whittaker table. */
export const DRY_MOISTURE = 0.25;

export interface HalfMeans {
  readonly west: number;
  readonly east: number;
  readonly north: number;
  readonly south: number;
  readonly windward?: number;
  readonly leeward?: number;
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

/** The wind node feeding the moisture that feeds this Whittaker node, if any. */
function windOf(graph: Graph, moistureNode: string | undefined): { node: string; angle: number; on: boolean } | null {
  if (!moistureNode) return null;
  const airEdge = edgeInto(graph, moistureNode, 'air');
  const windNode = airEdge && findNode(graph, airEdge.from.node);
  if (!windNode || windNode.type !== 'wind') return null;
  return { node: windNode.id, angle: windNode.params.angle as number, on: windNode.params.on as boolean };
}

function mean(sum: number, count: number): number {
  return count > 0 ? sum / count : 0;
}

/** Statistics of the biome output of a Whittaker node after an evaluation on `domain`. */
export function biomeStats(engine: Engine, nodeId: string, domain?: Domain): BiomeStats {
  const graph = engine.graph;
  const node = findNode(graph, nodeId);
  if (!node || node.type !== 'whittaker') {
    throw new Error(`"${nodeId}" is not a Whittaker node`);
  }
  const biomes = engine.output(nodeId, 'out', domain);
  if (!biomes || biomes.type !== 'biome') throw new Error(`node "${nodeId}" has no biome map: ${engine.status(nodeId, domain)?.message ?? 'not evaluated'}`);
  const ids = biomes.data;
  const cells = ids.length;
  const n = Math.round(Math.sqrt(cells));

  const counts = new Array<number>(BIOMES.length).fill(0);
  for (let i = 0; i < cells; i++) counts[ids[i]]++;
  const landCells = cells - counts[OCEAN];
  const land: Record<string, number> = {};
  for (const b of BIOMES) if (b.id !== OCEAN) land[b.name] = landCells ? counts[b.id] / landCells : 0;

  const moistureEdge = edgeInto(graph, nodeId, 'moisture');
  const moisture = moistureEdge ? engine.output(moistureEdge.from.node, moistureEdge.from.port, domain) : undefined;
  const wind = windOf(graph, moistureEdge?.from.node);
  const windOn = wind && wind.on ? wind : null;
  if (!moisture || moisture.type === 'biome') {
    return { node: nodeId, cells, water: counts[OCEAN] / cells, land, dry: null, moisture: null, wind: null };
  }

  const m = moisture.data;
  // Windward: the half the wind comes from, split by the line through the centre across the wind.
  // Cells on the dividing line (a projection of exactly 0) count as leeward.
  const [wx, wy] = windVector(windOn ? windOn.angle : 0);
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
      if (windOn) add((c + 0.5 - n / 2) * wx + (r + 0.5 - n / 2) * wy < 0 ? 'windward' : 'leeward');
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
