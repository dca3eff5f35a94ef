// Loading a graph file validates everything and reports every problem, each with its JSON path.
import { describe, expect, it } from 'vitest';
import { GraphError, parseGraph, serializeGraph } from '../src/index.ts';
import { CURRENT_VERSION, migrate, MIGRATIONS, type Migration } from '../src/model/migrations.ts';
import type { Problem } from '../src/model/problems.ts';
import { loadGraph } from './helpers/graphs.ts';
import { nodeDef as nodeDefOf } from '../nodes/index.ts';

type Doc = Record<string, any>;

function baseDoc(): Doc {
  return {
    format: 'terrain-graph',
    version: 1,
    name: 'Small',
    notes: '',
    view: { x: 0, y: 0, size: 64 },
    nodes: [
      { id: 'a', type: 'fbm', title: 'A', position: [0, 0], params: { seed: 1, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 } },
      { id: 'b', type: 'curve', title: 'B', position: [200, 0], params: { points: [[-1, -1], [1, 1]] } },
      { id: 'w', type: 'water', title: 'W', position: [400, 0], params: { mode: 'percent', share: 0.4, level: 0, cut: 'view' } },
      { id: 'c', type: 'coast', title: 'C', position: [600, 0], params: {} },
    ],
    edges: [
      { from: 'a.out', to: 'b.in' },
      { from: 'b.out', to: 'w.height' },
      { from: 'w.terrain', to: 'c.terrain' },
    ],
  };
}

function problemsOf(input: unknown): Problem[] {
  try {
    parseGraph(input, { file: 'test.json' });
  } catch (err) {
    expect(err).toBeInstanceOf(GraphError);
    return [...(err as GraphError).problems];
  }
  throw new Error('expected the graph to be refused');
}

function edited(edit: (d: Doc) => void): Doc {
  const d = baseDoc();
  edit(d);
  return d;
}

