// Random edits of the headless editor as plain records, and the interpreter that performs them
// as the canvas would (gestures opened, filled and closed as the bridge does). Records, not
// closures, so a failing sequence can be printed, replayed and shrunk to the few that matter.

import { readFileSync } from 'node:fs';
import { NODE_TYPES, nodeDef } from '../../nodes/index.ts';
import { parseGraph } from '../../src/index.ts';
import { parseSnippet, snippetText } from '../../src/editor/clipboard.ts';
import { EditError, type GestureEdits, gestureEdits } from '../../src/editor/commands.ts';
import { EditorCore } from '../../src/editor/editor.ts';
import { edgeKey } from '../../src/editor/wiring.ts';
import { FRAME_COLORS, type Edge, type FrameColor, type Graph, type NodeFlag, type PortRef } from '../../src/model/graph.ts';
import { dotsInFrame, nodesInFrame } from '../../src/model/frames.ts';
import type { AnyParamValue, ParamSpec } from '../../src/model/params.ts';

type XY = [number, number];
/** How a gesture ends: filed, cancelled (Escape), or with Ctrl+Z pressed before the button is let go. */
export type GestureEnd = 'commit' | 'cancel' | 'undo';

export type Op =
  | { op: 'add'; type: string; at: XY; params?: Record<string, AnyParamValue> }
  | { op: 'addWired'; type: string; at: XY; newPort: string; other: PortRef; otherSide: 'input' | 'output' }
  | { op: 'remove'; ids: string[] }
  | { op: 'delete'; nodes: string[]; wires: string[]; frames: string[] }
  | { op: 'duplicate'; nodes: string[]; frames: string[]; at: XY }
  | { op: 'connect'; edge: Edge }
  | { op: 'disconnect'; edge: Edge }
  /** A wire picked off its input and dropped on another input (or refused: put back). */
  | { op: 'rewire'; edge: Edge; to: PortRef }
  | { op: 'param'; id: string; key: string; value: unknown }
  | { op: 'dragParam'; id: string; key: string; values: unknown[]; end: GestureEnd }
  | { op: 'move'; moves: { id: string; position: XY }[] }
  | { op: 'dragNodes'; ids: string[]; deltas: XY[]; end: GestureEnd }
  | { op: 'title'; id: string; title: string }
  | { op: 'flag'; ids: string[]; flag: NodeFlag; value: boolean }
  | { op: 'info'; name?: string; notes?: string }
  | { op: 'view'; view: { x?: number; y?: number; size?: number } }
  | { op: 'addFrame'; at: XY; size: XY; title?: string; color?: FrameColor }
  | { op: 'setFrame'; id: string; change: { title?: string; color?: FrameColor; size?: XY } }
  | { op: 'dragFrame'; id: string; deltas: XY[]; end: GestureEnd }
  | { op: 'resizeFrame'; id: string; sizes: XY[]; end: GestureEnd }
  | { op: 'addReroute'; edge: Edge; index: number; point: XY }
  | { op: 'removeReroute'; edge: Edge; index: number }
  | { op: 'dragReroute'; edge: Edge; index: number; points: XY[]; end: GestureEnd }
  /**
   * A slider drag with Ctrl+Z pressed inside it (which files and undoes it), then a node drag
   * begun before the slider's handle is let go (committed or cancelled, late): the late handle
   * must leave the node drag alone, one step of its own.
   */
  | { op: 'interrupted'; id: string; key: string; values: unknown[]; nodes: string[]; deltas: XY[]; letGo: 'commit' | 'cancel' }
  /**
   * A gesture (a drag of a param, nodes, a frame or a dot, let go or cancelled) with an edit of
   * something else made while it is held (the keyboard's: a node pasted, the view changed…),
   * before its `at`-th edit: the gesture so far, the edit and the rest are steps of their own.
   */
  | { op: 'aside'; gesture: Op; inner: Op; at: number }
  | { op: 'replace'; file: string }
  | { op: 'undo'; times: number }
  | { op: 'redo'; times: number };

/** The size every node is taken to have on the canvas when asking what a frame holds. */
export const NODE_BOX = { width: 180, height: 120 };

const SHIPPED = ['default.json', 'terrain-start.json', 'eroded-valleys.json', 'chained-curves.json'];

export function loadShipped(file: string): ReturnType<typeof parseGraph> {
  return parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });
}

