// One world (SPEC §1): two overlapping views agree on every layer where they overlap, for the
// default graph and two recipes, at 97² and 256²; the view-bound modes kept for format-1 files
// do not, which shows the comparison can fail.
import { describe, expect, it } from 'vitest';
import { createEngine, type Domain, type Engine } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { loadGraph } from './helpers/graphs.ts';
import { cellOffset, grow } from '../src/engine/domains.ts';
import { coarseReadFor, FINE_FETCH, windVector, worldWind } from '../src/kernels/wind-world.ts';
import type { TerrainValue } from '../src/model/values.ts';

interface Agreement {
  readonly layer: string;
  readonly cells: number;
  /** Cells whose values differ at all. */
  readonly differ: number;
  /** Cells that differ by more than 1e-3. */
  readonly beyond: number;
}

/** Every output of every node on views a and b, compared cell by cell where they overlap. */
function compare(graph: Graph, a: Domain, b: Domain): Agreement[] {
  const ea = createEngine(graph);
  const eb = createEngine(graph);
  ea.evaluate({ domain: a });
  eb.evaluate({ domain: b });
  const n = a.n;
  const dc = Math.round((b.x0 - a.x0) * n);
  const dr = Math.round((b.y0 - a.y0) * n);
  const out: Agreement[] = [];
  const outputs = (e: Engine, id: string, d: Domain) => {
    const node = graph.nodes.find((x) => x.id === id)!;
    return Object.keys(e.catalogue.def(node.type)!.outputs).map((port) => [port, e.output(id, port, d)] as const);
  };
  for (const node of graph.nodes) {
    expect(ea.status(node.id, a)?.state, `${node.id}: ${ea.status(node.id, a)?.message}`).toBe('ok');
    const bs = new Map(outputs(eb, node.id, b));
    for (const [port, va] of outputs(ea, node.id, a)) {
      const vb = bs.get(port)!;
      let cells = 0;
      let differ = 0;
      let beyond = 0;
      for (let r = Math.max(0, dr); r < Math.min(n, n + dr); r++) {
        for (let c = Math.max(0, dc); c < Math.min(n, n + dc); c++) {
          const x = va!.data[r * n + c];
          const y = vb.data[(r - dr) * n + (c - dc)];
          cells++;
          if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) {
            differ++;
            if (!(Math.abs(x - y) <= 1e-3)) beyond++;
          }
        }
      }
      // A terrain's sea level is part of its value: a level that moves with the view counts everywhere.
      if (va!.type === 'terrain' && vb.type === 'terrain' && va!.seaLevel !== vb.seaLevel) differ = beyond = cells;
      out.push({ layer: `${node.id}.${port}`, cells, differ, beyond });
    }
  }
  return out;
}

/** View a at the origin and view b half a view east and a quarter north of it (or west and south). */
function views(n: number, sign: 1 | -1): [Domain, Domain] {
  const a: Domain = { x0: 0, y0: 0, extent: 1, n };
  const b: Domain = { x0: (sign * Math.round(n / 2)) / n, y0: (sign * Math.round(n / 4)) / n, extent: 1, n };
  return [a, b];
}

