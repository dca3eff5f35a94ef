// Hostile files and options (issue 11): one describe per class of input that once crashed,
// hung, was wrongly accepted or gave a message that did not say what and where.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCommand } from '../src/cli/build.ts';
import { failureReport } from '../src/cli/render.ts';
import { placeSnippet, type Snippet, SNIPPET_FORMAT } from '../src/editor/clipboard.ts';
import { EditError } from '../src/editor/commands.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { FILE_NAME_MAX, fileNameProblem, graphFileName, readGraphFile, readPastedText, saveAsName } from '../src/editor/files.ts';
import { readShareFragment, shareFragment } from '../src/editor/share.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { createEngine } from '../src/engine/engine.ts';
import { CATALOGUE } from '../nodes/index.ts';
import { catalogueOf } from '../src/model/manifest.ts';
import { GRAPH_FILE_LIMITS, parseGraph, serializeGraph } from '../src/model/format.ts';
import { GraphError, type Problem } from '../src/model/problems.ts';
import type { Graph } from '../src/model/graph.ts';

const DEFAULT = readFileSync('graphs/default.json', 'utf8');

const run = runCli;
const tmp = (): string => scratchDir('hostile');

function problemsOf(text: string): readonly Problem[] {
  try {
    parseGraph(text, { file: 'g.json' });
  } catch (err) {
    if (err instanceof GraphError) return err.problems;
    throw err;
  }
  return [];
}

/** The default graph with an edit, as file text. */
function edited(edit: (doc: { nodes: { id: string; type: string; params: Record<string, unknown> }[]; edges: { from: string; to: string }[] }) => void): string {
  const doc = JSON.parse(DEFAULT);
  edit(doc);
  return JSON.stringify(doc, null, 2);
}

