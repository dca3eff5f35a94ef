// A tiled build's plan: the sample lattice over a world region, cut into square tiles that
// share their edge rows, with each tile's engine domain and file names. Pure: no files, no engine.
//
// Samples are the engine's world lattice of cells at N per view: sample (i, j) is the cell
// centred on (X0 + (i + ½)/N, Y0 + (j + ½)/N), i = 0…W, j = 0…H, W = (X1 − X0)·N, the same
// cells a view at N shows. A heightmap's samples are the corners of its quads, so the region
// has W + 1 of them a side: 16 views at 1024 are 16385, exactly 16 Unity tiles of 1025 (the
// last row and column lie half a cell past the north and east edges). A tile of T samples
// starts every T − 1, so neighbours share their edge row, as Unreal and Unity expect; the
// last tiles may reach past the region's north and east edges (the world goes on).

import { type Domain, farOrigin, latticeDomain, latticeOf, WORLD_GRID_MAX } from '../grid.ts';
import { BIOMES } from '../model/biomes.ts';

/** Unreal's recommended landscape sizes (whole components, shared edges). */
export const UNREAL_TILE_SIZES: readonly number[] = [505, 1009, 2017, 4033, 8129];
/** Unity's heightmap resolutions 2^k + 1. */
export const UNITY_TILE_SIZES: readonly number[] = [33, 65, 129, 257, 513, 1025, 2049, 4097];
export const TILE_SIZES: readonly number[] = [...UNITY_TILE_SIZES, ...UNREAL_TILE_SIZES].sort((a, b) => a - b);
export const DEFAULT_TILE_SIZE = 1009;

/** Cells per view a build may ask for. */
export const CELLS_PER_VIEW_MIN = 16;
export const CELLS_PER_VIEW_MAX = 65536;
/** More tiles than this is surely a typo in the region (a million tiles of 33²). */
export const TILES_MAX = 1_000_000;

/** What a layer is written as: see src/build/encode.ts. */
export type BuildFormat = 'png16' | 'r16' | 'f32' | 'png' | 'indexed' | 'splat' | 'weights';
export const BUILD_FORMATS: readonly BuildFormat[] = ['png16', 'r16', 'f32', 'png', 'indexed', 'splat', 'weights'];

/**
 * The biomes of a build's splat and weight maps, in channel order: every biome there is, by id,
 * whether a tile holds it or not. `render --splat` lists the biomes present on its one map; a
 * tile cannot know which biomes its neighbours hold, and Unity's terrain layers (one per
 * channel) must be the same on every tile, so a build lists them all. The alternative not
 * taken, the biomes a coarse pass finds, would drop a biome the coarse grid missed.
 */
export const SPLAT_BIOMES: readonly number[] = BIOMES.map((b) => b.id);

/**
 * How large a tile's splat maps are (`build --splat-size`): `texels`, the default, Unity's
 * control texture, splatTexels(T) a side (1024 for a 1025 tile), each texel the weights where
 * Unity puts it (texelDomain); `samples`, the tile's T samples a side, one a height sample, as
 * builds wrote them before (a Unity terrain then resamples them to a power of two).
 */
export type SplatSize = 'texels' | 'samples';
export const SPLAT_SIZES: readonly SplatSize[] = ['texels', 'samples'];
export const DEFAULT_SPLAT_SIZE: SplatSize = 'texels';

/** Unity's TerrainData.alphamapResolution at most (its setter clamps to 16 … 4096). */
export const ALPHAMAP_RESOLUTION_MAX = 4096;

/**
 * Texels a side of a tile's splat maps at `--splat-size texels`: the power of two below the
 * tile's samples, as Unity's control texture resolution goes with its heightmap resolution
 * (1024 with 1025, 2048 with 2049), at most 4096; for Unreal's sizes the same rule (512 for 1009).
 */
export function splatTexels(tileSize: number): number {
  return Math.min(ALPHAMAP_RESOLUTION_MAX, 2 ** Math.floor(Math.log2(tileSize - 1)));
}

