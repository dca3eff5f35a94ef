// The viewer without its view: which node and port it shows and how, the picture to draw, the
// pointer input on the map (hover, pin, drag to pan: drag.ts, wheel to magnify), the cell read
// out and its provenance (pointer.ts), the Whittaker table's highlight, the 3-D land, the
// compare pin and the exports. The components send it plain input records and draw what it
// holds, as the canvas does with the editor core; tests drive it in Node with the worker's
// service in-process.

import { CATALOGUE, nodeDef } from '../../nodes/index.ts';
import { footprintOf, gridBound, readsAsked } from '../model/manifest.ts';
import type { EditorCore } from '../editor/editor.ts';
import type { View, World } from '../grid.ts';
import { finalOutput, type Graph, upstreamOf, valueKey } from '../model/graph.ts';
import type { LayerStyle } from '../render/layer.ts';
import type { MeshOptions } from '../render/land-mesh.ts';
import { exportDrawsWater, type ExportFormat } from '../render/exports.ts';
import type { LanePort } from '../worker/lane.ts';
import type { Bins, Detail, NodeResult, ProbeResult } from '../worker/protocol.ts';
import { type ExportedFile, ViewerExports } from './exports.ts';
import { formatsFor, gridTitles, type TilesChoice, tilesSummary, type TilesSummary } from './tiles.ts';
import { pickTiles, type TilesPick, type TilesPicks, tilesOpening, worldFit, type WorldFit } from './tiles-world.ts';
import type { BuildFormat } from '../build/plan.ts';
import { exportPrefix, graphFileName, graphFileText } from '../editor/files.ts';
import { clampZoom, NO_ZOOM, type Origin, pictureSize, wheelFactor, type Zoom, zoomAt, frameToWorld } from './pan.ts';
import { originCounts, tableShares, type TableShares } from './table.ts';
import { type WindInfo, windsUpstream } from './wind.ts';
import { ReliefWatch } from './relief-watch.ts';
import { Compare } from './compare.ts';
import { CellPointer, type WorldPoint } from './pointer.ts';
import { MapDrag, type Picture } from './drag.ts';
import { readRiverSetting, type RiverOutput, riverOutputs, type RiverSetting, riverShown, writeRiverSetting } from './rivers.ts';
import type { SettingStore } from './settings.ts';
import type { WaterRef } from '../worker/protocol.ts';
import type { Progress } from '../worker/client.ts';
import { askedWhere, progressParts, type ProgressParts, SLOW_MS } from './progress.ts';
import { gridBoundNodes } from '../engine/grid-bound.ts';
import { type GridNote, gridHintFor, gridNoteFor, worldAround, worldRunsAt } from './world-note.ts';

export type ViewerStyle = Required<LayerStyle>;
export const DEFAULT_STYLE: ViewerStyle = Object.freeze({ heightMode: 'height', shade: true, contours: false });

/** Side of the map in CSS pixels, by default and at the ends of the panel's resize. */
export const MAP_SIZE = 512;
export const MAP_SIZE_MIN = 256;
export const MAP_SIZE_MAX = 1024;

/** Where the viewer reads the editor's results (the PreviewStore fits). */
export interface DetailSource {
  readonly detail: Detail | null;
  subscribeDetail(listener: (detail: Detail | null) => void): () => void;
  get(id: string): NodeResult | undefined;
  subscribe(id: string, listener: (result: NodeResult | undefined) => void): () => void;
}

export interface ViewerHooks {
  /** What the editor's client should draw for the viewer changed: ask the worker again. */
  invalidate(): void;
  /** A finished export of the session's own exports (no `exports` given), for the page to hand to the person. */
  download(file: ExportedFile): void;
  /**
   * True while the editor shows drafts of a dragged param (src/worker/client.ts): the viewer's
   * own full-resolution requests (the compare pin, a hovered cell, the 3-D land) wait for the
   * full answer (draftsDone), or each would evaluate the whole view between two drafts.
   */
  drafting?(): boolean;
  /**
   * True while the worker owes the editor the pictures of its newest edit (src/worker/client.ts
   * `answered`): with an edit upstream of the shown node, the picture is behind the graph
   * (`behind`) until the page calls `settled`. Absent: never behind.
   */
  computing?(): boolean;
  /**
   * The editor's request in flight, since when the person waits and the node it runs
   * (src/worker/client.ts `progress`): the map names a slow one (`status`). Absent: never said.
   */
  progress?(): Progress | null;
  /**
   * Where the viewer keeps its own settings across reloads (the rivers and lakes drawn over the map): the
   * page's localStorage. Not the graph file: the format stays as it is. None: for this page only.
   */
  readonly store?: SettingStore | null;
  /**
   * The page's exports, on the export port (src/worker/export-port.ts: a view-size export read
   * from the engine worker's results, any other computed in the export worker, each encoded
   * there), with their own download: they outlive this session, and a session that replaces it
   * (a restarted engine worker) takes them over, an export under way included. Absent: the
   * session has its own on its port, downloaded through `download` and ended with it.
   */
  readonly exports?: ViewerExports;
}

/** Pointer input on the map, in frame pixels from its top-left corner. */
export type MapInput =
  | { readonly type: 'down'; readonly x: number; readonly y: number }
  | { readonly type: 'move'; readonly x: number; readonly y: number }
  | { readonly type: 'up'; readonly x: number; readonly y: number }
  | { readonly type: 'cancel' }
  | { readonly type: 'leave' }
  | { readonly type: 'wheel'; readonly x: number; readonly y: number; readonly deltaY: number };

