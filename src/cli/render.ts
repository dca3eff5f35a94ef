// `terrain-graph render`: evaluates a graph file and writes its layers as images, raw grids and
// a manifest, or prints the biome statistics.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createEngine, type Engine } from '../engine/engine.ts';
import { nodeStats } from '../engine/stats.ts';
import { VIEW_SIZE_MAX, VIEW_SIZE_MIN, viewDomain } from '../grid.ts';
import { parseGraph } from '../model/format.ts';
import { passThrough } from '../model/bypass.ts';
import type { Graph } from '../model/graph.ts';
import type { AnyParamValue } from '../model/manifest.ts';
import { GraphError } from '../model/problems.ts';
import type { Value } from '../model/values.ts';
import { exportFile, type ExportFormat } from '../render/exports.ts';
import { finiteMean, finiteRange } from '../render/layer.ts';
import { splatFiles } from '../render/splat.ts';
import { cannotRead, parseArgs, UsageError } from './args.ts';

export const RENDER_USAGE = `terrain-graph render <graph.json> [options]

  --size N             resolution of the view, ${VIEW_SIZE_MIN}…${VIEW_SIZE_MAX} (default: the file's)
  --view X,Y           world origin of the view (default: the file's)
  --out DIR            where to write (default: out)
  --node ID …          nodes to write (default: the nodes nothing else reads)
  --all                write every node
  --set ID.PARAM=JSON  override a param before evaluating (repeatable)
  --raw                also write DIR/<node>.<port>.<min>_<max>.f32 (.u8 for biomes) and DIR/manifest.json
  --png16              also write 16-bit greyscale DIR/<node>.<port>.<min>_<max>.16.png
  --indexed            also write biome maps as indexed DIR/<node>.<port>.indexed.png
  --splat              also write biome maps as splat maps DIR/<node>.<port>.splat<k>.png (4 biomes
                       per RGBA picture, weights summing to 255) and DIR/<node>.<port>.splat.json
  --stats              print the statistics of every node that has some (biome maps) as one JSON object
  --by-share           tint heights by share (the top 8 % is snow) instead of by height
  --contours           draw contour lines on heights
  --no-shade           no hill-shading`;

export interface ManifestEntry {
  file: string;
  node: string;
  type: string;
  port: string;
  n: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  seaLevel?: number;
  png16?: string;
  indexedPng?: string;
  splat?: string[];
}

/** Applies `ID.param=JSON` overrides; a bare word that is not JSON is taken as a string. */
export function applySets(engine: Engine, sets: readonly string[]): void {
  for (const text of sets) {
    const eq = text.indexOf('=');
    const dot = text.indexOf('.');
    if (eq < 0 || dot < 0 || dot > eq) {
      throw new GraphError([{ path: '--set', message: `expected ID.param=JSON, got "${text}"` }]);
    }
    const id = text.slice(0, dot);
    const key = text.slice(dot + 1, eq);
    const raw = text.slice(eq + 1);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (!/^[A-Za-z][\w -]*$/.test(raw)) {
        throw new GraphError([{ path: `--set ${text}`, message: `the value is not JSON: ${raw}` }]);
      }
      value = raw;
    }
    try {
      engine.setParam(id, key, value as AnyParamValue);
    } catch (err) {
      if (err instanceof GraphError) throw new GraphError(err.problems.map((p) => ({ path: `--set ${text}: ${p.path}`, message: p.message })));
      throw err;
    }
  }
}

/** Nodes that no wire reads from: what a graph is for. */
export function sinkNodes(graph: Graph): string[] {
  const read = new Set(graph.edges.map((e) => e.from.node));
  return graph.nodes.filter((n) => !read.has(n.id)).map((n) => n.id);
}

function summary(v: Value): { min: number | null; max: number | null; mean: number | null } {
  const mean = finiteMean(v.data);
  if (mean === null) return { min: null, max: null, mean: null };
  const [min, max] = finiteRange(v.data);
  return { min, max, mean };
}

function parseView(text: string): { x: number; y: number } {
  const parts = text.split(',').map(Number);
  if (parts.length !== 2 || !parts.every(Number.isFinite)) throw new UsageError(`--view expects X,Y (two numbers), got "${text}"`);
  return { x: parts[0], y: parts[1] };
}

function parseSize(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < VIEW_SIZE_MIN || n > VIEW_SIZE_MAX) {
    throw new UsageError(`--size must be an integer in ${VIEW_SIZE_MIN}…${VIEW_SIZE_MAX}, got "${text}"`);
  }
  return n;
}

export interface RenderResult {
  readonly written: string[];
  /** What each node with statistics contributes (NodeDef.stats), in file order. */
  readonly stats: object[] | null;
}

