// `npx tsx scripts/measure-work.ts [sizes]`: whether a build's time estimate (src/build/work.ts)
// holds: eroded-valleys' hydraulic erosion and a thermal erosion after it (default params) timed
// per unit of their work (NodeWork.units) by calibrate, and run on larger views of the same place
// (grid = the view, one thread, the second of two runs), with the estimate from the calibration.

import { readFileSync } from 'node:fs';
import { nodeDef } from '../nodes/index.ts';
import { calibrate, durationText, gridWork } from '../src/build/work.ts';
import { createEngine } from '../src/engine/engine.ts';
import { viewDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import { defaultParams } from '../src/model/params.ts';

const sizes = (process.argv[2] ?? '512,1024').split(',').map(Number);
const base = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'));
const graph = {
  ...base,
  nodes: [...base.nodes, { id: 'scree', type: 'thermal', title: 'Scree', position: [0, 0] as [number, number], params: defaultParams(nodeDef('thermal')!) }],
  edges: [...base.edges, { from: { node: 'erosion', port: 'out' }, to: { node: 'scree', port: 'height' } }],
};
const ids = ['erosion', 'scree'];
const cal = calibrate(graph, ids, { x: 0, y: 0 });
console.log(`calibrated at ${cal.size}²: ${ids.map((id) => `${id} ${(cal.msPerUnit.get(id)! * 1e6).toFixed(2)} ns a unit`).join(', ')}`);
for (const n of sizes) {
  const domain = viewDomain({ x: 0, y: 0, size: n });
  const works = gridWork(graph, ids, domain);
  createEngine(graph).evaluate({ domain, grid: domain, targets: ids });
  const engine = createEngine(graph);
  engine.evaluate({ domain, grid: domain, targets: ids });
  const ms = engine.timings(domain);
  for (const w of works) {
    const est = cal.msPerUnit.get(w.node)! * w.work!.units;
    console.log(`${n}² ${w.node}: ${(ms[w.node] / 1000).toFixed(2)} s measured, ${(est / 1000).toFixed(2)} s estimated (${durationText(est)}), ${((ms[w.node] / w.work!.units) * 1e6).toFixed(2)} ns a unit; ${w.work!.text}`);
  }
}
