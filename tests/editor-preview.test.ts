// Node previews: the one-pass drawing matches renderLayer on the sampled grid, to the byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, parseGraph } from '../src/index.ts';
import { renderLayer } from '../src/render/layer.ts';
import { downsampleValue, histogram, renderPreview } from '../src/render/preview.ts';
import type { Value } from '../src/model/values.ts';

const graph = parseGraph(readFileSync('graphs/default.json', 'utf8'));
const engine = createEngine(graph);
engine.evaluate();
const n = graph.view.size;

const outputs: [string, Value][] = graph.nodes.flatMap((node) => {
  const out: [string, Value][] = [];
  for (const port of ['out', 'terrain', 'mask']) {
    const v = engine.output(node.id, port);
    if (v) out.push([`${node.id}.${port}`, v]);
  }
  return out;
});

describe('node previews', () => {
  it.each(outputs)('draws %s as renderLayer draws the sampled grid', (_name, value) => {
    for (const size of [148, 64, n]) {
      const fast = renderPreview(value, n, size);
      const reference = renderLayer(downsampleValue(value, n, Math.min(n, size)), Math.min(n, size));
      expect(fast.width).toBe(Math.min(n, size));
      expect(Buffer.from(fast.rgba).equals(Buffer.from(reference))).toBe(true);
    }
  });

  it('keeps rivers a cell wide in a small picture, where a nearest-cell sample lost them', () => {
    // A 256² map with one river along column 4, drawn 104 pixels wide (a collapsed node's preview).
    const n = 256;
    const size = 104;
    const data = new Float32Array(n * n);
    for (let r = 0; r < n; r++) data[r * n + 4] = 1;
    const riverRgb = Array.from(renderLayer({ type: 'field', meaning: 'river', data: Float32Array.of(1) }, 1).slice(0, 3)).join();
    const rowsWith = (rgba: Uint8ClampedArray) => {
      let rows = 0;
      for (let y = 0; y < size; y++) {
        let found = false;
        for (let x = 0; x < size && !found; x++) found = Array.from(rgba.slice((y * size + x) * 4, (y * size + x) * 4 + 3)).join() === riverRgb;
        if (found) rows++;
      }
      return rows;
    };
    const rivers = renderPreview({ type: 'field', meaning: 'river', data }, n, size).rgba;
    expect(rowsWith(rivers)).toBe(size);
    // The water mask is no lines: sampled at cell centres as before, and that sample misses column 4.
    const water = renderPreview({ type: 'field', meaning: 'mask', data }, n, size).rgba;
    expect(rowsWith(water)).toBe(0);
  });

  it('draws NaN, infinities and a flat field as renderLayer does', () => {
    const data = new Float32Array(16 * 16).map((_, i) => (i % 7) / 3);
    data[3] = NaN;
    data[5] = Infinity;
    data[9] = -Infinity;
    for (const meaning of ['distance', 'unit', 'moisture', 'lake'] as const) {
      const v: Value = { type: 'field', meaning, data };
      expect(Buffer.from(renderPreview(v, 16, 8).rgba).equals(Buffer.from(renderLayer(downsampleValue(v, 16, 8), 8)))).toBe(true);
      const flat: Value = { type: 'field', meaning, data: new Float32Array(256).fill(2) };
      expect(Buffer.from(renderPreview(flat, 16, 16).rgba).equals(Buffer.from(renderLayer(flat, 16)))).toBe(true);
    }
  });

  it('draws into a buffer it is given when the size fits', () => {
    const value = engine.output('biomes')!;
    const buffer = new Uint8ClampedArray(148 * 148 * 4);
    expect(renderPreview(value, n, 148, {}, buffer).rgba).toBe(buffer);
    expect(renderPreview(engine.output('height')!, n, 148, {}, buffer).rgba).toBe(buffer);
    expect(renderPreview(value, n, 100, {}, buffer).rgba).not.toBe(buffer);
  });

  it('counts every finite value once in the histogram', () => {
    const h = histogram(new Float32Array([0, 0.5, 1, NaN, Infinity]), 4);
    expect([...h.counts]).toEqual([1, 0, 1, 1]);
    expect([h.lo, h.hi]).toEqual([0, 1]);
  });
});