function file(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** "line L, column C" of the first `needle` in the text, plus `offset` characters. */
function where(text: string, needle: string, offset = 0): string {
  const at = text.indexOf(needle) + offset;
  const before = text.slice(0, at).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** No internal error text reaches a person. */
function expectPlain(text: string): void {
  expect(text).not.toMatch(/undefined|reading '|is not a function|TypeError|\n\s+at /);
}

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('object-prototype names are names like any other', () => {
  it.each(PROTO_NAMES)('refuses --set wind.%s with exit 2, naming the param and the node', async (name) => {
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', tmp(), '--set', `wind.${name}=1`);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--set wind.${name}=1: $.nodes[13].params.${name}: wind node "wind" ("Wind") has no param "${name}"`);
    expectPlain(r.err);
  });

  it.each(PROTO_NAMES)("refuses the library's setParam('wind', '%s') with a GraphError naming the node and the param", (name) => {
    const message = `wind node "wind" ("Wind") has no param "${name}"`;
    const engine = createEngine(parseGraph(DEFAULT));
    expect(() => engine.setParam('wind', name, 1)).toThrow(GraphError);
    expect(() => engine.setParam('wind', name, 1)).toThrow(message);
    // Also with a catalogue whose params are a plain object (a def spread by a library user).
    const plain = catalogueOf(CATALOGUE.types.map((d) => (d.type === 'wind' ? { ...d, params: { ...d.params } } : d)));
    const other = createEngine(parseGraph(DEFAULT), { catalogue: plain });
    expect(() => other.setParam('wind', name, 1)).toThrow(message);
  });

  it.each(PROTO_NAMES)("gives no output for a port called %s (the library's output())", (name) => {
    const engine = createEngine(parseGraph(DEFAULT), { size: 16 });
    engine.evaluate();
    expect(engine.output('wind', name)).toBeUndefined();
    expect(engine.output('wind')).toBeDefined();
  });

  it.each(PROTO_NAMES)('refuses wires from and to ports called %s, at their JSON paths', (name) => {
    const problems = problemsOf(edited((d) => d.edges.push({ from: `eros.${name}`, to: `coast.${name}` }, { from: 'cont.out', to: `biomes.${name}` })));
    const at = (k: number) => problems.find((p) => p.path.startsWith(`$.edges[${k}]`));
    const n = JSON.parse(DEFAULT).edges.length;
    expect(at(n)?.message).toMatch(new RegExp(`node "eros" \\(fbm\\) has no output "${name}"`));
    expect(at(n + 1)?.message).toMatch(new RegExp(`node "biomes" \\(whittaker\\) has no input "${name}"`));
    for (const p of problems) expectPlain(p.message);
  });

  it('reads a key "__proto__" as a key (an unknown one), never as the prototype', () => {
    const problems = problemsOf(DEFAULT.replace('"name":', '"__proto__": { "polluted": true },\n  "name":'));
    expect(problems).toEqual([{ path: '$.__proto__', message: expect.stringMatching(/unknown key "__proto__" in the graph/) }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses --node constructor as a node the file does not have', async () => {
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', tmp(), '--node', 'constructor');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--node constructor: no node "constructor" in graphs/default.json');
  });
});

describe('check finds what render would refuse', () => {
  it('refuses a required input without a wire, naming the node and the input', async () => {
    const dir = tmp();
    const g = file(dir, 'unwired.json', edited((d) => (d.edges = d.edges.filter((e) => e.to !== 'coast.terrain'))));
    const r = await run('check', g);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unwired\.json: 1 problem in the graph\n {2}\$\.nodes\[\d+\]: input "terrain" of coast node "coast" has no wire/);
    // render refuses the same, before evaluating anything.
    expect((await run('render', g, '--size', '16', '--out', dir)).err).toContain('input "terrain" of coast node "coast" has no wire');
  });

  it('refuses a chain with more wired inputs than knots', async () => {
    const text = readFileSync('graphs/chained-curves.json', 'utf8').replace(/"knots": \[[^\]]*\]/, '"knots": [0.1]');
    const r = await run('check', file(tmp(), 'chain.json', text));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/chain node "erosChain": 2 inputs are wired \(in0, in1\) but 1 knot is given/);
  });

  it('refuses a node id too long to be a file name', async () => {
    const long = `n${'x'.repeat(250)}`;
    const r = await run('check', file(tmp(), 'long.json', DEFAULT.replaceAll('"cont"', `"${long}"`).replaceAll('"cont.', `"${long}.`)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/\$\.nodes\[0\]\.id: fbm node \("Continentalness"\): expected an id of .* at most 64 long/);
  });
});

describe('pasted nodes keep ids a file may hold', () => {
  it('shortens a long id taken from a pasted snippet, so the graph still reads after a save', () => {
    const graph = parseGraph(DEFAULT);
    const long = `n${'x'.repeat(200)}`;
    const node = { ...graph.nodes[0], id: long };
    const placed = placeSnippet(graph, { format: SNIPPET_FORMAT, nodes: [node], edges: [] }, [0, 0]);
    const withIt = { ...graph, nodes: [...graph.nodes, ...placed.nodes] };
    expect(placed.nodes[0].id.length).toBeLessThanOrEqual(64);
    expect(parseGraph(serializeGraph(withIt)).nodes).toHaveLength(graph.nodes.length + 1);
  });
});

describe('pasted text gets the checks a file gets', () => {
  const graph = parseGraph(DEFAULT);
  const fbm = graph.nodes.find((n) => n.type === 'fbm')!;
  const curve = graph.nodes.find((n) => n.type === 'curve')!;
  const snippet = (nodes: unknown[], edges: unknown[] = []) => JSON.stringify({ format: SNIPPET_FORMAT, nodes, edges });
  const wire = (a: string, p: string, b: string, q: string) => ({ from: { node: a, port: p }, to: { node: b, port: q } });
  const two = [{ ...fbm, id: 'a' }, { ...curve, id: 'c' }];

  it.each([
    ['a key given twice', snippet([{ ...fbm, id: 'a' }]).replace('"params":{', '"params":{"seed":5,'), '$.nodes[0].params.seed', /the key "seed" is given twice: at line 1, column \d+ and at line 1, column \d+/],
    ['a port called constructor', snippet(two, [wire('a', 'constructor', 'c', 'in')]), '$.edges[0].from', /node "a" \(fbm\) has no output "constructor"/],
    ['a port called toString', snippet(two, [wire('a', 'out', 'c', 'toString')]), '$.edges[0].to', /node "c" \(curve\) has no input "toString"/],
    ['two wires into one input', snippet([...two, { ...fbm, id: 'b' }], [wire('a', 'out', 'c', 'in'), wire('b', 'out', 'c', 'in')]), '$.edges[1].to', /already has a wire/],
    ['a loop', snippet([{ ...curve, id: 'c' }], [wire('c', 'out', 'c', 'in')]), '$.edges[0]', /closes a cycle: c → c/],
    ['a node id twice', snippet([{ ...fbm, id: 'a' }, { ...fbm, id: 'a' }]), '$.nodes[1].id', /duplicate node id "a"/],
    ['a flag that is not true or false', snippet([{ ...fbm, id: 'a', bypass: 'yes' }]), '$.nodes[0].bypass', /expected true or false, got "yes"/],
    ['an unknown key', JSON.stringify({ format: SNIPPET_FORMAT, nodes: [], edges: [], extra: 1 }), '$.extra', /unknown key "extra" in copied nodes/],
    ['broken JSON', snippet([{ ...fbm, id: 'a' }]).slice(0, -3), '$', /^not JSON: .*\(line 1, column \d+\)/],
  ])('refuses copied nodes with %s, naming the JSON path (it was pasted, or refused without saying where)', (_, text, path, message) => {
    const read = readPastedText(text);
    expect(read.ok).toBe(false);
    const problems = 'problems' in read ? read.problems : [];
    expect(problems[0]).toEqual({ path, message: expect.stringMatching(message) });
    for (const p of problems) expectPlain(p.message);
  });

  it('names a download after a very long graph name with a file name a file system takes', () => {
    const name = graphFileName({ ...graph, name: `${'Very long name '.repeat(1000)}!` }, null);
    expect(name).toMatch(/^very-long-name-(very-long-name-)*very-long[a-z-]*\.json$/);
    expect(name.length).toBeLessThanOrEqual(105);
    expect(graphFileName({ ...graph, name: '!!!' }, null)).toBe('graph.json');
  });

  it('refuses a Save as name no file system takes, saying which character or why, and adds .json to the rest', () => {
    expect(fileNameProblem('')).toBe('Type a name for the file.');
    expect(fileNameProblem('maps/island')).toMatch(/cannot hold "\/": the browser saves to its downloads folder/);
    expect(fileNameProblem('maps\\island')).toMatch(/cannot hold "\\"/);
    for (const c of [':', '*', '?', '"', '<', '>', '|']) expect(fileNameProblem(`is${c}land`)).toBe(`A file name cannot hold "${c}": Windows refuses it.`);
    expect(fileNameProblem('is\u0007land')).toBe('A file name cannot hold a control character: Windows refuses it.');
    expect(fileNameProblem('..')).toMatch(/dots alone/);
    expect(fileNameProblem('..json')).toBe(null);
    expect(fileNameProblem('x'.repeat(FILE_NAME_MAX))).toBe(null);
    expect(fileNameProblem('x'.repeat(FILE_NAME_MAX + 1))).toMatch(new RegExp(`at most ${FILE_NAME_MAX} bytes here, and this one has ${FILE_NAME_MAX + 1}\\.$`));
    // Counted in bytes, as file systems count: 100 CJK characters are 300 bytes.
    expect(fileNameProblem('島'.repeat(100))).toMatch(/this one has 300 \(100 characters, some of several bytes\)/);
    expect(fileNameProblem('島'.repeat(60))).toBe(null);
    expect(fileNameProblem('.json')).toBe('Type a name before .json.');
    for (const device of ['CON', 'nul.json', 'Com1', 'lpt9.txt']) expect(fileNameProblem(device), device).toMatch(/is a device's name on Windows/);
    for (const ok of ['console', 'nullish', 'com10']) expect(fileNameProblem(ok), ok).toBe(null);
    for (const ok of ['island-2', 'Île de Ré (v2)', 'a.b.c', 'my island.JSON']) expect(fileNameProblem(ok), ok).toBe(null);
    expect(saveAsName('island-2')).toBe('island-2.json');
    expect(saveAsName('a.b')).toBe('a.b.json');
    expect(saveAsName('Island.JSON')).toBe('Island.JSON');
    // Save downloads under the name Save as took, in any case: not "Island.JSON.json".
    expect(graphFileName(graph, saveAsName('Island.JSON'))).toBe('Island.JSON');
    expect(graphFileName(graph, 'island')).toBe('island.json');
  });

  it('refuses to place nodes so far apart that their positions overflow (the saved file would not read)', () => {
    const read = readPastedText(snippet([{ ...fbm, id: 'a', position: [1e308, 0] }, { ...fbm, id: 'b', position: [-1e308, 0] }]));
    expect(read.ok).toBe(true);
    const core = new EditorCore(parseGraph(DEFAULT));
    expect(() => core.paste((read as { snippet: Snippet }).snippet, [0, 0])).toThrow(new EditError('the copied nodes lie too far apart to be placed'));
    expect(parseGraph(serializeGraph(core.graph as Graph)).nodes).toHaveLength(graph.nodes.length);
  });
});

describe('a shared link gets the checks a file gets', () => {
  it.each([
    ['a key given twice', DEFAULT.replace('"share": 0.4,', '"share": 0.1, "share": 0.9,'), /^\$\.nodes\[\d+\]\.params\.share$/, /the key "share" is given twice: at line \d+, column \d+ and at line \d+, column \d+/],
    ['NaN', DEFAULT.replace('"gain": 0.5', '"gain": NaN'), /^\$$/, /^not JSON: NaN is not a JSON value.*\(line \d+, column \d+\)/],
    ['a port called constructor', DEFAULT.replace('"from": "cont.out"', '"from": "cont.constructor"'), /^\$\.edges\[\d+\]\.from$/, /node "cont" \(fbm\) has no output "constructor"/],
    ['an id too long for a file name', DEFAULT.replaceAll('"cont"', `"${'c'.repeat(65)}"`).replaceAll('"cont.', `"${'c'.repeat(65)}.`), /^\$\.nodes\[0\]\.id$/, /at most 64 long/],
  ])('lists %s in a linked graph with its JSON path, as Open does', async (_, text, path, message) => {
    const read = await readShareFragment(`#${await shareFragment(text)}`);
    expect(read.kind).toBe('graph');
    const opened = readGraphFile((read as { text: string }).text, 'The link');
    expect(opened.ok).toBe(false);
    const problems = (opened as { problems: readonly Problem[] }).problems;
    expect(problems[0].path).toMatch(path);
    expect(problems[0].message).toMatch(message);
    for (const p of problems) expectPlain(p.message);
  });
});

describe("a failed node's own message comes first", () => {
  it('names the chain and its knots for --set erosChain.knots=[0.1], not only the nodes waiting on it', async () => {
    const r = await run('render', 'graphs/chained-curves.json', '--size', '16', '--out', tmp(), '--set', 'erosChain.knots=[0.1]');
    expect(r.code).toBe(2);
    const lines = r.err.trim().split('\n');
    expect(lines[1]).toMatch(/chain node "erosChain": 2 inputs are wired \(in0, in1\) but 1 knot is given: one knot per wired input \(with --set erosChain\.knots=\[0\.1\]\)$/);
  });

  it('lists the failed nodes upstream before the nodes blocked on them', () => {
    const graph = parseGraph(DEFAULT);
    const states: Record<string, { state: 'ok' | 'failed' | 'blocked'; message: string }> = {
      biomes: { state: 'blocked', message: 'waits on "moisture"' },
      moisture: { state: 'blocked', message: 'waits on "wind"' },
      wind: { state: 'failed', message: 'the wind kernel broke' },
    };
    const report = failureReport(graph, ['biomes'], (id) => ({ ms: 0, version: 1, ...(states[id] ?? { state: 'ok' }) }));
    expect(report).toEqual(['node "wind" failed: the wind kernel broke', 'node "biomes" blocked: waits on "moisture"']);
  });
});

describe('large graphs are checked in time linear in their size', () => {
  /** A chain of n curves, or n curves all reading one noise. */
  function bigGraph(n: number, shape: 'chain' | 'fan'): string {
    const nodes = [{ id: 'src', type: 'fbm', title: 'Noise', position: [0, 0], params: JSON.parse(DEFAULT).nodes[0].params }];
    const edges: { from: string; to: string }[] = [];
    for (let k = 0; k < n; k++) {
      nodes.push({ id: `c${k}`, type: 'curve', title: 'Curve', position: [k, 0], params: { points: [[-1, -1], [1, 1]] } } as never);
      edges.push({ from: shape === 'chain' && k > 0 ? `c${k - 1}.out` : 'src.out', to: `c${k}.in` });
    }
    return JSON.stringify({ format: 'terrain-graph', version: 1, name: 'big', notes: '', view: { x: 0, y: 0, size: 64 }, nodes, edges });
  }

  it.each(['chain', 'fan'] as const)('parses a %s of 99,999 curves (quadratic checks took minutes)', (shape) => {
    const g = parseGraph(bigGraph(99_999, shape));
    expect([g.nodes.length, g.edges.length]).toEqual([100_000, 99_999]);
  });

  it('names the wire that closes a cycle in a long chain', () => {
    // The last wire of the cycle in file order closes it, as when adding the wires one by one.
    const text = bigGraph(20_000, 'chain').replace('{"from":"src.out","to":"c0.in"}', '{"from":"c19999.out","to":"c0.in"}');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('$.edges[19999]');
    expect(problems[0].message).toMatch(/^this wire closes a cycle: c19999 → c0 → c1 → .* → c19998 → c19999$/);
  });

  it(`refuses more than ${GRAPH_FILE_LIMITS.nodes} nodes`, () => {
    expect(problemsOf(bigGraph(GRAPH_FILE_LIMITS.nodes, 'fan'))).toEqual([{ path: '$.nodes', message: `100001 nodes: a graph holds at most ${GRAPH_FILE_LIMITS.nodes}` }]);
  });
});

describe('reading a file: bounded, and every refusal says where', () => {
  it('refuses what is not a regular file without reading it', async () => {
    const dir = tmp();
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const r = await run('check', '/dev/zero', dir, fifo);
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot read /dev/zero: it is a device, not a graph file');
    expect(r.err).toContain(`cannot read ${dir}: it is a folder, not a graph file`);
    expect(r.err).toContain(`cannot read ${fifo}: it is a pipe, not a graph file`);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = join(tmp(), 'big.json');
    writeFileSync(big, '');
    truncateSync(big, GRAPH_FILE_LIMITS.bytes + 1); // sparse: no time or disk spent writing it
    const r = await run('render', big);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`cannot read ${big}: it is 32.1 MB; a graph file may be at most 32 MB\n`);
  });

  it('refuses deep nesting at the depth limit, with its position', async () => {
    const r = await run('check', file(tmp(), 'deep.json', '['.repeat(5_000_000)));
    expect(r.err).toBe('deep.json: 1 problem in the graph\n  $: not JSON: nested deeper than 64 lists and objects (line 1, column 65)\n');
  });

  it.each([
    ['NaN', DEFAULT.replace('"gain": 0.5', '"gain": NaN'), /^not JSON: NaN is not a JSON value: write a number \(or null\) \(line \d+, column \d+\)$/],
    ['a trailing comma', DEFAULT.replace('"cut": "world-8" }', '"cut": "world-8", }'), new RegExp(`^not JSON: a trailing comma before "}" \\(${where(DEFAULT, '"cut": "world-8" }', 16)}\\)$`)],
    ['single quotes', "{ 'format': 1 }", /^not JSON: .*double quotes.* \(line 1, column 3\)$/],
    ['UTF-16 with a byte order mark', Buffer.from(`\uFEFF${DEFAULT}`, 'utf16le').toString('utf8'), /UTF-16.*save it as UTF-8/],
    ['UTF-16 without one', Buffer.from(DEFAULT, 'utf16le').toString('utf8'), /UTF-16.*save it as UTF-8/],
    // Exports opened by mistake said 'unexpected "\uFFFD" where a value should be (line 1, column 1)'.
    ['a PNG export', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('utf8'), /^not JSON: the file is a PNG image \(an export or a heightmap\), not a graph file/],
    ['the splat maps’ zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]).toString('utf8'), /^not JSON: the file is a zip archive, not a graph file/],
    ['a raw biome map', Buffer.from([2, 2, 3, 5, 5, 4]).toString('utf8'), /^not JSON: the file is binary data \(a raw grid\?\), not a graph file/],
    // A raw export's first cells: zeros (sea, ocean biome 0) or a negative height read as UTF-16.
    ['a raw grid of zeros', Buffer.from(new Float32Array([0, 0, 0.25, 0.5]).buffer).toString('utf8'), /^not JSON: the file is binary data \(a raw grid\?\), not a graph file/],
    ['a raw grid below 0', Buffer.from(new Float32Array([-0.3, -0.2, 0.1]).buffer).toString('utf8'), /^not JSON: the file is binary data \(a raw grid\?\), not a graph file/],
    ['a raw biome map with the ocean first', Buffer.from([0, 0, 3, 5, 5, 4]).toString('utf8'), /^not JSON: the file is binary data \(a raw grid\?\), not a graph file/],
  ])('refuses %s with the line and column', (_what, text, message) => {
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('$');
    expect(problems[0].message).toMatch(message);
  });

  it('reads UTF-16 with a byte order mark as the editor does, and names it without one', async () => {
    const dir = tmp();
    for (const [name, bytes] of [['le.json', Buffer.from(`\uFEFF${DEFAULT}`, 'utf16le')], ['be.json', Buffer.from(`\uFEFF${DEFAULT}`, 'utf16le').swap16()]] as const) {
      writeFileSync(join(dir, name), bytes);
      expect((await run('check', join(dir, name))).code, name).toBe(0);
    }
    writeFileSync(join(dir, 'bare.json'), Buffer.from(DEFAULT, 'utf16le'));
    const r = await run('check', join(dir, 'bare.json'));
    expect(r.err).toBe('bare.json: 1 problem in the graph\n  $: not JSON in UTF-8: the file looks like UTF-16 text; save it as UTF-8\n');
  });

  it('accepts a UTF-8 byte order mark, and format writes the file without it', async () => {
    expect(parseGraph(`\uFEFF${DEFAULT}`).nodes.length).toBe(parseGraph(DEFAULT).nodes.length);
    const g = file(tmp(), 'bom.json', `\uFEFF${DEFAULT}`);
    expect((await run('format', g)).out).toContain('rewritten');
    expect(readFileSync(g, 'utf8')).toBe(DEFAULT);
  });

  it('refuses a key given twice, with its path and both places, and format leaves the file alone', async () => {
    const text = DEFAULT.replace('"share": 0.4,', '"share": 0.1, "share": 0.9,');
    const water = JSON.parse(DEFAULT).nodes.findIndex((n: { id: string }) => n.id === 'water');
    expect(problemsOf(text)).toEqual([
      {
        path: `$.nodes[${water}].params.share`,
        message: `the key "share" is given twice: at ${where(text, '"share": 0.1')} and at ${where(text, '"share": 0.9')}; a key may appear once in an object`,
      },
    ]);
    const g = file(tmp(), 'twice.json', text);
    const r = await run('format', g);
    expect(r.code).toBe(2);
    expect(readFileSync(g, 'utf8')).toBe(text);
  });
});

describe('output paths', () => {
  it('refuses an output folder that cannot be made, at once (it used to spin forever under /proc)', async () => {
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', '/proc/nope/x');
    expect(r.code).toBe(2);
    expect(r.err).toBe('--out /proc/nope/x: cannot make the folder /proc/nope: no such file or folder (ENOENT)\n');
  });

  it('refuses the same for build, and a device as its graph file', async () => {
    const region = ['--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33'];
    const r = await run('build', 'graphs/default.json', ...region, '--out', '/proc/nope/x');
    expect([r.code, r.err]).toEqual([2, '--out /proc/nope/x: cannot make the folder /proc/nope: no such file or folder (ENOENT)\n']);
    const z = await run('build', '/dev/zero', ...region, '--out', tmp());
    expect([z.code, z.err]).toEqual([2, 'cannot read /dev/zero: it is a device, not a graph file\n']);
  });

  it('refuses an output path that is a file', async () => {
    const f = file(tmp(), 'taken', '');
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', join(f, 'x'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(`--out ${join(f, 'x')}: ${f} is a file, not a folder\n`);
  });

  it('writes nothing when a file cannot be put in place, and says which file and which files reached the folder', async () => {
    const dir = tmp();
    // A folder where the manifest should go: moving the manifest into place fails.
    mkdirSync(join(dir, 'manifest.json'));
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', dir, '--node', 'cont', '--raw');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot move manifest\.json into .*: (EISDIR \(a folder of that name is in the way\)|[a-z ]+ \((EEXIST|ENOTEMPTY|EPERM)\)); only cont\.out\.png, cont\.out\.[-0-9._]+\.f32 reached/);
    expect(readdirSync(dir).filter((f) => f.startsWith('.terrain-graph-'))).toEqual([]);
  });

  it('replaces the earlier files of the layers it writes, and names other layer files it did not write', async () => {
    const dir = tmp();
    await run('render', 'graphs/default.json', '--size', '16', '--out', dir, '--node', 'cont', '--raw');
    const first = readdirSync(dir).find((f) => f.endsWith('.f32'))!;
    file(dir, 'old.out.0_1.f32', '');
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', dir, '--node', 'cont', '--raw', '--set', 'cont.gain=0.2');
    expect(r.code).toBe(0);
    const now = readdirSync(dir).filter((f) => f.endsWith('.f32'));
    expect(now).not.toContain(first);
    expect(now).toHaveLength(2);
    expect(r.err).toContain(`removed ${first}`);
    expect(r.err).toContain(`${dir} also holds 1 layer file this render did not write (an earlier run's?): old.out.0_1.f32`);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.files.map((f: { file: string }) => f.file)).toEqual(now.filter((f) => f !== 'old.out.0_1.f32'));
  });

  it('makes folders only inside the build folder: a link where one should be fails its tile, naming the path', async () => {
    const region = ['--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--format', 'f32'];
    const dir = tmp();
    const elsewhere = tmp();
    symlinkSync(elsewhere, join(dir, 'tiles'));
    const r = await run('build', 'graphs/default.json', ...region, '--out', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`tile 0 FAILED: cannot write ${join(dir, 'tiles/tile-0.json')}: ${join(dir, 'tiles')} is a link; a build makes its folders inside ${dir} only`);
    expect(readdirSync(elsewhere)).toEqual([]);
    expectPlain(r.err);
    // A file where a layer's folder goes: named with the path, and the other files are not touched.
    const other = tmp();
    file(other, 'cont.out', 'mine');
    const f = await run('build', 'graphs/default.json', ...region, '--out', other);
    expect(f.code).toBe(1);
    expect(f.err).toMatch(new RegExp(`tile 0 FAILED: cannot write ${other}/cont\\.out/cont\\.out_x0_y0\\.f32: ${other}/cont\\.out is not a folder`));
    expect(readFileSync(join(other, 'cont.out'), 'utf8')).toBe('mine');
    expect(readdirSync(other).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('rebuilds a tile whose manifest is not a regular file (a device), never reading it', async () => {
    const region = ['--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--format', 'f32'];
    const dir = tmp();
    mkdirSync(join(dir, 'tiles'));
    symlinkSync('/dev/zero', join(dir, 'tiles/tile-0.json'));
    const r = await run('build', 'graphs/default.json', ...region, '--out', dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'tiles/tile-0.json'), 'utf8')).index).toBe(0);
  });

  it('removes its hidden folder when stopped by SIGTERM while writing, and leaves the folder as it was', async () => {
    const dir = tmp();
    file(dir, 'mine.txt', 'kept');
    const child = spawn('node', ['bin/terrain-graph.mjs', 'render', 'graphs/default.json', '--size', '1024', '--all', '--raw', '--png16', '--out', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    let sent = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
      // The command's own progress: a second "writing" line means the first layer's files sit in the hidden folder.
      if (!sent && (err.match(/^writing /gm) ?? []).length >= 2) {
        sent = true;
        expect(readdirSync(dir).filter((n) => n.startsWith('.terrain-graph-'))).toHaveLength(1);
        child.kill('SIGTERM');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(sent).toBe(true);
    expect(code).toBe(143);
    expect(err).toContain('terrain-graph: stopped by SIGTERM; the unfinished outputs were removed, the output folder is as it was');
    expect(readdirSync(dir)).toEqual(['mine.txt']);
  }, 180_000);

  it("removes the hidden folder of a render that was killed outright (its process is gone), never a running one's", async () => {
    const dir = tmp();
    const gone = spawnSync('node', ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const dead = join(dir, `.terrain-graph-${gone.stdout}-AbC123`);
    const live = join(dir, `.terrain-graph-${process.pid}-XyZ789`);
    mkdirSync(dead);
    file(dead, 'cont.out.png', 'half');
    mkdirSync(live);
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', dir, '--node', 'cont');
    expect(r.code).toBe(0);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([`.terrain-graph-${process.pid}-XyZ789`, 'cont.out.png']);
  });

  it('stops a build on SIGTERM keeping its finished tiles and no half-written file, and resumes', async () => {
    const stopped = async (dir: string, argv: string[]) => {
      const child = spawn('node', argv, { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      let sent = false;
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        err += chunk;
        // The build's own progress line for its second tile: tiles are being written.
        if (!sent && /^\[2\/64\]/m.test(err)) {
          sent = true;
          child.kill('SIGTERM');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      return { code, err, sent };
    };
    // On a loaded machine this process may read the progress line late, after the build has
    // finished every tile: the signal then stops nothing. Such a run (its summary printed, exit
    // 0) tells nothing, so it is tried again in a fresh folder; a build that ignored the signal
    // would not print "stopped by SIGTERM" in any try.
    let dir = '';
    let argv: string[] = [];
    let r: Awaited<ReturnType<typeof stopped>> | null = null;
    for (let k = 0; k < 4; k++) {
      dir = tmp();
      argv = ['bin/terrain-graph.mjs', 'build', 'graphs/default.json', '--region', '0,0,2,2', '--cells-per-view', '512', '--tile-size', '129', '--node', 'height', '--format', 'f32,png16', '--jobs', '2', '--out', dir];
      r = await stopped(dir, argv);
      if (!(r.code === 0 && r.err.includes('64 rendered, 0 already built, 0 failed'))) break;
    }
    const { code, err, sent } = r!;
    expect(sent).toBe(true);
    expect(code).toBe(143);
    expect(err).toContain('stopped by SIGTERM: the tiles finished so far are kept, unfinished files removed; run the same command again to go on');
    // The tiles the signal kept from being built are counted, not each listed as "FAILED" with a time left.
    expect(err).not.toContain('FAILED');
    expect(err).toMatch(/ rendered, 0 already built, 0 failed, \d+ not built \(stopped\) in /);
    const parts = (sub: string) => readdirSync(join(dir, sub)).filter((n) => n.endsWith('.part'));
    expect([...parts('.'), ...parts('tiles'), ...parts('height.out')]).toEqual([]);
    const kept = readdirSync(join(dir, 'tiles')).length;
    expect(kept).toBeGreaterThanOrEqual(2);
    const again = await run('build', ...argv.slice(2));
    expect(again.code).toBe(0);
    expect(again.err).toContain(`${64 - kept} rendered, ${kept} already built, 0 failed`);
  }, 300_000);

  it("removes the half-written files of a build that was killed outright, never a running build's", async () => {
    const dir = tmp();
    const gone = spawnSync('node', ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(join(dir, 'cont.out'));
    const dead = join(dir, 'cont.out', `cont.out_x0_y0.f32.${gone.stdout}.k3j9.part`);
    const live = join(dir, 'cont.out', `cont.out_x0_y0.f32.${process.pid}.a1b2.part`);
    file(join(dir, 'cont.out'), basename(dead), 'half');
    file(join(dir, 'cont.out'), basename(live), 'half');
    const r = await run('build', 'graphs/default.json', '--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--format', 'f32', '--out', dir);
    expect(r.code).toBe(0);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('goes on to the next file when format cannot write one, and reports each', async () => {
    const dir = tmp();
    const a = file(dir, 'a.json', JSON.stringify(JSON.parse(DEFAULT)));
    const b = file(dir, 'b.json', JSON.stringify(JSON.parse(DEFAULT)));
    mkdirSync(join(dir, `.a.json.${process.pid}.tmp`)); // where a's new text would be written
    const r = await run('format', a, b);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${a}: cannot rewrite it: it is a folder (EISDIR); the file is as it was\n`);
    expect(r.out).toBe(`${b}: rewritten\n`);
    expect(readFileSync(b, 'utf8')).toBe(DEFAULT);
    expect(readFileSync(a, 'utf8')).toBe(JSON.stringify(JSON.parse(DEFAULT)));
  });
});

describe('layers without finite values', () => {
  it('names an all-+∞ coast layer "nonfinite", as the manifest has no range for it, and says so', async () => {
    const dir = tmp();
    const r = await run('render', 'graphs/default.json', '--size', '16', '--out', dir, '--node', 'coast', '--raw', '--png16', '--set', 'water.share=0', 'coast.cap=0');
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['coast.out.nonfinite.16.png', 'coast.out.nonfinite.f32', 'coast.out.png', 'manifest.json']);
    const entry = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).files[0];
    expect(entry).toMatchObject({ file: 'coast.out.nonfinite.f32', min: null, max: null, mean: null, nonFinite: 256 });
    const raw = readFileSync(join(dir, entry.file));
    expect(new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4).every((v) => v === Infinity)).toBe(true);
    expect(r.err).toContain('note: coast.out has no finite value (+∞)');
  });
});

describe('world origins', () => {
  // Found by tests/fuzz-files.test.ts: an origin of 1e20 made the halo's square 262,144 cells a
  // side (its lattice indices rounded), and the engine ran out of memory; -1e308 gave NaN noise.
  it('refuses an origin beyond 1e9 views in a file, naming its path, and evaluates one at 1e9 to finite values', () => {
    for (const [key, x] of [['x', 1e20], ['y', -1e308]] as const) {
      expect(problemsOf(edited((d) => ((d as unknown as { view: Record<string, number> }).view[key] = x)))).toEqual([
        { path: `$.view.${key}`, message: `${x} is farther from 0 than an origin may lie (1e+9 views each way)` },
      ]);
    }
    const far = parseGraph(edited((d) => ((d as unknown as { view: object }).view = { x: -1e9, y: 1e9, size: 16 })));
    const engine = createEngine(far, { size: 16 });
    engine.evaluate();
    for (const node of far.nodes) {
      const v = engine.output(node.id);
      expect(engine.status(node.id)?.state, node.id).toBe('ok');
      if (v && v.type !== 'biome') expect(v.data.some(Number.isNaN), node.id).toBe(false);
    }
    expect(() => engine.setView({ x: 1e20 })).toThrow('$.view.x: 100000000000000000000 is farther from 0 than an origin may lie');
    expect(() => engine.evaluate({ domain: { x0: 0, y0: -1e20, extent: 1, n: 16 } })).toThrow('y0 must lie within ±2e+9 views, got -100000000000000000000');
  });

  it('refuses such an origin in --view and --region, with exit 2', async () => {
    const r = await run('render', 'graphs/default.json', '--view', '1e20,0', '--size', '16', '--out', tmp());
    expect([r.code, r.err]).toEqual([2, '--view 1e20,0: 100000000000000000000 is farther from 0 than an origin may lie (1e+9 views each way)\n']);
    const b = await run('build', 'graphs/default.json', '--region', '0,-1e12,1,-999999999999', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--out', tmp());
    expect([b.code, b.err]).toEqual([2, '--region 0,-1000000000000,1,-999999999999: -1000000000000 is farther from 0 than an origin may lie (1e+9 views each way)\n']);
  });
});

describe('options', () => {
  it('takes the file after --set values and --node ids', async () => {
    const r = await run('render', '--set', 'wind.lift=0', 'graphs/default.json', '--size', '16', '--out', tmp());
    expect(r.code).toBe(0);
    const n = await run('render', '--node', 'cont', 'graphs/default.json', '--size', '16', '--out', tmp());
    expect(n.err).toBe('wrote 1 file: cont.out.png\n');
  });

  it.each([
    [['--size', '0x40'], '--size must be a whole number in 16…4096, got "0x40"'],
    [['--size', ' 64'], '--size must be a whole number in 16…4096, got " 64"'],
    [['--view= , '], '--view expects X,Y (two decimal numbers), got " , "'],
    [['--view', '0x10,0'], '--view expects X,Y (two decimal numbers), got "0x10,0"'],
    [['--out', 'a', '--out', 'b'], '--out is given twice ("a" and "b"): give it once'],
    [['--node', 'biomes', 'biomes'], '--node biomes is given twice: give each node once'],
    [['--set', 'wind.lift=0', 'wind.lift=1'], '--set gives wind.lift twice ("wind.lift=0" and "wind.lift=1"): give it once'],
    [['-o', 'x'], 'unknown option -o (options start with --)'],
    // It said "--node needs at least one value, got "cont.out"", given one.
    [['--node', 'cont.out'], '--node takes node ids, which have no dot ("cont", where "cont.out" names an output), got "cont.out"'],
    [['--set', 'other.json'], '--set takes ID.PARAM=JSON, got "other.json"'],
    [['--out', ''], '--out needs a value, got an empty one ("")'],
    [['--out= ', '--size', '16'], '--out needs a value, got an empty one (" ")'],
  ])('refuses %j with exit 2 and a message naming the option', async (argv, message) => {
    const out = tmp();
    const r = await run('render', 'graphs/default.json', ...argv);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${message}\n`);
    expect(existsSync(join(out, 'biomes.out.png'))).toBe(false);
  });

  it('refuses an empty --out and a format given twice to build, writing nothing', async () => {
    const region = ['--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont'];
    const e = await run('build', 'graphs/default.json', ...region, '--out', '');
    expect([e.code, e.err]).toEqual([2, '--out needs a value, got an empty one ("")\n']);
    const dir = tmp();
    const f = await run('build', 'graphs/default.json', ...region, '--format', 'png16,f32,png16', '--out', dir);
    expect([f.code, f.err]).toEqual([2, '--format png16,f32,png16: png16 is given twice; give each format once\n']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    // Found by hand after the fuzz: the first two named a range of 1…9007199254740991, where 16…65536 is taken.
    [['--cells-per-view', '0'], '--cells-per-view must be an integer in 16…65536, got "0"'],
    [['--cells-per-view', 'abc'], '--cells-per-view must be an integer in 16…65536, got "abc"'],
    [['--cells-per-view', '32', '--tile', '-1'], '--tile must be a whole number from 0, got "-1"'],
    // A span past the largest double wrote every sample as 0, with exit 0.
    [['--cells-per-view', '32', '--range', '-1e308,1e308'], '--range -1e308,1e308: MAX − MIN is Infinity; a 16-bit layer needs a finite span'],
    // Hex and exponents were read by Number(): 0x20 was 32 cells a view, 1e1 ten jobs.
    [['--cells-per-view', '0x20'], '--cells-per-view must be an integer in 16…65536, got "0x20"'],
    [['--cells-per-view', '32', '--jobs', '1e1'], '--jobs must be an integer in 1…64, got "1e1"'],
  ])('refuses build %j with exit 2, naming the option and what it takes', async (argv, message) => {
    const dir = tmp();
    const r = await run('build', 'graphs/default.json', '--region', '0,0,1,1', '--tile-size', '33', '--node', 'cont', ...argv, '--out', dir);
    expect([r.code, r.err]).toEqual([2, `${message}\n`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reads a region in decimal and a fan-out index in digits only: a blank index was tile 0', async () => {
    const args = ['graphs/default.json', '--cells-per-view', '32', '--tile-size', '33', '--node', 'cont', '--plan'];
    const r = await run('build', ...args, '--region', '0x0,0,1,1');
    expect([r.code, r.err]).toEqual([2, '--region expects X0,Y0,X1,Y1 (four numbers), or world, got "0x0,0,1,1"\n']);
    for (const index of [' ', '1e0', '0x0', '+0']) {
      let err = '';
      await expect(buildCommand([...args, '--region', '0,0,1,1'], () => {}, (t) => (err += t), { JOB_COMPLETION_INDEX: index })).rejects.toThrow(
        `JOB_COMPLETION_INDEX="${index}" is not a tile index (a whole number from 0)`,
      );
      expect(err).toBe('');
    }
  });

  it('refuses a second graph file and options given to check', async () => {
    expect((await run('render', 'graphs/default.json', 'graphs/terrain-cliff.json')).err).toMatch(/^render needs exactly one graph file, got "graphs\/default.json" "graphs\/terrain-cliff.json"/);
    expect((await run('check', '--all', 'graphs/default.json')).err).toBe('check takes no options, got --all\n');
  });

  it('keeps the canonical layout of every shipped graph through format', () => {
    for (const f of readdirSync('graphs')) {
      const text = readFileSync(join('graphs', f), 'utf8');
      expect(serializeGraph(parseGraph(text)), f).toBe(text);
    }
  });
});
