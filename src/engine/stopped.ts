// The stop of an evaluation a newer edit made stale: the error that carries it out of a kernel
// (RunContext.checkpoint) and out of Engine.evaluate, which callers tell from a node's failure.

/**
 * Thrown by Engine.evaluate when its shouldStop said yes, between nodes or at a kernel's
 * checkpoint. The engine's cache is then as if the node under way had never started: the nodes
 * settled before keep their results, that one keeps its last (or none), and records no failure.
 */
export class Stopped extends Error {
  constructor(
    /** The node whose run was stopped, or null when the stop came between nodes. */
    readonly nodeId: string | null,
  ) {
    super(nodeId === null ? 'evaluation stopped between nodes' : `evaluation stopped in node "${nodeId}"`);
    this.name = 'Stopped';
  }
}