describe('one world: overlapping views agree', () => {
  for (const file of ['default.json', 'climate-kauai.json', 'chained-curves.json']) {
    for (const n of [97, 256]) {
      it(`${file} at ${n}²: every layer bit-identical on the overlap`, () => {
        const graph = loadGraph(file);
        for (const sign of [1, -1] as const) {
          const [a, b] = views(n, sign);
          const agreement = compare(graph, a, b);
          expect(agreement.length).toBeGreaterThan(graph.nodes.length);
          for (const x of agreement) {
            expect(x.cells, x.layer).toBe((n - Math.round(n / 2)) * (n - Math.round(n / 4)));
            // Local and halo nodes, and the wind (whose design anchors every sweep in the world),
            // are bit-identical; a flow node allowed the README's bound would be checked with `beyond`.
            expect(x.differ, `${x.layer}: ${x.differ} of ${x.cells} cells differ (${x.beyond} by more than 1e-3)`).toBe(0);
          }
        }
      });
    }
  }

  it('every world cut sampling (world, world-8, world-4) and wind coarse sampling, at any wind angle, is bit-identical on the overlap', () => {
    for (const [cut, start, angle] of [
      ['world', 'world', 37],
      ['world-8', 'world-4', 135],
      ['world-4', 'world-8', 300],
      ['world-8', 'world', 225],
    ] as const) {
      const graph = loadGraph('default.json');
      for (const node of graph.nodes) {
        if (node.type === 'water') node.params.cut = cut;
        if (node.type === 'wind') Object.assign(node.params, { start, angle });
      }
      for (const sign of [1, -1] as const) {
        for (const x of compare(graph, ...views(97, sign))) expect(x.differ, `${cut}/${start}/${angle}°: ${x.layer}`).toBe(0);
      }
    }
  });

  it('the view-bound modes of format 1 do disagree (so the comparison can fail)', () => {
    const graph = loadGraph('default.json');
    for (const node of graph.nodes) {
      if (node.type === 'coast') node.params.cap = 0;
      if (node.type === 'wind') node.params.start = 'view';
      if (node.type === 'water') node.params.cut = 'view';
    }
    const agreement = new Map(compare(graph, ...views(256, 1)).map((x) => [x.layer, x]));
    for (const layer of ['coast.out', 'wind.out', 'moisture.out', 'biomes.out']) expect(agreement.get(layer)!.differ, layer).toBeGreaterThan(0);
    expect(agreement.get('height.out')!.differ).toBe(0);
  });
});

describe('windward and leeward land (render --stats) by the world', () => {
  it.each(['default.json', 'climate-kauai.json'])('%s: a cell decided in two overlapping views is on the same side in both', async (file) => {
    const { windSides } = await import('../src/engine/stats.ts');
    const { OCEAN } = await import('../src/model/biomes.ts');
    const graph = loadGraph(file);
    const angle = graph.nodes.find((node) => node.type === 'wind')!.params.angle as number;
    const n = 256;
    for (const sign of [1, -1] as const) {
      const [a, b] = views(n, sign);
      const sides = [a, b].map((d) => {
        const e = createEngine(graph);
        e.evaluate({ domain: d });
        const ids = e.output('biomes', 'out', d)!.data;
        return windSides(Uint8Array.from(ids, (id) => (id === OCEAN ? 1 : 0)), n, angle);
      });
      const dc = Math.round((b.x0 - a.x0) * n);
      const dr = Math.round((b.y0 - a.y0) * n);
      let both = 0;
      let differ = 0;
      const decided = [0, 0];
      for (let r = Math.max(0, dr); r < Math.min(n, n + dr); r++) {
        for (let c = Math.max(0, dc); c < Math.min(n, n + dc); c++) {
          const x = sides[0][r * n + c];
          const y = sides[1][(r - dr) * n + (c - dc)];
          if (x !== 0 && y !== 0) {
            both++;
            if (x !== y) differ++;
          }
          if (x > 0 || y > 0) decided[0]++;
          if (x < 0 || y < 0) decided[1]++;
        }
      }
      expect(differ, `${differ} of ${both} cells on opposite sides`).toBe(0);
      // Both sides are there to compare (the check is not vacuous).
      expect(both).toBeGreaterThan(1000);
      expect(Math.min(...decided)).toBeGreaterThan(200);
    }
  });
});

