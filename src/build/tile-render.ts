// Renders the tiles of a build: evaluates a tile's domain, or a block of tiles' (blocks.ts), and
// hands each tile's files, then its tile manifest (last, so a tile cut short is never taken for
// done), to a writer: the build folder (tile.ts, for `terrain-graph build`) or the editor's zip
// (Export → Tiles, in the export worker). The same code runs in the command's own thread, in a
// worker thread, in a lone `--tile K` process and in the browser: that, and values that depend
// on the world position alone, is what makes their bytes identical. No file system here.

import { createEngine, type Engine, type PinnedResult } from '../engine/engine.ts';
import { type Domain, latticeDomain, latticeOf } from '../grid.ts';
import { cropInto, cropSlotsInto } from '../engine/domains.ts';
import { BufferPool } from '../engine/pool.ts';
import type { Graph } from '../model/graph.ts';
import { type Meaning, type PortType, SOFT_SLOTS, type Value } from '../model/values.ts';
import { sha256 } from './digest.ts';
import { type Encoded, encodeTileFiles, formatNeedsRange } from './encode.ts';
import { type BuildFormat, type PlannedTile, texelDomain } from './plan.ts';
import type { LayerRange } from './range.ts';
import { finiteMinMax } from '../render/layer.ts';
import { seaInputs, seaUnder } from '../engine/sea.ts';

export interface BuildLayer {
  /** "node.port" */
  readonly stem: string;
  readonly node: string;
  readonly port: string;
  readonly type: PortType;
  readonly meaning: Meaning;
  readonly formats: readonly BuildFormat[];
}

/** Everything a tile needs besides its plan entry; plain data, so it crosses to worker threads. */
export interface TileJob {
  readonly graph: Graph;
  readonly graphSha256: string;
  /** Hash of everything else that shapes a tile's bytes: resume skips a tile only when it matches. */
  readonly settingsSha256: string;
  readonly outDir: string;
  readonly layers: readonly BuildLayer[];
  /** Per field layer written in a 16-bit format. */
  readonly ranges: Readonly<Record<string, LayerRange>>;
  /**
   * The build's whole grid, which the grid-bound nodes upstream of a layer run on (an erosion, a
   * flow: EvaluateOptions.grid); null when none is written or each block runs its own (`--grid tile`).
   */
  readonly grid: Domain | null;
  /**
   * Texels a side of the splat maps, evaluated on each tile's texel domain (plan.ts texelDomain,
   * Unity's alphamap lattice); null: the splat maps are the tile's samples.
   */
  readonly splatTexels: number | null;
}

export interface TileManifest {
  readonly index: number;
  readonly col: number;
  readonly row: number;
  readonly graphSha256: string;
  readonly settingsSha256: string;
  readonly world: PlannedTile['world'];
  readonly samples: PlannedTile['samples'];
  readonly files: readonly {
    readonly path: string;
    readonly layer: string;
    readonly format: BuildFormat;
    readonly sha256: string;
    /** The tile's own finite range of the layer (fields), to compare with the build's range. */
    readonly min?: number;
    readonly max?: number;
    /** Cells outside the build's range, clipped to 0 or 65535. */
    readonly clipped?: number;
    /** A terrain layer's sea level (the same in every tile when the level is read from the world cut). */
    readonly seaLevel?: number;
  }[];
}

/** Takes one file of a tile (`rel` inside the build folder); throwing fails that tile. */
export type TileWriter = (rel: string, bytes: Uint8Array | string) => void;

/**
 * The grid buffers of this thread's tiles, handed from one block's engine to the next: a fresh
 * 1025² tile took some 200 MB of new typed arrays, each page faulted in. Bounded by what one
 * block needs at once (and 24 buffers a size).
 */
const tilePool = new BufferPool();

/**
 * This thread's engine of the build being rendered with a whole grid (TileJob.grid), kept from
 * block to block: its pinned results are the grid-bound nodes' runs on the grid, which every
 * block crops, so an erosion runs once per thread, not once per block.
 */
