// Runs a build: prepares the job (layers, the world's value ranges, hashes), writes the build
// manifest, and renders the chosen tiles here or on worker threads, reporting progress.

import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { nodeDef } from '../../nodes/index.ts';
import { createEngine } from '../engine/engine.ts';
import type { Graph } from '../model/graph.ts';
import { suggest } from '../model/validate.ts';
import type { ValueRange } from './encode.ts';
import { formatApplies, formatNeedsRange } from './encode.ts';
import { PNG_ENCODING } from './png.ts';
import { type BuildFormat, type BuildPlan, makePlan, PlanError, type PlanOptions, type Region } from './plan.ts';
import { worldRanges, type LayerRange } from './range.ts';
import { blockSide, blocksAllowed, type TileBlock, tileBlocks, tileBound } from './blocks.ts';
import { type BuildLayer, renderBlock, sha256, tileDone, type TileJob, writeAtomic } from './tile.ts';
import type { WorkerInit, WorkerReply } from './worker.ts';
import { workerCode } from './worker-code.ts';

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
}

export interface PreparedBuild {
  readonly plan: BuildPlan;
  readonly planOptions: PlanOptions;
  readonly job: TileJob;
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
        throw new PlanError(`--format ${formats.join(',')} does not apply to ${id}.${port}, a ${spec.type} layer: use ${spec.type === 'biome' ? 'indexed or png' : 'png16, r16, f32 or png'}`);
      }
      fits.forEach((f) => used.add(f));
      layers.push({ stem: `${id}.${port}`, node: id, port, type: spec.type, meaning: spec.meaning, formats: fits });
    }
  }
  const unused = formats.filter((f) => !used.has(f));
  if (unused.length) throw new PlanError(`--format ${unused.join(',')} applies to none of the layers written (${layers.map((l) => l.stem).join(', ')})`);
  return layers;
}

/** The plan alone (what --plan prints): no evaluation. */
export function planBuild(req: BuildRequest): { plan: BuildPlan; planOptions: PlanOptions; layers: BuildLayer[] } {
  const layers = buildLayers(req.graph, req.nodes, req.formats);
  const planOptions: PlanOptions = { region: req.region, cellsPerView: req.cellsPerView, tileSize: req.tileSize, layers };
  return { plan: makePlan(planOptions), planOptions, layers };
}

/** Plans the build and works out everything each tile needs (the coarse range pass runs here). */
export function prepareBuild(req: BuildRequest): PreparedBuild {
  const { plan, planOptions, layers } = planBuild(req);
  const ranged = layers.filter((l) => l.formats.some(formatNeedsRange));
  const ranges = ranged.length ? worldRanges(createEngine(req.graph), plan, ranged, req.range) : new Map<string, LayerRange>();
  const rangeRecord = Object.fromEntries([...ranges].sort(([a], [b]) => (a < b ? -1 : 1)));
  const settings = {
    region: req.region,
    cellsPerView: req.cellsPerView,
    tileSize: req.tileSize,
    layers: layers.map((l) => ({ stem: l.stem, formats: l.formats })),
    ranges: rangeRecord,
    pngEncoding: PNG_ENCODING,
  };
  const job: TileJob = {
    graph: req.graph,
    graphSha256: sha256(req.graphText),
    settingsSha256: sha256(JSON.stringify(settings)),
    outDir: req.outDir,
    layers,
    ranges: rangeRecord,
  };
  return { plan, planOptions, job };
}

