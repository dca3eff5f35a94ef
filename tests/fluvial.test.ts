// Fluvial erosion: the stream-power law by Braun and Willett's implicit scheme. Identity at 0
// steps, no land raised, no cell below where it drains, base levels kept, one step against the
// formula, more rain cuts deeper, the same picture at two resolutions, and the node in the engine;
// with deposition: 0 is the same bits, floors fill, the sediment is accounted for, no cell rises
// above its donors, and the same bound across views.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fluvial } from '../nodes/fluvial.ts';
import { streamPowerErosion, type StreamPowerParams } from '../src/kernels/fluvial.ts';
import { OFF_MAP, priorityFlood } from '../src/kernels/flow.ts';
import { sameBits } from '../src/kernels/sort.ts';
import { cellProvenance } from '../src/engine/provenance.ts';
import { viewDomain } from '../src/grid.ts';
import type { Graph } from '../src/model/graph.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { describeRow, formatValue } from '../src/viewer-core/provenance.ts';
import { evaluated, grab, loadGraph, rng } from './helpers/graphs.ts';

const N = 97;
const base = evaluated(loadGraph('rivers-from-the-rain.json'), N);
const ground = base.output('water', 'terrain') as TerrainValue;
const height = ground.data.slice();
const sea = ground.seaLevel;
const moisture = grab(base, 'moisture', 'out');
const DEFAULTS: StreamPowerParams = { iterations: 5, strength: 0.2, m: 0.5, loss: 0, cellLength: 256 / N };

function erode(h: Float32Array, n: number, level: number, rain: Float32Array | null, p: Partial<StreamPowerParams> = {}) {
  const out = new Float32Array(h.length);
  const area = new Float32Array(h.length);
  streamPowerErosion(h, n, level, rain, { ...DEFAULTS, cellLength: 256 / n, ...p }, out, area);
  return { out, area };
}

const onEdge = (i: number, n: number) => {
  const r = (i / n) | 0;
  const c = i % n;
  return r === 0 || c === 0 || r === n - 1 || c === n - 1;
};

