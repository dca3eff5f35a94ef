// The node contract: everything particular to a node type lives in its file, the catalogue is a
// value, and every type in the catalogue evaluates, documents itself and explains its cells.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { curve } from '../nodes/curve.ts';
import { fbm } from '../nodes/fbm.ts';
import { createEngine } from '../src/engine/engine.ts';
import { cellProvenance } from '../src/engine/provenance.ts';
import { viewDomain } from '../src/grid.ts';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { type AnyNodeDef, catalogueOf } from '../src/model/manifest.ts';
import { defaultParams } from '../src/model/params.ts';
import { GraphError } from '../src/model/problems.ts';
import { probeGraph as probeGraphOf } from '../src/bench/nodes.ts';
import { loadGraph } from './helpers/graphs.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

const SRC = sourceFiles('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const TYPES = CATALOGUE.types.map((d) => d.type);

describe('the node contract', () => {
  it('keeps every node type out of src/: no code there compares a type with a known type name', () => {
    const names = TYPES.map((t) => t.replace(/[-]/g, '\\-')).join('|');
    // `x.type === 'curve'`, `'curve' === x.type`, `type !== 'wind'`, and nodeDef('fbm') lookups
    // by a literal name.
    const patterns = [
      new RegExp(`type\\s*[!=]==?\\s*['"\`](${names})['"\`]`),
      new RegExp(`['"\`](${names})['"\`]\\s*[!=]==?\\s*\\w+(\\?)?\\.type\\b`),
      new RegExp(`(nodeDef|\\.def)\\(\\s*['"\`](${names})['"\`]\\s*\\)`),
    ];
    const hits = SRC.flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, k) => (patterns.some((p) => p.test(line)) ? [`${path}:${k + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('the pattern check can fail: it finds a type test planted in a line', () => {
    const planted = "if (node.type === 'whittaker') draw();";
    expect(new RegExp(`type\\s*[!=]==?\\s*['"\`](${TYPES.join('|')})['"\`]`).test(planted)).toBe(true);
  });

  it('src/worker never imports src/viewer-core (the page imports the worker protocol, not the other way)', () => {
    const wrong = SRC.filter(({ path }) => path.startsWith(join('src', 'worker'))).filter(({ text }) => /from '\.\.\/viewer-core\//.test(text));
    expect(wrong.map((f) => f.path)).toEqual([]);
  });

  it('src/render never imports src/app (the mesh export and the 3-D view share their triangles from render)', () => {
    const wrong = SRC.filter(({ path }) => path.startsWith(join('src', 'render'))).filter(({ text }) => /from '\.\.\/app\//.test(text));
    expect(wrong.map((f) => f.path)).toEqual([]);
  });

  it('an engine evaluates over a catalogue of two node types, and names a type it does not hold', () => {
    const two = catalogueOf([fbm, curve] as unknown as AnyNodeDef[]);
    const graph: Graph = {
      name: 'two',
      notes: '',
      view: { x: 0, y: 0, size: 17 },
      nodes: [
        { id: 'n', type: 'fbm', title: 'n', position: [0, 0], params: defaultParams(fbm as unknown as AnyNodeDef) },
        { id: 'c', type: 'curve', title: 'c', position: [0, 0], params: defaultParams(curve as unknown as AnyNodeDef) },
      ],
      edges: [{ from: { node: 'n', port: 'out' }, to: { node: 'c', port: 'in' } }],
    };
    const e = createEngine(graph, { catalogue: two });
    e.evaluate();
    expect(e.status('c')?.state).toBe('ok');
    const withWater = loadGraph('default.json');
    expect(() => createEngine(withWater, { catalogue: two })).toThrow(GraphError);
    expect(() => createEngine(withWater, { catalogue: two })).toThrow(/node "water" has the type "water", which this engine's catalogue does not hold/);
    // The parser takes the catalogue too: a type outside it is an unknown type, named with its path.
    const text = JSON.stringify({ format: 'terrain-graph', version: 2, name: 'x', view: { x: 0, y: 0, size: 16 }, nodes: [{ id: 'w', type: 'wind', position: [0, 0], params: {} }], edges: [] });
    expect(() => parseGraph(text, { catalogue: two })).toThrow(GraphError);
    expect(() => parseGraph(text, { catalogue: two })).toThrow(/\$\.nodes\[0\]\.type.*unknown node type "wind"/);
  });

  it('refuses a catalogue with two types of one name', () => {
    expect(() => catalogueOf([fbm, fbm] as unknown as AnyNodeDef[])).toThrow(/two node types are called "fbm"/);
  });
});

function probeGraph(def: AnyNodeDef, size: number): Graph {
  return probeGraphOf(loadGraph('default.json'), def, size);
}

describe.each(CATALOGUE.types.map((d) => [d.type, d] as const))('node type %s', (_type, def) => {
  const SIZE = 37; // odd, and no power of two: catches kernels that assume either

  it('is documented: the node, every port and every param', () => {
    expect(def.doc.length).toBeGreaterThan(40);
    expect(def.title.length).toBeGreaterThan(0);
    for (const spec of [...Object.values(def.inputs), ...Object.values(def.outputs), ...Object.values(def.params)]) expect(spec.doc.length).toBeGreaterThan(5);
    expect(Object.keys(def.outputs).length).toBeGreaterThan(0);
  });

  it(`evaluates at ${SIZE}², writes every cell, has no NaN and gives the same bits twice`, () => {
    const g = probeGraph(def, SIZE);
    const run = () => {
      // Poisoned buffers: a cell the kernel forgets to write shows up as garbage or NaN.
      const e = createEngine(g, { poisonBuffers: true });
      e.evaluate({ targets: ['probe'] });
      expect(e.status('probe')?.message ?? 'ok').toBe('ok');
      return Object.keys(def.outputs).map((port) => {
        const v = e.output('probe', port)!;
        expect(v.data.length).toBe(SIZE * SIZE);
        return v.data.slice();
      });
    };
    const a = run();
    const b = run();
    for (let k = 0; k < a.length; k++) {
      expect(a[k].some((x) => Number.isNaN(x))).toBe(false);
      expect(Buffer.from(a[k].buffer).equals(Buffer.from(b[k].buffer))).toBe(true);
    }
  });

  it('has a provenance row with a value for each output at a cell', () => {
    const g = probeGraph(def, SIZE);
    const e = createEngine(g);
    e.evaluate({ targets: ['probe'] });
    const rows = cellProvenance(e, g, 'probe', (SIZE * SIZE) >> 1, viewDomain(e.view)).filter((r) => r.node === 'probe');
    expect(rows.map((r) => r.port)).toEqual(Object.keys(def.outputs));
    for (const r of rows) {
      expect(r.state).toBe('ok');
      expect(r.value).not.toBeNull();
    }
  });
});
