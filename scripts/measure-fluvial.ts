// Times a flow run (priorityFlood and accumulate, as the flow node) and a fluvial erosion step
// (the node's defaults: strength 0.2, m ½, 5 steps, no rain wired) on graphs/default.json's
// heights (the water's terrain, as the operators bench). Medians of the runs, CPU time of the
// process a call (one thread: the core's) and wall.
//
// With `--against REF` the same kernels from the commit REF (its tree unpacked with `git
// archive` into the system's temp folder, this checkout's node_modules linked in) are loaded
// into the same process beside this tree's: the two take turns call by call, so a change in the
// machine's load falls on each alike, and every output of the two is compared bit for bit.
//   npm run measure:fluvial -- [256,512,1024] [--runs 9] [--against ae60a57]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../src/bench/median.ts';
import type * as Flow from '../src/kernels/flow.ts';
import type * as Fluvial from '../src/kernels/fluvial.ts';
import { defaultTerrain, opt, sizesArg } from './measure-common.ts';

const sizes = sizesArg('256,512,1024');
const runs = Number(opt('--runs', '9'));
const against = opt('--against', '');
const STEPS = 5;
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

interface Kernels {
  readonly name: string;
  readonly flow: typeof Flow;
  readonly fluvial: typeof Fluvial;
}

/** The kernels of the tree at `root`, imported by their own URLs (their own modules, scratch and WebAssembly instances). */
async function kernelsOf(name: string, root: string): Promise<Kernels> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  return { name, flow: await load('src/kernels/flow.ts'), fluvial: await load('src/kernels/fluvial.ts') };
}

/** The tree of commit `ref`, unpacked once into the temp folder, with this checkout's node_modules. */
function treeOf(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `terrain-graph-${sha}`);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`]);
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  return dir;
}

const trees: Kernels[] = [await kernelsOf('this tree', resolve('.'))];
if (against) trees.push(await kernelsOf(against, treeOf(against)));

console.log(`load average at start ${loadavg()[0].toFixed(1)}, ${runs} runs after 2, fluvial ${STEPS} steps a run`);
for (const n of sizes) {
  const { height, seaLevel } = defaultTerrain(n);
  const cells = n * n;
  const params = { iterations: STEPS, strength: 0.2, m: 0.5, loss: 0, cellLength: 256 / n };
  type Times = { flowCpu: number[]; flowWall: number[]; stepCpu: number[]; stepWall: number[]; bits: Uint32Array[] };
  const times = trees.map((): Times => ({ flowCpu: [], flowWall: [], stepCpu: [], stepWall: [], bits: [] }));
  for (let r = -2; r < runs; r++) {
    trees.forEach((k, t) => {
      const filled = new Float32Array(cells);
      const receiver = new Int32Array(cells);
      const accumulation = new Float32Array(cells);
      const out = new Float32Array(cells);
      const area = new Float32Array(cells);
      let c0 = cpuMs();
      let t0 = performance.now();
      const { order, count } = k.flow.priorityFlood(height, n, seaLevel, filled, receiver);
      k.flow.accumulate(receiver, order, count, null, 0, 1, accumulation);
      const flowWall = performance.now() - t0;
      const flowCpu = cpuMs() - c0;
      const flowOrder = order.slice(0, count);
      c0 = cpuMs();
      t0 = performance.now();
      k.fluvial.streamPowerErosion(height, n, seaLevel, null, params, out, area);
      const stepWall = (performance.now() - t0) / STEPS;
      const stepCpu = (cpuMs() - c0) / STEPS;
      if (r < 0) return;
      const x = times[t];
      x.flowCpu.push(flowCpu);
      x.flowWall.push(flowWall);
      x.stepCpu.push(stepCpu);
      x.stepWall.push(stepWall);
      if (r === 0) x.bits = [filled, receiver, flowOrder, accumulation, out, area].map((a) => new Uint32Array(a.buffer, a.byteOffset, a.length));
    });
  }
  trees.forEach((k, t) => {
    const x = times[t];
    const ms = (xs: number[]) => median(xs).toFixed(2);
    console.log(`${n}² ${k.name}: flow ${ms(x.flowCpu)} ms CPU a run (${ms(x.flowWall)} wall); fluvial ${ms(x.stepCpu)} ms CPU a step (${ms(x.stepWall)} wall; CPU ${x.stepCpu.map((v) => v.toFixed(1)).join(' ')})`);
  });
  if (trees.length > 1) {
    const same = times[0].bits.every((a, j) => a.length === times[1].bits[j].length && a.every((v, i) => v === times[1].bits[j][i]));
    console.log(`  the two trees' filled heights, receivers, flood order, accumulation, eroded heights and area: ${same ? 'the same bits' : 'DIFFERENT BITS'}`);
    const ratio = (key: 'flowCpu' | 'stepCpu') => (median(times[1][key]) / median(times[0][key])).toFixed(2);
    console.log(`  ${against} ÷ this tree, CPU: flow ${ratio('flowCpu')}×, fluvial step ${ratio('stepCpu')}×`);
  }
}
console.log(`load average at end ${loadavg()[0].toFixed(1)}`);
process.exit(0);
