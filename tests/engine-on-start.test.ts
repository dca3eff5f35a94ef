// The engine tells which node it starts (EvaluateOptions.onStart): the editor's worker says so to
// the page while a slow node runs ("Hydraulic erosion on the world (3 × 3 views, 769² cells)… 2.1 s").
import { describe, expect, it } from 'vitest';
import { createEngine, GraphError } from '../src/index.ts';
import { type Domain, domainKey, viewDomain } from '../src/grid.ts';
import { covers, worldGrid } from '../src/engine/domains.ts';
import { loadGraph } from './helpers/graphs.ts';

describe('onStart', () => {
  it('is told before each kernel runs, with its domain, and not for cached nodes', () => {
    const e = createEngine(loadGraph('default.json'), { size: 32 });
    const told: string[] = [];
    const report = e.evaluate({ onStart: (id, d) => told.push(`start ${id} ${domainKey(d)}`), onNode: (id, _ms, d) => told.push(`done ${id} ${domainKey(d)}`) });
    // Every node that ran was started, once per domain, each start before its end.
    for (const id of Object.keys(report.ran)) {
      const starts = told.filter((t) => t.startsWith(`start ${id} `));
      expect(starts.length, id).toBeGreaterThan(0);
      for (const s of starts) expect(told.indexOf(s), s).toBeLessThan(told.indexOf(s.replace('start', 'done')));
    }
    expect(told.filter((t) => t.startsWith('start')).length).toBe(told.filter((t) => t.startsWith('done')).length);
    // Nothing changed: nothing runs, nothing is told.
    const again: string[] = [];
    e.evaluate({ onStart: (id) => again.push(id) });
    expect(again).toEqual([]);
    // An edit of the moisture: it and what it feeds start again, nothing above it.
    e.setParam('moisture', 'strength', 0.3);
    const started = new Set<string>();
    e.evaluate({ onStart: (id) => started.add(id) });
    expect([...started].sort()).toEqual(['biomes', 'moisture']);
  });

  it("tells an erosion's run on the graph's world, on a domain holding the world's grid", () => {
    const graph = { ...loadGraph('eroded-valleys.json'), world: { x: -1, y: -1, size: 2 } };
    const e = createEngine(graph, { size: 32 });
    const domains: Domain[] = [];
    e.evaluate({ onStart: (id, d) => id === 'erosion' && domains.push(d) });
    // On the world, grown by the margin the nodes below it read around a cell (and on the coarse
    // grids the water's cut and the wind read it on).
    const world = worldGrid(graph.world, viewDomain(e.view))!;
    expect(domains.filter((d) => covers(d, world) && d.extent < graph.world.size + 1)).toHaveLength(1);
  });

  it('fails only the node whose start threw, with its error', () => {
    const e = createEngine(loadGraph('default.json'), { size: 32 });
    e.evaluate({
      onStart: (id) => {
        if (id === 'wind') throw new Error('told too much');
      },
    });
    expect(e.status('wind')).toMatchObject({ state: 'failed', message: 'told too much' });
    expect(e.status('temperature')?.state).toBe('ok');
  });

  it('refuses an onStart that is not a function, naming the option', () => {
    const e = createEngine(loadGraph('default.json'), { size: 16 });
    let err: unknown;
    try {
      e.evaluate({ onStart: 'yes' as never });
    } catch (caught) {
      err = caught;
    }
    expect(err).toBeInstanceOf(GraphError);
    expect((err as Error).message).toMatch(/options\.onStart.*expected a function, got/);
  });
});
