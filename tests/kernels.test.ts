// Kernel invariants: water by share, the land rank, the wind theorem, the biome table, chain, extreme inputs, pictures (the coast distance: coast-distance.test.ts).
import { describe, expect, it } from 'vitest';
import { landRank } from '../nodes/rank.ts';
import { seaLevelOf } from '../nodes/water.ts';
import { tableIds, whittakerKernel } from '../nodes/whittaker.ts';
import { windKernel, windSweep } from '../nodes/wind.ts';
import { cellLength256 } from '../src/grid.ts';
import { argsortFloat32 } from '../src/kernels/sort.ts';
import { BIOMES, biomeId, DEFAULT_TABLE } from '../src/model/biomes.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { rng } from './helpers/graphs.ts';
import { domainOf, terrainOf } from './helpers/terrain.ts';

/** Smooth random heights in about [−1, 1]: sums of a few random waves. */
function wavyHeights(n: number, seed: number): Float32Array {
  const rand = rng(seed);
  const waves = Array.from({ length: 6 }, () => [rand() * 12 - 6, rand() * 12 - 6, rand() * 6.28, rand()]);
  const h = new Float32Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let v = 0;
      for (const [kx, ky, ph, a] of waves) v += a * Math.sin((kx * c + ky * r) / n * Math.PI + ph);
      h[r * n + c] = v / 3;
    }
  }
  return h;
}

describe('water level by share', () => {
  it.each([0, 0.1, 0.4, 0.55, 0.999, 1])('puts exactly round(share · N) cells under water for share %f', (share) => {
    for (const n of [31, 64, 100]) {
      const h = wavyHeights(n, 11 + n);
      const sorted = new Float32Array(h.length);
      argsortFloat32(h, sorted, new Uint32Array(h.length));
      const { level, waterCount } = seaLevelOf(sorted, 'percent', share, 0);
      const under = h.filter((v) => v < level).length;
      expect(under).toBe(Math.round(share * h.length));
      expect(waterCount).toBe(under);
    }
  });

  it('reads a raw level as given', () => {
    const sorted = Float32Array.from([-2, -1, 0, 1, 2]);
    expect(seaLevelOf(sorted, 'raw', 0.4, 0.5)).toEqual({ level: 0.5, waterCount: 3 });
  });
});

describe('land rank', () => {
  it('is 0 on water and at the coast, 1 at the highest land, and increases with height', () => {
    const n = 48;
    const t = terrainOf(wavyHeights(n, 3));
    const rank = new Float32Array(n * n);
    landRank(t, rank);
    const land = [...t.data.keys()].filter((i) => t.data[i] >= t.seaLevel).sort((a, b) => t.data[a] - t.data[b]);
    expect(rank[land[0]]).toBe(0);
    expect(rank[land[land.length - 1]]).toBe(1);
    for (let k = 1; k < land.length; k++) expect(rank[land[k]]).toBeGreaterThanOrEqual(rank[land[k - 1]]);
    for (let i = 0; i < rank.length; i++) if (t.data[i] < t.seaLevel) expect(rank[i]).toBe(0);
  });

  it('gives equal heights equal ranks, so a flat plateau has no gradient', () => {
    const n = 16;
    const h = new Float32Array(n * n);
    for (let i = 0; i < h.length; i++) h[i] = i < 100 ? -1 : i < 200 ? 0.5 : 0.5 + (i - 200) / 100;
    const t = terrainOf(h);
    const rank = new Float32Array(n * n);
    landRank(t, rank);
    const plateau = new Set([...rank.slice(100, 200)]);
    expect([...plateau]).toEqual([0]);
    expect(rank[255]).toBe(1);
    expect(rank[201]).toBeCloseTo(101 / 155, 6);
  });

  it('with a world cut, places each cell among the world heights', () => {
    const world = Float32Array.from([-3, -2, -1, 0, 1, 2, 3, 4]);
    const t: TerrainValue = { type: 'terrain', meaning: 'height', data: Float32Array.from([0, 2, 4, -1]), seaLevel: 0, sorted: world, waterCount: 3, order: null };
    const rank = new Float32Array(4);
    landRank(t, rank);
    expect([...rank]).toEqual([0, 0.5, 1, 0]);
  });

  it('with a world cut, gives every cell the count of land heights below it over the span, bit for bit, after the world changes too', () => {
    // The rank reads most cells' values from a table per bucket (fillBucketValues): it must give
    // the bits of the plain count, for values in empty buckets, in buckets with entries, in a long
    // run of equal heights (binary search), NaN, and again when the world's heights change with
    // the same count (a stale bucket table would keep the old ranks).
    let seed = 12345;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    for (const shift of [0, 0.37]) {
      const count = 3000;
      const world = new Float32Array(count);
      for (let j = 0; j < count; j++) world[j] = j < 40 ? 0.25 : j < 600 ? -random() : Math.fround(random() ** 2 + shift);
      world.sort();
      const n = 64;
      const data = new Float32Array(n * n);
      for (let i = 0; i < data.length; i++) data[i] = i % 97 === 0 ? world[(i * 7) % count] : i % 89 === 0 ? 0.25 : Math.fround(random() * 1.6 - 0.3 + shift);
      data[5] = NaN;
      const waterCount = world.findIndex((v) => v >= 0);
      const t: TerrainValue = { type: 'terrain', meaning: 'height', data, seaLevel: 0, sorted: world, waterCount, order: null };
      const rank = new Float32Array(n * n);
      landRank(t, rank);
      const land = world.subarray(waterCount);
      const span = land.length - 1;
      const expected = new Float32Array(n * n);
      for (let i = 0; i < data.length; i++) {
        if (data[i] < 0) continue;
        let below = 0;
        while (below < land.length && land[below] < data[i]) below++;
        expected[i] = Math.min(1, below / span);
      }
      expect(rank).toEqual(expected);
    }
  });
});

