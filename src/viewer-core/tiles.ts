// Export → Tiles, headless: what the dialog offers (an engine's layout, tile size, resolution,
// the region in tiles or samples across, a format), what a choice makes (the plan `terrain-graph
// build` would make, the download's estimated size, the seams of a grid-bound graph, the
// equivalent command line) and the browser's limit. The export itself runs in the export worker
// (src/build/files.ts); this module plans only.

import { nodeDef } from '../../nodes/index.ts';
import type { Graph } from '../model/graph.ts';
import type { AnyParamValue } from '../model/params.ts';
import { isMask, type Meaning, numberText, type PortType } from '../model/values.ts';
import { gridBoundUpstream, tileBound } from '../build/blocks.ts';
import { formatApplies } from '../build/encode.ts';
import { buildLayers, splatTexelsProblem } from '../build/prepare.ts';
import type { BuildLayer } from '../build/tile-render.ts';
import { BUILD_FORMATS, type BuildFormat, type BuildPlan, DEFAULT_SPLAT_SIZE, formatParts, gridOf, makePlan, PlanError, type Region, type SplatSize, splatTexels, TILES_MAX, UNITY_TILE_SIZES, UNREAL_TILE_SIZES } from '../build/plan.ts';
import { importSettings, importSummary } from '../build/import-scale.ts';
import { gridWork, LARGE_WORK, timesView, workText } from '../build/work.ts';
import type { Domain } from '../grid.ts';
import { passThrough } from '../model/bypass.ts';
import { workCount } from '../model/manifest.ts';
import { MESH_DEFAULTS, meshOptionProblems } from '../render/land-mesh.ts';

export type TileLayout = 'unreal' | 'unity';

/**
 * The largest tile the browser renders: the largest single export the viewer offers (2049²),
 * so a tile costs what such an export already costs. Tiles are rendered one at a time.
 */
export const BROWSER_TILE_MAX = 2049;
/**
 * The largest whole grid the browser runs an erosion or a flow on (a tiled export's whole area,
 * src/build/prepare.ts): 4097², 64 MB a grid, where `terrain-graph build` holds 8193².
 */
export const BROWSER_GRID_MAX = 4097;
/**
 * The largest download the browser exports, in bytes of the estimate the box shows: 384 MB (of
 * 2²⁰ bytes, as the box counts them). Memory is what runs out, and it goes by bytes, not samples:
 * the worker holds every file until the zip is made, and the zip again, and the page a copy to
 * save, where `terrain-graph build` writes each tile to disk and holds none. I bounded samples
 * before (64 tiles of 1025²), which let f32 of the water's two outputs make a zip of 513 MB (it
 * worked here, in 19 s, near what a tab can hold) and refused 16-bit PNGs of a larger world,
 * though they are a fifth of that. 384 MB still takes everything that bound took in the 16-bit
 * and 8-bit formats, the largest being r16 of the water's two outputs on Unity's 8 × 8 tiles of
 * 1025² (257 MB); 256 MB would have refused that by 0.2 %.
 */
export const BROWSER_BYTES_MAX = 384 * 2 ** 20;

/**
 * Files a zip holds at most: its count is 16 bits (src/render/zip.ts writes no zip64). Only tiny
 * tiles reach it under the bytes limit (tens of thousands of tiles of 33²).
 */
export const ZIP_FILES_MAX = 65_535;

/** Each engine's tile sizes the browser renders (and those build alone does), its usual size and its format. */
export const TILE_LAYOUTS: Readonly<
  Record<TileLayout, { readonly label: string; readonly sizes: readonly number[]; readonly larger: readonly number[]; readonly usual: number; readonly format: BuildFormat }>
