// Running one node: checks its inputs are there, hands its kernel a RunContext over its input
// grids (and the other domains its footprint reads), and wraps the outputs, the error or the
// missing input in a result.

import { type Domain, domainKey, wholeWindow } from '../grid.ts';
import type { Graph } from '../model/graph.ts';
import { NODE_TYPES, nodeDef } from '../../nodes/index.ts';
import type { AnyNodeDef, OutputSpec, RunContext } from '../model/manifest.ts';
import type { AnyParamValue } from '../model/params.ts';
import { settleBuffer, type Value } from '../model/values.ts';
import { collectDetached, type Detached, finishDetached, finishingClock, newDetached } from '../parallel/threads.ts';
import { LazyCrop } from './crops.ts';
import { isUnmade, lazyField } from './lazy.ts';
import type { AnyBuffer, BufferPool } from './pool.ts';
import type { Entry, NodeState, Source } from './results.ts';
import { Stopped } from './stopped.ts';

export interface NodeRun {
  readonly nodeId: string;
  readonly def: AnyNodeDef;
  readonly params: Record<string, AnyParamValue>;
  /** The domain it outputs, the one its inputs cover (grown by its halo), the one asked of the evaluation. */
  readonly domain: Domain;
  readonly inputDomain: Domain;
  readonly asked: Domain;
  readonly signature: string;
  /** Its wired inputs on the input domain, by port. */
  readonly sources: ReadonlyMap<string, Source>;
  /** The footprint's other reads, by "port@domain key". */
  readonly extra: ReadonlyMap<string, Source>;
  /** The result this run replaces: stays intact (and out of the pool) until the run ends. */
  readonly previous: Entry | undefined;
  /** The version the result gets. */
  readonly version: number;
  readonly pool: BufferPool;
  /** Kernel ms per node in the evaluation: the run adds its own. */
  readonly ran: Record<string, number>;
  readonly onNode: ((nodeId: string, ms: number, domain: Domain) => void) | undefined;
  /** The engine's crop milliseconds so far: a crop copied while the kernel reads its input is not the kernel's time. */
  readonly cropMs: () => number;
  /** RunContext.shared: the node's value computed from its footprint's reads alone (the engine keeps it). */
  readonly shared: <T extends object>(make: () => T) => T;
  /** Whether the evaluation is asked to stop (EvaluateOptions.shouldStop): RunContext.checkpoint reads it. */
  readonly shouldStop: (() => boolean) | undefined;
  /** Told just before the kernel runs (EvaluateOptions.onStart). */
  readonly onStart?: ((nodeId: string, domain: Domain) => void) | undefined;
}

/**
 * The node's result on its domain: its kernel's outputs, or why it has none. Throws Stopped when
 * the kernel was stopped at a checkpoint, after giving back all the run took: no result then.
 */
