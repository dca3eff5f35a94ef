// `terrain-graph build`: a world region at a resolution, cut into engine-ready tiles, built
// here (on --jobs threads), one tile per process for a fan-out (--tile K or the fan-out's own
// index variable), or only planned (--plan).

import { basename } from 'node:path';
import { BUILD_FORMATS, type BuildFormat, type BuildPlan, CELLS_PER_VIEW_MAX, CELLS_PER_VIEW_MIN, DEFAULT_TILE_SIZE, gridOf, overreach, PlanError, planJson, type Region, SPLAT_SIZES, type SplatSize, TILE_SIZES, tilesFillWorld } from '../build/plan.ts';
import { gridBoundUpstream, tileBound } from '../build/blocks.ts';
import { calibrate, estimateText, gridWork, timesView, workText } from '../build/work.ts';
import { planBuild, prepareBuild, runTiles, startTileThreads, stopTiles, writeBuildManifest } from '../build/run.ts';
import { GRID_MODES, type GridMode } from '../build/prepare.ts';
import { otherBuildIn, removeParts } from '../build/tile.ts';
import { type ImportScale, importSummary } from '../build/import-scale.ts';
import { MESH_DEFAULTS, meshOptionProblems } from '../render/land-mesh.ts';
import { nodeDef } from '../../nodes/index.ts';
import { passThrough } from '../model/bypass.ts';
import { type Graph, upstreamOf } from '../model/graph.ts';
import { GraphError } from '../model/problems.ts';
import { readinessProblems } from '../model/validate.ts';
import { type Domain, type World, WORLD_GRID_MAX } from '../grid.ts';
import { worldText } from '../viewer-core/world-note.ts';
import { DECIMAL, parseArgs, UsageError, WHOLE } from './args.ts';
import { sinkNodes } from './render.ts';
import { DROP_MISSING_WIRES, makeFolder, readGraphText, readGraphDropping } from './files.ts';

export const BUILD_USAGE = `terrain-graph build <graph.json> --region X0,Y0,X1,Y1 --cells-per-view N --out DIR [options]

  --region X0,Y0,X1,Y1  world rectangle to build, in views (X1 > X0, Y1 > Y0); world: the graph's world
  --cells-per-view N    resolution: cells per world unit, as a view of size N (X0·N, Y0·N whole)
  --tile-size T         samples a tile side, neighbours sharing an edge row (default ${DEFAULT_TILE_SIZE}):
                        Unreal 505, 1009, 2017, 4033, 8129; Unity 33 … 4097 (2^k + 1)
  --node ID …           nodes to write (default: the nodes nothing else reads)
  --format F[,F…]       png16 (16-bit PNG, Unreal), r16 (16-bit little-endian .raw, Unity),
                        f32 (raw Float32), png (palette preview), indexed (biome ids),
                        splat (biome weights, 4 biomes to an RGBA PNG, Unity), weights (a
                        greyscale PNG a biome, Unreal's layer weightmaps)
                        (default: png16 for fields and heights, indexed for biomes)
  --splat-size texels|samples
                        splat maps' size: texels (default) Unity's control texture, the
                        power of two below T (1024 for 1025), each texel the weights where
                        Unity puts it; samples T × T, a pixel a height sample (resample in Unity)
  --range MIN,MAX       the value range of every 16-bit layer (default: see README "Builds")
  --out DIR             where the tiles and DIR/manifest.json go
  --metres-per-cell M   metres between samples, and
  --height-range H      metres from a 16-bit layer's 0 to its 65535: say the engines' import
                        settings (Unity's terrain size, Unreal's scale) here and in manifest.json
                        (either alone takes the other's default, ${MESH_DEFAULTS.metresPerCell} m or ${MESH_DEFAULTS.heightRange} m)
  --grid whole|tile     where an erosion or a flow runs: whole (default) once on the build's
                        whole area, so tiles agree at their edges; tile on each block of tiles
                        (less memory and time, but seams)
  --jobs J              render the tiles on J threads: this one and J − 1 workers (default 1)
  --tile K              render tile K alone (default: $JOB_COMPLETION_INDEX or
                        $AWS_BATCH_JOB_ARRAY_INDEX when set, else every tile)
  --plan                print the tiles as JSON and render nothing
  --drop-missing-wires  build a file whose only problems are wires to nodes deleted by hand
                        without those wires, naming each on stderr (the file is not changed)`;