describe('stream-power erosion', () => {
  it('keeps its bits: a digest of the eroded heights and areas, taken before the pass went by the drainage chains', () => {
    // Three param sets: the defaults without rain, strong steps at m 0.45 with the moisture as
    // rain and a loss, and deposition (which keeps the flood order). Any order with receivers
    // first gives the same heights; a change of order that broke that would show here.
    const hash = createHash('sha256');
    for (const [p, rain] of [
      [{}, null],
      [{ iterations: 7, strength: 3, m: 0.45, loss: 0.1 }, moisture],
      [{ iterations: 3, strength: 0.5, m: 0.6, deposition: 1 }, moisture],
    ] as const) {
      const { out, area } = erode(height, N, sea, rain, p);
      hash.update(new Uint8Array(out.buffer)).update(new Uint8Array(area.buffer));
    }
    expect(hash.digest('hex')).toBe('018ae6fb3187592b42d9b9e97f751e0f154c1c3b9dd804af4518303991fe1d95');
  });

  it('is the identity, bit for bit, with 0 iterations', () => {
    const { out, area } = erode(height, N, sea, moisture, { iterations: 0, strength: 5 });
    expect(sameBits(out, height)).toBe(true);
    expect(area.every((a) => a === 0)).toBe(true);
  });

  it('never raises land, keeps the sea and the edge as they were, and cuts no land below the sea level', () => {
    for (const p of [{}, { strength: 3, iterations: 40, m: 0.7 }, { strength: 0.01, m: 0.3, loss: 0.5 }]) {
      const { out } = erode(height, N, sea, moisture, p);
      let cut = 0;
      const wrong: string[] = [];
      for (let i = 0; i < height.length; i++) {
        if (!(height[i] >= sea) || onEdge(i, N)) {
          if (!Object.is(out[i], height[i])) wrong.push(`base level ${i}: ${height[i]} → ${out[i]}`);
          continue;
        }
        if (out[i] > height[i]) wrong.push(`raised ${i}: ${height[i]} → ${out[i]}`);
        if (!(out[i] >= sea)) wrong.push(`under the sea ${i}: ${out[i]}`);
        if (out[i] < height[i]) cut++;
      }
      expect(wrong, JSON.stringify(p)).toEqual([]);
      expect(cut, JSON.stringify(p)).toBeGreaterThan(100);
    }
  });

  it('leaves no cell below where it drained and no lake floor cut, step after step, and k steps are k single steps', () => {
    let h = height;
    const filled = new Float32Array(h.length);
    const receiver = new Int32Array(h.length);
    let lakes = 0;
    for (let step = 0; step < 6; step++) {
      priorityFlood(h, N, sea, filled, receiver);
      const { out } = erode(h, N, sea, moisture, { iterations: 1, strength: 0.5 });
      let checked = 0;
      const wrong: string[] = [];
      for (let i = 0; i < h.length; i++) {
        if (!(h[i] >= sea)) continue;
        // A lake's floor lies below its outlet and is left as it is.
        if (filled[i] > h[i]) {
          if (out[i] !== h[i]) wrong.push(`lake floor ${i} cut: ${h[i]} → ${out[i]}`);
          lakes++;
          continue;
        }
        const r = receiver[i];
        const floor = r === OFF_MAP ? (onEdge(i, N) ? h[i] : sea) : out[r];
        if (!(out[i] >= floor)) wrong.push(`step ${step}: cell ${i} at ${out[i]} below ${r} at ${floor}`);
        checked++;
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(1000);
      h = out;
    }
    expect(lakes).toBeGreaterThan(0);
    expect(sameBits(erode(height, N, sea, moisture, { iterations: 6, strength: 0.5 }).out, h)).toBe(true);
  });

  it('cuts a straight channel by the formula in one step: h_i ← (h_i + F · h_r) / (1 + F), F = K · A^m / L', () => {
    // A 1-D channel along the middle row, falling towards the west edge (its base level) between
    // high walls that get no rain: each channel cell drains to its west neighbour, and its area
    // is the channel cells east of it and itself (the east edge cell's rain runs in too).
    const n = 12;
    const mid = 6;
    const h = new Float32Array(n * n).fill(10);
    const rain = new Float32Array(n * n);
    for (let c = 0; c < n; c++) {
      h[mid * n + c] = Math.fround(0.05 * c + 0.01 * Math.sin(c));
      rain[mid * n + c] = 1;
    }
    const p = { iterations: 1, strength: 0.2, m: 0.45, loss: 0, cellLength: 2 };
    const out = new Float32Array(n * n);
    const area = new Float32Array(n * n);
    streamPowerErosion(h, n, -1, rain, p, out, area);
    let below = h[mid * n]; // the west edge: base level
    expect(out[mid * n]).toBe(below);
    for (let c = 1; c < n - 1; c++) {
      const a = (n - c) * p.cellLength ** 2;
      expect(area[mid * n + c]).toBe(a);
      const f = (p.strength * Math.pow(a, p.m)) / p.cellLength;
      const expected = (h[mid * n + c] + f * below) / (1 + f);
      expect(out[mid * n + c]).toBeCloseTo(expected, 6);
      below = out[mid * n + c];
    }
    // The walls got no rain and gathered none: uncut.
    for (let i = 0; i < n * n; i++) if (((i / n) | 0) !== mid) expect(out[i]).toBe(10);
  });

  it('cuts a river that runs into a lake towards the lake\'s surface, not its floor, in the same step', () => {
    // The channel of the test above with a hollow in it: from the west edge (height 1.9) a sill at
    // 2, a lake floor of two cells at 1, then the river falling from the east at 5 and up. The
    // lake's surface is its sill's height, lowered this step; the cell east of the lake drains
    // into the lake's floor, and is cut towards the surface it meets, never under it.
    const n = 10;
    const mid = 5;
    const row = [1.9, 2, 1, 1, 5, 6, 7, 8, 9, 10];
    const h = new Float32Array(n * n).fill(20);
    const rain = new Float32Array(n * n);
    for (let c = 0; c < n; c++) {
      h[mid * n + c] = row[c];
      rain[mid * n + c] = 1;
    }
    const filled = new Float32Array(n * n);
    const receiver = new Int32Array(n * n);
    priorityFlood(h, n, -1, filled, receiver);
    const shore = mid * n + 4;
    expect(filled[shore - 1]).toBe(2); // a lake, whose east shore drains into its floor
    expect(receiver[shore]).toBe(shore - 1);
    for (const strength of [0.5, 10]) {
      const { out } = erode(h, n, -1, rain, { iterations: 1, strength, m: 0.5, cellLength: 1 });
      const sill = out[mid * n + 1];
      expect(sill).toBeLessThan(2); // the outlet cut down...
      expect(sill).toBeGreaterThan(1.9);
      expect(out[mid * n + 2]).toBe(1); // ...the floor left as it was...
      expect(out[shore]).toBeLessThan(5);
      expect(out[shore], `strength ${strength}`).toBeGreaterThanOrEqual(sill); // ...and the shore cut no deeper than the lake's new surface
    }
  });

  it('allows no more steps than cut something: at the strongest, the maximum cuts what twice as many do, and each step is a flow run', () => {
    // Each step costs a flow run (150-180 ms at 1024²), and the worker answers nothing else
    // meanwhile: 500 steps were 90 s of CPU there. The maximum is where the strongest steps
    // have nothing left to cut, and weaker steps reach any depth in that many.
    const spec = fluvial.params.iterations as { max: number };
    const strength = (fluvial.params.strength as { max: number }).max;
    expect(spec.max).toBeLessThanOrEqual(50);
    const meanCut = (iterations: number, s: number, m: number) => {
      const { out } = erode(height, N, sea, moisture, { iterations, strength: s, m });
      let cut = 0;
      let land = 0;
      for (let i = 0; i < height.length; i++) if (height[i] >= sea) ((cut += height[i] - out[i]), land++);
      return cut / land;
    };
    for (const m of [0.3, 0.7]) expect(meanCut(spec.max, strength, m) / meanCut(2 * spec.max, strength, m)).toBeGreaterThan(0.9999);
    // A tenth of the strength in ten times the steps: the same depth, within 5 %.
    expect(meanCut(5, 0.1, 0.5) / meanCut(spec.max, 0.01, 0.5)).toBeCloseTo(1, 1);
  });

  it("cuts alike in more, weaker steps or fewer, stronger ones, as the README says: strength × iterations sets the depth", () => {
    // The README's figures: graphs/default.json's heights at 256², no rain wired, mean cut on
    // land 0.0289, 0.0282, 0.0272 and 0.0308 for 20 × 0.05, 10 × 0.1, 5 × 0.2 and 3 × 0.4.
    const e = evaluated(loadGraph('default.json'), 256);
    const t = e.output('water', 'terrain') as TerrainValue;
    const means = [[20, 0.05], [10, 0.1], [5, 0.2], [3, 0.4]].map(([iterations, strength]) => {
      const { out } = erode(t.data, 256, t.seaLevel, null, { iterations, strength });
      let cut = 0;
      let land = 0;
      for (let i = 0; i < out.length; i++) if (t.data[i] >= t.seaLevel) ((cut += t.data[i] - out[i]), land++);
      return cut / land;
    });
    expect(means.map((v) => v.toFixed(4))).toEqual(['0.0289', '0.0282', '0.0272', '0.0308']);
    expect(Math.max(...means) / Math.min(...means)).toBeLessThan(1.15);
  });

  it('cuts the rainier of two identical islands deeper', () => {
    // Two islands, the same seeded cone with gullies, side by side in the sea: with the same
    // rain they are cut alike cell for cell; with twice the rain on the east one it is cut deeper.
    const w = 30;
    const n = 2 * w + 4;
    const h = new Float32Array(n * n).fill(-0.2);
    const random = rng(7);
    const bumps = Float32Array.from({ length: w * w }, () => 0.02 * random());
    for (let r = 0; r < w; r++) {
      for (let c = 0; c < w; c++) {
        const d = Math.hypot(r - w / 2, c - w / 2) / (w / 2 - 1);
        if (d >= 1) continue;
        const v = Math.fround(0.4 * (1 - d) + bumps[r * w + c]);
        h[(r + 2) * n + c + 2] = v;
        h[(r + 2) * n + c + 2 + w] = v;
      }
    }
    const east = (i: number) => i % n >= 2 + w;
    const depth = (rainEast: number) => {
      const rain = new Float32Array(n * n).map((_, i) => (east(i) ? rainEast : 1));
      const { out } = erode(h, n, 0, rain, { iterations: 8, strength: 0.05 });
      let west = 0;
      let eastCut = 0;
      for (let r = 0; r < n; r++) {
        for (let c = 2; c < 2 + w; c++) {
          const i = r * n + c;
          west += h[i] - out[i];
          eastCut += h[i + w] - out[i + w];
          if (rainEast === 1) expect(out[i + w], `cell ${i}`).toBe(out[i]);
        }
      }
      return { west, east: eastCut };
    };
    const same = depth(1);
    expect(same.east).toBe(same.west);
    expect(same.west).toBeGreaterThan(0);
    const wetter = depth(2);
    expect(wetter.west).toBe(same.west);
    expect(wetter.east).toBeGreaterThan(1.2 * wetter.west);
  });

  it('refuses grids of the wrong size and params out of range, naming them', () => {
    const out = new Float32Array(N * N);
    const area = new Float32Array(N * N);
    expect(() => streamPowerErosion(height, N, sea, new Float32Array(5), DEFAULTS, out, area)).toThrow('fluvial: rain holds 5 cells, expected 97 × 97 = 9409');
    expect(() => streamPowerErosion(height, N, sea, null, { ...DEFAULTS, strength: -1 }, out, area)).toThrow('fluvial: strength must be a finite number ≥ 0, got -1');
    expect(() => streamPowerErosion(height, N, sea, null, { ...DEFAULTS, iterations: 1.5 }, out, area)).toThrow('fluvial: iterations must be a whole number ≥ 0, got 1.5');
    expect(() => streamPowerErosion(height, N, sea, null, DEFAULTS, height, area)).toThrow('must not overwrite the input');
  });

  it('cuts nothing at strength 0 but still gives the drainage area', () => {
    const { out, area } = erode(height, N, sea, moisture, { strength: 0, iterations: 50 });
    expect(sameBits(out, height)).toBe(true);
    expect(area.some((a) => a > 1)).toBe(true);
  });
});

/** The carved-valleys graph's valleys at resolution n, each output copied. */
function carved(n: number, edit?: (g: Graph) => void) {
  const g = loadGraph('carved-valleys.json');
  edit?.(g);
  const e = evaluated(g, n);
  for (const node of g.nodes) expect(e.status(node.id)?.state, `${n}²: ${node.id} ${e.status(node.id)?.message ?? ''}`).toBe('ok');
  return { e, terrain: e.output('valleys', 'terrain') as TerrainValue, cut: grab(e, 'valleys', 'cut'), before: e.output('water', 'terrain') as TerrainValue };
}

describe('the fluvial node in the engine', () => {
  it.each([97, 255])('runs after the water level and before the rivers on a %i² grid: every node ok, the same sea level', (n) => {
    const { terrain, cut, before } = carved(n);
    expect(terrain.seaLevel).toBe(before.seaLevel);
    expect(terrain.waterCount).toBe(before.waterCount);
    let cutCells = 0;
    const wrong: number[] = [];
    for (let i = 0; i < n * n; i++) {
      if (cut[i] !== Math.fround(before.data[i] - terrain.data[i]) || !(cut[i] >= 0)) wrong.push(i);
      if (cut[i] > 0) cutCells++;
    }
    expect(wrong).toEqual([]);
    expect(cutCells).toBeGreaterThan(n * n * 0.05);
  });

  it('passes the terrain on unchanged with 0 iterations, its sorted heights included', () => {
    const { terrain, cut, before } = carved(97, (g) => (g.nodes.find((node) => node.id === 'valleys')!.params.iterations = 0));
    expect(sameBits(terrain.data, before.data)).toBe(true);
    expect(sameBits(terrain.sorted, before.sorted)).toBe(true);
    expect(cut.every((v) => v === 0)).toBe(true);
  });

  it('orders its own heights again when the sea level was read from this very grid (the view cut, no crop)', () => {
    // Height, water level (view cut) and the valleys, nothing else: the water runs on the valleys'
    // grid and hands its order on; the valleys sort their own heights and order them.
    const g = loadGraph('default.json');
    const keep = new Set(['cont', 'eros', 'pv', 'contCurve', 'erosCurve', 'pvCurve', 'height', 'water']);
    g.nodes = g.nodes.filter((node) => keep.has(node.id));
    g.edges = g.edges.filter((e) => keep.has(e.from.node) && keep.has(e.to.node));
    g.nodes.find((node) => node.id === 'water')!.params.cut = 'view';
    g.nodes.push({ id: 'valleys', type: 'fluvial', title: 'Fluvial erosion', position: [0, 0], params: { strength: 0.2, m: 0.5, iterations: 5, loss: 0, deposition: 0, coarse: 'before', grid: 'own' } });
    g.edges.push({ from: { node: 'water', port: 'terrain' }, to: { node: 'valleys', port: 'terrain' } });
    const e = evaluated(g, 97);
    const before = e.output('water', 'terrain') as TerrainValue;
    const terrain = e.output('valleys', 'terrain') as TerrainValue;
    expect(before.order).not.toBeNull();
    expect(terrain.order).not.toBeNull();
    expect(sameBits(terrain.data, before.data)).toBe(false);
    let wrong = 0;
    for (let j = 0; j < terrain.sorted.length; j++) {
      if (terrain.data[terrain.order![j]] !== terrain.sorted[j]) wrong++;
      if (j > 0 && !(terrain.sorted[j] >= terrain.sorted[j - 1])) wrong++;
    }
    expect(wrong).toBe(0);
    // No land was cut under the level: the count under water is the water's.
    expect(terrain.sorted.filter((h) => h < terrain.seaLevel).length).toBe(terrain.waterCount);
  });

  it.each([0.35, 0.7])('cuts valleys as deep at 512² as at 256² (m %s): the deepest cut of each 4 × 4-cell block within 7 %', (m) => {
    // Area in rain × 256-map cells and L in 256-map cell lengths: the same law at both
    // resolutions, so a valley's depth is the same. Its width is not: a valley is a cell wide on
    // either grid, so less volume is cut at 512² (the block mean: 0.65–0.83 of 256²'s); the
    // deepest cut of a block (8 × 8 cells at 512²) is the valley floor's. Measured: its mean at
    // 512² is 1.03 and 0.98 of 256²'s (m 0.35, 0.7), blocks off by 0.10 and 0.14 of it on average;
    // with A and L in cells of the grid instead, 0.88 and 1.14, off by 0.17 and 0.20. At m = 0.5
    // the two units give the same factor F (A^½ / L): no test there.
    const deepest = (n: number, block: number) => {
      const cut = carved(n, (g) => (g.nodes.find((node) => node.id === 'valleys')!.params.m = m)).cut;
      const k = n / block;
      const out = new Float64Array(k * k);
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) out[((r / block) | 0) * k + ((c / block) | 0)] = Math.max(out[((r / block) | 0) * k + ((c / block) | 0)], cut[r * n + c]);
      return out;
    };
    const coarse = deepest(256, 4);
    const fine = deepest(512, 8);
    let off = 0;
    let sumCoarse = 0;
    let sumFine = 0;
    for (let j = 0; j < coarse.length; j++) {
      off += Math.abs(fine[j] - coarse[j]);
      sumCoarse += coarse[j];
      sumFine += fine[j];
    }
    expect(sumFine / sumCoarse).toBeGreaterThan(0.93);
    expect(sumFine / sumCoarse).toBeLessThan(1.07);
    expect(off / sumCoarse).toBeLessThan(0.15);
  });

  it('is bound to its grid, as stated: two views half a view apart agree on most of their overlap', () => {
    // SPEC §1: a flow process that cannot be bit-exact across tiles states and tests its bound.
    // The grid's edge is a base level and cuts its basins, so cells near it differ. Measured on
    // carved-valleys at 256²: 85.5 % of the overlap's land cut the same to the bit, the mean
    // difference 4.7 % of the mean cut.
    const n = 256;
    const views = [{ x: 0, y: 0 }, { x: 0.5, y: 0 }].map((view) => {
      const e = evaluated(loadGraph('carved-valleys.json'), n, view);
      return { cut: grab(e, 'valleys', 'cut'), ground: e.output('water', 'terrain') as TerrainValue };
    });
    const [a, b] = views;
    let land = 0;
    let same = 0;
    let diff = 0;
    let sum = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n / 2; c++) {
        const i = r * n + c + n / 2;
        const j = r * n + c;
        expect(a.ground.data[i]).toBe(b.ground.data[j]);
        if (!(a.ground.data[i] >= a.ground.seaLevel)) continue;
        land++;
        if (a.cut[i] === b.cut[j]) same++;
        diff += Math.abs(a.cut[i] - b.cut[j]);
        sum += (a.cut[i] + b.cut[j]) / 2;
      }
    }
    expect(same / land).toBeGreaterThan(0.8);
    expect(diff / sum).toBeLessThan(0.08);
  });

  it('is bound to its grid with deposition too: two views half a view apart agree on most of their overlap', () => {
    // The same bound as without (measured on carved-valleys at 256², deposition 1: 84.9 % of the
    // overlap's land at the same height to the bit, the mean difference of the change 5.5 % of
    // the mean change), and each view lays down about as much there (5.94 and 6.14).
    const n = 256;
    const views = [{ x: 0, y: 0 }, { x: 0.5, y: 0 }].map((view) => {
      const g = loadGraph('carved-valleys.json');
      g.nodes.find((node) => node.id === 'valleys')!.params.deposition = 1;
      const e = evaluated(g, n, view);
      return { out: (e.output('valleys', 'terrain') as TerrainValue).data.slice(), ground: e.output('water', 'terrain') as TerrainValue, deposit: grab(e, 'valleys', 'deposit') };
    });
    const [a, b] = views;
    let land = 0;
    let same = 0;
    let diff = 0;
    let sum = 0;
    const laid = [0, 0];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n / 2; c++) {
        const i = r * n + c + n / 2;
        const j = r * n + c;
        if (!(a.ground.data[i] >= a.ground.seaLevel)) continue;
        land++;
        if (a.out[i] === b.out[j]) same++;
        const changeA = a.ground.data[i] - a.out[i];
        const changeB = b.ground.data[j] - b.out[j];
        diff += Math.abs(changeA - changeB);
        sum += (Math.abs(changeA) + Math.abs(changeB)) / 2;
        laid[0] += a.deposit[i];
        laid[1] += b.deposit[j];
      }
    }
    expect(same / land).toBeGreaterThan(0.8);
    expect(diff / sum).toBeLessThan(0.08);
    expect(laid[0]).toBeGreaterThan(0);
    expect(laid[1] / laid[0]).toBeGreaterThan(0.9);
    expect(laid[1] / laid[0]).toBeLessThan(1.1);
  });

  it('with deposition, splits the change into cut and deposit and explains a filled cell', () => {
    const { e, before, terrain, cut } = carved(96, (g) => (g.nodes.find((node) => node.id === 'valleys')!.params.deposition = 1));
    const deposit = grab(e, 'valleys', 'deposit');
    const wrong: number[] = [];
    for (let i = 0; i < cut.length; i++) {
      if (!(cut[i] >= 0 && deposit[i] >= 0 && (cut[i] === 0 || deposit[i] === 0))) wrong.push(i);
      if (cut[i] - deposit[i] !== Math.fround(before.data[i] - terrain.data[i])) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    const filled = deposit.indexOf(Math.max(...deposit));
    expect(deposit[filled]).toBeGreaterThan(0);
    const domain = viewDomain(e.view);
    const note = (i: number, port: string) => describeRow(cellProvenance(e, e.graph, 'valleys', i, domain).find((r) => r.node === 'valleys' && r.port === port)!).note;
    expect(note(filled, 'terrain')).toMatch(new RegExp(`^sea level \\S+: land, \\S+ above the sea; filled by ${formatValue(deposit[filled])} here \\(its deposit row says why\\)$`));
    expect(note(filled, 'deposit')).toMatch(/^filled by \S+ in 5 steps: the sediment cut upstream settles where the rivers gather and slow, G · Qs \/ A a step \(deposition G 1, Qs what reaches it, (A \S+ rain × cells, last step|no water crossed it in the last step: filled in an earlier one)\), less what the river cuts$/);
    // A filled cell that no water crossed in the last step (the fill turned it away) says so, not "A 0".
    const area = grab(e, 'valleys', 'area');
    const dry = deposit.findIndex((d, i) => d > 0 && area[i] === 0);
    expect(dry).toBeGreaterThanOrEqual(0);
    expect(note(dry, 'deposit')).toContain('no water crossed it in the last step: filled in an earlier one');
    expect(note(filled, 'cut')).toBe(`not cut: filled by ${formatValue(deposit[filled])} (its deposit row says why)`);
    // Without deposition, the deposit row says why nothing was laid down.
    const plain = carved(96);
    const plainNote = describeRow(cellProvenance(plain.e, plain.e.graph, 'valleys', filled, domain).find((r) => r.node === 'valleys' && r.port === 'deposit')!).note;
    expect(plainNote).toBe('nothing laid down: deposition is 0 (what is cut leaves the map)');
  });

  it("explains a cell: the base levels, and the depth cut with the area that cut it", () => {
    const { e, before } = carved(96);
    const domain = viewDomain(e.view);
    const note = (i: number, port: string) => describeRow(cellProvenance(e, e.graph, 'valleys', i, domain).find((r) => r.node === 'valleys' && r.port === port)!).note;
    const cut = grab(e, 'valleys', 'cut');
    const deep = cut.indexOf(Math.max(...cut));
    // The params by the words their sliders go by, strength (K · dt) and area exponent m, as the
    // node's text names them: it said "F = strength · A^m / L", a key found on no slider.
    expect(note(deep, 'cut')).toMatch(/^cut by \S+ in 5 steps: \S+ rain × cells drain through it \(last step\); each step closes F \/ \(1 \+ F\) of its drop to where it drains, F = strength \(K · dt\) · A\^m \/ L = \S+ along an axis \(m the area exponent m\)$/);
    const seaCell = before.data.findIndex((h) => h < before.seaLevel);
    expect(note(seaCell, 'cut')).toBe('under the sea level: base level, never cut');
    const edge = before.data.findIndex((h, i) => h >= before.seaLevel && i < 96);
    expect(note(edge, 'cut')).toBe("on the map's edge: base level, never cut");
    // The terrain's row, the one read first (the map shows the terrain), says how deep it was cut.
    expect(note(deep, 'terrain')).toMatch(new RegExp(`^sea level \\S+: land, \\S+ above the sea; cut by ${formatValue(cut[deep])} here \\(its cut row says why\\)$`));
    expect(note(edge, 'terrain')).toMatch(/^sea level \S+: land, \S+ above the sea; not cut here \(its cut row says why\)$/);
    expect(note(seaCell, 'terrain')).toMatch(/^sea level \S+: water, \S+ deep$/);
  });
});