let held: { readonly job: TileJob; readonly engine: Engine; pinned: boolean } | null = null;

/** The engine to render a block of the job with: a fresh one, or this thread's for a job with a whole grid. */
function engineFor(job: TileJob): Engine {
  if (!job.grid) return createEngine(job.graph, { pool: tilePool });
  if (held && held.job.graphSha256 === job.graphSha256 && held.job.settingsSha256 === job.settingsSha256) return held.engine;
  releaseHeld();
  held = { job, engine: createEngine(job.graph, { pool: tilePool }), pinned: false };
  return held.engine;
}

/**
 * Runs the job's grid-bound nodes on its whole grid on this thread (a build's worker: run.ts
 * gridRunsOn) and gives their results in shared memory, for the other threads to adopt
 * (adoptGridRuns) instead of each running the same erosion; this thread keeps the shared
 * copies. Null when the job has no grid or the run failed (each thread then runs its own, and
 * fails its tiles as this one would).
 */
export function shareGridRuns(job: TileJob): PinnedResult[] | null {
  if (!job.grid) return null;
  const engine = engineFor(job);
  // The layers asked on the grid's first 16² cells: the least besides the grid-bound runs,
  // which an evaluation of any part of the grid gives the same domains.
  const l = latticeOf(job.grid)!;
  const corner = latticeDomain(l.perUnit, l.col0, l.row0, Math.min(16, job.grid.n));
  try {
    engine.evaluate({ domain: corner, targets: [...new Set(job.layers.map((l) => l.node))], dropIntermediates: true, grid: job.grid });
  } catch {
    return null;
  }
  const made = engine.pinnedResults();
  // Nothing pinned: the grid-bound nodes failed (each thread meets that in its blocks) or none runs on the grid.
  if (!made.length) return null;
  const shared = made.map((r) => ({ ...r, outputs: Object.fromEntries(Object.entries(r.outputs).map(([port, v]) => [port, sharedValue(v)])) }));
  engine.dispose();
  engine.adoptPinned(job.grid, shared);
  // The grids of the whole grid's size (the erosion's own outputs, now copied, and its upstream's)
  // would sit in the pool for the rest of the build: no block asks for that size.
  tilePool.clear();
  return shared;
}

/** Takes, on a worker thread, the grid-bound nodes' runs another thread shared (shareGridRuns). */
export function adoptGridRuns(job: TileJob, results: readonly PinnedResult[]): void {
  if (!job.grid) return;
  engineFor(job).adoptPinned(job.grid, results);
  held!.pinned = true;
}

/**
 * A value whose arrays, nested ones too (a biome map's soft borders), are copies in shared
 * memory: posted to a worker thread, they are not copied again.
 */
export function sharedValue<T>(v: T): T {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const Typed = v.constructor as new (buffer: SharedArrayBuffer) => Uint8Array;
    const copy = new Typed(new SharedArrayBuffer(v.byteLength));
    copy.set(v as unknown as Uint8Array);
    return copy as unknown as T;
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(sharedValue) as T;
  return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, sharedValue(x)])) as T;
}

function releaseHeld(): void {
  held?.engine.clearCache();
  held = null;
}

/** Lets go of the free grids kept between blocks, and of a whole grid's runs (the editor's export worker, after its tiles). */
export function releaseTileBuffers(): void {
  releaseHeld();
  tilePool.clear();
}