/** What performing an op did, beyond the graph it left. */
export interface Performed {
  /** The op was refused (an EditError or a wire's refusal): it must change and record nothing. */
  refused: string | null;
  /** An undo pressed inside the gesture: the graph the gesture had made when it was pressed. */
  undoneAt?: string;
  /** The op did something other than what a person asked: what. */
  mismatch?: string;
  /** After the undo inside the gesture, another gesture made a step of its own. */
  followed?: boolean;
  /** With `followed`: the graph between the undo and that other gesture. */
  between?: string;
  /** An edit made inside a gesture ('aside'): the graphs just before and just after it. */
  aside?: [string, string];
  /**
   * With `aside`, the gesture cancelled: true when it left the history as before the gesture,
   * the edit in it (no step of its own, no step taking it back, nothing said).
   */
  withdrawn?: boolean;
}

/**
 * Performs one op on the editor. EditErrors (and refused wires) come back as `refused`; any
 * other error is thrown, as it would reach the person as a stack trace.
 */
export function perform(ed: EditorCore, op: Op, save: () => string, inside?: { op: Op; at: number }): Performed {
  let undoneAt: string | undefined;
  let aside: [string, string] | undefined;
  let withdrawn: boolean | undefined;
  // A gesture run as the canvas runs one: begin, the edits (a refused one tells and goes on), end.
  // A refused edit inside it is told and skipped, as the canvas does; the others stand.
  const gesture = (label: string, scope: GestureEdits, edits: (() => void)[], end: GestureEnd): void => {
    const step = ed.beginStep(label, scope);
    const done = inside ? [...edits.slice(0, inside.at), () => {
      const before = save();
      perform(ed, inside.op, save);
      aside = [before, save()];
    }, ...edits.slice(inside.at)] : edits;
    for (const edit of done) {
      try {
        edit();
      } catch (err) {
        if (!(err instanceof EditError)) throw err;
      }
    }
    if (end === 'cancel') {
      const said = step.cancel();
      withdrawn = said === null && !ed.undoLabel?.startsWith('cancel ');
    }
    else if (end === 'undo') {
      undoneAt = save();
      ed.undo();
      // The button is let go after the undo: the canvas still commits its gesture.
      step.commit();
    } else step.commit();
  };
  try {
    switch (op.op) {
      case 'add':
        ed.addNode(op.type, op.at, op.params);
        break;
      case 'addWired':
        ed.addNodeWired(op.type, op.at, { newPort: op.newPort, other: op.other, otherSide: op.otherSide });
        break;
      case 'remove':
        ed.removeNodes(op.ids);
        break;
      case 'delete':
        ed.select(op.nodes, op.wires, op.frames);
        ed.deleteSelection();
        break;
      case 'duplicate': {
        // Through the clipboard's text, as a paste from another tab goes.
        const snippet = parseSnippet(snippetText(ed.copy(op.nodes, op.frames)));
        if (!snippet) throw new Error('a copied snippet does not read back');
        ed.paste(snippet, op.at);
        break;
      }
      case 'connect': {
        const refusal = ed.connect(op.edge);
        if (refusal) return { refused: refusal };
        break;
      }
      case 'disconnect':
        ed.disconnect(op.edge);
        break;
      case 'rewire': {
        // The bridge: the pick-off cuts the wire inside a 'move wire' gesture; a drop the model
        // refuses (or on the input it came from) cancels the gesture, which puts the wire back.
        if (!ed.graph.edges.some((e) => edgeKey(e) === edgeKey(op.edge))) return { refused: 'no such wire to pick' };
        const step = ed.beginStep('move wire', gestureEdits.wire(op.edge));
        ed.disconnect(op.edge);
        const edge: Edge = { from: op.edge.from, to: op.to };
        const refusal = edgeKey(edge) === edgeKey(op.edge) ? 'put back' : ed.connect(edge);
        if (refusal) {
          step.cancel();
          return { refused: refusal };
        }
        step.commit();
        break;
      }
      case 'param':
        ed.setParam(op.id, op.key, op.value as AnyParamValue);
        break;
      case 'dragParam':
        gesture(`change ${op.key}`, gestureEdits.param(op.id, op.key), op.values.map((v) => () => ed.setParam(op.id, op.key, v as AnyParamValue)), op.end);
        break;
      case 'move':
        ed.moveNodes(op.moves);
        break;
      case 'dragNodes': {
        // The bridge moves each selected node by the pointer's offset since the drag began.
        const start = new Map(op.ids.map((id) => [id, ed.node(id)?.position]));
        gesture(
          'move',
          gestureEdits.nodes,
          op.deltas.map((d) => () => ed.moveNodes(op.ids.filter((id) => start.get(id)).map((id) => ({ id, position: [start.get(id)![0] + d[0], start.get(id)![1] + d[1]] })))),
          op.end,
        );
        break;
      }
      case 'title':
        ed.setTitle(op.id, op.title);
        break;
      case 'flag':
        ed.setFlag(op.ids, op.flag, op.value);
        break;
      case 'info':
        ed.setInfo({ name: op.name, notes: op.notes });
        break;
      case 'view':
        ed.setView(op.view);
        break;
      case 'addFrame':
        ed.addFrame(op.at, op.size, { title: op.title, color: op.color });
        break;
      case 'setFrame':
        ed.setFrame(op.id, op.change);
        break;
      case 'dragFrame': {
        const frame = ed.frame(op.id);
        if (!frame) return { refused: 'no such frame' };
        // What lies inside when the drag starts is what the drag carries (src/app/canvas/frames.ts).
        const graph = ed.graph as Graph;
        const carried = { nodes: nodesInFrame(graph, frame, () => NODE_BOX), dots: dotsInFrame(graph, frame) };
        const at = [frame.position[0], frame.position[1]];
        const before = structuredClone(graph);
        gesture('move frame', gestureEdits.frame(op.id), op.deltas.map((d) => () => ed.moveFrame(op.id, [at[0] + d[0], at[1] + d[1]], carried)), op.end);
        if (op.end !== 'commit' || inside) break;
        // Exactly what was inside moved, by the drag's last offset; everything else stayed.
        const [dx, dy] = op.deltas.at(-1)!;
        const moved = new Set(carried.nodes);
        for (const n of before.nodes) {
          const want = moved.has(n.id) ? [n.position[0] + dx, n.position[1] + dy] : n.position;
          if (JSON.stringify(ed.node(n.id)?.position) !== JSON.stringify(want)) return { refused: null, mismatch: `node "${n.id}" is at ${JSON.stringify(ed.node(n.id)?.position)}, not ${JSON.stringify(want)}` };
        }
        const dots = new Set(carried.dots.map((d) => `${edgeKey(d.edge as Edge)}#${d.index}`));
        for (const e of before.edges) {
          const want = e.via?.map((p, k) => (dots.has(`${edgeKey(e)}#${k}`) ? [p[0] + dx, p[1] + dy] : p));
          const now = graph.edges.find((x) => edgeKey(x) === edgeKey(e))?.via;
          if (JSON.stringify(now) !== JSON.stringify(want)) return { refused: null, mismatch: `wire ${edgeKey(e)} has dots ${JSON.stringify(now)}, not ${JSON.stringify(want)}` };
        }
        break;
      }
      case 'resizeFrame':
        gesture('resize frame', gestureEdits.frame(op.id), op.sizes.map((s) => () => ed.setFrame(op.id, { size: s }, 'resize frame')), op.end);
        break;
      case 'addReroute':
        ed.addReroute(op.edge, op.index, op.point);
        break;
      case 'removeReroute':
        ed.removeReroute(op.edge, op.index);
        break;
      case 'dragReroute': {
        const via = ed.graph.edges.find((e) => edgeKey(e) === edgeKey(op.edge))?.via;
        if (!via?.[op.index]) return { refused: 'no such dot' };
        const dots = via.map((p): XY => [p[0], p[1]]);
        gesture(
          'move reroute',
          gestureEdits.via(op.edge),
          op.points.map((p) => () => ed.setVia(op.edge, dots.map((d, k) => (k === op.index ? p : d)))),
          op.end,
        );
        break;
      }
      case 'aside':
        return perform(ed, op.gesture, save, { op: op.inner, at: op.at });
      case 'interrupted': {
        const slider = ed.beginStep(`change ${op.key}`, gestureEdits.param(op.id, op.key));
        for (const v of op.values) {
          try {
            ed.setParam(op.id, op.key, v as AnyParamValue);
          } catch (err) {
            if (!(err instanceof EditError)) throw err;
          }
        }
        undoneAt = save();
        ed.undo();
        const between = save();
        const start = new Map(op.nodes.map((id) => [id, ed.node(id)?.position]));
        const drag = ed.beginStep('move', gestureEdits.nodes);
        const moveBy = (d: XY) => ed.moveNodes(op.nodes.filter((id) => start.get(id)).map((id) => ({ id, position: [start.get(id)![0] + d[0], start.get(id)![1] + d[1]] })));
        const half = Math.ceil(op.deltas.length / 2);
        for (const d of op.deltas.slice(0, half)) moveBy(d);
        if (op.letGo === 'commit') slider.commit();
        else slider.cancel();
        for (const d of op.deltas.slice(half)) moveBy(d);
        drag.commit();
        return { refused: null, undoneAt, followed: true, between };
      }
      case 'replace':
        ed.replaceGraph(op.file === 'empty' ? { name: 'Untitled', notes: '', view: { x: 0, y: 0, size: 256 }, nodes: [], edges: [], frames: [] } : loadShipped(op.file), `open ${op.file}`);
        break;
      case 'undo':
      case 'redo':
        throw new Error('undo and redo are the runner\'s to perform');
    }
  } catch (err) {
    if (err instanceof EditError) return { refused: err.message, undoneAt };
    throw err;
  }
  return { refused: null, undoneAt, aside, withdrawn };
}