> = {
  unreal: { label: 'Unreal', sizes: UNREAL_TILE_SIZES.filter((t) => t <= BROWSER_TILE_MAX), larger: UNREAL_TILE_SIZES.filter((t) => t > BROWSER_TILE_MAX), usual: 1009, format: 'png16' },
  unity: { label: 'Unity', sizes: UNITY_TILE_SIZES.filter((t) => t <= BROWSER_TILE_MAX), larger: UNITY_TILE_SIZES.filter((t) => t > BROWSER_TILE_MAX), usual: 1025, format: 'r16' },
};

/** Resolutions offered, in cells per view (a view is one world unit). */
export const TILE_CELLS_PER_VIEW = [64, 128, 256, 512, 1024, 2048, 4096];

export interface TilesChoice {
  readonly layout: TileLayout;
  readonly tileSize: number;
  readonly cellsPerView: number;
  /**
   * The region's extent: tiles across and up, or samples across and up, from the view's origin (the map's bottom-left corner) east and north;
   * or the graph's world (build's `--region world`), x and y then kept for the other two.
   */
  readonly across: 'tiles' | 'samples' | 'world';
  readonly x: number;
  readonly y: number;
  readonly format: BuildFormat;
  /** The splat maps' size (build's `--splat-size`), for the splat format: Unity's texels or the tile's samples. */
  readonly splatSize: SplatSize;
  /**
   * Metres between neighbouring samples: build's `--metres-per-cell`, which the heights cannot
   * say (they have no unit). With it the box says the world's size on the ground, and manifest.json
   * the engines' import settings (src/build/import-scale.ts).
   */
  readonly metresPerCell: number;
  /** Metres from a 16-bit layer's 0 to its 65535: build's `--height-range`. */
  readonly heightRange: number;
}

/** Metres a sample and the height range start at build's defaults when either flag is given alone (render --glb's too). */
export const TILES_DEFAULTS: TilesChoice = Object.freeze({
  layout: 'unreal',
  tileSize: 1009,
  cellsPerView: 1024,
  across: 'tiles',
  x: 2,
  y: 2,
  format: 'png16',
  splatSize: DEFAULT_SPLAT_SIZE,
  metresPerCell: MESH_DEFAULTS.metresPerCell,
  heightRange: MESH_DEFAULTS.heightRange,
});

/** One param of one node the seams' fix sets (a setParam command). */
export interface SeamsEdit {
  readonly node: string;
  readonly key: string;
  readonly value: AnyParamValue;
}

/**
 * Where the region lies, in words a person checks against the map: tiles or samples start at the
 * map's bottom-left corner (the view's origin: x grows east, y north, the map drawn north-up) and go
 * east and north, right and up, whatever the map shows; so the region is said with its corners,
 * its size in views and the map's own (one view, 1 × 1). A newcomer read "from the view's origin"
 * as the square they looked at, and got 1.97 × 1.97 views. I kept the corner rather than centre the
 * region on the map: the corner is on every resolution's lattice of cells, as build's --region
 * must start, and the tiles then hold the map's own cells from its edge; a centred region at 1009²
 * tiles would start off the lattice or off the map's cells.
 */
export function regionText(choice: TilesChoice, region: Region, shape: { readonly tilesX: number; readonly tilesY: number } | null): string {
  const [x0, y0, x1, y1] = [region.x0, region.y0, region.x1, region.y1].map(readableNumber);
  const w = readableNumber(region.x1 - region.x0);
  const h = readableNumber(region.y1 - region.y0);
  if (choice.across === 'world') return `the graph's world from (${x0}, ${y0}) to (${x1}, ${y1}), ${w} × ${h} views`;
  const counts =
    choice.across === 'tiles'
      ? `${countText(shape?.tilesX ?? choice.x)} × ${countText(shape?.tilesY ?? choice.y)} tiles`
      : `${countText(choice.x)} × ${countText(choice.y)} samples`;
  const map = region.x1 - region.x0 === 1 && region.y1 - region.y0 === 1 ? "the map's own square" : 'the map shows 1 × 1';
  return `from the map's bottom-left corner (${x0}, ${y0}), ${counts} east and north (right and up) to (${x1}, ${y1}): ${w} × ${h} views, ${map}`;
}