/** Fan-out engines that hand each process its index in an environment variable. */
const INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'AWS_BATCH_JOB_ARRAY_INDEX'] as const;
const JOBS_MAX = 64;

function numbers(flag: string, text: string, count: number, what: string): number[] {
  const parts = text.split(',').map((p) => (DECIMAL.test(p.trim()) ? Number(p) : NaN));
  if (parts.length !== count || !parts.every(Number.isFinite)) throw new UsageError(`--${flag} expects ${what}, got "${text}"`);
  return parts;
}

/** A whole number in min…max (no upper bound when max is absent: the plan says what fits). */
function integer(flag: string, text: string, min: number, max?: number): number {
  const n = WHOLE.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    throw new UsageError(`--${flag} must be ${max === undefined ? `a whole number from ${min}` : `an integer in ${min}…${max}`}, got "${text}"`);
  }
  return n;
}

function parseFormats(text: string): BuildFormat[] {
  const formats = text.split(',').map((f) => f.trim());
  for (const f of formats) {
    if (!(BUILD_FORMATS as readonly string[]).includes(f)) {
      // What a person coming from Unity or World Machine types for the raw files.
      const meant = /^(raw|r16|raw16)$/i.test(f)
        ? ' (r16 writes 16-bit raw .raw files for Unity; f32 raw Float32)'
        : /^(r32|raw32|float|exr)$/i.test(f)
          ? ' (f32 writes raw little-endian Float32; EXR is not offered)'
          : /^(splats?|splat-?maps?|alpha-?maps?|control)$/i.test(f)
            ? ' (splat writes RGBA splat maps, 4 biomes to a PNG, for Unity)'
            : /^(weights?|weight-?maps?|layers?)$/i.test(f)
              ? ' (weights writes a greyscale weight map a biome, for Unreal)'
              : '';
      throw new UsageError(`--format: unknown format "${f}"${meant}; choose from ${BUILD_FORMATS.join(', ')}`);
    }
  }
  const twice = formats.find((f, k) => formats.indexOf(f) !== k);
  if (twice) throw new UsageError(`--format ${text}: ${twice} is given twice; give each format once`);
  return formats as BuildFormat[];
}

/** The one tile this process renders: --tile, else a fan-out's index variable, else null (all). */
function chosenTile(flag: string | undefined, env: NodeJS.ProcessEnv): { index: number; from: string } | null {
  if (flag !== undefined) return { index: integer('tile', flag, 0), from: '--tile' };
  for (const name of INDEX_VARIABLES) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    // Digits only: a blank (" ") was tile 0 to Number(), so every pod of a badly templated job built it.
    const n = WHOLE.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n)) throw new UsageError(`${name}="${text}" is not a tile index (a whole number from 0)`);
    return { index: n, from: name };
  }
  return null;
}