// ── generation ─────────────────────────────────────────────────────────────────────────────

export type Rand = () => number;

const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const chance = (r: Rand, p: number) => r() < p;
const round = (x: number) => Math.round(x * 1000) / 1000;
const some = <T>(r: Rand, list: readonly T[], p = 0.3): T[] => list.filter(() => chance(r, p));

/** A value for a param: in range most of the time, else one its manifest refuses. */
export function paramValue(r: Rand, spec: ParamSpec): unknown {
  const wrong = chance(r, 0.12);
  switch (spec.kind) {
    case 'number': {
      if (wrong) return pick(r, [spec.max + 1, spec.min - 1, Number.NaN, Number.POSITIVE_INFINITY, '1']);
      return Math.min(spec.max, Math.max(spec.min, round(spec.min + r() * (spec.max - spec.min))));
    }
    case 'int':
      if (wrong) return pick(r, [spec.max + 1, spec.min - 1, spec.min + 0.5, null]);
      return int(r, spec.min, Math.min(spec.max, spec.min + 1000));
    case 'bool':
      return wrong ? 'yes' : chance(r, 0.5);
    case 'enum':
      return wrong ? 'no-such-option' : pick(r, spec.options);
    case 'points': {
      const count = wrong ? spec.minCount - 1 : int(r, spec.minCount, Math.min(spec.maxCount, spec.minCount + 4));
      const xs = Array.from({ length: Math.max(0, count) }, () => round(spec.min + r() * (spec.max - spec.min))).sort((a, b) => a - b);
      const pts = xs.map((x) => [x, round(spec.min + r() * (spec.max - spec.min))]);
      if (wrong && pts.length >= 2 && chance(r, 0.5)) return [...pts].reverse().map((p, k) => (k === 0 ? [p[0] + 1, p[1]] : p));
      return pts;
    }
    case 'numbers': {
      const count = int(r, spec.minCount, Math.min(spec.maxCount, spec.minCount + 3));
      const set = new Set<number>();
      while (set.size < count) set.add(round(spec.min + r() * (spec.max - spec.min)));
      const list = [...set].sort((a, b) => a - b);
      return wrong && list.length >= 2 ? list.reverse() : list;
    }
    case 'table': {
      const table = Array.from({ length: spec.rows }, () => Array.from({ length: spec.cols }, () => pick(r, spec.options)));
      if (wrong) table[0][0] = 'lava';
      return table;
    }
  }
}