describe('wind', () => {
  /** Air interpolated one step upwind of every cell, as the sweep reads it (null: enters fresh). */
  function upwindAir(air: Float32Array, n: number, angle: number): (number | null)[] {
    const { alongColumns, major, slope } = windSweep(angle);
    const prev: (number | null)[] = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const a = alongColumns ? c : r;
        const b = alongColumns ? r : c;
        const ap = a - major;
        const bp = b - slope;
        if (ap < 0 || ap >= n || bp < 0 || bp > n - 1) {
          prev.push(null);
          continue;
        }
        const b0 = Math.floor(bp);
        const b1 = Math.min(n - 1, b0 + 1);
        const t = bp - b0;
        const at = (bb: number) => air[alongColumns ? bb * n + ap : ap * n + bb];
        prev.push(at(b0) + t * (at(b1) - at(b0)));
      }
    }
    return prev;
  }

  it.each([0, 30, 45, 90, 135, 200, 225, 300, 333])('over land the air never gains moisture along the wind at %i°', (angle) => {
    const n = 64;
    const t = terrainOf(wavyHeights(n, 7));
    const rank = new Float32Array(n * n);
    landRank(t, rank);
    const air = new Float32Array(n * n);
    windKernel(domainOf(n), { on: true, angle, evap: 0.1, dry: 0.01, lift: 1 }, t, rank, air);
    const prev = upwindAir(air, n, angle);
    let landCells = 0;
    for (let i = 0; i < air.length; i++) {
      if (t.data[i] < t.seaLevel) continue;
      const p = prev[i] ?? 1;
      landCells++;
      expect(air[i]).toBeLessThanOrEqual(p + 1e-6);
    }
    expect(landCells).toBeGreaterThan(n * n * 0.2);
  });

  it.each([0, 45, 100, 250])('with lift 0 and dry 0 the air is constant over land along the wind at %i°', (angle) => {
    const n = 64;
    const t = terrainOf(wavyHeights(n, 9));
    const rank = new Float32Array(n * n);
    landRank(t, rank);
    const air = new Float32Array(n * n);
    windKernel(domainOf(n), { on: true, angle, evap: 0.2, dry: 0, lift: 0 }, t, rank, air);
    const prev = upwindAir(air, n, angle);
    for (let i = 0; i < air.length; i++) {
      if (t.data[i] < t.seaLevel) continue;
      expect(air[i]).toBeCloseTo(prev[i] ?? 1, 6);
    }
  });

  it.each([[0, 90], [180, 270]])('blowing towards %i° on a grid equals blowing towards %i° on the transposed grid', (angle, turned) => {
    // East–west winds take a fast path along rows; north–south winds the general sweep.
    const n = 48;
    const t = terrainOf(wavyHeights(n, 21));
    const rank = new Float32Array(n * n);
    landRank(t, rank);
    const transpose = (a: Float32Array) => a.map((_, i) => a[(i % n) * n + Math.floor(i / n)]);
    const tt = terrainOf(transpose(t.data));
    const rankT = new Float32Array(n * n);
    landRank(tt, rankT);
    const p = { on: true, evap: 0.1, dry: 0.01, lift: 1 };
    const air = new Float32Array(n * n);
    const airT = new Float32Array(n * n);
    windKernel(domainOf(n), { ...p, angle }, t, rank, air);
    windKernel(domainOf(n), { ...p, angle: turned }, tt, rankT, airT);
    expect(transpose(airT)).toEqual(air);
  });

  it('enters saturated at the upwind edge and dries with distance over flat land', () => {
    const n = 32;
    const t = terrainOf(new Float32Array(n * n).fill(1));
    const air = new Float32Array(n * n);
    windKernel(domainOf(n), { on: true, angle: 0, evap: 0.1, dry: 0.01, lift: 1 }, t, null, air);
    const step = cellLength256(domainOf(n));
    expect(air[0]).toBeCloseTo(Math.exp(-0.01 * step), 6);
    expect(air[n - 1]).toBeCloseTo(Math.exp(-0.01 * step * n), 5);
  });

  it('is 0 everywhere when switched off', () => {
    const n = 16;
    const air = new Float32Array(n * n).fill(7);
    windKernel(domainOf(n), { on: false, angle: 0, evap: 0.1, dry: 0.01, lift: 1 }, terrainOf(wavyHeights(n, 1)), null, air);
    expect([...air].every((v) => v === 0)).toBe(true);
  });
});