/** What changed, so each view redraws only what it shows. */
/** … 'progress': the status of a slow evaluation changed or its time ticked (progressTick). */
export type ViewerChange = 'node' | 'picture' | 'pointer' | 'provenance' | 'state' | 'export' | 'relief' | 'compare' | 'progress';

/** What the viewer's main area shows: the flat map or the land in 3-D. */
export type ViewerTab = 'map' | '3d';
export type ViewerListener = (changes: ReadonlySet<ViewerChange>) => void;

/**
 * What the person chose in the viewer, handed to the session that replaces this one when a dead
 * engine worker is replaced (src/app/main.ts): the restart changes none of it.
 */
export interface ViewerChoices {
  readonly node: string | null;
  /** The output chosen per node (the layer). */
  readonly ports: ReadonlyMap<string, string>;
  readonly style: ViewerStyle;
  readonly zoom: Zoom;
  readonly frame: number;
  readonly tableCell: number | null;
  readonly tab: ViewerTab;
  readonly rivers: RiverSetting;
  /** The export size picked (null: the view's). */
  readonly exportSize: number | null;
  /** The mesh export's options (ViewerExports.mesh). */
  readonly exportMesh: MeshOptions;
  /** Export → Tiles' choice (ViewerExports.tiles) and what the person picked in it (ViewerExports.tilesPicks). */
  readonly exportTiles: TilesChoice;
  readonly exportTilesPicks: TilesPicks;
  /** The cell pinned by a click on the map. */
  readonly pinnedCell: WorldPoint | null;
  readonly compare: Pick<Compare, 'pin' | 'frozen' | 'picture' | 'message' | 'split' | 'left' | 'owed'>;
}

export type { Picture };

export class ViewerSession {
  /** The node shown: the selected one, kept when the selection is emptied. */
  node: string | null = null;
  private portChoice = new Map<string, string>();
  /** How heights are drawn (tints by height or share, shading, contours). */
  style: ViewerStyle = DEFAULT_STYLE;
  /** The map's magnification and where the magnified picture sits. */
  zoom: Zoom = NO_ZOOM;
  /** The map's side in CSS pixels. */
  frame = MAP_SIZE;
  /** The cell read out: under the pointer or pinned, and its provenance (pointer.ts). */
  readonly cursor: CellPointer;
  /** The Whittaker table cell whose map cells are highlighted (0 … 15), or null. */
  tableCell: number | null = null;
  /** Exports of the shown output: size, progress, the last file. */
  readonly exports: ViewerExports;
  /** The map or the 3-D view. */
  tab: ViewerTab = 'map';
  /** The heights under the shown output, for the 3-D view (asked for while it is shown). */
  readonly land: ReliefWatch;
  /** The pinned output the map compares with the current one. */
  readonly compare: Compare;
  /** Rivers and lakes over the picture: on or off, and which node's (rivers.ts); kept in hooks.store. */
  rivers: RiverSetting;
  /** What Export → Tiles said on opening of a change the person did not make (the world moved or went), until it opens again. */
  tilesNote: string | null = null;

  /** A drag of the map under way and its coarse frames (drag.ts). */
  private readonly drag: MapDrag;
  private shares: { origins: Uint8Array; shares: TableShares } | null = null;
  private readonly listeners = new Set<ViewerListener>();
  private readonly disposers: (() => void)[] = [];
  private batch: Set<ViewerChange> | null = null;
  /** The compare pin was left stale by edits made while drafting: refreshed by draftsDone. */
  private compareOwed = false;
  /** Stops watching the shown node's result (its state: ok, failed, missing…). */
  private unwatchResult: (() => void) | null = null;
  /**
   * What the shown node's picture (and the water drawn over it) depended on when the worker last
   * owed nothing (valueKey), and the key of the graph as it is now, worked out once per revision.
   */
  private settledKey: { node: string | null; key: string } | null = null;
  private keyNow: { revision: number; node: string | null; river: string | null; key: string } | null = null;
  /** The graph's water outputs, worked out once per revision (the core's graph is edited in place). */
  private riverList: { revision: number; outputs: RiverOutput[] } | null = null;
  private gridSources: { revision: number; node: string | null; titles: string[]; onView: string[] } | null = null;
  /** The world size the note offers, once the menu chose one (else world-note.ts offeredSize). */
  private worldOffer: number | null = null;
  /**
   * The map's pointer in frame pixels while it rests on the map (null once it left, or the 3-D
   * view points): a view moved under it (a typed origin, its undo) reads the cell now there. The
   * world point alone stayed, and the readout named a place the map no longer showed.
   */
  private hoverPx: { x: number; y: number } | null = null;

