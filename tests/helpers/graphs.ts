// Test helpers: load shipped graphs, build small graphs, copy outputs out of the engine's pool.
import { readFileSync } from 'node:fs';
import { createEngine, type Engine, parseGraph } from '../../src/index.ts';
import type { Graph } from '../../src/model/graph.ts';

export function loadGraph(name: string): Graph {
  return parseGraph(readFileSync(`graphs/${name}`, 'utf8'), { file: name });
}

/** A copy of a field or terrain output: engine buffers are recycled when the node recomputes. */
export function grab(engine: Engine, node: string, port?: string): Float32Array {
  const v = engine.output(node, port);
  if (!v || v.type === 'biome') throw new Error(`no field output ${node}.${port ?? ''}: ${JSON.stringify(engine.status(node))}`);
  return v.data.slice();
}

/** A copy of a biome output's ids. */
export function grabIds(engine: Engine, node: string, port?: string): Uint8Array {
  const v = engine.output(node, port);
  if (!v || v.type !== 'biome') throw new Error(`no biome output ${node}.${port ?? ''}: ${JSON.stringify(engine.status(node))}`);
  return v.data.slice();
}

export function evaluated(graph: Graph, size: number, view?: { x: number; y: number }): Engine {
  const e = createEngine(graph, { size, view });
  e.evaluate();
  return e;
}

/** A seeded pseudo-random generator (mulberry32), so test inputs are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
