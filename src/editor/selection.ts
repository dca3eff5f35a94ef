// What is selected in the editor: nodes by id, wires by edgeKey and frames by id, only ever
// ones the graph holds. The editor core tells its subscribers when it changes.

import { findNode, type Graph } from '../model/graph.ts';
import { edgeKey } from './wiring.ts';

export class Selection {
  nodes: ReadonlySet<string> = new Set();
  wires: ReadonlySet<string> = new Set();
  frames: ReadonlySet<string> = new Set();

  /** The one selected node (the viewer shows it), or null when none or several are selected. */
  get primary(): string | null {
    return this.nodes.size === 1 ? [...this.nodes][0] : null;
  }

  /** Selects exactly these, skipping what `doc` does not hold; false when that was the selection already. */
  set(doc: Readonly<Graph>, ids: Iterable<string>, wires: Iterable<string>, frames: Iterable<string>): boolean {
    const next = new Set([...ids].filter((id) => findNode(doc, id)));
    const keys = new Set(doc.edges.map(edgeKey));
    const nextWires = new Set([...wires].filter((k) => keys.has(k)));
    const nextFrames = new Set([...frames].filter((id) => doc.frames?.some((f) => f.id === id)));
    if (sameSet(next, this.nodes) && sameSet(nextWires, this.wires) && sameSet(nextFrames, this.frames)) return false;
    this.nodes = next;
    this.wires = nextWires;
    this.frames = nextFrames;
    return true;
  }
}

/** The set with `x` added, or taken out if it was in. */
export function toggled<T>(set: ReadonlySet<T>, x: T): Set<T> {
  const next = new Set(set);
  if (next.has(x)) next.delete(x);
  else next.add(x);
  return next;
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
