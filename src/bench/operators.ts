// `npm run bench -- --only operators [--sizes 256,1024]`: the erosion and flow kernels, which
// are bound to the grid they run on (so the per-node bench skips them), on graphs/default.json's
// heights at each size with their nodes' default params. Wall and CPU time (the CPU time is
// what one core spent, less sensitive to a shared machine), and droplet steps per second.

import { CATALOGUE } from '../../nodes/index.ts';
import { HEIGHT_SCALE_CELLS } from '../../nodes/hydraulic.ts';
import { createEngine } from '../engine/engine.ts';
import { cellLength256, viewDomain } from '../grid.ts';
import { accumulate, priorityFlood } from '../kernels/flow.ts';
import { hydraulicErosion } from '../kernels/hydraulic.ts';
import { thermalErosion } from '../kernels/thermal.ts';
import type { Graph } from '../model/graph.ts';
import { defaultParams } from '../model/params.ts';
import type { TerrainValue } from '../model/values.ts';
import { median } from './median.ts';

export interface OperatorBench {
  readonly kernel: string;
  readonly size: number;
  readonly runs: number;
  /** Medians. */
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Droplet steps per run (hydraulic only) and millions per CPU second. */
  readonly steps?: number;
  readonly mStepsPerCpuSecond?: number;
  readonly mStepsPerWallSecond?: number;
}

/** Times `run` `runs` times after one unmeasured run; returns wall and CPU medians and its last result. */
function time<T>(runs: number, run: () => T): { wallMs: number; cpuMs: number; last: T } {
  let last = run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < runs; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu), last };
}

function params(type: string): Record<string, number> {
  return defaultParams(CATALOGUE.def(type)!) as Record<string, number>;
}

export function benchOperators(graph: Graph, sizes: readonly number[]): OperatorBench[] {
  const rows: OperatorBench[] = [];
  for (const n of sizes) {
    const engine = createEngine(graph, { size: n });
    engine.evaluate({ targets: ['water', 'moisture'] });
    const terrain = engine.output('water', 'terrain') as TerrainValue;
    const height = terrain.data.slice();
    const rain = (engine.output('moisture')!.data as Float32Array).slice();
    const out = new Float32Array(n * n);
    const a = new Float32Array(n * n);
    const b = new Float32Array(n * n);
    const runs = n >= 1024 ? 3 : 7;

    const hp = params('hydraulic');
    const erosion = { ...hp, heightScale: n / HEIGHT_SCALE_CELLS } as Parameters<typeof hydraulicErosion>[2];
    const h = time(runs, () => hydraulicErosion(height, n, erosion, out, a, b));
    const steps = h.last.steps;
    rows.push({ kernel: 'hydraulic', size: n, runs, wallMs: h.wallMs, cpuMs: h.cpuMs, steps, mStepsPerCpuSecond: steps / h.cpuMs / 1000, mStepsPerWallSecond: steps / h.wallMs / 1000 });

    const tp = params('thermal');
    const t = time(runs, () => thermalErosion(height, n, { iterations: tp.iterations, talusPerCell: tp.talus / n, rate: tp.rate }, out, a));
    rows.push({ kernel: 'thermal', size: n, runs, wallMs: t.wallMs, cpuMs: t.cpuMs });

    const fp = params('flow');
    const receiver = new Int32Array(n * n);
    const area = cellLength256(viewDomain({ x: 0, y: 0, size: n })) ** 2;
    const f = time(runs * 3, () => {
      const { order, count } = priorityFlood(height, n, terrain.seaLevel, out, receiver);
      accumulate(receiver, order, count, rain, fp.loss, area, a);
    });
    rows.push({ kernel: 'flow', size: n, runs: runs * 3, wallMs: f.wallMs, cpuMs: f.cpuMs });
    for (const r of rows.filter((r) => r.size === n)) process.stderr.write(`  ${r.kernel} at ${n}²: ${r.wallMs.toFixed(1)} ms wall, ${r.cpuMs.toFixed(1)} ms CPU\n`);
  }
  return rows;
}

export function formatOperatorBench(rows: readonly OperatorBench[]): string {
  const lines = ['erosion and flow kernels, default params, median', 'kernel     size     wall ms    CPU ms   droplet steps   M steps/s (CPU, wall)'];
  for (const r of rows) {
    const steps = r.steps === undefined ? '' : `${String(r.steps).padStart(14)}   ${r.mStepsPerCpuSecond!.toFixed(2)}, ${r.mStepsPerWallSecond!.toFixed(2)}`;
    lines.push(`${r.kernel.padEnd(10)} ${`${r.size}²`.padEnd(6)} ${r.wallMs.toFixed(1).padStart(9)} ${r.cpuMs.toFixed(1).padStart(9)} ${steps}`);
  }
  return lines.join('\n');
}