  constructor(
    private readonly core: EditorCore,
    private readonly results: DetailSource,
    port: LanePort,
    private readonly hooks: ViewerHooks,
  ) {
    this.rivers = readRiverSetting(hooks.store);
    this.drag = new MapDrag(
      port,
      () => ({ graph: this.core.graph, node: this.node, port: this.port, style: this.style, rivers: this.riverRef, frame: this.frame, zoom: this.zoom }),
      () => this.changed('picture'),
    );
    this.cursor = new CellPointer(port, () => ({ graph: this.core.graph, node: this.node, dragging: this.drag.moved, rivers: this.riverRef }), (c) => this.changed(c));
    // The page's exports outlive this session; without them, its own go on its port and end with it.
    this.exports = hooks.exports ?? new ViewerExports(port, (f) => hooks.download(f));
    const ownExports = !hooks.exports;
    this.land = new ReliefWatch(port, () => (this.node && this.tab === '3d' ? { graph: this.core.graph, node: this.node, port: this.port } : null), () => this.changed('relief'));
    this.compare = new Compare(port, () => ({ graph: this.core.graph, size: this.detailRequest.detailSize }), () => this.changed('compare'));
    this.follow();
    this.disposers.push(
      core.subscribe((changes) => {
        for (const c of changes) if (c.kind === 'graph') this.graphReplaced(c.outgoing);
        this.follow();
        if (changes.some((c) => c.kind === 'view' || c.kind === 'graph')) this.viewMoved();
        // An edit anywhere may change the pinned output, even when the shown one stays.
        if (changes.some((c) => c.kind !== 'selection')) {
          // The picture may now be behind the graph: the map and the 3-D view say so (behind).
          // A node's place, a frame or a reroute dot changes no value: no redraw for each move of a drag.
          if (changes.some((c) => c.kind !== 'selection' && c.kind !== 'frame' && c.kind !== 'via' && c.kind !== 'nodeMoved')) this.changed('state');
          // The worker words by title why there is no land ('"Coast distance" has no output')
          // and the cell's rows: a rename changes no value, so they are asked for again.
          if (changes.some((c) => c.kind === 'title')) {
            if (this.tab === '3d' && this.land.message !== null) this.land.refresh();
            this.cursor.probe();
          }
          if (this.hooks.drafting?.()) this.compareOwed = true;
          else this.compare.refresh();
        }
      }),
      results.subscribeDetail((d) => this.detailArrived(d)),
      () => this.unwatchResult?.(),
      () => this.drag.dispose(),
      () => this.cursor.dispose(),
      this.exports.subscribe(() => this.changed('export')),
      () => ownExports && this.exports.dispose(),
      () => this.land.dispose(),
      () => this.compare.dispose(),
    );
  }

  /** What the person chose here, for a session that takes over (resume). */
  get choices(): ViewerChoices {
    const c = this.compare;
    return {
      node: this.node,
      ports: new Map(this.portChoice),
      style: this.style,
      zoom: this.zoom,
      frame: this.frame,
      tableCell: this.tableCell,
      tab: this.tab,
      rivers: this.rivers,
      exportSize: this.exports.size,
      exportMesh: this.exports.mesh,
      exportTiles: this.exports.tiles,
      exportTilesPicks: this.exports.tilesPicks,
      pinnedCell: this.cursor.pinned,
      compare: { pin: c.pin, frozen: c.frozen, picture: c.picture, message: c.message, split: c.split, left: c.left, owed: c.owed },
    };
  }

  /**
   * Takes over what the person chose in the session this one replaces (a dead worker's), before
   * anything is asked of the new worker: the node shown (if it is still there), its layer, the
   * style, the magnification, the map's size, the table cell, the tab, the rivers, the export
   * size and mesh options, the pinned cell and the compare pin with its split. An unfrozen pin
   * keeps its picture until the new worker draws it again; a frozen one keeps it for good, or
   * asks the new worker for the one it was still owed.
   */
  resume(from: ViewerChoices): void {
    if (from.node && from.node !== this.node && this.core.node(from.node)) this.show(from.node);
    this.portChoice = new Map(from.ports);
    this.style = from.style;
    this.frame = from.frame;
    this.zoom = clampZoom(from.zoom, this.frame);
    this.tableCell = from.tableCell;
    this.tab = from.tab;
    this.rivers = from.rivers;
    this.exports.size = from.exportSize;
    this.exports.mesh = from.exportMesh;
    this.exports.tiles = from.exportTiles;
    this.exports.tilesPicks = from.exportTilesPicks;
    const c = this.compare;
    c.split = from.compare.split;
    if (from.compare.pin) {
      c.pin = from.compare.pin;
      c.frozen = from.compare.frozen;
      c.message = from.compare.message;
      c.left = from.compare.left;
      // A frozen pin whose picture had not come asks the new worker for it.
      c.owed = from.compare.owed;
      // A picture's key names a version of the dead worker's engine, whose count the new one
      // starts again: kept with its key, it could be taken for the new one's and never redrawn.
      c.picture = from.compare.picture && (c.frozen ? from.compare.picture : { ...from.compare.picture, key: '' });
      c.refresh();
    }
    if (from.pinnedCell) this.cursor.pin(from.pinnedCell);
    this.changed('node', 'picture', 'state', 'pointer', 'compare');
    this.hooks.invalidate();
    if (this.tab === '3d') this.land.refresh();
  }

  subscribe(listener: ViewerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.disposers.length = 0;
    this.listeners.clear();
  }

  /** True while the worker has a drag frame, a cell or an export of ours to answer. */
  get busy(): boolean {
    return this.drag.busy || this.cursor.busy || this.exports.busy || this.land.busy || this.compare.busy;
  }

  /** The view's resolution (cells per side). */
  get n(): number {
    return this.core.graph.view.size;
  }

  /** The origin shown: the dragged one during a drag, else the graph's. */
  get origin(): Origin {
    return this.drag.origin ?? this.core.graph.view;
  }

  get dragging(): boolean {
    return this.drag.moved;
  }

