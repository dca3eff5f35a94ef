// What the main thread holds of each picture, so the worker sends only what changed: after a
// full evaluation, the exact picture (engine output version, size, style); after a draft, the
// graph state it shows, whatever its resolution (a signature of everything upstream).

import type { Graph } from '../model/graph.ts';

/**
 * Signatures of the outputs of a graph: equal signatures, same output at every resolution of
 * the view (the world is one: a coarser view samples the same function). A node's signature
 * covers its type, params, the view's origin and the graph's world, and its inputs' signatures by wire.
 */
export class Signatures {
  /** Each distinct text gets a short number, so a long chain's signatures stay short. */
  private readonly numbers = new Map<string, number>();
  /** Bumped when the table is emptied, so an old signature never equals a new one. */
  private epoch = 0;

  /** Node id → signature, for every node of the graph (a node on a cycle gets a signature of its own). */
  of(graph: Graph): Map<string, string> {
    if (this.numbers.size > 100_000) {
      this.numbers.clear();
      this.epoch++;
    }
    const inputs = new Map<string, Graph['edges']>();
    for (const e of graph.edges) {
      let list = inputs.get(e.to.node);
      if (!list) inputs.set(e.to.node, (list = []));
      list.push(e);
    }
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    // The world too: an erosion runs on all of it (engine.ts worldGrid).
    const origin = `${graph.view.x},${graph.view.y}${graph.world ? `|${graph.world.x},${graph.world.y},${graph.world.size}` : ''}`;
    const out = new Map<string, string>();
    const open = new Set<string>();
    // Depth first without recursion: a graph may hold a long chain.
    for (const root of graph.nodes) {
      const stack: { id: string; expanded: boolean }[] = [{ id: root.id, expanded: false }];
      while (stack.length) {
        const top = stack[stack.length - 1];
        if (out.has(top.id)) {
          stack.pop();
          continue;
        }
        const edges = inputs.get(top.id) ?? [];
        if (!top.expanded) {
          top.expanded = true;
          open.add(top.id);
          for (const e of edges) if (!out.has(e.from.node) && !open.has(e.from.node) && byId.has(e.from.node)) stack.push({ id: e.from.node, expanded: false });
          continue;
        }
        stack.pop();
        open.delete(top.id);
        const node = byId.get(top.id)!;
        const wires = edges.map((e) => `${e.to.port}<${out.get(e.from.node) ?? `?${e.from.node}`}.${e.from.port}`).sort().join(',');
        const text = `${origin}|${node.type}|${JSON.stringify(node.params)}|${wires}`;
        let k = this.numbers.get(text);
        if (k === undefined) this.numbers.set(text, (k = this.numbers.size));
        out.set(top.id, `${this.epoch}.${k}`);
      }
    }
    return out;
  }
}

/** Per key (a node, its histogram, the viewer's picture): what the main thread was last sent. */
export class Held {
  private readonly held = new Map<string, { exact: string | null; state: string }>();

  /** A full evaluation sends unless the main thread has this exact picture. */
  lacksExact(key: string, exact: string): boolean {
    return this.held.get(key)?.exact !== exact;
  }

  /** A draft sends only when the main thread shows another graph state (at any resolution). */
  lacksState(key: string, state: string): boolean {
    return this.held.get(key)?.state !== state;
  }

  /** Sent by a full evaluation: `exact` names the picture, `state` the graph state it shows. */
  sentExact(key: string, exact: string, state: string): void {
    this.held.set(key, { exact, state });
  }

  /** Sent by a draft: the next full evaluation sends its exact picture. */
  sentDraft(key: string, state: string): void {
    this.held.set(key, { exact: null, state });
  }

  keys(): string[] {
    return [...this.held.keys()];
  }

  delete(key: string): void {
    this.held.delete(key);
  }

  clear(): void {
    this.held.clear();
  }
}