export function runNode(a: NodeRun): Entry {
  const { nodeId, def, params, domain, signature, sources, extra, version, pool, ran } = a;
  for (const [port, spec] of Object.entries(def.inputs)) {
    const src = sources.get(port);
    if (!src) {
      if (!spec.optional) return without(a, 'missing', notWired(port));
      continue;
    }
    // The state, not the outputs: reading a crop's outputs would copy its cells.
    if (src.entry.state !== 'ok') return without(a, 'blocked', `${waitsOn(src.node)} (input "${port}"), which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
  }
  for (const src of extra.values()) {
    if (src.entry.state !== 'ok') return without(a, 'blocked', `${waitsOn(src.node)} on another domain, which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
  }
  const owned: AnyBuffer[] = [];
  /** Buffers of shared values: allowed in the outputs, not the result's to give back. */
  const sharedBuffers: AnyBuffer[] = [];
  const ctx = contextOf(a, owned, sharedBuffers);
  // The run's last band call may be left to the workers (bands' detach): the result holds it,
  // and the evaluation finishes it before anything reads the outputs, and adds its time then.
  const detached = newDetached();
  const before = collectDetached(detached);
  const start = performance.now();
  const crop0 = a.cropMs();
  const finishing0 = finishingClock();
  // The run's time, once it has returned (an error after that, its outputs' check or onNode's,
  // fails the node but counts it once).
  let ms: number | null = null;
  try {
    a.onStart?.(nodeId, domain);
    const outputs = def.run(ctx, params as never) as Record<string, Value>;
    collectDetached(before);
    ms = runTime(start, a.cropMs() - crop0, finishingClock() - finishing0, detached);
    assertOwned(def.type, outputs, sharedBuffers.length ? [...owned, ...sharedBuffers] : owned);
    const pending = detached.calls.length ? detached : null;
    if (!pending) a.onNode?.(nodeId, ms, domain);
    ran[nodeId] = (ran[nodeId] ?? 0) + ms;
    return { signature, outputs, buffers: owned, state: 'ok', ms, version, used: 0, domain, pending };
  } catch (err) {
    collectDetached(before);
    // No worker may still write into a buffer given back; the run's own error is the one told.
    try {
      finishDetached(detached);
    } catch {
      // (A chunk of that call failed as well.)
    }
    ms = ms === null ? runTime(start, a.cropMs() - crop0, finishingClock() - finishing0, detached) : ms + detached.poolMs;
    for (const b of owned) pool.give(b);
    // Stopped: as if the run had never started (no failure, no time; the caller stores nothing).
    if (err instanceof Stopped) throw err;
    ran[nodeId] = (ran[nodeId] ?? 0) + ms;
    const message = err instanceof Error ? err.message : String(err);
    return { signature, outputs: null, buffers: [], state: 'failed', message, ms, version, used: 0, domain };
  }
}

/** How a message names the node an input waits on: by id, as the command line's --node does. */
function waitsOn(node: string): string {
  return `waits on "${node}"`;
}

/** How a message says an input has no wire: the engine's graph has none into it. */
function notWired(port: string): string {
  return `input "${port}" is not wired`;
}

/**
 * Node `nodeId`'s message (NodeStatus.message) in the editor's words. The node an input waits on
 * is named by its title, as the canvas shows it (`waits on "Water level"`), not by its id
 * (`waits on "water"`), which the canvas shows nowhere: a newcomer who cut a wire read ids on
 * every node below it. And an input the engine found unwired under a wire the person sees (the
 * engine evaluates the graph with each bypassed node's wires moved to what feeds it, and a
 * bypassed node with nothing to pass on has none: src/model/bypass.ts, GraphNode.bypassedInputs)
 * says which bypassed node passes nothing on, where it said `input "height" is not wired`. The engine keeps its words
 * (the command line names nodes by id); the editor's worker words its answers with the graph it
 * was sent, so a rename is followed. An id that names no node of the graph stays as it was;
 * no message stays none.
 */
export function inEditorWords(message: string, graph: Graph, nodeId?: string): string;
export function inEditorWords(message: string | undefined, graph: Graph, nodeId?: string): string | undefined;
export function inEditorWords(message: string | undefined, graph: Graph, nodeId?: string): string | undefined {
  if (message === undefined) return undefined;
  const title = (id: string) => graph.nodes.find((n) => n.id === id)?.title;
  const said = message.replace(/waits on "([^"]*)"/g, (words, id: string) => {
    const t = title(id);
    return t === undefined ? words : waitsOn(t);
  });
  const unwired = nodeId === undefined ? null : /^input "([^"]*)" is not wired$/.exec(said);
  if (!unwired) return said;
  const port = unwired[1];
  const node = graph.nodes.find((n) => n.id === nodeId);
  const from = node?.bypassedInputs?.[port];
  const source = from === undefined ? undefined : graph.nodes.find((n) => n.id === from);
  if (!source) {
    const makers = node && makersFor(node.type, port);
    return makers ? `${said}: wire ${makers} into it` : said;
  }
  return `input "${port}": "${source.title}" is bypassed and passes nothing on`;
}