/** A gesture's values: a drag from one value towards another, a few pointer moves. */
function dragValues(r: Rand, spec: ParamSpec, now: unknown): unknown[] {
  const n = int(r, 1, 8);
  if (spec.kind === 'number' || spec.kind === 'int') {
    const goal = paramValue(r, spec);
    const from = now as number;
    if (typeof goal !== 'number' || !Number.isFinite(goal)) return [goal];
    const values = Array.from({ length: n }, (_, k) => {
      const v = from + ((goal - from) * (k + 1)) / n;
      return spec.kind === 'int' ? Math.round(v) : round(v);
    });
    // Sometimes the drag ends where it began: a step that changes nothing.
    if (chance(r, 0.15)) values.push(from);
    return values;
  }
  if (spec.kind === 'points') {
    // A curve point dragged: the same list with one point moving between its neighbours' x.
    const pts = (now as [number, number][]).map((p): XY => [p[0], p[1]]);
    const k = int(r, 0, pts.length - 1);
    const lo = k > 0 ? pts[k - 1][0] : spec.min;
    const hi = k < pts.length - 1 ? pts[k + 1][0] : spec.max;
    return Array.from({ length: n }, () => pts.map((p, j): XY => (j === k ? [round(lo + r() * (hi - lo)), round(spec.min + r() * (spec.max - spec.min))] : p)));
  }
  return Array.from({ length: n }, () => paramValue(r, spec));
}

