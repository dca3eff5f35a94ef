// Per-cell provenance, read in the worker: one cell's value at every node that leads to the
// shown one, upstream to downstream, with what each number means. It is how a person learns why
// a cell is desert: hot row, dry column, and the dry column because the wind lost its water on
// the hills. What a node adds to its row (a curve's input, the Whittaker rule) is its own
// NodeDef.explain; the page words the rows (src/viewer-core/provenance.ts).

import type { Domain } from '../grid.ts';
import { BIOMES } from '../model/biomes.ts';
import { findNode, type Graph, topologicalOrder, upstreamOf } from '../model/graph.ts';
import type { CellNote } from '../model/manifest.ts';
import type { Meaning, PortType } from '../model/values.ts';
import type { Engine, NodeState } from './engine.ts';
import { readNode } from './reading.ts';

/** One output of one node at the cell. */
export interface ProvenanceRow extends CellNote {
  readonly node: string;
  readonly title: string;
  /** The node's type. */
  readonly type: string;
  readonly port: string;
  readonly state: NodeState | 'unevaluated';
  /** Why there is no value (the node failed, waits, …). */
  readonly message?: string;
  readonly portType?: PortType;
  readonly meaning?: Meaning;
  /** The cell's value (a biome id for biome maps); null without output. */
  readonly value: number | null;
  /** Terrain: the sea level and whether the cell is under it. */
  readonly seaLevel?: number;
  readonly water?: boolean;
  /** Biome maps: the biome's name. */
  readonly biome?: string;
}

/** The nodes feeding `target` and itself, every node after those feeding it (ties in file order). */
export function provenanceOrder(graph: Graph, target: string): string[] {
  const upstream = upstreamOf(graph, [target]);
  return (topologicalOrder(graph) ?? graph.nodes.map((n) => n.id)).filter((id) => upstream.has(id));
}

/**
 * The value of cell i at every output of every node leading to `target` (itself included), in
 * provenance order, read from the engine's results on `domain` (evaluate it there first).
 */
export function cellProvenance(engine: Engine, graph: Graph, target: string, i: number, domain: Domain): ProvenanceRow[] {
  const rows: ProvenanceRow[] = [];
  for (const id of provenanceOrder(graph, target)) {
    const node = findNode(graph, id)!;
    const { def, reading } = readNode(engine, graph, engine.catalogue, id, domain);
    const status = engine.status(id, domain);
    for (const port of Object.keys(def?.outputs ?? {})) {
      const base = { node: id, title: node.title, type: node.type, port };
      const v = status?.state === 'ok' ? engine.output(id, port, domain) : undefined;
      if (!v) {
        rows.push({ ...base, state: status?.state ?? 'unevaluated', message: status?.message, value: null });
        continue;
      }
      const value = v.data[i];
      const row: ProvenanceRow = { ...base, state: 'ok', portType: v.type, meaning: v.meaning, value, ...def?.explain?.(reading as never, i, port) };
      if (v.type === 'terrain') rows.push({ ...row, seaLevel: v.seaLevel, water: value < v.seaLevel });
      else if (v.type === 'biome') rows.push({ ...row, biome: BIOMES[value]?.name ?? `id ${value}` });
      else rows.push(row);
    }
  }
  return rows;
}