describe('halos', () => {
  it('a halo node reads its inputs on the grown domain and writes the asked one, as a brute-force box mean over a larger grid gives', async () => {
    const { catalogueOf, defineNode, field } = await import('../src/model/manifest.ts');
    const { defaultParams } = await import('../src/model/params.ts');
    const { fbm } = await import('../nodes/fbm.ts');
    const K = 3; // cells each side at 64 cells a view
    const box = defineNode({
      type: 'box',
      title: 'Box mean',
      group: 'Terrain',
      doc: 'Mean over a square window (a test node).',
      inputs: { in: { type: 'field', doc: 'A field.' } },
      outputs: { out: { type: 'field', meaning: 'noise', doc: 'The mean.' } },
      params: {},
      footprint: () => ({ kind: 'halo', radius: K / 64 }),
      run(ctx) {
        const src = ctx.field('in')!;
        const m = ctx.inputDomain.n;
        const n = ctx.domain.n;
        const off = Math.round((ctx.domain.x0 - ctx.inputDomain.x0) * 64);
        const offR = Math.round((ctx.domain.y0 - ctx.inputDomain.y0) * 64);
        const out = ctx.alloc('f32');
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) {
            let s = 0;
            for (let dr = -K; dr <= K; dr++) for (let dc = -K; dc <= K; dc++) s += src[(r + offR + dr) * m + (c + off + dc)];
            out[r * n + c] = s / (2 * K + 1) ** 2;
          }
        }
        return { out: field(out, 'noise') };
      },
    });
    const catalogue = catalogueOf([fbm, box] as never);
    const graph: Graph = {
      name: 'halo',
      notes: '',
      view: { x: 0, y: 0, size: 64 },
      nodes: [
        { id: 'n', type: 'fbm', title: 'n', position: [0, 0], params: { ...defaultParams(fbm as never), seed: 3, frequency: 4, octaves: 3 } },
        { id: 'b', type: 'box', title: 'b', position: [0, 0], params: {} },
        { id: 'bb', type: 'box', title: 'bb', position: [0, 0], params: {} },
      ],
      edges: [
        { from: { node: 'n', port: 'out' }, to: { node: 'b', port: 'in' } },
        { from: { node: 'b', port: 'out' }, to: { node: 'bb', port: 'in' } },
      ],
    };
    const e = createEngine(graph, { catalogue });
    const view: Domain = { x0: 5 / 64, y0: -7 / 64, extent: 1, n: 64 };
    e.evaluate({ domain: view });
    // Brute force: the noise on a grid 16 cells wider each side, two box means, cropped.
    const big: Domain = { x0: view.x0 - 16 / 64, y0: view.y0 - 16 / 64, extent: 96 / 64, n: 96 };
    const ref = createEngine(graph, { catalogue });
    ref.evaluate({ domain: big, targets: ['n'] });
    const noise = ref.output('n', 'out', big)!.data as Float32Array;
    const mean = (src: Float32Array, m: number) => {
      const out = new Float32Array(m * m);
      for (let r = K; r < m - K; r++) {
        for (let c = K; c < m - K; c++) {
          let s = 0;
          for (let dr = -K; dr <= K; dr++) for (let dc = -K; dc <= K; dc++) s += src[(r + dr) * m + (c + dc)];
          out[r * m + c] = s / (2 * K + 1) ** 2;
        }
      }
      return out;
    };
    const twice = mean(mean(noise, 96), 96);
    const got = e.output('bb', 'out', view)!.data;
    for (let r = 0; r < 64; r++) for (let c = 0; c < 64; c++) expect(got[r * 64 + c]).toBe(twice[(r + 16) * 96 + (c + 16)]);
    // The noise itself, asked of the view as a target, is the view's cells of its grown grid.
    expect(Array.from(e.output('n', 'out', view)!.data)).toEqual(Array.from({ length: 64 * 64 }, (_, i) => noise[(Math.floor(i / 64) + 16) * 96 + (i % 64) + 16]));
    // An edit downstream of the noise recomputes only the box means.
    expect(Object.keys(e.evaluate({ domain: view }).ran)).toEqual([]);
  });

  it('the coast distance with a cap is exact up to the cap: the transform over a much larger grid, cropped and capped', async () => {
    const { coastDistance } = await import('../nodes/coast.ts');
    const graph = loadGraph('default.json');
    const cap = graph.nodes.find((x) => x.type === 'coast')!.params.cap as number;
    const view: Domain = { x0: 0.25, y0: -0.5, extent: 1, n: 256 };
    const e = createEngine(graph);
    e.evaluate({ domain: view, targets: ['coast'] });
    const big: Domain = { x0: -0.25, y0: -1, extent: 2, n: 512 };
    e.evaluate({ domain: big, targets: ['water'] });
    const terrain = e.output('water', 'terrain', big)!;
    if (terrain.type !== 'terrain') throw new Error('no terrain');
    const distance = new Float32Array(512 * 512);
    coastDistance(terrain, big, distance);
    const got = e.output('coast', 'out', view)!.data;
    let seenPastEdge = 0;
    let wrong = 0;
    for (let r = 0; r < 256; r++) {
      for (let c = 0; c < 256; c++) {
        const want = Math.min(cap, distance[(r + 128) * 512 + (c + 128)]);
        if (!(Math.abs(got[r * 256 + c] - want) <= 1e-4)) wrong++;
        // A land cell whose nearest water is outside the view: the case format 1 got wrong.
        const d = got[r * 256 + c];
        if (d > 0 && d < cap && (c < d || r < d || 255 - c < d || 255 - r < d)) seenPastEdge++;
      }
    }
    expect(wrong).toBe(0);
    expect(seenPastEdge).toBeGreaterThan(0);
  });
});