/** A whole count for reading, its digits in thousands as the box's counts are ("600,000,000"). */
export function countText(v: number): string {
  return v.toLocaleString('en-GB').replace('-', '−');
}

/**
 * A figure of the region line for reading: at most 3 decimals, fewer past 4 digits before the
 * point (7 digits in all), 2 significant ones under 0.001 so that no region reads as 0 views wide,
 * digits in thousands as the box's counts are, a true minus. With a huge sample count the line
 * read "2343749.99609375 views", every digit; the command line keeps the exact figures
 * (tilesSummary's command).
 */
export function readableNumber(v: number): string {
  if (!Number.isFinite(v) || v === 0) return numberText(v === 0 ? 0 : v);
  const magnitude = Math.floor(Math.log10(Math.abs(v)));
  const decimals = magnitude < -3 ? 1 - magnitude : Math.max(0, Math.min(3, 6 - magnitude));
  // Past 20 decimals (toLocaleString takes no more in Node; a view's origin a file puts 1e-25
  // from 0 threw, and the box drew nothing), 2 significant digits in powers of ten: "1e−25".
  if (decimals > 20) return numberText(Number(v.toPrecision(2)));
  const rounded = Number(v.toFixed(decimals));
  return rounded.toLocaleString('en-GB', { maximumFractionDigits: decimals }).replace('-', '−');
}

/** A count of the Region row as read from its field: the number, or what is wrong with it, in the field's name. */
export type CountRead = { readonly value: number; readonly problem: null } | { readonly value: null; readonly problem: string };

/**
 * A count of the Region row (tiles or samples, across or up) from the text of its field, read as
 * build reads a region: a whole number from 1 tile (2 samples, one cell), making with the other
 * count at most build's TILES_MAX tiles in all (plan.ts makePlan refuses more); else why not,
 * naming the field and what it takes. `text` is the field's, as typed. The fields were read with
 * Number() unchecked: "" went in as 0 and "1e9" as a billion tiles across.
 */
export function readCount(text: string, axis: 'x' | 'y', choice: TilesChoice): CountRead {
  if (choice.across === 'world') throw new Error('readCount: the region is the graph\'s world, which has no counts');
  const tiles = choice.across === 'tiles';
  const unit = tiles ? 'tiles' : 'samples';
  const field = `${tiles ? 'Tiles' : 'Samples'} ${axis === 'x' ? 'across' : 'up'}`;
  const stride = choice.tileSize - 1;
  const tilesOf = (v: number) => (tiles ? v : Math.max(1, Math.ceil((v - 1) / stride)));
  const other = axis === 'x' ? choice.y : choice.x;
  const otherTiles = Number.isInteger(other) && other >= 1 ? tilesOf(other) : 1;
  const most = Math.max(1, Math.floor(TILES_MAX / otherTiles));
  const least = tiles ? 1 : 2;
  const max = tiles ? most : most * stride + 1;
  const n = (v: number) => numberText(Number(v.toPrecision(12))).replace(/^(−?)(\d{4,})$/, (_, sign: string, digits: string) => sign + countText(Number(digits)));
  // The other count leaving one count only says so, and why: "from 1 to 1" read as a slip.
  const takes = max > least
    ? `it takes a whole number of ${unit} from ${least} to ${countText(max)}`
    : `with ${n(other)} ${unit} ${axis === 'x' ? 'up' : 'across'}, it takes only ${least}`;
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, problem: `${field} is empty: ${takes}.` };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { value: null, problem: `${field}: "${trimmed}" is no number; ${takes}.` };
  const v = Number(trimmed);
  if (!Number.isFinite(v)) return { value: null, problem: `${field}: ${trimmed} is too large; ${takes}.` };
  if (!Number.isInteger(v)) return { value: null, problem: `${field}: ${n(v)} is not a whole number; ${takes}.` };
  if (v < least) return { value: null, problem: `${field}: ${n(v)} is less than ${least}; ${takes}.` };
  if (v > max) {
    const all = tilesOf(v) * otherTiles;
    const made = all <= Number.MAX_SAFE_INTEGER ? `${countText(all)} tiles` : 'more tiles';
    return { value: null, problem: `${field}: ${n(v)} makes ${made}, more than terrain-graph build makes (${countText(TILES_MAX)} in all); ${takes}.` };
  }
  return { value: v, problem: null };
}