/** A tile settled: written, or failed with the reason. */
export type TileOutcome = { readonly index: number; readonly outcome: 'done' } | { readonly index: number; readonly outcome: 'failed'; readonly message: string };

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Evaluates `domain` (a tile's own, or a block of tiles: src/build/blocks.ts) on a fresh engine,
 * then cuts each tile out of it and writes its files and manifest, reporting each tile as it
 * settles. A node that fails fails every tile of the block; a write that fails, its tile only.
 */
export function renderBlockTo(job: TileJob, tiles: readonly PlannedTile[], domain: Domain, write: TileWriter, report: (outcome: TileOutcome) => void): void {
  // A fresh engine per block: no result of another block can reach this one's bytes (its
  // buffers are reused, but kernels write every cell), and memory stays bounded by one block
  // (the world cut is recomputed, a 128² grid). With a whole grid, this thread's one engine of
  // the build: it keeps the grid-bound nodes' runs on the grid (pinned), and nothing else.
  let engine: Engine | undefined;
  try {
    try {
      engine = engineFor(job);
      // A layer written only as splat maps at texels is evaluated on its texels alone (atTexels).
      const nodes = [...new Set(job.layers.filter((l) => l.formats.some((f) => !(f === 'splat' && job.splatTexels))).map((l) => l.node))];
      // What the sea painted under a png of a flow's lakes or rivers is read from (src/engine/sea.ts), kept too.
      const pictured = [...new Set(job.layers.filter((l) => l.formats.includes('png')).map((l) => l.node))];
      const targets = [...new Set([...nodes, ...seaInputs(job.graph, engine.catalogue, pictured)])];
      if (nodes.length) engine.evaluate({ domain, targets, dropIntermediates: true, ...(job.grid ? { grid: job.grid } : {}) });
      for (const id of nodes) {
        const s = engine.status(id, domain);
        if (s?.state !== 'ok') throw new Error(`node "${id}" ${s?.state ?? 'did not run'}: ${s?.message ?? ''}`);
      }
    } catch (err) {
      for (const tile of tiles) report({ index: tile.index, outcome: 'failed', message: message(err) });
      return;
    }
    for (const tile of tiles) {
      try {
        writeTile(engine, job, tile, domain, write);
        report({ index: tile.index, outcome: 'done' });
      } catch (err) {
        report({ index: tile.index, outcome: 'failed', message: message(err) });
      }
    }
  } finally {
    engine?.dispose();
    // The block that ran the whole grid's erosion on this thread (no worker shared it): its
    // grids of the grid's size go, as shareGridRuns lets them go.
    if (held && engine === held.engine && !held.pinned && held.engine.pinnedResults().length) {
      held.pinned = true;
      tilePool.clear();
    }
  }
}

/** The tile's cells of a value on `from`, a domain holding the tile on the same lattice, in buffers of the pool (or the value itself when `from` is the tile's own domain). */
function cut(value: Value, from: Domain, tile: PlannedTile): Value {
  const cells = tile.domain.n * tile.domain.n;
  if (from.n === tile.domain.n) return value;
  // The engine's crop (src/engine/domains.ts): a domain's cells cut out of a covering one on the same lattice.
  if (value.type === 'biome') {
    const data = tilePool.take('u8', cells);
    cropInto(value.data, from, tile.domain, data);
    if (!value.soft) return { ...value, data };
    // Soft borders' SOFT_SLOTS ids and weights a cell, cut too: the block's would be read as the tile's (splat maps).
    const ids = tilePool.take('u8', cells * SOFT_SLOTS);
    const weights = tilePool.take('f32', cells * SOFT_SLOTS);
    cropSlotsInto(value.soft.ids, SOFT_SLOTS, from, tile.domain, ids);
    cropSlotsInto(value.soft.weights, SOFT_SLOTS, from, tile.domain, weights);
    return { ...value, data, soft: { ids, weights } };
  }
  const data = tilePool.take('f32', cells);
  cropInto(value.data, from, tile.domain, data);
  return { ...value, data };
}

/** The tile's cells of a land mask on `from` (seaUnder's, of the block), as cut() cuts a layer. */
function cropLand(land: Uint8Array, from: Domain, tile: PlannedTile): Uint8Array {
  const out = new Uint8Array(tile.domain.n * tile.domain.n);
  cropInto(land, from, tile.domain, out);
  return out;
}

/**
 * Hands `use` the layer evaluated on the tile's splat texels (plan.ts texelDomain: where Unity
 * puts its control texture's texels), not cut from the samples' block nor resampled from them: a
 * lattice of its own, so an engine of its own, which the block's engine (and its whole grid's
 * pinned runs, for other layers) never sees. prepare.ts refuses an erosion or a flow upstream.
 * A texel's position is the tile's first sample plus whole texels, so a texel on a shared edge is
 * the same place in both tiles (to the last bit of its coordinates at most; tests compare bytes).
 */
function atTexels(job: TileJob, tile: PlannedTile, layer: BuildLayer, texels: number, use: (value: Value) => void): void {
  const domain = texelDomain(tile.domain, texels);
  const engine = createEngine(job.graph, { pool: tilePool });
  try {
    engine.evaluate({ domain, targets: [layer.node], dropIntermediates: true });
    const s = engine.status(layer.node, domain);
    if (s?.state !== 'ok') throw new Error(`node "${layer.node}" ${s?.state ?? 'did not run'} on the splat texels: ${s?.message ?? ''}`);
    const value = engine.output(layer.node, layer.port, domain);
    if (!value) throw new Error(`node "${layer.node}" has no output "${layer.port}"`);
    use(value);
  } finally {
    engine.dispose();
  }
}

function writeTile(engine: Engine, job: TileJob, tile: PlannedTile, domain: Domain, write: TileWriter): TileManifest {
  const n = tile.domain.n;
  const files: TileManifest['files'][number][] = [];
  // A format of several files a tile (splat maps, weight maps) is encoded once for all of them.
  for (let at = 0; at < tile.files.length; ) {
    const first = tile.files[at];
    let end = at + 1;
    while (end < tile.files.length && tile.files[end].layer === first.layer && tile.files[end].format === first.format) end++;
    const group = tile.files.slice(at, end);
    at = end;
    const layer = job.layers.find((l) => l.stem === first.layer)!;
    const written = (encoded: Encoded[], value: Value, range: LayerRange | null) =>
      group.forEach((f, k) => {
        const { bytes, clipped } = encoded[k];
        write(f.path, bytes);
        const own = value.type === 'biome' ? null : encoded[k].own !== undefined ? encoded[k].own : finiteMinMax(value.data);
        files.push({ path: f.path, layer: f.layer, format: f.format, sha256: sha256(bytes), ...(own ?? {}), ...(range ? { clipped } : {}), ...(value.type === 'terrain' ? { seaLevel: value.seaLevel } : {}) });
      });
    if (first.format === 'splat' && job.splatTexels) {
      atTexels(job, tile, layer, job.splatTexels, (value) => written(encodeTileFiles(value, job.splatTexels!, 'splat', null), value, null));
      continue;
    }
    const whole = engine.output(layer.node, layer.port, domain);
    if (!whole) throw new Error(`node "${layer.node}" has no output "${layer.port}"`);
    const value = cut(whole, domain, tile);
    // The sea the map paints under a flow's lakes or rivers, cut to the tile as the layer is.
    const sea = first.format === 'png' ? seaUnder(engine, job.graph, engine.catalogue, layer.node, whole, domain) : null;
    const land = sea && sea.length !== n * n ? cropLand(sea, domain, tile) : sea;
    try {
      const range = formatNeedsRange(first.format) ? job.ranges[first.layer] : null;
      written(encodeTileFiles(value, n, first.format, range, land), value, range);
    } finally {
      if (value !== whole) {
        tilePool.give(value.data);
        if (value.type === 'biome' && value.soft) {
          tilePool.give(value.soft.ids);
          tilePool.give(value.soft.weights);
        }
      }
    }
  }
  const manifest: TileManifest = {
    index: tile.index,
    col: tile.col,
    row: tile.row,
    graphSha256: job.graphSha256,
    settingsSha256: job.settingsSha256,
    world: tile.world,
    samples: tile.samples,
    files,
  };
  write(tile.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
