// A node added below an erosion does not change the eroded land. An erosion or a flow (a node
// whose own footprint is grid-bound: grid-bound.ts) runs on the grid it is bound to: the view
// without a world, the world's grid inside one, a build's whole grid. It ran on that grid grown
// by the halos of the nodes reading it (a coast's cap, a wind's fetch, a blur, a warp), so wiring
// a Blur after an erosion moved its valleys over the view (every one of the 4096 cells of a 64²
// view differed). A reader past the grid now reads it extended: its edge cells carried out.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { extendInto, grow } from '../src/engine/domains.ts';
import { footprintOf, marginsOf } from '../src/model/manifest.ts';
import { blurKernel } from '../nodes/blur.ts';
import { latticeDomain, viewDomain, type World } from '../src/grid.ts';
import type { Graph, GraphNode } from '../src/model/graph.ts';

const SIZE = 64;
const VALLEYS = parseGraph(readFileSync('graphs/eroded-valleys.json', 'utf8'), { file: 'eroded-valleys.json' });

type Reader = { id: string; type: string; from?: string; port: string; params: GraphNode['params'] };
const BLUR: Reader = { id: 'soft', type: 'blur', port: 'in', params: { radius: 0.05 } };
const WARP: Reader = { id: 'bent', type: 'warp', port: 'in', params: { amplitude: 0.1, frequency: 4, seed: 3 } };
/** A second coast reading the sea 64 cells of a 256 map round each cell, twice the recipe's. */
const COAST: Reader = { id: 'far', type: 'coast', from: 'water.terrain', port: 'terrain', params: { cap: 64 } };

/** The graph at a SIZE² view (with `world`, given one) with `readers` added, each fed by the erosion (or `from`). */
function withReaders(graph: Graph, readers: Reader[], world?: World): Graph {
  const g = structuredClone({ ...graph, view: { ...graph.view, size: SIZE } });
  if (world) g.world = world;
  for (const r of readers) {
    const [node, port] = (r.from ?? 'erosion.out').split('.');
    g.nodes.push({ id: r.id, type: r.type, title: r.id, position: [0, 0], params: r.params } as GraphNode);
    g.edges.push({ from: { node, port }, to: { node: r.id, port: r.port } });
  }
  return g;
}

/** fbm → hydraulic erosion → water level → wind, with the recipe's params. */
function small(): Graph {
  const g = structuredClone(VALLEYS);
  g.nodes = g.nodes.filter((n) => ['cont', 'erosion', 'water'].includes(n.id));
  g.edges = [
    { from: { node: 'cont', port: 'out' }, to: { node: 'erosion', port: 'height' } },
    { from: { node: 'erosion', port: 'out' }, to: { node: 'water', port: 'height' } },
  ];
  return g;
}
const WIND: Reader = { id: 'wind', type: 'wind', from: 'water.terrain', port: 'terrain', params: VALLEYS.nodes.find((n) => n.id === 'wind')!.params };

/** The erosion's output over the view, its cells' bits (and the erosion's grids at the view's resolution, given a list). */
function eroded(graph: Graph, grids?: number[]): Uint32Array {
  const e = createEngine(graph);
  e.evaluate({ onNode: (id, _ms, d) => id === 'erosion' && d.n / d.extent === SIZE && grids?.push(d.n) });
  const d = e.output('erosion')!.data as Float32Array;
  return new Uint32Array(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength));
}

const differing = (a: Uint32Array, b: Uint32Array) => a.reduce((k, v, i) => k + (v === b[i] ? 0 : 1), 0);

