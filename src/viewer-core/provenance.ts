// Per-cell provenance: one cell's value at every node that leads to the shown one, upstream to
// downstream, with what each number means. It is how a person learns why a cell is desert:
// hot row, dry column, and the dry column because the wind lost its water on the hills.
//
// cellProvenance reads an engine's cached outputs (the worker's, or one in a test); the rest is
// pure and runs on the page.

import { nodeDef } from '../../nodes/index.ts';
import { whittakerCase } from '../../nodes/whittaker.ts';
import type { Engine, NodeState } from '../engine/engine.ts';
import type { Domain } from '../grid.ts';
import { BIOMES } from '../model/biomes.ts';
import { edgeInto, findNode, type Graph, topologicalOrder, upstreamOf } from '../model/graph.ts';
import type { Meaning, PortType, Value } from '../model/values.ts';

/** One output of one node at the cell. */
export interface ProvenanceRow {
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
  /** Biome maps: the biome's name, and how the Whittaker rules picked it. */
  readonly biome?: string;
  readonly why?: string;
  /** Curves: the value that went in, and the node it came from. */
  readonly input?: { readonly value: number; readonly title: string };
  /** Biome maps from the table: the table cell (row cold → hot, column dry → wet). */
  readonly tableCell?: { readonly row: number; readonly col: number };
}

/** The nodes feeding `target` and itself, every node after those feeding it (ties in file order). */
export function provenanceOrder(graph: Graph, target: string): string[] {
  const upstream = upstreamOf(graph, [target]);
  return (topologicalOrder(graph) ?? graph.nodes.map((n) => n.id)).filter((id) => upstream.has(id));
}

export const TEMPERATURE_ROWS = ['cold', 'cool', 'warm', 'hot'] as const;
export const MOISTURE_COLUMNS = ['dry', 'fairly dry', 'fairly wet', 'wet'] as const;

/** A number for a person: four decimals, or the size of the number when it is large. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const a = Math.abs(v);
  const text = a >= 100 ? v.toFixed(1) : a >= 10 ? v.toFixed(2) : v.toFixed(4);
  return text.replace('-', '−');
}

function valueAt(v: Value | undefined, i: number): number | null {
  return v ? v.data[i] : null;
}

/** How the Whittaker node at `id` picked the biome of cell i, in words and as its table cell. */
function whittakerWhy(engine: Engine, graph: Graph, id: string, i: number, domain: Domain): Pick<ProvenanceRow, 'why' | 'tableCell'> {
  const node = findNode(graph, id)!;
  const input = (port: string) => {
    const e = edgeInto(graph, id, port);
    return e ? engine.output(e.from.node, e.from.port, domain) : undefined;
  };
  const terrain = input('terrain');
  const t = valueAt(input('temperature'), i);
  const m = valueAt(input('moisture'), i);
  const d = valueAt(input('coast'), i);
  if (!terrain || terrain.type !== 'terrain' || t === null || m === null) return {};
  const h = terrain.data[i];
  const rules = { beachWidth: node.params.beachWidth as number, beachMinTemperature: node.params.beachMinTemperature as number };
  const decided = whittakerCase(rules, h < terrain.seaLevel, t, m, d);
  switch (decided.rule) {
    case 'ocean':
      return { why: `height ${formatValue(h)} is under the sea level ${formatValue(terrain.seaLevel)}` };
    case 'beach':
      return { why: `the coast is ${formatValue(d!)} cells away (< ${rules.beachWidth}) and T ${formatValue(t)} ≥ ${rules.beachMinTemperature}: beach` };
    case 'table': {
      const { row, col } = decided;
      return { why: `T ${formatValue(t)} → ${TEMPERATURE_ROWS[row]} row, M ${formatValue(m)} → ${MOISTURE_COLUMNS[col]} column`, tableCell: { row, col } };
    }
  }
}

/** What went into a curve at cell i. */
function curveInput(engine: Engine, graph: Graph, id: string, i: number, domain: Domain): Pick<ProvenanceRow, 'input'> {
  const e = edgeInto(graph, id, 'in');
  const v = e && engine.output(e.from.node, e.from.port, domain);
  return v ? { input: { value: v.data[i], title: findNode(graph, e.from.node)?.title ?? e.from.node } } : {};
}

/**
 * The value of cell i at every output of every node leading to `target` (itself included), in
 * provenance order, read from the engine's results on `domain` (evaluate it there first).
 */
export function cellProvenance(engine: Engine, graph: Graph, target: string, i: number, domain: Domain): ProvenanceRow[] {
  const rows: ProvenanceRow[] = [];
  for (const id of provenanceOrder(graph, target)) {
    const node = findNode(graph, id)!;
    const def = nodeDef(node.type);
    const status = engine.status(id, domain);
    for (const port of Object.keys(def?.outputs ?? {})) {
      const base = { node: id, title: node.title, type: node.type, port };
      const v = status?.state === 'ok' ? engine.output(id, port, domain) : undefined;
      if (!v) {
        rows.push({ ...base, state: status?.state ?? 'unevaluated', message: status?.message, value: null });
        continue;
      }
      const value = v.data[i];
      const row: ProvenanceRow = { ...base, state: 'ok', portType: v.type, meaning: v.meaning, value };
      if (v.type === 'terrain') rows.push({ ...row, seaLevel: v.seaLevel, water: value < v.seaLevel });
      else if (node.type === 'curve') rows.push({ ...row, ...curveInput(engine, graph, id, i, domain) });
      else if (v.type === 'biome') {
        rows.push({ ...row, biome: BIOMES[value]?.name ?? `id ${value}`, ...(node.type === 'whittaker' ? whittakerWhy(engine, graph, id, i, domain) : {}) });
      } else rows.push(row);
    }
  }
  return rows;
}

const MEANING_NOTES: Readonly<Record<Meaning, string>> = {
  height: 'height',
  noise: 'noise, −1 … 1',
  value: 'value',
  unit: '0 … 1',
  distance: 'cells of a 256 map to the coast',
  rank: 'land rank, 0 coast … 1 summit',
  temperature: '0 cold … 1 hot',
  moisture: '0 dry … 1 wet',
  air: 'humidity of the air, 0 … 1',
  mask: '1 water, 0 land',
  biome: 'biome',
};

/** The row's value and what it means, in words: "0.4123", "0 cold … 1 hot". */
export function describeRow(row: ProvenanceRow): { value: string; note: string } {
  if (row.value === null) return { value: '—', note: row.message ?? row.state };
  if (row.biome !== undefined) return { value: row.biome, note: row.why ?? `biome id ${row.value}` };
  const value = formatValue(row.value);
  if (row.seaLevel !== undefined) {
    const above = row.value - row.seaLevel;
    return { value, note: `sea level ${formatValue(row.seaLevel)}: ${row.water ? `water, ${formatValue(-above)} deep` : `land, ${formatValue(above)} above the sea`}` };
  }
  if (row.input) return { value, note: `the curve at ${formatValue(row.input.value)} (${row.input.title})` };
  if (row.meaning === 'mask') return { value, note: row.value > 0.5 ? 'water' : 'land' };
  if (row.meaning === 'distance' && row.value === 0) return { value, note: 'water (distance 0)' };
  if (row.meaning === 'distance' && row.value === Infinity) return { value, note: 'no water in the view' };
  return { value, note: row.meaning ? MEANING_NOTES[row.meaning] : '' };
}