/** Runs the build command; returns the exit code (0 built, 1 a tile failed). Throws UsageError for bad options. */
export async function buildCommand(argv: readonly string[], out: (text: string) => void, log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = parseArgs(argv, {
    one: ['region', 'cells-per-view', 'tile-size', 'format', 'range', 'out', 'jobs', 'tile', 'metres-per-cell', 'height-range', 'grid', 'splat-size'],
    many: ['node'],
    bare: ['plan', DROP_MISSING_WIRES],
    elsewhere: {
      size: "a build's resolution is --cells-per-view N (cells a view), its extent --region, its tiles' side --tile-size T",
      view: 'a build covers --region X0,Y0,X1,Y1 (in views)',
      set: 'set params in the graph file, or render with --set',
      raw: 'build writes raw floats with --format f32',
      png16: 'build writes 16-bit PNGs with --format png16',
      indexed: 'build writes biome ids with --format indexed',
      splat: 'build writes splat maps with --format splat (RGBA, Unity) or --format weights (a greyscale PNG a biome, Unreal)',
    },
  });
  const nodeArgs = args.many.get('node');
  // `build --node height g.json`: a node id has no dot, so a trailing "….json" is the file.
  if (args.positional.length === 0 && nodeArgs && /\.json$/i.test(nodeArgs[nodeArgs.length - 1])) args.positional.push(nodeArgs.pop()!);
  if (args.positional.length !== 1) throw new UsageError(`build needs exactly one graph file\n\n${BUILD_USAGE}`);
  for (const flag of ['region', 'cells-per-view']) if (!args.one.has(flag)) throw new UsageError(`build needs --${flag}\n\n${BUILD_USAGE}`);
  const plan = args.bare.has('plan');
  if (!plan && !args.one.has('out')) throw new UsageError(`build needs --out DIR (or --plan to only list the tiles)`);
  const file = args.positional[0];
  const regionText = args.one.get('region')!;
  const [x0, y0, x1, y1] = regionText === 'world' ? [0, 0, 0, 0] : numbers('region', regionText, 4, 'X0,Y0,X1,Y1 (four numbers), or world');
  const cellsPerView = integer('cells-per-view', args.one.get('cells-per-view')!, CELLS_PER_VIEW_MIN, CELLS_PER_VIEW_MAX);
  const tileText = args.one.get('tile-size');
  const tileSize = tileText === undefined ? DEFAULT_TILE_SIZE : integer('tile-size', tileText, TILE_SIZES[0], TILE_SIZES[TILE_SIZES.length - 1]);
  const rangeText = args.one.get('range');
  let range = null;
  if (rangeText !== undefined) {
    const [min, max] = numbers('range', rangeText, 2, 'MIN,MAX (two numbers)');
    if (!(max > min)) throw new UsageError(`--range ${rangeText}: MAX must be greater than MIN`);
    // A span past the largest double (-1e308,1e308) quantised every sample to 0, saying nothing.
    if (!Number.isFinite(max - min)) throw new UsageError(`--range ${rangeText}: MAX − MIN is ${max - min}; a 16-bit layer needs a finite span`);
    range = { min, max };
  }
  const scale = parseScale(args.one);
  const jobs = args.one.has('jobs') ? integer('jobs', args.one.get('jobs')!, 1, JOBS_MAX) : 1;
  const one = chosenTile(args.one.get('tile'), env);
  if (one && args.one.has('jobs')) throw new UsageError(`give either --jobs or one tile (${one.from}), not both`);

  const gridText = args.one.get('grid');
  if (gridText !== undefined && !(GRID_MODES as readonly string[]).includes(gridText)) throw new UsageError(`--grid: unknown "${gridText}"; choose whole or tile`);
  const grid = (gridText ?? 'whole') as GridMode;
  const splatText = args.one.get('splat-size');
  if (splatText !== undefined && !(SPLAT_SIZES as readonly string[]).includes(splatText)) {
    const meant = /^\d+$/.test(splatText) ? ` (the size follows --tile-size: texels makes the power of two below it, samples the tile's own)` : '';
    throw new UsageError(`--splat-size: unknown "${splatText}"${meant}; choose texels or samples`);
  }

  const graphText = readGraphText(file);
  const { graph: parsed, dropped } = readGraphDropping(graphText, basename(file), args.bare.has(DROP_MISSING_WIRES), 'build', log);
  // Bypassed nodes pass their input through, as render and the editor evaluate them: a rewrite
  // of the wires before the engine sees them (src/model/bypass.ts). The layers are the file's.
  const graph = passThrough(parsed);
  // `--region world`: the graph's world, whose erosions the editor runs on the same grid when
  // the tiles fill it (engine/domains.ts worldGrid).
  const world = parsed.world;
  if (regionText === 'world' && !world) {
    throw new UsageError(`--region world: ${basename(file)} has no world; give --region X0,Y0,X1,Y1, or give the graph a world (the viewer's "Give the graph a world", or "world" in the file)`);
  }
  const region: Region = regionText === 'world' && world ? { x0: world.x, y0: world.y, x1: world.x + world.size, y1: world.y + world.size } : { x0, y0, x1, y1 };
  // A file's world lies within the coordinates' bound with both its edges (model/validate.ts
  // checkWorld), so the region is one makePlan takes: no check of its own here.
  const nodes = nodeArgs ?? sinkNodes(parsed);
  const formats = args.one.has('format') ? parseFormats(args.one.get('format')!) : defaultFormats(parsed, nodes);

  if (splatText !== undefined && !formats.includes('splat')) throw new UsageError(`--splat-size ${splatText} sizes splat maps, and this build writes none: add --format splat, or leave --splat-size out`);
  const splatSize = splatText as SplatSize | undefined;
  const request = { graph, graphText, graphFile: file, region, cellsPerView, tileSize, nodes, formats, range, outDir: args.one.get('out') ?? '', grid, ...(splatSize ? { splatSize } : {}), ...(dropped ? { droppedWires: dropped } : {}) };
  const planned = refusing(() => planBuild(request));
  // What render and check refuse (an input without a wire), refused before any file is
  // written: a build started, wrote its manifest and then failed every tile with exit 1.
  const notReady = readinessProblems(graph, upstreamOf(graph, nodes));
  if (notReady.length) throw new GraphError(notReady, basename(file));
  const count = planned.plan.tiles.length;
  if (one && one.index >= count) throw new UsageError(`${one.from} ${one.index} is out of range: this build has ${count} tile${count === 1 ? '' : 's'} (0…${count - 1})`);
  // Said with --plan too (on stderr, beside the plan): whether the tiles will be the editor's world.
  const onWorld = regionText === 'world' && world && grid === 'whole' ? worldNote(world, planned.plan, gridBoundUpstream(graph, nodes)) : null;
  if (onWorld && !one) log(onWorld);
  // What the erosions and flows will cost on the whole grid, said before a long run (and with --plan).
  // A fan-out's process of one tile says the work without timing it: a calibration takes about a
  // second, and every process of the fan-out would pay it (--plan times it once).
  const work = planned.grid ? workLines(graph, gridBoundUpstream(graph, nodes), planned.grid, region, plan || !one) : [];
  if (plan) {
    for (const line of work) log(line);
    out(JSON.stringify(planJson(planned.plan), null, 2));
    return 0;
  }
  // Bounded like render's: a folder that cannot be made is refused at once (mkdirSync's
  // recursive mode spins forever under /proc), before any tile is rendered.
  makeFolder(request.outDir);
  // A folder holding another build's tiles (or anything's manifest.json) is refused, not mixed into.
  const other = otherBuildIn(request.outDir, planned.plan, planned.layers);
  if (other) throw new UsageError(other);
  // --jobs J: this thread and J − 1 workers, which load the engine while this thread runs the coarse pass.
  const threads = one || jobs <= 1 || count <= 1 ? undefined : startTileThreads(Math.min(jobs, count) - 1);
  let prepared: ReturnType<typeof prepareBuild>;
  try {
    prepared = refusing(() => prepareBuild(request));
    writeBuildManifest(prepared, file, scale);
  } catch (err) {
    await stopTiles();
    throw err;
  }
  const indices = one ? [one.index] : prepared.plan.tiles.map((t) => t.index);
  const samples = prepared.plan.tileSize ** 2;
  if (scale) log(importSummary(prepared.plan, scale));
  log(`building ${indices.length} of ${count} tiles of ${prepared.plan.tileSize}² (${prepared.plan.tilesX} × ${prepared.plan.tilesY}) on ${one ? 1 : jobs} thread${jobs === 1 || one ? '' : 's'}`);
  if (prepared.plan.splatTexels) {
    const r = prepared.plan.splatTexels;
    log(`splat maps: ${r}² texels a tile, Unity's control texture (set alphamapResolution ${r}), each texel the weights where Unity puts it; --splat-size samples for ${prepared.plan.tileSize}²`);
  }
  // Over the graph's world, the note on the world says it (the region that fills whole tiles is another world's land).
  const over = onWorld ? null : overreach(prepared.plan);
  if (over && !one) log(over);
  // Said before a tile is written, and in manifest.json: found in the engine, a seam costs a day.
  const written = [...new Set(prepared.job.layers.map((l) => l.node))];
  const bound = tileBound(prepared.job.graph, written, prepared.job.grid !== null);
  if (bound.length && count > 1) {
    const causes = [...new Set(bound.flatMap((b) => b.because))];
    const why = grid === 'tile' && gridBoundUpstream(prepared.job.graph, written).length ? 'each block of tiles runs its own (--grid tile)' : 'each tile reads its own view';
    log(
      `warning: ${bound.map((b) => b.node).join(', ')} will not match at tile edges: ${causes.join(', ')} ${causes.length === 1 ? 'depends' : 'depend'} on the grid ` +
        `it runs on, and ${why}; build the region as one tile, or see the README ("Which layers are seamless")`,
    );
  }
  // The whole grid's runs come first, on every thread: a line, so a long wait is explained.
  if (prepared.job.grid) {
    const nodesOnGrid = gridBoundUpstream(prepared.job.graph, written);
    const samples = `${prepared.job.grid.n}² samples`;
    const where = one ? `on the whole build (${samples}) for this tile, as every process of the build does,` : `once on the whole build (${samples}) before the first tile,`;
    log(`${nodesOnGrid.join(', ')} ${nodesOnGrid.length === 1 ? 'runs' : 'run'} ${where} so tiles agree at their edges`);
  }
  for (const line of work) log(line);
  // Half-written files of builds stopped earlier (killed outright), then ours if we are stopped:
  // finished tiles stay (the same command resumes), unfinished files go.
  const folders = ['tiles', ...prepared.job.layers.map((l) => l.stem)];
  removeParts(request.outDir, folders);
  // A signal stops the workers and this thread's next block; runTiles then returns, and the
  // half-written files of this process are removed here, once no thread writes any more.
  let stopping: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    void stopTiles();
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const sig of signals) process.on(sig, onSignal);
  let result: Awaited<ReturnType<typeof runTiles>>;
  try {
    result = await runTiles(prepared, indices, one ? 1 : jobs, log, threads);
  } finally {
    for (const sig of signals) process.off(sig, onSignal);
  }
  const rate = result.done.length ? (result.done.length * samples) / (result.ms / 1000) / 1e6 : 0;
  const stoppedText = result.stopped.length ? `, ${result.stopped.length} not built (stopped)` : '';
  log(`${result.done.length} rendered, ${result.skipped.length} already built, ${result.failed.length} failed${stoppedText} in ${(result.ms / 1000).toFixed(1)} s` + (result.done.length ? ` (${rate.toFixed(2)} M samples/s)` : ''));
  if (result.failed.length) {
    const list = result.failed.map((f) => f.index).sort((a, b) => a - b);
    log(`failed tiles: ${list.join(', ')}; rerun one alone with --tile K, or run the same command again (built tiles are skipped)`);
  }
  const signal = stopping as NodeJS.Signals | null;
  if (signal) {
    removeParts(request.outDir, folders, true);
    const built = result.done.length + result.skipped.length;
    log(`stopped by ${signal}: the tiles finished so far are kept, unfinished files removed; run the same command again to go on (${built} of ${indices.length} tiles built)`);
    return 128 + (signal === 'SIGHUP' ? 1 : signal === 'SIGINT' ? 2 : 15);
  }
  return result.failed.length ? 1 : 0;
}

