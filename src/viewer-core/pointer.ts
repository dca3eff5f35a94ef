// The cell the viewer reads out: the world point under the pointer (the map's hover, or the 3-D
// view's) or the one pinned by a click, and the worker's reading of that cell at every node
// leading to the shown one (its provenance), asked for on a lane of its own.

import type { Graph } from '../model/graph.ts';
import { cellAt, viewDomain } from '../grid.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { ProbeRequest, ProbeResult, WaterRef } from '../worker/protocol.ts';

export type WorldPoint = { x: number; y: number };

/**
 * The graph and the node shown; `dragging` while a drag moves the map (no cell is read then);
 * the rivers and lakes drawn over the map, whose rows for the cell are read too.
 */
export type PointerContext = () => { graph: Readonly<Graph>; node: string | null; dragging: boolean; rivers?: WaterRef | null };

export class CellPointer {
  /** The world point under the pointer, and the pinned one (a click on the map). */
  pointer: WorldPoint | null = null;
  pinned: WorldPoint | null = null;
  /** The worker's reading of that cell at every node leading to the shown one, or null. */
  provenance: ProbeResult | null = null;
  private readonly lane: Lane<ProbeRequest, ProbeResult>;

  constructor(
    port: LanePort,
    private readonly context: PointerContext,
    private readonly changed: (change: 'pointer' | 'provenance') => void,
  ) {
    this.lane = new Lane(port, ['probe-result']);
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  dispose(): void {
    this.lane.dispose();
  }

  /** The cell of the view under the pointer (or the pinned one): column, row (0 = south), index. */
  cell(): { c: number; r: number; i: number } | null {
    const at = this.pointer ?? this.pinned;
    return at ? cellAt(viewDomain(this.context().graph.view), at.x, at.y) : null;
  }

  /** The pointer over a world point, or null when it left the view: the provenance follows. */
  pointAt(world: WorldPoint | null): void {
    const inside = world && cellAt(viewDomain(this.context().graph.view), world.x, world.y) ? world : null;
    if (!inside && !this.pointer) return;
    this.pointer = inside;
    this.changed('pointer');
    if (inside || this.pinned) this.probe();
    else this.clearProvenance();
  }

  /** Pins the cell at a world point (a click on the map), when it lies in the view. */
  pin(world: WorldPoint): void {
    if (!cellAt(viewDomain(this.context().graph.view), world.x, world.y)) return;
    this.pinned = world;
    this.pointer = world;
    this.changed('pointer');
    this.probe();
  }

  unpin(): void {
    if (!this.pinned) return;
    this.pinned = null;
    this.changed('pointer');
    if (!this.pointer) this.clearProvenance();
  }

  /** The pointer left the map: the pinned cell, if any, is read instead. */
  leave(): void {
    this.pointer = null;
    this.changed('pointer');
    if (this.pinned) this.probe();
    else this.clearProvenance();
  }

  /** A drag began: the point under the pointer is forgotten (the caller says what changed). */
  dragStarted(): void {
    this.pointer = null;
  }

  /** Asks for the provenance of the cell under the pointer (or pinned), built when sent. */
  probe(): void {
    if (!this.context().node || !(this.pointer ?? this.pinned)) return;
    this.lane.request(
      () => {
        const cell = this.cell();
        const { graph, node, dragging, rivers } = this.context();
        if (!cell || !node || dragging) return null;
        return { request: { kind: 'probe', graph: graph as ProbeRequest['graph'], node, i: cell.i, rivers: rivers ?? null } };
      },
      (a) => {
        // The pointer left (and nothing is pinned) while the answer was on its way: showing it
        // would leave a cell no one points at on screen, its values never read again after an edit.
        if (a.node !== this.context().node || !(this.pointer ?? this.pinned)) return;
        this.provenance = a;
        this.changed('provenance');
      },
    );
  }

  private clearProvenance(): void {
    if (!this.provenance) return;
    this.provenance = null;
    this.changed('provenance');
  }
}
