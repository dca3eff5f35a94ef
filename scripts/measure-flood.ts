// Times the flow's two kernels per call, priorityFlood and accumulate, on graphs/default.json's
// heights (the water's terrain, as the operators bench) with rain 1 everywhere. `js` is the JS
// kernels they replaced (tests/helpers/flow-reference.ts), `wasm` the ones in src/kernels/flow.ts;
// the two alternate call by call, so a change in the machine's load falls on each alike.
// Medians of the runs, wall and the CPU time of the process (one thread: the core's).
//   npm run measure:flood -- [256,512,1024] [--runs 9] [--kernels js,wasm]
import { loadavg } from 'node:os';
import { median } from '../src/bench/median.ts';
import { accumulate, priorityFlood } from '../src/kernels/flow.ts';
import { accumulateReference, priorityFloodReference } from '../tests/helpers/flow-reference.ts';
import { defaultTerrain, opt, sizesArg } from './measure-common.ts';

const sizes = sizesArg('256,512,1024');
const runs = Number(opt('--runs', '9'));
const kernels = opt('--kernels', 'js,wasm').split(',');
const impl = {
  js: { flood: priorityFloodReference, acc: accumulateReference },
  wasm: { flood: priorityFlood, acc: accumulate },
} as const;

console.log(`load average at start ${loadavg()[0].toFixed(1)}, ${runs} runs`);
for (const n of sizes) {
  const { height, seaLevel } = defaultTerrain(n);
  const cells = n * n;
  const filled = new Float32Array(cells);
  const receiver = new Int32Array(cells);
  const acc = new Float32Array(cells);
  const times = new Map<string, { flood: number[]; acc: number[]; floodCpu: number[]; accCpu: number[]; outflow: number }>(
    kernels.map((k) => [k, { flood: [], acc: [], floodCpu: [], accCpu: [], outflow: 0 }]),
  );
  for (let r = -1; r < runs; r++) {
    for (const k of kernels) {
      const f = impl[k as keyof typeof impl];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const { order, count } = f.flood(height, n, seaLevel, filled, receiver);
      const t1 = performance.now();
      const c1 = process.cpuUsage();
      const res = f.acc(receiver, order, count, null, 0, 1, acc);
      const t2 = performance.now();
      const c2 = process.cpuUsage(c1);
      const c01 = process.cpuUsage(c0);
      const t = times.get(k)!;
      if (r >= 0) {
        t.flood.push(t1 - t0);
        t.acc.push(t2 - t1);
        t.accCpu.push((c2.user + c2.system) / 1000);
        t.floodCpu.push((c01.user + c01.system) / 1000 - (c2.user + c2.system) / 1000);
      }
      t.outflow = res.outflow;
    }
  }
  for (const k of kernels) {
    const t = times.get(k)!;
    const ms = (xs: number[]) => median(xs).toFixed(2);
    console.log(`${n}² ${k.padEnd(4)}: flood ${ms(t.flood)} ms wall, ${ms(t.floodCpu)} CPU; accumulate ${ms(t.acc)} wall, ${ms(t.accCpu)} CPU (flood CPU ${t.floodCpu.map((x) => x.toFixed(1)).join(' ')}) outflow ${t.outflow}`);
  }
}
console.log(`load average at end ${loadavg()[0].toFixed(1)}`);
process.exit(0);