  /** The output port shown (the node's first unless another was chosen). */
  get port(): string | null {
    const node = this.node ? this.core.node(this.node) : undefined;
    const ports = Object.keys(nodeDef(node?.type ?? '')?.outputs ?? {});
    const chosen = this.node ? this.portChoice.get(this.node) : undefined;
    return chosen && ports.includes(chosen) ? chosen : (ports[0] ?? null);
  }

  /** What the editor's client asks the worker to draw for the viewer. */
  get detailRequest(): { detail: string | null; detailPort: string | null; detailSize: number; detailStyle: ViewerStyle; detailRivers: WaterRef | null } {
    return { detail: this.node, detailPort: this.port, detailSize: pictureSize(this.frame, this.zoom, this.n), detailStyle: this.style, detailRivers: this.riverRef };
  }

  /** The graph's water (each node's outputs meaning 'river' or 'lake'), for the control to offer. */
  get riverOutputs(): readonly RiverOutput[] {
    const revision = this.core.revision;
    if (this.riverList?.revision !== revision) this.riverList = { revision, outputs: riverOutputs(this.core.graph) };
    return this.riverList.outputs;
  }

  /** The water drawn over the picture, or null (off, or the graph has none). */
  get riverShown(): RiverOutput | null {
    return riverShown(this.riverOutputs, this.rivers);
  }

  /** What the worker is asked to draw over the picture. */
  private get riverRef(): WaterRef | null {
    const r = this.riverShown;
    return r && { node: r.node, ports: r.ports };
  }

  /**
   * What the map says under it when the shown node's values depend on the grid they run on (an
   * erosion or a flow upstream, which reads the whole grid it runs on), with the world it offers
   * (world-note.ts): without a world around the view a pan runs those again on the new view, so
   * the land there is not the land the view showed before, where every other node gives a place
   * the same value in any view (a Gaea user panned an eroded map, saw its valleys move, and
   * nothing said why). Null for other nodes.
   */
  get gridNote(): GridNote | null {
    const revision = this.core.revision;
    if (this.gridSources?.revision !== revision || this.gridSources.node !== this.node) {
      const node = this.node;
      this.gridSources = { revision, node, titles: node ? gridBoundSources(this.core.graph, node) : [], onView: node ? gridBoundSources(this.core.graph, node, true) : [] };
    }
    const graph = this.core.graph;
    return gridNoteFor(this.gridSources.titles, graph.view, graph.world, this.worldOffer ?? undefined, this.gridSources.onView);
  }

  /**
   * Whether the shown node is itself an erosion, a flow or another node whose own values depend on
   * the grid it runs on: the viewer shows the grid note whole there, and folded to one line on the
   * nodes below it (gridNote's `brief`).
   */
  get gridSelf(): boolean {
    const id = this.node;
    const n = id ? this.core.node(id) : undefined;
    const def = n && nodeDef(n.type);
    return !!def && gridBound(footprintOf(def, n.params));
  }

  /**
   * Why the 3-D land has no sea, when a node downstream of its heights decides one: the title of
   * the nearest (seaDownstream), or null. The Eroded valleys recipe erodes before its water
   * level, so its erosion's 3-D drew no sea and only the README said why.
   */
  get seaElsewhere(): string | null {
    const relief = this.land.relief;
    if (!relief?.source || relief.seaLevel !== null) return null;
    return seaDownstream(this.core.graph, relief.source.node);
  }

  /**
   * The line under the map when the shown node depends on no erosion or flow but the rivers and
   * lakes drawn over it do, on one that runs on the view here (world-note.ts gridHintFor), or
   * null: the note above is then not shown, nor its world. None when no water is drawn, or the
   * water drawn depends on no erosion or flow, or they run on the graph's world: a pan then
   * changes nothing the map draws.
   */
  get gridHint(): ReturnType<typeof gridHintFor> {
    const node = this.node;
    const water = this.riverShown;
    if (!node || !water || this.gridNote) return null;
    const revision = this.core.revision;
    const graph = this.core.graph;
    if (this.gridRoots?.revision !== revision || this.gridRoots.water !== water.node) {
      this.gridRoots = { revision, water: water.node, roots: gridBoundRoots(graph, water.node), onView: gridBoundSources(graph, water.node, true).length > 0 };
    }
    const { roots, onView } = this.gridRoots;
    if (!roots.length || (worldRunsAt(graph.view, graph.world) && !onView)) return null;
    return gridHintFor(roots, water.words, graph.world);
  }

  /** The first grid-bound nodes the water drawn depends on (gridBoundRoots), found again only when the graph or the water changed. */
  private gridRoots: { revision: number; water: string; roots: { id: string; title: string }[]; onView: boolean } | null = null;

  /**
   * The world size menu's choice (world-note.ts WORLD_SIZES): with a world, a world of that size
   * around the view (one undo step; none past the bound, where no world holds the view); without
   * one, the size the note offers.
   */
  chooseWorldSize(size: number): void {
    const world = this.core.graph.world;
    if (world) {
      // None around a view reaching past the coordinates' bound (the note says so): the world stays.
      const around = worldAround(this.core.graph.view, size);
      if (around) this.setWorld(around);
    } else {
      this.worldOffer = size;
      this.changed('state');
    }
  }

  /** The graph's world, if it has one (the Tiles box offers it as a region). */
  get world(): World | undefined {
    return this.core.graph.world;
  }

  /** Gives the graph a world (the note's offer), or none: one undo step, saved with the graph. */
  setWorld(world: World | null): void {
    this.core.setWorld(world);
    this.changed('state');
  }

