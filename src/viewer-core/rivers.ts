// Rivers over the viewer's picture: which outputs of the graph are river layers (any node's
// output whose meaning draws as lines a cell wide: 'river', src/model/values.ts), which one the
// person chose to draw over the shown layer, and that choice kept across reloads.

import { CATALOGUE } from '../../nodes/index.ts';
import type { KeyValueStore } from '../editor/files.ts';
import type { Graph } from '../model/graph.ts';
import type { Catalogue } from '../model/manifest.ts';
import { isLines } from '../model/values.ts';
import type { RiverRef } from '../worker/protocol.ts';

/** An output the viewer can draw over its picture. */
export interface RiverOutput extends RiverRef {
  /** "node.port", the key the choice is kept under. */
  readonly key: string;
  /** What the control says: the node's title, and the port when the node has several. */
  readonly label: string;
}

/** The river layers of a graph, in file order: by the output's meaning, whatever the node. */
export function riverOutputs(graph: Readonly<Graph>, catalogue: Catalogue = CATALOGUE): RiverOutput[] {
  const found: RiverOutput[] = [];
  for (const node of graph.nodes) {
    const outputs = Object.entries(catalogue.def(node.type)?.outputs ?? {});
    for (const [port, spec] of outputs) {
      if (!isLines(spec.meaning)) continue;
      found.push({ node: node.id, port, key: `${node.id}.${port}`, label: outputs.length > 1 ? `${node.title} · ${port}` : node.title });
    }
  }
  return found;
}

/** The person's choice: rivers drawn or not, and which output ("node.port"; null: the first). */
export interface RiverSetting {
  readonly on: boolean;
  readonly pick: string | null;
}

export const DEFAULT_RIVERS: RiverSetting = Object.freeze({ on: false, pick: null });

/** The output to draw: none when off or when the graph has none; the picked one, else the first. */
export function riverShown(outputs: readonly RiverOutput[], setting: RiverSetting): RiverOutput | null {
  if (!setting.on) return null;
  return outputs.find((o) => o.key === setting.pick) ?? outputs[0] ?? null;
}

/** Where the viewer keeps its own settings across reloads: the part of the drafts' store it reads and writes (the page's localStorage; a Map in tests). */
export type SettingStore = Pick<KeyValueStore, 'getItem' | 'setItem'>;

/** The key of the river setting in the store: the viewer's own state, not the graph file's. */
export const RIVERS_KEY = 'terrain-graph:viewer-rivers';

/** The stored setting, or the default when there is none or it does not read (a hand-edited store). */
export function readRiverSetting(store: SettingStore | null | undefined): RiverSetting {
  let text: string | null = null;
  try {
    text = store?.getItem(RIVERS_KEY) ?? null;
  } catch {
    return DEFAULT_RIVERS;
  }
  if (!text) return DEFAULT_RIVERS;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return DEFAULT_RIVERS;
    const { on, pick } = v as Record<string, unknown>;
    return { on: on === true, pick: typeof pick === 'string' ? pick : null };
  } catch {
    return DEFAULT_RIVERS;
  }
}

/** Keeps the setting; a store that refuses (full, blocked) leaves it for this page only. */
export function writeRiverSetting(store: SettingStore | null | undefined, setting: RiverSetting): void {
  try {
    store?.setItem(RIVERS_KEY, JSON.stringify({ on: setting.on, pick: setting.pick }));
  } catch {
    // The choice still holds for this page.
  }
}
