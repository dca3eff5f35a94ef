// The add-node menu as data: node types grouped as their manifests say, filtered by a search.
//
// Both menus use it: right-click on the canvas (every type) and a wire dropped on empty canvas
// (only the types with a port that fits the wire, one entry per fitting port).

import { NODE_TYPES } from '../../nodes/index.ts';
import type { AnyNodeDef } from '../model/manifest.ts';
import type { PortType } from '../model/values.ts';
import { portOffers } from './wiring.ts';

export interface MenuItem {
  readonly type: string;
  readonly title: string;
  readonly group: AnyNodeDef['group'];
  readonly doc: string;
  /** The new node's port the dropped wire joins (wire menus only). */
  readonly port?: string;
}

export interface MenuGroup {
  readonly group: AnyNodeDef['group'];
  readonly items: readonly MenuItem[];
}

/** Every node type, one item each. */
export function allItems(): MenuItem[] {
  return NODE_TYPES.map((d) => ({ type: d.type, title: d.title, group: d.group, doc: d.doc }));
}

/** One item per (node type, port) that could take a wire dragged from a socket of this side and type. */
export function wireItems(side: 'input' | 'output', type: PortType): MenuItem[] {
  const offers = portOffers(side, type);
  const perType = new Map<string, number>();
  for (const o of offers) perType.set(o.def.type, (perType.get(o.def.type) ?? 0) + 1);
  return offers.map((o) => ({
    type: o.def.type,
    // "Curve" when the type has one fitting port, "Combine · scale" when it has several.
    title: perType.get(o.def.type)! > 1 ? `${o.def.title} · ${o.port}` : o.def.title,
    group: o.def.group,
    doc: o.def.doc,
    port: o.port,
  }));
}

/** Items whose title, type or port contain every word of the query (case-insensitive), grouped in menu order. */
export function searchMenu(items: readonly MenuItem[], query: string): MenuGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = items.filter((it) => {
    const text = `${it.title} ${it.type} ${it.port ?? ''} ${it.group}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const groups: MenuGroup[] = [];
  for (const it of hits) {
    let g = groups.find((x) => x.group === it.group);
    if (!g) groups.push((g = { group: it.group, items: [] }));
    (g.items as MenuItem[]).push(it);
  }
  return groups;
}
