// The histogram of the layer in the viewer: heights in their bands with the sea level marked,
// fields in their ramp, biomes as a legend with a bar each. (A curve node's input histogram,
// under its curve, is the viewer's curve editor's.)

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { DRAINAGE_SEA } from '../../render/drainage.ts';
import { HEIGHT_BANDS, LAND_MASK, type Rgb, WATER_MASK } from '../../render/ramps.ts';
import { axisPosition, biomeShares, histogramBars, type LayerHistogram, rampRgb, shareText } from '../../viewer-core/histogram.ts';
import { formatValue } from '../../viewer-core/provenance.ts';
import styles from './histogram.styles.ts';

/** A plot's height at full size, in CSS pixels. */
export const PLOT_HEIGHT = 84;

const rgb = (c: Rgb) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
/** Draws one layer's histogram. Give it the worker's histogram. */
export class TgHistogram extends LitElement {
  static override styles = styles;

  /** The layer's histogram, from the worker. */
  @property({ attribute: false }) histogram: LayerHistogram | null = null;

  /**
   * The water drawn over the map (the rivers & lakes box): what it is, as the box says it with
   * whose it is, and the colour it was drawn in; null for none. It has a line of the legend: the
   * flow's rivers mask said river / no river while its map drew the lakes over it too.
   */
  @property({ attribute: false }) water: { readonly words: string; readonly color: Rgb } | null = null;

  /** Width in CSS pixels. */
  @property({ type: Number }) width = 512;

  /** Height of a field's or a terrain's plot in CSS pixels (the viewer lowers it where the panel is short). */
  @property({ type: Number }) plotHeight = PLOT_HEIGHT;

  @query('canvas') private canvas?: HTMLCanvasElement;

  override render() {
    const h = this.histogram;
    if (!h) return nothing;
    const water = this.water;
    return html`${this.legend(h)}${water
      ? html`<div class="chips water"><span class="chip"><i style="background:${rgb(water.color)}"></i>${water.words}, drawn over the map</span></div>`
      : nothing}`;
  }

  private legend(h: LayerHistogram) {
    if (h.kind === 'biome') return this.renderBiomes(h.counts);
    if (h.kind === 'mask') {
      // A node that knows its sea (the flow) has its 0 cells on the sea drawn as sea: a row of their own.
      const sea = h.sea ?? 0;
      const total = h.ones + h.zeros + sea || 1;
      return html`<div class="legend rows" data-kind="mask">
        ${this.row(WATER_MASK, h.one, h.ones / total, shareText(h.ones / total))}
        ${this.row(LAND_MASK, h.zero, h.zeros / total, shareText(h.zeros / total))}
        ${h.sea === undefined ? nothing : this.row(DRAINAGE_SEA, 'sea', sea / total, shareText(sea / total))}
      </div>`;
    }
    if (h.kind === 'field' && h.apart) return this.renderApart(h, h.apart);
    const sea = h.kind === 'terrain' ? axisPosition(h, h.seaLevel) : null;
    return html`<div class="plot" data-kind=${h.kind}>
        <canvas style="width:${this.width}px;height:${this.plotHeight}px"></canvas>
        ${sea !== null && sea >= 0 && sea <= 1
          ? html`<div class="sea ${sea > 0.5 ? 'flip' : ''}" style="left:${sea * 100}%" title="sea level"><span>sea level ${formatValue((h as { seaLevel: number }).seaLevel)}</span></div>`
          : nothing}
      </div>
      <div class="axis"><span>${formatValue(h.lo)}</span><span>${formatValue(h.hi)}</span></div>
      ${h.kind === 'terrain'
        ? html`<div class="legend chips">
            ${HEIGHT_BANDS.map((b) => html`<span class="chip"><i style="background:${rgb(b.color)}"></i>${b.name}</span>`)}
          </div>`
        : nothing}
`;
  }

  /**
   * A layer whose 0 cells are drawn apart (a flow's lakes): the plot of the cells that carry the
   * quantity alone (the lakes' depths, in the map's colours), then a row each for them, for its 0
   * cells (no lake, the dry land's colour) and, when its node knows its sea, for the sea, each with
   * its share of the map. With the dry land binned at 0, the plot was one pale bar and hairs.
   */
  private renderApart(h: Extract<LayerHistogram, { kind: 'field' }>, apart: NonNullable<Extract<LayerHistogram, { kind: 'field' }>['apart']>) {
    const sea = h.sea ?? 0;
    const total = apart.ones + apart.zeros + sea || 1;
    const mid = rampRgb(h.meaning, 0.5);
    // The shares in a line (wrapping where the panel is narrow), as tall as the one sea row was:
    // three rows of bars pushed the legend past its room at 1024 × 700.
    const chip = (color: Rgb, name: string, count: number) =>
      html`<span class="row chip" data-name=${name}><i style="background:${rgb(color)}"></i><span class="name">${name}</span><span class="share">${shareText(count / total)}</span></span>`;
    return html`${apart.ones
        ? html`<div class="plot" data-kind="field" title="The ${apart.one} cells only, by value; the shares of the map below">
              <canvas style="width:${this.width}px;height:${this.plotHeight}px"></canvas>
            </div>
            <div class="axis"><span>${formatValue(h.lo)}</span><span class="what">${apart.one} cells only</span><span>${formatValue(h.hi)}</span></div>`
        : html`<div class="axis"><span class="what">no ${apart.one} cells on this map</span></div>`}
      <div class="legend shares" data-kind="apart">
        ${chip(mid, apart.one, apart.ones)} ${chip(LAND_MASK, apart.zero, apart.zeros)}
        ${h.sea === undefined ? nothing : html`<span class="sea-part" data-kind="sea">${chip(DRAINAGE_SEA, 'sea', sea)}</span>`}
      </div>`;
  }

  private row(color: Rgb, name: string, fraction: number, label: string) {
    return html`<div class="row" data-name=${name}>
      <i style="background:${rgb(color)}"></i><span class="name">${name}</span>
      <span class="bar"><b style="width:${Math.min(100, fraction * 100)}%;background:${rgb(color)}"></b></span>
      <span class="share">${label}</span>
    </div>`;
  }

  private renderBiomes(counts: Uint32Array) {
    const shares = biomeShares(counts);
    const top = Math.max(...shares.filter((b) => b.id !== 0).map((b) => b.share), 1e-9);
    return html`<div class="caption top">Ocean: its share of the map. The rest: their share of the land.</div>
      <div class="legend rows" data-kind="biome">
      ${shares.map((b) =>
        b.count || b.id === 0
          ? this.row(b.color, b.name, b.id === 0 ? b.share : b.share / top, shareText(b.share))
          : nothing,
      )}
      <div class="absent">${shares.filter((b) => !b.count && b.id !== 0).map((b) => html`<span class="chip"><i style="background:${rgb(b.color)}"></i>${b.name}</span>`)}</div>
    </div>`;
  }

  protected override updated(_changed: PropertyValues<this>): void {
    const canvas = this.canvas;
    if (!canvas) return;
    const w = this.width;
    const h = this.plotHeight;
    const dpr = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const g = canvas.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    if (this.histogram && (this.histogram.kind === 'terrain' || this.histogram.kind === 'field')) {
      for (const bar of histogramBars(this.histogram)) {
        if (!bar.count) continue;
        const bh = Math.max(1, bar.h * (h - 2));
        g.fillStyle = rgb(bar.color);
        g.fillRect(bar.x0 * w, h - bh, Math.max(1, (bar.x1 - bar.x0) * w - 0.5), bh);
      }
    }
  }
}
