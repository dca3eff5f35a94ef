// The terrain operators of issue 12: each node's invariants (identities, ranges, exactness),
// world consistency of the local ones, and the same bits in another process.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blurKernel, gaussianWeights, usesBoxes } from '../nodes/blur.ts';
import { boxReach, boxWeights } from '../src/kernels/box-blur.ts';
import { cellularKernel, featurePoint } from '../nodes/cellular.ts';
import { cellularRows } from '../src/kernels/cellular.ts';
import { slopeKernel } from '../nodes/slope.ts';
import { selectKernel } from '../nodes/select.ts';
import { terraceKernel } from '../nodes/terrace.ts';
import { createEngine } from '../src/engine/engine.ts';
import type { Domain } from '../src/grid.ts';
import { foldedGrid } from '../src/kernels/folded.ts';
import { fbmGrid, simplex2 } from '../src/kernels/noise.ts';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { loadGraph, rng } from './helpers/graphs.ts';
import { opsGraph, OPS_OUTPUTS } from './helpers/ops-graph.ts';

const D: Domain = { x0: -0.3, y0: 0.7, extent: 1, n: 61 };
const FBM = { seed: 7, frequency: 3, octaves: 5, lacunarity: 2, gain: 0.5 };

function randomField(n: number, seed: number, lo = -1, hi = 1): Float32Array {
  const r = rng(seed);
  return Float32Array.from({ length: n }, () => lo + (hi - lo) * r());
}