/**
 * What `--region world` says when its tiles will not be the editor's picture of the world, or null:
 * `onGrid` (the erosions and flows upstream of the layers, run on the build's whole grid) run on
 * all the tiles cover when they reach past the world, other land than the world's grid the editor
 * runs them on, said with the tile sizes and the resolution that fill it; and a world whose grid
 * at these cells a view is past WORLD_GRID_MAX is one the editor runs them on the view for,
 * whatever the tiles (said first: the world's grid and the sizes filling it are no help there).
 */
export function worldNote(world: World, plan: BuildPlan, onGrid: readonly string[]): string | null {
  if (!onGrid.length) return null;
  const n = plan.cellsPerView;
  const cells = world.size * n;
  const names = onGrid.join(', ');
  const one = onGrid.length === 1;
  // First: past the cap the editor runs them on the view whatever the tiles, so "the world's
  // samples the editor runs them on" and the sizes filling the world would both be untrue there.
  if (cells + 1 > WORLD_GRID_MAX) {
    return (
      `note: the graph's world (${worldText(world)}) at ${n} cells a view is ${cells + 1}² samples, past the ${WORLD_GRID_MAX}² the editor runs a world on: ` +
      `there it runs ${names} on the view, so these tiles are not what it shows`
    );
  }
  const side = gridOf(plan).n;
  if (side !== cells + 1) {
    const sizes = TILE_SIZES.filter((t) => tilesFillWorld(world.size, n, t));
    // The resolution nearest this one (the larger of two) whose world fills tiles of this size
    // and stays a grid the editor runs a world on: any whole cells a view a build takes, so the
    // candidates are the multiples of the step at which size · N crosses a tile stride, around N.
    const stride = plan.tileSize - 1;
    const step = stride / gcd(world.size, stride);
    const fitting = [Math.floor(n / step) * step, Math.ceil(n / step) * step, Math.ceil(n / step) * step + step]
      .filter((r) => r !== n && r >= CELLS_PER_VIEW_MIN && r <= CELLS_PER_VIEW_MAX && tilesFillWorld(world.size, r, plan.tileSize))
      .sort((a, b) => Math.abs(a - n) - Math.abs(b - n) || b - a);
    const fits = [sizes.length ? `Tiles of ${sizes.map((t) => `${t}²`).join(' or ')}` : '', fitting.length ? `--cells-per-view ${fitting[0]}` : ''].filter(Boolean);
    return (
      `note: these tiles reach past the graph's world (${worldText(world)}), so ${names} ${one ? 'runs' : 'run'} on all they cover (${side}² samples), ` +
      `not on the world's ${cells + 1}² samples the editor runs ${one ? 'it' : 'them'} on at ${n} cells a view: their land is not the editor's.` +
      (fits.length ? ` ${fits.join(', or ')}${fits.length > 1 ? ',' : ''} ${fits.length === 1 && !sizes.length ? 'fills' : 'fill'} the world` : '')
    );
  }
  return null;
}

