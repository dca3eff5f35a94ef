// `npm run bench -- --only nodes [--sizes 256,1024]`: each local and halo node type's kernel on
// its own, median ms per size. Each type runs as a "probe" node added to graphs/default.json,
// wired as that graph wires its type or else from an output of the right port type; its inputs
// are evaluated once by the engine (on the domain grown by the node's halo) and then only the
// kernel is timed, writing into buffers allocated once, as the engine's pool hands them out
// (on the grid heap while a thread pool runs, so a node with a band hook splits its rows and
// a kernel with a heap build writes in place). Each
// kernel runs on one thread and on every thread count asked, alternating, so the load of a
// shared machine falls on both alike.

import { CATALOGUE } from '../../nodes/index.ts';
import { createEngine } from '../engine/engine.ts';
import { grow } from '../engine/domains.ts';
import { type AnyBuffer, BufferPool } from '../engine/pool.ts';
import { type Domain, viewDomain, wholeWindow } from '../grid.ts';
import type { Graph } from '../model/graph.ts';
import { type AnyNodeDef, type Catalogue, footprintOf, marginsOf, type RunContext } from '../model/manifest.ts';
import { defaultParams } from '../model/params.ts';
import type { PortType, Value } from '../model/values.ts';
import { useThreads } from '../parallel/threads.ts';
import { median } from './median.ts';

/**
 * `base` with one more node of `def`'s type, "probe": wired as `base` wires a node of that type
 * when it has one, else every required input from an output of the right type (the heights for
 * fields, the water node's terrain, the biome map). The graph is graphs/default.json's shape.
 */
export function probeGraph(base: Graph, def: AnyNodeDef, size: number): Graph {
  const g = structuredClone(base);
  g.view = { ...g.view, size };
  const model = g.nodes.find((n) => n.type === def.type);
  const generic: Record<PortType, { node: string; port: string }> = {
    field: { node: 'height', port: 'out' },
    terrain: { node: 'water', port: 'terrain' },
    biome: { node: 'biomes', port: 'out' },
  };
  g.nodes.push({ id: 'probe', type: def.type, title: 'probe', position: [0, 0], params: model ? structuredClone(model.params) : defaultParams(def) });
  for (const [port, spec] of Object.entries(def.inputs)) {
    const from = model ? g.edges.find((e) => e.to.node === model.id && e.to.port === port)?.from : spec.optional ? undefined : generic[spec.type];
    if (from) g.edges.push({ from: { ...from }, to: { node: 'probe', port } });
  }
  return g;
}

export interface NodeBench {
  readonly type: string;
  readonly footprint: string;
  /** Median kernel ms per size, on the last thread count; null for a global or view-bound node (timed with the graph). */
  readonly ms: Record<number, number | null>;
  /** The same per thread count (the keys of `threads`), then per size. */
  readonly byThreads: Record<number, Record<number, number | null>>;
}

