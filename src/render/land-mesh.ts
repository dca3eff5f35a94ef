// The land as a mesh for Blender, Unreal and Unity: a grid of vertices in metres over the
// heights a layer stands on, draped with the layer's picture, and optionally the sea as a
// second mesh at the sea level, written as one glTF binary (glb.ts). Pure: the command line
// and the export worker call the same function, so both write the same bytes.
//
// Axes are glTF's: x east, y up, z south (north is −z), so Blender's importer (which turns
// glTF's y-up into its z-up) shows north as +Y, and the land is centred on the origin.

import { GlbWriter } from './glb.ts';
import { gridIndices } from './grid-mesh.ts';
import { finiteRange } from './layer.ts';

export interface MeshOptions {
  /** Vertices a side, at most: a grid of fewer cells gets one vertex per cell. */
  readonly side: number;
  /** Metres between the centres of two neighbouring cells of the exported grid. */
  readonly metresPerCell: number;
  /** Metres from the lowest height of the layer's land to its highest (the lowest sits at y = 0). */
  readonly heightRange: number;
  /** Add the sea as a translucent plane at the sea level (when the land has one). */
  readonly sea: boolean;
}

/**
 * 513 vertices a side (a quarter of a million, 15 MB) opens at once in Blender and an engine's
 * importer; 10 m a cell makes the default 256² view 2.55 km across, and 1,000 m of relief over
 * that stands about as steep as the 3-D view draws it at 1×.
 */
export const MESH_DEFAULTS: MeshOptions = { side: 513, metresPerCell: 10, heightRange: 1000, sea: false };

/** Mesh sizes offered in the editor: 2^k + 1, so that an export of 2^m + 1 cells is sampled on whole cells. */
export const MESH_SIDES = [129, 257, 513, 1025, 2049] as const;
export const MESH_SIDE_MIN = 2;
/** 2049² vertices make a 235 MB file; 4096² would be a gigabyte, more than a browser's worker can hold twice. */
export const MESH_SIDE_MAX = 2049;
export const METRES_MAX = 100_000;

export type MeshOption = 'side' | 'metresPerCell' | 'heightRange';

/** What is wrong with the options, each naming its option; empty when they are fine. */
export function meshOptionProblems(o: Pick<MeshOptions, MeshOption>): { option: MeshOption; message: string }[] {
  const out: { option: MeshOption; message: string }[] = [];
  if (!Number.isInteger(o.side) || o.side < MESH_SIDE_MIN || o.side > MESH_SIDE_MAX) {
    out.push({ option: 'side', message: `the mesh size is vertices a side, a whole number in ${MESH_SIDE_MIN}…${MESH_SIDE_MAX}; got ${o.side}` });
  }
  if (!(o.metresPerCell > 0 && o.metresPerCell <= METRES_MAX)) {
    out.push({ option: 'metresPerCell', message: `the metres per cell must be above 0 and at most ${METRES_MAX.toLocaleString('en')}; got ${o.metresPerCell}` });
  }
  if (!(o.heightRange > 0 && o.heightRange <= METRES_MAX)) {
    out.push({ option: 'heightRange', message: `the height range is metres from the lowest to the highest point, above 0 and at most ${METRES_MAX.toLocaleString('en')}; got ${o.heightRange}` });
  }
  return out;
}

/** Vertices a side of the mesh over an n × n grid: the asked size, or one per cell when the grid has fewer. */
export function meshSide(options: Pick<MeshOptions, 'side'>, n: number): number {
  return Math.min(options.side, n);
}

/** The land's mesh: side × side vertices, row 0 south, column 0 west. */
export interface LandGeometry {
  readonly side: number;
  readonly positions: Float32Array;
  readonly normals: Float32Array;
  readonly uvs: Float32Array;
  readonly indices: Uint32Array;
  /** The heights' finite range over the whole grid, which 0 … heightRange metres stand for. */
  readonly min: number;
  readonly max: number;
  /** Metres from the first cell's centre to the last's, each way: (n − 1) × metres per cell. */
  readonly width: number;
}

/**
 * The mesh over n × n heights (row 0 south). Vertex j of `side` sits at cell j · (n − 1) / (side − 1),
 * so the corners are the corner cells' centres and, with side = n, every vertex is one cell;
 * between cells a vertex is the linear blend of its two (four) neighbours. A non-finite height
 * reads as the lowest, as the 3-D view draws it. UVs put each cell's centre on its pixel's
 * centre in the picture (drawn north up: v = 0 is its north row).
 */
