// An engine kept through many edits gives what a fresh engine gives: random params set (those
// a footprint reads and the others), views moved and resized, the graph set again, results
// dropped (dispose), and evaluations of everything or of one target. What the engine keeps
// between evaluations (the layout, src/engine/layout.ts; the result cache and buffer pool; the
// rank's table and the water's settled cut) must never show through.
import { describe, expect, it } from 'vitest';
import { createEngine, nodeDef } from '../src/index.ts';
import type { Engine } from '../src/engine/engine.ts';
import { loadGraph, rng } from './helpers/graphs.ts';

/** The state and the first output's bytes of each node. */
function outputs(e: Engine, ids: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const id of ids) {
    m.set(`${id} state`, String(e.status(id)?.state));
    const data = (e.output(id) as { data?: ArrayBufferView } | undefined)?.data;
    if (data) m.set(id, Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'));
  }
  return m;
}

/** A random value for a number or enum param, or undefined for any other kind. */
function randomParam(spec: { kind: string; min?: number; max?: number; step?: number; options?: readonly string[] }, r: () => number): number | string | undefined {
  if (spec.kind === 'enum') return spec.options![Math.floor(r() * spec.options!.length)];
  if (spec.kind !== 'number' && spec.kind !== 'int') return undefined;
  const [lo, hi] = [spec.min ?? -1, spec.max ?? 1];
  const v = lo + r() * (hi - lo);
  return spec.kind === 'int' || Number.isInteger(spec.step) ? Math.round(v) : v;
}

describe('an engine edited many times', () => {
  it.each(['default.json', 'terrain-start.json'])('%s: gives after every edit what a fresh engine gives', (file) => {
    const r = rng(file.length * 97 + 1);
    const e = createEngine(loadGraph(file), { size: 40 });
    const ids = e.graph.nodes.map((n) => n.id);
    const wrong: string[] = [];
    for (let step = 0; step < 50; step++) {
      const what = r();
      if (what < 0.6) {
        const node = e.graph.nodes[Math.floor(r() * ids.length)];
        const params = nodeDef(node.type)!.params as Record<string, { kind: string }>;
        const key = Object.keys(params)[Math.floor(r() * Object.keys(params).length)];
        const value = key === undefined ? undefined : randomParam(params[key], r);
        if (value !== undefined) e.setParam(node.id, key, value as never);
      } else if (what < 0.8) e.setView({ x: Math.round((r() - 0.5) * 8) / 4, y: Math.round((r() - 0.5) * 8) / 4, size: [32, 40, 48][Math.floor(r() * 3)] });
      else if (what < 0.9) e.setGraph(e.graph);
      else e.dispose();
      const targets = r() < 0.3 ? [ids[Math.floor(r() * ids.length)]] : undefined;
      e.evaluate(targets ? { targets } : {});
      const fresh = createEngine(e.graph);
      fresh.evaluate(targets ? { targets } : {});
      const want = outputs(fresh, targets ?? ids);
      for (const [key, got] of outputs(e, targets ?? ids)) if (want.get(key) !== got) wrong.push(`step ${step}: ${key}`);
    }
    expect(wrong).toEqual([]);
  });
});
