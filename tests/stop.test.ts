// Stopping a stale evaluation (EvaluateOptions.shouldStop, RunContext.checkpoint): the engine's
// cache is left as if the stopped node had never started, and the next evaluation picks up there.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { createEngine, type Engine } from '../src/index.ts';
import { Stopped } from '../src/index.ts';
import { BufferPool, type AnyBuffer, type BufferKind, type BufferOf } from '../src/engine/pool.ts';
import { hydraulicErosion } from '../src/kernels/hydraulic.ts';
import { streamPowerErosion } from '../src/kernels/fluvial.ts';
import { thermalErosion } from '../src/kernels/thermal.ts';
import { type AnyNodeDef, catalogueOf } from '../src/model/manifest.ts';
import type { Graph } from '../src/model/graph.ts';
import { grab, grabIds, loadGraph, rng } from './helpers/graphs.ts';

const SIZE = 64;

/** A pool that counts the buffers it has handed out and not had back (holders counted). */
class CountingPool extends BufferPool {
  out = 0;
  override take<K extends BufferKind>(kind: K, length: number): BufferOf<K> {
    this.out++;
    return super.take(kind, length);
  }
  override hold(buffer: AnyBuffer): void {
    this.out++;
    super.hold(buffer);
  }
  override give(buffer: AnyBuffer): void {
    this.out--;
    super.give(buffer);
  }
}

/**
 * The catalogue with fluvial's run counting its checkpoints and asking to stop at the
 * `stopAt`-th (a test's slow node, stopped part-way through its steps).
 */
function stoppingCatalogue(control: { stopAt: number; calls: number; stop: boolean }) {
  const defs = CATALOGUE.types.map((d): AnyNodeDef => {
    if (d.type !== 'fluvial') return d;
    return {
      ...d,
      run(ctx, p) {
        const checkpoint = ctx.checkpoint;
        const counted = {
          ...ctx,
          checkpoint: () => {
            if (++control.calls === control.stopAt) control.stop = true;
            checkpoint();
          },
        };
        return d.run(counted as never, p as never);
      },
    } as AnyNodeDef;
  });
  return catalogueOf(defs);
}

function valleys(iterations: number): Graph {
  const g = loadGraph('carved-valleys.json');
  g.nodes.find((n) => n.id === 'valleys')!.params.iterations = iterations;
  return g;
}

describe('a stopped evaluation', () => {
  it('throws Stopped at the slow node, keeps what settled before, records no failure, and the next evaluation reruns only the rest', () => {
    const control = { stopAt: 2, calls: 0, stop: false };
    const engine = createEngine(valleys(50), { size: SIZE, catalogue: stoppingCatalogue(control) });
    let thrown: unknown = null;
    const onNodeMs: Record<string, number> = {};
    try {
      engine.evaluate({ shouldStop: () => control.stop, onNode: (id, ms) => void (onNodeMs[id] = (onNodeMs[id] ?? 0) + ms) });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Stopped);
    expect((thrown as Stopped).nodeId).toBe('valleys');
    // Stopped after its first step: one checkpoint passed, the second threw.
    expect(control.calls).toBe(2);
    expect(engine.status('valleys')).toBeUndefined();
    expect(engine.status('rivers')).toBeUndefined();
    expect(engine.status('water')?.state).toBe('ok');
    // The finished nodes' times are kept too (Engine.timings), as onNode was told them.
    const waterMs = engine.timings().water;
    expect(waterMs).toBeCloseTo(onNodeMs.water, 6);

    control.stop = false;
    control.stopAt = -1;
    const report = engine.evaluate({ shouldStop: () => control.stop });
    // Only the stopped node and what lies downstream of it run again.
    expect(Object.keys(report.ran).sort()).toEqual(['rivers', 'valleys']);
    for (const id of ['valleys', 'rivers', 'biomes']) expect(engine.status(id)?.state).toBe('ok');

    const fresh = createEngine(valleys(50), { size: SIZE });
    fresh.evaluate();
    for (const [node, port] of [['valleys', 'terrain'], ['valleys', 'cut'], ['rivers', undefined]] as const) {
      expect(grab(engine, node, port)).toEqual(grab(fresh, node, port));
    }
    expect(grabIds(engine, 'biomes')).toEqual(grabIds(fresh, 'biomes'));
  });

  it('leaves the previous result of the stopped node in place and gives back every buffer its run took', () => {
    const control = { stopAt: 3, calls: 0, stop: false };
    const pool = new CountingPool();
    const engine = createEngine(valleys(5), { size: SIZE, catalogue: stoppingCatalogue(control), pool });
    engine.evaluate();
    const before = grab(engine, 'valleys', 'terrain');
    const version = engine.status('valleys')!.version;
    const held = pool.out;
    control.calls = 0;
    control.stop = false;
    engine.setParam('valleys', 'iterations', 50);
    expect(() => engine.evaluate({ shouldStop: () => control.stop })).toThrow('evaluation stopped in node "valleys"');
    expect(control.calls).toBe(3);
    expect(pool.out).toBe(held);
    expect(engine.status('valleys')).toMatchObject({ state: 'ok', version });
    expect(grab(engine, 'valleys', 'terrain')).toEqual(before);
  });

  it('stops between nodes before running any when asked at once, and then evaluates as a fresh engine', () => {
    const engine = createEngine(valleys(5), { size: SIZE });
    expect(() => engine.evaluate({ shouldStop: () => true })).toThrow('evaluation stopped between nodes');
    expect(engine.status('cont')).toBeUndefined();
    engine.evaluate();
    const fresh = createEngine(valleys(5), { size: SIZE });
    fresh.evaluate();
    expect(grab(engine, 'rivers')).toEqual(grab(fresh, 'rivers'));
  });

  it('refuses a shouldStop that is not a function, naming the option', () => {
    const engine: Engine = createEngine(valleys(5), { size: SIZE });
    expect(() => engine.evaluate({ shouldStop: 1 as never })).toThrow('options.shouldStop: expected a function, got 1');
  });
});

describe("the erosions' checkpoints", () => {
  const n = 32;
  const random = rng(5);
  const height = Float32Array.from({ length: n * n }, () => random());
  const out = new Float32Array(n * n);
  const a = new Float32Array(n * n);
  const b = new Float32Array(n * n);

  it('fluvial calls it once per step, thermal once per pass, hydraulic once per row of cells', () => {
    let calls = 0;
    const count = () => void calls++;
    streamPowerErosion(height, n, 0.2, null, { strength: 0.5, m: 0.5, iterations: 7, loss: 0, cellLength: 1 }, out, a, count);
    expect(calls).toBe(7);
    calls = 0;
    thermalErosion(height, n, { iterations: 9, talusPerCell: 0.01, rate: 0.5 }, out, a, count);
    expect(calls).toBe(9);
    calls = 0;
    const hydraulic = CATALOGUE.def('hydraulic')!;
    const params = Object.fromEntries(Object.entries(hydraulic.params).map(([k, s]) => [k, s.default])) as never;
    hydraulicErosion(height, n, { ...(params as object), heightScale: 1 } as never, out, a, b, count);
    expect(calls).toBe(n);
  });
});
