// Flow and rivers: after Priority-Flood every land cell drains to the sea or the edge, no step
// climbs, and the rain that falls on land is what flows out.
import { describe, expect, it } from 'vitest';
import { accumulate, OFF_MAP, priorityFlood } from '../src/kernels/flow.ts';
import { evaluated, loadGraph } from './helpers/graphs.ts';
import { nodeStats, windSides } from '../src/engine/stats.ts';
import type { FlowStats } from '../nodes/flow.ts';
import { viewDomain } from '../src/grid.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { cellProvenance } from '../src/engine/provenance.ts';
import { describeRow, formatValue } from '../src/viewer-core/provenance.ts';
import { layerHistogram } from '../src/render/histogram.ts';

const N = 131;
const engine = evaluated(loadGraph('default.json'), N);
const terrain = engine.output('water', 'terrain');
if (!terrain || terrain.type !== 'terrain') throw new Error('no terrain');
const height = terrain.data.slice();
const sea = terrain.seaLevel;
const moisture = (engine.output('moisture', 'out')!.data as Float32Array).slice();

function flood(h: Float32Array, level: number) {
  const filled = new Float32Array(h.length);
  const receiver = new Int32Array(h.length);
  const { order, count } = priorityFlood(h, N, level, filled, receiver);
  return { filled, receiver, order: order.slice(0, count), count };
}

describe('priority-flood', () => {
  const { filled, receiver, order, count } = flood(height, sea);

  it('floods every land cell exactly once, and only land', () => {
    let land = 0;
    for (let i = 0; i < height.length; i++) if (height[i] >= sea) land++;
    expect(count).toBe(land);
    expect(new Set(order).size).toBe(count);
    for (const i of order) expect(height[i]).toBeGreaterThanOrEqual(sea);
  });

  it('only raises cells, and leaves the sea as it was', () => {
    for (let i = 0; i < height.length; i++) {
      expect(filled[i]).toBeGreaterThanOrEqual(height[i]);
      if (height[i] < sea) expect(filled[i]).toBe(height[i]);
    }
  });

  it('drains every land cell to the sea or the map edge, down a path that never climbs', () => {
    const problems: string[] = [];
    for (const start of order) {
      let i = start;
      let steps = 0;
      while (receiver[i] >= 0) {
        const j = receiver[i];
        const dr = Math.abs(((j / N) | 0) - ((i / N) | 0));
        const dc = Math.abs((j % N) - (i % N));
        if (Math.max(dr, dc) !== 1) problems.push(`${i} → ${j} is not a neighbour`);
        if (filled[j] > filled[i]) problems.push(`${i} → ${j} climbs in the filled heights`);
        // Outside lakes the ground itself never climbs either.
        if (filled[i] === height[i] && filled[j] === height[j] && height[j] > height[i]) problems.push(`${i} → ${j} climbs`);
        i = j;
        if (++steps > height.length) throw new Error(`cell ${start} drains in a loop`);
      }
      if (receiver[i] !== OFF_MAP) problems.push(`${start} ends at ${i} with receiver ${receiver[i]}`);
      const r = (i / N) | 0;
      const c = i % N;
      const onEdge = r === 0 || c === 0 || r === N - 1 || c === N - 1;
      let besideSea = false;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < N && cc < N && height[rr * N + cc] < sea) besideSea = true;
        }
      }
      if (!onEdge && !besideSea) problems.push(`${start} ends at ${i}, neither on the edge nor beside the sea`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('fills a closed bowl up to the lowest point of its rim', () => {
    const n = N;
    const bowl = new Float32Array(n * n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const d = Math.hypot(r - 65, c - 65);
        // A bowl rising from 1 to 1.3, ringed by a wall at 2, on a plain at 1 …
        bowl[r * n + c] = d < 30 ? 1 + d / 100 : d < 34 ? 2 : 1;
      }
    }
    // … with a notch in the wall at 1.35: the lake's spill point.
    for (let c = 94; c < 100; c++) if (bowl[65 * n + c] === 2) bowl[65 * n + c] = 1.35;
    const { filled } = flood(bowl, 0);
    expect(filled[65 * n + 65]).toBe(Math.fround(1.35));
    expect(filled[60 * n + 60]).toBe(Math.fround(1.35));
    expect(filled[10 * n + 10]).toBe(1); // the plain outside is not a lake
  });

  it('gives the same order and receivers on a second run', () => {
    const again = flood(height, sea);
    expect(Buffer.from(again.receiver.buffer).equals(Buffer.from(receiver.buffer))).toBe(true);
    expect(Buffer.from(again.filled.buffer).equals(Buffer.from(filled.buffer))).toBe(true);
  });

  it('writes every receiver, whatever the array held before (the flood leaves some to the steepest-neighbour pass)', () => {
    for (const junk of [0, 7, -3, OFF_MAP]) {
      const stale = new Int32Array(height.length).fill(junk);
      priorityFlood(height, N, sea, new Float32Array(height.length), stale);
      expect(Buffer.from(stale.buffer).equals(Buffer.from(receiver.buffer))).toBe(true);
    }
  });
});