describe('graph file validation', () => {
  it('accepts the small graph', () => {
    expect(parseGraph(baseDoc()).nodes.map((n) => n.id)).toEqual(['a', 'b', 'w', 'c']);
  });

  const cases: [string, unknown, string, RegExp][] = [
    ['text that is not JSON', '{"format": "terrain-graph",\n  "version": 1,,}', '$', /^not JSON: .*line 2/],
    ['a wrong format', edited((d) => (d.format = 'mapgen')), '$.format', /expected "terrain-graph", got "mapgen"/],
    ['a version that is not a number', edited((d) => (d.version = 'one')), '$.version', /expected an integer version, got "one"/],
    ['an unknown node type', edited((d) => (d.nodes[1].type = 'curv')), '$.nodes[1].type', /^node "b" \("B"\): unknown node type "curv" \(did you mean "curve"\?\)/],
    ['a node without a type', edited((d) => delete d.nodes[0].type), '$.nodes[0].type', /^node "a" \("A"\): expected a node type \(one of fbm, cellular, .*\), got nothing$/],
    ['a node type with two letters swapped', edited((d) => (d.nodes[0].type = 'fmb')), '$.nodes[0].type', /unknown node type "fmb" \(did you mean "fbm"\?\)/],
    ['a duplicate id', edited((d) => (d.nodes[3].id = 'a')), '$.nodes[3].id', /^coast node "a" \("C"\): duplicate node id "a" \(first at \$\.nodes\[0\]\)/],
    ['a bad id', edited((d) => (d.nodes[0].id = 'a.b')), '$.nodes[0].id', /^fbm node \("A"\): expected an id of letters, digits, _ or -/],
    ['a missing param', edited((d) => delete d.nodes[0].params.octaves), '$.nodes[0].params.octaves', /^fbm node "a" \("A"\): missing param "octaves"$/],
    ['an unknown param', edited((d) => (d.nodes[0].params.octave = 3)), '$.nodes[0].params.octave', /^fbm node "a" \("A"\): unknown param "octave" \(did you mean "octaves"\?\)$/],
    ['a value of the wrong type', edited((d) => (d.nodes[0].params.octaves = '4')), '$.nodes[0].params.octaves', /^fbm node "a" \("A"\): expected an integer, got "4"$/],
    ['a fractional integer', edited((d) => (d.nodes[0].params.octaves = 2.5)), '$.nodes[0].params.octaves', /expected an integer, got 2.5/],
    ['a value above its range', edited((d) => (d.nodes[0].params.octaves = 12)), '$.nodes[0].params.octaves', /^fbm node "a" \("A"\): 12 is above the maximum 10$/],
    ['a value below its range', edited((d) => (d.nodes[2].params.share = -0.1)), '$.nodes[2].params.share', /^water node "w" \("W"\): -0.1 is below the minimum 0$/],
    ['a value that is not finite', edited((d) => (d.nodes[0].params.gain = NaN)), '$.nodes[0].params.gain', /expected a finite number, got NaN/],
    ['an infinite value', edited((d) => (d.nodes[0].params.frequency = Infinity)), '$.nodes[0].params.frequency', /expected a finite number, got Infinity/],
    ['an unknown enum value', edited((d) => (d.nodes[2].params.mode = 'percentage')), '$.nodes[2].params.mode', /^water node "w" \("W"\): expected one of "percent", "raw", got "percentage" \(did you mean "percent"\?\)$/],
    ['curve points out of order', edited((d) => (d.nodes[1].params.points = [[0.5, 0], [-0.5, 1]])), '$.nodes[1].params.points[1][0]', /points must be sorted by x: -0.5 comes after 0.5/],
    ['a curve with one point', edited((d) => (d.nodes[1].params.points = [[0, 0]])), '$.nodes[1].params.points', /needs at least 2 points, got 1/],
    ['an edge to an unknown node', edited((d) => (d.edges[0].to = 'x.in')), '$.edges[0].to', /^no node has the id "x"(?: \(did you mean "\w+"\?\))?: the wire from .* to missing "x" · in$/],
    ['an edge from an unknown port', edited((d) => (d.edges[0].from = 'a.output')), '$.edges[0].from', /node "a" \(fbm\) has no output "output"/],
    ['an edge to an unknown port', edited((d) => (d.edges[0].to = 'b.input')), '$.edges[0].to', /node "b" \(curve\) has no input "input"/],
    ['an edge that is not node.port', edited((d) => (d.edges[0].to = 'b')), '$.edges[0].to', /expected "node.port", got "b"/],
    ['a type-incompatible edge', edited((d) => (d.edges[2].from = 'b.out')), '$.edges[2]', /cannot wire "b.out" \(field\) to "c.terrain" \(terrain\): a terrain input needs a sea level/],
    ['two edges into one input', edited((d) => d.edges.push({ from: 'a.out', to: 'w.height' })), '$.edges[3].to', /input "w.height" already has a wire \(\$\.edges\[1\]\)/],
    ['a cycle', edited((d) => {
      d.nodes.push({ id: 'b2', type: 'curve', title: 'B2', position: [0, 0], params: { points: [[-1, -1], [1, 1]] } });
      d.edges[0] = { from: 'b2.out', to: 'b.in' };
      d.edges.push({ from: 'b.out', to: 'b2.in' });
    }), '$.edges[3]', /this wire closes a cycle: b2 → b → b2/],
    ['a view size below 16', edited((d) => (d.view.size = 8)), '$.view.size', /8 is outside 16…4096/],
    ['a view size above 4096', edited((d) => (d.view.size = 8192)), '$.view.size', /8192 is outside 16…4096/],
    ['a view origin that is not a number', edited((d) => (d.view.x = '0')), '$.view.x', /expected a finite number, got "0"/],
    ['an unknown top-level key', edited((d) => (d.edge = [])), '$.edge', /unknown key "edge" in the graph \(did you mean "edges"\?\)/],
    ['a biome name not in the table', edited((d) => {
      d.nodes.push({ id: 't', type: 'whittaker', title: 'T', position: [0, 0], params: { table: [['tundra', 'tundra', 'snow', 'snow'], ['temperate desert', 'shrubland', 'boreal forest', 'boreal forest'], ['grassland', 'temperate forest', 'temperate forest', 'jungle'], ['subtropical desert', 'grassland', 'tropical seasonal forest', 'tropical rainforest']], beachWidth: 1.5, beachMinTemperature: 0.25, border: 0 } });
    }), '$.nodes[4].params.table[2][3]', /expected a biome name .* got "jungle"/],
  ];

  it.each(cases)('reports %s with its JSON path', (_what, input, path, message) => {
    const problems = problemsOf(input);
    const hit = problems.find((p) => p.path === path);
    expect(hit, JSON.stringify(problems)).toBeDefined();
    expect(hit!.message).toMatch(message);
  });

  it('reports every problem at once, and the file name in the message', () => {
    const d = edited((doc) => {
      doc.nodes[0].params.octaves = 99;
      doc.nodes[2].params.share = 'lots';
      doc.view.size = 1;
      doc.edges[0].to = 'zz.in';
    });
    try {
      parseGraph(d, { file: 'broken.json' });
      expect.unreachable();
    } catch (err) {
      const e = err as GraphError;
      expect(e.problems.map((p) => p.path)).toEqual(['$.view.size', '$.nodes[0].params.octaves', '$.nodes[2].params.share', '$.edges[0].to']);
      expect(e.message.split('\n')[0]).toBe('broken.json: 4 problems in the graph');
      // The node named by id and title as well as by its place in the file.
      expect(e.message).toContain('  $.nodes[0].params.octaves: fbm node "a" ("A"): 99 is above the maximum 10');
      expect(e.message).not.toMatch(/at .*\.ts:\d+/); // no stack trace in what a person reads
    }
  });

  it('lists the first 100 problems of a file and counts all of them, those not listed too', () => {
    // 150 nodes with a bad octaves each: 150 problems, of which 100 are listed. The head said
    // "101 problems", counting the line that says how many more there are as one of them.
    const d = edited((doc) => {
      const fbm = doc.nodes[0];
      for (let i = 0; i < 150; i++) doc.nodes.push({ ...structuredClone(fbm), id: `n${i}`, params: { ...fbm.params, octaves: 99 } });
    });
    try {
      parseGraph(d, { file: 'many.json' });
      expect.unreachable();
    } catch (err) {
      const e = err as GraphError;
      const lines = e.message.split('\n');
      expect(lines[0]).toBe('many.json: 150 problems in the graph');
      expect(lines.slice(1, 101).every((l) => l.includes('99 is above the maximum 10'))).toBe(true);
      expect(lines.slice(101)).toEqual(['  $: and 50 more problems']);
      expect(e.total).toBe(150);
    }
  });

  it('refuses a newer version with a clear message', () => {
    const problems = problemsOf(edited((d) => (d.version = CURRENT_VERSION + 1)));
    expect(problems).toEqual([
      { path: '$.version', message: `the file is version ${CURRENT_VERSION + 1}, newer than this Terrain Graph reads (up to ${CURRENT_VERSION}): open it with a newer Terrain Graph` },
    ]);
  });
});