describe('an erosion read by a node with a halo', () => {
  it('keeps every cell over the view without a world, and runs on the view alone (fbm → hydraulic; a blur, a warp, a wind added)', () => {
    const grids: number[] = [];
    const alone = eroded(withReaders(small(), []), grids);
    for (const readers of [[BLUR], [WARP], [WIND], [BLUR, WARP, WIND]]) {
      expect(differing(alone, eroded(withReaders(small(), readers), grids)), readers.map((r) => r.id).join(', ')).toBe(0);
    }
    expect(new Set(grids)).toEqual(new Set([SIZE]));
  });

  it("keeps every cell of eroded-valleys' erosion when a blur, a warp or a wider coast reads it", () => {
    const grids: number[] = [];
    const before = eroded(withReaders(VALLEYS, []), grids);
    for (const r of [BLUR, WARP, COAST]) expect(differing(before, eroded(withReaders(VALLEYS, [r]), grids)), r.id).toBe(0);
    // The view's cells, whatever reads the erosion (its coast and wind read 1/8 view round it).
    expect(new Set(grids)).toEqual(new Set([SIZE]));
  });

  it("keeps every cell inside the graph's world, and runs on the world's grid alone", () => {
    const world: World = { x: -1, y: -1, size: 2 };
    const grids: number[] = [];
    const before = eroded(withReaders(VALLEYS, [], world), grids);
    expect(differing(before, eroded(withReaders(VALLEYS, [BLUR], world), grids))).toBe(0);
    // The world's samples, 2 · 64 + 1 a side, not grown by the coast's, the wind's or the blur's halo.
    expect(new Set(grids)).toEqual(new Set([2 * SIZE + 1]));
  });

  it("keeps every cell of a build's grid, its blocks reading past it extended", () => {
    const grid = latticeDomain(SIZE, 0, 0, 2 * SIZE);
    const block = latticeDomain(SIZE, SIZE, SIZE, SIZE);
    const built = (g: Graph) => {
      const e = createEngine(g);
      e.evaluate({ domain: block, targets: ['erosion', 'biomes'], grid });
      const d = e.output('erosion', undefined, block)!.data as Float32Array;
      return new Uint32Array(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength));
    };
    expect(differing(built(withReaders(VALLEYS, [])), built(withReaders(VALLEYS, [BLUR])))).toBe(0);
  });
});

describe("an erosion of a file before format 8 (grid: grown)", () => {
  // A version-7 file's erosions get `grid: grown` (migrations.ts V7_TO_V8): their grid grows by
  // their readers' halos, as it did, so the file keeps its pixels (tests/saved-pixels.test.ts).
  const grown = (g: Graph): Graph => ({ ...g, nodes: g.nodes.map((n) => (n.id === 'erosion' ? { ...n, params: { ...n.params, grid: 'grown' } } : n)) });

  it('still runs on the view grown by the blur reading it, the bytes it gave at format 7', () => {
    const grids: number[] = [];
    const alone = eroded(grown(withReaders(small(), [])));
    const g = grown(withReaders(small(), [BLUR]));
    expect(differing(alone, eroded(g, grids))).toBeGreaterThan(0);
    // 64 cells and the blur's 3.5 radii (0.175 view, 12 cells) on each side.
    expect(new Set(grids)).toEqual(new Set([88]));
    const e = createEngine(g);
    e.evaluate();
    const h = createHash('sha256');
    for (const id of ['erosion', 'soft']) {
      const d = e.output(id)!.data;
      h.update(Buffer.from(d.buffer, d.byteOffset, d.byteLength));
    }
    // The erosion's and the blur's bytes as the engine computed them at bdc756e, before format 8.
    expect(h.digest('hex').slice(0, 16)).toBe('e8b253a47362b461');
  });
});

describe('a read past the grid a node is bound to', () => {
  it('takes the nearest cell of the grid: its edge rows and columns carried out, its corners into the corners', () => {
    const from = latticeDomain(4, 0, 0, 3);
    const data = Float32Array.from({ length: 9 }, (_, i) => i + 1); // rows south first: 1 2 3 / 4 5 6 / 7 8 9
    const to = latticeDomain(4, -1, -1, 5);
    const out = new Float32Array(25);
    extendInto(data, from, to, out);
    expect([...out]).toEqual([1, 1, 2, 3, 3, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9, 7, 7, 8, 9, 9]);
    // Two slots a cell (a soft biome map's ids or weights), a domain reaching past one side only.
    const pairs = Float32Array.from({ length: 18 }, (_, i) => i);
    const east = latticeDomain(4, 1, 0, 3);
    const two = new Float32Array(18);
    extendInto(pairs, from, east, two, 2);
    expect([...two]).toEqual([2, 3, 4, 5, 4, 5, 8, 9, 10, 11, 10, 11, 14, 15, 16, 17, 16, 17]);
  });

  it('draws the blur of an erosion over the view from the erosion extended past it', () => {
    // The blur reads 3.5 radii round each cell, past the view: there it reads the erosion's
    // edge cells carried out, as a blur of the erosion extended by hand does, bit for bit.
    const radius = 0.02;
    const e = createEngine(withReaders(small(), [{ ...BLUR, params: { radius } }]));
    e.evaluate();
    const view = viewDomain(e.view);
    const grown = grow(view, marginsOf(footprintOf(e.catalogue.def('blur')!, { radius })));
    expect(grown.n).toBeGreaterThan(SIZE);
    const extended = new Float32Array(grown.n * grown.n);
    extendInto(e.output('erosion')!.data as Float32Array, view, grown, extended);
    const byHand = new Float32Array(SIZE * SIZE);
    blurKernel(extended, grown, view, radius, byHand);
    expect(Buffer.from((e.output('soft')!.data as Float32Array).buffer).equals(Buffer.from(byHand.buffer))).toBe(true);
  });
});
