// Undo that never breaks: seeded random sequences of every edit a person can make (nodes, wires,
// params of every kind, flags, titles, frames, reroute dots, gestures that are many edits, whole
// graphs opened), each followed by its undo and redo, checked against the saved file.
//
// After every op: the graph saves and loads back to the same bytes; a refused op changed and
// recorded nothing (the redo list included); an op that changed nothing recorded nothing; undo
// gives the file before the op and redo the file after it. At the end, undoing everything gives
// the start and redoing everything the end, step by step. On a failure the sequence is shrunk to
// the few ops that still fail, and printed as records to paste into a regression test.
import { describe, expect, it } from 'vitest';
import { parseGraph, serializeGraph } from '../src/index.ts';
import { EditorCore } from '../src/editor/editor.ts';
import { edgeKey } from '../src/editor/wiring.ts';
import { GraphError } from '../src/model/problems.ts';
import type { Graph } from '../src/model/graph.ts';
import { rng } from './helpers/graphs.ts';
import { loadShipped, nextOp, type Op, perform } from './helpers/edit-ops.ts';

const STEPS = 300;

/** The default graph with a frame around its first nodes and dots on two wires. */
function annotated(): Graph {
  const g = loadShipped('default.json');
  const [a] = g.nodes;
  g.frames = [{ id: 'noises', title: 'The noises', color: 'green', position: [a.position[0] - 20, a.position[1] - 20], size: [900, 700] }];
  g.edges[0].via = [[a.position[0] + 40, a.position[1] + 30], [a.position[0] + 5000, 0]];
  g.edges[1].via = [[a.position[0] + 60, a.position[1] + 60]];
  // The longest id a file allows: a copy of it needs a fresh id within that limit.
  g.frames.push({ id: 'f'.repeat(64), title: 'Long id', color: 'grey', position: [3000, 0], size: [400, 300] });
  return g;
}

const STARTS: Record<string, () => Graph> = { default: () => loadShipped('default.json'), annotated };

class Broken extends Error {}

function fail(message: string): never {
  throw new Broken(message);
}

