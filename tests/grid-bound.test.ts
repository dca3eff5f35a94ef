// Grid-bound nodes (an erosion, a flow): which nodes are, that their values do not depend on
// which nodes are asked for, and that an erosion read on a coarse grid passes the land before
// it on (coarseParams) unless a file before format 4 said otherwise.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { createEngine } from '../src/engine/engine.ts';
import { coarseRun } from '../src/engine/evaluation.ts';
import { gridBoundNodes } from '../src/engine/grid-bound.ts';
import { latticeDomain } from '../src/grid.ts';
import { cropInto } from '../src/engine/domains.ts';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { nodeDef } from '../nodes/index.ts';
import { sharedValue } from '../src/build/tile-render.ts';

const load = (name: string): Graph => parseGraph(readFileSync(`graphs/${name}`, 'utf8'));
const ERODED = load('eroded-valleys.json');
/** The bytes of an output's cells. */
const bytes = (d: ArrayBufferView) => Buffer.from(d.buffer, d.byteOffset, d.byteLength);
const SIZE = 72;

describe('which nodes are grid-bound', () => {
  it('is the erosion and everything downstream of it, and nothing upstream', () => {
    expect([...gridBoundNodes(ERODED, CATALOGUE)].sort()).toEqual(['biomes', 'coast', 'erosion', 'moisture', 'rank', 'temperature', 'water', 'wind']);
  });

  it('is no node of a graph without a node bound to its grid, a view cut included (it reads the view: on every grid the same level)', () => {
    for (const name of ['default.json', 'climate-kauai.json', 'rivers-from-the-rain.json']) {
      // Rivers gather the whole map: the flow node is bound to its grid, and only it (nothing reads it).
      expect([...gridBoundNodes(load(name), CATALOGUE)], name).toEqual(name === 'rivers-from-the-rain.json' ? ['rivers'] : []);
    }
    const viewCut = structuredClone(load('default.json'));
    viewCut.nodes.find((n) => n.id === 'water')!.params.cut = 'view';
    expect(gridBoundNodes(viewCut, CATALOGUE).size).toBe(0);
  });
});

describe('a grid-bound node in an evaluation', () => {
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

  it('runs, asked alone, on its whole-graph grid only, and minds no cycle drawn elsewhere', () => {
    const ran: string[] = [];
    const alone = createEngine(ERODED, { size: SIZE });
    alone.evaluate({ targets: ['erosion'], onNode: (id, _ms, d) => id === 'erosion' && ran.push(`${d.n}`) });
    // The view alone: not grown by the coast's and the wind's halos (they read past it extended,
    // tests/erosion-readers.test.ts), nor the world cut's or the wind's coarse grids.
    expect(ran).toEqual([String(SIZE)]);
    // Two curves wired into each other, off to the side: the erosion does not read them.
    const looped = structuredClone(ERODED);
    looped.nodes.push({ id: 'c1', type: 'curve', title: 'C1', position: [0, 0], params: { ...looped.nodes.find((n) => n.id === 'contCurve')!.params } });
    looped.nodes.push({ id: 'c2', type: 'curve', title: 'C2', position: [0, 0], params: { ...looped.nodes.find((n) => n.id === 'contCurve')!.params } });
    looped.edges.push({ from: { node: 'c1', port: 'out' }, to: { node: 'c2', port: 'in' } }, { from: { node: 'c2', port: 'out' }, to: { node: 'c1', port: 'in' } });
    const e = createEngine(looped, { size: SIZE });
    e.evaluate({ targets: ['erosion'] });
    expect(bytes(e.output('erosion')!.data).equals(bytes(alone.output('erosion')!.data))).toBe(true);
  });

  it("keeps an erosion's grid, and its values, when the wind downstream turns", () => {
    // With the coast's cap at 0 the wind's fetch is the widest reader of the erosion: were it
    // read on the upwind sides only, turning the wind from west to south-east would move the
    // erosion's grid and erode other land (tried on 5 December: it did, at 100°).
    const graph = structuredClone(ERODED);
    graph.nodes.find((n) => n.type === 'coast')!.params.cap = 0;
    const e = createEngine(graph, { size: SIZE });
    // The erosion's runs at the view's resolution (the coarse grids pass the land on: coarseParams).
    const fine: string[] = [];
    const onNode = (id: string, _ms: number, d: { x0: number; y0: number; extent: number; n: number }) => id === 'erosion' && d.n / d.extent === SIZE && fine.push(`${d.x0},${d.y0},${d.n}`);
    e.setParam('wind', 'angle', 0);
    e.evaluate({ onNode });
    const before = bytes(e.output('erosion')!.data);
    for (const angle of [100, 225, 300]) {
      e.setParam('wind', 'angle', angle);
      e.evaluate({ onNode });
      expect(bytes(e.output('erosion')!.data).equals(before), `${angle}°`).toBe(true);
    }
    // One grid, run once: turning the wind never ran the erosion again.
    expect(fine).toHaveLength(1);
  });

  it('runs an erosion with its coarse params on grids of another resolution only', () => {
    const hydraulic = nodeDef('hydraulic')!;
    const view = latticeDomain(256, 0, 0, 256);
    expect(coarseRun(hydraulic, latticeDomain(256, -32, -32, 320), view)).toBe(false);
    expect(coarseRun(hydraulic, latticeDomain(8, -64, -64, 128), view)).toBe(true);
    expect(coarseRun(nodeDef('fbm')!, latticeDomain(8, -64, -64, 128), view)).toBe(false);
    expect(hydraulic.coarseParams!({ ...ERODED.nodes.find((n) => n.id === 'erosion')!.params } as never)).toMatchObject({ droplets: 0 });
  });

  it('reads the land before the erosion on the coarse grids: the sea level and the coarse air are those of the graph without it', () => {
    // The water's world cut and the wind's coarse pass see the land before the erosion: the
    // graph with the erosion bypassed has the same sea level, and the same air far from the
    // eroded cells' influence (the fine pass reads the eroded land, so not every cell's).
    const eroded = createEngine(ERODED, { size: SIZE });
    eroded.evaluate();
    const bypassed = structuredClone(ERODED);
    bypassed.nodes.find((n) => n.id === 'erosion')!.params.droplets = 0;
    const plain = createEngine(bypassed, { size: SIZE });
    plain.evaluate();
    const level = (e: typeof eroded) => (e.output('water', 'terrain') as { seaLevel: number }).seaLevel;
    expect(level(eroded)).toBe(level(plain));
    // The eroded view itself differs (else the test could not tell).
    expect(bytes(eroded.output('erosion')!.data).equals(bytes(plain.output('erosion')!.data))).toBe(false);
  });
});

