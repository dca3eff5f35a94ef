// A build's preparation, shared by `terrain-graph build` (run.ts) and the editor's Export →
// Tiles (the export worker): the layers and their formats, the plan, the world's value ranges
// (the coarse pass), the hashes, and the bytes of manifest.json. No file system here.

import { nodeDef } from '../../nodes/index.ts';
import { createEngine } from '../engine/engine.ts';
import type { Graph } from '../model/graph.ts';
import { suggest } from '../model/validate.ts';
import { sha256 } from './digest.ts';
import type { ValueRange } from './encode.ts';
import { formatApplies, formatNeedsRange } from './encode.ts';
import { PNG_ENCODING } from './png.ts';
import { BIOMES } from '../model/biomes.ts';
import { splatChannel } from '../render/splat.ts';
import { type BuildFormat, type BuildPlan, biomeSlug, GRID_SAMPLES_MAX, gridOf, makePlan, PlanError, type PlanOptions, type Region, SPLAT_BIOMES, type SplatSize } from './plan.ts';
import { type ImportScale, importSettings } from './import-scale.ts';
import { seaLevelsAlone, worldRanges, type LayerRange } from './range.ts';
import { gridBoundUpstream, tileBound } from './blocks.ts';
import type { Domain } from '../grid.ts';
import type { BuildLayer, TileJob } from './tile-render.ts';

/** The last part of a path, as Node's posix basename gives it ("a/b/c.json" → "c.json"). */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || (path.startsWith('/') ? '' : path);
}

export interface BuildRequest {
  readonly graph: Graph;
  /** The graph file's bytes, hashed into every manifest. */
  readonly graphText: string;
  readonly graphFile: string;
  readonly region: Region;
  readonly cellsPerView: number;
  readonly tileSize: number;
  /** Node ids; every output port of each is written. */
  readonly nodes: readonly string[];
  /** Formats asked for; each layer gets those that apply to it. */
  readonly formats: readonly BuildFormat[];
  readonly range: ValueRange | null;
  readonly outDir: string;
  /**
   * Where a grid-bound node upstream of a layer (an erosion, a flow) runs: `whole` (the default)
   * on the build's whole grid (plan.ts gridOf), so its tiles agree at their edges; `tile` on each
   * block of tiles, as builds before did (less memory, seams).
   */
  readonly grid?: GridMode;
  /** The splat maps' size (`build --splat-size`, plan.ts SplatSize): Unity's texels (the default) or the tile's samples. */
  readonly splatSize?: SplatSize;
  /**
   * The wires to nodes deleted by hand the graph was read without (`build --drop-missing-wires`),
   * in words: said in the manifest beside the file's hash, which is of the file with them.
   */
  readonly droppedWires?: string;
}

/** `build --grid`: see BuildRequest.grid. */
export type GridMode = 'whole' | 'tile';
export const GRID_MODES: readonly GridMode[] = ['whole', 'tile'];

export interface PreparedBuild {
  readonly plan: BuildPlan;
  readonly planOptions: PlanOptions;
  readonly job: TileJob;
  /** The world's sea level of each terrain layer ("node.port" → level; read by the coarse pass, or alone when there is none); not in the settings hash. */
  readonly seaLevels: Readonly<Record<string, number>>;
  /** BuildRequest.droppedWires. */
  readonly droppedWires?: string;
}

