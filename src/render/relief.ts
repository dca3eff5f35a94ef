// The land under a layer, for the 3-D view: which heights a shown output stands on (found by
// walking the wires upstream, never by asking a node's type), and those heights thinned to a
// grid the mesh can redraw on every drag frame. Pure: the worker runs it over its engine's
// results, and tests run it in Node.

import type { Domain } from '../grid.ts';
import { findNode, type Graph, type PortRef } from '../model/graph.ts';
import type { Catalogue } from '../model/manifest.ts';
import type { Value } from '../model/values.ts';
import { finiteRange } from './layer.ts';

/**
 * Largest side of the mesh's grid. A 1024² view is drawn from every fourth cell: 65 536
 * vertices redraw in a few milliseconds on software WebGL, a million would not.
 */
export const RELIEF_SIDE_MAX = 256;

/** The heights a layer stands on: where they come from and their sea level (none for a plain field). */
export interface HeightSource {
  readonly ref: PortRef;
  readonly value: Value;
  readonly seaLevel: number | null;
}

/**
 * The heights an output stands on: the output itself when it holds heights, else another
 * output of the same node that does (a water node's terrain beside its mask), else the
 * nearest heights upstream (breadth first along the wires into each node). A terrain
 * (heights with a sea level) is preferred over a plain height field met earlier, so a biome
 * map stands on the water node's land, not on the raw noise sum before it; but a plain height
 * field of the output's own node (an erosion's heights, shown or beside its wear) stays the
 * land, with the sea level of the nearest terrain upstream: an erosion wired after the water
 * level showed the land it had not yet worn, and without a sea. A sea level decided downstream
 * (a water level reading the erosion) is not taken: it belongs to the node that reads the
 * heights, and two such nodes may decide two. When nothing upstream holds heights (a noise
 * alone, a curve of it), a field is its own relief: its values drawn as heights, with no sea,
 * as a heightfield tool draws any node. Null for what is no field (a biome map with no land
 * under it, an output not evaluated).
 *
 * @param outputs the output ports of a node, in their declared order
 */
export function heightSource(graph: Graph, read: (ref: PortRef) => Value | undefined, outputs: (node: string) => readonly string[], start: PortRef): HeightSource | null {
  const seen = new Set<string>();
  const queue: PortRef[] = [start];
  let field: HeightSource | null = null;
  const visit = (ref: PortRef): HeightSource | null => {
    const key = `${ref.node}.${ref.port}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const value = read(ref);
    if (value?.meaning !== 'height') return null;
    if (value.type === 'terrain') return { ref, value, seaLevel: value.seaLevel };
    field ??= { ref, value, seaLevel: null };
    return null;
  };
  while (queue.length) {
    const ref = queue.shift()!;
    const found = visit(ref) ?? outputs(ref.node).reduce<HeightSource | null>((hit, port) => hit ?? visit({ node: ref.node, port }), null);
    // The output's own node was visited first: a height field met there was met there.
    const own = field as HeightSource | null;
    if (found) return own && own.ref.node === start.node ? { ...own, seaLevel: found.seaLevel } : found;
    for (const e of graph.edges) if (e.to.node === ref.node) queue.push(e.from);
  }
  if (field) return field;
  const own = read(start);
  return own?.type === 'field' ? { ref: start, value: own, seaLevel: null } : null;
}

/** What landUnder reads: an engine's results and its node types (src/engine/engine.ts). */
export interface ResultsOf {
  output(node: string, port?: string, domain?: Domain): Value | undefined;
  readonly catalogue: Catalogue;
}

/**
 * heightSource over an engine's results on `domain`, its node types giving each node's
 * outputs: the land a mesh export stands on, found as the 3-D view finds it. The nodes
 * upstream must still hold their results (an evaluation that did not drop intermediates).
 */
export function landUnder(graph: Graph, engine: ResultsOf, start: PortRef, domain?: Domain): HeightSource | null {
  const outputs = (id: string) => Object.keys(engine.catalogue.def(findNode(graph, id)?.type ?? '')?.outputs ?? {});
  return heightSource(graph, (ref) => engine.output(ref.node, ref.port, domain), outputs, start);
}

/** Heights thinned for the mesh: side × side, row 0 = south, each the value of one cell of the view. */
export interface ReliefGrid {
  readonly side: number;
  readonly heights: Float32Array;
  /** The view's cell each grid column (and row) samples, so a point on the mesh names its cell. */
  readonly cells: Uint32Array;
  /** The view's resolution. */
  readonly n: number;
  /** Finite range of the whole layer (not only the samples). */
  readonly min: number;
  readonly max: number;
  readonly seaLevel: number | null;
}

/** The view cell sampled by grid column j of `side` (the cell under the sample's centre). */
export function sampledCell(j: number, side: number, n: number): number {
  return Math.min(n - 1, Math.floor(((j + 0.5) * n) / side));
}

/**
 * Thins n × n heights to at most `maxSide` per side by taking the cell under each sample's
 * centre; a non-finite height reads as the layer's minimum, so a hole does not spike the mesh.
 */
export function reliefGrid(data: Float32Array, n: number, seaLevel: number | null, maxSide = RELIEF_SIDE_MAX): ReliefGrid {
  if (data.length !== n * n) throw new Error(`reliefGrid: the layer holds ${data.length} cells, expected ${n * n}`);
  const side = Math.min(n, maxSide);
  const cells = new Uint32Array(side);
  for (let j = 0; j < side; j++) cells[j] = sampledCell(j, side, n);
  const [min, max] = finiteRange(data);
  const heights = new Float32Array(side * side);
  for (let r = 0; r < side; r++) {
    const row = cells[r] * n;
    for (let c = 0; c < side; c++) {
      const v = data[row + cells[c]];
      heights[r * side + c] = Number.isFinite(v) ? v : min;
    }
  }
  return { side, heights, cells, n, min, max, seaLevel };
}

/** How high a field drawn as its own relief rises from its least value to its greatest, in heights' units. */
export const OWN_RELIEF_SPAN = 0.5;

/**
 * A field's values as heights (see heightSource): scaled from its least value to its greatest
 * onto 0 … OWN_RELIEF_SPAN, so a noise stands as high as land does over a sea, whatever its range.
 */
export function ownRelief(grid: ReliefGrid): ReliefGrid {
  const span = grid.max - grid.min;
  if (!(span > 0) || !Number.isFinite(span)) return grid;
  const k = OWN_RELIEF_SPAN / span;
  const heights = grid.heights.map((h) => (h - grid.min) * k);
  return { ...grid, heights, min: 0, max: OWN_RELIEF_SPAN, seaLevel: null };
}