/** Runs the render command; throws GraphError (bad file or --set), UsageError or Error. */
export function renderCommand(argv: readonly string[], log: (line: string) => void): RenderResult {
  const args = parseArgs(argv, {
    one: ['size', 'view', 'out'],
    many: ['node', 'set'],
    bare: ['all', 'raw', 'png16', 'indexed', 'splat', 'stats', 'by-share', 'contours', 'no-shade'],
  });
  // `render --node biomes g.json`: a node id has no dot, so a trailing "….json" is the file.
  const nodes = args.many.get('node');
  if (args.positional.length === 0 && nodes && /\.json$/i.test(nodes[nodes.length - 1])) args.positional.push(nodes.pop()!);
  if (args.positional.length !== 1) throw new UsageError(`render needs exactly one graph file\n\n${RENDER_USAGE}`);
  const file = args.positional[0];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(cannotRead(file, err));
  }
  // Bypassed nodes pass their input through: a rewrite of the wires, before the engine sees them.
  const graph = passThrough(parseGraph(text, { file: basename(file) }));
  const engine = createEngine(graph, {
    size: args.one.has('size') ? parseSize(args.one.get('size')!) : undefined,
    view: args.one.has('view') ? parseView(args.one.get('view')!) : undefined,
  });
  applySets(engine, args.many.get('set') ?? []);

  const all = args.bare.has('all');
  const requested = args.many.get('node');
  if (all && requested) throw new UsageError('give either --node or --all, not both');
  const ids = all ? graph.nodes.map((n) => n.id) : (requested ?? sinkNodes(graph));
  for (const id of ids) if (!graph.nodes.some((n) => n.id === id)) throw new UsageError(`no node "${id}" in ${file}`);
  const wantStats = args.bare.has('stats');
  const statNodes = wantStats ? graph.nodes.filter((n) => engine.catalogue.def(n.type)?.stats).map((n) => n.id) : [];

  const n = engine.view.size;
  const progress = n >= 1024;
  if (progress) log(`evaluating ${graph.name || file} at ${n}²`);
  engine.evaluate({
    targets: [...new Set([...ids, ...statNodes])],
    // One render: what only feeds the outputs goes as soon as it is read (less memory at 4096²);
    // the statistics read the wind and moisture behind the biomes afterwards, so they keep all.
    dropIntermediates: !wantStats,
    onNode: progress ? (id, ms) => log(`  ${id.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms`) : undefined,
  });
  const failed = [...new Set([...ids, ...statNodes])]
    .map((id) => [id, engine.status(id)!] as const)
    .filter(([, s]) => s.state !== 'ok');
  if (failed.length) {
    throw new Error(failed.map(([id, s]) => `node "${id}" ${s.state}: ${s.message}`).join('\n'));
  }

  const outDir = args.one.get('out') ?? 'out';
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const manifest: ManifestEntry[] = [];
  const style = { heightMode: args.bare.has('by-share') ? 'share' : 'height', contours: args.bare.has('contours'), shade: !args.bare.has('no-shade') } as const;
  const write = (name: string, bytes: Uint8Array) => {
    writeFileSync(join(outDir, name), bytes);
    written.push(name);
  };
  for (const id of ids) {
    const node = graph.nodes.find((x) => x.id === id)!;
    for (const port of Object.keys(engine.catalogue.def(node.type)!.outputs)) {
      const value = engine.output(id, port)!;
      const stem = `${id}.${port}`;
      if (progress) log(`writing ${stem}`);
      // The same files, under the same names, as the editor's viewer exports (src/render/exports.ts).
      const file = (format: ExportFormat) => {
        const f = exportFile(value, n, stem, format, style);
        if (f) write(f.name, f.bytes);
        return f?.name;
      };
      const entry: ManifestEntry = { file: file('png')!, node: id, type: value.type, port, n, ...summary(value) };
      if (value.type === 'terrain') entry.seaLevel = value.seaLevel;
      if (args.bare.has('raw')) entry.file = file('raw')!;
      if (args.bare.has('png16') && value.type !== 'biome') entry.png16 = file('png16');
      if (args.bare.has('indexed') && value.type === 'biome') entry.indexedPng = file('indexed');
      if (args.bare.has('splat') && value.type === 'biome') {
        const files = splatFiles(value, n, stem);
        for (const f of files) write(f.name, f.bytes);
        entry.splat = files.map((f) => f.name);
      }
      manifest.push(entry);
    }
  }
  if (args.bare.has('raw') || args.bare.has('png16') || args.bare.has('indexed') || args.bare.has('splat')) {
    const doc = { graph: graph.name, view: { ...engine.view }, rowOrder: 'row 0 = south', files: manifest };
    writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(doc, null, 2)}\n`);
    written.push('manifest.json');
  }
  const stats = wantStats ? statNodes.map((id) => nodeStats(engine, id, viewDomain(engine.view))) : null;
  return { written, stats };
}