describe('Whittaker lookup', () => {
  const rules = { table: tableIds(DEFAULT_TABLE), beachWidth: 1.5, beachMinTemperature: 0.25 };
  const name = (id: number) => BIOMES[id].name;
  const expected = [
    ['tundra', 'tundra', 'snow', 'snow'],
    ['temperate desert', 'shrubland', 'boreal forest', 'boreal forest'],
    ['grassland', 'temperate forest', 'temperate forest', 'temperate rainforest'],
    ['subtropical desert', 'grassland', 'tropical seasonal forest', 'tropical rainforest'],
  ];

  it('reads the 4 × 4 table cell by cell, rows cold → hot, columns dry → wet', () => {
    const cells: [number, number, string][] = [];
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 4; col++) {
        for (const [dt, dm] of [[0.01, 0.01], [0.24, 0.24], [0.125, 0.2]]) cells.push([row / 4 + dt, col / 4 + dm, expected[row][col]]);
      }
    }
    cells.push([1, 1, 'tropical rainforest'], [-0.5, 2, 'snow'], [1.7, -1, 'subtropical desert'], [0.25, 0.5, 'boreal forest']);
    const n = cells.length;
    const t = Float32Array.from(cells.map((c) => c[0]));
    const m = Float32Array.from(cells.map((c) => c[1]));
    const terrain = terrainOf(new Float32Array(n).fill(1));
    const out = new Uint8Array(n);
    whittakerKernel(rules, t, m, terrain, new Float32Array(n).fill(50), out);
    expect([...out].map(name)).toEqual(cells.map((c) => c[2]));
  });

  it('makes water ocean, and land within 1.5 cells of the coast beach only where T ≥ 0.25', () => {
    const h = Float32Array.from([-1, 1, 1, 1, 1, 1]);
    const coast = Float32Array.from([0, 1.49, 1.49, 1.5, 0.5, 1.49]);
    const t = Float32Array.from([0.9, 0.25, 0.249, 0.9, 0.1, 0.6]);
    const m = Float32Array.from([0.5, 0.9, 0.9, 0.9, 0.9, 0.1]);
    const out = new Uint8Array(6);
    whittakerKernel(rules, t, m, terrainOf(h), coast, out);
    expect([...out].map(name)).toEqual(['ocean', 'beach', 'snow', 'tropical rainforest', 'snow', 'beach']);
    whittakerKernel(rules, t, m, terrainOf(h), null, out);
    expect(name(out[1])).toBe('boreal forest'); // T 0.25 is the cool row, M 0.9 the wettest column
  });

  it('takes an edited table', () => {
    const table = DEFAULT_TABLE.map((row) => [...row]);
    table[3][3] = 'grassland';
    const out = new Uint8Array(1);
    whittakerKernel({ ...rules, table: tableIds(table) }, Float32Array.of(0.9), Float32Array.of(0.9), terrainOf(Float32Array.of(1)), null, out);
    expect(out[0]).toBe(biomeId('grassland'));
  });
});