/**
 * The node types whose output a node's input waits for, in words ("a Temperature", "a Water level
 * or a Fluvial erosion"): those with an output the input is made for (InputSpec.takes), else, for
 * a terrain or biome input, those with an output of its type; null for an input any field feeds
 * (a noise, a curve, an erosion…), where a list would say nothing. A newcomer from Gaea read
 * `input "temperature" is not wired` under a new Whittaker biomes and did not know which node
 * makes a temperature.
 */
function makersFor(type: string, port: string): string | null {
  const spec = nodeDef(type)?.inputs[port];
  if (!spec) return null;
  const makes = (o: OutputSpec) => (spec.takes ? spec.takes.includes(o.meaning) : spec.type !== 'field' && o.type === spec.type);
  // "an fBm noise", "an Erosion": the article a title's first sound takes (a lower-case letter
  // before a capital is spelt out, as in fBm).
  const article = (t: string) => (/^[aeiou]/i.test(t) || /^[fhlmnrsx][A-Z]/.test(t) ? 'an' : 'a');
  const titles = NODE_TYPES.filter((d) => Object.values(d.outputs).some(makes)).map((d) => `${article(d.title)} ${d.title}`);
  return titles.length ? titles.join(' or ') : null;
}

/**
 * The kernel's time since `start`: less the copies of crops its reads made (the engine counts
 * those) and the calls left to the workers it finished (theirs: each counts in its pool time),
 * plus the pool's time on its own such calls finished so far (the rest is added when they are:
 * Evaluation.finish), which is then taken out of `detached`.
 */
function runTime(start: number, cropMs: number, finishingMs: number, detached: Detached): number {
  const ms = performance.now() - start - cropMs - finishingMs + detached.poolMs;
  detached.poolMs = 0;
  return ms;
}

/** A result without outputs: why the node did not run. */
function without(a: NodeRun, state: NodeState, message: string): Entry {
  return { signature: a.signature, outputs: null, buffers: [], state, message, ms: 0, version: a.version, used: 0, domain: a.domain };
}

/** A wired input's value on the input domain, checked against the type asked; null when unwired. */
function valueOf(a: NodeRun, port: string, want: 'field' | 'terrain' | 'biome'): Value | null {
  const src = a.sources.get(port);
  if (!src) return null;
  // A crop's value copies its cells only when its data is read (the sea level reads free).
  const v = src.entry instanceof LazyCrop ? src.entry.value(src.port) : src.entry.outputs![src.port];
  if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
  if (want === 'field' && v.type === 'biome') throw new Error(`input "${port}" needs a field, got a biome map`);
  if (want !== 'field' && v.type !== want) throw new Error(`input "${port}" needs a ${want}, got a ${v.type}`);
  return v;
}

/** An input's value on another domain, as the footprint's reads asked; null when unwired. */
function otherOf(a: NodeRun, port: string, at: Domain): Value | null {
  const src = a.extra.get(`${port}@${domainKey(at)}`);
  if (!src) {
    if (!a.sources.has(port)) return null;
    throw new Error(`input "${port}" was not requested on domain ${domainKey(at)}: the footprint's reads must name it`);
  }
  const v = src.entry.outputs![src.port];
  if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
  return v;
}

/**
 * The kernel's RunContext: a plain object (callers may spread it), its functions assigned to
 * members, not written as named properties. Some fifty nodes run in a cold world evaluation, and
 * under tsx (the bench, the command line, the tests) every named function expression is given
 * its name at run time (Object.defineProperty), which cost more than the closures themselves.
 */