describe('accumulation', () => {
  const { receiver, order, count } = flood(height, sea);

  it('sends out exactly the rain that fell on land, to 1e-6', () => {
    for (const [rain, loss] of [[null, 0], [moisture, 0], [moisture, 0.3]] as const) {
      const acc = new Float32Array(height.length);
      const r = accumulate(receiver, order, count, rain, loss, (256 / N) ** 2, acc);
      expect(r.rainOnLand).toBeGreaterThan(0);
      expect(Math.abs(r.outflow - r.rainOnLand) / r.rainOnLand).toBeLessThan(1e-6);
      // Checked again from the grid: the outlets' accumulations add up to the rain on land.
      let out = 0;
      let rainSum = 0;
      for (let i = 0; i < height.length; i++) {
        if (height[i] < sea) {
          if (acc[i] !== 0) throw new Error(`sea cell ${i} holds ${acc[i]}`);
          continue;
        }
        const wet = rain ? Math.max(0, rain[i] - loss) : 1 - loss;
        rainSum += wet * (256 / N) ** 2;
        if (receiver[i] === OFF_MAP) out += acc[i];
      }
      expect(Math.abs(out - rainSum) / rainSum).toBeLessThan(1e-6);
    }
  });

  it('grows downstream: a cell holds at least its own rain plus what each donor brings', () => {
    const acc = new Float32Array(height.length);
    accumulate(receiver, order, count, moisture, 0, 1, acc);
    let bad = 0;
    for (const i of order) if (receiver[i] >= 0 && acc[receiver[i]] < (acc[i] + Math.max(0, moisture[receiver[i]])) * (1 - 1e-6)) bad++;
    expect(bad).toBe(0);
  });
});

describe('river length by side of the wind', () => {
  it('counts the river cells on windward and on leeward land as the world tells them, not the view halves', () => {
    const n = 128;
    const rain = evaluated(loadGraph('rivers-from-the-rain.json'), n);
    const flowId = rain.graph.nodes.find((node) => node.type === 'flow')!.id;
    const windNode = rain.graph.nodes.find((node) => node.type === 'wind')!;
    const stats = nodeStats(rain, flowId) as FlowStats;
    const rivers = rain.output(flowId, 'rivers')!.data;
    const land = rain.graph.edges.find((e) => e.to.node === flowId && e.to.port === 'terrain')!;
    const ground = rain.output(land.from.node, land.from.port);
    if (ground?.type !== 'terrain') throw new Error('no terrain');
    const water = new Uint8Array(n * n).map((_, i) => (ground.data[i] < ground.seaLevel ? 1 : 0));
    const side = windSides(water, n, windNode.params.angle as number);
    let windward = 0;
    let leeward = 0;
    for (let i = 0; i < n * n; i++) {
      if (rivers[i] !== 1 || water[i]) continue;
      if (side[i] === 1) windward++;
      if (side[i] === -1) leeward++;
    }
    const step = 256 / n;
    expect(windward).toBeGreaterThan(0);
    expect(stats.windward).toBeCloseTo(windward * step, 9);
    expect(stats.leeward).toBeCloseTo(leeward * step, 9);
    // Cells the world leaves undecided count on neither side.
    expect(stats.windward! + stats.leeward!).toBeLessThan(stats.riverLength);
  });
});

