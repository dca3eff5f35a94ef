// Rivers and lakes over the viewer's picture: which outputs of the graph are drawn as water (any
// node's output whose meaning says so: 'river' lines, 'lake' areas, waterKind in
// src/model/values.ts), which node's the person chose to draw over the shown layer, and that
// choice kept across reloads. Until the person chooses, a graph that has water shows it: the
// rivers recipes opened with their rivers hidden behind an unticked box (a Gaea user's pass).

import { CATALOGUE } from '../../nodes/index.ts';
import type { Graph } from '../model/graph.ts';
import type { Catalogue } from '../model/manifest.ts';
import { waterKind } from '../model/values.ts';
import type { WaterRef } from '../worker/protocol.ts';
import { fields, readSetting, type SettingStore, writeSetting } from './settings.ts';

/** One node's water the viewer can draw over its picture: its river and lake outputs. */
export interface RiverOutput extends WaterRef {
  /** "node.port" of its first water output, the key the choice is kept under. */
  readonly key: string;
  /** What the control says: the node's title. */
  readonly label: string;
  /** What it draws, as the box says it: "rivers", "lakes", or "rivers & lakes" (the flow's). */
  readonly words: string;
}

/**
 * The water of a graph, a node at a time in file order: each node's outputs drawn as water, by
 * their meaning, whatever the node (the flow's rivers and lakes go together, as one picture).
 */
export function riverOutputs(graph: Readonly<Graph>, catalogue: Catalogue = CATALOGUE): RiverOutput[] {
  const found: RiverOutput[] = [];
  for (const node of graph.nodes) {
    const outputs = Object.entries(catalogue.def(node.type)?.outputs ?? {}).filter(([, spec]) => waterKind(spec.meaning));
    if (!outputs.length) continue;
    const ports = outputs.map(([port]) => port);
    const kinds = new Set(outputs.map(([, spec]) => waterKind(spec.meaning)));
    const words = [kinds.has('lines') && 'rivers', kinds.has('area') && 'lakes'].filter(Boolean).join(' & ');
    found.push({ node: node.id, ports, key: `${node.id}.${ports[0]}`, label: node.title, words });
  }
  return found;
}

/** The person's choice: water drawn or not, and which node's (its key, "node.port"; null: the first). */
export interface RiverSetting {
  /**
   * Drawn (true) or not (false), as the person ticked the box; null until they do: then a graph
   * with water draws it. The graph decides rather than a default of off, which hid the rivers of
   * every graph made to show rivers until the box was found; an explicit off stays off.
   */
  readonly on: boolean | null;
  readonly pick: string | null;
}

export const DEFAULT_RIVERS: RiverSetting = Object.freeze({ on: null, pick: null });

/** The output to draw: none when turned off or when the graph has none; the picked one, else the first. */
export function riverShown(outputs: readonly RiverOutput[], setting: RiverSetting): RiverOutput | null {
  if (setting.on === false) return null;
  return outputs.find((o) => o.key === setting.pick) ?? outputs[0] ?? null;
}

/** The key of the river setting in the store: the viewer's own state, not the graph file's. */
export const RIVERS_KEY = 'terrain-graph:viewer-rivers';

/** The stored setting, or the default when there is none or it does not read (a hand-edited store). */
export function readRiverSetting(store: SettingStore | null | undefined): RiverSetting {
  return readSetting(
    store,
    RIVERS_KEY,
    (v) => {
      const { on, pick } = fields(v);
      return { on: typeof on === 'boolean' ? on : null, pick: typeof pick === 'string' ? pick : null };
    },
    DEFAULT_RIVERS,
  );
}

/** Keeps the setting; a store that refuses (full, blocked) leaves it for this page only. */
export function writeRiverSetting(store: SettingStore | null | undefined, setting: RiverSetting): void {
  writeSetting(store, RIVERS_KEY, { on: setting.on, pick: setting.pick });
}