function contextOf(a: NodeRun, owned: AnyBuffer[], sharedBuffers: AnyBuffer[]): RunContext<string> {
  const { domain, inputDomain, sources } = a;
  const ctx = { domain, inputDomain, asked: a.asked } as { -readonly [K in keyof RunContext<string>]: RunContext<string>[K] };
  ctx.previous = (port) => a.previous?.outputs?.[port] ?? null;
  ctx.shared = (make) => {
    const value = a.shared(make);
    // Its typed arrays are the engine's: an output may expose them without owning them. Nothing
    // writes them again, which a kernel deriving something from one may rely on (settleBuffer).
    for (const v of Object.values(value)) {
      if (!ArrayBuffer.isView(v)) continue;
      sharedBuffers.push(v as AnyBuffer);
      if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) settleBuffer(v.buffer);
    }
    return value;
  };
  ctx.alloc = (kind, length = domain.n * domain.n) => {
    const b = a.pool.take(kind, length);
    owned.push(b);
    return b;
  };
  ctx.borrow = (port) => {
    const src = sources.get(port);
    // A crop's cells are the crop's to copy; only a result's own pool buffer is lent.
    if (!src || src.entry instanceof LazyCrop || domainKey(src.entry.domain) !== domainKey(domain)) return null;
    const v = src.entry.outputs?.[src.port];
    if (!v || v.type === 'biome' || !src.entry.buffers.includes(v.data)) return null;
    a.pool.hold(v.data);
    owned.push(v.data);
    return v.data;
  };
  ctx.lazyField = (meaning, fill) =>
    lazyField(meaning, () => {
      const b = a.pool.take('f32', domain.n * domain.n);
      try {
        fill(b);
      } catch (err) {
        a.pool.give(b);
        throw err;
      }
      // The result's buffers (the entry's array, or a crop's that adopted them): given back with the rest.
      owned.push(b);
      return b;
    });
  const shouldStop = a.shouldStop;
  ctx.checkpoint = () => {
    if (shouldStop?.()) throw new Stopped(a.nodeId);
  };
  ctx.field = (port) => (valueOf(a, port, 'field') as { data: Float32Array } | null)?.data ?? null;
  ctx.window = (port) => {
    const src = sources.get(port);
    if (!src) return null;
    const w = src.entry instanceof LazyCrop ? src.entry.window(src.port) : null;
    // Not a crop (or not a field there: valueOf says why): the grid itself.
    return w ?? wholeWindow((valueOf(a, port, 'field') as { data: Float32Array }).data, inputDomain.n);
  };
  ctx.terrain = (port) => valueOf(a, port, 'terrain') as never;
  ctx.biome = (port) => valueOf(a, port, 'biome') as never;
  ctx.wired = (port) => sources.has(port);
  // A crop's value is had without copying its cells.
  ctx.meaning = (port) => (sources.has(port) ? (valueOf(a, port, 'field')?.meaning ?? null) : null);
  ctx.fieldAt = (port, at) => {
    const v = otherOf(a, port, at);
    if (v?.type === 'biome') throw new Error(`input "${port}" needs a field on ${domainKey(at)}, got a biome map`);
    return v?.data ?? null;
  };
  ctx.terrainAt = (port, at) => {
    const v = otherOf(a, port, at);
    if (v && v.type !== 'terrain') throw new Error(`input "${port}" needs a terrain on ${domainKey(at)}, got a ${v.type}`);
    return v;
  };
  return ctx;
}

/**
 * Every buffer a result exposes must have come from ctx.alloc or ctx.borrow in this run (or be
 * one of the engine's shared values; a lazyField output takes its own when read): a buffer
 * shared with an input without being held would be overwritten when the pool hands the input's
 * buffer out again.
 */
function assertOwned(type: string, outputs: Record<string, Value>, owned: readonly AnyBuffer[]): void {
  for (const [port, v] of Object.entries(outputs)) {
    // Its buffer is taken from the pool when first read (reading it here would make it).
    if (isUnmade(v)) continue;
    const buffers: AnyBuffer[] = [v.data];
    if (v.type === 'terrain') {
      buffers.push(v.sorted);
      if (v.order) buffers.push(v.order);
    }
    for (const b of buffers) {
      if (!owned.includes(b)) throw new Error(`internal: ${type} output "${port}" holds a buffer not taken from ctx.alloc`);
    }
  }
}
