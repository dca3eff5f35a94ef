// The viewer's exports: one at a time, sent to the worker on a lane of their own, with the
// progress it reports and the file handed to the page when it is done. Headless.

import type { Graph } from '../model/graph.ts';
import type { ExportFormat } from '../render/exports.ts';
import type { LayerStyle } from '../render/layer.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { ExportProgress, ExportRequest, ExportResult, WaterRef } from '../worker/protocol.ts';

export interface ExportState {
  readonly format: ExportFormat;
  readonly size: number;
  /** Kernels run so far, of total (0 until the worker says). */
  readonly done: number;
  readonly total: number;
  readonly step: string;
}

/** A finished export, for the page to hand to the person (a download). */
export interface ExportedFile {
  readonly name: string;
  readonly mime: string;
  readonly bytes: ArrayBuffer;
}

/** What to export: the output of a node of a graph, at the graph's view origin. */
export interface ExportTarget {
  readonly graph: Readonly<Graph>;
  readonly node: string;
  readonly port: string;
  readonly style: LayerStyle;
  /** Rivers and lakes drawn over a PNG (the picture as seen); null or absent for none. */
  readonly rivers?: WaterRef | null;
}

export class ViewerExports {
  /** Cells per side; null is the view's own resolution. */
  size: number | null = null;
  /** The export under way, or null. */
  state: ExportState | null = null;
  /** The last export's file name and size, or why it failed, for the panel to say. */
  note: { readonly text: string; readonly failed: boolean } | null = null;
  private readonly lane: Lane<ExportRequest, ExportProgress | ExportResult>;

  constructor(
    port: LanePort,
    private readonly download: (file: ExportedFile) => void,
    private readonly changed: () => void,
  ) {
    this.lane = new Lane(port, ['export-progress', 'export-result'], (a) => a.kind === 'export-result');
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  setSize(size: number | null): void {
    this.size = size;
    this.changed();
  }

  /** Starts an export unless one is under way; `viewSize` stands in for a size of null. */
  start(target: ExportTarget, format: ExportFormat, viewSize: number): void {
    if (this.state) return;
    const size = this.size ?? viewSize;
    this.state = { format, size, done: 0, total: 0, step: 'starting' };
    this.note = null;
    this.changed();
    this.lane.request(
      () => ({ request: { kind: 'export', graph: target.graph as Graph, node: target.node, port: target.port, format, size, style: target.style, rivers: target.rivers ?? null } }),
      (a) => {
        if (a.kind === 'export-progress') {
          this.state = { format, size, done: a.done, total: a.total, step: a.step };
        } else {
          this.state = null;
          if (a.bytes.byteLength > 0) {
            this.note = { text: `${a.name} · ${formatBytes(a.bytes.byteLength)}`, failed: false };
            this.download({ name: a.name, mime: a.mime, bytes: a.bytes });
          } else this.note = { text: a.message ?? 'the export failed', failed: true };
        }
        this.changed();
      },
    );
  }

  dispose(): void {
    this.lane.dispose();
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  if (bytes >= 1 << 10) return `${(bytes / (1 << 10)).toFixed(0)} kB`;
  return `${bytes} B`;
}