describe('file versions', () => {
  const renameEdges: Migration = (doc) => {
    const { links, ...rest } = doc as Doc;
    return { ...rest, edges: (links as string[][]).map(([from, to]) => ({ from, to })) };
  };

  it('runs each migration step in order and stamps the new version', () => {
    const v0 = { ...baseDoc(), version: 0, links: [['a.out', 'b.in']] } as Doc;
    delete v0.edges;
    const up = migrate(v0, 0, 1, { 0: renameEdges });
    expect(up.version).toBe(1);
    expect(up.edges).toEqual([{ from: 'a.out', to: 'b.in' }]);
    expect(v0.links).toBeDefined(); // the input is not mutated
  });

  it('loads an older file through the migrations it needs', () => {
    const v0 = { ...baseDoc(), version: 0, links: baseDoc().edges.map((e: Doc) => [e.from, e.to]) } as Doc;
    delete v0.edges;
    const graph = parseGraph(v0, { migrations: { ...MIGRATIONS, 0: renameEdges } });
    expect(graph.edges).toHaveLength(3);
  });

  it('names the missing step when an old version has no migration', () => {
    expect(problemsOf({ ...baseDoc(), version: 0 })).toEqual([{ path: '$.version', message: 'cannot upgrade version 0: no migration from version 0 to 1' }]);
  });

  it('saves, loads and saves again to the same bytes', () => {
    const text = serializeGraph(parseGraph(baseDoc()));
    expect(serializeGraph(parseGraph(text))).toBe(text);
    const g = loadGraph('default.json');
    g.notes = 'Edited: "quotes", ünïcode and a\nnewline';
    const saved = serializeGraph(g);
    expect(serializeGraph(parseGraph(saved))).toBe(saved);
    expect(parseGraph(saved).notes).toBe(g.notes);
  });
});