  /** The shown node's first output: the one its picture on the canvas (and its result's words) are of. */
  get firstPort(): string | null {
    const node = this.node ? this.core.node(this.node) : undefined;
    return Object.keys(nodeDef(node?.type ?? '')?.outputs ?? {})[0] ?? null;
  }

  /** The editor's latest picture of the shown node and port, if it has one. */
  get detail(): Detail | null {
    const d = this.results.detail;
    return d && d.id === this.node && (d.port ?? null) === this.port ? d : null;
  }

  /** The node's state in the editor (failed, blocked…), for the panel to say. */
  get result(): NodeResult | undefined {
    return this.node ? this.results.get(this.node) : undefined;
  }

  /** The histogram of a curve's input values (the "grey bars"), when the node is a curve. */
  get inputBins(): Bins | undefined {
    return this.result?.inputBins;
  }

  /**
   * The picture to draw and how far to move it: the editor's detail when it shows the view as
   * it is; during a drag (and after one, until the refined detail is in) the newest drag
   * frame, moved to line up with the dragged origin.
   */
  picture(): Picture | null {
    return this.drag.picture(this.detail, this.origin);
  }

  /** The winds (switched on) leading to the shown node: their arrows go over the map. */
  get winds(): WindInfo[] {
    return this.node ? windsUpstream(this.core.graph, this.node) : [];
  }

  /** The Whittaker table's shares of the land, when the shown node is a Whittaker node. */
  get table(): TableShares | null {
    const origins = this.detail?.origins;
    if (!origins) return null;
    if (this.shares?.origins !== origins) this.shares = { origins, shares: tableShares(originCounts(origins)) };
    return this.shares.shares;
  }

  /** The world point under the pointer, and the pinned one (a click on the map). */
  get pointer(): WorldPoint | null {
    return this.cursor.pointer;
  }

  get pinned(): WorldPoint | null {
    return this.cursor.pinned;
  }

  /** The worker's reading of that cell at every node leading to the shown one, or null. */
  get provenance(): ProbeResult | null {
    return this.cursor.provenance;
  }

  /** The cell of the view under the pointer (or the pinned one): column, row (0 = south), index. */
  cell(): { c: number; r: number; i: number } | null {
    return this.cursor.cell();
  }

  // ── settings ─────────────────────────────────────────────────────────────────────────

  setPort(port: string): void {
    if (!this.node || port === this.port) return;
    this.portChoice.set(this.node, port);
    this.changed('node', 'picture', 'state');
    this.hooks.invalidate();
    this.cursor.probe();
    if (this.tab === '3d') this.land.refresh();
  }

  /** Shows the map or the land in 3-D. */
  setTab(tab: ViewerTab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.hoverPx = null;
    this.changed('state');
    if (tab === '3d') this.land.refresh();
  }

  /**
   * An output as people read it: the node's title, and the port's name when the node has more
   * than one ("Water level · terrain", "Continentalness"); the id of a node no longer there.
   */
  outputName(ref: { readonly node: string; readonly port: string }): string {
    const node = this.core.node(ref.node);
    if (!node) return `${ref.node}.${ref.port}`;
    const ports = Object.keys(nodeDef(node.type)?.outputs ?? {});
    return ports.length > 1 ? `${node.title} · ${ref.port}` : node.title;
  }

  /** Pins the output shown, as drawn now, for the map to compare with what is shown next. */
  pinShown(): void {
    const port = this.port;
    const node = this.node ? this.core.node(this.node) : undefined;
    if (!node || !port) return;
    this.compare.pinOutput({ node: node.id, port, title: node.title, style: this.style, rivers: this.riverRef });
  }

  /**
   * The pointer over a world point from another view of the map (the 3-D view's hover), or
   * null when it left: the provenance follows as for the map's own hover.
   */
  pointAt(world: WorldPoint | null): void {
    this.hoverPx = null;
    this.cursor.pointAt(world);
  }

  setStyle(style: Partial<ViewerStyle>): void {
    const next = { ...this.style, ...style };
    if (next.heightMode === this.style.heightMode && next.shade === this.style.shade && next.contours === this.style.contours) return;
    this.style = next;
    this.changed('state');
    this.hooks.invalidate();
  }

  /**
   * Rivers and lakes over the picture on or off, or another node's picked (its key): kept in the
   * viewer's store, so a reload draws them again.
   */
  setRivers(setting: Partial<RiverSetting>): void {
    const next = { ...this.rivers, ...setting };
    if (next.on === this.rivers.on && next.pick === this.rivers.pick) return;
    const before = this.riverShown?.key;
    this.rivers = next;
    writeRiverSetting(this.hooks.store, next);
    this.changed('state');
    if (this.riverShown?.key === before) return;
    this.hooks.invalidate();
    // The cell read out says whether it is river or lake: read again with the water now drawn.
    this.cursor.probe();
  }

  /** The map's side changed (the panel was resized): the magnified picture keeps its place. */
  setFrame(frame: number): void {
    const f = Math.max(MAP_SIZE_MIN, Math.min(MAP_SIZE_MAX, Math.round(frame)));
    if (f === this.frame) return;
    const before = this.detailRequest.detailSize;
    const k = f / this.frame;
    this.zoom = clampZoom({ z: this.zoom.z, ox: this.zoom.ox * k, oy: this.zoom.oy * k }, f);
    this.frame = f;
    this.changed('state', 'picture', 'pointer');
    if (this.detailRequest.detailSize !== before) {
      this.hooks.invalidate();
      this.compare.refresh();
    }
  }

