// Hydraulic erosion's figures, as session 29 measured them: (1) how alike the same world erodes
// at 256² and at 1024² (the change at 1024² averaged down to 256² against the change at 256²:
// correlation and mean |change| ratio), on eroded-valleys' heights with its params or the
// node's defaults; (2) the kernel's speed there at 1024², 1 droplet per cell, medians of runs:
// the WebAssembly droplets (hydraulic.as.ts) and the JS kernel they give the bits of, taking
// turns in the same process, CPU time of this thread.
//   npm run measure:hydraulic -- [--params recipe|defaults] [--runs 5]
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.ts';
import { parseGraph } from '../src/model/format.ts';
import { defaultParams } from '../src/model/params.ts';
import { hydraulicErosion, hydraulicErosionJs, type HydraulicParams } from '../src/kernels/hydraulic.ts';
import { hydraulic, HEIGHT_SCALE_CELLS } from '../nodes/hydraulic.ts';
import { opt } from './measure-common.ts';

const graph = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'), { file: 'eroded-valleys.json' });
const which = opt('--params', 'recipe');
const runs = Number(opt('--runs', '5'));
const params = (which === 'recipe' ? graph.nodes.find((n) => n.id === 'erosion')!.params : defaultParams(hydraulic)) as unknown as HydraulicParams;

/** The heights eroded-valleys feeds its erosion at n², and the change the kernel makes to them (and its time). */
function change(n: number): { change: Float64Array; ms: number[]; jsMs: number[]; steps: number } {
  const engine = createEngine(graph, { size: n });
  engine.evaluate({ targets: ['height'] });
  const height = (engine.output('height', 'out')!.data as Float32Array).slice();
  const out = new Float32Array(n * n);
  const wear = new Float32Array(n * n);
  const deposit = new Float32Array(n * n);
  const ms: number[] = [];
  const jsMs: number[] = [];
  let steps = 0;
  const cpu = () => process.cpuUsage().user / 1000;
  const p = { ...params, heightScale: n / HEIGHT_SCALE_CELLS };
  for (let k = 0; k < (n >= 1024 ? runs : 1); k++) {
    let t = cpu();
    steps = hydraulicErosion(height, n, p, out, wear, deposit).steps;
    ms.push(cpu() - t);
    if (n < 1024) continue;
    t = cpu();
    hydraulicErosionJs(height, n, p, new Float32Array(n * n), new Float32Array(n * n), new Float32Array(n * n));
    jsMs.push(cpu() - t);
  }
  return { change: Float64Array.from(out, (v, i) => v - height[i]), ms, jsMs, steps };
}

console.log(`load average at start ${loadavg()[0].toFixed(1)}; ${which} params: capacity ${params.capacity}, radius ${params.radius}, ${params.droplets} droplet(s) a cell`);
const coarse = change(256);
const fine = change(1024);
const m = 256;
const down = new Float64Array(m * m);
for (let r = 0; r < 1024; r++) for (let c = 0; c < 1024; c++) down[(r >> 2) * m + (c >> 2)] += fine.change[r * 1024 + c] / 16;
let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, ma = 0, mb = 0;
const cells = m * m;
for (let i = 0; i < cells; i++) {
  const a = coarse.change[i];
  const b = down[i];
  sa += a;
  sb += b;
  saa += a * a;
  sbb += b * b;
  sab += a * b;
  ma += Math.abs(a);
  mb += Math.abs(b);
}
const r = (sab - (sa * sb) / cells) / Math.sqrt((saa - (sa * sa) / cells) * (sbb - (sb * sb) / cells));
console.log(`256² against 1024² averaged down: correlation ${r.toFixed(3)}, mean |change| at 1024² ÷ at 256² ${(mb / ma).toFixed(3)}`);
const medianOf = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
const median = medianOf(fine.ms);
const js = medianOf(fine.jsMs);
console.log(`1024²: ${(fine.steps / 1e6).toFixed(1)} M steps, median ${median.toFixed(0)} ms of CPU of ${fine.ms.length}: ${(fine.steps / median / 1e3).toFixed(1)} M steps per second`);
console.log(`  the JS kernel taking turns: ${js.toFixed(0)} ms, ${(fine.steps / js / 1e3).toFixed(1)} M steps per second; WebAssembly ${(js / median).toFixed(2)}× faster; load average at the end ${loadavg()[0].toFixed(1)}`);
