// Graph files fuzzed: seeded mutants of every shipped graph and of the older-version files the
// migration tests read, each through the parser and its migrations, the engine's check and an
// evaluation, and the command line's check. Each mutant either loads and evaluates (no NaN, the
// same bytes twice) or is refused with problems that each name a JSON path and say what is
// wrong in words — never an internal error's text (a TypeError's "reading 'x'"), never a hang.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../nodes/index.ts';
import { EditError } from '../src/editor/commands.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { readGraphFile, readPastedText } from '../src/editor/files.ts';
import { createEngine } from '../src/engine/engine.ts';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { GraphError, type Problem } from '../src/model/problems.ts';
import { readinessProblems } from '../src/model/validate.ts';
import { runCli, scratchDir } from './helpers/cli.ts';
import { rng } from './helpers/graphs.ts';
import { graphMutant, type Mutant, mutant } from './helpers/mutants.ts';

/** Text only an internal error writes: a person must never read it. */
const INTERNAL = /TypeError|RangeError|ReferenceError|SyntaxError|Cannot read prop|Cannot set prop|is not a function|is not iterable|is not defined|of undefined|of null|reading '|\bundefined\b|\[object Object\]|Maximum call stack|Invalid array length|Invalid string length|\n\s+at [^\n]*:\d+:\d+/;

/** Older-version files: the shipped graphs as the migration tests write them (frames.test.ts), and the saved version-3 files. */
function olderVersions(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const name of ['default.json', 'rivers-from-the-rain.json', 'eroded-valleys.json', 'terrain-start.json']) {
    const doc = JSON.parse(readFileSync(`graphs/${name}`, 'utf8'));
    const v2 = { ...doc, version: 2, edges: doc.edges.map(({ via: _, ...e }: { via?: unknown }) => e) };
    delete v2.frames;
    out.push({ name: `${name} as version 2`, text: JSON.stringify(v2, null, 2) });
    const v1 = JSON.parse(JSON.stringify(v2));
    v1.version = 1;
    for (const n of v1.nodes) {
      delete n.bypass;
      delete n.collapsed;
      for (const [key, spec] of Object.entries(CATALOGUE.def(n.type)!.params)) if (spec.since) delete n.params[key];
    }
    out.push({ name: `${name} as version 1`, text: JSON.stringify(v1, null, 2) });
  }
  const saved = 'tests/fixtures/saved-085b18c';
  for (const name of readdirSync(saved)) out.push({ name: `${saved}/${name}`, text: readFileSync(join(saved, name), 'utf8') });
  return out;
}

const SEEDS = [...readdirSync('graphs').filter((f) => f.endsWith('.json')).map((name) => ({ name: `graphs/${name}`, text: readFileSync(`graphs/${name}`, 'utf8') })), ...olderVersions()];

/** What is wrong with one mutant's handling, or null when it was handled as it should be. */
function wrongWithProblems(problems: readonly Problem[]): string | null {
  if (!problems.length) return 'refused with no problem listed';
  for (const p of problems) {
    if (typeof p.path !== 'string' || !p.path.startsWith('$')) return `a problem without a JSON path: ${JSON.stringify(p)}`;
    if (INTERNAL.test(p.message)) return `internal text in a problem: ${p.path}: ${p.message}`;
  }
  return null;
}

function outputsOf(graph: Graph, size: number): { bytes: Map<string, Uint8Array>; wrong: string | null } {
  const engine = createEngine(graph, { size });
  const bytes = new Map<string, Uint8Array>();
  try {
    engine.evaluate();
    for (const node of graph.nodes) {
      const status = engine.status(node.id);
      if (status?.state !== 'ok') {
        const message = status?.message ?? '';
        if (INTERNAL.test(message) || !message) return { bytes, wrong: `node ${node.id} ${status?.state}: ${message}` };
        continue;
      }
      for (const port of Object.keys(CATALOGUE.def(node.type)!.outputs)) {
        const v = engine.output(node.id, port);
        if (!v) continue;
        if (v.type !== 'biome' && v.data.some((x) => Number.isNaN(x))) return { bytes, wrong: `NaN in ${node.id}.${port}` };
        bytes.set(`${node.id}.${port}`, new Uint8Array(v.data.buffer.slice(v.data.byteOffset, v.data.byteOffset + v.data.byteLength)));
      }
    }
  } finally {
    engine.dispose();
  }
  return { bytes, wrong: null };
}

