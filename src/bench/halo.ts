// The bench's halo figures (issue 10): what one world costs. A cold evaluation of a graph with
// its world-consistent modes (coast cap, wind started in the world, water on the world cut)
// against the same graph with the view-bound modes of format 1, per node: the median kernel
// time and the cells it computed for each cell asked (a halo grows the domains upstream of it).

import { createEngine } from '../engine/engine.ts';
import { viewDomain } from '../grid.ts';
import type { Graph } from '../model/graph.ts';
import { type Catalogue, footprintOf } from '../model/manifest.ts';
import type { AnyParamValue } from '../model/params.ts';
import { CATALOGUE } from '../../nodes/index.ts';
import { median } from './median.ts';

export interface HaloRow {
  readonly node: string;
  /** Median kernel ms with the world-consistent modes, and with the view-bound ones. */
  readonly worldMs: number;
  readonly viewMs: number;
  /** Cells computed per cell asked, world-consistent and view-bound. */
  readonly worldCells: number;
  readonly viewCells: number;
}

export interface HaloBench {
  readonly size: number;
  readonly runs: number;
  /** Runs of each variant before the measured ones, left out of the figures. */
  readonly warmup: number;
  readonly totalWorld: number;
  readonly totalView: number;
  /**
   * Median CPU ms of an evaluation (process.cpuUsage: this thread and V8's own, the collector's
   * included), which a loaded machine inflates far less than wall time: waiting for a core is
   * not counted.
   */
  readonly cpuWorld: number;
  readonly cpuView: number;
  readonly rows: readonly HaloRow[];
}

/**
 * The graph with each node switched to a view-bound footprint where one param does it (format
 * 1's meaning: the coast without a cap, the wind entering at the view's edge, the view cut),
 * found through the manifests' footprints, never by type name.
 */
export function viewBound(graph: Graph, catalogue: Catalogue = CATALOGUE): Graph {
  const g = structuredClone(graph);
  for (const n of g.nodes) {
    const def = catalogue.def(n.type);
    if (!def?.footprint || footprintOf(def, n.params).kind === 'view') continue;
    for (const [key, spec] of Object.entries(def.params)) {
      const candidates: AnyParamValue[] = spec.kind === 'enum' ? [...spec.options] : spec.since?.legacy !== undefined ? [spec.since.legacy] : [];
      const found = candidates.find((v) => footprintOf(def, { ...n.params, [key]: v }).kind === 'view');
      if (found !== undefined) {
        n.params[key] = found;
        break;
      }
    }
  }
  return g;
}

/**
 * Cold runs of each variant, interleaved so both see the same machine load, and in turn first
 * (world then view, view then world): a collection or a burst of load that hits whichever runs
 * first or second then hits both alike. The warm-up is long because the world's code takes
 * longer to be compiled: with 5 runs of warm-up, its median CPU was still 20-22 ms where it
 * settles at 14-15 after some 40 (the view's from 10-14 to 9), and the ratio read 2.0-2.4×
 * instead of 1.6-1.7×.
 */
export function benchHalo(graph: Graph, size = 256, runs = 50, warmup = 50): HaloBench {
  const variants = [graph, viewBound(graph)];
  const ms = variants.map(() => new Map<string, number[]>());
  const cells = variants.map(() => new Map<string, number>());
  const totals: number[][] = [[], []];
  const cpu: number[][] = [[], []];
  // One engine per variant, its results dropped before each run (dispose keeps the buffers):
  // the bench's cold scenario, every node recomputed without paying for fresh memory, which
  // the world variant, with more and larger grids, would pay more of.
  const engines = variants.map((g) => createEngine(g, { size }));
  const asked = size * size;
  for (let k = 0; k < warmup + runs; k++) {
    for (let i = 0; i < 2; i++) {
      const v = (k + i) % 2;
      const engine = engines[v];
      engine.dispose();
      const seen = new Map<string, number>();
      const spent = new Map<string, number>();
      const cpu0 = process.cpuUsage();
      const report = engine.evaluate({
        // A node run on several domains in one evaluation (the view grown, the world cut) adds them up.
        onNode: (id, t, d) => {
          seen.set(id, (seen.get(id) ?? 0) + d.n * d.n);
          spent.set(id, (spent.get(id) ?? 0) + t);
        },
        domain: viewDomain(engine.view),
      });
      const used = process.cpuUsage(cpu0);
      if (k < warmup) continue;
      totals[v].push(report.totalMs);
      cpu[v].push((used.user + used.system) / 1000);
      for (const [id, c] of seen) cells[v].set(id, c / asked);
      for (const [id, t] of spent) ms[v].set(id, [...(ms[v].get(id) ?? []), t]);
    }
  }
  const rows = graph.nodes.map((n) => {
    const perRun = (v: number) => median(ms[v].get(n.id) ?? [0]);
    return { node: n.id, worldMs: perRun(0), viewMs: perRun(1), worldCells: cells[0].get(n.id) ?? 0, viewCells: cells[1].get(n.id) ?? 0 };
  });
  return { size, runs, warmup, totalWorld: median(totals[0]), totalView: median(totals[1]), cpuWorld: median(cpu[0]), cpuView: median(cpu[1]), rows };
}

export function formatHaloBench(b: HaloBench): string {
  const f = (v: number) => v.toFixed(2);
  const lines = [
    `One world at ${b.size}², cold, median of ${b.runs} after ${b.warmup} of warm-up, world and view alternating: world-consistent modes ${f(b.totalWorld)} ms, view-bound modes ${f(b.totalView)} ms (${(b.totalWorld / b.totalView).toFixed(2)}×)`,
    `  CPU time (not inflated by waiting for a core on a loaded machine): ${f(b.cpuWorld)} ms against ${f(b.cpuView)} ms (${(b.cpuWorld / b.cpuView).toFixed(2)}×)`,
    `${'node'.padEnd(13)}${'world ms'.padStart(10)}${'view ms'.padStart(10)}${'overhead'.padStart(10)}${'cells×'.padStart(9)}${'(view)'.padStart(8)}`,
  ];
  for (const r of b.rows) {
    lines.push(`${r.node.padEnd(13)}${f(r.worldMs).padStart(10)}${f(r.viewMs).padStart(10)}${f(r.worldMs - r.viewMs).padStart(10)}${f(r.worldCells).padStart(9)}${f(r.viewCells).padStart(8)}`);
  }
  return lines.join('\n');
}
