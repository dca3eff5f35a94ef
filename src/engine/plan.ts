// Planning an evaluation: the graph's wiring indexed, the order the nodes run in, and the
// domains each node is evaluated on, grown from the domain asked by the halos downstream of it
// and the world regions its consumers' footprints read (the water's world cut, the wind's grid).

import type { Domain } from '../grid.ts';
import { type Edge, type Graph, type GraphNode, portRefText } from '../model/graph.ts';
import { type DomainRead, type Footprint, marginsOf } from '../model/manifest.ts';
import { GraphError } from '../model/problems.ts';
import { covers, grow, mergeNeeds } from './domains.ts';

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
): Map<string, Domain[]> {
  const needs = new Map<string, Domain[]>();
  const need = (id: string, d: Domain): void => {
    const list = needs.get(id);
    if (list) list.push(d);
    else needs.set(id, [d]);
  };
  for (const id of targets) need(id, asked);
  const plan = new Map<string, Domain[]>();
  for (let k = order.length - 1; k >= 0; k--) {
    const id = order[k];
    // A need a fixed domain covers is run on that domain (the same grid, so the same values);
    // fixed domains nothing here needs are left out.
    const own = fixed?.(id);
    const wanted = needs.get(id) ?? (pinned ? undefined : [asked]);
    if (!wanted) continue;
    const domains = mergeNeeds(own ? wanted.map((d) => own.find((o) => covers(o, d)) ?? d) : wanted);
    plan.set(id, domains);
    const footprint = footprintOf(id);
    for (const d of domains) {
      if (pinned?.(id, d)) continue;
      const inputs = inputDomainOf(id, d);
      for (const e of wiring.wiresInto.get(id) ?? []) need(e.from.node, inputs);
      for (const read of readsOf(footprint, d, asked)) {
        const e = wiring.wireInto.get(`${id}.${read.port}`);
        if (e) need(e.from.node, read.domain);
      }
    }
  }
  return plan;
}

/** The reads a footprint names besides its halo, for a node evaluated on `domain`. */
export function readsOf(footprint: Footprint, domain: Domain, asked: Domain): readonly DomainRead[] {
  if (footprint.kind === 'global') return footprint.reads(domain, asked);
  if (footprint.kind === 'view') return footprint.reads?.(domain, asked) ?? [];
  return [];
}
