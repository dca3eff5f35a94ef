// Grid-bound nodes (an erosion, a flow): which nodes are, what the nodes reading them on other
// domains run with instead, and that their values do not depend on which nodes are asked for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { createEngine } from '../src/engine/engine.ts';
import { bindGrids } from '../src/engine/grid-bound.ts';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';

const load = (name: string): Graph => parseGraph(readFileSync(`graphs/${name}`, 'utf8'));
const given = (g: Graph) => new Map(g.nodes.map((n) => [n.id, n.params]));
const ERODED = load('eroded-valleys.json');
/** The bytes of an output's cells. */
const bytes = (d: ArrayBufferView) => Buffer.from(d.buffer, d.byteOffset, d.byteLength);

describe('which nodes are grid-bound', () => {
  it('is the erosion and everything downstream of it, and nothing upstream', () => {
    const { bound, params } = bindGrids(ERODED, CATALOGUE, given(ERODED));
    expect([...bound].sort()).toEqual(['biomes', 'coast', 'erosion', 'moisture', 'rank', 'temperature', 'water', 'wind']);
    // What read the eroded land on other domains read it on the view's grids instead.
    expect(params.get('water')).toMatchObject({ cut: 'view' });
    expect(params.get('wind')).toMatchObject({ start: 'view' });
    // The rest run with their own params, the very objects given.
    for (const n of ERODED.nodes) if (n.id !== 'water' && n.id !== 'wind') expect(params.get(n.id), n.id).toBe(n.params);
  });

  it('is no node of a graph without a node bound to its grid, a view cut included (it reads the view, on every grid the same level)', () => {
    for (const name of ['default.json', 'climate-kauai.json', 'rivers-from-the-rain.json']) {
      const g = load(name);
      const { bound, params } = bindGrids(g, CATALOGUE, given(g));
      // Rivers gather the whole map: the flow node is bound to its grid, and only it (nothing reads it).
      expect([...bound], name).toEqual(name === 'rivers-from-the-rain.json' ? ['rivers'] : []);
      for (const n of g.nodes) expect(params.get(n.id), `${name} ${n.id}`).toBe(n.params);
    }
    const viewCut = structuredClone(load('default.json'));
    viewCut.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    expect(bindGrids(viewCut, CATALOGUE, given(viewCut)).bound.size).toBe(0);
  });
});

describe('files before format 4', () => {
  it('keep reading eroded land on the coarse grids, and say so in params a person can change', () => {
    // Saved at 085b18c (format 3): its water on the world cut, its wind from a world start.
    const old = parseGraph(readFileSync('tests/fixtures/saved-085b18c/eroded-valleys.json', 'utf8'));
    expect(JSON.parse(readFileSync('tests/fixtures/saved-085b18c/eroded-valleys.json', 'utf8')).version).toBe(3);
    const water = old.nodes.find((n) => n.id === 'water')!;
    const wind = old.nodes.find((n) => n.id === 'wind')!;
    expect([water.params.eroded, wind.params.eroded]).toEqual(['cut', 'coarse']);
    const kept = bindGrids(old, CATALOGUE, given(old)).params;
    expect([kept.get('water')!.cut, kept.get('wind')!.start]).toEqual(['world', 'world']);
    // Set to the view, as a new file has them: the view's own heights and air.
    water.params.eroded = 'view';
    wind.params.eroded = 'view';
    const now = bindGrids(old, CATALOGUE, given(old)).params;
    expect([now.get('water')!.cut, now.get('wind')!.start]).toEqual(['view', 'view']);
  });
});

describe('a grid-bound node in an evaluation', () => {
  const SIZE = 72;

  it('gives the same values whichever nodes are asked for', () => {
    // Asked alone the erosion ran on the view; asked with the biomes, on the view grown by the
    // coast's halo: another grid, so other droplets' paths, so other heights at the same cells.
    const all = createEngine(ERODED, { size: SIZE });
    all.evaluate();
    for (const id of ['erosion', 'water', 'rank', 'wind']) {
      const alone = createEngine(ERODED, { size: SIZE });
      alone.evaluate({ targets: [id] });
      expect(bytes(alone.output(id)!.data).equals(bytes(all.output(id)!.data)), id).toBe(true);
    }
  });

  it('runs what reads it with the grid-bound params through param edits, and with its own once nothing upstream is bound', () => {
    const engine = createEngine(ERODED, { size: SIZE });
    const water = () => engine.graph.nodes.find((n) => n.id === 'water')!.params;
    engine.setParam('water', 'share', 0.5);
    engine.setParam('erosion', 'droplets', 0.5);
    expect(water()).toMatchObject({ cut: 'view', share: 0.5 });
    engine.evaluate();
    // The erosion taken out: the water reads its world cut again.
    const plain = structuredClone(ERODED);
    plain.nodes = plain.nodes.filter((n) => n.id !== 'erosion');
    plain.edges = plain.edges.filter((e) => e.from.node !== 'erosion' && e.to.node !== 'erosion');
    plain.edges.push({ from: { node: 'height', port: 'out' }, to: { node: 'water', port: 'height' } });
    plain.view = { ...plain.view, size: SIZE };
    engine.setGraph(plain);
    expect(water()).toMatchObject({ cut: 'world-8', share: 0.4 });
    engine.setParam('water', 'share', 0.5);
    expect(water()).toMatchObject({ cut: 'world-8', share: 0.5 });
    engine.evaluate();
    // The same values as a fresh engine's on that graph: nothing of the bound run stayed.
    const fresh = createEngine({ ...plain, nodes: plain.nodes.map((n) => (n.id === 'water' ? { ...n, params: { ...n.params, share: 0.5 } } : n)) });
    fresh.evaluate();
    for (const id of ['water', 'rank', 'wind', 'biomes']) expect(bytes(engine.output(id)!.data).equals(bytes(fresh.output(id)!.data)), id).toBe(true);
  });
});