  resetZoom(): void {
    this.setZoom(NO_ZOOM);
  }

  setTableCell(cell: number | null): void {
    if (cell === this.tableCell) return;
    this.tableCell = cell;
    this.changed('state');
  }

  /** Moves the view's origin or changes its resolution: an undoable edit saved in the file. */
  setView(view: Partial<View>): void {
    this.core.setView(view);
  }

  unpin(): void {
    this.cursor.unpin();
  }

  // ── pointer ──────────────────────────────────────────────────────────────────────────

  input(e: MapInput): void {
    switch (e.type) {
      case 'down':
        this.drag.down(this.core.graph.view, e.x, e.y);
        return;
      case 'move': {
        this.hoverPx = { x: e.x, y: e.y };
        if (!this.drag.pressed) return this.hover(e.x, e.y);
        const step = this.drag.move(e.x, e.y);
        if (step === 'still') return;
        if (step === 'started') {
          this.cursor.dragStarted();
          // The panel dims the provenance once; later moves concern the map alone.
          this.changed('state');
        }
        this.changed('picture', 'pointer');
        return;
      }
      case 'up': {
        const drag = this.drag.end();
        if (!drag) return;
        if (!drag.moved) {
          this.pin(e.x, e.y);
          return;
        }
        // Frames still waiting are for a view that is about to be drawn in full: drop them.
        this.drag.cancelPending();
        if (drag.origin.x !== drag.start.x || drag.origin.y !== drag.start.y) this.core.setView({ x: drag.origin.x, y: drag.origin.y }, 'pan view');
        this.changed('picture', 'state');
        this.hover(e.x, e.y);
        return;
      }
      case 'cancel': {
        const drag = this.drag.end();
        this.drag.cancelPending();
        if (drag?.moved) this.changed('picture', 'state');
        return;
      }
      case 'leave':
        this.hoverPx = null;
        if (!this.drag.pressed) this.cursor.leave();
        return;
      case 'wheel':
        this.setZoom(zoomAt(this.zoom, this.frame, e.x, e.y, wheelFactor(e.deltaY)));
        if (!this.drag.pressed) this.hover(e.x, e.y);
    }
  }

  // ── exports ──────────────────────────────────────────────────────────────────────────

  /** Exports the shown output in a format at the export size; the file goes to hooks.download. */
  exportLayer(format: ExportFormat): void {
    const port = this.port;
    if (!this.node || !port) return;
    const prefix = exportPrefix(this.core.graph, this.core.file);
    this.exports.start({ graph: this.core.graph, node: this.node, port, style: this.style, rivers: exportDrawsWater(format) ? this.riverRef : null, prefix }, format, this.n);
  }

  /**
   * Export → Tiles of the shown node as chosen (exports.tiles), planned from the view's origin
   * as `terrain-graph build` plans it for the graph's file; null with no node shown.
   */
  tilesSummary(): TilesSummary | null {
    if (!this.node) return null;
    const fileState = this.core.file === null ? 'unnamed' : this.core.clean ? 'saved' : 'edited';
    return tilesSummary(this.core.graph, this.node, this.exports.tiles, graphFileName(this.core.graph, this.core.file), fileState, exportPrefix(this.core.graph, this.core.file));
  }

  /**
   * Export → Tiles opens: as the person left it while the graph has been open, else on the graph's
   * world (tiles-world.ts tilesOpening); `tilesNote` says what changed that they did not change.
   */
  openTiles(): void {
    const opening = tilesOpening(this.exports.tiles, this.core.graph.world ?? null, this.exports.tilesPicks, this.core.graph.view.size);
    this.exports.tilesPicks = opening.picks;
    this.tilesNote = opening.note;
    if (opening.choice !== this.exports.tiles) this.exports.setTiles(opening.choice);
  }

  /** A change made in Export → Tiles that the picks and the world's fit follow (tiles-world.ts pickTiles). */
  pickTiles(pick: TilesPick): void {
    const next = pickTiles(this.exports.tiles, pick, this.core.graph.world ?? null, this.exports.tilesPicks);
    this.exports.tilesPicks = next.picks;
    this.exports.setTiles(next.choice);
  }

  /** What Export → Tiles says when its tiles over the graph's world do not fill it, with the change that makes them (null: they do, or no world). */
  tilesFit(): WorldFit | null {
    if (!this.node) return null;
    return worldFit(this.core.graph.world ?? null, this.exports.tiles, gridTitles(this.core.graph, this.node));
  }

  /**
   * Sets the params the Tiles box's seams name (TilesSummary.seamsFix: the water level's cut to
   * the world), as one undo step, leaving the graph unsaved; the box then says no seams.
   */
  fixSeams(): void {
    const fix = this.tilesSummary()?.seamsFix;
    if (!fix) return;
    // Labelled as a param typed in is (editor.ts setParam): "Undo change cut".
    this.core.run(`change ${[...new Set(fix.edits.map((e) => e.key))].join(', ')}`, fix.edits.map((e) => ({ kind: 'setParam', id: e.node, key: e.key, value: e.value }) as const));
  }

  /** The tile formats that apply to the shown node's outputs, as build offers them. */
  tilesFormats(): BuildFormat[] {
    return this.node ? formatsFor(this.core.graph, this.node) : [];
  }