describe('the wind on a domain off the lattice', () => {
  const F = FINE_FETCH;
  /**
   * The world wind's air on `domain` with the land handed to it on `fine` (a grid holding its
   * fetch): land where `land` says, by cell of the domain's lattice counted from its first cell,
   * sea elsewhere, and sea on the coarse grid.
   */
  function air(domain: Domain, fine: Domain, angle: number, land: (u: number, v: number) => boolean): Float32Array {
    const at = cellOffset(fine, domain)!;
    const h = new Float32Array(fine.n * fine.n);
    for (let r = 0; r < fine.n; r++) for (let c = 0; c < fine.n; c++) h[r * fine.n + c] = land(c - at.dc, r - at.dr) ? 1 : 0;
    const read = coarseReadFor(domain, angle);
    const coarse = { domain: read.grid, heights: new Float32Array(read.grid.n * read.grid.n), level: 0.5, rank: null, band: read.band };
    const out = new Float32Array(domain.n * domain.n);
    const terrain = { type: 'terrain', data: h, seaLevel: 0.5 } as unknown as TerrainValue;
    worldWind(domain, { on: true, angle, evap: 0.3, dry: 0.05, lift: 0 }, { domain: fine, terrain, rank: null }, coarse, out);
    return out;
  }
  const scattered = (u: number, v: number) => ((Math.imul(u + 1000, 73856093) ^ Math.imul(v + 1000, 19349663)) >>> 0) % 7 === 0;

  it('reads the land under its own cells on a domain half a cell off the lattice', () => {
    // Each origin rounded on its own is a tie there: the domain's rounded one way, its fine
    // grid's the other, and the wind read the land one cell beside its own.
    const domain: Domain = { x0: 3.5 / 97, y0: 7.5 / 97, extent: 1, n: 97 };
    const fine = grow(domain, { west: F, east: F, south: F, north: F });
    // One column of land: a west wind dries over it, so its air is lowest on that column.
    const out = air(domain, fine, 0, (u) => u === 40);
    const row = [...out.subarray(50 * 97, 51 * 97)];
    expect(row.indexOf(Math.min(...row))).toBe(40);
  });

  it('gives the same air whatever fine grid round the domain holds the land', () => {
    // Half a cell off the lattice, and 576 cells a view that a grown grid holds one ulp under
    // (blocks of 35 cells for 36).
    const domains: Domain[] = [
      { x0: 3.5 / 97, y0: 7.5 / 97, extent: 1, n: 97 },
      { x0: 0.114381886087358, y0: -4.950718304608017, extent: 0.4982638888888889, n: 287 },
    ];
    for (const domain of domains) {
      for (const angle of [0, 45, 90, 180, 270]) {
        // Round the domain evenly, further on two sides, and on the sides the wind comes from only.
        const [dx, dy] = windVector(angle);
        const upwind = { west: dx > 0 ? F : 0, east: dx < 0 ? F : 0, south: dy > 0 ? F : 0, north: dy < 0 ? F : 0 };
        const grids = [
          grow(domain, { west: F, east: F, south: F, north: F }),
          grow(domain, { west: 3 * F, east: F, south: 3 * F, north: F }),
          grow(domain, { west: F, east: 2 * F, south: F, north: 2 * F }),
          grow(domain, upwind),
        ];
        const first = air(domain, grids[0], angle, scattered);
        for (const fine of grids.slice(1)) expect(Buffer.from(air(domain, fine, angle, scattered).buffer).equals(Buffer.from(first.buffer)), `${domain.n}² at ${angle}°, grid ${fine.n}²`).toBe(true);
      }
    }
  });
});
