// How alike the erosions look at every resolution (README, One world for erosion): the change
// each makes (output minus input) at 512² and 1024², averaged down to 256², against the change at
// 256², and a 148² draft of a 1024² view against that view averaged down to 148²; with their
// params in the grid's own cells (`cells: grid`, files before format 7) and in 256-map cells
// (map256, scaled to each grid by the node's cellScale). `amount` is the mean |change| over the
// one it is compared with (1: as much), `r` the correlation; `ms` the erosion's CPU time.
//   npm run measure:resolution -- [512,1024] [--draft 148] [--only hydraulic|thermal]
import { readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.ts';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { areaMean, correlation, draftAgreement, type ErosionAt, meanAbs } from '../tests/helpers/draft-agreement.ts';
import { opt, sizesArg } from './measure-common.ts';

const sizes = sizesArg('512,1024');
const draft = Number(opt('--draft', '148'));
const only = opt('--only', '');

function load(name: string): Graph {
  return parseGraph(readFileSync(`graphs/${name}.json`, 'utf8'), { file: name });
}

/** A graph with the erosion's params changed (and its type, given one). */
function erosionWith(g: Graph, params: Record<string, unknown>, type?: string): Graph {
  return { ...g, nodes: g.nodes.map((n) => (n.id === 'erosion' ? { ...n, type: type ?? n.type, params: { ...(type ? {} : n.params), ...params } } : n)) as Graph['nodes'] };
}

const VALLEYS = load('eroded-valleys');
const AT: ErosionAt = { node: 'erosion', out: 'out', input: { node: 'height', port: 'out' } };
const cases: { name: string; graph: Graph }[] = [
  { name: 'hydraulic (eroded-valleys)', graph: VALLEYS },
  { name: 'hydraulic (node defaults)', graph: erosionWith(VALLEYS, { capacity: 0.15, radius: 2 }) },
  { name: 'thermal (eroded-valleys, 40 passes)', graph: erosionWith(VALLEYS, { iterations: 40, talus: 4, rate: 0.25, coarse: 'before', cells: 'map256', grid: 'own' }, 'thermal') },
].filter((c) => c.name.startsWith(only));

/**
 * The erosion's change at n² and the milliseconds of CPU its evaluation took, what feeds it
 * evaluated before (CPU time of the process: this machine's other work slows the clock, less this).
 */
function change(graph: Graph, n: number): { change: Float64Array; ms: number } {
  const engine = createEngine(graph, { size: n });
  engine.evaluate({ targets: [AT.input.node] });
  const cpu = process.cpuUsage();
  engine.evaluate({ targets: [AT.node, AT.input.node] });
  const used = process.cpuUsage(cpu);
  const before = engine.output(AT.input.node, AT.input.port)!.data as Float32Array;
  const after = engine.output(AT.node, AT.out)!.data as Float32Array;
  return { change: Float64Array.from(after, (v, i) => v - before[i]), ms: (used.user + used.system) / 1000 };
}

const f = (x: number) => x.toFixed(2);
for (const c of cases) {
  for (const cells of ['grid', 'map256'] as const) {
    const g = erosionWith(c.graph, { cells });
    const base = change(g, 256);
    const rows = [`256²: mean |change| ${meanAbs(base.change).toExponential(2)}, ${base.ms.toFixed(0)} ms`];
    for (const n of sizes) {
      const fine = change(g, n);
      const down = areaMean(fine.change, n, 256);
      rows.push(`${n}²: amount ${f(meanAbs(down) / meanAbs(base.change))} r ${f(correlation(down, base.change))}, ${fine.ms.toFixed(0)} ms`);
      if (n > draft) {
        const d = draftAgreement(g, AT, areaMean(fine.change, n, draft), n, draft);
        rows.push(`${draft}² draft of ${n}²: amount ${f(d.amount)} r ${f(d.r)}`);
      }
    }
    console.log(`${c.name}, cells ${cells}: ${rows.join('; ')}`);
  }
}