  /** Starts Export → Tiles as tilesSummary plans it (nothing when it names a problem): the zip goes to hooks.download. */
  exportTiles(): void {
    const summary = this.tilesSummary();
    if (!this.node || !summary) return;
    this.exports.startTiles(graphFileText(this.core.snapshot()), graphFileName(this.core.graph, this.core.file), this.node, summary);
  }

  // ── internals ────────────────────────────────────────────────────────────────────────

  /** Follows the selection; keeps the node shown when the selection empties or grows. */
  private follow(): void {
    const primary = this.core.primary;
    let node = this.node;
    if (primary) node = primary;
    if (node && !this.core.node(node)) node = null;
    // Nothing chosen yet (a new page, a reload, another graph opened): the final output.
    node ??= finalOutput(this.core.graph);
    if (node !== this.node) this.show(node);
    // Other edits reach the views through the core (the panel) or a new picture (the map).
  }

  /** Shows another node: its state watched, its table cell and export note cleared, its picture asked for. */
  private show(node: string | null): void {
    this.node = node;
    // A node that fails (an input not wired) sends no detail: its new state alone must
    // reach the panel and the map, which said "computing…" until the node was reselected.
    // Only a change of state or message: a result per drag frame would redraw the panel twice.
    this.unwatchResult?.();
    let said = this.result && `${this.result.state} ${this.result.message ?? ''}`;
    this.unwatchResult = node
      ? this.results.subscribe(node, (r) => {
          const now = r && `${r.state} ${r.message ?? ''}`;
          if (now === said) return;
          said = now;
          this.changed('state');
        })
      : null;
    this.tableCell = null;
    // The last export's note names another node's file: under this node's Export row,
    // "Saved biomes.out.png" read as this node's export.
    this.exports.note = null;
    this.drag.forgetFrame();
    this.changed('node', 'picture', 'state');
    this.hooks.invalidate();
    this.cursor.probe();
    if (this.tab === '3d') this.land.refresh();
  }

  /**
   * Another graph (New, Open, a recipe, a draft, a link, or their undo) starts the map afresh,
   * even when it shows a node of the same id ('biomes', 'height' are in every recipe): at 1×
   * (a new fBm opened at the last recipe's 8× read as a blur, the small badge alone saying why),
   * with no table cell veiling the map (the last graph's choice darkened the new one's biomes)
   * and no note of the last graph's export under its Export row. The compare pin keeps the last
   * graph's picture (compare.ts).
   */
  private graphReplaced(outgoing: Graph): void {
    this.compare.graphReplaced(outgoing, this.core.graph);
    this.setZoom(NO_ZOOM);
    // Another graph, another world: the Tiles box opens on it afresh (its fields kept).
    this.exports.forgetTilesPicks();
    this.tilesNote = null;
    if (this.tableCell === null && this.exports.note === null) return;
    this.tableCell = null;
    this.exports.note = null;
    this.changed('state', 'export');
  }

  /**
   * True while the picture shown is older than the graph: an edit upstream of the shown node (or
   * of the rivers drawn over it), a pan or a new view size whose answer the worker still owes.
   * The map and the 3-D view say *updating…* meanwhile. A typed value that made an erosion run for
   * eight seconds left the old picture there looking final, and a person who sees no change
   * changes it again; an edit downstream of the shown node leaves its picture current.
   */
  get behind(): boolean {
    if (!this.hooks.computing?.()) return false;
    const settled = this.settledKey;
    return !settled || settled.node !== this.node || settled.key !== this.currentKey();
  }

  /**
   * What the map says while the editor's request has taken SLOW_MS or more: the node the worker
   * runs and on what, with the time waited ("Hydraulic erosion on the world (3 × 3 views, 769²
   * cells)… 2.1 s"); null otherwise. A world of 5 × 5 views took 6 s, with a small "updating…"
   * alone to say so.
   */
  get status(): ProgressParts | null {
    const p = this.hooks.progress?.();
    if (!p) return null;
    const elapsed = performance.now() - p.since;
    // Before the worker names a node, what the request computes: only once slow (the map draws
    // this on every update), and only then are the graph's nodes (the newest's) looked over for
    // one that runs on the world.
    const asked = !p.running && elapsed >= SLOW_MS ? askedWhere(p.asked, gridBoundNodes(this.core.graph, CATALOGUE).size > 0) : undefined;
    return progressParts(p.running, this.core.graph, elapsed, asked);
  }

  /** The status shows, changed or ticked (ProgressClock): the map draws it again. */
  progressTick(): void {
    this.changed('progress');
  }

  /** The worker owes nothing more for the edits so far: the pictures shown are the graph's. */
  settled(): void {
    const was = this.behind;
    this.settledKey = { node: this.node, key: this.currentKey() };
    if (was) this.changed('state');
  }

  /** valueKey of the shown node and the rivers drawn over it, for the graph as it is now. */
  private currentKey(): string {
    const revision = this.core.revision;
    const river = this.riverShown?.node ?? null;
    const k = this.keyNow;
    if (k && k.revision === revision && k.node === this.node && k.river === river) return k.key;
    const ids = [this.node, river].filter((id): id is string => id !== null);
    const key = valueKey(this.core.graph, ids);
    this.keyNow = { revision, node: this.node, river, key };
    return key;
  }

  /** The full answer after drafts is in: what waited for it is asked now. */
  draftsDone(): void {
    if (!this.compareOwed) return;
    this.compareOwed = false;
    this.compare.refresh();
  }