/** The file the editor would write, after checking that it loads back to the same bytes. */
function saved(ed: EditorCore): string {
  const text = serializeGraph(ed.snapshot());
  let again: string;
  try {
    again = serializeGraph(parseGraph(text));
  } catch (err) {
    if (err instanceof GraphError) fail(`the graph does not load back: ${err.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    throw err;
  }
  if (again !== text) fail('the graph loads back to other bytes');
  return text;
}

/**
 * Runs ops from `source` (a fixed list, or a generator reading the editor) with every check;
 * returns the ops run and, if one failed, which and why.
 */
function runOps(start: Graph, source: (ed: EditorCore, k: number) => Op | undefined): { ops: Op[]; failure?: { at: number; message: string } } {
  const ed = new EditorCore(start);
  const ops: Op[] = [];
  /** The file after each step undo can reach; `n` is where the editor stands. */
  let states = [saved(ed)];
  let n = 0;
  // Every graph that undo or redo reaches was checked to load back when an op made it.
  const expectAt = (what: string) => {
    const now = serializeGraph(ed.snapshot());
    if (now !== states[n]) fail(`${what}: the graph is not the file of step ${n} of ${states.length - 1}`);
  };
  try {
    for (let k = 0; ; k++) {
      const op = source(ed, k);
      if (!op) break;
      ops.push(op);
      if (op.op === 'undo' || op.op === 'redo') {
        for (let t = 0; t < op.times; t++) {
          const can = op.op === 'undo' ? n > 0 : n < states.length - 1;
          const did = op.op === 'undo' ? ed.undo() : ed.redo();
          if (did !== can) fail(`${op.op} did ${did ? '' : 'not '}run at step ${n} of ${states.length - 1}`);
          if (did) n += op.op === 'undo' ? -1 : 1;
          expectAt(op.op);
        }
        continue;
      }
      const before = states[n];
      const couldRedo = ed.canRedo;
      const done = perform(ed, op, () => serializeGraph(ed.snapshot()));
      const after = saved(ed);
      if (done.mismatch) fail(done.mismatch);
      // What is in the graph always copies and pastes (a limit aside, which this never reaches).
      if (op.op === 'duplicate' && done.refused !== null) fail(`copying what the graph holds was refused: ${done.refused}`);
      if (done.refused !== null) {
        if (after !== before) fail(`refused ("${done.refused}") but the graph changed`);
        if (ed.canRedo !== couldRedo) fail(`refused ("${done.refused}") but the redo list changed`);
      } else if (done.undoneAt !== undefined) {
        // Ctrl+Z inside a gesture: the gesture is filed and undone, or, when it had changed
        // nothing, the step before it is undone.
        const between = done.followed ? done.between! : after;
        if (done.undoneAt !== before) {
          states = [...states.slice(0, n + 1), done.undoneAt];
          if (between !== before) fail('an undo inside a gesture did not go back to before the gesture');
        } else if (n > 0) {
          n--;
          if (between !== states[n]) fail('an undo inside a gesture that changed nothing did not undo the step before');
        } else if (between !== before) fail('an undo inside a gesture with nothing to undo changed the graph');
        // The gesture begun after the undo is one step of its own, whatever the late handle did.
        if (done.followed && after !== between) {
          states = [...states.slice(0, n + 1), after];
          n++;
        }
      } else if (done.aside) {
        // An edit inside a gesture: the gesture so far, the edit and the rest, each a step when it
        // changed the graph. An edit that changed nothing leaves the gesture one step. Cancelled,
        // the gesture leaves the history as before it with the edit in it (one step, whose undo
        // gives the file before the gesture), or takes itself back by a step of its own.
        const [held, made] = done.aside;
        for (const s of held === made || done.withdrawn ? [after] : [held, made, after]) {
          if (s === states[n]) continue;
          states = [...states.slice(0, n + 1), s];
          n++;
        }
      } else if (after !== before) {
        states = [...states.slice(0, n + 1), after];
        n++;
      } else if (ed.canRedo !== couldRedo) fail('an op that changed nothing cleared the redo list');
      // The step's undo gives the file before it, its redo the file after it.
      if (ed.canUndo !== n > 0) fail(`canUndo is ${ed.canUndo} at step ${n}`);
      if (n > 0) {
        ed.undo();
        n--;
        expectAt('undo of the op');
        ed.redo();
        n++;
        expectAt('redo of the op');
      }
      if (ed.canRedo !== n < states.length - 1) fail(`canRedo is ${ed.canRedo} at step ${n} of ${states.length - 1}`);
      // The selection holds only what the graph holds.
      const keys = new Set(ed.graph.edges.map(edgeKey));
      for (const id of ed.selection) if (!ed.node(id)) fail(`node "${id}" is selected but gone`);
      for (const key of ed.selectedWires) if (!keys.has(key)) fail(`wire ${key} is selected but gone`);
      for (const id of ed.selectedFrames) if (!ed.frame(id)) fail(`frame "${id}" is selected but gone`);
    }
    // Everything undone, step by step, then everything redone.
    while (n > 0) {
      if (!ed.undo()) fail(`undo refused at step ${n}`);
      n--;
      expectAt('undo all');
    }
    if (ed.canUndo) fail('something is left to undo at the start');
    while (n < states.length - 1) {
      if (!ed.redo()) fail(`redo refused at step ${n}`);
      n++;
      expectAt('redo all');
    }
    if (ed.canRedo) fail('something is left to redo at the end');
  } catch (err) {
    if (err instanceof Broken) return { ops, failure: { at: ops.length - 1, message: err.message } };
    return { ops, failure: { at: ops.length - 1, message: `threw ${(err as Error).stack}` } };
  }
  return { ops };
}

/** The shortest sublist of `ops` found that still fails (chunks, then single ops, taken out). */
function shrink(start: () => Graph, ops: Op[]): { ops: Op[]; message: string } {
  const fails = (list: Op[]) => runOps(start(), (_, k) => list[k]).failure;
  let best = ops;
  const first = fails(best);
  if (!first) return { ops, message: 'the sequence does not fail when replayed' };
  let message = first.message;
  for (let size = Math.ceil(best.length / 2); size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
    for (let at = 0; at < best.length; ) {
      const trial = [...best.slice(0, at), ...best.slice(at + size)];
      const failure = fails(trial);
      if (failure) {
        best = trial.slice(0, failure.at + 1);
        message = failure.message;
      } else at += size;
    }
  }
  return { ops: best, message };
}

function fuzz(startName: string, seed: number): void {
  const start = STARTS[startName];
  const r = rng(seed);
  const run = runOps(start(), (ed, k) => (k < STEPS ? nextOp(r, ed) : undefined));
  if (run.failure) {
    const small = shrink(start, run.ops.slice(0, run.failure.at + 1));
    expect.fail(`seed ${seed} (${startName}), op ${run.failure.at}: ${run.failure.message}\nshrunk to ${small.ops.length} ops (${small.message}):\n${small.ops.map((o) => JSON.stringify(o)).join('\n')}`);
  }
  // The sequence did what it is for: edits of every kind, refusals among them.
  const kinds = new Set(run.ops.map((o) => o.op));
  expect(kinds.size).toBeGreaterThan(20);
}

/** Seeds 1–10 by default; `FUZZ_SEEDS=11-500` hunts further (odd seeds start from the default graph). */
function seedPlan(): [string, number[]][] {
  const range = /^(\d+)-(\d+)$/.exec(process.env.FUZZ_SEEDS ?? '');
  if (!range) return [['default', [1, 2, 3, 4, 5]], ['annotated', [6, 7, 8, 9, 10]]];
  const seeds = Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, k) => Number(range[1]) + k);
  return [['default', seeds.filter((s) => s % 2)], ['annotated', seeds.filter((s) => !(s % 2))]];
}

describe('undo and redo over random edits', () => {
  for (const [startName, seeds] of seedPlan()) {
    for (const seed of seeds) {
      it(`${STEPS} random edits of the ${startName} graph (seed ${seed}): each undone and redone, then all of them`, () => fuzz(startName, seed));
    }
  }
});
