// Soft biome borders and splat maps: weights sum to 1, equal the hard biome at width 0, blend
// only near the table's borders; the splat maps carry them, 4 biomes a picture, 255 a cell.
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { tableIds, whittakerKernel } from '../nodes/whittaker.ts';
import { MAX_BORDER, NO_BIOME, softBiomeWeights } from '../src/kernels/soft-biomes.ts';
import { BEACH, BIOMES, DEFAULT_TABLE, OCEAN } from '../src/model/biomes.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { type BiomeValue, SOFT_SLOTS, type TerrainValue } from '../src/model/values.ts';
import { exportFile } from '../src/render/exports.ts';
import { renderLayer } from '../src/render/layer.ts';
import { crc32 } from '../src/render/zip.ts';
import { splatBiomes, splatFiles } from '../src/render/splat.ts';
import { createEngine } from '../src/index.ts';
import { evaluated, grab, loadGraph } from './helpers/graphs.ts';

const N = 101;
const engine = evaluated(loadGraph('default.json'), N);
const terrain = engine.output('water', 'terrain') as TerrainValue;
if (terrain?.type !== 'terrain') throw new Error('no terrain');
const T = grab(engine, 'temperature');
const M = grab(engine, 'moisture');
const D = grab(engine, 'coast');
const table = tableIds(DEFAULT_TABLE);
const rules = { table, beachWidth: 1.5, beachMinTemperature: 0.25 };

function soft(border: number) {
  const ids = new Uint8Array(N * N * SOFT_SLOTS);
  const weights = new Float32Array(N * N * SOFT_SLOTS);
  softBiomeWeights({ ...rules, border }, T, M, terrain.data, terrain.seaLevel, D, ids, weights);
  return { ids, weights };
}

const hard = new Uint8Array(N * N);
whittakerKernel(rules, T, M, terrain, D, hard);

/** Distance of v to the nearest inner border of the table (¼, ½, ¾). */
const toBorder = (v: number) => Math.min(...[0.25, 0.5, 0.75].map((k) => Math.abs(v - k)));