/** The layers of the chosen nodes with the formats that apply; a layer or format left with nothing is refused. */
export function buildLayers(graph: Graph, nodes: readonly string[], formats: readonly BuildFormat[]): BuildLayer[] {
  const layers: BuildLayer[] = [];
  const used = new Set<BuildFormat>();
  for (const id of nodes) {
    const node = graph.nodes.find((n) => n.id === id);
    // The near miss, as render names it (`--node wate` meant "water"); no list of a huge graph's ids.
    if (!node) throw new PlanError(`--node ${id}: no node "${id}" in the graph${suggest(id, graph.nodes.length <= 1000 ? graph.nodes.map((n) => n.id) : [])}`);
    for (const [port, spec] of Object.entries(nodeDef(node.type)!.outputs)) {
      const fits = formats.filter((f) => formatApplies(spec.type, f));
      if (!fits.length) {
        throw new PlanError(`--format ${formats.join(',')} does not apply to ${id}.${port}, a ${spec.type} layer: use ${spec.type === 'biome' ? 'indexed, splat, weights or png' : 'png16, r16, f32 or png'}`);
      }
      fits.forEach((f) => used.add(f));
      layers.push({ stem: `${id}.${port}`, node: id, port, type: spec.type, meaning: spec.meaning, formats: fits });
    }
  }
  const unused = formats.filter((f) => !used.has(f));
  if (unused.length) throw new PlanError(`--format ${unused.join(',')} applies to none of the layers written (${layers.map((l) => l.stem).join(', ')})`);
  return layers;
}

/**
 * The plan alone (what --plan prints): no evaluation. Refuses what the build would (a whole grid
 * too large to hold among them), so a plan is one the build, or a fan-out planned from it, takes.
 */
export function planBuild(req: BuildRequest): { plan: BuildPlan; planOptions: PlanOptions; layers: BuildLayer[]; grid: Domain | null } {
  const layers = buildLayers(req.graph, req.nodes, req.formats);
  const planOptions: PlanOptions = { region: req.region, cellsPerView: req.cellsPerView, tileSize: req.tileSize, layers, ...(req.splatSize ? { splatSize: req.splatSize } : {}) };
  const plan = makePlan(planOptions);
  const problem = splatTexelsProblem(req.graph, layers, plan, req.grid ?? 'whole');
  if (problem) throw new PlanError(problem);
  return { plan, planOptions, layers, grid: wholeGridOf(req, plan) };
}

/**
 * Why splat maps at Unity's texels cannot be made as asked, or null. Their texels are a lattice
 * of their own (plan.ts texelDomain), evaluated apart from the tile's samples; an erosion or a
 * flow upstream runs once on the build's whole grid of samples, which holds no texel, and a run
 * of its own on the texels would be another erosion than the heights' (a flow depends on its
 * grid). So that is refused, with the two ways that do work.
 */
export function splatTexelsProblem(graph: Graph, layers: readonly BuildLayer[], plan: BuildPlan, grid: GridMode): string | null {
  if (!plan.splatTexels || grid === 'tile') return null;
  const nodes = [...new Set(layers.filter((l) => l.formats.includes('splat')).map((l) => l.node))];
  const bound = gridBoundUpstream(graph, nodes);
  if (!bound.length) return null;
  return (
    `--format splat at Unity's ${plan.splatTexels}² texels (--splat-size texels, the default) evaluates the biome weights on a lattice of its own, ` +
    `and ${bound.join(', ')} upstream of ${nodes.join(', ')} ${bound.length === 1 ? 'runs' : 'run'} once on the build's whole grid of samples, which holds no texel: ` +
    `give --splat-size samples (${plan.tileSize}² maps on the heights' samples, the same run; Unity resamples them) or --grid tile (each tile its own run: seams)`
  );
}

