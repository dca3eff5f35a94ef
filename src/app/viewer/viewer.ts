// The viewer panel beside the canvas: the shown node's output large, with its layer settings,
// the view's origin and resolution, the provenance of the cell under the pointer, the layer's
// histogram, the Whittaker table and the exports. Everything it shows and does goes through
// the viewer session (src/viewer-core/session.ts); this element lays it out.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { nodeDef } from '../../../nodes/index.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { EditError } from '../../editor/commands.ts';
import type { GraphNode } from '../../model/graph.ts';
import type { Point, PointsParam } from '../../model/params.ts';
import { exportApplies, type ExportFormat } from '../../render/exports.ts';
import { MESH_SIDES, type MeshOption, meshSide } from '../../render/land-mesh.ts';
import { formatValue } from '../../viewer-core/provenance.ts';
import { pinName } from '../../viewer-core/compare.ts';
import { meaningWarnings } from '../../editor/wiring.ts';
import { distanceWords } from '../../viewer-core/exports.ts';
import type { RiverOutput } from '../../viewer-core/rivers.ts';
import { worldText } from '../../viewer-core/world-note.ts';
import type { World } from '../../grid.ts';
import { MAP_SIZE_MAX, MAP_SIZE_MIN, type ViewerChange, type ViewerSession } from '../../viewer-core/session.ts';
import type { TablePickDetail } from '../biome-table/biome-table.ts';
import { Subscriptions } from '../controllers.ts';
import { PLOT_HEIGHT, type TgHistogram } from '../histogram/histogram.ts';
import { appEvent, decimalComma, realNumberKeys } from '../events.ts';
import styles from './viewer.styles.ts';

/** Resolutions offered for the view and for exports (the model takes any integer in range). */
export const SIZES = [64, 128, 256, 384, 512, 768, 1024, 1536, 2048];

/**
 * Heightmap sizes the game engines import as they are, offered for exports: Unity's terrain
 * takes 2^k + 1 samples a side, Unreal's landscape its recommended sizes (a whole number of
 * 63-quad components, plus one).
 */
export const ENGINE_SIZES = [
  { engine: 'Unity', sizes: [513, 1025, 2049] },
  { engine: 'Unreal', sizes: [505, 1009, 2017] },
] as const;
/** Padding and scrollbar beside the map. */
const PANEL_EXTRA = 36;
/**
 * Pixels of the panel the map's block (the map and its legend) leaves below it for what scrolls
 * under it (the Export row, the figures, the node's words): with the legend's plot whole at least
 * (130 px), the 3-D tab's block at 1024 × 700 left the rest 10 px, and the cell read could not be
 * scrolled to. The Export row's heading, buttons and size show at once in it (116 px at
 * 1024 × 700). It was 150 with the box's padding and border on top (137 left): the lakes map's
 * legend, its sea row added, scrolled by 13 px at 1024 × 700, cut after "drawn".
 */
const LEGEND_LEAVES = 120;
/** The least height of the legend's box under the map (border to border): its heading and a row, the rest scrolled in it. */
const LEGEND_LEAST = 72;
/** The least a plot is lowered to where the legend's box is short (PLOT_HEIGHT at full size). */
const PLOT_LEAST = 36;
/** The canvas keeps at least this width beside the viewer (CSS pixels). */
export const CANVAS_MIN = 320;

/**
 * The map's side, no larger than the window leaves room for: the canvas keeps CANVAS_MIN
 * beside the panel. Without it a map widened to 1024 on a 1024-wide window pushed the canvas
 * to nothing, and one widened on a large window kept its size when the window shrank.
 */
export function roomFor(frame: number): number {
  return Math.max(MAP_SIZE_MIN, Math.min(frame, window.innerWidth - PANEL_EXTRA - CANVAS_MIN));
}

/**
 * A saved file's note with a line break allowed after each "." that ends a word and each "_",
 * never inside a word or a number: "height.out.-0.4460241_0.34664494.16.png" wrapped at the
 * line's end, mid-number, in the 255 pixels the note has at 1024 × 700.
 */
export function fileNameBreaks(text: string): string[] {
  return text.split(/(?<=_)|(?<=\.)(?=\D)/);
}

/**
 * What the pick of whose rivers says for one node: its title, and its id after it when another
 * node with water has the same title. A second Flow node now comes in numbered ("Flow and rivers
 * 2"), but a file may hold two of one title, or a person type one; the pick listed "Flow and
 * rivers" twice. The id is the one the viewer's heading shows beside it.
 */
export function pickLabel(output: RiverOutput, outputs: readonly RiverOutput[]): string {
  const twin = outputs.some((o) => o !== output && o.label === output.label);
  return twin ? `${output.label} (${output.node})` : output.label;
}