/**
 * The domain of a tile's splat texels (`texels` a side) on its sample domain `tile` (T samples a
 * side): Unity's alphamap lattice. Unity's terrain shaders (URP's TerrainLitPasses.hlsl, the
 * built-in TerrainSplatmapCommon.cginc) read the control texture at (uv · (R − 1) + ½) / R, "so
 * the edges of the terrain tile lie on pixel centers", uv running 0 … 1 from the first heightmap
 * sample to the last; its painting (PaintContext.cs) measures a texel as size / (R − 1) and
 * places a neighbour's texels R − 1 further. So texel k sits at the first sample plus
 * k · (T − 1) / (R − 1) samples: texels 0 and R − 1 on the tile's edge samples (neighbours share
 * them, as they share the heights' edge rows), the others between samples, neither on them nor on
 * the quads' centres. Those places are the cell centres of this domain, R cells of
 * (T − 1) / (R − 1) samples from half a texel before the first sample; off the world's lattice
 * (no whole number of texels from 0), so the engine places its cells from x0.
 */
export function texelDomain(tile: Domain, texels: number): Domain {
  const l = latticeOf(tile)!;
  const step = (tile.n - 1) / ((texels - 1) * l.perUnit);
  return Object.freeze({ x0: (l.col0 + 0.5) / l.perUnit - step / 2, y0: (l.row0 + 0.5) / l.perUnit - step / 2, extent: texels * step, n: texels });
}

/** The files a tile writes of a layer in a format: splat maps one per 4 biomes, weight maps one per biome, the rest one. */
export function formatParts(format: BuildFormat): readonly (number | undefined)[] {
  if (format === 'splat') return Array.from({ length: Math.ceil(SPLAT_BIOMES.length / 4) }, (_, k) => k);
  if (format === 'weights') return SPLAT_BIOMES;
  return [undefined];
}

/** A biome's name in a weight map's file name: "temperate forest" → "temperate-forest". */
export function biomeSlug(id: number): string {
  return (BIOMES[id]?.name ?? `biome ${id}`).replace(/[^a-z0-9]+/gi, '-');
}

