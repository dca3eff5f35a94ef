// Planning an evaluation: the graph's wiring indexed, the order the nodes run in, and the
// domains each node is evaluated on, grown from the domain asked by the halos downstream of it
// and the world regions its consumers' footprints read (the water's world cut, the wind's grid).

import type { Domain } from '../grid.ts';
import { type Edge, type Graph, type GraphNode, portRefText } from '../model/graph.ts';
import { type DomainRead, type Footprint, marginsOf } from '../model/manifest.ts';
import { GraphError } from '../model/problems.ts';
import { covers, grow, mergeNeeds, sameLattice } from './domains.ts';

/** The graph's nodes by id and its wires by end, rebuilt with the graph. */
export class Wiring {
  readonly nodesById: ReadonlyMap<string, GraphNode>;
  /** The wire into each input, by "node.port". */
  readonly wireInto: ReadonlyMap<string, Edge>;
  readonly wiresInto = new Map<string, Edge[]>();
  readonly wiresFrom = new Map<string, Edge[]>();

  constructor(private readonly graph: Graph) {
    this.nodesById = new Map(graph.nodes.map((n) => [n.id, n]));
    this.wireInto = new Map(graph.edges.map((e) => [portRefText(e.to), e]));
    for (const e of graph.edges) {
      const into = this.wiresInto.get(e.to.node);
      if (into) into.push(e);
      else this.wiresInto.set(e.to.node, [e]);
      const from = this.wiresFrom.get(e.from.node);
      if (from) from.push(e);
      else this.wiresFrom.set(e.from.node, [e]);
    }
  }

  /**
   * The targets and every node feeding them, each after the nodes it reads (Kahn's algorithm
   * over the closure, ties in file order). Iterative, so no chain is too long for the stack.
   */
  orderFor(targets: readonly string[]): string[] {
    const closure = new Set<string>();
    const stack = [...targets];
    while (stack.length) {
      const id = stack.pop()!;
      if (closure.has(id)) continue;
      closure.add(id);
      for (const e of this.wiresInto.get(id) ?? []) stack.push(e.from.node);
    }
    const indegree = new Map<string, number>();
    for (const id of closure) indegree.set(id, (this.wiresInto.get(id) ?? []).length);
    const ready: string[] = [];
    for (const n of this.graph.nodes) if (indegree.get(n.id) === 0) ready.push(n.id);
    const order: string[] = [];
    for (let k = 0; k < ready.length; k++) {
      const id = ready[k];
      order.push(id);
      for (const e of this.wiresFrom.get(id) ?? []) {
        const left = indegree.get(e.to.node);
        if (left === undefined) continue;
        indegree.set(e.to.node, left - 1);
        if (left === 1) ready.push(e.to.node);
      }
    }
    if (order.length !== closure.size) {
      const stuck = [...closure].find((id) => !order.includes(id));
      throw new GraphError([{ path: '$.edges', message: `the graph has a cycle through node "${stuck}"` }]);
    }
    return order;
  }

  /** For each node feeding the targets that is not one, the wires from it into that closure. */
  countReads(order: readonly string[], wanted: ReadonlySet<string>): Map<string, number> {
    const left = new Map<string, number>();
    for (const id of order) {
      for (const e of this.wiresInto.get(id) ?? []) if (!wanted.has(e.from.node)) left.set(e.from.node, (left.get(e.from.node) ?? 0) + 1);
    }
    return left;
  }
}

/**
 * The domains each node is evaluated on: the asked domain for a target, and for every node
 * the domains its consumers read it on (their own grown by their footprint's halo, plus the
 * footprint's reads), merged where one evaluation covers several. Consumers come first
 * (reverse dependency order), so a node's needs are complete when it is reached. With
 * `pinned`, a node of `order` nothing needs (it feeds only pinned results) has no entry.
 * With `boundGrid`, a node bound to a grid (an erosion, a flow: grid-bound.ts) runs on that grid
 * for every need on its lattice that comes of the asked domain and halos: its readers' halos do
 * not grow it, they read past it extended (domains.ts extendInto). A need that comes of a
 * footprint's reads (a world cut, the wind's coarse grid) is run where it lies, as any node's.
 */