export function landGeometry(heights: Float32Array, n: number, options: MeshOptions): LandGeometry {
  if (heights.length !== n * n) throw new Error(`landGeometry: ${heights.length} heights, expected ${n * n}`);
  if (n < 2) throw new Error(`landGeometry: a mesh needs at least 2 × 2 heights, got ${n} × ${n}`);
  const problems = meshOptionProblems(options);
  if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
  const side = meshSide(options, n);
  const [min, max] = finiteRange(heights);
  const span = max - min;
  const at = (r: number, c: number) => {
    const v = heights[r * n + c];
    return Number.isFinite(v) ? v : min;
  };
  // Where vertex j falls, as a cell and the share of the next one, in whole numbers first so
  // that side = n and side = (n − 1) / 2^k + 1 land exactly on cells.
  const cell = new Uint32Array(side);
  const share = new Float64Array(side);
  for (let j = 0; j < side; j++) {
    const num = j * (n - 1);
    cell[j] = Math.floor(num / (side - 1));
    share[j] = (num - cell[j] * (side - 1)) / (side - 1);
  }
  const step = ((n - 1) / (side - 1)) * options.metresPerCell;
  const half = ((n - 1) * options.metresPerCell) / 2;
  const positions = new Float32Array(side * side * 3);
  const uvs = new Float32Array(side * side * 2);
  for (let r = 0, p = 0, q = 0; r < side; r++) {
    const r0 = cell[r];
    const r1 = Math.min(n - 1, r0 + 1);
    const tr = share[r];
    const z = half - r * step;
    const v = 1 - (r0 + tr + 0.5) / n;
    for (let c = 0; c < side; c++, p += 3, q += 2) {
      const c0 = cell[c];
      const c1 = Math.min(n - 1, c0 + 1);
      const tc = share[c];
      const h = (at(r0, c0) * (1 - tc) + at(r0, c1) * tc) * (1 - tr) + (at(r1, c0) * (1 - tc) + at(r1, c1) * tc) * tr;
      positions[p] = c * step - half;
      // heightRange · (h − min) / span, in that order, so the highest cell is exactly heightRange.
      positions[p + 1] = span > 0 ? (options.heightRange * (h - min)) / span : 0;
      positions[p + 2] = z;
      uvs[q] = (c0 + tc + 0.5) / n;
      uvs[q + 1] = v;
    }
  }
  return { side, positions, normals: gridNormals(positions, side, step), uvs, indices: gridIndices(side), min, max, width: 2 * half };
}

/**
 * Unit normals of a height grid `step` metres apart, from central differences (one-sided at
 * the edges): (−∂y/∂x, 1, −∂y/∂z), z pointing south while rows run north.
 */
export function gridNormals(positions: Float32Array, side: number, step: number): Float32Array {
  const out = new Float32Array(side * side * 3);
  const y = (r: number, c: number) => positions[(r * side + c) * 3 + 1];
  for (let r = 0; r < side; r++) {
    const rs = Math.max(0, r - 1);
    const rn = Math.min(side - 1, r + 1);
    for (let c = 0; c < side; c++) {
      const cw = Math.max(0, c - 1);
      const ce = Math.min(side - 1, c + 1);
      const dx = (y(r, ce) - y(r, cw)) / ((ce - cw) * step);
      const dNorth = (y(rn, c) - y(rs, c)) / ((rn - rs) * step);
      // z runs south: ∂y/∂z = −∂y/∂north, so the normal's z is +∂y/∂north.
      const nx = 0 - dx; // not −dx: a flat cell's normal is +0, never −0
      const nz = dNorth;
      const len = Math.sqrt(nx * nx + 1 + nz * nz);
      const p = (r * side + c) * 3;
      out[p] = nx / len;
      out[p + 1] = 1 / len;
      out[p + 2] = nz / len;
    }
  }
  return out;
}

/** What a terrain mesh is made of. */
export interface TerrainMeshInput {
  /** The heights the layer stands on, n × n, row 0 south. */
  readonly heights: Float32Array;
  readonly n: number;
  /** Their sea level, or null for a height field without one. */
  readonly seaLevel: number | null;
  /** The layer's picture as a PNG, n × n, north up: the land's base colour. */
  readonly picture: Uint8Array;
  /** "<node>.<port>" of the layer and of the heights, kept in the file. */
  readonly layer: string;
  readonly heightsFrom: string;
  readonly options: MeshOptions;
}

/** The sea's colour: the 3-D view's sea (0x2f6fae at 55 %), in glTF's linear RGB. */
const SEA_COLOR: readonly [number, number, number, number] = [0.0284, 0.159, 0.423, 0.55];

/** The land (and the sea) as a glTF binary: one node each, the land draped with the picture. */
export function terrainGlb(input: TerrainMeshInput): Uint8Array {
  const { n, options } = input;
  const land = landGeometry(input.heights, n, options);
  const span = land.max - land.min;
  const seaY = input.seaLevel === null ? null : span > 0 ? (options.heightRange * (input.seaLevel - land.min)) / span : 0;
  const glb = new GlbWriter('Terrain Graph');
  const picture = glb.image(input.picture);
  const ground = glb.material({ name: 'land', baseColorImage: picture });
  glb.mesh({
    name: 'land',
    ...land,
    material: ground,
    // What the metres stand for, for whoever opens the file (Blender shows it as custom properties).
    extras: {
      layer: input.layer,
      heightsFrom: input.heightsFrom,
      cells: n,
      vertices: land.side,
      metresPerCell: options.metresPerCell,
      heightRange: options.heightRange,
      lowestHeight: land.min,
      highestHeight: land.max,
      ...(input.seaLevel === null ? {} : { seaLevel: input.seaLevel, seaY }),
    },
  });
  if (options.sea && seaY !== null) {
    const h = land.width / 2;
    const water = glb.material({ name: 'sea', baseColor: SEA_COLOR, doubleSided: true });
    glb.mesh({
      name: 'sea',
      // South-west, south-east, north-west, north-east: gridIndices(2)'s order.
      positions: new Float32Array([-h, seaY, h, h, seaY, h, -h, seaY, -h, h, seaY, -h]),
      normals: new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0]),
      indices: gridIndices(2),
      material: water,
    });
  }
  return glb.bytes();
}
