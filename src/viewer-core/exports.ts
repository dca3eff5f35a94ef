// The viewer's exports: one at a time, sent on a lane of their own (in the page, to the export
// port, src/worker/export-port.ts, which has each read or computed and encoded off the page),
// with the progress it reports, a cancel, and the file handed to the page when it is done. The
// page's outlives the viewer session: a session that replaces one (a restarted engine worker)
// takes it over with an export under way. Headless.

import type { Graph } from '../model/graph.ts';
import type { ExportFormat } from '../render/exports.ts';
import { type MeshOption, meshOptionProblems, type MeshOptions } from '../render/land-mesh.ts';
import type { LayerStyle } from '../render/layer.ts';
import { Lane, type LanePort } from '../worker/lane.ts';
import type { ExportProgress, ExportRequest, ExportResult, TilesRequest, WaterRef } from '../worker/protocol.ts';
import { DEFAULT_EXPORT_CHOICES, readExportChoices, writeExportChoices } from './export-choices.ts';
import type { SettingStore } from './settings.ts';
import type { TilesChoice, TilesSummary } from './tiles.ts';
import { NO_PICKS, type TilesPicks } from './tiles-world.ts';

export interface ExportState {
  /** A file's format, or 'tiles' (Export → Tiles: a zip of a build's files). */
  readonly format: ExportFormat | 'tiles';
  /** Cells a side of the file; a tile's side for tiles. */
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
  /**
   * The graph's part of the file's name, put first (editor/files.ts exportPrefix: "island" makes
   * "island.water.terrain.png"); null or absent: the node's and port's name alone, as `render` names it.
   */
  readonly prefix?: string | null;
}

/** Where the export's size and mesh options are kept across reloads, and the sizes the panel offers. */
export interface KeptChoices {
  readonly store: SettingStore | null;
  readonly sizes: readonly number[];
}

export class ViewerExports {
  /** Cells per side; null is the view's own resolution. */
  size: number | null;
  /** A mesh export's vertices a side, metres and sea (the glb format). */
  mesh: MeshOptions;
  /** Export → Tiles: the layout, tile size, resolution, region and format last chosen, kept across reloads. */
  tiles: TilesChoice;
  /**
   * What the person picked in Export → Tiles while the graph has been open (tiles-world.ts), for
   * the box to open as they left it; not kept across reloads, and forgotten when another graph opens.
   */
  tilesPicks: TilesPicks = NO_PICKS;
  /** The export under way, or null. */
  state: ExportState | null = null;
  /** The last export's file name and size, or why it failed, or that it was cancelled, for the panel to say. */
  note: { readonly text: string; readonly failed: boolean; readonly cancelled?: boolean } | null = null;
  private readonly lane: Lane<ExportRequest | TilesRequest, ExportProgress | ExportResult>;
  private readonly listeners = new Set<() => void>();

  /**
   * @param stop stops the export under way, which the port then answers as cancelled (the
   *   export port: ExportPort.cancel); absent, an export cannot be cancelled.
   * @param kept where the size and the mesh options are read from at the start and written
   *   to on each change (export-choices.ts); absent, they start at their defaults each time.
   */
  constructor(
    port: LanePort,
    private readonly download: (file: ExportedFile) => void,
    private readonly stop?: () => void,
    private readonly kept?: KeptChoices,
  ) {
    const choices = kept ? readExportChoices(kept.store, kept.sizes) : DEFAULT_EXPORT_CHOICES;
    ({ size: this.size, mesh: this.mesh, tiles: this.tiles } = choices);
    // A resolution picked before a reload stays picked: the reload opens the same graph again.
    this.tilesPicks = { ...NO_PICKS, cells: choices.tilesCellsPicked };
    this.lane = new Lane(port, ['export-progress', 'export-result'], (a) => a.kind === 'export-result');
  }

  /** Calls `listener` whenever the size, the state or the note changes; returns its disposer. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Writes the size, the mesh options and the tiles' choice where they are kept (a reload finds them again). */
  private keep(): void {
    if (this.kept) writeExportChoices(this.kept.store, { size: this.size, mesh: this.mesh, tiles: this.tiles, tilesCellsPicked: this.tilesPicks.cells });
  }

  get busy(): boolean {
    return this.lane.busy;
  }

  /** True when an export under way can be cancelled. */
  get cancellable(): boolean {
    return this.state !== null && this.stop !== undefined;
  }

  /** Cancels the export under way (a size picked wrong): no file, the panel says so. */
  cancel(): void {
    if (this.cancellable) this.stop!();
  }

  /** The export's size (cells a side; null: the view's), kept across reloads. */
  setSize(size: number | null): void {
    this.size = size;
    this.keep();
    this.changed();
  }