function deltas(r: Rand): XY[] {
  const n = int(r, 1, 10);
  const goal: XY = [int(r, -600, 600), int(r, -600, 600)];
  const out = Array.from({ length: n }, (_, k): XY => [Math.round((goal[0] * (k + 1)) / n), Math.round((goal[1] * (k + 1)) / n)]);
  if (chance(r, 0.1)) out.push([0, 0]);
  return out;
}

const end = (r: Rand): GestureEnd => (chance(r, 0.12) ? 'cancel' : chance(r, 0.08) ? 'undo' : 'commit');

function randomTitle(r: Rand): string {
  if (chance(r, 0.08)) return 'x'.repeat(61);
  return pick(r, ['Ridges', 'Sea', 'Höhe', '山', 'Mask 2', '', ' ', 'A very long but still allowed title of exactly sixty chars..'.slice(0, 60)]);
}

/** A port that exists, or now and then one that does not (a stale pick). */
function portOf(r: Rand, ed: EditorCore, side: 'inputs' | 'outputs'): PortRef | null {
  const nodes = ed.graph.nodes;
  if (!nodes.length) return null;
  const n = pick(r, nodes);
  const ports = Object.keys(nodeDef(n.type)![side]);
  if (!ports.length || chance(r, 0.03)) return { node: chance(r, 0.5) ? n.id : 'ghost', port: 'nope' };
  return { node: n.id, port: pick(r, ports) };
}

/** The gestures an edit can be made inside ('aside'), by the test's gesture helper. */
const HELD = new Set<Op['op']>(['dragParam', 'dragNodes', 'dragFrame', 'resizeFrame', 'dragReroute']);
/** The edits made inside one: one step each, outside every gesture's edits but the ones asideOp skips. */
const ASIDE = new Set<Op['op']>(['add', 'addWired', 'remove', 'delete', 'duplicate', 'connect', 'disconnect', 'param', 'title', 'flag', 'info', 'view', 'addFrame', 'setFrame', 'addReroute', 'removeReroute']);

/** True when `inner` edits what `gesture` does (it joins the gesture's step: no aside). */
function joins(gesture: Op, inner: Op): boolean {
  const frame = gesture.op === 'dragFrame' || gesture.op === 'resizeFrame';
  if (inner.op === 'param') return gesture.op === 'dragParam' && gesture.id === inner.id && gesture.key === inner.key;
  if (inner.op === 'setFrame') return frame && gesture.id === inner.id;
  if (inner.op === 'addReroute' || inner.op === 'removeReroute') return frame || (gesture.op === 'dragReroute' && edgeKey(gesture.edge) === edgeKey(inner.edge));
  return false;
}

/** A gesture with an edit of something else made while it is held, or null when the dice found none. */
function asideOp(r: Rand, ed: EditorCore): Op | null {
  const draw = (kinds: Set<Op['op']>) => {
    for (let k = 0; k < 30; k++) {
      const op = nextOp(r, ed);
      if (kinds.has(op.op)) return op;
    }
    return null;
  };
  const gesture = draw(HELD);
  const inner = draw(ASIDE);
  if (!gesture || !inner || joins(gesture, inner)) return null;
  // Let go or cancelled: an undo inside it is the 'interrupted' op's.
  const held = { ...gesture, end: chance(r, 0.3) ? 'cancel' : 'commit' } as Op;
  const count = 'values' in held ? held.values.length : 'deltas' in held ? held.deltas.length : 'sizes' in held ? held.sizes.length : 'points' in held ? held.points.length : 0;
  return { op: 'aside', gesture: held, inner, at: int(r, 0, count) };
}

