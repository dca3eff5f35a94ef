// The histogram of a layer whose 0 cells are drawn apart (a lake depth: 0 is no lake) bins only
// the cells that carry the quantity and counts the 0 cells in rows of their own, the sea apart:
// binned with the rest, a map almost all dry land plotted as one bar at 0 and hairs of depth.
// Chosen by the meaning's ramp (rampFor's zero), not by a node's type.
import { describe, expect, it } from 'vitest';
import { layerHistogram } from '../src/render/histogram.ts';

describe('the histogram of a lake depth layer', () => {
  const n = 16;
  const data = new Float32Array(n * n);
  const land = new Uint8Array(n * n).fill(1);
  // 10 lake cells of depths 0.01 … 0.1, the bottom two rows sea, the rest dry land.
  for (let k = 0; k < 10; k++) data[100 + k] = 0.01 * (k + 1);
  for (let i = 0; i < 2 * n; i++) land[i] = 0;

  it('bins the lake cells alone, from the shallowest to the deepest, and counts no lake and sea apart', () => {
    const h = layerHistogram({ type: 'field', meaning: 'lake', data }, 'height', 10, land);
    if (h.kind !== 'field') throw new Error(h.kind);
    expect(h.lo).toBeCloseTo(0.01, 6);
    expect(h.hi).toBeCloseTo(0.1, 6);
    expect([...h.counts]).toEqual(new Array(10).fill(1));
    expect(h.apart).toEqual({ ones: 10, zeros: n * n - 10 - 2 * n, one: 'lake', zero: 'no lake' });
    expect(h.sea).toBe(2 * n);
    // The ramp's range is the map's: from 0, the lake ramp's floor, to the deepest.
    expect([h.rampLo, h.rampHi]).toEqual([0, h.hi]);
  });

  it('without a sea counts every 0 cell as no lake, and with no lake at all bins nothing', () => {
    const h = layerHistogram({ type: 'field', meaning: 'lake', data });
    if (h.kind !== 'field') throw new Error(h.kind);
    expect(h.apart?.zeros).toBe(n * n - 10);
    expect(h.sea).toBeUndefined();
    const dry = layerHistogram({ type: 'field', meaning: 'lake', data: new Float32Array(n * n) });
    if (dry.kind !== 'field') throw new Error(dry.kind);
    expect(dry.apart).toEqual({ ones: 0, zeros: n * n, one: 'lake', zero: 'no lake' });
    expect(dry.counts.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('leaves a field whose 0 is a value like any other binned whole', () => {
    const h = layerHistogram({ type: 'field', meaning: 'distance', data }, 'height', 10, land);
    if (h.kind !== 'field') throw new Error(h.kind);
    expect(h.apart).toBeUndefined();
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(n * n);
  });
});