describe('chain', () => {
  it('takes the knots in the order of the wired inputs, whichever ports they use', async () => {
    const { createEngine } = await import('../src/index.ts');
    const { loadGraph } = await import('./helpers/graphs.ts');
    const g = loadGraph('default.json');
    // A flat curve gives a constant field: the chain then reduces to an ordinary curve of the selector.
    const flat = (id: string, y: number) => ({ id, type: 'curve', title: id, position: [0, 0] as [number, number], params: { points: [[-1, y], [1, y]] as [number, number][] } });
    g.nodes.push(flat('low', -0.5), flat('high', 0.5), { id: 'ch', type: 'chain', title: 'ch', position: [0, 0], params: { knots: [-0.2, 0.2, 0.9] } });
    g.edges.push(
      { from: { node: 'cont', port: 'out' }, to: { node: 'low', port: 'in' } },
      { from: { node: 'cont', port: 'out' }, to: { node: 'high', port: 'in' } },
      { from: { node: 'cont', port: 'out' }, to: { node: 'ch', port: 'selector' } },
      { from: { node: 'low', port: 'out' }, to: { node: 'ch', port: 'in0' } },
      { from: { node: 'high', port: 'out' }, to: { node: 'ch', port: 'in3' } },
    );
    const e = createEngine(g, { size: 32 });
    e.evaluate({ targets: ['ch'] });
    const s = (e.output('cont') as { data: Float32Array }).data;
    const out = (e.output('ch') as { data: Float32Array }).data;
    for (let i = 0; i < s.length; i++) {
      const t = Math.min(1, Math.max(0, (s[i] + 0.2) / 0.4));
      expect(out[i]).toBeCloseTo(-0.5 + t, 5);
    }
  });
});

describe('no water in view, and extreme inputs', () => {
  it('gives finite moisture and temperature when the coast distance is infinite, whatever the decay', async () => {
    const { moistureKernel } = await import('../nodes/moisture.ts');
    const { temperatureKernel } = await import('../nodes/temperature.ts');
    const n = 8;
    const far = new Float32Array(n * n).fill(Infinity);
    const noise = new Float32Array(n * n).fill(0.2);
    const m = new Float32Array(n * n);
    moistureKernel({ moistNoise: 0.3, coastBonus: 0.4, decay: 0, strength: 0.5 }, noise, far, new Float32Array(n * n).fill(0.5), m);
    for (const v of m) expect(v).toBeCloseTo(0.3 * 0.6 + 0.5 * 0.5, 6);
    const t = new Float32Array(n * n);
    temperatureKernel(domainOf(n), { base: 0.6, lapse: 0.2, latitude: 1, coastMod: 0.2, tempNoise: 0 }, null, far, null, t);
    expect([...t].every(Number.isFinite)).toBe(true);
  });

  it('clamps table indices: +∞ and huge values read the last row or column, NaN and negatives the first', async () => {
    const { tableIndex } = await import('../nodes/whittaker.ts');
    expect([Infinity, 6e8, 1, 0.999, 0.5, 0.25, 0, -3, -Infinity, NaN].map(tableIndex)).toEqual([3, 3, 3, 3, 2, 1, 0, 0, 0, 0]);
  });

  it('explains each cell with the same rule the kernel applies', async () => {
    const { whittakerCase } = await import('../nodes/whittaker.ts');
    const rules = { table: tableIds(DEFAULT_TABLE), beachWidth: 1.5, beachMinTemperature: 0.25 };
    const rand = rng(77);
    const n = 2000;
    const h = Float32Array.from({ length: n }, () => rand() * 2 - 0.8);
    const t = Float32Array.from({ length: n }, () => rand() * 1.4 - 0.2);
    const m = Float32Array.from({ length: n }, () => (rand() < 0.02 ? Infinity : rand() * 1.4 - 0.2));
    const d = Float32Array.from({ length: n }, () => rand() * 4);
    const out = new Uint8Array(n);
    const terrain = terrainOf(h);
    whittakerKernel(rules, t, m, terrain, d, out);
    for (let i = 0; i < n; i++) {
      const c = whittakerCase(rules, h[i] < terrain.seaLevel, t[i], m[i], d[i]);
      const id = c.rule === 'ocean' ? 0 : c.rule === 'beach' ? 12 : rules.table[c.row * 4 + c.col];
      expect(out[i]).toBe(id);
    }
  });
});