/** Cells of the largest 8-connected set of cells with v ≥ the q-quantile, as a share of those cells. */
function largestComponentShare(v: Float32Array, n: number, q: number): number {
  const sorted = Float32Array.from(v).sort();
  const cut = sorted[Math.floor(q * (sorted.length - 1))];
  const seen = new Uint8Array(v.length);
  let best = 0;
  let total = 0;
  for (let s = 0; s < v.length; s++) {
    if (v[s] < cut) continue;
    total++;
    if (seen[s]) continue;
    let size = 0;
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const r = Math.floor(i / n);
      const c = i % n;
      for (const [rr, cc] of [[r - 1, c - 1], [r - 1, c], [r - 1, c + 1], [r, c - 1], [r, c + 1], [r + 1, c - 1], [r + 1, c], [r + 1, c + 1]]) {
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        const j = rr * n + cc;
        if (!seen[j] && v[j] >= cut) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    best = Math.max(best, size);
  }
  return best / total;
}

describe('fbm kinds: ridged and billow', () => {
  it('one octave is the fold of the simplex noise: (1 − 1.25|n|)² onto −1 … 1, and 2.5|n| − 1', () => {
    const one = { ...FBM, octaves: 1 };
    const ridged = new Float32Array(D.n * D.n);
    const billow = new Float32Array(D.n * D.n);
    foldedGrid(ridged, D, one, 'ridged');
    foldedGrid(billow, D, one, 'billow');
    for (const i of [0, 17, 1000, D.n * D.n - 1]) {
      const r = Math.floor(i / D.n);
      const c = i % D.n;
      const x = (D.x0 + (c + 0.5) / D.n) * one.frequency;
      const y = (D.y0 + (r + 0.5) / D.n) * one.frequency;
      const nz = simplex2(one.seed, x, y);
      expect(ridged[i]).toBeCloseTo(2 * (1 - 1.25 * Math.abs(nz)) ** 2 - 1, 5);
      expect(billow[i]).toBeCloseTo(2.5 * Math.abs(nz) - 1, 5);
    }
  });

  it('stays within [−1, 1] and differs from the plain fBm', () => {
    const plain = new Float32Array(D.n * D.n);
    fbmGrid(plain, D, FBM);
    for (const kind of ['ridged', 'billow'] as const) {
      const out = new Float32Array(D.n * D.n);
      foldedGrid(out, D, FBM, kind);
      expect(Math.min(...out)).toBeGreaterThanOrEqual(-1);
      expect(Math.max(...out)).toBeLessThanOrEqual(1);
      expect(out.some((v, i) => v !== plain[i])).toBe(true);
    }
  });

  it('ridged crests join into ranges: the highest 30 % of the cells form one network, the plain fBm’s separate hills', () => {
    const n = 160;
    const d: Domain = { x0: 0, y0: 0, extent: 1, n };
    for (const seed of [1, 2, 3]) {
      const s = { ...FBM, seed, frequency: 3, octaves: 6 };
      const plain = new Float32Array(n * n);
      const ridged = new Float32Array(n * n);
      fbmGrid(plain, d, s);
      foldedGrid(ridged, d, s, 'ridged');
      // Measured: ridged 0.92–0.97 of those cells in one piece, plain 0.28–0.38.
      expect(largestComponentShare(ridged, n, 0.7)).toBeGreaterThan(0.8);
      expect(largestComponentShare(ridged, n, 0.7)).toBeGreaterThan(2 * largestComponentShare(plain, n, 0.7));
    }
  });

  it('a version-1 file opens with kind "plain" and gives the plain fBm’s bits', () => {
    const v1 = {
      format: 'terrain-graph',
      version: 1,
      name: 'old',
      notes: '',
      view: { x: D.x0, y: D.y0, size: D.n },
      nodes: [{ id: 'n', type: 'fbm', title: 'n', position: [0, 0], params: FBM }],
      edges: [],
    };
    const g = parseGraph(v1);
    expect(g.nodes[0].params.kind).toBe('plain');
    const e = createEngine(g);
    e.evaluate();
    const expected = new Float32Array(D.n * D.n);
    fbmGrid(expected, D, FBM);
    expect(e.output('n')!.data).toEqual(expected);
  });
});

describe('terrace', () => {
  const input = randomField(4001, 3, -0.6, 0.9);
  const p = { steps: 5, sharpness: 0.7, low: -0.2, high: 0.6 };

  it('sharpness 0 is the identity, bit for bit', () => {
    const out = new Float32Array(input.length);
    terraceKernel(input, { ...p, sharpness: 0 }, out);
    expect(Buffer.from(out.buffer).equals(Buffer.from(input.buffer))).toBe(true);
  });

  it('never falls where the input rises, is continuous, and leaves values outside low … high alone', () => {
    const xs = Float32Array.from({ length: 20001 }, (_, k) => -0.6 + (1.5 * k) / 20000);
    const out = new Float32Array(xs.length);
    terraceKernel(xs, p, out);
    let jump = 0;
    for (let k = 1; k < xs.length; k++) {
      expect(out[k]).toBeGreaterThanOrEqual(out[k - 1]);
      jump = Math.max(jump, out[k] - out[k - 1]);
    }
    expect(jump).toBeLessThan(0.01); // the input steps by 7.5e-5: no gap at a riser
    for (let k = 0; k < xs.length; k++) if (xs[k] <= p.low || xs[k] >= p.high) expect(out[k]).toBe(xs[k]);
  });

  it('at sharpness 1 every value in the range sits on one of the steps', () => {
    const out = new Float32Array(input.length);
    terraceKernel(input, { ...p, sharpness: 1 }, out);
    const w = (p.high - p.low) / p.steps;
    for (let i = 0; i < input.length; i++) {
      if (input[i] <= p.low || input[i] >= p.high) continue;
      const k = (out[i] - p.low) / w;
      expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-4);
      expect(out[i]).toBeLessThanOrEqual(input[i] + 1e-6);
    }
  });

  it('takes the range in either order, and an empty range is the identity, bit for bit (sliders dragged past each other)', () => {
    const run = (q: typeof p) => {
      const out = new Float32Array(input.length);
      terraceKernel(input, q, out);
      return out;
    };
    const ordered = run(p);
    expect(ordered).not.toEqual(input);
    expect(run({ ...p, low: p.high, high: p.low })).toEqual(ordered);
    for (const at of [0.5, -0.2]) expect(Buffer.from(run({ ...p, low: at, high: at }).buffer).equals(Buffer.from(input.buffer)), `low = high = ${at}`).toBe(true);
  });
});