/** The probe's kernel on its own at `size`, `runs` times after `warmup` unmeasured runs, on each thread count: the medians in the order of `counts`. */
function timeKernel(base: Graph, def: AnyNodeDef, size: number, runs: number, warmup: number, counts: readonly number[]): (number | null)[] {
  const g = probeGraph(base, def, size);
  const probe = g.nodes.find((n) => n.id === 'probe')!;
  const footprint = footprintOf(def, probe.params);
  if (footprint.kind !== 'local' && footprint.kind !== 'halo') return counts.map(() => null);
  const domain: Domain = viewDomain(g.view);
  const inputDomain = grow(domain, marginsOf(footprint));
  const engine = createEngine(g);
  const sources = g.edges.filter((e) => e.to.node === 'probe');
  if (sources.length) engine.evaluate({ domain: inputDomain, targets: [...new Set(sources.map((e) => e.from.node))] });
  const input = (port: string): Value | null => {
    const e = sources.find((s) => s.to.port === port);
    return e ? (engine.output(e.from.node, e.from.port, inputDomain) ?? null) : null;
  };
  // What the kernel computes from its footprint's reads alone, once (none of the timed kinds reads any).
  let kept: object | undefined;
  // Output buffers taken once from a pool like the engine's (on the grid heap while a thread
  // pool runs), handed out in the same order every run, given back at the end.
  const pool = new BufferPool();
  const buffers: AnyBuffer[] = [];
  let next = 0;
  const ctx: RunContext<string> = {
    domain,
    inputDomain,
    asked: domain,
    field: (port) => (input(port)?.data as Float32Array | undefined) ?? null,
    window: (port) => {
      const data = input(port)?.data as Float32Array | undefined;
      return data ? wholeWindow(data, inputDomain.n) : null;
    },
    terrain: (port) => input(port) as never,
    biome: (port) => input(port) as never,
    fieldAt: () => null,
    terrainAt: () => null,
    wired: (port) => sources.some((s) => s.to.port === port),
    meaning: (port) => input(port)?.meaning ?? null,
    alloc: (kind, length = domain.n * domain.n) => {
      if (next === buffers.length) buffers.push(pool.take(kind, length));
      return buffers[next++] as never;
    },
    previous: () => null,
    // The kernel alone: never stopped.
    checkpoint: () => {},
    // The kernel alone: its outputs copied as the first run on a domain copies them.
    borrow: () => null,
    // The kernel alone: a lazy output's cells as if read.
    lazyField: (meaning, fill) => {
      const data = ctx.alloc('f32');
      fill(data);
      return { type: 'field', meaning, data };
    },
    shared: (make) => (kept ??= make()) as never,
  };
  const times: number[][] = counts.map(() => []);
  for (let k = -warmup; k < runs; k++) {
    counts.forEach((count, j) => {
      useThreads(count);
      next = 0;
      const start = performance.now();
      def.run(ctx, probe.params as never);
      const ms = performance.now() - start;
      if (k >= 0) times[j].push(ms);
    });
  }
  for (const b of buffers) pool.give(b);
  return times.map(median);
}

/** Each node type's kernel at each size, on each thread count of `counts` (1 and the pool's, say). */
export function benchNodes(base: Graph, sizes: readonly number[], catalogue: Catalogue = CATALOGUE, counts: readonly number[] = [1]): NodeBench[] {
  return catalogue.types.map((def) => {
    const f = footprintOf(def, defaultParams(def));
    const byThreads: Record<number, Record<number, number | null>> = Object.fromEntries(counts.map((c) => [c, {}]));
    for (const size of sizes) {
      const ms = timeKernel(base, def, size, size >= 1024 ? 15 : 31, 8, counts);
      counts.forEach((c, j) => (byThreads[c][size] = ms[j]));
    }
    const footprint = f.kind === 'halo' ? 'halo' : f.kind;
    const said = (s: number) => counts.map((c) => `${byThreads[c][s]?.toFixed(2) ?? '—'}`).join(' / ');
    process.stderr.write(`  ${def.type}: ${sizes.map((s) => `${said(s)} ms at ${s}²`).join(', ')} (${counts.join(' / ')} threads)\n`);
    return { type: def.type, footprint, ms: byThreads[counts[counts.length - 1]], byThreads };
  });
}

export function formatNodeBench(rows: readonly NodeBench[], sizes: readonly number[]): string {
  const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
  const counts = rows.length ? Object.keys(rows[0].byThreads).map(Number) : [1];
  const heads = sizes.flatMap((s) => counts.map((c) => `${s}² ${c}t`));
  const lines = ['kernel alone, median ms (— global or view-bound: timed with the graph above)', `${'node type'.padEnd(14)}${'footprint'.padEnd(10)}${heads.map((h) => h.padStart(11)).join('')}`];
  for (const r of rows) lines.push(`${r.type.padEnd(14)}${r.footprint.padEnd(10)}${sizes.flatMap((s) => counts.map((c) => fmt(r.byThreads[c][s]).padStart(11))).join('')}`);
  return lines.join('\n');
}