  /**
   * Changes one of the mesh's options, kept across reloads; a value out of range is refused
   * with why (and the options stay as they were), for the panel to say.
   */
  setMesh(change: Partial<MeshOptions>): { option: MeshOption; message: string } | null {
    const next = { ...this.mesh, ...change };
    const problem = meshOptionProblems(next).find((p) => p.option in change);
    if (problem) return problem;
    this.mesh = next;
    this.keep();
    this.changed();
    return null;
  }

  /** Forgets what the person picked in Export → Tiles (another graph opened), across reloads too. */
  forgetTilesPicks(): void {
    this.tilesPicks = NO_PICKS;
    this.keep();
  }

  /** Keeps the tiles' choice (the dialog's fields), for the next time the dialog opens and across reloads. */
  setTiles(choice: TilesChoice): void {
    this.tiles = choice;
    this.keep();
    this.changed();
  }

  /**
   * Starts Export → Tiles of `node` as the summary plans it (tiles.ts tilesSummary of this.tiles),
   * unless an export is under way or the summary has a problem: the graph file's text and name
   * go to the export worker, which renders the tiles one by one and answers with the zip.
   */
  startTiles(graphText: string, graphFile: string, node: string, summary: TilesSummary): void {
    if (this.state || !summary.plan || summary.problem) return;
    const choice = this.tiles;
    const count = summary.plan.tiles.length;
    this.state = { format: 'tiles', size: choice.tileSize, done: 0, total: count, step: 'starting' };
    this.note = null;
    this.changed();
    const request: Omit<TilesRequest, 'seq'> = {
      kind: 'export-tiles',
      graphText,
      graphFile,
      folder: summary.folder,
      region: summary.region,
      cellsPerView: choice.cellsPerView,
      tileSize: choice.tileSize,
      node,
      formats: [choice.format],
      ...(choice.format === 'splat' ? { splatSize: choice.splatSize } : {}),
      scale: { metresPerCell: choice.metresPerCell, heightRange: choice.heightRange },
    };
    this.lane.request(
      () => ({ request }),
      (a) => this.answered(a, 'tiles', choice.tileSize, `Cancelled the export of ${count} tile${count === 1 ? '' : 's'}; nothing was saved`),
    );
  }

  /** Starts an export unless one is under way; `viewSize` stands in for a size of null. */
  start(target: ExportTarget, format: ExportFormat, viewSize: number): void {
    if (this.state) return;
    const size = this.size ?? viewSize;
    this.state = { format, size, done: 0, total: 0, step: 'starting' };
    this.note = null;
    this.changed();
    this.lane.request(
      () => ({ request: { kind: 'export', graph: target.graph as Graph, node: target.node, port: target.port, format, size, style: target.style, rivers: target.rivers ?? null, ...(format === 'glb' ? { mesh: this.mesh } : {}) } }),
      (a) => this.answered(a, format, size, `Cancelled the ${size}² export; nothing was saved`, target.prefix),
    );
  }

  /**
   * An answer of the export under way: its progress, or its file handed on (named with `prefix`
   * first, the graph's part of the name, when there is one), or why not.
   */
  private answered(a: ExportProgress | ExportResult, format: ExportState['format'], size: number, cancelled: string, prefix?: string | null): void {
    if (a.kind === 'export-progress') {
      this.state = { format, size, done: a.done, total: a.total, step: a.step };
    } else {
      this.state = null;
      if (a.bytes.byteLength > 0) {
        const name = prefix ? `${prefix}.${a.name}` : a.name;
        this.note = { text: `${name} · ${formatBytes(a.bytes.byteLength)}`, failed: false };
        this.download({ name, mime: a.mime, bytes: a.bytes });
      } else if (a.cancelled) this.note = { text: cancelled, failed: false, cancelled: true };
      else this.note = { text: a.message ?? 'the export failed', failed: true };
    }
    this.changed();
  }

  /** Stops listening, and stops the export under way: its answer would come to no one. */
  dispose(): void {
    this.lane.dispose();
    if (this.cancellable) this.stop!();
    this.listeners.clear();
  }
}

/**
 * A distance on the ground as a person reads it: metres below 10 km, with one decimal when
 * they are not whole ("127.5 m", "2,550 m"), kilometres from 10 km ("20.47 km"). The mesh row
 * said "128 m across" for 127.5 m, and "2.55 km" where the README counts 2,550 m.
 */
export function distanceWords(metres: number): string {
  if (metres >= 10_000) return `${(metres / 1000).toLocaleString('en', { maximumFractionDigits: 2 })} km`;
  const tenths = Math.round(metres * 10) / 10;
  // Less than a twentieth of a metre (a mesh of millimetre cells) would read "0.0 m".
  if (tenths === 0 && metres > 0) return `${metres.toLocaleString('en', { maximumSignificantDigits: 2 })} m`;
  const digits = Number.isInteger(tenths) ? 0 : 1;
  return `${tenths.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} m`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  if (bytes >= 1 << 10) return `${(bytes / (1 << 10)).toFixed(0)} kB`;
  return `${bytes} B`;
}