/** What a choice makes, for the dialog to say before the export starts. */
export interface TilesSummary {
  /** The build's plan, or null when the choice cannot make one or is past the browser's limit (see problem). */
  readonly plan: BuildPlan | null;
  /** How many tiles of what size, and the region's samples, whenever the numbers make sense (past the limit too). */
  readonly shape: { readonly count: number; readonly tilesX: number; readonly tilesY: number; readonly tileSize: number; readonly samplesX: number; readonly samplesY: number } | null;
  readonly region: Region;
  /** The download's estimated bytes (PNG sizes measured on the default graph's layers). */
  readonly bytes: number;
  /** Why the export cannot run as chosen (the browser's limit, a region off the lattice), or null. */
  readonly problem: string | null;
  /** The layers whose tiles will not meet at their edges, as `build` says it, or null. */
  readonly seams: string | null;
  /**
   * The params that make the nodes named in `seams` read the world, set in one step by the box's
   * button (`label` its words), or null: none declares them (NodeDef.worldParams), or no seams.
   */
  readonly seamsFix: { readonly label: string; readonly edits: readonly SeamsEdit[] } | null;
  /** The erosion or flow that runs once on the whole export before the first tile (so tiles meet), or null. */
  readonly grid: string | null;
  /**
   * What each erosion or flow whose work on the export's grid is more than LARGE_WORK times its
   * work on a 256² view will cost there, in its own terms (build/work.ts, as build says it), one
   * line a node; empty when none is.
   */
  readonly work: readonly string[];
  /** The same build on the command line. */
  readonly command: string;
  /**
   * The tiles' extent on the ground, east and north, in metres (manifest.json's
   * import.unity.totalWidth and totalLength), and the engines' settings as build prints them; null
   * with no tiles to count.
   */
  readonly ground: { readonly across: number; readonly up: number; readonly settings: string } | null;
  /** The zip's name without ".zip", and the folder in it: the command's --out (tilesFolder). */
  readonly folder: string;
  /**
   * What to do before running the command, when the file it names is not the graph shown (null:
   * it is): the command reads the file as saved, not the editor's unsaved edits.
   */
  readonly saveFirst: string | null;
  /** The formats that apply to the node's outputs, in the order build lists them. */
  readonly formats: readonly BuildFormat[];
  /** Pixels a side of each tile's splat maps, Unity's texels or the tile's samples; null when the format is not splat. */
  readonly splatSide: number | null;
}

/** The formats build would write for some output of the node. */
export function formatsFor(graph: Readonly<Graph>, node: string): BuildFormat[] {
  const n = graph.nodes.find((g) => g.id === node);
  const outputs = Object.values((n && nodeDef(n.type)?.outputs) ?? {});
  return BUILD_FORMATS.filter((f) => outputs.some((o) => formatApplies(o.type, f)));
}

/** Bytes a sample of a layer in a format, about: measured on the default graph's 513² tiles. */
function bytesPerSample(format: BuildFormat, type: PortType, meaning: Meaning): number {
  // Masks and biome maps are long runs of one value, which the run-length deflate takes.
  const flat = type === 'biome' || isMask(meaning);
  switch (format) {
    case 'png16':
      return flat ? 0.05 : 1.6;
    case 'r16':
      return 2;
    case 'f32':
      return 4;
    case 'png':
      return flat ? 0.1 : 2.7;
    case 'indexed':
      return 0.06;
    // Thirteen biomes' weights, 4 a RGBA PNG or one a greyscale PNG: measured with soft borders
    // (soft-borders.json, 513² tiles), where they blend; hard borders (0) are runs of 0 and 255,
    // 0.14 a sample either way: the estimate takes the larger.
    case 'splat':
      return 1.1;
    case 'weights':
      return 0.8;
  }
}