export interface Region {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface PlanOptions {
  readonly region: Region;
  readonly cellsPerView: number;
  readonly tileSize: number;
  /** The layers to write, as "node.port", with the formats that apply to each. */
  readonly layers: readonly { readonly stem: string; readonly formats: readonly BuildFormat[] }[];
  /** The splat maps' size (default DEFAULT_SPLAT_SIZE). */
  readonly splatSize?: SplatSize;
}

export interface TileFile {
  readonly layer: string;
  readonly format: BuildFormat;
  /** Which of the format's files (formatParts): a splat map's picture, a weight map's biome id. */
  readonly part?: number;
  /** Relative to the build directory. */
  readonly path: string;
}

export interface PlannedTile {
  readonly index: number;
  /** Tile column from the west, and row from the north (image order, as Unreal names tiles). */
  readonly col: number;
  readonly row: number;
  /** World rectangle from the centre of the tile's first sample to the centre of its last. */
  readonly world: Region;
  /** Sample rectangle in the whole build: columns from the west, rows from the south; end exclusive. */
  readonly samples: { readonly i0: number; readonly j0: number; readonly i1: number; readonly j1: number };
  readonly domain: Domain;
  readonly manifest: string;
  readonly files: readonly TileFile[];
}

export interface BuildPlan {
  readonly region: Region;
  readonly cellsPerView: number;
  readonly tileSize: number;
  /** Samples of the region a side: (X1 − X0)·N + 1 by (Y1 − Y0)·N + 1. */
  readonly samplesX: number;
  readonly samplesY: number;
  readonly tilesX: number;
  readonly tilesY: number;
  readonly tiles: readonly PlannedTile[];
  /** Texels a side of each tile's splat maps (texelDomain); null when they are the tile's samples or no layer is written as splat. */
  readonly splatTexels: number | null;
}

/** Thrown for a region, size or tile size that cannot make a build; the command line exits 2. */
export class PlanError extends Error {
  override name = 'PlanError';
}

/** How many whole samples `span` world units hold at N per view, or null when not whole. */
function wholeSamples(span: number, n: number): number | null {
  const cells = span * n;
  const whole = Math.round(cells);
  return Math.abs(cells - whole) <= 1e-9 * Math.max(1, cells) ? whole : null;
}

/**
 * The name of a tile's file of one layer in one format: each engine's own tile naming.
 * `tilesX` and `tilesY` are the build's tiles a side (Unity's names count z from the south and
 * have as many digits as the largest index).
 */
export function tileFileName(stem: string, format: BuildFormat, col: number, row: number, tilesX: number, tilesY: number, part = 0): string {
  const digits = String(Math.max(tilesX, tilesY) - 1).length;
  const pad = (k: number) => String(k).padStart(digits, '0');
  switch (format) {
    case 'png16':
      // Unreal's tiled heightmap import reads "<name>_x<col>_y<row>", row 0 at the north (top).
      return `${stem}/${stem}_x${col}_y${row}.png`;
    case 'r16': {
      // Unity's Terrain Toolbox (Create New Terrain → Import Heightmap → Batch) lists the
      // folder's "*.raw" files only, sorts them as text and hands them out x by x, z growing
      // north: ".r16" tiles were not found at all, and past 10 tiles a side "_10_0" came
      // before "_2_0". Indices of one width sort as numbers; Unity's Import Raw lists ".raw" too.
      return `${stem}/${stem}_${pad(col)}_${pad(tilesY - 1 - row)}.raw`;
    }
    case 'splat':
      // For Unity (no tiled import reads them; a script does): numbered as its .raw tiles, so
      // "biomes.out.splat0_03_00.png" goes with "height.out_03_00.raw".
      return `${stem}/${stem}.splat${part}_${pad(col)}_${pad(tilesY - 1 - row)}.png`;
    case 'weights':
      // For Unreal, whose landscape import finds a layer's other tiles from one "_x<col>_y<row>" file.
      return `${stem}/${stem}.${biomeSlug(part)}_x${col}_y${row}.png`;
    case 'f32':
      return `${stem}/${stem}_x${col}_y${row}.f32`;
    case 'png':
      return `${stem}/${stem}.colour_x${col}_y${row}.png`;
    case 'indexed':
      return `${stem}/${stem}.indexed_x${col}_y${row}.png`;
  }
}

export function makePlan(options: PlanOptions): BuildPlan {
  const { region, cellsPerView: n, tileSize: t } = options;
  const r = region;
  if (![r.x0, r.y0, r.x1, r.y1].every(Number.isFinite)) throw new PlanError(`--region expects four finite numbers X0,Y0,X1,Y1`);
  const far = [r.x0, r.y0, r.x1, r.y1].map(farOrigin).find((m) => m !== null);
  if (far) throw new PlanError(`--region ${r.x0},${r.y0},${r.x1},${r.y1}: ${far}`);
  if (!(r.x1 > r.x0) || !(r.y1 > r.y0)) {
    throw new PlanError(`--region ${r.x0},${r.y0},${r.x1},${r.y1} is empty: X1 must be greater than X0 and Y1 greater than Y0`);
  }
  if (!Number.isInteger(n) || n < CELLS_PER_VIEW_MIN || n > CELLS_PER_VIEW_MAX) {
    throw new PlanError(`--cells-per-view must be an integer in ${CELLS_PER_VIEW_MIN}…${CELLS_PER_VIEW_MAX}, got ${n}`);
  }
  if (!TILE_SIZES.includes(t)) {
    // 1024 for Unity, 1008 for Unreal: the quads a side, where the engines count samples.
    const meant = TILE_SIZES.includes(t + 1) ? ` (did you mean ${t + 1}? a heightmap has one sample more a side than quads)` : '';
    throw new PlanError(
      `--tile-size ${t} is not a size an engine imports${meant}: Unreal ${UNREAL_TILE_SIZES.join(', ')}; Unity (2^k + 1) ${UNITY_TILE_SIZES.join(', ')}`,
    );
  }
  const w = wholeSamples(r.x1 - r.x0, n);
  const h = wholeSamples(r.y1 - r.y0, n);
  if (w === null || h === null) {
    throw new PlanError(
      `--region ${r.x0},${r.y0},${r.x1},${r.y1} at ${n} cells per view is not a whole number of cells (${((r.x1 - r.x0) * n).toPrecision(6)} × ${((r.y1 - r.y0) * n).toPrecision(6)})`,
    );
  }
  // The corner on the world's lattice of cells, so tiles are the very cells views and other tiles compute.
  const col0 = wholeSamples(r.x0, n);
  const row0 = wholeSamples(r.y0, n);
  if (col0 === null || row0 === null) {
    throw new PlanError(`--region ${r.x0},${r.y0},… does not start on a cell at ${n} cells per view: X0·N and Y0·N must be whole (${(r.x0 * n).toPrecision(6)}, ${(r.y0 * n).toPrecision(6)})`);
  }
  const stride = t - 1;
  const tilesX = Math.max(1, Math.ceil(w / stride));
  const tilesY = Math.max(1, Math.ceil(h / stride));
  if (tilesX * tilesY > TILES_MAX) throw new PlanError(`the build would have ${tilesX * tilesY} tiles (more than ${TILES_MAX}): choose a smaller region or a larger tile size`);
  const tiles: PlannedTile[] = [];
  for (let row = 0; row < tilesY; row++) {
    for (let col = 0; col < tilesX; col++) {
      const index = row * tilesX + col;
      const i0 = col * stride;
      const j0 = (tilesY - 1 - row) * stride;
      const files = options.layers.flatMap((l) =>
        l.formats.flatMap((format) =>
          formatParts(format).map((part) => ({ layer: l.stem, format, ...(part === undefined ? {} : { part }), path: tileFileName(l.stem, format, col, row, tilesX, tilesY, part) })),
        ),
      );
      tiles.push({
        index,
        col,
        row,
        // From the first sample's centre to the last's: neighbours' rectangles meet on their shared row.
        world: { x0: (col0 + i0 + 0.5) / n, y0: (row0 + j0 + 0.5) / n, x1: (col0 + i0 + stride + 0.5) / n, y1: (row0 + j0 + stride + 0.5) / n },
        samples: { i0, j0, i1: i0 + t, j1: j0 + t },
        domain: Object.freeze(latticeDomain(n, col0 + i0, row0 + j0, t)),
        manifest: `tiles/tile-${index}.json`,
        files,
      });
    }
  }
  const texels = (options.splatSize ?? DEFAULT_SPLAT_SIZE) === 'texels' && options.layers.some((l) => l.formats.includes('splat')) ? splatTexels(t) : null;
  return { region: r, cellsPerView: n, tileSize: t, samplesX: w + 1, samplesY: h + 1, tilesX, tilesY, tiles, splatTexels: texels };
}

/**
 * The edge `cells` whole cells at `n` a view past `x0`, in the fewest digits (12 or more) that
 * makePlan still reads as whole cells: 12 alone cut 1000002.639175… to 1000002.63918, 256.00003
 * cells at 97 a view, and the note's region was refused.
 */
function edgeAfter(x0: number, cells: number, n: number): number {
  const exact = x0 + cells / n;
  for (let digits = 12; digits < 17; digits++) {
    const edge = Number(exact.toPrecision(digits));
    if (wholeSamples(edge - x0, n) === cells) return edge;
  }
  return exact;
}

/**
 * A note when the tiles reach past the region (the samples a side are no whole number of tile
 * strides: 16 views at 1024 cells as Unreal's 1009² tiles are 17 × 17 tiles, 752 samples
 * more a side than asked), with a region and, where one fits, a resolution that fill whole tiles.
 */
export function overreach(plan: BuildPlan): string | null {
  const stride = plan.tileSize - 1;
  const overX = plan.tilesX * stride + 1 - plan.samplesX;
  const overY = plan.tilesY * stride + 1 - plan.samplesY;
  if (!overX && !overY) return null;
  const { region: r, cellsPerView: n } = plan;
  // Whole tiles nearest the region asked, at least one a side.
  const kx = Math.max(1, Math.round((plan.samplesX - 1) / stride));
  const ky = Math.max(1, Math.round((plan.samplesY - 1) / stride));
  const fit = `--region ${r.x0},${r.y0},${edgeAfter(r.x0, kx * stride, n)},${edgeAfter(r.y0, ky * stride, n)}`;
  // The same region at another resolution, when one makes whole tiles on both axes and has the
  // region's corner on its lattice (makePlan refuses it else: 0.1 at 1008 is 100.8 cells).
  const nx = (kx * stride) / (r.x1 - r.x0);
  const ny = (ky * stride) / (r.y1 - r.y0);
  const takes = Number.isInteger(nx) && Math.abs(nx - ny) < 1e-9 && nx >= CELLS_PER_VIEW_MIN && nx <= CELLS_PER_VIEW_MAX && wholeSamples(r.x0, nx) !== null && wholeSamples(r.y0, nx) !== null;
  const other = takes ? `--cells-per-view ${nx} or ` : '';
  return (
    `note: the last tiles reach ${overX} samples past the region's east edge and ${overY} past its north edge (the world goes on there); ` +
    `for exactly ${kx} × ${ky} tiles of ${plan.tileSize}², ${other}${fit}`
  );
}

/**
 * The samples a side of a build's whole grid at most (GRID below): the grid-bound nodes' runs
 * on it hold a few grids of its size at once (268 MB each at 8193²).
 */
export const GRID_SAMPLES_MAX = 8193;

/**
 * The build's whole grid: the square of samples from the south-west tile's first sample that
 * holds every tile (the tiles' union, made square to the north or east where it is narrower).
 * A grid-bound node runs on it (EvaluateOptions.grid), so every tile crops one erosion.
 */
export function gridOf(plan: BuildPlan): Domain {
  const sw = latticeOf(plan.tiles[(plan.tilesY - 1) * plan.tilesX].domain)!;
  const side = Math.max(plan.tilesX, plan.tilesY) * (plan.tileSize - 1) + 1;
  return Object.freeze(latticeDomain(sw.perUnit, sw.col0, sw.row0, side));
}

/**
 * Whether tiles of `tileSize` at `cellsPerView` over a world of `worldSize` views a side hold the
 * land the editor shows of it: they fill it exactly, its size · N cells being whole tile strides
 * of T − 1 (gridOf the plan is then the world's own grid of size · N + 1 samples, where tiles
 * reaching past it make a larger grid, other land), and that grid is one the editor runs a world
 * on (at most WORLD_GRID_MAX a side: engine/domains.ts worldGrid). The one rule behind what
 * `build --region world` (cli/build.ts worldNote) and the Tiles box (viewer-core/tiles.ts
 * pastWorld) say fills the world: each tries its own candidates with it, in its own words.
 */
export function tilesFillWorld(worldSize: number, cellsPerView: number, tileSize: number): boolean {
  const cells = worldSize * cellsPerView;
  return cells % (tileSize - 1) === 0 && cells + 1 <= WORLD_GRID_MAX;
}

/** The plan as `--plan` prints it: what each tile covers and writes, without engine internals. */
export function planJson(plan: BuildPlan): unknown {
  return {
    region: plan.region,
    cellsPerView: plan.cellsPerView,
    tileSize: plan.tileSize,
    samples: { x: plan.samplesX, y: plan.samplesY },
    tilesX: plan.tilesX,
    tilesY: plan.tilesY,
    count: plan.tiles.length,
    ...(plan.splatTexels ? { splatTexels: plan.splatTexels } : {}),
    tiles: plan.tiles.map((t) => ({
      index: t.index,
      col: t.col,
      row: t.row,
      world: t.world,
      pixels: t.samples,
      manifest: t.manifest,
      files: t.files.map((f) => f.path),
    })),
  };
}