type Outcome = 'refused' | 'waiting' | 'evaluated';

const DEFAULT_GRAPH = parseGraph(readFileSync('graphs/default.json', 'utf8'));

/**
 * The editor's ways in for file text: Open (readGraphFile) refuses what the parser refuses with
 * the same problems, or opens it over the default graph, undoably; a paste of the text adds its
 * nodes (or lists its problems, or says it is no graph), undoably; what results saves and reads back.
 */
function wrongInEditor(text: string, parsed: boolean): string | null {
  const opened = readGraphFile(text, 'mutant.json');
  if (opened.ok !== parsed) return `the editor's Open ${opened.ok ? 'opened' : 'refused'} what the parser ${parsed ? 'read' : 'refused'}`;
  if (!opened.ok) return wrongWithProblems(opened.problems);
  const core = new EditorCore(structuredClone(DEFAULT_GRAPH));
  core.replaceGraph(opened.graph);
  const pasted = readPastedText(text);
  if (!pasted.ok) return 'notice' in pasted ? `a paste of a graph file that opens said: ${pasted.notice}` : wrongWithProblems(pasted.problems);
  try {
    core.paste(pasted.snippet, [120, 80]);
  } catch (err) {
    // Nodes too far apart to be placed are refused as an edit, in words.
    if (!(err instanceof EditError) || INTERNAL.test(err.message)) throw err;
    core.undo();
    return serializeGraph(core.snapshot()) === serializeGraph(DEFAULT_GRAPH) ? null : 'undoing the open did not give the default graph back';
  }
  const saved = serializeGraph(core.snapshot());
  if (serializeGraph(parseGraph(saved)) !== saved) return 'the editor saved a file that does not read back the same';
  core.undo();
  core.undo();
  if (serializeGraph(core.snapshot()) !== serializeGraph(DEFAULT_GRAPH)) return 'undoing the paste and the open did not give the default graph back';
  return null;
}

/**
 * Runs one mutant through parse, migration, the engine's check and evaluation (twice when
 * `twice`, to compare the bytes); what became of it, or what went wrong.
 */
function judge(m: Mutant, size: number, twice: boolean): { outcome: Outcome; wrong: string | null } {
  let graph: Graph;
  try {
    graph = parseGraph(m.text ?? m.doc, { file: 'mutant.json' });
  } catch (err) {
    if (err instanceof GraphError) return { outcome: 'refused', wrong: wrongWithProblems(err.problems) ?? (m.text === undefined ? null : wrongInEditor(m.text, false)) };
    return { outcome: 'refused', wrong: `parseGraph threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}` };
  }
  try {
    // What loads saves and loads again the same.
    const text = serializeGraph(graph);
    if (serializeGraph(parseGraph(text)) !== text) return { outcome: 'evaluated', wrong: 'a saved file does not read back the same' };
    const editor = m.text === undefined ? null : wrongInEditor(m.text, true);
    if (editor) return { outcome: 'evaluated', wrong: editor };
    const notReady = readinessProblems(graph);
    if (notReady.length) return { outcome: 'waiting', wrong: wrongWithProblems(notReady) };
    const first = outputsOf(graph, size);
    if (first.wrong || !twice) return { outcome: 'evaluated', wrong: first.wrong };
    const second = outputsOf(graph, size);
    for (const [key, b] of first.bytes) {
      if (!Buffer.from(b).equals(Buffer.from(second.bytes.get(key) ?? new Uint8Array()))) return { outcome: 'evaluated', wrong: `${key} differs between two evaluations` };
    }
    return { outcome: 'evaluated', wrong: null };
  } catch (err) {
    if (err instanceof GraphError) return { outcome: 'evaluated', wrong: `loaded, then refused by the engine: ${err.message}` };
    return { outcome: 'evaluated', wrong: `threw after loading: ${err instanceof Error ? `${err.name}: ${err.message}\n${err.stack}` : String(err)}` };
  }
}