export function planDomains(
  wiring: Wiring,
  footprintOf: (nodeId: string) => Footprint,
  order: readonly string[],
  targets: readonly string[],
  asked: Domain,
  /** The domain a node's inputs cover when it outputs `d` (default: `d` grown by its footprint's margins). */
  inputDomainOf: (nodeId: string, d: Domain) => Domain = (id, d) => grow(d, marginsOf(footprintOf(id))),
  /**
   * Domains a node runs on whatever is asked of it here (a grid-bound node's, from the plan of
   * the whole graph): a need one of them covers is run on it.
   */
  fixed?: (nodeId: string) => readonly Domain[] | undefined,
  /**
   * Whether the node's result on a domain is pinned (a build's grid-bound node on its whole
   * grid, results.ts): it reads no inputs there, and a node only such results read is left out.
   */
  pinned?: (nodeId: string, d: Domain) => boolean,
  /** The grid a node is bound to (the view, the world's grid, a build's grid), for a node whose own footprint is grid-bound. */
  boundGrid?: (nodeId: string) => Domain | undefined,
): Map<string, Domain[]> {
  // Each need with whether it comes of a footprint's reads (not of the domain asked and halos).
  const needs = new Map<string, Need[]>();
  const need = (id: string, d: Domain, read: boolean): void => {
    const list = needs.get(id);
    if (list) list.push({ d, read });
    else needs.set(id, [{ d, read }]);
  };
  for (const id of targets) need(id, asked, false);
  const plan = new Map<string, Domain[]>();
  for (let k = order.length - 1; k >= 0; k--) {
    const id = order[k];
    let wanted = needs.get(id) ?? (pinned ? undefined : [{ d: asked, read: false }]);
    if (!wanted) continue;
    // A need past the grid the node is bound to, on its lattice, is run on that grid and read
    // extended: a reader's halo does not change the grid, nor so the node's values.
    const bound = boundGrid?.(id);
    if (bound) wanted = wanted.map((w) => (!w.read && !covers(bound, w.d) && sameLattice(bound, w.d) ? { d: bound, read: false } : w));
    // A need a fixed domain covers is run on that domain (the same grid, so the same values);
    // fixed domains nothing here needs are left out.
    const own = fixed?.(id);
    const domains = mergeNeeds(wanted.map((w) => (own ? (own.find((o) => covers(o, w.d)) ?? w.d) : w.d)));
    plan.set(id, domains);
    const footprint = footprintOf(id);
    for (const d of domains) {
      if (pinned?.(id, d)) continue;
      // Read on the domain of a footprint's reads, its inputs are too (a water's world cut reads
      // the erosion there, which is run there).
      const read = wanted.some((w) => w.read && covers(d, w.d));
      const inputs = inputDomainOf(id, d);
      for (const e of wiring.wiresInto.get(id) ?? []) need(e.from.node, inputs, read);
      for (const r of readsOf(footprint, d, asked)) {
        const e = wiring.wireInto.get(`${id}.${r.port}`);
        if (e) need(e.from.node, r.domain, true);
      }
    }
  }
  return plan;
}

/** A domain a node is needed on, and whether a footprint's reads ask it (planDomains). */
interface Need {
  readonly d: Domain;
  readonly read: boolean;
}

/** The reads a footprint names besides its halo, for a node evaluated on `domain`. */
export function readsOf(footprint: Footprint, domain: Domain, asked: Domain): readonly DomainRead[] {
  if (footprint.kind === 'global') return footprint.reads(domain, asked);
  if (footprint.kind === 'view') return footprint.reads?.(domain, asked) ?? [];
  return [];
}
