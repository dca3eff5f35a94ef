// Blocks of tiles: a square of neighbouring tiles evaluated as one domain and cut into its
// tiles, so the halo ring around it (the coast's cap on every side) is paid once per block
// instead of once per tile. A 1025² tile at 1024 cells a view evaluates 1281² (1.56 × its
// cells); a block of 2 × 2 such tiles evaluates 2305² for four (1.27 ×).
//
// A tile cut from a block is byte-identical to the same tile rendered alone only because a
// cell's value depends on its place in the world, not on the domain around it (README "One
// world"). A graph with a view-bound node (`cut: view`, a coast without a cap, `start: view`)
// does not have that property, so its tiles are rendered one at a time, as a lone `--tile K`
// renders them.

import { nodeDef } from '../../nodes/index.ts';
import { type Domain, latticeDomain, latticeOf } from '../grid.ts';
import { type Graph, type GraphNode, upstreamOf } from '../model/graph.ts';
import { type AnyNodeDef, footprintOf, gridBound } from '../model/manifest.ts';
import { runsOnWholeGrid } from '../engine/grid-bound.ts';
import type { BuildPlan } from './plan.ts';

/**
 * Samples a side of a block at most (before its halo): a block is never larger than a lone
 * tile of 2049², so memory stays what the largest tile sizes already ask (a 2 × 2 block of
 * 1025² tiles is 2049²). Tiles of 2049 and more are rendered alone.
 */
export const BLOCK_SAMPLES_MAX = 2049;

/** Tiles (plan indices) evaluated together on one domain; a lone tile is a block of one on its own domain. */
export interface TileBlock {
  readonly tiles: readonly number[];
  readonly domain: Domain;
}

/**
 * Whether a footprint makes a layer differ from tile to tile: a view-bound one. With the whole
 * grid (`wholeGrid`: the build runs every grid-bound node, an erosion, a flow, on its whole
 * area: EvaluateOptions.grid), only one that reads the domain asked (a view cut) does.
 */
function tileBoundFootprint(def: AnyNodeDef, node: GraphNode, wholeGrid: boolean): boolean {
  const f = footprintOf(def, node.params);
  return f.kind === 'view' && !(wholeGrid && gridBound(f));
}

/** Can the nodes be cut from a larger domain with the same bits: no view-bound footprint upstream of them (see tileBoundFootprint)? */
export function blocksAllowed(graph: Graph, nodes: readonly string[], wholeGrid = false): boolean {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const id of upstreamOf(graph, nodes)) {
    const node = byId.get(id);
    const def = node && nodeDef(node.type);
    if (!node || !def || tileBoundFootprint(def, node, wholeGrid)) return false;
  }
  return true;
}

/**
 * Of the nodes written, those whose values depend on the tile they are rendered in, each with
 * the view-bound nodes upstream that make it so (itself included): an erosion or a flow run on
 * each block of tiles (`wholeGrid` false: `build --grid tile`), a view cut. Neighbouring tiles
 * of such a layer do not agree at their shared edge.
 */
export function tileBound(graph: Graph, nodes: readonly string[], wholeGrid = false): { node: string; because: string[] }[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out: { node: string; because: string[] }[] = [];
  for (const id of nodes) {
    const because = [...upstreamOf(graph, [id])].filter((up) => {
      const node = byId.get(up);
      const def = node && nodeDef(node.type);
      return !!node && !!def && tileBoundFootprint(def, node, wholeGrid);
    });
    if (because.length) out.push({ node: id, because: because.sort() });
  }
  return out;
}

/**
 * The nodes upstream of the written ones (themselves included) whose own footprint is
 * grid-bound (an erosion, a flow, a coast without a cap) and that a build runs once on its whole
 * grid: all but those with a node upstream that reads the domain asked (a water level read from
 * the view), whose land is each block's own, so they run on each block (the engine's rule:
 * grid-bound.ts runsOnWholeGrid).
 */
export function gridBoundUpstream(graph: Graph, nodes: readonly string[]): string[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const footprint = (id: string) => {
    const node = byId.get(id);
    const def = node && nodeDef(node.type);
    return node && def ? footprintOf(def, node.params) : null;
  };
  return [...upstreamOf(graph, nodes)].filter((id) => runsOnWholeGrid(footprint, id, upstreamOf(graph, [id]))).sort();
}

/** The largest block side in tiles: a power of two whose block fits BLOCK_SAMPLES_MAX. */
export function blockSide(tileSize: number): number {
  let side = 1;
  while (2 * side * (tileSize - 1) + 1 <= BLOCK_SAMPLES_MAX) side *= 2;
  return side;
}

/**
 * Groups the tiles to render into blocks: squares of `side` × `side` tiles aligned on multiples
 * of `side` from the north-west tile, taken whole where every tile of the square is to be
 * rendered, else split in four, down to single tiles (the edge of an odd count of tiles, a
 * resumed build's gaps). Blocks come first, largest first, then the single tiles: the threads
 * end on small pieces of work. `side` 1 renders every tile alone.
 */
export function tileBlocks(plan: BuildPlan, indices: readonly number[], side: number): TileBlock[] {
  const wanted = new Set(indices);
  const bySize = new Map<number, TileBlock[]>();
  const add = (s: number, b: TileBlock) => {
    const list = bySize.get(s);
    if (list) list.push(b);
    else bySize.set(s, [b]);
  };
  const visit = (col: number, row: number, s: number) => {
    if (col >= plan.tilesX || row >= plan.tilesY) return;
    const tiles: number[] = [];
    let whole = col + s <= plan.tilesX && row + s <= plan.tilesY;
    for (let r = row; r < Math.min(row + s, plan.tilesY); r++) {
      for (let c = col; c < Math.min(col + s, plan.tilesX); c++) {
        const index = r * plan.tilesX + c;
        if (wanted.has(index)) tiles.push(index);
        else whole = false;
      }
    }
    if (!tiles.length) return;
    if (s === 1) {
      add(1, { tiles, domain: plan.tiles[tiles[0]].domain });
      return;
    }
    if (whole) {
      // The square's south-west tile (row + s − 1) anchors the block's domain on the build's lattice.
      const sw = latticeOf(plan.tiles[(row + s - 1) * plan.tilesX + col].domain)!;
      add(s, { tiles, domain: Object.freeze(latticeDomain(sw.perUnit, sw.col0, sw.row0, s * (plan.tileSize - 1) + 1)) });
      return;
    }
    const h = s / 2;
    visit(col, row, h);
    visit(col + h, row, h);
    visit(col, row + h, h);
    visit(col + h, row + h, h);
  };
  for (let row = 0; row < plan.tilesY; row += side) for (let col = 0; col < plan.tilesX; col += side) visit(col, row, side);
  return [...bySize.keys()].sort((a, b) => b - a).flatMap((s) => bySize.get(s)!);
}
