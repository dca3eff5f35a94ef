// A wire dropped on a node's body (src/editor/wiring.ts wireOntoNode): which socket it joins.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { wireOntoNode } from '../src/editor/wiring.ts';
import type { Graph } from '../src/model/graph.ts';

const DEFAULT = parseGraph(readFileSync('graphs/default.json', 'utf8'));
const without = (g: Graph, to: string): Graph => ({ ...g, edges: g.edges.filter((e) => `${e.to.node}.${e.to.port}` !== to) });
const text = (r: ReturnType<typeof wireOntoNode>) => ('edge' in r ? `${r.edge.from.node}.${r.edge.from.port}>${r.edge.to.node}.${r.edge.to.port}` : r.refusal);

describe('a wire dropped on a node', () => {
  it('joins the first free input that takes it, else the first that takes it', () => {
    expect(text(wireOntoNode(DEFAULT, { side: 'output', node: 'moistNoise', port: 'out' }, 'height'))).toBe('moistNoise.out>height.base');
    expect(text(wireOntoNode(without(DEFAULT, 'height.detail'), { side: 'output', node: 'moistNoise', port: 'out' }, 'height'))).toBe('moistNoise.out>height.detail');
    // Height feeds Water: every input of Height would close a loop, the free one too.
    expect(text(wireOntoNode(without(DEFAULT, 'height.base'), { side: 'output', node: 'water', port: 'terrain' }, 'height'))).toMatch(/loop/);
  });

  it("joins the input made for the wire's meaning before the first free one, replacing its wire", () => {
    // The wind's air on the Moisture: its air input (taken by the wind already: replaced, the
    // same wire), not its first free one; with noise and coast cut it went into the noise.
    const cut = without(without(DEFAULT, 'moisture.noise'), 'moisture.coast');
    expect(text(wireOntoNode(cut, { side: 'output', node: 'wind', port: 'out' }, 'moisture'))).toBe('wind.out>moisture.air');
    expect(text(wireOntoNode(without(cut, 'moisture.air'), { side: 'output', node: 'wind', port: 'out' }, 'moisture'))).toBe('wind.out>moisture.air');
    // The moisture on the biomes: their moisture input, not the free temperature before it.
    expect(text(wireOntoNode(without(DEFAULT, 'biomes.temperature'), { side: 'output', node: 'moisture', port: 'out' }, 'biomes'))).toBe('moisture.out>biomes.moisture');
    // The coast distance on the Temperature: its coast input, not its first (rank).
    expect(text(wireOntoNode(without(without(DEFAULT, 'temperature.rank'), 'temperature.coast'), { side: 'output', node: 'coast', port: 'out' }, 'temperature'))).toBe('coast.out>temperature.coast');
    // A noise is made for no single input of Combine: the first free one, as before.
    expect(text(wireOntoNode(without(DEFAULT, 'height.detail'), { side: 'output', node: 'moistNoise', port: 'out' }, 'height'))).toBe('moistNoise.out>height.detail');
  });

  it('from an input, leaves the first output that fits', () => {
    expect(text(wireOntoNode(DEFAULT, { side: 'input', node: 'coast', port: 'terrain' }, 'water'))).toBe('water.terrain>coast.terrain');
  });

  it('is refused with the reason when no port fits, or the node has none on that side, or would close a loop', () => {
    expect(text(wireOntoNode(DEFAULT, { side: 'output', node: 'biomes', port: 'out' }, 'moisture'))).toMatch(/^cannot wire Biomes \(biomes\)'s out \(biome\) to Moisture \(moisture\)'s noise/);
    expect(text(wireOntoNode(DEFAULT, { side: 'output', node: 'height', port: 'out' }, 'cont'))).toMatch(/has no input to take the wire$/);
    expect(text(wireOntoNode(DEFAULT, { side: 'output', node: 'biomes', port: 'out' }, 'biomes'))).toMatch(/cannot feed itself/);
    expect(text(wireOntoNode(DEFAULT, { side: 'output', node: 'water', port: 'terrain' }, 'height'))).toMatch(/loop/);
  });
});