/**
 * A number of bytes as people read it, in the units the Export row's "Saved … · N MB" uses
 * (exports.ts: a MB of 2²⁰ bytes), so the estimate and the file it announces compare: in units
 * of 10⁶ the box said "about 538 MB" of a download the row then called 513.1 MB.
 */
export function bytesText(bytes: number): string {
  const KB = 1 << 10;
  const MB = 1 << 20;
  const GB = 1 << 30;
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(bytes >= 100 * MB ? 0 : 1)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} kB`;
  return `${bytes} B`;
}

/**
 * A download past the limit and the limit, as bytesText says them, or closer when those would
 * read the same ("about 384 MB: … at most 384 MB"): in tenths of a MB, else in bytes.
 */
function pastLimitText(bytes: number): [string, string] {
  const MB = 1 << 20;
  const ways = [bytesText, (b: number) => `${(b / MB).toFixed(1)} MB`, (b: number) => `${countText(b)} bytes`];
  const way = ways.find((say) => say(bytes) !== say(BROWSER_BYTES_MAX)) ?? ways[2];
  return [way(bytes), way(BROWSER_BYTES_MAX)];
}

/**
 * A word a POSIX shell reads back as `text`: as it is when it holds only characters no shell
 * treats specially, else in single quotes (a quote inside closed, escaped and reopened). The
 * file's name is the one word of the command a person chose: "default (1).json", as a browser
 * names a second download, broke the command pasted into bash.
 */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The zip's name and its folder: "<graph>.<node>.tiles-<T>-<N>" (the folder build's --out would
 * be), the graph's part (editor/files.ts exportPrefix) first when there is one.
 */
export function tilesFolder(node: string, choice: TilesChoice, prefix: string | null = null): string {
  return `${prefix ? `${prefix}.` : ''}${node}.tiles-${choice.tileSize}-${choice.cellsPerView}`;
}

/**
 * How the graph shown stands to the file the command names: as saved there, edited since, or never
 * saved under that name (a recipe, a new graph, a draft, a link).
 */
export type GraphFileState = 'saved' | 'edited' | 'unnamed';

/** TilesSummary.saveFirst for a graph whose file is `graphFile`. */
function saveFirstText(state: GraphFileState, graphFile: string): string | null {
  if (state === 'saved') return null;
  return state === 'edited'
    ? `The command reads ${graphFile} as saved, without this graph's unsaved edits: save it (Ctrl+S) before you run it.`
    : `The command reads ${graphFile}, which this graph has not been saved as: save it under that name (Save as…) before you run it.`;
}

/**
 * The titles of `ids` in `graph`, as the canvas and the box's heading name the nodes (an id where a
 * node has none); `graph` may be passThrough's, whose neutral copy of a bypassed node is named as the node.
 */
function titlesOf(graph: Readonly<Graph>, ids: readonly string[]): string[] {
  return ids.map((id) => {
    const n = graph.nodes.find((m) => m.id === id);
    return n?.title || n?.standsFor || id;
  });
}

/**
 * The erosions and flows upstream of `node` that a build runs once on its whole grid, by their
 * titles: of the graph as the export worker and build run it (passThrough), a bypassed erosion
 * passed by.
 */
export function gridTitles(graph: Readonly<Graph>, node: string): string[] {
  const run = passThrough(graph as Graph);
  return titlesOf(run, gridBoundUpstream(run, [node]));
}

/**
 * Plans the export of `node` of `graph` (saved as `graphFile`, the file standing to the graph as
 * `fileState` says) from the view's origin (the map's bottom-left corner); `prefix`, the graph's part of the zip's name (null: none).
 */