describe('select', () => {
  const p = { low: -0.1, high: 0.3, softness: 0.2 };

  it('is 1 inside the range, 0 beyond the ramps, and rises and falls monotonically between', () => {
    const xs = Float32Array.from({ length: 8001 }, (_, k) => -1 + (2 * k) / 8000);
    const out = new Float32Array(xs.length);
    selectKernel(xs, p, out);
    for (let k = 0; k < xs.length; k++) {
      const v = xs[k];
      if (v >= p.low && v <= p.high) expect(out[k]).toBe(1);
      if (v <= p.low - p.softness || v >= p.high + p.softness) expect(out[k]).toBe(0);
      if (k > 0 && v <= p.low) expect(out[k]).toBeGreaterThanOrEqual(out[k - 1]);
      if (k > 0 && v > p.high) expect(out[k]).toBeLessThanOrEqual(out[k - 1]);
    }
  });

  it('takes the range in either order: low above high selects the same cells as the ends swapped', () => {
    const xs = Float32Array.from({ length: 8001 }, (_, k) => -1 + (2 * k) / 8000);
    for (const softness of [0, p.softness]) {
      const ordered = new Float32Array(xs.length);
      const swapped = new Float32Array(xs.length);
      selectKernel(xs, { ...p, softness }, ordered);
      selectKernel(xs, { low: p.high, high: p.low, softness }, swapped);
      expect(ordered.filter((m) => m === 1).length).toBeGreaterThan(1000);
      expect(swapped).toEqual(ordered);
    }
  });

  it('as nodes, terrace and select with low above high run and give the ends swapped', () => {
    const outputs = (swap: boolean) => {
      const g = opsGraph(40);
      for (const n of g.nodes) if (swap && (n.id === 'terrace' || n.id === 'select')) [n.params.low, n.params.high] = [n.params.high, n.params.low];
      const e = createEngine(g);
      e.evaluate();
      return ['terrace', 'select'].map((id) => {
        expect(e.status(id)!.state, id).toBe('ok');
        return e.output(id)!.data;
      });
    };
    expect(outputs(true)).toEqual(outputs(false));
  });

  it('softness 0 is a hard mask of exactly 0 and 1; NaN reads 0', () => {
    // Ends that Float32 holds exactly, so the cells at the ends are inside.
    const xs = Float32Array.from([-1, -0.125, 0, 0.25, 0.2501, NaN]);
    const out = new Float32Array(xs.length);
    selectKernel(xs, { low: -0.125, high: 0.25, softness: 0 }, out);
    expect([...out]).toEqual([0, 1, 1, 1, 0, 0]);
  });
});

