// The Island recipe worn by hydraulic erosion at 8 droplets a cell, as a Gaea user tried it
// (session 28): measured on the product's outputs against the same graph with 0 droplets.
import { describe, expect, it } from 'vitest';
import { createEngine, nodeDef } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { defaultParams } from '../src/model/params.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { loadGraph } from './helpers/graphs.ts';

const N = 256;

/** island.json with a hydraulic erosion of the default params but `droplets` between the height and the water level. */
function wornIsland(droplets: number): Graph {
  const g = loadGraph('island.json');
  const params = { ...defaultParams(nodeDef('hydraulic')!), droplets };
  return {
    ...g,
    nodes: [...g.nodes, { id: 'erosion', type: 'hydraulic', title: 'Hydraulic erosion', position: [500, 300], params }],
    edges: [
      ...g.edges.filter((e) => !(e.from.node === 'height' && e.to.node === 'water')),
      { from: { node: 'height', port: 'out' }, to: { node: 'erosion', port: 'height' } },
      { from: { node: 'erosion', port: 'out' }, to: { node: 'water', port: 'height' } },
    ],
  };
}

/** Land share, the 99th percentile of land height, river length (in 256-map cells) and land roughness (mean |Laplacian|). */
function figures(graph: Graph) {
  const e = createEngine(graph, { size: N });
  e.evaluate();
  const t = e.output('water', 'terrain') as TerrainValue;
  const rivers = e.output('rivers', 'rivers')!.data;
  const land: number[] = [];
  let river = 0;
  let rough = 0;
  let inland = 0;
  for (let i = 0; i < N * N; i++) {
    if (!(t.data[i] >= t.seaLevel)) continue;
    land.push(t.data[i]);
    if (rivers[i] === 1) river++;
    const r = (i / N) | 0;
    const c = i % N;
    if (r === 0 || c === 0 || r === N - 1 || c === N - 1) continue;
    rough += Math.abs(4 * t.data[i] - t.data[i - 1] - t.data[i + 1] - t.data[i - N] - t.data[i + N]);
    inland++;
  }
  land.sort((a, b) => a - b);
  return { land: land.length / (N * N), p99: land[Math.floor(0.99 * land.length)] - t.seaLevel, river: (river * 256) / N, rough: rough / inland };
}

describe('Island worn by 8 droplets a cell', () => {
  const before = figures(wornIsland(0));
  const after = figures(wornIsland(8));

  it('keeps its summits: the highest land stands within a tenth of its height', () => {
    // Droplets that slowed going downhill planed them by a quarter (p99 0.472 → 0.361); with
    // the capacity that was the default (4) and droplets that speed up, by a half (0.226).
    expect(after.p99 / before.p99).toBeGreaterThan(0.9);
  });

  it('keeps its coast and its rivers, and wears gullies into it', () => {
    // Capacity 4 at 8 droplets left two thirds of the land (0.197 of the map against 0.292).
    expect(after.land / before.land).toBeGreaterThan(0.85);
    expect(after.river / before.river).toBeGreaterThan(0.75);
    expect(after.rough / before.rough).toBeGreaterThan(1.05);
  });
});