describe('files before format 4', () => {
  it('keep running the erosion on the coarse grids, and say so in a param a person can change', () => {
    // Saved at 085b18c (format 3): its water on the world cut, its wind from a world start.
    const text = readFileSync('tests/fixtures/saved-085b18c/eroded-valleys.json', 'utf8');
    expect(JSON.parse(text).version).toBe(3);
    const old = parseGraph(text);
    const erosion = old.nodes.find((n) => n.id === 'erosion')!;
    expect(erosion.params.coarse).toBe('run');
    const level = (g: Graph) => {
      const e = createEngine(g, { size: SIZE });
      e.evaluate();
      return (e.output('water', 'terrain') as { seaLevel: number }).seaLevel;
    };
    const kept = level(old);
    // Set to the land before it, as a new file has it: the cut's level is then the plain graph's.
    erosion.params.coarse = 'before';
    const now = level(old);
    expect(now).not.toBe(kept);
    const plain = structuredClone(old);
    plain.nodes.find((n) => n.id === 'erosion')!.params.droplets = 0;
    expect(now).toBe(level(plain));
  });
});

describe("a build's grid (EvaluateOptions.grid)", () => {
  // Two blocks of a 2 × 2-view grid at SIZE cells a view, overlapping by a third of a block.
  const grid = latticeDomain(SIZE, 0, 0, 2 * SIZE);
  const blockA = latticeDomain(SIZE, 0, 0, SIZE);
  const blockB = latticeDomain(SIZE, (2 * SIZE) / 3, SIZE / 2, SIZE);
  const TARGETS = ['erosion', 'height', 'biomes'];
  const crop = (data: Float32Array | Uint8Array, from: typeof grid, to: typeof grid) => {
    const out = new (data.constructor as Float32ArrayConstructor | Uint8ArrayConstructor)(to.n * to.n);
    cropInto(data as Float32Array, from, to, out as Float32Array);
    return out;
  };

  it('gives each block the cells of one evaluation of the whole grid, the erosion run once for both', () => {
    // The whole grid asked at once: what a tile of it must hold.
    const whole = createEngine(ERODED, { size: SIZE });
    whole.evaluate({ domain: grid, targets: TARGETS });
    const fine: string[] = [];
    const e = createEngine(ERODED, { size: SIZE });
    // The largest grid any node ran on, per block.
    const largest: number[] = [];
    const onNode = (id: string, _ms: number, d: { n: number; extent: number }) => {
      largest[largest.length - 1] = Math.max(largest[largest.length - 1], d.n);
      if (id === 'erosion' && d.n / d.extent === SIZE) fine.push(String(d.n));
    };
    for (const block of [blockA, blockB]) {
      largest.push(0);
      e.evaluate({ domain: block, targets: TARGETS, grid, dropIntermediates: true, onNode });
      for (const id of TARGETS) {
        const mine = e.output(id, undefined, block)!.data;
        const theirs = crop(whole.output(id, undefined, grid)!.data as Float32Array, grid, block);
        expect(bytes(mine).equals(bytes(theirs)), `${id} on ${block.x0},${block.y0}`).toBe(true);
      }
      e.dispose();
    }
    expect(fine).toHaveLength(1);
    // The first block ran the erosion's land on the whole grid (not grown by the halos
    // downstream: they read past it extended); the second ran nothing there: what fed only the
    // pinned erosion was left out.
    expect(largest[0]).toBe(2 * SIZE);
    expect(largest[1]).toBeLessThan(2 * SIZE);
    // Without the grid each block erodes its own land: the blocks disagree with the whole grid.
    const alone = createEngine(ERODED, { size: SIZE });
    alone.evaluate({ domain: blockB, targets: ['erosion'] });
    expect(bytes(alone.output('erosion', undefined, blockB)!.data).equals(bytes(crop(whole.output('erosion', undefined, grid)!.data as Float32Array, grid, blockB)))).toBe(false);
  });

  it("takes another engine's pinned erosion (another thread's) instead of running its own, to the same cells", () => {
    const whole = createEngine(ERODED, { size: SIZE });
    whole.evaluate({ domain: grid, targets: TARGETS });
    const first = createEngine(ERODED, { size: SIZE });
    first.evaluate({ domain: blockA, targets: TARGETS, grid });
    const results = first.pinnedResults();
    expect(results.map((r) => r.node)).toContain('erosion');
    // Copied, as a build shares them with its workers: the adopting engine must not need the first.
    const copies = results.map((r) => ({ ...r, outputs: Object.fromEntries(Object.entries(r.outputs).map(([p, v]) => [p, { ...v, data: v.data.slice() }])) }));
    first.clearCache();
    const second = createEngine(ERODED, { size: SIZE });
    second.adoptPinned(grid, copies as typeof results);
    const ran: string[] = [];
    // At the grid's resolution (on the wind's coarse grids the erosion passes its land on: coarseParams).
    second.evaluate({ domain: blockB, targets: TARGETS, grid, onNode: (id, _ms, d) => d.n / d.extent === SIZE && ran.push(id) });
    expect(ran).not.toContain('erosion');
    expect(ran).toContain('biomes');
    for (const id of TARGETS) {
      const theirs = crop(whole.output(id, undefined, grid)!.data as Float32Array, grid, blockB);
      expect(bytes(second.output(id, undefined, blockB)!.data).equals(bytes(theirs)), id).toBe(true);
    }
  });

  it('pins only what blocks read: a fluvial erosion feeding only a pinned flow is let go, and the blocks keep their cells', () => {
    // carved-valleys: the fluvial erosion's land ("valleys") feeds the flow ("rivers") and nothing else.
    const CARVED = load('carved-valleys.json');
    const targets = ['rivers'];
    const whole = createEngine(CARVED, { size: SIZE });
    whole.evaluate({ domain: grid, targets });
    const e = createEngine(CARVED, { size: SIZE });
    const ran: string[] = [];
    const onNode = (id: string) => ran.push(id);
    for (const block of [blockA, blockB]) {
      e.evaluate({ domain: block, targets, grid, dropIntermediates: true, onNode });
      const theirs = crop(whole.output('rivers', undefined, grid)!.data as Float32Array, grid, block);
      expect(bytes(e.output('rivers', undefined, block)!.data).equals(bytes(theirs)), `rivers on ${block.x0},${block.y0}`).toBe(true);
      expect(e.pinnedResults().map((r) => r.node)).toEqual(['rivers']);
      e.dispose();
    }
    // The valleys ran once, for the first block's pinned rivers; the second block ran neither.
    expect(ran.filter((id) => id === 'valleys')).toHaveLength(1);
    // Asked for as a layer itself, the valleys are pinned too.
    const both = createEngine(CARVED, { size: SIZE });
    both.evaluate({ domain: blockA, targets: ['rivers', 'valleys'], grid });
    expect(both.pinnedResults().map((r) => r.node).sort()).toEqual(['rivers', 'valleys']);
  });

  it('lets the pinned erosion go when a param changes, and refuses a domain outside the grid', () => {
    const e = createEngine(ERODED, { size: SIZE });
    e.evaluate({ domain: blockA, targets: ['erosion'], grid });
    const before = bytes(e.output('erosion', undefined, blockA)!.data);
    e.setParam('erosion', 'seed', Number(ERODED.nodes.find((n) => n.id === 'erosion')!.params.seed) + 1);
    e.evaluate({ domain: blockA, targets: ['erosion'], grid });
    expect(bytes(e.output('erosion', undefined, blockA)!.data).equals(before)).toBe(false);
    expect(() => e.evaluate({ domain: latticeDomain(SIZE, SIZE + 8, 0, SIZE), grid })).toThrow(/does not hold the domain asked/);
  });
});

describe("a pinned result shared with a build's threads (sharedValue)", () => {
  it('puts every array in shared memory, a biome map\'s soft borders too, with the same bytes', () => {
    const soft = createEngine(load('default.json'), { size: 24 });
    soft.setParam('biomes', 'border', 0.1);
    soft.evaluate({ targets: ['biomes'] });
    const value = soft.output('biomes')!;
    expect(value.type === 'biome' && value.soft).toBeTruthy();
    const shared = sharedValue(value);
    const arrays = (v: unknown): ArrayBufferView[] =>
      ArrayBuffer.isView(v) ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(arrays) : [];
    const mine = arrays(shared);
    expect(mine).toHaveLength(3);
    for (const a of mine) expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(mine.map((a) => bytes(a).toString('hex'))).toEqual(arrays(value).map((a) => bytes(a).toString('hex')));
  });
});
