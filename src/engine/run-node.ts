// Running one node: checks its inputs are there, hands its kernel a RunContext over its input
// grids (and the other domains its footprint reads), and wraps the outputs, the error or the
// missing input in a result.

import { type Domain, domainKey, wholeWindow } from '../grid.ts';
import type { AnyNodeDef, AnyParamValue, RunContext } from '../model/manifest.ts';
import type { Value } from '../model/values.ts';
import { LazyCrop } from './crops.ts';
import type { AnyBuffer, BufferPool } from './pool.ts';
import type { Entry, NodeState, Source } from './results.ts';

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
}

/** The node's result on its domain: its kernel's outputs, or why it has none. */
export function runNode(a: NodeRun): Entry {
  const { nodeId, def, params, domain, inputDomain, asked, signature, sources, extra, previous, version, pool, ran } = a;
  const without = (state: NodeState, message: string): Entry => ({ signature, outputs: null, buffers: [], state, message, ms: 0, version, used: 0, domain });
  for (const [port, spec] of Object.entries(def.inputs)) {
    const src = sources.get(port);
    if (!src) {
      if (!spec.optional) return without('missing', `input "${port}" is not wired`);
      continue;
    }
    // The state, not the outputs: reading a crop's outputs would copy its cells.
    if (src.entry.state !== 'ok') return without('blocked', `waits on "${src.node}" (input "${port}"), which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
  }
  for (const src of extra.values()) {
    if (src.entry.state !== 'ok') return without('blocked', `waits on "${src.node}" on another domain, which ${src.entry.state === 'failed' ? 'failed' : 'has no output'}`);
  }

  const valueOf = (port: string, want: 'field' | 'terrain' | 'biome'): Value | null => {
    const src = sources.get(port);
    if (!src) return null;
    // A crop's value copies its cells only when its data is read (the sea level reads free).
    const v = src.entry instanceof LazyCrop ? src.entry.value(src.port) : src.entry.outputs![src.port];
    if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
    if (want === 'field' && v.type === 'biome') throw new Error(`input "${port}" needs a field, got a biome map`);
    if (want !== 'field' && v.type !== want) throw new Error(`input "${port}" needs a ${want}, got a ${v.type}`);
    return v;
  };
  const owned: AnyBuffer[] = [];
  /** Buffers of shared values: allowed in the outputs, not the result's to give back. */
  const sharedBuffers: AnyBuffer[] = [];
  const other = (port: string, at: Domain): Value | null => {
    const src = extra.get(`${port}@${domainKey(at)}`);
    if (!src) {
      if (!sources.has(port)) return null;
      throw new Error(`input "${port}" was not requested on domain ${domainKey(at)}: the footprint's reads must name it`);
    }
    const v = src.entry.outputs![src.port];
    if (!v) throw new Error(`input "${port}": the upstream node has no output "${src.port}"`);
    return v;
  };
  const ctx: RunContext<string> = {
    domain,
    inputDomain,
    asked,
    previous: (port) => previous?.outputs?.[port] ?? null,
    shared: (make) => {
      const value = a.shared(make);
      // Its typed arrays are the engine's: an output may expose them without owning them.
      for (const v of Object.values(value)) if (ArrayBuffer.isView(v)) sharedBuffers.push(v as AnyBuffer);
      return value;
    },
    alloc: (kind, length = domain.n * domain.n) => {
      const b = pool.take(kind, length);
      owned.push(b);
      return b;
    },
    field: (port) => (valueOf(port, 'field') as { data: Float32Array } | null)?.data ?? null,
    window: (port) => {
      const src = sources.get(port);
      if (!src) return null;
      const w = src.entry instanceof LazyCrop ? src.entry.window(src.port) : null;
      // Not a crop (or not a field there: valueOf says why): the grid itself.
      return w ?? wholeWindow((valueOf(port, 'field') as { data: Float32Array }).data, inputDomain.n);
    },
    terrain: (port) => valueOf(port, 'terrain') as never,
    biome: (port) => valueOf(port, 'biome') as never,
    wired: (port) => sources.has(port),
    fieldAt: (port, at) => {
      const v = other(port, at);
      if (v?.type === 'biome') throw new Error(`input "${port}" needs a field on ${domainKey(at)}, got a biome map`);
      return v?.data ?? null;
    },
    terrainAt: (port, at) => {
      const v = other(port, at);
      if (v && v.type !== 'terrain') throw new Error(`input "${port}" needs a terrain on ${domainKey(at)}, got a ${v.type}`);
      return v;
    },
  };
  const start = performance.now();
  const crop0 = a.cropMs();
  // The kernel's time, less the copies of crops its reads made (the engine counts those).
  const kernelMs = (): number => performance.now() - start - (a.cropMs() - crop0);
  try {
    const outputs = def.run(ctx, params as never) as Record<string, Value>;
    const ms = kernelMs();
    ran[nodeId] = (ran[nodeId] ?? 0) + ms;
    a.onNode?.(nodeId, ms, domain);
    assertOwned(def.type, outputs, sharedBuffers.length ? [...owned, ...sharedBuffers] : owned);
    return { signature, outputs, buffers: owned, state: 'ok', ms, version, used: 0, domain };
  } catch (err) {
    const ms = kernelMs();
    ran[nodeId] = (ran[nodeId] ?? 0) + ms;
    for (const b of owned) pool.give(b);
    const message = err instanceof Error ? err.message : String(err);
    return { signature, outputs: null, buffers: [], state: 'failed', message, ms, version, used: 0, domain };
  }
}

/**
 * Every buffer a result exposes must have come from ctx.alloc in this run (or be one of the
 * engine's shared values): a buffer shared with an input would be overwritten when the pool
 * hands the input's buffer out again.
 */
function assertOwned(type: string, outputs: Record<string, Value>, owned: readonly AnyBuffer[]): void {
  for (const [port, v] of Object.entries(outputs)) {
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
