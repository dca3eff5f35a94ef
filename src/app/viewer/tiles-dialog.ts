// Export → Tiles: the box where a person picks an engine's layout, the tile size, the resolution,
// the metres a sample and the height range (build's --metres-per-cell and --height-range), the
// region (tiles or samples across, east and north of the map's bottom-left corner, the view's origin), the format and the splat maps' size, reads what that makes
// (how many tiles, their size, the world's size on the ground, the world area, the download's
// estimated size, the seams of a grid-bound graph, the browser's limit) and starts the export. The
// planning is headless (src/viewer-core/tiles.ts); the export runs in the export worker, its
// progress in the panel.

import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { type BuildFormat, type SplatSize, splatTexels } from '../../build/plan.ts';
import type { ViewerSession } from '../../viewer-core/session.ts';
import { bytesText, countText, readCount, regionText, TILE_CELLS_PER_VIEW, TILE_LAYOUTS, type TileLayout, type TilesChoice } from '../../viewer-core/tiles.ts';
import type { TilesPick } from '../../viewer-core/tiles-world.ts';
import { distanceWords } from '../../viewer-core/exports.ts';
import { worldText } from '../../viewer-core/world-note.ts';
import { MESH_DEFAULTS, meshOptionProblems } from '../../render/land-mesh.ts';
import { ModalBox } from '../controllers.ts';
import { appEvent, decimalComma } from '../events.ts';
import styles from './tiles-dialog.styles.ts';

const FORMAT_WORDS: Readonly<Record<BuildFormat, string>> = {
  png16: 'png16 · 16-bit greyscale PNG (Unreal)',
  r16: 'r16 · 16-bit raw, south row first (Unity)',
  f32: 'f32 · raw Float32',
  png: 'png · the layer in its palette (a preview)',
  indexed: 'indexed · biome ids as an indexed PNG',
  splat: 'splat · biome weights, 4 to an RGBA PNG (Unity)',
  weights: 'weights · a greyscale weight map per biome (Unreal)',
};

/** The menu's resolutions, and the one chosen where it is off the menu (a world's fit: 1008 for Unreal's tiles). */
function cellsOffered(n: number): number[] {
  return TILE_CELLS_PER_VIEW.includes(n) ? TILE_CELLS_PER_VIEW : [...TILE_CELLS_PER_VIEW, n].sort((a, b) => a - b);
}

/**
 * The command line in parts that wrap whole: the command and each flag with its value. Broken
 * anywhere, it read "--height-range 1" at a line's end and "200" at the next one's start.
 * The text (and what a copy takes) is the command's, the spaces between the parts included.
 */
function commandWords(command: string) {
  const parts = command.split(/ (?=--)/);
  return parts.map((part, k) => html`${k ? ' ' : ''}<span class="word">${part}</span>`);
}

/**
 * The Export → Tiles box, modal over the page. Escape, a click outside the box or Close closes
 * it; Tab goes round its controls; Export starts the export and closes it (the panel's Export
 * row shows each tile's progress and a Cancel).
 *
 * @event tg-tiles-close - The box is done: closed, or the export started.
 */
export class TgTilesDialog extends LitElement {
  static override styles = styles;

  /**
   * Its role and name, the focus in it (on the engine chosen) and back, Escape, Tab round its
   * controls, a click outside.
   */
  private readonly modal = new ModalBox(this, {
    label: () => 'Export tiles',
    close: () => this.close(),
    outsideCloses: true,
    focus: () => this.renderRoot.querySelector<HTMLButtonElement>('button.layout.on')?.focus(),
  });

  /** The viewer session: the node shown, the tiles' choice, the export. */
  @property({ attribute: false }) session: ViewerSession | null = null;

  /** The shown node's title, as the canvas and the viewer name it (its id is the command line's --node). */
  @property() nodeTitle = '';

  /** Why the metres last typed were not taken (the field shows the kept value again), or null. */
  @state() private refused: string | null = null;

