// One cell's value at every node that leads to the shown one, upstream to downstream, with
// what each number means: how a person learns why a cell is desert.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { describeRow, formatValue, type ProvenanceRow } from '../../viewer-core/provenance.ts';
import type { Rgb } from '../../render/ramps.ts';
import type { World } from '../../grid.ts';
import type { ProbeResult } from '../../worker/protocol.ts';
import styles from './provenance.styles.ts';

declare global {
  interface HTMLElementEventMap {
    'tg-unpin': CustomEvent<void>;
  }
}

/**
 * The provenance list of one cell.
 *
 * @event tg-unpin - The person let go of the pinned cell.
 */
export class TgProvenance extends LitElement {
  static override styles = styles;

  /** The worker's answer for the cell. */
  @property({ attribute: false }) probe: ProbeResult | null = null;

  /** The node the viewer shows: its row stands out, and its value heads the list. */
  @property() shown = '';

  /** The output of the shown node the viewer draws. */
  @property() shownPort = '';

  /** Greys the values out (while the map is dragged they belong to the view left behind). */
  @property({ type: Boolean, reflect: true }) dim = false;

  /** True when the cell is pinned (clicked) rather than under the pointer. */
  @property({ type: Boolean }) pinned = false;

  /** The graph's world, if it has one: the cell's line says whether the cell lies in it. */
  @property({ attribute: false }) world: World | undefined = undefined;

  /**
   * The colour the map drew its rivers and lakes in (Detail.water), which marks their lines here:
   * the lines kept the river blue while the lakes map drew its rivers in another.
   */
  @property({ attribute: false }) waterColour: Rgb | null = null;

  /** True while the viewer shows the land in 3-D, where a click turns it rather than pinning a cell. */
  @property({ type: Boolean }) land3d = false;

  override render() {
    const p = this.probe;
    if (!p) {
      return this.land3d
        ? html`<p class="hint">Hover the land: the cell's value at every node that leads here, upstream to downstream. Drag to turn it; pin a cell on the map.</p>`
        : html`<p class="hint">Hover the map: the cell's value at every node that leads here, upstream to downstream. Click to pin a cell.</p>`;
    }
    if (p.message) return html`<p class="hint failed">${p.message}</p>`;
    const c = p.i % p.n;
    const r = Math.floor(p.i / p.n);
    return html`<div class="where" data-i=${p.i} data-x=${String(p.x)} data-y=${String(p.y)}>
        <span>cell <b>${c}, ${r}</b> of ${p.n}²</span>
        <span>x <b>${formatValue(p.x)}</b> · y <b>${formatValue(p.y)}</b></span>
        ${this.inWorld(p)}
        ${this.pinned ? html`<button @click=${() => this.dispatchEvent(new CustomEvent('tg-unpin', { bubbles: true, composed: true }))}>unpin</button>` : nothing}
      </div>
      ${this.answer(p.rows)} ${this.water(p)}
      <table>
        ${p.rows.map((row, k) => this.row(row, p.rows[k - 1], p.rows[k + 1]))}
      </table>`;
  }

  /**
   * Whether the cell's centre lies in the graph's world: inside it an erosion runs on the whole
   * world, outside on the view (the map veils what lies outside; this says it of the cell read).
   */
  private inWorld(p: ProbeResult) {
    const w = this.world;
    if (!w) return nothing;
    const inside = p.x >= w.x && p.x < w.x + w.size && p.y >= w.y && p.y < w.y + w.size;
    return html`<span class="in-world ${inside ? '' : 'outside'}" data-inside=${String(inside)}>${inside ? 'in the world' : 'outside the world'}</span>`;
  }

  /**
   * The shown node's value at the cell, above the list: the answer comes last upstream to
   * downstream, and a long graph's list put it below the fold (the biome row, at 1600 × 1000).
   */
  private answer(rows: readonly ProvenanceRow[]) {
    const row = rows.find((r) => r.node === this.shown && r.port === this.shownPort) ?? rows.find((r) => r.node === this.shown);
    if (!row) return nothing;
    const { value, note } = describeRow(row);
    // A node with several outputs says which one: the flow's rivers, not its accumulation.
    const several = rows.filter((r) => r.node === row.node).length > 1;
    return html`<div class="answer" data-node=${row.node} data-port=${row.port}>
      <span class="title">${row.title}</span>${several ? html` <small>${row.port}</small>` : nothing} <b class=${row.biome !== undefined ? 'name' : ''}>${value}</b> <span class="note">${note}</span>
    </div>`;
  }

  /**
   * The water drawn over the map at this cell, under the answer, when it is not the shown output:
   * whether the cell is river and the rule ("accumulation 17 ≥ river area 8 → river"); on a lake,
   * how deep ("lake 0.0120 deep"), in the heights' units as the sea's depth is said.
   */
  private water(p: ProbeResult) {
    const c = this.waterColour;
    const mark = c ? `border-left-color: rgb(${c[0]}, ${c[1]}, ${c[2]})` : '';
    return (p.water ?? []).map((row) => {
      if (row.node === this.shown && row.port === this.shownPort) return nothing;
      const value = row.value === null ? '' : String(row.value);
      const { note } = describeRow(row);
      if (row.meaning === 'lake') {
        if (row.value === null || !(row.value > 0)) return nothing;
        return html`<div class="lake-line" style=${mark} data-node=${row.node} data-port=${row.port} data-value=${value}>
          <span class="title">${row.title}</span> <b>lake ${row.value >= 1e-4 ? formatValue(row.value) : 'under 0.0001'} deep</b> <span class="note">${note}</span>
        </div>`;
      }
      const word = row.value === null ? '—' : row.value > 0.5 ? 'river' : 'no river';
      return html`<div class="river-line" style=${mark} data-node=${row.node} data-port=${row.port} data-value=${value}>
        <span class="title">${row.title}</span> <b>${word}</b> <span class="note">${note}</span>
      </div>`;
    });
  }

  /**
   * A row per output. A node with several outputs heads its rows with its title on a line of its
   * own and names only the port on each: at 1024 × 700 the title and port shared a cell cut at
   * the title, and the four flow rows all read "Flow and ri…".
   */
  private row(row: ProvenanceRow, before: ProvenanceRow | undefined, after: ProvenanceRow | undefined) {
    const { value, note } = describeRow(row);
    const several = before?.node === row.node || after?.node === row.node;
    const shown = row.node === this.shown ? 'shown' : '';
    const head =
      several && before?.node !== row.node ? html`<tr class="head ${shown}" data-head=${row.node}><th colspan="3" title=${row.title}>${row.title}</th></tr>` : nothing;
    return html`${head}<tr class=${shown} data-node=${row.node} data-port=${row.port} data-value=${row.value === null ? '' : String(row.value)}>
        <th class=${several ? 'port' : ''} title=${several ? `${row.title}: ${row.port}` : row.title}>${several ? row.port : row.title}</th>
        <td class="value ${row.state !== 'ok' ? 'missing' : ''} ${row.biome !== undefined ? 'name' : ''}">${value}</td>
        <td class="note">${note}</td>
      </tr>`;
  }
}