/** DIR/manifest.json: the same bytes from every process of a build, so any of them may write it. */
export function buildManifest(prepared: PreparedBuild, graphFile: string): string {
  const { plan, job } = prepared;
  // A layer whose tiles do not agree at their edges says so, and which nodes make it so.
  const bound = new Map(tileBound(job.graph, job.layers.map((l) => l.node)).map((b) => [b.node, b.because]));
  const seamOf = (node: string) => (bound.has(node) ? { seams: { at: 'tile edges', because: bound.get(node) } } : {});
  const doc = {
    kind: 'terrain-graph build',
    graph: { file: basename(graphFile), sha256: job.graphSha256 },
    settingsSha256: job.settingsSha256,
    region: plan.region,
    cellsPerView: plan.cellsPerView,
    tileSize: plan.tileSize,
    samples: { x: plan.samplesX, y: plan.samplesY, at: 'X0 + i / cellsPerView, Y0 + j / cellsPerView' },
    tilesX: plan.tilesX,
    tilesY: plan.tilesY,
    rowOrder: 'png16, png, indexed: north row first; r16 and f32: south row first',
    pngEncoding: PNG_ENCODING,
    layers: job.layers.map((l) => ({ layer: l.stem, type: l.type, meaning: l.meaning, formats: l.formats, range: job.ranges[l.stem] ?? null, ...seamOf(l.node) })),
    tiles: plan.tiles.map((t) => ({ index: t.index, col: t.col, row: t.row, world: t.world, samples: t.samples, manifest: t.manifest, files: t.files.map((f) => f.path) })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export interface RunOutcome {
  readonly done: number[];
  readonly skipped: number[];
  readonly failed: { index: number; message: string }[];
  /** Of the tiles done, those a worker thread rendered (the rest, this thread). */
  readonly onWorkers: number;
  readonly ms: number;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** Progress lines: tiles settled of the total, and the time left at the pace of the tiles rendered so far. */
function progress(total: number, log: (line: string) => void) {
  const start = performance.now();
  let settled = 0;
  let rendered = 0;
  return (index: number, outcome: WorkerReply['outcome'], message?: string) => {
    settled++;
    if (outcome === 'done') rendered++;
    const elapsed = performance.now() - start;
    const left = rendered ? (elapsed / rendered) * (total - settled) : NaN;
    const what = outcome === 'failed' ? `tile ${index} FAILED: ${message}` : `tile ${index} ${outcome}`;
    log(`[${settled}/${total}] ${what} · ${seconds(elapsed)} elapsed${settled < total && rendered ? ` · about ${seconds(left)} left` : ''}`);
  };
}

/** The build's worker threads while tiles are being rendered, for stopTiles. */
const running = new Set<Worker>();

/** Set by stopTiles: this thread takes no further block (runTiles clears it as it starts). */
let stopRequested = false;

/**
 * Stops the worker threads rendering tiles and resolves once they have exited, so no thread
 * writes a file after it (a stopped build then removes its half-written files). On this
 * thread a block is never cut short, but no block is started after this: the loop yields
 * between blocks and stops there.
 */
export async function stopTiles(): Promise<void> {
  stopRequested = true;
  const threads = [...running];
  running.clear();
  await Promise.all(threads.map((t) => t.terminate()));
}

/**
 * Starts the worker threads of a build before its job is ready: each loads the engine (the
 * bundle of worker-code.ts) while this thread runs the coarse range pass. runTiles sends them
 * the job; stopTiles ends them if the build stops before.
 */
export function startTileThreads(count: number): Worker[] {
  const code = workerCode();
  const threads = Array.from({ length: count }, () => new Worker(code));
  for (const t of threads) running.add(t);
  return threads;
}

/**
 * The blocks to render the tiles in (src/build/blocks.ts): as large as the graph and the tile
 * size allow, but at least as many as the threads while blocks can be split, so no thread
 * waits on another's one large block.
 */
export function blocksFor(prepared: PreparedBuild, indices: readonly number[], threads: number): TileBlock[] {
  const { plan, job } = prepared;
  let side = blocksAllowed(job.graph, [...new Set(job.layers.map((l) => l.node))]) ? blockSide(plan.tileSize) : 1;
  let blocks = tileBlocks(plan, indices, side);
  while (side > 1 && blocks.length < threads) blocks = tileBlocks(plan, indices, (side /= 2));
  return blocks;
}

/**
 * Renders the tiles `indices` on `jobs` threads: this one, and jobs − 1 worker threads (the
 * `started` ones when given: startTileThreads); skips tiles already built. Neighbouring tiles
 * are evaluated together as blocks where the graph allows (src/build/blocks.ts): the same
 * bytes. Every thread takes the next block from one shared counter, so a worker never waits
 * for this thread to hand it work while this thread renders.
 */
export async function runTiles(prepared: PreparedBuild, indices: readonly number[], jobs: number, log: (line: string) => void, started?: Worker[]): Promise<RunOutcome> {
  const { plan, job, planOptions } = prepared;
  const outcome = { done: [] as number[], skipped: [] as number[], failed: [] as { index: number; message: string }[], onWorkers: 0 };
  const report = progress(indices.length, log);
  stopRequested = false;
  const settled = new Set<number>();
  const settle = (reply: WorkerReply) => {
    if (settled.has(reply.index)) return;
    settled.add(reply.index);
    if (reply.outcome === 'failed') outcome.failed.push({ index: reply.index, message: reply.message });
    else (reply.outcome === 'done' ? outcome.done : outcome.skipped).push(reply.index);
    report(reply.index, reply.outcome, reply.outcome === 'failed' ? reply.message : undefined);
  };
  const start = performance.now();
  const todo: number[] = [];
  for (const index of indices) {
    if (tileDone(job, plan.tiles[index])) settle({ index, outcome: 'skipped' });
    else todo.push(index);
  }
  const blocks = blocksFor(prepared, todo, started ? started.length + 1 : Math.max(1, Math.min(jobs, todo.length)));
  const workers = started ?? (jobs > 1 && blocks.length > 1 ? startTileThreads(Math.min(jobs, blocks.length) - 1) : []);
  // Slot 0: the next block to take; slot 1 + w: the block worker w renders (−1: none).
  const counter = new Int32Array(new SharedArrayBuffer(4 * (1 + workers.length))).fill(-1);
  counter[0] = 0;
  const finished = workers.map(
    (worker, w) =>
      new Promise<void>((resolve) => {
        const init: WorkerInit = { job, plan: planOptions, blocks, counter: counter.buffer as SharedArrayBuffer, slot: 1 + w };
        worker.on('message', (reply: WorkerReply | 'ready' | 'finished') => {
          if (reply === 'ready') return;
          if (reply !== 'finished') {
            if (reply.outcome === 'done' && !settled.has(reply.index)) outcome.onWorkers++;
            settle(reply);
            return;
          }
          running.delete(worker);
          void worker.terminate().then(() => resolve());
        });
        // A thread that dies (out of memory, say) fails its block's tiles; the other threads carry on.
        worker.on('error', (err) => {
          running.delete(worker);
          const b = Atomics.load(counter, 1 + w);
          if (b >= 0 && b < blocks.length) for (const index of blocks[b].tiles) settle({ index, outcome: 'failed', message: `worker thread died: ${err.message}` });
          resolve();
        });
        // Ended by stopTiles (no 'finished', no error): its tiles not done are failed below.
        worker.on('exit', () => {
          running.delete(worker);
          resolve();
        });
        worker.postMessage({ init });
      }),
  );
  for (let b = Atomics.add(counter, 0, 1); b < blocks.length; b = Atomics.add(counter, 0, 1)) {
    // A turn of the event loop between blocks: the workers' replies are reported, and a SIGINT
    // or SIGTERM is handled (src/cli/build.ts).
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Stopped (a signal, src/cli/build.ts) while this thread rendered the last block: no other.
    if (stopRequested) break;
    renderBlock(job, blocks[b].tiles.map((i) => plan.tiles[i]), blocks[b].domain, settle);
  }
  await Promise.all(finished);
  const why = stopRequested ? 'not rendered: the build was stopped' : 'not rendered: its worker thread died';
  for (const index of todo) settle({ index, outcome: 'failed', message: why });
  return { ...outcome, ms: performance.now() - start };
}

/** Writes DIR/manifest.json for the build (every process writes the same bytes). */
export function writeBuildManifest(prepared: PreparedBuild, graphFile: string): void {
  writeAtomic(prepared.job.outDir, 'manifest.json', buildManifest(prepared, graphFile));
}