export function tilesSummary(graph: Readonly<Graph>, node: string, choice: TilesChoice, graphFile: string, fileState: GraphFileState = 'saved', prefix: string | null = null): TilesSummary {
  const { tileSize: t, cellsPerView: n } = choice;
  const formats = formatsFor(graph, node);
  // The graph's world: its square at n cells a view, as build --region world takes it.
  const world = choice.across === 'world' ? (graph.world ?? null) : null;
  const cellsX = world ? world.size * n : choice.across === 'tiles' ? choice.x * (t - 1) : choice.x - 1;
  const cellsY = world ? world.size * n : choice.across === 'tiles' ? choice.y * (t - 1) : choice.y - 1;
  const x0 = world ? world.x : graph.view.x;
  const y0 = world ? world.y : graph.view.y;
  const region: Region = { x0, y0, x1: x0 + cellsX / n, y1: y0 + cellsY / n };
  const folder = tilesFolder(node, choice, prefix);
  const scale = { metresPerCell: choice.metresPerCell, heightRange: choice.heightRange };
  const command =
    `npx terrain-graph build ${shellWord(graphFile)} --region ${world ? 'world' : [region.x0, region.y0, region.x1, region.y1].map(String).join(',')} ` +
    `--cells-per-view ${n} --tile-size ${t} --node ${node} --format ${choice.format} ` +
    (choice.format === 'splat' ? `--splat-size ${choice.splatSize} ` : '') +
    `--metres-per-cell ${scale.metresPerCell} --height-range ${scale.heightRange} --out ${shellWord(folder)}`;
  const saveFirst = saveFirstText(fileState, graphFile);
  const splatSide = choice.format === 'splat' ? (choice.splatSize === 'texels' ? splatTexels(t) : t) : null;
  const none = { plan: null, shape: null, ground: null, region, bytes: 0, seams: null, seamsFix: null, grid: null, work: [], command, folder, saveFirst, formats, splatSide };
  // Checked as build checks its flags: the same limits, the same words.
  const metres = meshOptionProblems({ ...scale, side: MESH_DEFAULTS.side })[0];
  if (metres) return { ...none, problem: `${metres.option === 'metresPerCell' ? 'Metres a sample' : 'Height range'}: ${metres.message}.` };
  if (choice.across === 'world' && !world) {
    return { ...none, problem: 'The graph has no world: give it one under the map of an eroded node ("Give the graph a world"), or choose tiles or samples.' };
  }
  const wholeAcross = choice.across === 'tiles' ? 1 : 2;
  if (!world && ![choice.x, choice.y].every((v) => Number.isInteger(v) && v >= wholeAcross)) {
    return { ...none, problem: choice.across === 'tiles' ? 'Tiles across and up are whole numbers from 1.' : 'Samples across and up are whole numbers from 2.' };
  }
  if (!Number.isInteger(x0 * n) || !Number.isInteger(y0 * n)) {
    return { ...none, problem: `The view's origin (${numberText(x0)}, ${numberText(y0)}) is not on a cell at ${n} cells per view: pick another resolution, or move the view.` };
  }
  if (!formats.includes(choice.format)) return { ...none, problem: `${choice.format} does not apply to ${node}'s outputs: choose ${formats.join(', ')}.` };
  let layers: BuildLayer[];
  try {
    layers = buildLayers(graph as Graph, [node], [choice.format]);
  } catch (err) {
    if (err instanceof PlanError) return { ...none, problem: err.message };
    throw err;
  }
  // The tiles' count, files and bytes from the numbers alone: a world far past the limit is never
  // planned tile by tile.
  const tilesX = Math.max(1, Math.ceil(cellsX / (t - 1)));
  const tilesY = Math.max(1, Math.ceil(cellsY / (t - 1)));
  const count = tilesX * tilesY;
  const samples = count * t * t;
  const shape = { count, tilesX, tilesY, tileSize: t, samplesX: cellsX + 1, samplesY: cellsY + 1 };
  const unity = importSettings(shape, scale).unity;
  const ground = { across: unity.totalWidth, up: unity.totalLength, settings: importSummary(shape, scale) };
  const bytes = Math.round(
    2000 + count * (600 + 300 * layers.length) + samples * layers.reduce((s, l) => s + l.formats.reduce((a, f) => a + bytesPerSample(f, l.type, l.meaning), 0), 0),
  );
  // manifest.json, and each tile's files and its tiles/tile-K.json (src/build/files.ts).
  const files = 1 + count * (1 + layers.reduce((s, l) => s + l.formats.reduce((a, f) => a + formatParts(f).length, 0), 0));
  const tiles = `${countText(count)} tile${count === 1 ? '' : 's'} of ${t}²`;
  const build = 'Build it with terrain-graph build, which writes one tile at a time to disk:';
  const [past, limit] = pastLimitText(bytes);
  const problem =
    bytes > BROWSER_BYTES_MAX
      ? `${tiles} in ${choice.format} are a download of about ${past}: the browser exports at most ${limit}, since it holds the whole download in memory. ${build}`
      : files > ZIP_FILES_MAX
        ? `${tiles} in ${choice.format} are ${countText(files)} files: a zip holds at most ${countText(ZIP_FILES_MAX)}. ${build}`
        : null;
  let plan: BuildPlan | null = null;
  if (!problem) {
    try {
      plan = makePlan({ region, cellsPerView: n, tileSize: t, layers, splatSize: choice.splatSize });
      // As build refuses it: texels under an erosion that runs on the whole grid of samples; said
      // in the box's words (build's names its flags, and the box has no --grid).
      // Of the graph as the export worker runs it, as build asks it: a bypassed erosion passed by.
      if (splatTexelsProblem(passThrough(graph as Graph), layers, plan, 'whole')) {
        const bound = gridTitles(graph, node);
        const texelsProblem =
          `Splat maps at Unity's ${plan.splatTexels}² texels are the biomes evaluated on a lattice of their own, and ${bound.join(', ')} ` +
          `${bound.length === 1 ? 'runs' : 'run'} once on the export's whole grid of samples, which holds no texel: pick ${t}² samples under Splat maps (Unity resamples them).`;
        return { ...none, shape, ground, problem: texelsProblem };
      }
    } catch (err) {
      if (err instanceof PlanError) return { ...none, shape, ground, problem: err.message };
      throw err;
    }
  }
  // An erosion or a flow runs once on the whole export (src/build/prepare.ts), as build runs it:
  // in the export worker, which holds it beside the tiles.
  // Named by their titles, as the box's heading names the node: it said "erosion runs once…", the id.
  const onGrid = gridTitles(graph, node);
  const gridSide = plan ? gridOf(plan).n : 0;
  const gridProblem =
    !problem && onGrid.length && count > 1 && gridSide > BROWSER_GRID_MAX
      ? `${onGrid.join(', ')} ${onGrid.length === 1 ? 'runs' : 'run'} once on the whole export so that tiles agree at their edges: ${gridSide}² samples here, and the browser holds at most ${BROWSER_GRID_MAX}². ${build}`
      : null;
  const { seams, seamsFix } = count > 1 ? seamsOf(graph, node) : { seams: null, seamsFix: null };
  const once =
    onGrid.length && count > 1 && !problem && !gridProblem
      ? `${onGrid.join(', ')} ${onGrid.length === 1 ? 'runs' : 'run'} once on the whole export (${gridSide}² samples) before the first tile, so the tiles agree at their edges.`
      : null;
  // What a large erosion will cost there, before Export is pressed: its params read as set at 256
  // cells a view, so 4096 cells a view runs a thermal's 256 times the passes over 256 times the cells.
  const work = plan && !gridProblem ? largeWork(graph, node, gridOf(plan), region) : [];
  // Whether tiles over the world fill it is said beside (tiles-world.ts worldFit), with a button.
  return { plan: gridProblem ? null : plan, shape, ground, region, bytes, problem: problem ?? gridProblem, seams, seamsFix, grid: once, work, command, folder, saveFirst, formats, splatSide };
}