describe('soft biome weights', () => {
  it('at width 0 put all the weight on the hard biome of every cell', () => {
    const { ids, weights } = soft(0);
    let wrong = 0;
    for (let i = 0; i < N * N; i++) {
      if (ids[i * SOFT_SLOTS] !== hard[i] || weights[i * SOFT_SLOTS] !== 1) wrong++;
      for (let s = 1; s < SOFT_SLOTS; s++) if (weights[i * SOFT_SLOTS + s] !== 0) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it.each([0.02, 0.1, MAX_BORDER])('at width %f sum to 1 in every cell, each weight in 0…1, each biome once', (border) => {
    const { ids, weights } = soft(border);
    let blended = 0;
    const wrong: string[] = [];
    for (let i = 0; i < N * N; i++) {
      let sum = 0;
      const seen = new Set<number>();
      for (let s = 0; s < SOFT_SLOTS; s++) {
        const w = weights[i * SOFT_SLOTS + s];
        const id = ids[i * SOFT_SLOTS + s];
        if (!(w >= 0 && w <= 1)) wrong.push(`cell ${i}: weight ${w}`);
        if (w > 0) {
          if (seen.has(id)) wrong.push(`cell ${i}: biome ${id} twice`);
          seen.add(id);
        } else if (id !== NO_BIOME) wrong.push(`cell ${i}: unused slot holds ${id}`);
        sum += w;
      }
      if (!(Math.abs(sum - 1) < 1e-6)) wrong.push(`cell ${i}: weights sum to ${sum}`);
      if (seen.size > 1) blended++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(blended).toBeGreaterThan(0);
  });

  it('blend only within half the width of a table border; elsewhere equal the hard biome', () => {
    const border = 0.1;
    const { ids, weights } = soft(border);
    let far = 0;
    let wrong = 0;
    for (let i = 0; i < N * N; i++) {
      const nearT = toBorder(T[i]) < border / 2;
      const nearM = toBorder(M[i]) < border / 2;
      if (hard[i] === OCEAN || hard[i] === BEACH || (!nearT && !nearM)) {
        if (ids[i * SOFT_SLOTS] !== hard[i] || weights[i * SOFT_SLOTS] !== 1) wrong++;
        far++;
      }
    }
    expect(wrong).toBe(0);
    expect(far).toBeGreaterThan(N * N * 0.4);
  });

  it('share a cell half and half when its T lies exactly on a row border', () => {
    const one = (t: number, m: number) => {
      const ids = new Uint8Array(SOFT_SLOTS);
      const weights = new Float32Array(SOFT_SLOTS);
      softBiomeWeights({ ...rules, border: 0.1 }, Float32Array.of(t), Float32Array.of(m), Float32Array.of(1), 0, null, ids, weights);
      return Object.fromEntries([...ids].map((id, s) => [id, weights[s]]).filter(([, w]) => (w as number) > 0));
    };
    // Row cool (temperate desert) meets row warm (grassland) at T = ½; M = 0.1 is the dry column.
    expect(one(0.5, 0.1)).toEqual({ 4: 0.5, 9: 0.5 });
    // A quarter of the way into the band: 0.75 / 0.25.
    const quarter = one(0.5 + 0.025, 0.1);
    expect(quarter[9]).toBeCloseTo(0.75, 6);
    expect(quarter[4]).toBeCloseTo(0.25, 6);
    expect(one(0.6, 0.1)).toEqual({ 9: 1 });
  });
});

describe('the Whittaker node with a border width', () => {
  const graph = loadGraph('default.json');
  graph.nodes.find((n) => n.id === 'biomes')!.params.border = 0.08;
  const e = createEngine(graph, { size: N });
  e.evaluate();
  const value = e.output('biomes') as BiomeValue;

  it('keeps the hard map as the biome of each cell and adds the weights', () => {
    expect(value.soft).toBeDefined();
    expect([...value.data]).toEqual([...hard]);
  });

  it('draws each cell in its biomes’ colours mixed in linear light by weight cubed, the hard colours where nothing blends', () => {
    const linear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const srgb = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
    const rgba = renderLayer(value, N);
    const plain = renderLayer({ type: 'biome', meaning: 'biome', data: value.data }, N);
    let same = 0;
    let mixed = 0;
    let off = 0;
    for (let i = 0; i < N * N; i++) {
      const r = (i / N) | 0;
      const p = ((N - 1 - r) * N + (i % N)) * 4;
      const w = value.soft!.weights.subarray(i * SOFT_SLOTS, i * SOFT_SLOTS + SOFT_SLOTS);
      const ids = value.soft!.ids.subarray(i * SOFT_SLOTS, i * SOFT_SLOTS + SOFT_SLOTS);
      for (let ch = 0; ch < 3; ch++) {
        let light = 0;
        let total = 0;
        for (let s = 0; s < SOFT_SLOTS; s++) {
          if (!(w[s] > 0)) continue;
          light += w[s] ** 3 * linear(BIOMES[ids[s]].color[ch]);
          total += w[s] ** 3;
        }
        if (!(Math.abs(rgba[p + ch] - srgb(light / total)) <= 0.5 + 1e-6)) off++;
      }
      if (w[0] === 1) {
        if (rgba[p] === plain[p] && rgba[p + 1] === plain[p + 1] && rgba[p + 2] === plain[p + 2]) same++;
      } else mixed++;
    }
    expect(off).toBe(0);
    expect(mixed).toBeGreaterThan(0);
    expect(same).toBe([...value.soft!.weights].filter((w, k) => k % SOFT_SLOTS === 0 && w === 1).length);
  });

  it('opens a version-1 file with hard borders (border 0), and saves it with the param', () => {
    const v1 = JSON.parse(serializeGraph(loadGraph('default.json')));
    v1.version = 1;
    delete v1.nodes.find((n: { id: string }) => n.id === 'biomes').params.border;
    const g = parseGraph(v1);
    expect(g.nodes.find((n) => n.id === 'biomes')!.params.border).toBe(0);
  });
});

describe('splat maps', () => {
  it('carry every biome with weight, 4 per picture, and every cell sums to 255', () => {
    const graph = loadGraph('default.json');
    graph.nodes.find((n) => n.id === 'biomes')!.params.border = 0.08;
    const e = createEngine(graph, { size: N });
    e.evaluate();
    const value = e.output('biomes') as BiomeValue;
    const files = splatFiles(value, N, 'biomes.out');
    const list = JSON.parse(new TextDecoder().decode(files.at(-1)!.bytes));
    const biomes = splatBiomes(value);
    expect(list.channels.map((c: { id: number }) => c.id)).toEqual(biomes);
    expect(files.length - 1).toBe(Math.ceil(biomes.length / 4));
    const pictures = files.slice(0, -1).map((f) => decode(f.bytes));
    for (const p of pictures) expect([p.width, p.height, p.channels]).toEqual([N, N, 4]);
    let partial = 0;
    let wrong = 0;
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const r = N - 1 - y; // pictures are north row first
        const i = r * N + x;
        let sum = 0;
        biomes.forEach((id, k) => {
          const byte = pictures[k >> 2].data[(y * N + x) * 4 + (k & 3)];
          sum += byte;
          // Each byte is its biome's weight in 255ths, rounded one way or the other.
          let w = 0;
          for (let s = 0; s < SOFT_SLOTS; s++) if (value.soft!.ids[i * SOFT_SLOTS + s] === id) w = value.soft!.weights[i * SOFT_SLOTS + s];
          if (!(Math.abs(byte - w * 255) < 1)) wrong++;
          if (byte > 0 && byte < 255) partial++;
        });
        if (sum !== 255) wrong++;
      }
    }
    expect(wrong).toBe(0);
    expect(partial).toBeGreaterThan(0);
  });

  it('of hard borders are one biome per cell at 255', () => {
    const value = engine.output('biomes') as BiomeValue;
    const files = splatFiles(value, N, 'biomes.out');
    const biomes = splatBiomes(value);
    const pictures = files.slice(0, -1).map((f) => decode(f.bytes));
    let wrong = 0;
    for (let i = 0; i < N * N; i++) {
      const r = (i / N) | 0;
      const p = ((N - 1 - r) * N + (i % N)) * 4;
      const k = biomes.indexOf(value.data[i]);
      if (pictures[k >> 2].data[p + (k & 3)] !== 255) wrong++;
    }
    expect(wrong).toBe(0);
  });
});

/** The entries of a stored zip, read back from its local headers. */
function unzipStored(zip: Uint8Array): { name: string; bytes: Uint8Array; crc: number }[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: { name: string; bytes: Uint8Array; crc: number }[] = [];
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    expect(view.getUint16(at + 8, true)).toBe(0); // stored
    const crc = view.getUint32(at + 14, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    out.push({ name, bytes: zip.subarray(start, start + size), crc });
    at = start + size;
  }
  return out;
}

describe('the splat export', () => {
  it('is one zip holding exactly the files render --splat writes, with their checksums', () => {
    const graph = loadGraph('soft-borders.json');
    const e = createEngine(graph, { size: N });
    e.evaluate();
    const value = e.output('biomes') as BiomeValue;
    const file = exportFile(value, N, 'biomes.out', 'splat')!;
    expect(file.name).toBe('biomes.out.splat.zip');
    const entries = unzipStored(file.bytes);
    const loose = splatFiles(value, N, 'biomes.out');
    expect(entries.map((x) => x.name)).toEqual(loose.map((f) => f.name));
    entries.forEach((x, k) => {
      expect(Buffer.from(x.bytes).equals(Buffer.from(loose[k].bytes))).toBe(true);
      expect(x.crc).toBe(crc32(loose[k].bytes));
    });
    // CRC-32 of "123456789" is the standard check value.
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(exportFile(e.output('temperature')!, N, 'temperature.out', 'splat')).toBeNull();
  });
});