const FORMAT_LABELS: Readonly<Record<ExportFormat, { label: string; title: string }>> = {
  png: { label: 'PNG', title: 'The layer as shown: palette, bands, shading, contours, and the rivers and lakes when they are on' },
  png16: { label: '16-bit PNG', title: 'Greyscale, 0 = the minimum, 65535 = the maximum; the range is in the file name and the PNG text' },
  raw: { label: 'Raw', title: 'Little-endian Float32, row 0 = south (biomes: one byte per cell); the range is in the file name' },
  indexed: { label: 'Indexed PNG', title: 'Pixel value = biome id, the palette the biome colours, the names in the PNG text' },
  splat: { label: 'Splat maps', title: 'Biome weights for terrain materials: 4 biomes per RGBA PNG, 255 a cell, and the channel list, in one zip' },
  glb: { label: 'Mesh (glTF)', title: 'The land under the layer as a glTF 2.0 binary (.glb) in metres, draped with the picture as shown: for Blender, Unreal, Unity (glTFast)' },
};

/** The mesh's numbers as the panel's refusals name them. */
const MESH_OPTION_WORDS: Readonly<Record<MeshOption, string>> = { side: 'mesh size', metresPerCell: 'metres per cell', heightRange: 'height range' };

/**
 * The viewer. Drag its left edge to resize the map (256 … 1024 pixels).
 *
 * @cssproperty --tg-panel-bg - Background of the panel.
 */
export class TgViewer extends LitElement {
  static override styles = styles;

  /** The editor core, for the node's name, params and the view. */
  @property({ attribute: false }) core: EditorCore | null = null;

  /** The viewer session: what is shown and how. */
  @property({ attribute: false }) session: ViewerSession | null = null;

  private resize: { x: number; frame: number } | null = null;

  /** True while the Export → Tiles box is open. */
  private tilesOpen = false;

  /** Whether the folded grid note under a node below an erosion or flow was opened (gridNote). */
  private gridNoteOpen = false;

  private readonly watch = new Subscriptions(
    this,
    () => [this.session, this.core],
    () => [
      // The map redraws itself on every drag frame; the panel only for what it shows.
      this.session?.subscribe((c: ReadonlySet<ViewerChange>) => {
        if (c.has('node') || c.has('state') || c.has('provenance') || c.has('export') || c.has('compare') || (c.has('pointer') && !this.session!.dragging)) this.requestUpdate();
      }),
      this.core?.subscribe(() => this.requestUpdate()),
    ],
  );