describe('deposition (Yuan et al. 2019)', () => {
  // One step on the test's heights with the rain of the moisture, and the drainage that step
  // routed: the flood of the heights it started from.
  const oneStep = (deposition: number, p: Partial<StreamPowerParams> = {}) => {
    const { out, area } = erode(height, N, sea, moisture, { iterations: 1, strength: 0.5, deposition, ...p });
    const filled = new Float32Array(height.length);
    const receiver = new Int32Array(height.length);
    const { order, count } = priorityFlood(height, N, sea, filled, receiver);
    return { out, area, receiver, order: order.slice(0, count) };
  };
  const cellArea = (256 / N) ** 2;

  it('is the step without it, bit for bit, at 0 (the default)', () => {
    for (const p of [{}, { strength: 3, iterations: 12, m: 0.7 }]) {
      expect(sameBits(erode(height, N, sea, moisture, { ...p, deposition: 0 }).out, erode(height, N, sea, moisture, p).out)).toBe(true);
    }
  });

  it('fills the valley floors where the rivers gather and slow, and cuts less, against the same steps without it', () => {
    const without = erode(height, N, sea, moisture);
    const floors = [...without.area].filter((a) => a > 0).sort((a, b) => a - b);
    const big = floors[Math.floor(floors.length * 0.9)];
    const measure = (deposition: number) => {
      const { out } = erode(height, N, sea, moisture, { deposition });
      let floor = 0;
      let floorCells = 0;
      let cut = 0;
      let raised = 0;
      for (let i = 0; i < height.length; i++) {
        if (!(height[i] >= sea)) continue;
        if (without.area[i] >= big) ((floor += out[i]), floorCells++);
        cut += Math.max(0, height[i] - out[i]);
        if (out[i] > height[i]) raised++;
      }
      return { floor: floor / floorCells, cut, raised };
    };
    const none = measure(0);
    const some = measure(0.5);
    const more = measure(2);
    expect(none.raised).toBe(0);
    expect(some.raised).toBeGreaterThan(20);
    expect(more.raised).toBeGreaterThan(some.raised);
    expect(some.floor).toBeGreaterThan(none.floor);
    expect(more.floor).toBeGreaterThan(some.floor);
    expect(some.cut).toBeLessThan(none.cut);
    expect(more.cut).toBeLessThan(some.cut);
  });

  it('lays down no more than was eroded: the sediment each cell sends on is never negative, and the rest leaves by the sea or the edge', () => {
    for (const deposition of [0.5, 2]) {
      for (const p of [{}, { strength: 5, m: 0.7 }, { loss: 0.4 }]) {
        const { out, receiver, order } = oneStep(deposition, p);
        // The flux of the final heights, from the ridges down: what reached a cell plus what it lost.
        const flux = new Float64Array(height.length);
        let negative = 0;
        let left = 0;
        let eroded = 0;
        let deposited = 0;
        for (let q = order.length - 1; q >= 0; q--) {
          const i = order[q];
          const sent = flux[i] + (height[i] - out[i]) * cellArea;
          if (sent < -1e-9) negative++;
          if (receiver[i] >= 0) flux[receiver[i]] += sent;
          else left += sent;
          if (out[i] < height[i]) eroded += (height[i] - out[i]) * cellArea;
          else deposited += (out[i] - height[i]) * cellArea;
        }
        const label = `G ${deposition} ${JSON.stringify(p)}`;
        expect(negative, label).toBe(0);
        expect(deposited, label).toBeGreaterThan(0);
        expect(eroded, label).toBeGreaterThan(deposited);
        expect(left, label).toBeCloseTo(eroded - deposited, 6);
      }
    }
  });

  it('raises no cell above the land that drains into it, nor any that nothing drains into, and keeps the base levels', () => {
    for (const deposition of [0.5, 2]) {
      const { out, receiver } = oneStep(deposition, { strength: 2 });
      const highestDonor = new Float32Array(height.length).fill(-Infinity);
      for (let i = 0; i < height.length; i++) if (receiver[i] >= 0) highestDonor[receiver[i]] = Math.max(highestDonor[receiver[i]], height[i]);
      const wrong: string[] = [];
      let raised = 0;
      for (let i = 0; i < height.length; i++) {
        if (!(height[i] >= sea) || onEdge(i, N)) {
          if (!Object.is(out[i], height[i])) wrong.push(`base level ${i}: ${height[i]} → ${out[i]}`);
          continue;
        }
        if (!(out[i] > height[i])) continue;
        raised++;
        if (out[i] > highestDonor[i]) wrong.push(`cell ${i} raised to ${out[i]}, above its donors (highest ${highestDonor[i]})`);
      }
      expect(wrong).toEqual([]);
      expect(raised).toBeGreaterThan(10);
    }
  });

  it('gives k steps as k single steps, bit for bit', () => {
    let h = height;
    for (let step = 0; step < 4; step++) h = erode(h, N, sea, moisture, { iterations: 1, strength: 0.5, deposition: 1 }).out;
    expect(sameBits(erode(height, N, sea, moisture, { iterations: 4, strength: 0.5, deposition: 1 }).out, h)).toBe(true);
  });

  it('keeps an infinite height infinite and every finite one finite, as without deposition', () => {
    // A +∞ (an overflow upstream) on the land sent ∞ − ∞ on: its receivers' heights came out NaN.
    const land = [...height.keys()].filter((i) => height[i] > sea + 0.05 && !onEdge(i, N));
    const peaks = new Float32Array(height);
    for (const i of [land[10], land[Math.floor(land.length / 2)], land[land.length - 10]]) peaks[i] = Infinity;
    for (const deposition of [0, 1, 4]) {
      const { out } = erode(peaks, N, sea, moisture, { deposition });
      const wrong = [...peaks.keys()].filter((i) => !Object.is(Number.isFinite(out[i]), Number.isFinite(peaks[i])) || (peaks[i] === Infinity && out[i] !== Infinity));
      expect(wrong, `G ${deposition}`).toEqual([]);
    }
  });

  it('refuses a deposition out of range, naming it', () => {
    const out = new Float32Array(N * N);
    const area = new Float32Array(N * N);
    expect(() => streamPowerErosion(height, N, sea, null, { ...DEFAULTS, deposition: -0.5 }, out, area)).toThrow('fluvial: deposition must be a number from 0 to 4, got -0.5');
    expect(() => streamPowerErosion(height, N, sea, null, { ...DEFAULTS, deposition: NaN }, out, area)).toThrow('fluvial: deposition must be a number from 0 to 4, got NaN');
  });
});
