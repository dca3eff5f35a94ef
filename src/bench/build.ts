// The bench's build scenarios: a tiled build of the default graph's heights (png16) and biome
// map (indexed), the whole graph, measured in a child process (wall time, samples per second,
// peak RSS). `build` is 4096² on two worker threads, the
// figure issue 10 asks for; `build-16k` is the 16384² build whose peak RSS must stay under
// 1.5 GB (minutes long, so it runs only when asked for with --only build-16k).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './median.ts';

export const BUILD_SCENARIOS = {
  build: { region: '0,0,4,4', cellsPerView: 1024, tileSize: 1025, jobs: 2, runs: 3, rssTargetMb: null },
  'build-16k': { region: '0,0,16,16', cellsPerView: 1024, tileSize: 1009, jobs: 1, runs: 1, rssTargetMb: 1536 },
} as const;

export type BuildScenario = keyof typeof BUILD_SCENARIOS;

export interface BuildBenchResult {
  readonly scenario: BuildScenario;
  readonly args: string;
  /** Samples of the region (each shared edge counted once). */
  readonly samples: number;
  readonly runs: number;
  /** Median wall time of the whole command, coarse range pass included. */
  readonly ms: number;
  /** Median CPU time of the command, every thread, user and system (the process's imports excluded, as from ms). */
  readonly cpuMs: number;
  readonly samplesPerSecond: number;
  readonly maxRssMb: number;
  readonly rssTargetMb: number | null;
}

export function benchBuild(file: string, scenario: BuildScenario): BuildBenchResult {
  const s = BUILD_SCENARIOS[scenario];
  const [x0, y0, x1, y1] = s.region.split(',').map(Number);
  const samples = ((x1 - x0) * s.cellsPerView + 1) * ((y1 - y0) * s.cellsPerView + 1);
  const args = [file, '--region', s.region, '--cells-per-view', String(s.cellsPerView), '--tile-size', String(s.tileSize), '--node', 'height', 'biomes', '--jobs', String(s.jobs)];
  const times: number[] = [];
  const cpus: number[] = [];
  let maxRssMb = 0;
  for (let k = 0; k < s.runs; k++) {
    // A fresh directory each run: nothing to resume, every tile rendered and written.
    const out = mkdtempSync(join(tmpdir(), 'tg-bench-build-'));
    try {
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/bench/build-child.ts', 'build', ...args, '--out', out], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`bench build failed (${child.status}): ${child.stderr}`);
      const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number; maxRssMb: number };
      times.push(r.ms);
      cpus.push(r.cpuMs);
      maxRssMb = Math.max(maxRssMb, r.maxRssMb);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  const ms = median(times);
  return { scenario, args: args.join(' '), samples, runs: s.runs, ms, cpuMs: median(cpus), samplesPerSecond: samples / (ms / 1000), maxRssMb, rssTargetMb: s.rssTargetMb };
}

export function formatBuildBench(r: BuildBenchResult): string {
  const rss = `peak RSS ${r.maxRssMb.toFixed(0)} MB` + (r.rssTargetMb ? ` (target ≤ ${r.rssTargetMb} MB: ${(r.maxRssMb / r.rssTargetMb).toFixed(2)}×)` : '');
  return `${r.scenario.padEnd(10)} ${Math.sqrt(r.samples).toFixed(0)}² samples: ${(r.ms / 1000).toFixed(1)} s, ${(r.samplesPerSecond / 1e6).toFixed(2)} M cells/s, CPU ${(r.cpuMs / 1000).toFixed(2)} s, ${rss} (median of ${r.runs}; ${r.args})`;
}