/** FUZZ_COUNT and FUZZ_SEED run more or other mutants by hand (FUZZ_SLOW=ms names those slower than that); CI runs these. */
const COUNT = Number(process.env.FUZZ_COUNT ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
/** Far beyond any mutant's time (most take a few milliseconds): only a hang trips it. */
const HANG_MS = 30_000;

/** What is wrong with a command's exit and report, or null. */
function wrongWithRun(r: { code: number; err: string }, codes: readonly number[]): string | null {
  if (!codes.includes(r.code)) return `exit ${r.code}: ${r.err}`;
  if (INTERNAL.test(r.err)) return `internal text on stderr: ${r.err}`;
  return null;
}

describe('graph file mutants', () => {
  it(`${COUNT} mutants of the shipped and older-version graphs load and evaluate, or are refused saying where (seed ${SEED})`, async () => {
    const rand = rng(SEED);
    const found: string[] = [];
    const dir = scratchDir('fuzz');
    const file = join(dir, 'mutant.json');
    const counts: Record<Outcome, number> = { refused: 0, waiting: 0, evaluated: 0 };
    for (let n = 0; n < COUNT; n++) {
      const m = mutant(SEEDS, rand);
      const start = performance.now();
      let wrong: string | null;
      if (m.bytes) {
        // Bytes (UTF-16) go through the command line's reading, as a file would.
        writeFileSync(file, m.bytes);
        wrong = wrongWithRun(await runCli('check', file), [0, 2]);
      } else {
        const judged = judge(m, n % 8 === 0 ? 17 : 16, n % 4 === 0);
        counts[judged.outcome]++;
        wrong = judged.wrong;
      }
      // Every 25th file text also goes through the command line: check, and render every layer at 16².
      if (!wrong && m.text !== undefined && n % 25 === 0) {
        writeFileSync(file, m.text);
        wrong = wrongWithRun(await runCli('check', file), [0, 2]) ?? wrongWithRun(await runCli('render', file, '--size', '16', '--all', '--raw', '--out', join(dir, 'out')), [0, 1, 2]);
        // format rewrites what reads in the canonical layout and leaves the rest as it was.
        if (!wrong) {
          const before = readFileSync(file);
          const r = await runCli('format', file);
          const after = readFileSync(file);
          wrong = wrongWithRun(r, [0, 2]);
          if (!wrong && r.code === 0 && after.toString() !== serializeGraph(parseGraph(after.toString()))) wrong = 'format wrote a file not in the canonical layout';
          if (!wrong && r.code === 2 && !after.equals(before)) wrong = 'format changed a file it refused';
        }
        // And every 50th through a build of one tile of 33², every layer the build takes.
        if (!wrong && n % 50 === 0) {
          wrong = wrongWithRun(await runCli('build', file, '--region', '0,0,1,1', '--cells-per-view', '32', '--tile-size', '33', '--format', 'png16,f32', '--out', join(dir, `build-${n}`)), [0, 1, 2]);
        }
      }
      const ms = performance.now() - start;
      if (process.env.FUZZ_SLOW && ms > Number(process.env.FUZZ_SLOW)) console.log(`#${n} ${Math.round(ms)} ms ${m.from}: ${m.what.slice(0, 200)}`);
      if (wrong === null && ms > HANG_MS) wrong = `took ${Math.round(ms)} ms (a hang?)`;
      if (wrong) found.push(`#${n} ${m.from}: ${m.what}\n    ${wrong}`);
    }
    rmSync(dir, { recursive: true, force: true });
    expect(found.slice(0, 20).join('\n')).toBe('');
    // The fuzz reaches the engine: a good share of mutants load and evaluate, others wait for a wire.
    expect(counts.evaluated).toBeGreaterThan(COUNT / 10);
    expect(counts.waiting).toBeGreaterThan(0);
  }, 600_000);

  it(`${COUNT} mutants of graphs built in code are evaluated, or refused by the engine saying where (seed ${SEED})`, () => {
    const rand = rng(SEED);
    const graphs = SEEDS.filter((s) => s.name.startsWith('graphs/')).map((s) => ({ name: s.name, graph: parseGraph(s.text) }));
    const found: string[] = [];
    let evaluated = 0;
    for (let n = 0; n < COUNT; n++) {
      const m = graphMutant(graphs, rand);
      let wrong: string | null = null;
      try {
        wrong = outputsOf(m.graph as Graph, 16).wrong;
        evaluated++;
      } catch (err) {
        wrong = err instanceof GraphError ? wrongWithProblems(err.problems) : `threw ${err instanceof Error ? `${err.name}: ${err.message}\n${err.stack}` : String(err)}`;
      }
      if (wrong) found.push(`#${n} ${m.from}: ${m.what}\n    ${wrong}`);
    }
    expect(found.slice(0, 20).join('\n')).toBe('');
    expect(evaluated).toBeGreaterThan(COUNT / 10);
  }, 600_000);
});
