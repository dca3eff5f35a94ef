// The export's size, mesh options and Export → Tiles choice as the person last set them in the
// viewer, kept across reloads (settings.ts: per browser, not per graph). Each part is checked on
// its own when read back: a size the panel does not offer, a mesh option out of range or a tiles
// field the dialog does not offer falls back to its default and leaves the others as they were kept.

import { MESH_DEFAULTS, MESH_SIDES, type MeshOption, meshOptionProblems, type MeshOptions } from '../render/land-mesh.ts';
import { BUILD_FORMATS, SPLAT_SIZES } from '../build/plan.ts';
import { fields, readSetting, type SettingStore, writeSetting } from './settings.ts';
import { TILE_LAYOUTS, type TileLayout, TILES_DEFAULTS, type TilesChoice } from './tiles.ts';
import { TILES_CELLS_MAX, TILES_CELLS_MIN } from './tiles-world.ts';

/** The export's size (cells a side; null: the view's own), the mesh's options (the glb format) and Export → Tiles' choice. */
export interface ExportChoices {
  readonly size: number | null;
  readonly mesh: MeshOptions;
  readonly tiles: TilesChoice;
  /**
   * Whether the tiles' resolution was picked in the box (TilesPicks.cells), so that a reload, which
   * opens the same graph again, keeps it: unpicked, the box opens at the graph's own.
   */
  readonly tilesCellsPicked: boolean;
}

export const DEFAULT_EXPORT_CHOICES: ExportChoices = Object.freeze({ size: null, mesh: MESH_DEFAULTS, tiles: TILES_DEFAULTS, tilesCellsPicked: false });

/** Tiles or samples a side a stored region may ask for: more is no region anyone exports (the dialog then says it is too large). */
const REGION_MAX = 1_000_000;

/**
 * The tiles' choice as stored, each part the default where the dialog does not offer it: the
 * layout with a tile size of its own (else the layout's usual one), the resolution, the region
 * (its unit and both counts together, whole numbers from 1), the format (else the layout's own)
 * and the metres a sample and height range (each a number build's flags take, else its default).
 */
function tilesChoice(value: unknown): TilesChoice {
  const t = fields(value);
  const layout: TileLayout = typeof t.layout === 'string' && Object.hasOwn(TILE_LAYOUTS, t.layout) ? (t.layout as TileLayout) : TILES_DEFAULTS.layout;
  const sizes = TILE_LAYOUTS[layout].sizes;
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= REGION_MAX;
  const region = (t.across === 'tiles' || t.across === 'samples' || t.across === 'world') && count(t.x) && count(t.y);
  return {
    layout,
    tileSize: typeof t.tileSize === 'number' && sizes.includes(t.tileSize) ? t.tileSize : TILE_LAYOUTS[layout].usual,
    // Any whole cells a view in the menu's range: a world filled with Unreal's tiles is at one off it (1008).
    cellsPerView: typeof t.cellsPerView === 'number' && Number.isInteger(t.cellsPerView) && t.cellsPerView >= TILES_CELLS_MIN && t.cellsPerView <= TILES_CELLS_MAX ? t.cellsPerView : TILES_DEFAULTS.cellsPerView,
    across: region ? (t.across as TilesChoice['across']) : TILES_DEFAULTS.across,
    x: region ? (t.x as number) : TILES_DEFAULTS.x,
    y: region ? (t.y as number) : TILES_DEFAULTS.y,
    format: typeof t.format === 'string' && (BUILD_FORMATS as readonly string[]).includes(t.format) ? (t.format as TilesChoice['format']) : TILE_LAYOUTS[layout].format,
    splatSize: typeof t.splatSize === 'string' && (SPLAT_SIZES as readonly string[]).includes(t.splatSize) ? (t.splatSize as TilesChoice['splatSize']) : TILES_DEFAULTS.splatSize,
    metresPerCell: meshNumber('metresPerCell', t.metresPerCell),
    heightRange: meshNumber('heightRange', t.heightRange),
  };
}

/** The key of the export choices in the store: the viewer's own state, not the graph file's. */
export const EXPORTS_KEY = 'terrain-graph:viewer-exports';

/** The mesh option as stored, or its default when it is no number the mesh takes. */
function meshNumber(option: MeshOption, value: unknown): number {
  if (typeof value !== 'number' || meshOptionProblems({ ...MESH_DEFAULTS, [option]: value }).length) return MESH_DEFAULTS[option];
  return value;
}

/**
 * The choices kept in `store`, each part the default where it does not read. `sizes`: the
 * export sizes the panel offers (any other would show as no option of its select).
 */
export function readExportChoices(store: SettingStore | null | undefined, sizes: readonly number[]): ExportChoices {
  return readSetting(
    store,
    EXPORTS_KEY,
    (v) => {
      const { size, mesh, tiles, tilesCellsPicked } = fields(v);
      const m = fields(mesh);
      return {
        size: typeof size === 'number' && sizes.includes(size) ? size : null,
        mesh: {
          // The mesh's select offers these sizes alone.
          side: typeof m.side === 'number' && (MESH_SIDES as readonly number[]).includes(m.side) ? m.side : MESH_DEFAULTS.side,
          metresPerCell: meshNumber('metresPerCell', m.metresPerCell),
          heightRange: meshNumber('heightRange', m.heightRange),
          sea: typeof m.sea === 'boolean' ? m.sea : MESH_DEFAULTS.sea,
        },
        tiles: tilesChoice(tiles),
        tilesCellsPicked: tilesCellsPicked === true,
      };
    },
    DEFAULT_EXPORT_CHOICES,
  );
}

/** Keeps the choices; a store that refuses (full, blocked) leaves them for this page only. */
export function writeExportChoices(store: SettingStore | null | undefined, choices: ExportChoices): void {
  const { side, metresPerCell, heightRange, sea } = choices.mesh;
  const tiles = choices.tiles;
  writeSetting(store, EXPORTS_KEY, {
    size: choices.size,
    mesh: { side, metresPerCell, heightRange, sea },
    tiles: { layout: tiles.layout, tileSize: tiles.tileSize, cellsPerView: tiles.cellsPerView, across: tiles.across, x: tiles.x, y: tiles.y, format: tiles.format, splatSize: tiles.splatSize, metresPerCell: tiles.metresPerCell, heightRange: tiles.heightRange },
    tilesCellsPicked: choices.tilesCellsPicked,
  });
}