/** Plans the build and works out everything each tile needs (the coarse range pass runs here). */
export function prepareBuild(req: BuildRequest): PreparedBuild {
  const { plan, planOptions, layers, grid } = planBuild(req);
  const ranged = layers.filter((l) => l.formats.some(formatNeedsRange));
  const seaLevels = new Map<string, number>();
  // The graph's world is the editor's (engine.ts worldGridOf): a build runs its erosions on its
  // own grid, or on each block (--grid tile), and its coarse pass on its own square, as for a
  // graph without one.
  const graph = withoutWorld(req.graph);
  const engine = createEngine(graph);
  const ranges = ranged.length ? worldRanges(engine, plan, ranged, req.range, seaLevels) : new Map<string, LayerRange>();
  // The world's level of a terrain layer no coarse pass read (f32 alone, a declared range); none
  // for a layer read from the view, whose level is each tile's own (tile manifests only).
  const bound = new Set(tileBound(req.graph, layers.map((l) => l.node), grid !== null).map((b) => b.node));
  seaLevelsAlone(engine, plan, layers.filter((l) => !bound.has(l.node)), seaLevels);
  const rangeRecord = Object.fromEntries([...ranges].sort(([a], [b]) => (a < b ? -1 : 1)));
  const settings = {
    region: req.region,
    cellsPerView: req.cellsPerView,
    tileSize: req.tileSize,
    layers: layers.map((l) => ({ stem: l.stem, formats: l.formats })),
    ranges: rangeRecord,
    pngEncoding: PNG_ENCODING,
    // Only where a grid-bound node is written: the hashes of other builds stay as they were.
    ...(gridBoundUpstream(req.graph, layers.map((l) => l.node)).length ? { grid: req.grid ?? 'whole' } : {}),
    // The channels' biomes: a build made when there were other biomes has other splat maps.
    ...(layers.some((l) => l.formats.some(splatLike)) ? { splatBiomes: SPLAT_BIOMES.map((id) => BIOMES[id].name) } : {}),
    // Only for splat maps at Unity's texels: builds of T × T splat maps (all before --splat-size,
    // and --splat-size samples) keep their hashes, and a folder of one kind built as the other
    // renders every tile again rather than mixing both kinds.
    ...(plan.splatTexels ? { splatTexels: plan.splatTexels } : {}),
  };
  const job: TileJob = {
    graph,
    graphSha256: sha256(req.graphText),
    settingsSha256: sha256(JSON.stringify(settings)),
    outDir: req.outDir,
    layers,
    ranges: rangeRecord,
    grid,
    splatTexels: plan.splatTexels,
  };
  return { plan, planOptions, job, seaLevels: Object.fromEntries(seaLevels), ...(req.droppedWires ? { droppedWires: req.droppedWires } : {}) };
}

/** The graph without its world (Graph.world), the same object when it has none. */
function withoutWorld(graph: Graph): Graph {
  if (!graph.world) return graph;
  const { world: _world, ...rest } = graph;
  return rest;
}

function splatLike(f: BuildFormat): boolean {
  return f === 'splat' || f === 'weights';
}

/**
 * Which biome is in which file of a biome layer's splat or weight maps: the same on every tile
 * (SPLAT_BIOMES, all of them, in id order), so it is said once, in manifest.json.
 */
function splatLegend(stem: string, formats: readonly BuildFormat[], plan: BuildPlan): object {
  const out: Record<string, object> = {};
  if (formats.includes('splat')) {
    const r = plan.splatTexels;
    out.splat = {
      files: `${stem}/${stem}.splat<k>_<col>_<z>.png`,
      // Where a map's pixels are (plan.ts texelDomain): Unity's control texture, or the heights' samples.
      ...(r
        ? { size: r, at: `texels: Unity's alphamapResolution ${r}; texel (k, l) at the tile's first sample + (k, l) · ${plan.tileSize - 1} / ${r - 1} samples, texels 0 and ${r - 1} on its edges` }
        : { size: plan.tileSize, at: `samples: the tile's heightmap samples, one pixel each` }),
      sum: 255,
      channels: SPLAT_BIOMES.map((id, k) => ({ file: `splat${splatChannel(k).picture}`, channel: splatChannel(k).channel, id, biome: BIOMES[id].name })),
    };
  }
  if (formats.includes('weights')) {
    out.weights = { files: `${stem}/${stem}.<biome>_x<col>_y<row>.png`, sum: 255, biomes: SPLAT_BIOMES.map((id) => ({ name: `${stem}.${biomeSlug(id)}`, id, biome: BIOMES[id].name })) };
  }
  return out;
}

/**
 * The build's whole grid when a grid-bound node is upstream of a layer and the request runs it
 * there (the default), else null; a grid too large to hold is refused, with what to do instead.
 */
function wholeGridOf(req: BuildRequest, plan: BuildPlan): Domain | null {
  const bound = gridBoundUpstream(req.graph, req.nodes);
  if (!bound.length || req.grid === 'tile') return null;
  const grid = gridOf(plan);
  if (grid.n > GRID_SAMPLES_MAX) {
    throw new PlanError(
      `${bound.join(', ')} ${bound.length === 1 ? 'runs' : 'run'} on the build's whole grid so that tiles agree at their edges: here ${grid.n}² samples, more than the ${GRID_SAMPLES_MAX}² a build holds. ` +
        `Build a smaller region or fewer cells per view, or give --grid tile (each block of tiles its own ${bound.length === 1 ? 'run' : 'runs'}: the tiles will not match at their edges)`,
    );
  }
  return grid;
}

