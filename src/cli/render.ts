// `terrain-graph render`: evaluates a graph file and writes its layers as images, raw grids and
// a manifest, or prints the biome statistics.

import { basename } from 'node:path';
import { createEngine, type Engine, type NodeStatus } from '../engine/engine.ts';
import { nodeStats } from '../engine/stats.ts';
import { farOrigin, VIEW_SIZE_MAX, VIEW_SIZE_MIN, viewDomain } from '../grid.ts';
import { passThrough } from '../model/bypass.ts';
import { type Graph, upstreamOf } from '../model/graph.ts';
import type { AnyParamValue } from '../model/params.ts';
import { GraphError } from '../model/problems.ts';
import type { Value } from '../model/values.ts';
import { readinessProblems, suggest } from '../model/validate.ts';
import { seaInputs, seaUnder } from '../engine/sea.ts';
import { exportFile, type ExportFormat, type MeshExport, NONFINITE_TAG, nonFiniteCount } from '../render/exports.ts';
import { finiteMean, finiteRange } from '../render/layer.ts';
import { MESH_DEFAULTS, MESH_SIDE_MAX, MESH_SIDE_MIN, type MeshOptions, meshOptionProblems, meshSide } from '../render/land-mesh.ts';
import { landUnder } from '../render/relief.ts';
import { splatFiles } from '../render/splat.ts';
import { DECIMAL, parseArgs, UsageError, WHOLE } from './args.ts';
import { DROP_MISSING_WIRES, readGraphDropping, readGraphText, Staging, tidyLayers } from './files.ts';

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
  --glb                also write the land under each layer as a glTF 2.0 mesh DIR/<node>.<port>.glb,
                       draped with the layer's picture (for Blender, Unreal, Unity with glTFast)
  --mesh-size S        the mesh's vertices a side, ${MESH_SIDE_MIN}…${MESH_SIDE_MAX} (default ${MESH_DEFAULTS.side}; one a cell when --size is smaller)
  --metres-per-cell M  metres between neighbouring cells' centres (default ${MESH_DEFAULTS.metresPerCell})
  --height-range H     metres from the land's lowest point (at 0) to its highest (default ${MESH_DEFAULTS.heightRange})
  --sea                add the sea as a translucent plane at the sea level
  --stats              print the statistics of the nodes that have some (biome maps, rivers) as JSON:
                       one object, or an array of them in file order when several nodes have some
  --by-share           tint terrains (heights with a sea level) by share (the top 8 % is snow), not by height
  --contours           draw contour lines on heights
  --no-shade           no hill-shading
  --drop-missing-wires render a file whose only problems are wires to nodes deleted by hand
                       without those wires, naming each on stderr (the file is not changed)`;

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
  /** Cells that are not finite (±∞, NaN), when there are any; min, max and mean leave them out. */
  nonFinite?: number;
  png16?: string;
  indexedPng?: string;
  splat?: string[];
  glb?: string;
}

/**
 * Applies `ID.param=JSON` overrides; a bare word that is not JSON is taken as a string. A refusal
 * names `file`, as the file's own problems do ("default.json: 1 problem in the graph").
 */
export function applySets(engine: Engine, sets: readonly string[], file?: string): void {
  const seen = new Map<string, string>();
  for (const text of sets) {
    const eq = text.indexOf('=');
    const dot = text.indexOf('.');
    if (eq < 0 || dot < 0 || dot > eq) {
      throw new GraphError([{ path: '--set', message: `expected ID.param=JSON, got "${text}"` }], file);
    }
    const id = text.slice(0, dot);
    const key = text.slice(dot + 1, eq);
    const raw = text.slice(eq + 1);
    const before = seen.get(`${id}.${key}`);
    if (before !== undefined) throw new UsageError(`--set gives ${id}.${key} twice ("${before}" and "${text}"): give it once`);
    seen.set(`${id}.${key}`, text);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (!/^[A-Za-z][\w -]*$/.test(raw)) {
        throw new GraphError([{ path: `--set ${text}`, message: `the value is not JSON: ${raw}` }], file);
      }
      value = raw;
    }
    // The engine refuses a param the node lacks ("constructor" and "__proto__" too), naming the node.
    try {
      engine.setParam(id, key, value as AnyParamValue);
    } catch (err) {
      if (err instanceof GraphError) throw new GraphError(err.problems.map((p) => ({ path: `--set ${text}: ${p.path}`, message: p.message })), file);
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
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !parts.every((p) => DECIMAL.test(p) && Number.isFinite(Number(p)))) {
    throw new UsageError(`--view expects X,Y (two decimal numbers), got "${text}"`);
  }
  const far = parts.map((p) => farOrigin(Number(p))).find((m) => m !== null);
  if (far) throw new UsageError(`--view ${text}: ${far}`);
  return { x: Number(parts[0]), y: Number(parts[1]) };
}

/** The mesh flags read into options, each checked and refused naming its flag; they go with --glb. */
function parseMesh(args: { one: Map<string, string>; bare: Set<string> }): MeshOptions | null {
  const flags = { 'mesh-size': 'side', 'metres-per-cell': 'metresPerCell', 'height-range': 'heightRange' } as const;
  const given = [...Object.keys(flags).filter((f) => args.one.has(f)), ...(args.bare.has('sea') ? ['sea'] : [])];
  if (!args.bare.has('glb')) {
    if (given.length) throw new UsageError(`--${given[0]} shapes the mesh that --glb writes: give it with --glb`);
    return null;
  }
  const options: { -readonly [K in keyof MeshOptions]: MeshOptions[K] } = { ...MESH_DEFAULTS, sea: args.bare.has('sea') };
  for (const [flag, key] of Object.entries(flags)) {
    const text = args.one.get(flag);
    if (text === undefined) continue;
    const ok = key === 'side' ? WHOLE.test(text) : DECIMAL.test(text);
    if (!ok) throw new UsageError(`--${flag} expects ${key === 'side' ? 'a whole number' : 'a decimal number of metres'}, got "${text}"`);
    options[key] = Number(text);
  }
  const problem = meshOptionProblems(options)[0];
  if (problem) throw new UsageError(`--${Object.entries(flags).find(([, k]) => k === problem.option)![0]}: ${problem.message}`);
  return options;
}

function parseSize(text: string): number {
  const n = WHOLE.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < VIEW_SIZE_MIN || n > VIEW_SIZE_MAX) {
    throw new UsageError(`--size must be a whole number in ${VIEW_SIZE_MIN}…${VIEW_SIZE_MAX}, got "${text}"`);
  }
  return n;
}

/**
 * Why the nodes to write have no output, the causes first: a node that failed or lacks a wire
 * says so in its own words, then the nodes that waited on it. Each node once.
 */
export function failureReport(graph: Graph, ids: readonly string[], status: (id: string) => NodeStatus | undefined): string[] {
  const wireInto = new Map<string, string[]>();
  for (const e of graph.edges) {
    const list = wireInto.get(e.to.node) ?? [];
    list.push(e.from.node);
    wireInto.set(e.to.node, list);
  }
  const causes: string[] = [];
  const waiting: string[] = [];
  const seen = new Set<string>();
  const stack = [...ids].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const s = status(id);
    if (!s || s.state === 'ok') continue;
    const line = `node "${id}" ${s.state}: ${s.message ?? 'no output'}`;
    if (s.state === 'blocked') {
      if (ids.includes(id)) waiting.push(line);
      stack.push(...(wireInto.get(id) ?? []));
    } else causes.push(line);
  }
  return [...causes, ...waiting];
}

export interface RenderResult {
  readonly written: string[];
  /** What each node with statistics contributes (NodeDef.stats), in file order. */
  readonly stats: object[] | null;
}

export interface RenderHooks {
  /**
   * Called with the view's size once the options, the file and its --set are checked and the
   * output folder is made, before any evaluation: where the command line starts its worker
   * threads, so that a refused option costs nothing.
   */
  readonly startThreads?: (size: number) => Promise<unknown> | undefined;
}

/** Runs the render command; throws GraphError (bad file or --set), UsageError or Error. */
export async function renderCommand(argv: readonly string[], log: (line: string) => void, hooks: RenderHooks = {}): Promise<RenderResult> {
  const args = parseArgs(argv, {
    one: ['size', 'view', 'out', 'mesh-size', 'metres-per-cell', 'height-range'],
    many: ['node', 'set'],
    // A node id has no dot and a --set has "=": the graph file after them is neither.
    takes: { node: (v) => !v.includes('.'), set: (v) => v.includes('=') || !/\.json$/i.test(v) },
    what: { node: 'node ids, which have no dot ("cont", where "cont.out" names an output)', set: 'ID.PARAM=JSON' },
    bare: ['all', 'raw', 'png16', 'indexed', 'splat', 'glb', 'sea', 'stats', 'by-share', 'contours', 'no-shade', DROP_MISSING_WIRES],
    elsewhere: {
      'cells-per-view': "render's resolution is --size N (cells a side of its one view)",
      region: 'render draws one view: --view X,Y (its origin, in views) and --size N; build covers a region in tiles',
      'tile-size': 'render writes one view; build writes tiles (--tile-size)',
      format: 'render writes PNGs, with --raw, --png16, --indexed, --splat or --glb for the other formats',
      png: 'render writes PNGs without being asked; --png16 for 16-bit ones',
    },
  });
  if (args.positional.length !== 1) {
    const got = args.positional.length ? `, got ${args.positional.map((p) => `"${p}"`).join(' ')}` : '';
    throw new UsageError(`render needs exactly one graph file${got}\n\n${RENDER_USAGE}`);
  }
  const file = args.positional[0];
  const requested = args.many.get('node');
  for (const [k, id] of (requested ?? []).entries()) {
    if (requested!.indexOf(id) !== k) throw new UsageError(`--node ${id} is given twice: give each node once`);
  }
  const all = args.bare.has('all');
  if (all && requested) throw new UsageError('give either --node or --all, not both');
  const size = args.one.has('size') ? parseSize(args.one.get('size')!) : undefined;
  const view = args.one.has('view') ? parseView(args.one.get('view')!) : undefined;
  const mesh = parseMesh(args);

  const name = basename(file);
  // Bypassed nodes pass their input through: a rewrite of the wires, before the engine sees them.
  const parsed = readGraphDropping(readGraphText(file), name, args.bare.has(DROP_MISSING_WIRES), 'render', log).graph;
  const graph = passThrough(parsed);
  const engine = createEngine(graph, { size, view });
  const sets = args.many.get('set') ?? [];
  applySets(engine, sets, name);

  // The file's own nodes: a bypassed node's neutral copy (src/model/bypass.ts) is no output.
  const known = new Set(parsed.nodes.map((n) => n.id));
  const ids = all ? parsed.nodes.map((n) => n.id) : (requested ?? sinkNodes(graph));
  for (const id of ids) if (!known.has(id)) throw new UsageError(`--node ${id}: no node "${id}" in ${file}${suggest(id, known.size <= 1000 ? [...known] : [])}`);
  const wantStats = args.bare.has('stats');
  const statNodes = wantStats ? graph.nodes.filter((n) => engine.catalogue.def(n.type)?.stats).map((n) => n.id) : [];
  // What the sea painted under a lakes or rivers layer's PNG is read from (src/engine/sea.ts) is kept too.
  const targets = [...new Set([...ids, ...statNodes, ...seaInputs(graph, engine.catalogue, ids)])];

  // What evaluation would refuse, refused before it: a missing wire, too few chain knots.
  const edited = engine.graph;
  const notReady = readinessProblems(edited, upstreamOf(edited, targets));
  if (notReady.length) {
    const setsOf = (path: string) => {
      const k = /^\$\.nodes\[(\d+)\]/.exec(path);
      const id = k ? edited.nodes[Number(k[1])]?.id : undefined;
      const mine = sets.filter((t) => id !== undefined && t.startsWith(`${id}.`));
      return mine.length ? ` (with --set ${mine.join(' ')})` : '';
    };
    throw new GraphError(notReady.map((p) => ({ path: p.path, message: p.message + setsOf(p.path) })), name);
  }

  const outDir = args.one.get('out') ?? 'out';
  // The output folder first: a path that cannot be a folder is refused before the work.
  const staging = new Staging(outDir);
  try {
    const n = engine.view.size;
    await hooks.startThreads?.(n);
    const progress = n >= 1024;
    if (progress) log(`evaluating ${graph.name || file} at ${n}²`);
    engine.evaluate({
      targets,
      // One render: what only feeds the outputs goes as soon as it is read (less memory at 4096²);
      // the statistics read the wind and moisture behind the biomes afterwards, and a mesh the
      // heights upstream of its layer, so they keep all.
      dropIntermediates: !wantStats && !mesh,
      onNode: progress ? (id, ms) => log(`  ${id.padEnd(16)} ${ms.toFixed(0).padStart(6)} ms`) : undefined,
    });
    const failed = failureReport(edited, targets, (id) => engine.status(id));
    if (failed.length) throw new Error(failed.join('\n'));
    if (mesh && args.one.has('mesh-size') && meshSide(mesh, n) < mesh.side) {
      log(`note: the meshes have ${n} vertices a side, one a cell: --mesh-size ${mesh.side} asks more than the ${n}² grid has`);
    }

    const manifest: ManifestEntry[] = [];
    /** Layers whose land has no sea level, so --sea adds none to their meshes. */
    const sealess: string[] = [];
    const stems: string[] = [];
    const style = { heightMode: args.bare.has('by-share') ? 'share' : 'height', contours: args.bare.has('contours'), shade: !args.bare.has('no-shade') } as const;
    for (const id of ids) {
      const node = graph.nodes.find((x) => x.id === id)!;
      for (const port of Object.keys(engine.catalogue.def(node.type)!.outputs)) {
        // Between layers, a turn of the event loop: a SIGINT or SIGTERM during the writing is
        // handled here, and its handler removes the hidden folder (src/cli/files.ts Staging).
        await new Promise<void>((resolve) => setImmediate(resolve));
        const value = engine.output(id, port)!;
        const stem = `${id}.${port}`;
        stems.push(stem);
        // The sea the viewer's map paints under a lakes or rivers layer: its PNG paints it as the editor's export does.
        const landMask = seaUnder(engine, edited, engine.catalogue, id, value);
        if (progress) log(`writing ${stem}`);
        // The same files, under the same names, as the editor's viewer exports (src/render/exports.ts).
        const file = (format: ExportFormat, meshOf?: MeshExport) => {
          const f = exportFile(value, n, stem, format, style, undefined, meshOf, format === 'png' || format === 'glb' ? landMask : null);
          if (f) staging.write(f.name, f.bytes);
          return f?.name;
        };
        const entry: ManifestEntry = { file: file('png')!, node: id, type: value.type, port, n, ...summary(value) };
        if (value.type !== 'biome') {
          const odd = nonFiniteCount(value.data);
          if (odd) {
            entry.nonFinite = odd;
            log(
              odd === value.data.length
                ? `note: ${stem} has no finite value (${oddKinds(value.data)}): its raw and 16-bit files say "${NONFINITE_TAG}" where the range goes, and the manifest gives min, max and mean as null`
                : `note: ${stem} has ${odd} cells that are not finite (${oddKinds(value.data)}): min, max and mean are of the other cells`,
            );
          }
        }
        if (value.type === 'terrain') entry.seaLevel = value.seaLevel;
        if (args.bare.has('raw')) entry.file = file('raw')!;
        if (args.bare.has('png16') && value.type !== 'biome') entry.png16 = file('png16');
        if (args.bare.has('indexed') && value.type === 'biome') entry.indexedPng = file('indexed');
        if (args.bare.has('splat') && value.type === 'biome') {
          const files = splatFiles(value, n, stem);
          for (const f of files) staging.write(f.name, f.bytes);
          entry.splat = files.map((f) => f.name);
        }
        if (mesh) {
          const land = landUnder(graph, engine, { node: id, port });
          if (!land) log(`note: nothing under ${stem} holds heights: no mesh for it`);
          else {
            if (mesh.sea && land.seaLevel === null) sealess.push(stem);
            entry.glb = file('glb', { land, options: mesh });
          }
        }
        manifest.push(entry);
      }
    }
    if (sealess.length) log(`note: ${listed(sealess)} stand${sealess.length === 1 ? 's' : ''} on heights with no sea level (a plain height field or a noise): no sea in ${sealess.length === 1 ? 'its mesh' : 'their meshes'}`);
    if (args.bare.has('raw') || args.bare.has('png16') || args.bare.has('indexed') || args.bare.has('splat') || mesh) {
      const doc = { graph: graph.name, view: { ...engine.view }, rowOrder: 'row 0 = south', files: manifest };
      staging.write('manifest.json', `${JSON.stringify(doc, null, 2)}\n`);
    }
    const stats = wantStats ? statNodes.map((id) => nodeStats(engine, id, viewDomain(engine.view))) : null;
    const written = staging.commit();
    const { removed, others } = tidyLayers(outDir, written, stems);
    if (removed.length) log(`replaced the earlier files of the same layers: removed ${removed.join(', ')}`);
    if (others.length) {
      log(`note: ${outDir} also holds ${others.length} layer file${others.length === 1 ? '' : 's'} this render did not write (an earlier run's?): ${listed(others)}`);
    }
    return { written, stats };
  } catch (err) {
    staging.abandon();
    throw err;
  }
}

/** Names, the first eight of them and how many more. */
function listed(names: readonly string[]): string {
  return names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
}

/** "+∞", "−∞, NaN", … : which non-finite values a field holds. */
function oddKinds(data: ArrayLike<number>): string {
  let pos = false;
  let neg = false;
  let nan = false;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v === Infinity) pos = true;
    else if (v === -Infinity) neg = true;
    else if (Number.isNaN(v)) nan = true;
  }
  return [pos && '+∞', neg && '−∞', nan && 'NaN'].filter(Boolean).join(', ');
}