  private readonly onWindowResize = () => {
    const s = this.session;
    if (s && roomFor(s.frame) < s.frame) s.setFrame(roomFor(s.frame));
    this.fitLegend();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.onWindowResize);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.onWindowResize);
  }

  override willUpdate(): void {
    if (this.session) this.style.width = `${this.session.frame + PANEL_EXTRA}px`;
  }

  override render() {
    const s = this.session;
    const core = this.core;
    const node = s?.node && core ? core.node(s.node) : undefined;
    const resizer = html`<div class="resize" title="Drag to resize the map" @pointerdown=${this.resizeStart} @pointermove=${this.resizeMove} @pointerup=${this.resizeEnd}></div>`;
    if (!s || !core || !node) {
      return html`${resizer}<h2>Viewer</h2>
        <p class="empty">Select a node to see its output here, large: drag the map to pan the world, use the wheel to magnify, hover a cell to see why it is what it is.</p>`;
    }
    const d = s.detail;
    const def = nodeDef(node.type);
    // A node with a table param shows the table with each entry's share; a node that previews
    // an input's histogram draws its points param over that histogram (the curve).
    const tableKey = Object.keys(def?.params ?? {}).find((k) => def!.params[k].kind === 'table');
    const pointsKey = def?.previewInput ? Object.keys(def.params).find((k) => def.params[k].kind === 'points') : undefined;
    return html`${resizer}
      <div class="top">${this.heading(s, core, node)} ${this.viewBar(s, core)} ${this.styleBar(s, node)} ${this.compareBar(s)} ${this.map(s)} ${this.meaningWarnings(core, node.id)}</div>
      ${this.gridNote(s)}
      <section class="provenance">
        <tg-provenance .probe=${s.provenance} .shown=${node.id} .shownPort=${s.port} .world=${s.world} .waterColour=${(d?.rivers && d.water) || null} ?dim=${s.dragging} ?pinned=${!!s.pinned && !s.pointer} ?land3d=${s.tab === '3d'} @tg-unpin=${() => s.unpin()}></tg-provenance>
      </section>
      ${tableKey
        ? html`<section class="table">
            <h3>Table <small>share of the land under each cell; click one to see where it falls</small></h3>
            <tg-biome-table
              .table=${node.params[tableKey] as string[][]}
              .shares=${s.table}
              .selected=${s.tableCell}
              @tg-table-pick=${(e: CustomEvent<TablePickDetail>) => s.setTableCell(e.detail.cell)}
            ></tg-biome-table>
          </section>`
        : nothing}
      ${pointsKey
        ? html`<section class="curve">
            <h3>Curve <small>drag a point to move it</small></h3>
            <tg-curve-editor
              .nodeId=${node.id}
              .name=${pointsKey}
              .spec=${def!.params[pointsKey] as PointsParam}
              .points=${node.params[pointsKey] as Point[]}
              .bins=${s.inputBins}
              .width=${s.frame}
              .height=${curveHeight(s.frame)}
            ></tg-curve-editor>
            <p class="caption">Grey: where the input's values lie (every cell of the view). Line: the curve they go through.</p>
          </section>`
        : nothing}
      <section class="histogram">
        <h3>Histogram${d ? html` <small>${d.n}² cells</small>` : nothing}</h3>
        <tg-histogram .width=${s.frame} .histogram=${d?.histogram ?? null} .water=${this.waterDrawn(s, d)}></tg-histogram>
        ${s.compare.pin && s.compare.picture?.histogram
          ? html`<h3 class="pinned-histogram">Pinned <small>${pinName(s.compare.pin)} · ${s.compare.pin.port}${s.compare.frozen ? ' · frozen' : ''}</small></h3>
              <tg-histogram class="pinned" .width=${s.frame} .histogram=${s.compare.picture.histogram}></tg-histogram>`
          : nothing}
      </section>
      ${this.exports()} ${this.figures(s)}
      ${def ? html`<p class="doc">${def.doc}</p>` : nothing}`;
  }

  protected override updated(): void {
    this.fitPort();
    this.fitLegend();
  }

  /**
   * The histogram, the map's legend, sticks under the sticky map while the panel scrolls, never
   * under it: in the panel's flow it slid under the map at the first turn of the wheel, and at
   * 1600 × 1000 only the line of the rivers & lakes drawn showed (a Gaea user's pass). It keeps
   * its place in the flow until it reaches the map (moved into the map's block, it pushed the
   * world's button and the cell read below the fold at 1024 × 700). A legend taller than the
   * panel can spare (the biomes', a terrain's in the 3-D tab at 1024 × 700) scrolls in a box of
   * its own, so that the map and the legend leave LEGEND_LEAVES pixels to what scrolls under them.
   */
  private fitLegend(): void {
    const hists = [...this.renderRoot.querySelectorAll<TgHistogram>('section.histogram tg-histogram')];
    // Measured once the histograms have drawn what this update gave them.
    void Promise.all(hists.map((h) => h.updateComplete)).then(() => this.measureLegend(hists));
  }

  private measureLegend(hists: readonly TgHistogram[]): void {
    const top = this.renderRoot.querySelector<HTMLElement>('.top');
    const box = this.renderRoot.querySelector<HTMLElement>('section.histogram');
    if (!top || !box || !this.clientHeight) return;
    // Where the map's block ends once stuck (its own sticky offset, −10 px, and its height): the legend sticks there.
    const under = Math.round((parseFloat(getComputedStyle(top).top) || 0) + top.offsetHeight);
    if (box.style.top !== `${under}px`) box.style.top = `${under}px`;
    // The box's height border to border (it is sized so, viewer.styles.ts): sized to its content up to this.
    const room = Math.max(LEGEND_LEAST, Math.floor(this.clientHeight - under - LEGEND_LEAVES));
    if (box.style.maxHeight !== `${room}px`) box.style.maxHeight = `${room}px`;
    // A plot (a field's, a terrain's) lowered to fit, down to PLOT_LEAST, rather than cut through its
    // bars by the box: measured against the plot's height as drawn, so a plot not yet redrawn counts
    // right, and the box's whole height (its content and padding, scrollHeight, and its border; the
    // padding left out, a plot that fitted was lowered 12 px).
    const border = box.offsetHeight - box.clientHeight;
    for (const hist of hists) {
      const drawn = hist.shadowRoot?.querySelector('canvas')?.getBoundingClientRect().height ?? 0;
      if (!drawn) continue;
      const whole = box.scrollHeight + border - drawn + PLOT_HEIGHT;
      const plot = Math.max(PLOT_LEAST, Math.min(PLOT_HEIGHT, Math.floor(PLOT_HEIGHT - (whole - room))));
      if (hist.plotHeight !== plot) hist.plotHeight = plot;
    }
  }

  /**
   * Keeps the output select at least as wide as its chosen option’s words and arrow (at most 60 %
   * of the row): beside a long title and the "kept" chip at 1024 × 700 it gave way down to
   * "out · h", which names no output; the title gives way instead, cut with an ellipsis and whole
   * in its tooltip. A select is as wide as its widest option, not its chosen one, so CSS cannot
   * say this: I measure a hidden copy holding the chosen option only, when those words change, and
   * make that the select’s least width and flex basis (it grows from there: viewer.styles.ts).
   */
  private fitPort(): void {
    const select = this.renderRoot.querySelector<HTMLSelectElement>('select.port');
    const chosen = select?.selectedOptions[0];
    if (!select || !chosen || select.dataset.fitted === chosen.textContent) return;
    const alone = select.cloneNode(false) as HTMLSelectElement;
    alone.append(chosen.cloneNode(true));
    alone.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; flex: none';
    select.after(alone);
    const needs = Math.ceil(alone.getBoundingClientRect().width);
    alone.remove();
    // A panel not laid out (hidden) measures 0: measured again on its next update.
    if (!needs) return;
    select.dataset.fitted = chosen.textContent ?? '';
    select.style.minWidth = select.style.flexBasis = `min(${needs}px, 60%)`;
  }

  /** The node's name, type, output select, and whether it is kept without being selected. */
  /** The line under the map of a node fed by an erosion or a flow, with its world's buttons (world-note.ts). */
  private gridNote(s: ViewerSession) {
    const note = s.gridNote;
    if (!note) return this.gridHint(s);
    const { offer } = note;
    const whole = html`<p>${note.text}</p>
      ${offer || note.removable
        ? html`<div class="world-buttons">
            ${note.sizable
              ? html`<label class="world-size"
                  >World
                  <select aria-label="world size" @change=${(e: Event) => s.chooseWorldSize(Number((e.target as HTMLSelectElement).value))}>
                    ${note.sizes.map(
                      (k) => html`<option value=${k.size} ?selected=${k.size === note.size} ?disabled=${!k.fits} title=${k.fits ? '' : 'past the 4097² the engine runs a world on'}>${k.size} × ${k.size} views · ${k.cells}²</option>`,
                    )}
                  </select></label
                >`
              : nothing}
            ${offer ? html`<button class="world-set" title=${worldText(offer)} @click=${(e: MouseEvent) => this.setWorld(offer, e)}>${note.removable ? 'Move the world around the view' : 'Give the graph a world'}</button>` : nothing}
            ${note.removable ? html`<button class="world-remove" @click=${(e: MouseEvent) => this.setWorld(null, e)}>Remove the world</button>` : nothing}
          </div>`
        : nothing}`;
    // Whole under the erosion or flow itself; one line below it, opened with a click (and kept
    // open from node to node until closed), the world's buttons inside.
    if (s.gridSelf) return html`<div class="grid-note">${whole}</div>`;
    return html`<details class="grid-note below" ?open=${this.gridNoteOpen} @toggle=${(e: Event) => (this.gridNoteOpen = (e.target as HTMLDetailsElement).open)}>
      <summary title="Show the whole note and the world's buttons">${note.brief}</summary>
      ${whole}
    </details>`;
  }

  /**
   * The line under the map of a node that depends on no erosion or flow in a graph that has
   * some: their names as buttons that select them (the viewer then shows one, with its note and
   * world), the rest in words.
   */
  private gridHint(s: ViewerSession) {
    const hint = s.gridHint;
    if (!hint) return nothing;
    const core = this.core;
    const names = hint.nodes.map(
      (n, k) =>
        html`${k ? (k === hint.nodes.length - 1 ? ' and ' : ', ') : ''}<button class="link hint-node" title="Show ${n.title} here" @click=${() => core?.select([n.id])}>${n.title}</button>`,
    );
    return html`<div class="grid-hint"><p>${names}${hint.tail}</p></div>`;
  }

  /**
   * Sets (or removes) the graph's world from the note's buttons, and keeps the keys in the note
   * when the button was pressed from the keyboard (Enter or Space: a click of `detail` 0): the
   * button pressed goes away (Give the graph a world becomes Remove the world, and back), and the
   * focus fell to the page's body, the next Tab starting again at the toolbar. It goes to the World
   * menu, which stays; not to the button that replaces the one pressed, where a second Enter would
   * undo what the first did. A mouse click leaves the focus be, so the canvas's keys (Delete, F)
   * still act after it.
   */
  private async setWorld(world: World | null, click: MouseEvent): Promise<void> {
    const fromKeys = click.detail === 0;
    this.session?.setWorld(world);
    if (!fromKeys) return;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.grid-note select')?.focus();
  }

  private heading(s: ViewerSession, core: EditorCore, node: Readonly<GraphNode>) {
    const def = nodeDef(node.type);
    const outputs = Object.entries(def?.outputs ?? {});
    return html`<header class=${outputs.length > 1 ? 'with-port' : ''}>
      <h2 data-viewer-node=${node.id} title="${node.title} (${node.id} · ${def?.title ?? node.type})">${node.title}</h2>
      <span class="sub" title="${node.id} · ${def?.title ?? node.type}">${node.id} · ${def?.title ?? node.type}</span>
      ${outputs.length > 1
        ? html`<select class="port" aria-label="output" @change=${(e: Event) => s.setPort((e.target as HTMLSelectElement).value)}>
            ${outputs.map(([k, spec]) => html`<option value=${k} ?selected=${k === s.port}>${k} · ${spec.meaning}</option>`)}
          </select>`
        : nothing}
      ${!core.selection.has(node.id) ? html`<span class="pinned-node" title="The viewer keeps this node while no other is selected">kept</span>` : nothing}
    </header>`;
  }

  /**
   * The view's origin and resolution (edits of the graph), the rivers and lakes drawn over it, and the
   * magnification. The rivers sit here rather than beside the Map and 3-D tabs: at 1024 × 700
   * that row has no room left and pushed *Pin to compare*, and the map, a line down. The zoom
   * button is pushed right by its margin, not a spacer: a spacer's own gap took the 10 px that
   * "rivers & lakes" needed there, and the button wrapped onto a line of its own.
   */
  private viewBar(s: ViewerSession, core: EditorCore) {
    const view = core.graph.view;
    const sizes = [...new Set([...SIZES, view.size])].sort((a, b) => a - b);
    return html`<div class="bar view">
      <label>x <input class="x" type="number" step="0.25" .value=${String(view.x)} @keydown=${realNumberKeys} @change=${(e: Event) => this.setView('x', e)} /></label>
      <label>y <input class="y" type="number" step="0.25" .value=${String(view.y)} @keydown=${realNumberKeys} @change=${(e: Event) => this.setView('y', e)} /></label>
      <label>
        cells
        <select class="size" @change=${(e: Event) => this.setView('size', e)}>
          ${sizes.map((n) => html`<option value=${n} ?selected=${n === view.size}>${n}²</option>`)}
        </select>
      </label>
      ${this.riversControl(s)}
      <button class="zoom" ?disabled=${s.zoom.z <= 1} title="Back to 1× (or double-click the map)" @click=${() => s.resetZoom()}>${s.zoom.z.toFixed(1)}×</button>
    </div>`;
  }

  /**
   * Hill-shading and contours, for layers of heights; height tints for a terrain only. The tints
   * are bands around its sea level, by height or by share; a height field with no sea level (the
   * sum C + E · PV) is drawn in its ramp whatever the tint, so the two buttons it was offered
   * changed nothing.
   */
  private styleBar(s: ViewerSession, node: Readonly<GraphNode>) {
    const d = s.detail;
    const outputs = Object.entries(nodeDef(node.type)?.outputs ?? {});
    const port = outputs.find(([k]) => k === s.port)?.[1];
    const meaning = d ? d.meaning : port?.meaning;
    const heights = meaning === 'height';
    // Under an output of a node whose other output holds heights (an erosion's wear beside its
    // land) the row stays, switched off and saying why: it went, and the map, the 3-D view and
    // all below them moved up 27 px on each switch between the outputs.
    const other = heights ? undefined : outputs.find(([, o]) => o.meaning === 'height');
    if (!heights && !other) return nothing;
    const terrain = heights ? (d ? d.portType : port?.type) === 'terrain' : other![1].type === 'terrain';
    const why = heights ? '' : `${s.port} is not heights: hill-shading, contours and height tints draw heights (${other![0]})`;
    const st = s.style;
    const check = (key: 'shade' | 'contours') => (e: Event) => s.setStyle({ [key]: (e.target as HTMLInputElement).checked });
    return html`<div class="bar style" title=${why}>
      ${terrain
        ? html`<span class="seg" role="group" aria-label="height tints">
            <button class=${heights && st.heightMode === 'height' ? 'on' : ''} ?disabled=${!heights} @click=${() => s.setStyle({ heightMode: 'height' })} title=${why || 'Fixed bands around the sea level, like an atlas'}>by height</button>
            <button class=${heights && st.heightMode === 'share' ? 'on' : ''} ?disabled=${!heights} @click=${() => s.setStyle({ heightMode: 'share' })} title=${why || 'Bands by share: the top 8 % is always snow'}>by share</button>
          </span>`
        : nothing}
      <label><input type="checkbox" .checked=${heights && st.shade} ?disabled=${!heights} @change=${check('shade')} /> hill-shading</label>
      <label><input type="checkbox" .checked=${heights && st.contours} ?disabled=${!heights} @change=${check('contours')} /> contours</label>
      ${heights ? nothing : html`<span class="why">not heights</span>`}
    </div>`;
  }

  /**
   * Why the pinned side shows no picture yet, or null when it has one (or a message says why
   * not): the engine is still drawing it, for a graph no longer open too (compare.ts `owed`).
   */
  private pinNote(c: ViewerSession['compare']): string | null {
    return c.pin && !c.picture && !c.message ? 'drawing…' : null;
  }

  /** Map or 3-D, and the pin that compares the output shown now with another. */
  private compareBar(s: ViewerSession) {
    const c = s.compare;
    const pin = c.pin;
    return html`<div class="bar tabs">
      <span class="seg" role="tablist" aria-label="view">
        <button role="tab" class="tab-map ${s.tab === 'map' ? 'on' : ''}" aria-selected=${s.tab === 'map'} @click=${() => s.setTab('map')} title="The layer as a flat map">Map</button>
        <button role="tab" class="tab-3d ${s.tab === '3d' ? 'on' : ''}" aria-selected=${s.tab === '3d'} @click=${() => s.setTab('3d')} title="The land under the layer in 3-D, draped with it">3-D</button>
      </span>
      <span class="spacer"></span>
      ${pin
        ? html`<span class="pin-name" title="Pinned: ${pinName(pin)} · ${pin.port}${c.message ? ` (${c.message})` : ''}${this.pinNote(c) ? ` (${this.pinNote(c)})` : ''}. The map shows this output left of the split, the current one right${pin.graph === undefined ? '' : `; it stays as it was in "${pin.graph}" (untick freeze to follow its node in this graph)`}">pinned: ${pinName(pin)} · ${pin.port}${c.message ? html` <em class="pin-stale">(${c.message})</em>` : this.pinNote(c) ? html` <em class="pin-drawing">(${this.pinNote(c)})</em>` : nothing}</span>
            <label title="Keep the pinned picture as it is through edits: tick it, then edit, to see the before and the after"><input class="freeze" type="checkbox" .checked=${c.frozen} @change=${(e: Event) => c.setFrozen((e.target as HTMLInputElement).checked)} /> freeze</label>
            <button class="unpin" @click=${() => c.unpin()} title="Stop comparing">Unpin</button>`
        : html`<button class="pin" ?disabled=${!s.detail} @click=${() => s.pinShown()} title="Pin this output to compare it under a split with another node's, or with itself after edits once freeze is ticked (unfrozen, the pinned side is drawn again after every edit)">Pin to compare</button>`}
    </div>`;
  }

  /**
   * Rivers and lakes drawn over the shown layer, on the map and the 3-D drape, when the graph has
   * water outputs (any node's output meaning 'river' or 'lake'); a pick of whose when several
   * nodes have some, ticked until the person unticks it (rivers.ts: a graph with water shows it).
   * The box says what it draws: "rivers & lakes" for a node with both. With a
   * pick it takes a row of its own (the styles' .rivers.several): beside the cells and the zoom
   * button, at 1024 × 700, the box and its select went onto a line of their own and the button
   * onto another, four lines where three do.
   */
  /**
   * The water the shown picture has drawn over it, for the histogram's legend: the box's words
   * ("rivers & lakes") of whose, in the colour it was drawn in; null when none is drawn.
   */
  private waterDrawn(s: ViewerSession, d: ViewerSession['detail']) {
    const shown = s.riverShown;
    if (!shown || !d?.rivers || !d.water) return null;
    return { words: `${shown.words} of ${pickLabel(shown, s.riverOutputs)}`, color: d.water };
  }

  private riversControl(s: ViewerSession) {
    const outputs = s.riverOutputs;
    if (!outputs.length) return nothing;
    const shown = s.riverShown;
    const picked = shown ?? outputs.find((o) => o.key === s.rivers.pick) ?? outputs[0];
    const words = picked.words;
    return html`<span class="rivers ${outputs.length > 1 ? 'several' : ''}">
      <label title="Draw the ${words} over the layer shown, in one water blue, in the map, the 3-D view and the PNG export (kept across reloads)"
        ><input class="rivers-on" type="checkbox" .checked=${shown !== null} @change=${(e: Event) => s.setRivers({ on: (e.target as HTMLInputElement).checked })} /> ${words}</label
      >
      ${outputs.length > 1
        ? html`<select class="rivers-pick" aria-label="whose rivers and lakes" @change=${(e: Event) => s.setRivers({ pick: (e.target as HTMLSelectElement).value, on: true })}>
            ${outputs.map((o) => html`<option value=${o.key} ?selected=${o.key === picked.key}>${pickLabel(o, outputs)}</option>`)}
          </select>`
        : nothing}
    </span>`;
  }

  /**
   * The map (or the 3-D view), greyed with the node's message when its last evaluation failed;
   * under a picture of one value, the node's words for why, when it has some (a flow with no river).
   */
  private map(s: ViewerSession) {
    const result = s.result;
    const stale = !!result && result.state !== 'ok';
    const note = !stale && result?.note && s.port === s.firstPort ? result.note : null;
    return html`${s.tab === '3d' ? html`<tg-terrain-3d class=${stale ? 'stale' : ''} .session=${s}></tg-terrain-3d>` : html`<tg-map-view class=${stale ? 'stale' : ''} .session=${s}></tg-map-view>`}
      ${stale
        ? html`<div class="message ${result!.state}" role="status">
            ${result!.message}${s.detail ? html`<br /><small>Shown: the last output before this.</small>` : nothing}
          </div>`
        : note
          ? html`<div class="message note" role="status">${note}</div>`
          : nothing}`;
  }

  /**
   * Under the map, the node's wires that bring another meaning than their input is made for, as
   * its card says them (wiring.ts meaningWarning): the map shows what that made of them.
   */
  private meaningWarnings(core: EditorCore, id: string) {
    const warnings = [...meaningWarnings(core.graph, id).values()];
    return warnings.length ? html`<div class="message meaning-warning" role="note">${warnings.map((w) => html`<div>⚠ ${w}</div>`)}</div>` : nothing;
  }

  /** The layer's range and the node's kernel time. */
  private figures(s: ViewerSession) {
    const d = s.detail;
    if (!d) return nothing;
    const result = s.result;
    return html`<dl>
      <dt>output</dt>
      <dd>${d.port} · ${d.portType} · ${d.meaning}</dd>
      ${d.histogram?.kind === 'biome'
        ? // Biome ids are names, not amounts: their mean (3.09 for the default graph) said nothing.
          html`<dt>biomes</dt><dd class="biomes-present">${d.histogram.counts.filter((c) => c > 0).length} on the map</dd>`
        : html`<dt>min · mean · max</dt><dd>${formatValue(d.min)} · ${formatValue(d.mean)} · ${formatValue(d.max)}</dd>`}
      ${d.histogram?.kind === 'terrain' ? html`<dt>sea level</dt><dd class="sea-level" data-value=${String(d.histogram.seaLevel)}>${formatValue(d.histogram.seaLevel)}</dd>` : nothing}
      <dt>kernel</dt>
      <dd>${result ? `${result.ms.toFixed(1)} ms` : '…'}</dd>
    </dl>`;
  }

  private exports() {
    const s = this.session!;
    const d = s.detail;
    const size = s.exports.size ?? s.n;
    const x = s.exports.state;
    const formats = (['png', 'png16', 'raw', 'indexed', 'splat', 'glb'] as const).filter((f) => !d || exportApplies({ type: d.portType }, f));
    // A Gaea or World Machine user who picks an engine's size looks for tiles next: *Tiles…* opens
    // the box that exports the files `terrain-graph build` writes, as one zip, up to the browser's
    // limit (src/viewer-core/tiles.ts); larger worlds go to the command line's fan-out.
    const engine = ENGINE_SIZES.find((g) => (g.sizes as readonly number[]).includes(size))?.engine;
    // No steps counted yet ("starting", until the worker's first word): a bar with no value,
    // which moves, where an empty one stood still while a 1009² export of the Island with a
    // hydraulic erosion ran 35 s.
    const bar = x && (x.total ? html`<progress max=${x.total} .value=${x.done}></progress>` : html`<progress title="under way"></progress>`);
    return html`<section class="exports">
      <h3>Export <small>${size}² at the view's origin</small></h3>
      <div class="bar">
        ${formats.map((f) => html`<button data-format=${f} ?disabled=${!!x || !d} title=${FORMAT_LABELS[f].title} @click=${() => this.exportLayer(f)}>${FORMAT_LABELS[f].label}</button>`)}
        <button class="tiles-open" ?disabled=${!!x || !d} title="A world of engine-ready tiles sharing their edges (Unreal, Unity): the files terrain-graph build writes, in one zip" @click=${this.openTiles}>Tiles…</button>
        <span class="spacer"></span>
        <!-- Named on screen: a newcomer did not know the select beside the buttons was the file's size. -->
        <span class="export-size-field"
          ><label class="export-size-label" for="export-size">Size</label>
          <select id="export-size" class="export-size" aria-label="Export size" title="Cells a side of the exported file" @change=${(e: Event) => {
            const v = (e.target as HTMLSelectElement).value;
            s.exports.setSize(v === 'view' ? null : Number(v));
          }}>
            <option value="view" ?selected=${s.exports.size === null}>view (${s.n}²)</option>
            ${SIZES.map((n) => html`<option value=${n} ?selected=${s.exports.size === n}>${n}²</option>`)}
            ${ENGINE_SIZES.map(
              (g) => html`<optgroup label=${g.engine}>${g.sizes.map((n) => html`<option value=${n} ?selected=${s.exports.size === n}>${n}² (${g.engine})</option>`)}</optgroup>`,
            )}
          </select></span
        >
      </div>
      ${this.meshOptions(size)}
      ${engine ? html`<p class="engine-hint">One ${engine} heightmap of ${size}². For a world of ${engine} tiles sharing their edges, use <em>Tiles…</em>: the files <code>terrain-graph build</code> writes, zipped.</p>` : nothing}
      ${this.tilesOpen ? html`<tg-tiles-dialog .session=${s} .nodeTitle=${(s.node && this.core?.node(s.node)?.title) ?? ''} @tg-tiles-close=${this.closeTiles}></tg-tiles-dialog>` : nothing}
      ${x
        ? html`<div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax=${x.total} aria-valuenow=${x.done}>
            ${bar}<span>${x.step}${x.total ? ` (${x.done}/${x.total})` : ''}</span>
            ${s.exports.cancellable ? html`<button class="cancel-export" title="Stop this export; nothing is saved" @click=${() => s.exports.cancel()}>Cancel</button>` : nothing}
          </div>`
        : s.exports.note
          ? html`<div class="note ${s.exports.note.failed ? 'failed' : ''}">${s.exports.note.failed || s.exports.note.cancelled ? s.exports.note.text : html`Saved ${fileNameBreaks(s.exports.note.text).map((part, k) => (k ? html`<wbr />${part}` : part))}`}</div>`
          : nothing}
    </section>`;
  }

  /**
   * Starts an export of the layer shown and brings its progress and Cancel into sight: at
   * 1600 × 1000 the Export row's buttons are the panel's last line, and a 1009² export of the
   * Island with a hydraulic erosion ran 35 s with only its buttons greyed to show for it.
   */
  private exportLayer(format: ExportFormat): void {
    this.session!.exportLayer(format);
    void this.showProgress();
  }

  /** Scrolls the panel just enough to show the export's progress (if one is under way); returns it. */
  private async showProgress(): Promise<HTMLElement | null> {
    // Drawn now with the export's state: the session tells the panel of it later.
    this.requestUpdate();
    await this.updateComplete;
    const progress = this.session?.exports.state ? this.renderRoot.querySelector<HTMLElement>('.exports .progress') : null;
    progress?.scrollIntoView({ block: 'nearest' });
    return progress;
  }

  private openTiles = (): void => {
    this.session?.openTiles();
    this.tilesOpen = true;
    this.requestUpdate();
  };

  private closeTiles = (e: Event): void => {
    e.stopPropagation();
    this.tilesOpen = false;
    this.requestUpdate();
    // Its export started: the tiles' progress and Cancel are in the Export row, which at
    // 1024 × 700 lies below the panel's fold. The focus goes back where the box was opened from
    // (or to that Cancel, Tiles… being disabled meanwhile), not to the page's start, where a
    // keyboard user would have to tab back through the whole editor.
    void this.showProgress().then((progress) => {
      (progress?.querySelector<HTMLElement>('button.cancel-export') ?? this.renderRoot.querySelector<HTMLElement>('button.tiles-open'))?.focus({ preventScroll: !!progress });
    });
  };

  /**
   * The mesh export's options under the buttons: vertices a side (at most the export's cells),
   * metres a cell, metres from the lowest point to the highest, and the sea.
   */
  private meshOptions(size: number) {
    const s = this.session!;
    const m = s.exports.mesh;
    const side = meshSide(m, size);
    const across = distanceWords((size - 1) * m.metresPerCell);
    return html`<div class="bar mesh" title="Mesh (glTF): ${side}² vertices over the ${size}² export, ${across} from the first cell's centre to the last, the lowest point at 0 m and the highest at ${m.heightRange} m">
      <span class="mesh-label">Mesh</span>
      <select class="mesh-size" aria-label="mesh vertices a side" @change=${(e: Event) => this.setMesh('side', e)}>
        ${MESH_SIDES.map((v) => html`<option value=${v} ?selected=${m.side === v}>${v}²</option>`)}
      </select>
      <label title="Metres between the centres of neighbouring cells of the export (horizontal scale)"
        ><input class="mesh-metres" type="number" min="0" step="any" .value=${String(m.metresPerCell)} @keydown=${decimalComma} @change=${(e: Event) => this.setMesh('metresPerCell', e)} />m a cell</label
      >
      <label title="Metres from the lowest point of the land to its highest (vertical scale; the lowest is at 0 m)"
        ><input class="mesh-height" type="number" min="0" step="any" .value=${String(m.heightRange)} @keydown=${decimalComma} @change=${(e: Event) => this.setMesh('heightRange', e)} />m high</label
      >
      <label title="Add the sea as a translucent plane at the sea level (a terrain with a sea level)"><input class="mesh-sea" type="checkbox" .checked=${m.sea} @change=${(e: Event) => s.exports.setMesh({ sea: (e.target as HTMLInputElement).checked })} />sea</label>
      <span class="mesh-extent">${side < size ? `${side}² of ${size}²` : `${side}², every cell`} · ${across} across</span>
    </div>`;
  }

  /** One of the mesh's numbers from its field; a value refused says why, and the field shows the option again. */
  private setMesh(option: MeshOption, e: Event): void {
    const input = e.target as HTMLInputElement | HTMLSelectElement;
    const exports = this.session!.exports;
    // A number field holds '' for what is no number ("ten", "1..5"): said as such, not as "got NaN".
    const value = input.value.trim() === '' ? NaN : Number(input.value);
    const problem = Number.isFinite(value) ? exports.setMesh({ [option]: value }) : { message: `the ${MESH_OPTION_WORDS[option]} takes a number` };
    if (!problem) return;
    input.value = String(exports.mesh[option]);
    this.dispatchEvent(appEvent('tg-refused', { text: `Mesh: ${problem.message}; it stays ${exports.mesh[option]}.` }));
  }

  private setView(key: 'x' | 'y' | 'size', e: Event): void {
    const input = e.target as HTMLInputElement | HTMLSelectElement;
    const v = Number(input.value);
    const view = this.core!.graph.view;
    // A value refused says why, in the app's notice; the field shows the view's again. It was
    // put back without a word, as if the value had been taken.
    if (input.value.trim() === '' || !Number.isFinite(v)) {
      input.value = String(view[key]);
      this.dispatchEvent(appEvent('tg-refused', { text: `The view's ${key} takes a number; it stays ${view[key]}.` }));
      return;
    }
    try {
      this.session!.setView({ [key]: v });
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      input.value = String(view[key]);
      // Without the file's JSON path ("$.view.x: "), which names nothing on the screen.
      this.dispatchEvent(appEvent('tg-refused', { text: `The view's ${key}: ${err.message.replace(/^\$\.view\.\w+: /, '')}; it stays ${view[key]}.` }));
    }
  }

  private resizeStart = (e: PointerEvent) => {
    if (!this.session) return;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    this.resize = { x: e.clientX, frame: this.session.frame };
  };

  private resizeMove = (e: PointerEvent) => {
    if (!this.resize || !this.session) return;
    const frame = roomFor(Math.max(MAP_SIZE_MIN, Math.min(MAP_SIZE_MAX, this.resize.frame + (this.resize.x - e.clientX))));
    this.session.setFrame(frame);
    this.requestUpdate();
  };

  private resizeEnd = () => {
    this.resize = null;
  };
}

/**
 * The viewer's curve editor's height for a panel `width` px wide: the node's own editor is some
 * 90 px at a fitted graph (a 25 px drag moved a point by 0.67 there); here it is as wide as the
 * map and half as high, 120 px at least (1024 × 700) and 240 at most.
 */
function curveHeight(width: number): number {
  return Math.max(120, Math.min(240, Math.round(width / 2)));
}
