// What an evaluation works out before it runs a node: the order the nodes run in, the domains
// each runs on, and per node its definition, footprint, input wires, grown domains and other
// reads. It depends only on the wiring, the footprints and the domain asked, so the engine keeps
// the last one and the next evaluation of the same layout (a cold run, an edit of a param that
// no footprint reads) starts from it: its domains are then the same objects, with their cache
// keys and lattices already worked out.

import { type Domain, domainKey } from '../grid.ts';
import type { Edge, GraphNode } from '../model/graph.ts';
import { type AnyNodeDef, type Catalogue, type DomainRead, type Footprint, footprintOf, gridBound as boundFootprint, type Margins, marginsOf } from '../model/manifest.ts';
import { runsOnWholeGrid } from './grid-bound.ts';
import { grow } from './domains.ts';
import { planDomains, readsOf, type Wiring } from './plan.ts';

/** What an evaluation looks up of a node. */
export interface NodeInfo {
  readonly node: GraphNode;
  readonly def: AnyNodeDef;
  readonly footprint: Footprint;
  readonly margins: Margins;
  /** Each input port and the wire into it (undefined: unwired). */
  readonly inputs: readonly (readonly [string, Edge | undefined])[];
  /** The input domain of each domain the node runs on. */
  readonly grown: Map<Domain, Domain>;
  /** The footprint's other reads on each domain the node runs on. */
  readonly reads: Map<Domain, readonly DomainRead[]>;
}

/** The node's definition in the catalogue; throws if the catalogue lacks its type. */
export function defOf(catalogue: Catalogue, node: GraphNode): AnyNodeDef {
  const def = catalogue.def(node.type);
  if (!def) throw new Error(`node "${node.id}" has the type "${node.type}", which this engine's catalogue does not hold`);
  return def;
}