  /**
   * Why the tiles or samples typed across or up were not taken, by field, while the field keeps
   * what was typed: Export waits until both read (tiles.ts readCount). The choice keeps the last
   * counts that did.
   */
  @state() private countProblems: { readonly x?: string; readonly y?: string } = {};

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.keep);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.keep);
  }

  /** The choice's format made one that applies to the node shown, before the summary is planned from it. */
  override willUpdate(): void {
    const s = this.session;
    if (!s?.node) return;
    const fitted = this.fitted(s.exports.tiles, s.tilesFormats());
    // A normalisation, not a change the viewer need redraw for: set without telling it.
    if (fitted !== s.exports.tiles) s.exports.tiles = fitted;
  }

  override render() {
    const s = this.session;
    const summary = s?.tilesSummary();
    if (!s || !summary) return nothing;
    const choice = s.exports.tiles;
    const layout = TILE_LAYOUTS[choice.layout];
    const plan = summary.plan;
    const shape = summary.shape;
    const r = summary.region;
    const busy = !!s.exports.state;
    const world = s.world;
    const fit = s.tilesFit();
    // Counts typed that did not read stand for the region until they do: no summary of the last that did.
    const problems = choice.across === 'world' ? {} : this.countProblems;
    const counting = !!(problems.x || problems.y);
    return html`<div class="box">
      <h2>Export tiles <small title="node ${s.node}: every output of it, one file each">${this.nodeTitle || s.node}</small></h2>
      <p>The files <code>terrain-graph build</code> writes, in one zip: ${choice.across === 'world' ? "the graph's world" : "the world east and north of the map's bottom-left corner (the view's origin)"}, cut into tiles that share their edge rows, as the engines import them.</p>
      ${s.tilesNote ? html`<p class="opened" role="status">${s.tilesNote}</p>` : nothing}
      <div class="form">
        <span class="label">Engine</span>
        <span class="seg" role="group" aria-label="engine">
          ${(Object.keys(TILE_LAYOUTS) as TileLayout[]).map(
            (k) => html`<button class="layout ${k === choice.layout ? 'on' : ''}" data-layout=${k} aria-pressed=${k === choice.layout} @click=${() => this.pick({ kind: 'layout', layout: k, formats: summary.formats })}>${TILE_LAYOUTS[k].label}</button>`,
          )}
        </span>
        <label class="label" for="tile-size">Tile size</label>
        <span>
          <select id="tile-size" class="tile-size" @change=${(e: Event) => this.pick({ kind: 'tileSize', tileSize: Number((e.target as HTMLSelectElement).value) })}>
            ${layout.sizes.map((t) => html`<option value=${t} ?selected=${t === choice.tileSize}>${t}² samples</option>`)}
          </select>
          <small class="aside">${layout.larger.map((t) => `${t}²`).join(', ')}: <code>terrain-graph build</code> only</small>
        </span>
        <label class="label" for="cells">Resolution</label>
        <select id="cells" class="cells" @change=${(e: Event) => this.pick({ kind: 'cells', cellsPerView: Number((e.target as HTMLSelectElement).value) })}>
          ${cellsOffered(choice.cellsPerView).map((n) => html`<option value=${n} ?selected=${n === choice.cellsPerView}>${n} cells a view${n === s.n ? " · the map's" : ''}</option>`)}
        </select>
        <label class="label" for="metres" title="Metres between neighbouring samples on the ground: terrain-graph build's --metres-per-cell">Metres a sample</label>
        <span class="metres-row">
          <input id="metres" class="metres" type="number" min="0" step="any" .value=${String(choice.metresPerCell)} @keydown=${decimalComma} @change=${(e: Event) => this.setMetres('metresPerCell', e)} />
          m
          <label class="height-label" for="height-range" title="Metres from a 16-bit layer's 0 to its 65535: terrain-graph build's --height-range">height range</label>
          <input id="height-range" class="height-range" type="number" min="0" step="any" .value=${String(choice.heightRange)} @keydown=${decimalComma} @change=${(e: Event) => this.setMetres('heightRange', e)} />
          m
        </span>
        ${this.refused ? html`<p class="refused" role="alert">${this.refused}</p>` : nothing}
        <span class="label">Region</span>
        <span class="region">
          <select class="across" aria-label="region in" @change=${(e: Event) => this.pickAcross((e.target as HTMLSelectElement).value as TilesChoice['across'])}>
            <option value="tiles" ?selected=${choice.across === 'tiles'}>tiles</option>
            <option value="samples" ?selected=${choice.across === 'samples'}>samples</option>
            ${world || choice.across === 'world' ? html`<option value="world" ?selected=${choice.across === 'world'}>the graph's world</option>` : nothing}
          </select>
          ${choice.across === 'world'
            ? html`<span class="world">${world ? worldText(world) : 'none'}</span>`
            : html`<input class="x" type="text" inputmode="numeric" aria-label="${choice.across} across (east)" aria-invalid=${!!problems.x} .value=${String(choice.x)} @keydown=${(e: KeyboardEvent) => this.stepCount('x', e)} @change=${(e: Event) => this.setCount('x', e)} />
                across ×
                <input class="y" type="text" inputmode="numeric" aria-label="${choice.across} up (north)" aria-invalid=${!!problems.y} .value=${String(choice.y)} @keydown=${(e: KeyboardEvent) => this.stepCount('y', e)} @change=${(e: Event) => this.setCount('y', e)} />
                up`}
        </span>
        ${counting ? html`<p class="count-problem" role="alert">${[problems.x, problems.y].filter(Boolean).join(' ')}</p>` : nothing}
        <label class="label" for="format">Format</label>
        <select id="format" class="format" @change=${(e: Event) => this.set({ format: (e.target as HTMLSelectElement).value as BuildFormat })}>
          ${summary.formats.map((f) => html`<option value=${f} ?selected=${f === choice.format}>${FORMAT_WORDS[f]}</option>`)}
        </select>
        ${choice.format === 'splat'
          ? html`<label class="label" for="splat-size" title="terrain-graph build's --splat-size">Splat maps</label>
              <select id="splat-size" class="splat-size" @change=${(e: Event) => this.set({ splatSize: (e.target as HTMLSelectElement).value as SplatSize })}>
                <option value="texels" ?selected=${choice.splatSize === 'texels'}>${splatTexels(choice.tileSize)}² texels · Unity's control texture, as it places them</option>
                <option value="samples" ?selected=${choice.splatSize === 'samples'}>${choice.tileSize}² samples · one a height sample (Unity resamples)</option>
              </select>`
          : nothing}
      </div>
      ${shape && !counting
        ? html`<p class="summary" role="status">
            <strong>${countText(shape.count)} tile${shape.count === 1 ? '' : 's'}</strong> (${countText(shape.tilesX)} × ${countText(shape.tilesY)}) of ${shape.tileSize}² samples${summary.ground
              ? html`, <strong class="ground" title=${summary.ground.settings}>${distanceWords(summary.ground.across)} × ${distanceWords(summary.ground.up)}</strong> at ${distanceWords(choice.metresPerCell)} a sample`
              : nothing} ·
            ${countText(shape.samplesX)} × ${countText(shape.samplesY)} samples · <span class="where">${regionText(choice, r, shape)}</span> ·
            about <strong class="estimate">${bytesText(summary.bytes)}</strong>
          </p>`
        : nothing}
      ${summary.seams
        ? html`<p class="seams">
            ${summary.seams}
            ${summary.seamsFix ? html`<button class="seams-fix" ?disabled=${busy} @click=${this.fixSeams}>${summary.seamsFix.label}</button>` : nothing}
          </p>`
        : nothing}
      ${summary.grid ? html`<p class="grid-note">${summary.grid}</p>` : nothing}
      ${summary.work.length
        ? // No time here (the box runs nothing to time it): the command line's --plan times it on the machine that builds.
          html`<p class="work" role="note">
            ${summary.work.map((line, k) => html`${k ? html`<br />` : nothing}${line}`)} <span class="work-time">The command with <code>--plan</code> times it.</span>
          </p>`
        : nothing}
      ${fit
        ? html`<p class="world-fit">
            ${fit.text}
            ${fit.use ? html`<button class="world-fit-use" ?disabled=${busy} @click=${() => this.pick({ kind: 'use', change: fit.use!.change, formats: summary.formats })}>${fit.use.label}</button>` : nothing}
          </p>`
        : nothing}
      ${counting
        ? // The summary's problem and command are the last counts' that read, not the fields': the
          // count's problem above stands for them until the fields read.
          nothing
        : summary.problem
          ? html`<p class="problem" role="alert">${summary.problem}</p>
              <p class="command"><code>${commandWords(summary.command)}</code></p>`
          : html`<p class="command"><small>The same on the command line:</small> <code>${commandWords(summary.command)}</code></p>`}
      ${summary.saveFirst ? html`<p class="save-first">${summary.saveFirst}</p>` : nothing}
      <footer>
        <button class="confirm" ?disabled=${!!summary.problem || !plan || busy || counting} title=${busy ? 'An export is under way' : ''} @click=${this.start}>
          Export ${shape && !counting ? `${countText(shape.count)} tile${shape.count === 1 ? '' : 's'}` : 'tiles'}
        </button>
        <button class="cancel" @click=${this.close}>Close</button>
      </footer>
    </div>`;
  }

  /** The choice with a format that applies to the node shown (the layout's own when it does). */
  private fitted(choice: TilesChoice, formats: readonly BuildFormat[]): TilesChoice {
    if (formats.includes(choice.format) || !formats.length) return choice;
    const own = TILE_LAYOUTS[choice.layout].format;
    return { ...choice, format: formats.includes(own) ? own : formats.includes('indexed') ? 'indexed' : formats[0] };
  }

  /**
   * Metres a sample or the height range from its field, checked as build checks its flags; a
   * value refused says why in the box, and the field shows the kept value again.
   */
  private setMetres(option: 'metresPerCell' | 'heightRange', e: Event): void {
    const input = e.target as HTMLInputElement;
    const kept = this.session!.exports.tiles;
    const words = option === 'metresPerCell' ? 'Metres a sample' : 'The height range';
    // A number field holds '' for what is no number ("ten", "1..5").
    const value = input.value.trim() === '' ? NaN : Number(input.value);
    const problem = Number.isFinite(value) ? meshOptionProblems({ side: MESH_DEFAULTS.side, metresPerCell: kept.metresPerCell, heightRange: kept.heightRange, [option]: value }).find((p) => p.option === option) : null;
    if (Number.isFinite(value) && !problem) {
      this.refused = null;
      this.set({ [option]: value });
      return;
    }
    input.value = String(kept[option]);
    this.refused = `${words}: ${problem ? problem.message : 'takes a number of metres'}; it stays ${kept[option]} m.`;
  }

  /**
   * Tiles or samples across or up from its field (tiles.ts readCount): taken when it reads, else
   * said, naming the field and what it takes, while the field keeps what was typed and Export waits.
   * The other field's count, when it was refused, is then read again (pick, rereadCounts).
   */
  private setCount(axis: 'x' | 'y', e: Event): void {
    const input = e.target as HTMLInputElement;
    const read = readCount(input.value, axis, this.session!.exports.tiles);
    this.countProblems = { ...this.countProblems, [axis]: read.problem ?? undefined };
    if (read.value === null) return;
    this.pick({ kind: 'counts', [axis]: read.value });
  }

  /**
   * The counts refused, read again against the choice just changed: how many tiles a count makes
   * depends on the other count (999,999 up is too many with 3 across, not with 1) and, in samples,
   * on the tile size. Only the other count's change read them again: a tile size picked left a
   * count refused for the old one.
   */
  private rereadCounts(): void {
    const s = this.session!;
    for (const axis of ['x', 'y'] as const) {
      const field = this.renderRoot.querySelector<HTMLInputElement>(`input.${axis}`);
      if (!this.countProblems[axis] || !field || s.exports.tiles.across === 'world') continue;
      const again = readCount(field.value, axis, s.exports.tiles);
      this.countProblems = { ...this.countProblems, [axis]: again.problem ?? undefined };
      if (again.value !== null) s.pickTiles({ kind: 'counts', [axis]: again.value });
    }
  }

  /**
   * Arrow up and down step a count that reads by one, as a number field's did: the fields are text,
   * so that what was typed ("abc", which a number field drops unseen) is read and said.
   */
  private stepCount(axis: 'x' | 'y', e: KeyboardEvent): void {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const input = e.target as HTMLInputElement;
    const choice = this.session!.exports.tiles;
    const read = readCount(input.value, axis, choice);
    if (read.value === null) return;
    e.preventDefault();
    const next = readCount(String(read.value + (e.key === 'ArrowUp' ? 1 : -1)), axis, choice);
    if (next.value === null) return;
    input.value = String(next.value);
    this.setCount(axis, e);
  }

  /** The seams' button: the water level's cut to the world, one undo step (ViewerSession.fixSeams). */
  private fixSeams = (): void => {
    this.session?.fixSeams();
    this.requestUpdate();
  };

  private set(change: Partial<TilesChoice>): void {
    const s = this.session!;
    s.exports.setTiles({ ...s.exports.tiles, ...change });
    this.requestUpdate();
  }

  /** Tiles, samples or the world picked for the region: counts typed in the other unit that did not read go. */
  private pickAcross(across: TilesChoice['across']): void {
    this.countProblems = {};
    this.pick({ kind: 'across', across });
  }

  /** A change the picks and the world's fit follow (tiles-world.ts pickTiles); counts refused are read again. */
  private pick(pick: TilesPick): void {
    this.session!.pickTiles(pick);
    this.rereadCounts();
    this.requestUpdate();
  }

  private start = (): void => {
    this.session?.exportTiles();
    this.close();
  };

  private close = (): void => {
    this.dispatchEvent(appEvent('tg-tiles-close', undefined));
  };

  /**
   * The keys typed here are the box's: the editor behind it (which does not know of it, the
   * viewer's own) would act on them too, a Delete on its selection. Escape and Tab are ModalBox's.
   */
  private keep = (e: KeyboardEvent): void => {
    e.stopPropagation();
  };
}