describe('pictures', () => {
  it('draws north up: the image top row is the grid row n − 1 (the north row)', async () => {
    const { renderLayer } = await import('../src/render/layer.ts');
    const n = 4;
    const ids = new Uint8Array(n * n);
    ids.fill(1, (n - 1) * n); // the north row is snow, the rest ocean
    const rgba = renderLayer({ type: 'biome', meaning: 'biome', data: ids }, n);
    expect([...rgba.slice(0, 3)]).toEqual([...BIOMES[1].color]);
    expect([...rgba.slice((n - 1) * n * 4, (n - 1) * n * 4 + 3)]).toEqual([...BIOMES[0].color]);
  });

  it('lights slopes facing north-west and shades slopes facing south-east, border cells alike', async () => {
    const { renderLayer } = await import('../src/render/layer.ts');
    const n = 32;
    const brightness = (h: Float32Array) => {
      const rgba = renderLayer(terrainOf(h), n);
      return [0, n / 2, n - 1].map((c) => rgba[((n / 2) * n + c) * 4 + 1]);
    };
    // A slope rising to the south-east faces north-west: lit. Its mirror faces south-east: shaded.
    // Heights stay within one colour band (0.1 … 0.2 above the sea) so only the shading differs.
    const slope = (sign: number) => Float32Array.from({ length: n * n }, (_, i) => 0.15 + sign * ((i % n) - Math.floor(i / n)) * 0.0015);
    const [lit, shaded, level] = [brightness(slope(1)), brightness(slope(-1)), brightness(new Float32Array(n * n).fill(0.15))];
    for (let k = 0; k < 3; k++) {
      expect(lit[k]).toBeGreaterThan(level[k]);
      expect(shaded[k]).toBeLessThan(level[k]);
    }
    // The border columns get the same shade as the middle one.
    expect(lit[0]).toBe(lit[1]);
    expect(shaded[2]).toBe(shaded[1]);
  });

  it('names where a wind comes from', async () => {
    const { windFrom } = await import('../nodes/wind.ts');
    expect([0, 45, 90, 180, 225, 270, 359].map(windFrom)).toEqual(['west', 'south-west', 'south', 'east', 'north-east', 'north', 'west']);
  });

  it("words the wind's angle for its card: where it comes from and an arrow where it blows", async () => {
    // The card said "from W" in 9 px beside "angle", and the doc led with where it blows to.
    const { windHint } = await import('../nodes/wind.ts');
    expect([0, 45, 90, 135, 180, 225, 270, 315, 359].map(windHint)).toEqual(['from W →', 'from SW ↗', 'from S ↑', 'from SE ↖', 'from E ←', 'from NE ↙', 'from N ↓', 'from NW ↘', 'from W →'].map((h) => h.replace(/ /g, '\u00a0')));
  });
});