describe('version 1 → 2', () => {
  it('fills a param added in version 2 with its legacy value, leaving params already there', async () => {
    const { addParamsSince } = await import('../src/model/migrations.ts');
    const catalogue = [
      {
        type: 'thing',
        params: {
          old: { kind: 'number', default: 1, min: 0, max: 9, step: 1, doc: '' },
          added: { kind: 'number', default: 5, min: 0, max: 9, step: 1, doc: '', since: { version: 2, legacy: 0 } },
          plain: { kind: 'bool', default: true, doc: '', since: { version: 2 } },
        },
      },
    ] as never;
    const v1 = { nodes: [{ id: 'a', type: 'thing', params: { old: 3 } }, { id: 'b', type: 'thing', params: { old: 3, added: 7 } }, { id: 'c', type: 'unknown', params: {} }] };
    const v2 = addParamsSince(2, catalogue)(v1) as Doc;
    expect(v2.nodes[0].params).toEqual({ old: 3, added: 0, plain: true });
    expect(v2.nodes[1].params).toEqual({ old: 3, added: 7, plain: true });
    expect(v2.nodes[2].params).toEqual({});
    expect(v1.nodes[0].params).toEqual({ old: 3 }); // the input is not mutated
  });

  it('opens every shipped graph written as version 1 to its version-2 file with the legacy values of the params version 2 brought', () => {
    for (const name of ['default.json', 'climate-kauai.json', 'chained-curves.json']) {
      const v2 = loadGraph(name);
      const v1 = JSON.parse(serializeGraph(v2)) as Doc;
      v1.version = 1;
      for (const node of v1.nodes) {
        for (const [key, spec] of Object.entries((nodeDefOf(node.type)?.params ?? {}) as Record<string, { since?: { version: number } }>)) {
          if (spec.since?.version === 2) delete node.params[key];
        }
      }
      // A version-1 file keeps its meaning: each param version 2 added gets its legacy value.
      const expected = parseGraph(serializeGraph(v2));
      for (const node of expected.nodes) {
        for (const [key, spec] of Object.entries((nodeDefOf(node.type)?.params ?? {}) as Record<string, { since?: { version: number; legacy?: unknown }; default: unknown }>)) {
          if (spec.since?.version === 2) node.params[key] = structuredClone(spec.since.legacy ?? spec.default) as never;
        }
      }
      expect(parseGraph(v1)).toEqual(expected);
    }
  });
});

describe('version 4 → 5', () => {
  it("opens a version-4 file with the fluvial erosion's deposition at 0, which is what it computed", () => {
    const v5 = loadGraph('carved-valleys.json');
    const v4 = JSON.parse(serializeGraph(v5)) as Doc;
    v4.version = 4;
    const valleys = v4.nodes.find((node: Doc) => node.type === 'fluvial')!;
    expect(valleys.params.deposition).toBe(0);
    delete valleys.params.deposition;
    expect(parseGraph(v4)).toEqual(parseGraph(serializeGraph(v5)));
    expect(MIGRATIONS[4]).toBeTypeOf('function');
  });
});

describe('version 7 → 8', () => {
  // Format 8 runs an erosion or a flow on the grid it is bound to alone (`grid`: own); a
  // version-7 file ran it on that grid grown by its readers' halos, and gets `grid: grown`.
  it.each(['eroded-valleys.json', 'carved-valleys.json', 'rivers-from-the-rain.json', 'island.json'])(
    'opens %s written as version 7 with its erosions and flows grown by their readers, all else as shipped',
    (file) => {
      const v8 = loadGraph(file);
      const v7 = JSON.parse(serializeGraph(v8)) as Doc;
      v7.version = 7;
      const bound = v7.nodes.filter((node: Doc) => ['hydraulic', 'thermal', 'fluvial', 'flow'].includes(node.type));
      expect(bound.length).toBeGreaterThan(0);
      for (const node of bound) {
        expect(node.params.grid).toBe('own');
        delete node.params.grid;
      }
      const opened = parseGraph(v7);
      const want = structuredClone(v8);
      for (const node of want.nodes) if (Object.hasOwn(node.params, 'grid')) node.params.grid = 'grown';
      expect(opened).toEqual(want);
    },
  );

  it('leaves a grid already set, and gives new nodes their own grid', () => {
    const v7 = JSON.parse(serializeGraph(loadGraph('eroded-valleys.json'))) as Doc;
    expect((migrate(v7, 7, 8) as Doc).nodes.find((n: Doc) => n.type === 'hydraulic').params.grid).toBe('own');
    expect(CURRENT_VERSION).toBe(8);
    for (const type of ['hydraulic', 'thermal', 'fluvial', 'flow']) expect(nodeDefOf(type)!.params.grid?.default, type).toBe('own');
  });
});