/** The next op for the editor as it is: most target what exists, a few what does not. */
export function nextOp(r: Rand, ed: EditorCore): Op {
  const g = ed.graph;
  const ids = g.nodes.map((n) => n.id);
  const frames = (g.frames ?? []).map((f) => f.id);
  const edges = g.edges;
  const anyNode = () => (ids.length && chance(r, 0.97) ? pick(r, ids) : 'ghost');
  const anyFrame = () => (frames.length && chance(r, 0.95) ? pick(r, frames) : 'frame-ghost');
  const at = (): XY => [int(r, -800, 2400), int(r, -800, 2400)];
  const roll = r();
  const kinds: [number, () => Op | null][] = [
    [6, () => {
      const def = pick(r, NODE_TYPES);
      const op: Op = { op: 'add', type: chance(r, 0.03) ? 'no-such-type' : def.type, at: at() };
      const entries = Object.entries(def.params);
      if (entries.length && chance(r, 0.2)) {
        const [key, spec] = pick(r, entries);
        op.params = { [key]: paramValue(r, spec) as AnyParamValue };
      }
      return op;
    }],
    [3, () => {
      const def = pick(r, NODE_TYPES);
      const side = chance(r, 0.5) ? 'input' : 'output';
      const newPorts = Object.keys(side === 'input' ? def.outputs : def.inputs);
      const other = portOf(r, ed, side === 'input' ? 'inputs' : 'outputs');
      if (!newPorts.length || !other) return null;
      return { op: 'addWired', type: def.type, at: at(), newPort: pick(r, newPorts), other, otherSide: side };
    }],
    [3, () => ({ op: 'remove', ids: chance(r, 0.5) ? [anyNode()] : some(r, ids, 0.15) })],
    [4, () => ({ op: 'delete', nodes: some(r, ids, 0.1), wires: some(r, edges.map(edgeKey), 0.1), frames: some(r, frames, 0.3) })],
    [4, () => ({ op: 'duplicate', nodes: some(r, ids, 0.2), frames: some(r, frames, 0.3), at: at() })],
    [10, () => {
      const from = portOf(r, ed, 'outputs');
      const to = portOf(r, ed, 'inputs');
      return from && to ? { op: 'connect', edge: { from, to } } : null;
    }],
    [3, () => (edges.length ? { op: 'disconnect', edge: structuredClone(pick(r, edges)) } : null)],
    [4, () => {
      const to = portOf(r, ed, 'inputs');
      return edges.length && to ? { op: 'rewire', edge: structuredClone(pick(r, edges)), to } : null;
    }],
    [10, () => {
      const id = anyNode();
      const node = ed.node(id);
      if (!node) return { op: 'param', id, key: 'seed', value: 1 };
      const entries = Object.entries(nodeDef(node.type)!.params);
      if (!entries.length) return null;
      const [key, spec] = pick(r, entries);
      if (chance(r, 0.03)) return { op: 'param', id, key: 'no-such-param', value: 1 };
      return { op: 'param', id, key, value: paramValue(r, spec) };
    }],
    [10, () => {
      const id = anyNode();
      const node = ed.node(id);
      if (!node) return null;
      const entries = Object.entries(nodeDef(node.type)!.params);
      if (!entries.length) return null;
      const [key, spec] = pick(r, entries);
      return { op: 'dragParam', id, key, values: dragValues(r, spec, node.params[key]), end: end(r) };
    }],
    [2, () => {
      const id = anyNode();
      const node = ed.node(id);
      const entries = node ? Object.entries(nodeDef(node.type)!.params) : [];
      if (!node || !entries.length) return null;
      const [key, spec] = pick(r, entries);
      return { op: 'interrupted', id, key, values: dragValues(r, spec, node.params[key]), nodes: some(r, ids, 0.25), deltas: deltas(r), letGo: chance(r, 0.5) ? 'commit' : 'cancel' };
    }],
    [4, () => ({ op: 'move', moves: some(r, ids, 0.2).map((id) => ({ id, position: chance(r, 0.03) ? [Number.NaN, 0] : at() })) })],
    [3, () => {
      // A node put inside a frame (so a frame drag carries it), or one taken out of it.
      const fr = frames.length ? ed.frame(pick(r, frames))! : null;
      if (!fr || !ids.length || fr.size[0] < NODE_BOX.width || fr.size[1] < NODE_BOX.height) return null;
      const inside: XY = [fr.position[0] + int(r, 0, fr.size[0] - NODE_BOX.width), fr.position[1] + int(r, 0, fr.size[1] - NODE_BOX.height)];
      return { op: 'move', moves: [{ id: pick(r, ids), position: chance(r, 0.8) ? inside : at() }] };
    }],
    [8, () => ({ op: 'dragNodes', ids: chance(r, 0.6) ? [anyNode()] : some(r, ids, 0.25), deltas: deltas(r), end: end(r) })],
    [3, () => ({ op: 'title', id: anyNode(), title: randomTitle(r) })],
    [4, () => ({ op: 'flag', ids: chance(r, 0.5) ? [anyNode()] : some(r, ids, 0.3), flag: pick(r, ['bypass', 'collapsed'] as const), value: chance(r, 0.5) })],
    [2, () => (chance(r, 0.5) ? { op: 'info', name: chance(r, 0.1) ? 'n'.repeat(81) : pick(r, ['Islands', 'Untitled', 'Ω', '']) } : { op: 'info', notes: pick(r, ['', 'windward rain', 'a\nb']) })],
    [2, () => ({ op: 'view', view: chance(r, 0.5) ? { x: round(r() * 10 - 5), y: round(r() * 10 - 5) } : { size: pick(r, [64, 128, 256, 512, 8, 100000, 300.5]) } })],
    [4, () => ({ op: 'addFrame', at: at(), size: [int(r, 20, 1200), int(r, 40, 900)], title: chance(r, 0.3) ? randomTitle(r) : undefined, color: chance(r, 0.3) ? pick(r, FRAME_COLORS) : undefined })],
    [4, () => {
      const id = anyFrame();
      const which = int(r, 0, 2);
      const change = which === 0 ? { title: randomTitle(r) } : which === 1 ? { color: pick(r, FRAME_COLORS) } : { size: [int(r, 10, 1500), int(r, 30, 1500)] as XY };
      return { op: 'setFrame', id, change };
    }],
    [6, () => (frames.length ? { op: 'dragFrame', id: anyFrame(), deltas: deltas(r), end: end(r) } : null)],
    [3, () => (frames.length ? { op: 'resizeFrame', id: anyFrame(), sizes: Array.from({ length: int(r, 1, 6) }, (): XY => [int(r, 30, 1500), int(r, 30, 1500)]), end: end(r) } : null)],
    [5, () => {
      if (!edges.length) return null;
      const e = pick(r, edges);
      // Often inside a frame, so frame drags carry dots.
      const f = frames.length && chance(r, 0.5) ? ed.frame(pick(r, frames))! : null;
      const point: XY = f ? [f.position[0] + int(r, 0, f.size[0]), f.position[1] + int(r, 0, f.size[1])] : at();
      return { op: 'addReroute', edge: { from: { ...e.from }, to: { ...e.to } }, index: int(r, 0, (e.via?.length ?? 0) + 1), point };
    }],
    [2, () => {
      const dotted = edges.filter((e) => e.via?.length);
      if (!dotted.length) return null;
      const e = pick(r, dotted);
      return { op: 'removeReroute', edge: { from: { ...e.from }, to: { ...e.to } }, index: int(r, 0, e.via!.length) };
    }],
    [3, () => {
      const dotted = edges.filter((e) => e.via?.length);
      if (!dotted.length) return null;
      const e = pick(r, dotted);
      const n = int(r, 1, 6);
      return { op: 'dragReroute', edge: { from: { ...e.from }, to: { ...e.to } }, index: int(r, 0, e.via!.length - 1), points: Array.from({ length: n }, at), end: end(r) };
    }],
    [6, () => asideOp(r, ed)],
    [0.6, () => ({ op: 'replace', file: pick(r, [...SHIPPED, 'empty']) })],
    [4, () => ({ op: 'undo', times: int(r, 1, 4) })],
    [3, () => ({ op: 'redo', times: int(r, 1, 3) })],
  ];
  const total = kinds.reduce((s, [w]) => s + w, 0);
  let x = roll * total;
  for (const [w, make] of kinds) {
    x -= w;
    if (x < 0) return make() ?? nextOp(r, ed);
  }
  return nextOp(r, ed);
}