/**
 * A line a grid-bound node of `ids` (run once on the build's whole `grid`): its work there in its
 * own terms (NodeDef.workAt), and the time that takes by a run of the same nodes timed on a small
 * view at the region's corner here (build/work.ts calibrate), where it could time one and `time`.
 */
export function workLines(graph: Graph, ids: readonly string[], grid: Domain, region: Region, time = true): string[] {
  const works = gridWork(graph, ids, grid);
  if (!works.length) return [];
  // Timed only where a node does more than on the 256² view the calibration runs: below that the
  // calibration would take longer than the work it times.
  const corner = { x: region.x0, y: region.y0 };
  const timed = time && works.some((w) => (timesView(graph, w, corner) ?? 0) > 1) ? calibrateOrNull(graph, ids, region) : null;
  return works.map((w) => {
    const estimate = timed && estimateText(w, timed);
    return `${workText(w, w.node)}${estimate ? `, ${estimate}` : ''}`;
  });
}

/**
 * A calibration at the region's corner, or null where its small view fails to evaluate (a node
 * that fails there): the build then says the work without a time, and goes on to say why a node
 * fails where it does, as it did before.
 */
function calibrateOrNull(graph: Graph, ids: readonly string[], region: Region): ReturnType<typeof calibrate> | null {
  try {
    return calibrate(graph, ids, { x: region.x0, y: region.y0 });
  } catch {
    return null;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Runs a step of the build's set-up; a PlanError (bad region, size, node, format) becomes a UsageError: exit 2. */
function refusing<T>(step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (err instanceof PlanError) throw new UsageError(err.message);
    throw err;
  }
}

/** --metres-per-cell and --height-range, checked as render --glb checks them; null when neither is given. */
function parseScale(one: Map<string, string>): ImportScale | null {
  const flags = { 'metres-per-cell': 'metresPerCell', 'height-range': 'heightRange' } as const;
  if (!Object.keys(flags).some((f) => one.has(f))) return null;
  const scale = { metresPerCell: MESH_DEFAULTS.metresPerCell, heightRange: MESH_DEFAULTS.heightRange };
  for (const [flag, key] of Object.entries(flags)) {
    const text = one.get(flag);
    if (text === undefined) continue;
    if (!DECIMAL.test(text)) throw new UsageError(`--${flag} expects a decimal number of metres, got "${text}"`);
    scale[key] = Number(text);
  }
  const problem = meshOptionProblems({ ...scale, side: MESH_DEFAULTS.side })[0];
  if (problem) throw new UsageError(`--${Object.entries(flags).find(([, k]) => k === problem.option)![0]}: ${problem.message}`);
  return scale;
}

/** png16 for the fields and heights among the layers, indexed for the biome maps. */
function defaultFormats(graph: Graph, nodes: readonly string[]): BuildFormat[] {
  const types = new Set(
    nodes.flatMap((id) => {
      const node = graph.nodes.find((n) => n.id === id);
      return node ? Object.values(nodeDef(node.type)!.outputs).map((o) => o.type) : [];
    }),
  );
  const formats: BuildFormat[] = [];
  if (types.has('field') || types.has('terrain')) formats.push('png16');
  if (types.has('biome')) formats.push('indexed');
  return formats;
}