/**
 * DIR/manifest.json: the same bytes from every process of a build, so any of them may write it.
 * With a scale (`--metres-per-cell`, `--height-range`), an `import` block: the engines' settings.
 */
export function buildManifest(prepared: PreparedBuild, graphFile: string, scale: ImportScale | null = null): string {
  const { plan, job } = prepared;
  // A layer whose tiles do not agree at their edges says so, and which nodes make it so.
  const bound = new Map(tileBound(job.graph, job.layers.map((l) => l.node), job.grid !== null).map((b) => [b.node, b.because]));
  const seamOf = (node: string) => (bound.has(node) ? { seams: { at: 'tile edges', because: bound.get(node) } } : {});
  // A terrain layer's sea level, when it is the world's (no view-bound node upstream: every tile
  // has the same), and with the metres given where it stands above the 16-bit layer's 0.
  const seaOf = (stem: string, node: string) => {
    const level = prepared.seaLevels[stem];
    const range = job.ranges[stem];
    if (level === undefined || bound.has(node)) return {};
    const metres = scale && range && range.max > range.min ? { seaLevelMetres: Number((((level - range.min) / (range.max - range.min)) * scale.heightRange).toPrecision(9)) } : {};
    return { seaLevel: level, ...metres };
  };
  const doc = {
    kind: 'terrain-graph build',
    // The hash is of the file as it is; a graph read without wires to deleted nodes says which.
    graph: { file: baseName(graphFile), sha256: job.graphSha256, ...(prepared.droppedWires ? { readWithout: prepared.droppedWires } : {}) },
    settingsSha256: job.settingsSha256,
    region: plan.region,
    cellsPerView: plan.cellsPerView,
    tileSize: plan.tileSize,
    // Sample (i, j) is the cell centred there (src/build/plan.ts): tile 0's world rectangle starts half a cell in.
    samples: { x: plan.samplesX, y: plan.samplesY, at: 'X0 + (i + 0.5) / cellsPerView, Y0 + (j + 0.5) / cellsPerView; j from the south' },
    tilesX: plan.tilesX,
    tilesY: plan.tilesY,
    rowOrder: 'png16, png, indexed, splat, weights: north row first; r16 and f32: south row first',
    pngEncoding: PNG_ENCODING,
    // Where the grid-bound nodes ran (an erosion, a flow): the whole grid, or each block of tiles.
    ...gridNote(job),
    layers: job.layers.map((l) => ({ layer: l.stem, type: l.type, meaning: l.meaning, formats: l.formats, range: job.ranges[l.stem] ?? null, ...seaOf(l.stem, l.node), ...seamOf(l.node), ...splatLegend(l.stem, l.formats, plan) })),
    ...(scale ? { import: importSettings(plan, scale) } : {}),
    tiles: plan.tiles.map((t) => ({ index: t.index, col: t.col, row: t.row, world: t.world, samples: t.samples, manifest: t.manifest, files: t.files.map((f) => f.path) })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}


/** manifest.json's `grid`: the grid-bound nodes written and the grid they ran on; nothing when there are none. */
function gridNote(job: TileJob): { grid?: { nodes: string[]; ranOn: string; samples?: number; from?: { i: number; j: number } } } {
  const nodes = gridBoundUpstream(job.graph, job.layers.map((l) => l.node));
  if (!nodes.length) return {};
  if (!job.grid) return { grid: { nodes, ranOn: 'each block of tiles (--grid tile): tiles do not match at their edges' } };
  // The grid's first sample is the build's (0, 0): the south-west tile's first.
  return { grid: { nodes, ranOn: 'the whole build, once: every tile is a crop of it', samples: job.grid.n, from: { i: 0, j: 0 } } };
}