describe('cellular', () => {
  const p = { seed: 11, frequency: 5, jitter: 1 };
  const run = (d: Domain, params = p) => {
    const bufs = [0, 1, 2, 3].map(() => new Float32Array(d.n * d.n));
    cellularKernel(d, params, bufs[0], bufs[1], bufs[2], bufs[3]);
    return { f1: bufs[0], f2: bufs[1], edges: bufs[2], cell: bufs[3] };
  };

  it('F1 and F2 equal a brute-force search over 7 × 7 lattice cells, for every jitter', () => {
    for (const jitter of [0, 0.5, 1]) {
      const params = { ...p, jitter };
      const { f1, f2, edges } = run(D, params);
      for (let i = 0; i < D.n * D.n; i += 7) {
        const r = Math.floor(i / D.n);
        const c = i % D.n;
        const x = (D.x0 + (c + 0.5) / D.n) * p.frequency;
        const y = (D.y0 + (r + 0.5) / D.n) * p.frequency;
        const ds: number[] = [];
        for (let dj = -3; dj <= 3; dj++) {
          for (let di = -3; di <= 3; di++) {
            const [px, py] = featurePoint(params.seed, jitter, Math.floor(x) + di, Math.floor(y) + dj);
            ds.push(Math.hypot(px - x, py - y));
          }
        }
        ds.sort((a, b) => a - b);
        expect(f1[i]).toBeCloseTo(ds[0], 5);
        expect(f2[i]).toBeCloseTo(ds[1], 5);
        expect(edges[i]).toBeCloseTo(f2[i] - f1[i], 6);
      }
    }
  });

  it('by pruned blocks and row bands writes the reference search\'s bits, ties of a square grid included', () => {
    let compared = 0;
    for (const jitter of [0, 0.3, 1]) {
      for (const frequency of [0.25, 3, 8, 37.5, 200]) {
        for (const d of [D, { x0: -0.37, y0: 1.13, extent: 0.5, n: 77 }]) {
          const params = { seed: 5, frequency, jitter };
          const want = run(d, params);
          const got = [0, 1, 2, 3].map(() => new Float32Array(d.n * d.n));
          const band = { domain: d, ...params, f1: got[0], f2: got[1], edges: got[2], cell: got[3] };
          // Two uneven bands, as threads would take them.
          cellularRows(band, 0, 29);
          cellularRows(band, 29, d.n);
          for (const [k, name] of (['f1', 'f2', 'edges', 'cell'] as const).entries()) {
            for (let i = 0; i < got[k].length; i++) {
              if (!Object.is(got[k][i], want[name][i])) expect.fail(`${name}[${i}] ${got[k][i]} ≠ ${want[name][i]} at frequency ${frequency}, jitter ${jitter}`);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100000);
  });

  it('is the same bits where two views overlap (a local node at world coordinates)', () => {
    const a = run({ x0: 0, y0: 0, extent: 1, n: 64 });
    const b = run({ x0: 0.25, y0: -0.125, extent: 1, n: 64 });
    for (let r = 0; r < 56; r++) {
      for (let c = 0; c < 48; c++) {
        // b lies a quarter view east and an eighth south of a: b's cell (r + 8, c) is a's (r, c + 16).
        const ia = r * 64 + c + 16;
        const ib = (r + 8) * 64 + c;
        expect(b.f1[ib]).toBe(a.f1[ia]);
        expect(b.cell[ib]).toBe(a.cell[ia]);
      }
    }
  });

  it('keeps f1 ≤ f2, the cell value in [−1, 1] and constant across a cell', () => {
    const { f1, f2, cell } = run(D);
    for (let i = 0; i < f1.length; i++) {
      expect(f1[i]).toBeLessThanOrEqual(f2[i]);
      expect(Math.abs(cell[i])).toBeLessThanOrEqual(1);
    }
    expect(new Set(cell).size).toBeLessThan(60); // about 25 lattice cells cover the view
  });
});

describe('slope', () => {
  it('of a plane a·x + b·y is √(a² + b²) everywhere, its border included', () => {
    const d: Domain = { x0: 0.5, y0: -2, extent: 1, n: 33 };
    const h = new Float32Array(33 * 33);
    for (let r = 0; r < 33; r++) for (let c = 0; c < 33; c++) h[r * 33 + c] = 0.3 * ((c + 0.5) / 33) - 0.4 * ((r + 0.5) / 33);
    const out = new Float32Array(h.length);
    slopeKernel(h, d, d, out);
    for (const v of out) expect(v).toBeCloseTo(0.5, 4);
  });
});

describe('blur', () => {
  it('keeps a constant field and equals the direct 2-D Gaussian sum inside the grid', () => {
    const d: Domain = { x0: 0, y0: 0, extent: 1, n: 50 };
    const input = randomField(2500, 8);
    const out = new Float32Array(2500);
    blurKernel(Float32Array.from({ length: 2500 }, () => 0.25), d, d, 0.04, out);
    for (const v of out) expect(v).toBeCloseTo(0.25, 6);
    blurKernel(input, d, d, 0.04, out); // σ = 2 cells
    const w = gaussianWeights(2);
    const k = (w.length - 1) / 2;
    for (const [r, c] of [[10, 10], [25, 31], [40, 20]]) {
      let s = 0;
      for (let a = -k; a <= k; a++) for (let b = -k; b <= k; b++) s += w[a + k] * w[b + k] * input[(r + a) * 50 + c + b];
      expect(out[r * 50 + c]).toBeCloseTo(s, 5);
    }
  });
});

describe('blur by three boxes (σ from 3 cells)', () => {
  it('has the Gaussian’s variance exactly, each 1-D weight within 6.5 % of its peak, and sums to 1', () => {
    for (const sigma of [3.5, 4.48, 7.5, 10.24, 25.6, 40]) {
      expect(usesBoxes(sigma), `σ ${sigma}`).toBe(true);
      const w = boxWeights(sigma);
      const k = (w.length - 1) / 2;
      expect(k).toBe(boxReach(sigma));
      expect(k).toBeLessThanOrEqual(3.5 * sigma); // within the node's halo
      let sum = 0;
      let variance = 0;
      let worst = 0;
      const peak = 1 / (Math.sqrt(2 * Math.PI) * sigma);
      for (let j = -k; j <= k; j++) {
        sum += w[j + k];
        variance += j * j * w[j + k];
        worst = Math.max(worst, Math.abs(w[j + k] - peak * Math.exp(-(j * j) / (2 * sigma * sigma))));
      }
      expect(sum).toBeCloseTo(1, 12);
      expect(Math.sqrt(variance)).toBeCloseTo(sigma, 9);
      expect(worst / peak, `σ ${sigma}`).toBeLessThan(0.065);
      expect(worst / peak, `σ ${sigma}`).toBeGreaterThan(0.01); // boxes, not the Gaussian itself
    }
  });

  it('equals the direct 2-D sum of the composed box weights, and keeps a constant field', () => {
    const n = 60;
    const d: Domain = { x0: 0.25, y0: -1, extent: 1, n };
    const input = randomField(n * n, 11);
    const out = new Float32Array(n * n);
    const sigma = 4.2;
    blurKernel(Float32Array.from({ length: n * n }, () => -0.75), d, d, sigma / n, out);
    for (const v of out) expect(v).toBeCloseTo(-0.75, 6);
    blurKernel(input, d, d, sigma / n, out);
    const w = boxWeights(sigma);
    const k = (w.length - 1) / 2;
    for (const [r, c] of [[15, 15], [30, 41], [44, 20], [29, 30]]) {
      let s = 0;
      for (let a = -k; a <= k; a++) for (let b = -k; b <= k; b++) s += w[a + k] * w[b + k] * input[(r + a) * n + c + b];
      expect(out[r * n + c]).toBeCloseTo(s, 5);
    }
  });
});

describe('halo nodes (warp, blur, slope)', () => {
  it('give the same bits wherever two views overlap, and as one large view', () => {
    // Views on one lattice: a, b a quarter east and an eighth south of it, and a 128² view
    // would be another lattice; instead c covers both a and b from (0, −0.125) at 64².
    const views = [
      { x: 0, y: 0 },
      { x: 0.25, y: -0.125 },
      { x: 0.125, y: -0.0625 },
    ];
    const engines = views.map((v) => {
      const e = createEngine(opsGraph(64, v));
      e.evaluate();
      return e;
    });
    for (const id of ['warp', 'warpWired', 'blur', 'blurWide', 'slope']) {
      const outs = engines.map((e) => e.output(id)!.data);
      for (let p = 0; p < views.length; p++) {
        for (let q = p + 1; q < views.length; q++) {
          const dc = Math.round((views[q].x - views[p].x) * 64);
          const dr = Math.round((views[q].y - views[p].y) * 64);
          let compared = 0;
          for (let r = 0; r < 64; r++) {
            for (let c = 0; c < 64; c++) {
              // p's cell (r, c) is q's cell (r − dr, c − dc).
              const rq = r - dr;
              const cq = c - dc;
              if (rq < 0 || cq < 0 || rq >= 64 || cq >= 64) continue;
              expect(outs[q][rq * 64 + cq], `${id} at view ${p} cell ${r},${c}`).toBe(outs[p][r * 64 + c]);
              compared++;
            }
          }
          expect(compared).toBeGreaterThan(1000);
        }
      }
    }
  });

  it('amplitude 0 (warp) and radius 0 (blur) are the identity, bit for bit', () => {
    const g = opsGraph(45);
    for (const n of g.nodes) {
      if (n.id === 'warp' || n.id === 'warpWired') n.params.amplitude = 0;
      if (n.id === 'blur' || n.id === 'blurWide') n.params.radius = 0;
    }
    const e = createEngine(g);
    e.evaluate();
    const ridged = e.output('ridged')!.data;
    for (const id of ['warp', 'warpWired']) expect(Buffer.from(e.output(id)!.data.buffer).equals(Buffer.from(ridged.buffer)), id).toBe(true);
  });

  it('warp and blur carry their input’s meaning: a warped noise is a noise, a warped height a height, a warped mask 0 … 1', () => {
    const e = createEngine(opsGraph(48));
    e.evaluate();
    expect(e.output('ridged')!.meaning).toBe('noise');
    // warpWired reads the warp's grown result through a crop.
    for (const id of ['warp', 'warpWired', 'blur', 'blurWide']) expect(e.output(id)!.meaning, id).toBe('noise');
    const base = loadGraph('default.json');
    const g: Graph = { ...base, view: { ...base.view, size: 48 } };
    const warped = (id: string, from: string, port: string) => {
      g.nodes.push({ id, type: 'warp', title: id, position: [0, 0], params: { amplitude: 0.05, seed: 1, frequency: 3 } });
      g.edges.push({ from: { node: from, port }, to: { node: id, port: 'in' } });
    };
    warped('warpedHeight', 'height', 'out');
    warped('warpedTerrain', 'water', 'terrain');
    warped('warpedMask', 'water', 'mask');
    g.nodes.push({ id: 'blurredMask', type: 'blur', title: 'blurredMask', position: [0, 0], params: { radius: 0.02 } });
    g.edges.push({ from: { node: 'water', port: 'mask' }, to: { node: 'blurredMask', port: 'in' } });
    const d = createEngine(g);
    d.evaluate();
    expect(d.output('warpedHeight')!.meaning).toBe('height');
    expect(d.output('warpedTerrain')!.meaning).toBe('height');
    expect(d.output('warpedMask')!.meaning).toBe('unit');
    expect(d.output('blurredMask')!.meaning).toBe('unit');
  });

  it('warp moves no cell farther than its amplitude: each value lies within the input’s range around the cell', () => {
    const g = opsGraph(64, { x: 0, y: 0 });
    const e = createEngine(g);
    e.evaluate();
    const warped = e.output('warp')!.data;
    const src = e.output('ridged')!.data;
    // Every warped value is one of the source values within the amplitude (bilinear between them):
    // so it lies within the min and max of the source over the amplitude's square plus a cell.
    const reach = Math.ceil(0.07 * 64) + 1;
    for (let r = reach; r < 64 - reach; r += 3) {
      for (let c = reach; c < 64 - reach; c += 3) {
        let lo = Infinity;
        let hi = -Infinity;
        for (let a = -reach; a <= reach; a++) for (let b = -reach; b <= reach; b++) {
          const v = src[(r + a) * 64 + c + b];
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
        expect(warped[r * 64 + c]).toBeGreaterThanOrEqual(lo - 1e-6);
        expect(warped[r * 64 + c]).toBeLessThanOrEqual(hi + 1e-6);
      }
    }
  });
});

describe('the operators in another process', () => {
  it('give the same bits in a fresh Node process as here', () => {
    const g: Graph = opsGraph(45);
    const e = createEngine(g);
    e.evaluate();
    const hash = createHash('sha256');
    for (const [node, port] of OPS_OUTPUTS) hash.update(Buffer.from(e.output(node, port)!.data.buffer));
    const here = hash.digest('hex');
    const there = execFileSync(process.execPath, ['--import', 'tsx', 'tests/helpers/ops-graph.ts', '45'], { encoding: 'utf8' }).trim();
    expect(there).toBe(here);
  });
});
