// The engine at the library's edge: long chains without recursion, re-entrant calls, bad
// domains and unvalidated graphs refused with a GraphError (issue 11, items 4 and 9).
import { describe, expect, it } from 'vitest';
import { createEngine, GraphError, nodeDef } from '../src/index.ts';
import { defaultParams } from '../src/model/params.ts';
import type { Graph } from '../src/model/graph.ts';
import { loadGraph } from './helpers/graphs.ts';

/** An fBm through `length` curves in a row. */
function curveChain(length: number): Graph {
  const nodes: Graph['nodes'] = [{ id: 'n', type: 'fbm', title: 'n', position: [0, 0], params: { ...defaultParams(nodeDef('fbm')!), octaves: 1 } }];
  const edges: Graph['edges'] = [];
  for (let k = 0; k < length; k++) {
    nodes.push({ id: `c${k}`, type: 'curve', title: `c${k}`, position: [0, 0], params: { points: [[-1, -1], [1, 1]] } });
    edges.push({ from: { node: k === 0 ? 'n' : `c${k - 1}`, port: 'out' }, to: { node: `c${k}`, port: 'in' } });
  }
  return { name: 'chain', notes: '', view: { x: 0, y: 0, size: 16 }, nodes, edges };
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('engine at the API edge', () => {
  it('evaluates a chain of 2,200 curves (and 10,000) without recursion', () => {
    for (const length of [2200, 10000]) {
      const e = createEngine(curveChain(length));
      e.evaluate({ targets: [`c${length - 1}`], dropIntermediates: true });
      expect(e.status(`c${length - 1}`)?.state).toBe('ok');
      // An identity curve: the end of the chain is the noise itself.
      const end = e.output(`c${length - 1}`)!.data;
      const noise = createEngine(curveChain(0));
      noise.evaluate();
      expect(Array.from(end)).toEqual(Array.from(noise.output('n')!.data));
    }
  });

  it('refuses evaluate() and edits from inside onNode, and stays consistent', () => {
    const e = createEngine(loadGraph('default.json'), { size: 32 });
    const errors: unknown[] = [];
    e.evaluate({
      onNode: () => {
        errors.push(thrown(() => e.evaluate()));
        errors.push(thrown(() => e.setParam('wind', 'angle', 90)));
      },
    });
    expect(errors.length).toBeGreaterThan(0);
    for (const err of errors) {
      expect(err).toBeInstanceOf(GraphError);
      expect((err as Error).message).toMatch(/while an evaluation is under way/);
    }
    for (const n of e.graph.nodes) expect(e.status(n.id)?.state, n.id).toBe('ok');
    // Nothing was left stale: a second evaluation finds everything up to date.
    expect(e.evaluate().ran).toEqual({});
  });

  it('refuses bad domains with a GraphError naming the field', () => {
    const e = createEngine(loadGraph('default.json'), { size: 16 });
    const cases: [object, RegExp][] = [
      [{ x0: 0, y0: 0, extent: 1, n: -1 }, /n must be a whole number/],
      [{ x0: 0, y0: 0, extent: 1, n: 0 }, /n must be a whole number/],
      [{ x0: 0, y0: 0, extent: 1, n: 2.5 }, /n must be a whole number/],
      [{ x0: Number.NaN, y0: 0, extent: 1, n: 16 }, /x0 must be a finite number/],
      [{ x0: 0, y0: Infinity, extent: 1, n: 16 }, /y0 must be a finite number/],
      [{ x0: 0, y0: 0, extent: 0, n: 16 }, /extent must be a finite number above 0/],
    ];
    for (const [domain, message] of cases) {
      const err = thrown(() => e.evaluate({ domain: domain as never }));
      expect(err, JSON.stringify(domain)).toBeInstanceOf(GraphError);
      expect((err as Error).message).toMatch(message);
    }
    expect(thrown(() => e.evaluate({ targets: ['nope'] }))).toBeInstanceOf(GraphError);
  });

  it('refuses options that are not what the API takes, from plain JavaScript, with a GraphError', () => {
    const e = createEngine(loadGraph('default.json'), { size: 16 });
    const cases: [() => unknown, string][] = [
      [() => e.evaluate(null as never), 'options: evaluate() expects an object of options, got null'],
      [() => e.evaluate({ targets: 'wind' as never }), 'options.targets: expected a list of node ids, got "wind"'],
      [() => e.setView(null as never), 'view: setView() expects {x?, y?, size?}, got null'],
    ];
    for (const [call, message] of cases) {
      const err = thrown(call);
      expect(err).toBeInstanceOf(GraphError);
      expect((err as Error).message).toContain(message);
    }
    expect(Object.keys(e.evaluate().ran)).toHaveLength(e.graph.nodes.length);
  });

  it('refuses an unvalidated graph with an unknown type, a bad param or a dangling wire', () => {
    const g = loadGraph('default.json');
    const unknownType = structuredClone(g);
    unknownType.nodes[0].type = 'fbn';
    const err = thrown(() => createEngine(unknownType));
    expect(err).toBeInstanceOf(GraphError);
    expect((err as Error).message).toMatch(/\$\.nodes\[0\]\.type.*type "fbn", which/);
    for (const proto of ['constructor', '__proto__', 'toString']) {
      const bad = structuredClone(g);
      bad.nodes[0].type = proto;
      expect(thrown(() => createEngine(bad))).toBeInstanceOf(GraphError);
    }
    const badParam = structuredClone(g);
    badParam.nodes[0].params.octaves = 'many' as never;
    // Named as the canvas shows it too: type, id and title.
    expect((thrown(() => createEngine(badParam)) as Error).message).toContain('$.nodes[0].params.octaves: fbm node "cont" ("Continentalness"): expected an integer');
    // A node without a title is named with its type's, as the file reader names it.
    const untitled = structuredClone(badParam);
    delete (untitled.nodes[0] as { title?: string }).title;
    expect((thrown(() => createEngine(untitled)) as Error).message).toContain('$.nodes[0].params.octaves: fbm node "cont" ("fBm noise"): expected an integer');
    const badPort = structuredClone(g);
    badPort.edges[0].to.port = 'inn';
    expect((thrown(() => createEngine(badPort)) as Error).message).toContain('curve node "contCurve" ("C curve") has no input "inn"');
    const dangling = structuredClone(g);
    dangling.edges.push({ from: { node: 'ghost', port: 'out' }, to: { node: 'coast', port: 'terrain' } });
    expect((thrown(() => createEngine(dangling)) as Error).message).toMatch(/ghost/);
    const e = createEngine(g, { size: 16 });
    expect(thrown(() => e.setGraph(unknownType))).toBeInstanceOf(GraphError);
  });

  it('names a wire into a node that is not a name once, and two wires into one input only where the input is there', () => {
    // Found by tests/fuzz-files.test.ts (seed 5): "input [object Object].temperature has two wires".
    const g = loadGraph('default.json');
    const objectNode = structuredClone(g);
    objectNode.edges[0].to.node = { a: 1 } as never;
    objectNode.edges.push(structuredClone(objectNode.edges[0]));
    expect((thrown(() => createEngine(objectNode)) as GraphError).problems).toEqual([
      { path: '$.edges[0].to', message: 'wire to unknown node {"a":1}' },
      { path: `$.edges[${g.edges.length}].to`, message: 'wire to unknown node {"a":1}' },
    ]);
    const twice = structuredClone(g);
    twice.edges.push(structuredClone(twice.edges[0]));
    expect((thrown(() => createEngine(twice)) as GraphError).problems).toEqual([{ path: `$.edges[${g.edges.length}].to`, message: 'input contCurve.in has two wires' }]);
  });
});

describe('kernel times (engine.timings)', () => {
  it("give each node its last run's time for the view over every domain it ran on: not 0 for one that ran on a grown view, nor a drag frame's", () => {
    const g = loadGraph('default.json');
    const e = createEngine(g, { size: 64 });
    const first = e.evaluate();
    // The coast and the wind read a halo: what feeds them runs on a grown view, and their view
    // results are crops of that run, which took no time of their own.
    expect(Object.keys(first.ran).filter((id) => first.ran[id] > 0 && e.status(id)!.ms === 0).length).toBeGreaterThan(0);
    expect(e.timings()).toEqual(first.ran);
    // After an edit, what ran again says its new time; the rest keep their last run's.
    e.setParam('wind', 'angle', 90);
    const second = e.evaluate();
    expect(Object.keys(second.ran).length).toBeLessThan(Object.keys(first.ran).length);
    expect(e.timings()).toEqual({ ...first.ran, ...second.ran });
    // A drag frame elsewhere runs them on its own domain: the view's times stay, the frame has its own.
    const frame = { x0: 3, y0: 0, extent: 1, n: 32 };
    const pan = e.evaluate({ domain: frame });
    // (Some nodes' view results made room for the frame's in the cache: those have no time.)
    const view = Object.entries(e.timings());
    expect(view.filter(([id]) => id in pan.ran).length).toBeGreaterThan(0);
    for (const [id, ms] of view) expect(ms, id).toBe({ ...first.ran, ...second.ran }[id]);
    const onFrame = e.timings(frame);
    for (const [id, ms] of Object.entries(pan.ran)) expect(onFrame[id], id).toBe(ms);
    // A node left without an input took no time, whatever its last run took.
    const unwired = { ...g, edges: g.edges.filter((w) => w.to.node !== 'biomes') };
    e.setGraph(unwired);
    e.evaluate();
    expect(e.status('biomes')!.state).toBe('missing');
    expect(e.timings().biomes).toBe(0);
  });
});