describe('the rivers output', () => {
  // Rivers are not the water mask: a person reads "river" / "no river", never "land" on the sea
  // (the readout's words are the node's own rule, below).
  const rivers = evaluated(loadGraph('rivers-from-the-rain.json'), 96);
  const value = rivers.output('rivers', 'rivers')!;
  const water = rivers.output('water', 'terrain') as TerrainValue;
  const river = value.data.findIndex((v) => v === 1);
  const sea = water.data.findIndex((h) => h < water.seaLevel);

  it('has a meaning of its own, worded river / no river in the histogram', () => {
    expect(value.meaning).toBe('river');
    expect(river).toBeGreaterThanOrEqual(0);
    expect(sea).toBeGreaterThanOrEqual(0);
    const h = layerHistogram(value);
    let ones = 0;
    for (const v of value.data) if (v === 1) ones++;
    expect(h).toEqual({ kind: 'mask', ones, zeros: value.data.length - ones, one: 'river', zero: 'no river' });
  });
});

describe("the flow node's explanation of a cell", () => {
  // A newcomer read "rivers 1.0000 river … accumulation 1411.7 value": neither the rule nor the unit.
  const e = evaluated(loadGraph('rivers-from-the-rain.json'), 96);
  const domain = viewDomain(e.view);
  const note = (i: number, port: string) => describeRow(cellProvenance(e, e.graph, 'rivers', i, domain).find((r) => r.node === 'rivers' && r.port === port)!).note;
  const rivers = e.output('rivers', 'rivers')!.data;
  const acc = e.output('rivers', 'accumulation')!.data;
  const lakes = e.output('rivers', 'lakes')!.data;
  const rain = e.output('moisture', 'out')!.data;
  const water = e.output('water', 'terrain') as TerrainValue;
  const land = (i: number) => water.data[i] >= water.seaLevel;
  const river = rivers.findIndex((v, i) => v === 1 && land(i));
  const dry = rivers.findIndex((v, i) => v === 0 && land(i) && lakes[i] === 0);
  const sea = water.data.findIndex((h) => h < water.seaLevel);
  const lake = lakes.findIndex((d) => d > 0);

  it('says why a cell is or is not a river: its accumulation against the river area', () => {
    expect(Math.min(river, dry, sea)).toBeGreaterThanOrEqual(0);
    expect(note(river, 'rivers')).toBe(`accumulation ${formatValue(acc[river])} ≥ river area 8 → river`);
    expect(note(dry, 'rivers')).toBe(`accumulation ${formatValue(acc[dry])} < river area 8 → no river`);
    expect(note(sea, 'rivers')).toMatch(/^under the sea level.*: no river$/);
  });

  it("gives the accumulation's unit and the rain the cell itself got, less the loss", () => {
    const own = `its own rain ${formatValue(rain[river])} (Moisture)`;
    expect(note(river, 'accumulation')).toBe(`rain × 256-map cells: what drains into the cell, ${rain[river] > 0.5 ? `plus ${own} − loss 0.5` : `${own} is under the loss 0.5`}`);
    const parched = rain.findIndex((v, i) => land(i) && v < 0.5);
    expect(note(parched, 'accumulation')).toBe(`rain × 256-map cells: what drains into the cell; its own rain ${formatValue(rain[parched])} (Moisture) is under the loss 0.5`);
    expect(note(sea, 'accumulation')).toMatch(/^under the sea level/);
  });

  it('tells a lake from land that drains, each output with its own words', () => {
    expect(lake).toBeGreaterThanOrEqual(0);
    expect(note(lake, 'lakes')).toMatch(/^lake depth: the hollow filled to its spill point /);
    expect(note(lake, 'filled')).toMatch(/raised to its spill point$/);
    expect(note(dry, 'lakes')).toBe('no lake: the cell drains downhill');
    expect(note(dry, 'filled')).toBe('height: no hollow here');
  });
});