export class Layout {
  /** The targets and every node feeding them, each after the nodes it reads. */
  readonly order: readonly string[];
  /** The domains each node runs on. */
  readonly plan: ReadonlyMap<string, readonly Domain[]>;
  readonly wanted: ReadonlySet<string>;
  /**
   * With a grid (a build's whole area, EvaluateOptions.grid): the nodes of the order whose own
   * footprint is grid-bound, each with the domains of the whole grid's plan it runs on. Their
   * results there are what every block of tiles crops; the engine pins them (results.ts).
   */
  readonly pinnable: ReadonlyMap<string, readonly Domain[]> = new Map();
  /** Per node, the domains whose pinned result this evaluation takes instead of running (and reading inputs). */
  private readonly pinnedOn = new Map<string, ReadonlySet<string>>();
  /** Per node that is not a target, the wires from it into the evaluation (see readsLeft). */
  private readonly reads: ReadonlyMap<string, number>;
  private readonly nodeInfo = new Map<string, NodeInfo>();
  /** Per node whose own footprint is grid-bound, the grid it is bound to (planDomains' boundGrid). */
  private readonly bound = new Map<string, Domain>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly wiring: Wiring,
    /** The domain asked (any domain with the same key gives the same layout). */
    private readonly asked: Domain,
    targets: readonly string[],
    /** The nodes whose values depend on the grid they run on (grid-bound.ts). */
    gridBound: ReadonlySet<string> = new Set(),
    /** A build's whole area, which grid-bound nodes run on whatever part of it is asked (EvaluateOptions.grid). */
    grid?: Domain,
    /** The domain keys of each node's pinned results (results.ts). */
    pinnedKeys?: (nodeId: string) => ReadonlySet<string>,
  ) {
    let order = wiring.orderFor(targets);
    const footprint = (id: string) => this.nodeOf(id).footprint;
    const inputs = (id: string, d: Domain) => this.inputDomainOf(id, d);
    // A grid-bound node runs on the grids the whole graph's evaluation gives it, whichever
    // nodes are asked for: the same grids, so the same values (grid-bound.ts).
    let fixed: ((id: string) => readonly Domain[] | undefined) | undefined;
    const boundGrid = (id: string) => this.bound.get(id);
    if (order.some((id) => gridBound.has(id))) {
      // Every reader of a grid-bound node is grid-bound: planning them all (and what feeds
      // them) gives every grid any evaluation asks of them, and leaves the rest of the graph
      // (a cycle being drawn elsewhere, say) out.
      const bound = [...gridBound].filter((id) => wiring.nodesById.has(id));
      const all = wiring.orderFor(bound);
      // A node whose own footprint is grid-bound (an erosion, a flow) runs on the grid it is bound
      // to, the build's, the world's or the view, whatever reads it: readers past it read it
      // extended (planDomains). Its readers' halos grew it, so a blur wired below an erosion
      // moved its valleys: still so where its NodeDef.ownGrid says (files before format 8, and
      // the coast without a cap and the wind starting at the view's edge, which declare none).
      const self = bound.filter((id) => {
        const { def, node, footprint: f } = this.nodeOf(id);
        return boundFootprint(f) && (def.ownGrid?.(node.params as never) ?? false);
      });
      for (const id of self) this.bound.set(id, grid ?? asked);
      const whole = planDomains(wiring, footprint, all, bound, grid ?? asked, inputs, undefined, undefined, boundGrid);
      // On a build's grid only the nodes whose own footprint is grid-bound need the whole
      // grid's domains: a node downstream of them reads crops of those, the same cells on any
      // domain inside the grid, so a block's nodes run on the block.
      // Not one below a water level read from the view (grid-bound.ts runsOnWholeGrid).
      const own = grid ? new Set(bound.filter((id) => runsOnWholeGrid(footprint, id, wiring.orderFor([id])))) : gridBound;
      fixed = (id) => (own.has(id) ? whole.get(id) : undefined);
      // On a build's grid, one below a view-cut water level runs on each block: bound to it.
      if (grid) for (const id of self) if (!own.has(id)) this.bound.set(id, asked);
      if (grid) {
        // Pinned: those a target is, or a node read on blocks reads. One read only by other
        // pinned nodes is never read again once they are pinned (their inputs are not
        // evaluated), so it is let go as any intermediate is: a fluvial erosion feeding only a
        // flow kept its grids (a few of the whole grid's size) for the whole build.
        const readOnBlocks = new Set(targets);
        for (const id of order) if (!own.has(id)) for (const e of wiring.wiresInto.get(id) ?? []) readOnBlocks.add(e.from.node);
        this.pinnable = new Map(order.filter((id) => own.has(id) && whole.has(id) && readOnBlocks.has(id)).map((id) => [id, whole.get(id)!]));
      }
    }
    let plan = planDomains(wiring, footprint, order, targets, asked, inputs, fixed, undefined, boundGrid);
    if (pinnedKeys) {
      for (const id of this.pinnable.keys()) {
        const keys = pinnedKeys(id);
        const on = new Set(plan.get(id)!.map(domainKey).filter((k) => keys.has(k)));
        if (on.size) this.pinnedOn.set(id, on);
      }
      if (this.pinnedOn.size) {
        // Planned again without the inputs of pinned results: what feeds only them is left out.
        const pinned = (id: string, d: Domain) => this.pinnedOn.get(id)?.has(domainKey(d)) ?? false;
        plan = planDomains(wiring, footprint, order, targets, asked, inputs, fixed, pinned, boundGrid);
        order = order.filter((id) => plan.has(id));
      }
    }
    this.order = order;
    this.plan = plan;
    this.wanted = new Set(targets);
    this.reads = wiring.countReads(this.order, this.wanted);
  }

  /** The grid a node whose own footprint is grid-bound is bound to here (readers past it read it extended), else undefined. */
  boundGridOf(nodeId: string): Domain | undefined {
    return this.bound.get(nodeId);
  }

  /** Whether this evaluation takes the node's pinned result on `domain` instead of running it. */
  takesPinned(nodeId: string, domain: Domain): boolean {
    return this.pinnedOn.get(nodeId)?.has(domainKey(domain)) ?? false;
  }

  /** A fresh count of the wires still to be read from each node that is not a target. */
  readsLeft(): Map<string, number> {
    return new Map(this.reads);
  }

  /** A node's definition, footprint and input wires, looked up once per layout. */
  nodeOf(nodeId: string): NodeInfo {
    let info = this.nodeInfo.get(nodeId);
    if (!info) {
      const wiring = this.wiring;
      const node = wiring.nodesById.get(nodeId)!;
      const def = defOf(this.catalogue, node);
      const footprint = footprintOf(def, node.params);
      const inputs = Object.keys(def.inputs).map((port): [string, Edge | undefined] => [port, wiring.wireInto.get(`${nodeId}.${port}`)]);
      info = { node, def, footprint, margins: marginsOf(footprint), inputs, grown: new Map(), reads: new Map() };
      this.nodeInfo.set(nodeId, info);
    }
    return info;
  }

  /** The domain a node's inputs cover when it outputs `domain` (grown by its halo), the same object for the same domain. */
  inputDomainOf(nodeId: string, domain: Domain): Domain {
    const info = this.nodeOf(nodeId);
    let grown = info.grown.get(domain);
    if (!grown) info.grown.set(domain, (grown = grow(domain, info.margins)));
    return grown;
  }

  /** The reads a node's footprint names besides its halo when it runs on `domain`. */
  readsOn(info: NodeInfo, domain: Domain): readonly DomainRead[] {
    let reads = info.reads.get(domain);
    if (!reads) info.reads.set(domain, (reads = readsOf(info.footprint, domain, this.asked)));
    return reads;
  }
}
