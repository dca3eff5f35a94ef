// Times thermal erosion per pass on graphs/default.json's heights (the water's terrain, as the
// operators bench), with the node's default talus (4 per view) and rate (0.25), as the node runs
// it: on one thread every pass in the WebAssembly module's memory, on several each pass's rows
// shared out over the band pool. The thread counts alternate run by run, so a change in the
// machine's load falls on each alike. Medians of the runs; CPU is the whole process's (every thread).
// `js` among the thread counts is the JS kernel it replaced (tests/helpers/thermal-reference.ts).
//   npm run measure:thermal -- [256,512,1024,2048] [--threads js,1,2] [--runs 5] [--passes 20]
import { loadavg } from 'node:os';
import { type ThermalBand, thermalBand, thermalErosion } from '../src/kernels/thermal.ts';
import { startNodeThreads } from '../src/parallel/node-threads.ts';
import { bands, chunksByWorkers, tuneThreads, useThreads } from '../src/parallel/threads.ts';
import { thermalReference } from '../tests/helpers/thermal-reference.ts';
import { defaultTerrain, opt, sizesArg } from './measure-common.ts';

const sizes = sizesArg('256,512,1024,2048');
/** Thread counts; 0 is the JS kernel (`js`). */
const threadCounts = opt('--threads', '1').split(',').map((t) => (t === 'js' ? 0 : Number(t)));
const runs = Number(opt('--runs', '5'));
const passes = Number(opt('--passes', '20'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const most = Math.max(...threadCounts);
if (most > 1) {
  await startNodeThreads(most);
  // Every pass split, however loaded the machine (else the caller runs calls alone when the workers get no core).
  tuneThreads({ aloneCalls: 0 });
}
console.log(`load average at start ${loadavg()[0].toFixed(1)}, ${passes} passes a run, ${runs} runs`);
for (const n of sizes) {
  const { height } = defaultTerrain(n);
  const out = new Float32Array(n * n);
  const moved = new Float32Array(n * n);
  const run = (threads: number) => {
    if (threads === 0) return thermalReference(height, n, { iterations: passes, talusPerCell: 4 / n, rate: 0.25 }, out, moved);
    useThreads(threads);
    // As the node: one thread keeps the passes in the module's memory, several share out each pass's rows.
    const split = threads > 1 ? (job: ThermalBand, rows: number) => bands('thermal', thermalBand, job, rows) : undefined;
    thermalErosion(height, n, { iterations: passes, talusPerCell: 4 / n, rate: 0.25 }, out, moved, undefined, split);
  };
  const wall = new Map<number, number[]>(threadCounts.map((t) => [t, []]));
  const cpu = new Map<number, number[]>(threadCounts.map((t) => [t, []]));
  const sums = new Map<number, number>();
  for (const t of threadCounts) run(t);
  const chunks = chunksByWorkers();
  for (let k = 0; k < runs; k++) {
    for (const t of threadCounts) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      run(t);
      wall.get(t)!.push((performance.now() - t0) / passes);
      const c = process.cpuUsage(c0);
      cpu.get(t)!.push((c.user + c.system) / 1000 / passes);
      let sum = 0;
      for (let i = 0; i < out.length; i++) sum += Math.abs(moved[i]);
      sums.set(t, sum);
    }
  }
  for (const t of threadCounts) {
    console.log(`${n}², ${t === 0 ? 'JS kernel' : `${t} thread(s)`}: ${median(wall.get(t)!).toFixed(2)} ms wall, ${median(cpu.get(t)!).toFixed(2)} ms CPU a pass (walls ${wall.get(t)!.map((w) => w.toFixed(1)).join(' ')}) |moved| ${sums.get(t)!.toPrecision(10)}`);
  }
  if (most > 1) console.log(`  chunks the workers took: ${chunksByWorkers() - chunks}`);
}
console.log(`load average at end ${loadavg()[0].toFixed(1)}`);
process.exit(0);
