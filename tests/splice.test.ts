// A node dropped on a wire (src/editor/wiring.ts spliceOnto, EditorCore.spliceNode): which of its
// ports take the wire's two ends, when it is refused, and the splice as one undo step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../nodes/index.ts';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { insertItems } from '../src/editor/catalogue.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { canSplice, edgeKey, outputMeaning, portType, spliceOnto } from '../src/editor/wiring.ts';
import type { Edge } from '../src/model/graph.ts';

const core = () => new EditorCore(parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' }));
const wireOf = (c: EditorCore, key: string): Edge => {
  const edge = c.graph.edges.find((e) => edgeKey(e) === key);
  if (!edge) throw new Error(`no wire ${key}`);
  return edge;
};
const ports = (r: ReturnType<typeof spliceOnto>) => ('refusal' in r ? r.refusal : `${r.inPort}>${r.outPort}`);

describe('a node dropped on a wire', () => {
  it("takes the wire's output on its input made for what the wire carries, and feeds the wire's input from its first output that fits", () => {
    const c = core();
    const blur = c.addNode('blur', [0, 0]);
    expect(ports(spliceOnto(c.graph, wireOf(c, 'height.out>water.height'), blur))).toBe('in>out');
    // The wind's air: a second Moisture takes it on its `air`, not on its first input (`noise`).
    const moisture = c.addNode('moisture', [0, 0]);
    expect(ports(spliceOnto(c.graph, wireOf(c, 'wind.out>moisture.air'), moisture))).toBe('air>out');
    // The coast distance: a Temperature takes it on its `coast`, not on its first input (`rank`).
    const temperature = c.addNode('temperature', [0, 0]);
    expect(ports(spliceOnto(c.graph, wireOf(c, 'coast.out>moisture.coast'), temperature))).toBe('coast>out');
  });

  it('picks the ports Insert node… offers first for the node’s type, on every wire of the default graph', () => {
    let compared = 0;
    for (const def of NODE_TYPES) {
      const c = core();
      const id = c.addNode(def.type, [0, 0]);
      if (!canSplice(c.graph, id)) continue;
      for (const wire of c.graph.edges) {
        const from = portType(c.graph, wire.from.node, 'output', wire.from.port)!;
        const to = portType(c.graph, wire.to.node, 'input', wire.to.port)!;
        const first = insertItems(from, to, outputMeaning(c.graph, wire.from.node, wire.from.port)).find((item) => item.type === def.type);
        const got = spliceOnto(c.graph, wire, id);
        if (first) expect(ports(got), `${def.type} on ${edgeKey(wire)}`).toBe(`${first.port}>${first.outPort}`);
        else expect('refusal' in got, `${def.type} on ${edgeKey(wire)}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('is refused, with the reason, when no output fits the wire’s input or no input its output', () => {
    const c = core();
    // The Whittaker node takes the heights, but its biomes cannot feed the water's height.
    const whittaker = c.addNode('whittaker', [0, 0]);
    expect(ports(spliceOnto(c.graph, wireOf(c, 'height.out>water.height'), whittaker))).toMatch(/^cannot wire .*'s out \(biome\) to Water level \(water\)'s height \(field\): a biome map/);
    // A Blur takes fields: not the biomes' map.
    const blur = c.addNode('blur', [0, 0]);
    const biomeWire = c.graph.edges.find((e) => portType(c.graph, e.from.node, 'output', e.from.port) === 'biome');
    if (biomeWire) expect(ports(spliceOnto(c.graph, biomeWire, blur))).toMatch(/^cannot wire .*\(biome\)/);
  });

  it('is for a node with no wire yet, an input and an output', () => {
    const c = core();
    expect(canSplice(c.graph, 'pvCurve')).toBe(false);
    expect(canSplice(c.graph, c.addNode('fbm', [0, 0]))).toBe(false);
    expect(canSplice(c.graph, c.addNode('curve', [0, 0]))).toBe(true);
    expect(canSplice(c.graph, 'nothing')).toBe(false);
  });
});

describe('EditorCore.spliceNode', () => {
  it('moves the node and puts it on the wire in one undo step, in the wire’s place among the wires', () => {
    const c = core();
    const id = c.addNode('blur', [10, 20]);
    const before = serializeGraph(c.snapshot());
    const wire = wireOf(c, 'height.out>water.height');
    const index = c.graph.edges.indexOf(wire);
    expect(c.spliceNode(id, wire, [300, 400])).toBeNull();
    const keys = c.graph.edges.map(edgeKey);
    expect(keys).not.toContain('height.out>water.height');
    expect(keys).toContain(`height.out>${id}.in`);
    expect(keys[index]).toBe(`${id}.out>water.height`);
    expect(c.node(id)!.position).toEqual([300, 400]);
    expect(c.undoLabel).toBe('insert Blur');
    c.undo();
    expect(serializeGraph(c.snapshot())).toBe(before);
    c.redo();
    expect(c.graph.edges.map(edgeKey)).toEqual(keys);
  });

  it('changes nothing and files nothing when refused: a type that does not fit, a node already wired, no such wire', () => {
    const c = core();
    const whittaker = c.addNode('whittaker', [0, 0]);
    const before = serializeGraph(c.snapshot());
    const label = c.undoLabel;
    const wire = wireOf(c, 'height.out>water.height');
    expect(c.spliceNode(whittaker, wire, [50, 50])).toMatch(/biome/);
    expect(c.spliceNode('pvCurve', wire)).toMatch(/^PV curve \(pvCurve\) is wired already/);
    expect(c.spliceNode(c.addNode('blur', [0, 0]), { from: { node: 'height', port: 'out' }, to: { node: 'coast', port: 'terrain' } })).toMatch(/^no wire/);
    c.undo();
    expect(serializeGraph(c.snapshot())).toBe(before);
    expect(c.undoLabel).toBe(label);
  });
});