/**
 * The work of each erosion or flow upstream of `node` on the export's `grid` that is more than
 * LARGE_WORK times its work on a 256² view at the region's corner, in words, named by its title.
 */
export function largeWork(graph: Readonly<Graph>, node: string, grid: Domain, region: Region): string[] {
  // As the export worker runs it: a bypassed erosion passes its input on and does no work.
  const run = passThrough(graph as Graph);
  const ids = gridBoundUpstream(run, [node]);
  return gridWork(run, ids, grid).flatMap((w) => {
    const times = timesView(run, w, { x: region.x0, y: region.y0 });
    if (times === null || times <= LARGE_WORK) return [];
    const [title] = titlesOf(run, [w.node]);
    return [`${workText(w, title)}: ${workCount(Math.round(times))} times its work on a 256² view.`];
  });
}

/**
 * What the box says of a node whose tiles will not match at their edges (blocks.ts tileBound, as
 * build warns of it): the nodes that read the view they are given, by their titles and with the
 * setting that makes them do so (cut: view), and what sets them to read the world instead where
 * their definitions declare it (NodeDef.worldParams: the water's world cut, what the shipped graphs
 * read). It said only "Export the region as one tile", never that the cut was the cause and the fix.
 */
function seamsOf(graph: Readonly<Graph>, node: string): Pick<TilesSummary, 'seams' | 'seamsFix'> {
  const causes = [...new Set(tileBound(graph as Graph, [node], true).flatMap((b) => b.because))];
  if (!causes.length) return { seams: null, seamsFix: null };
  const nodes = causes.map((id) => graph.nodes.find((n) => n.id === id)!);
  const edits: SeamsEdit[] = [];
  const said = nodes.map((n) => {
    const fix = Object.entries(nodeDef(n.type)?.worldParams ?? {}) as [string, AnyParamValue][];
    for (const [key, value] of fix) edits.push({ node: n.id, key, value });
    const setting = fix.length ? fix.map(([key]) => `${key}: ${String(n.params[key])}`).join(', ') : 'a view cut';
    return { node: n, title: n.title || n.id, setting, fix };
  });
  const [target] = titlesOf(graph, [node]);
  const one = said.length === 1;
  const whose = one && causes[0] === node ? 'its' : `${target}'s`;
  const reads = `${said.map((c) => `${c.title} (${c.setting})`).join(', ')} ${one ? 'reads' : 'read'} each tile on its own, so ${whose} tiles will not match at their edges (terrain-graph build warns of it too).`;
  const fixable = said.filter((c) => c.fix.length);
  if (!fixable.length) return { seams: `${reads} Export the region as one tile to keep it seamless.`, seamsFix: null };
  const sets = fixable.map((c) => `${c.title}'s ${c.fix.map(([key, value]) => `${key} to ${String(value)}`).join(' and ')}`).join(', ');
  const rest = fixable.length < said.length ? ' (the others: export the region as one tile)' : '';
  // What the change moves that a person sees (NodeDef.worldParamsMove: the water's sea level).
  const moves = fixable.flatMap((c) => {
    const move = nodeDef(c.node.type)?.worldParamsMove?.(c.node.params as never);
    return move ? [`${c.title}'s ${move}`] : [];
  });
  const moved = moves.length ? ` ${moves.join('; ')} (Undo takes it back).` : '';
  return {
    seams: `${reads} Set ${sets} and ${fixable.length === 1 ? 'it reads' : 'they read'} the world, the same for every tile${rest}.${moved}`,
    seamsFix: { label: `Set ${sets}`, edits },
  };
}