  private detailArrived(d: Detail | null): void {
    if (!d || d.id !== this.node) return;
    this.drag.detailArrived(d.x === this.core.graph.view.x && d.y === this.core.graph.view.y);
    if (this.tableCell !== null && !d.origins) this.tableCell = null;
    this.changed('picture', 'state');
    // A draft: the land follows it from the drafts' engine; the cell under the pointer is read
    // again from the full answer.
    if (d.draft) {
      if (this.tab === '3d') this.land.refresh(d.n);
      return;
    }
    // New results: the cell under the pointer may read differently now, and the land under it.
    this.cursor.probe();
    if (this.tab === '3d') this.land.refresh();
  }

  private setZoom(zoom: Zoom): void {
    const next = clampZoom(zoom, this.frame);
    if (next.z === this.zoom.z && next.ox === this.zoom.ox && next.oy === this.zoom.oy) return;
    const before = this.detailRequest.detailSize;
    this.zoom = next;
    this.changed('picture', 'pointer', 'state');
    // A double-click's 1× too: the pointer now rests on another cell.
    this.viewMoved();
    if (this.detailRequest.detailSize !== before) {
      this.hooks.invalidate();
      this.compare.refresh();
    }
  }

  /** The map's pointer at frame pixels: the world point under it. */
  private hover(px: number, py: number): void {
    this.hoverPx = { x: px, y: py };
    this.cursor.pointAt(frameToWorld(this.zoom, this.frame, px, py, this.core.graph.view));
  }

  /**
   * The view moved or changed its resolution (typed, undone, redone, panned) or another graph
   * came: the pointer resting on the map reads the cell now under it; one from the 3-D view lets
   * go until it moves again (its land is drawn anew). A drag under way reads nothing.
   */
  private viewMoved(): void {
    if (this.drag.pressed) return;
    if (this.tab === 'map' && this.hoverPx) this.hover(this.hoverPx.x, this.hoverPx.y);
    else if (this.cursor.pointer) this.cursor.leave();
  }

  private pin(px: number, py: number): void {
    this.cursor.pin(frameToWorld(this.zoom, this.frame, px, py, this.core.graph.view));
  }

  private changed(...changes: ViewerChange[]): void {
    if (this.batch) {
      for (const c of changes) this.batch.add(c);
      return;
    }
    this.batch = new Set(changes);
    // Listeners are told once per task: a drag move changes several things at once.
    queueMicrotask(() => {
      const batch = this.batch!;
      this.batch = null;
      for (const l of [...this.listeners]) l(batch);
    });
  }
}

/**
 * The titles of the nodes among `id` and what feeds it whose own footprint is grid-bound (an
 * erosion, a flow, a coast without a cap), in file order: what makes its values depend on the
 * grid it runs on (ViewerSession.gridNote).
 */
export function gridBoundSources(graph: Graph, id: string, onView = false): string[] {
  const upstream = upstreamOf(graph, [id]);
  const footprint = (n: Graph['nodes'][number]) => {
    const def = nodeDef(n.type);
    return def ? footprintOf(def, n.params) : null;
  };
  // `onView`: those only that run on the view inside a world too, below a node that reads the
  // view (a water level read from it): the engine's rule (grid-bound.ts runsOnWholeGrid).
  const readsView = (n: Graph['nodes'][number]) => {
    const above = upstreamOf(graph, [n.id]);
    return graph.nodes.some((u) => {
      const f = above.has(u.id) ? footprint(u) : null;
      return !!f && readsAsked(f);
    });
  };
  return graph.nodes
    .filter((n) => {
      const f = upstream.has(n.id) ? footprint(n) : null;
      return !!f && gridBound(f) && (!onView || readsView(n));
    })
    .map((n) => n.title ?? n.id);
}

/**
 * The grid-bound nodes of `graph` that no other grid-bound node feeds (an erosion, not the flow
 * reading its land), in file order, by id and title: where a graph's world matters first. With
 * `of`, those only that are `of` or feed it.
 */
export function gridBoundRoots(graph: Graph, of?: string): { id: string; title: string }[] {
  const within = of === undefined ? null : upstreamOf(graph, [of]);
  const bound = graph.nodes.filter((n) => {
    if (within && !within.has(n.id)) return false;
    const def = nodeDef(n.type);
    return !!def && gridBound(footprintOf(def, n.params));
  });
  const fed = (n: Graph['nodes'][number]) => {
    const above = upstreamOf(graph, [n.id]);
    return bound.some((b) => b !== n && above.has(b.id));
  };
  return bound.filter((n) => !fed(n)).map((n) => ({ id: n.id, title: n.title ?? n.id }));
}

/**
 * The title of the nearest node downstream of `id` (breadth first along the wires) with a
 * terrain output, a height field with its sea level: where the sea of the heights `id` gives is
 * decided (a Water level after an erosion). A bypassed node decides none. Null when none does.
 */
export function seaDownstream(graph: Graph, id: string): string | null {
  const seen = new Set([id]);
  let ring = new Set([id]);
  while (ring.size) {
    const next = new Set<string>();
    for (const e of graph.edges) {
      if (ring.has(e.from.node) && !seen.has(e.to.node)) {
        seen.add(e.to.node);
        next.add(e.to.node);
      }
    }
    // In file order within a ring, so the answer does not hang on the wires' order.
    for (const n of graph.nodes) {
      if (next.has(n.id) && !n.bypass && Object.values(nodeDef(n.type)?.outputs ?? {}).some((o) => o.type === 'terrain')) return n.title ?? n.id;
    }
    ring = next;
  }
  return null;
}
