// The viewer's map: the picture the session picks, magnified and moved as it says, the
// highlighted table cell, the graph's world (its outline, the part outside it veiled, or which
// way it lies), the cell under the pointer and the wind's arrows. Pointer input goes to the
// session as plain records; nothing is decided here.

import { html, LitElement, nothing, svg } from 'lit';
import { property, query } from 'lit/decorators.js';
import { cellOnFrame, pictureShift } from '../../viewer-core/pan.ts';
import type { MapInput, Picture, ViewerChange, ViewerSession } from '../../viewer-core/session.ts';
import { highlightOverlay } from '../../viewer-core/table.ts';
import { windLayers } from '../../viewer-core/wind.ts';
import { worldText } from '../../viewer-core/world-note.ts';
import { pointerText, worldOnFrame } from '../../viewer-core/world-outline.ts';
import { Subscriptions } from '../controllers.ts';
import styles from './map-view.styles.ts';

/**
 * What an empty map says: "computing…" while the node's picture is on its way, and why there is
 * none when its evaluation failed. A node added with its input unwired read "computing…" for
 * good, as if the page had frozen (the reason was only in the line under the map).
 */
function emptyText(result: { state: string; message?: string } | undefined): string {
  return result && result.state !== 'ok' ? `no picture: ${result.message ?? result.state}` : 'computing…';
}

/**
 * The map of the viewer: drag to pan the world, wheel to magnify (1× … 8×) around the
 * pointer, double-click for 1×, click to pin a cell. Its side is the session's frame.
 */
export class TgMapView extends LitElement {
  static override styles = styles;

  /** The viewer session: what to draw, and where pointer input goes. */
  @property({ attribute: false }) session: ViewerSession | null = null;

  @query('canvas.map') private mapCanvas?: HTMLCanvasElement;
  @query('canvas.highlight') private highlightCanvas?: HTMLCanvasElement;
  @query('canvas.pinned') private pinnedCanvas?: HTMLCanvasElement;
  @query('.frame') private frameEl?: HTMLDivElement;

  private drawn: Picture['image'] | null = null;
  private drawnPin: Picture['image'] | null = null;
  private highlighted: { readonly origins: object; readonly cell: number } | null = null;
  /** Measured once per press: the frame does not move during a drag. */
  private box: DOMRect | null = null;

  private readonly watch = new Subscriptions(
    this,
    () => [this.session],
    () => [
      this.session?.subscribe((c: ReadonlySet<ViewerChange>) => {
        if (c.has('picture') || c.has('pointer') || c.has('state') || c.has('node') || c.has('compare') || c.has('progress')) this.requestUpdate();
      }),
    ],
  );

  override render() {
    const s = this.session;
    if (!s) return nothing;
    const S = s.frame;
    const pic = s.picture();
    const z = s.zoom;
    const place = (dx: number, dy: number) => `transform: translate(${z.ox + dx}px, ${z.oy + dy}px) scale(${z.z})`;
    const shift = pic?.shift ?? { dx: 0, dy: 0 };
    const cell = s.dragging ? null : s.cell();
    const n = s.n;
    const box = cell && cellOnFrame(z, S, n, cell.c, cell.r);
    // At least a few pixels, so the cell shows at 2048² too.
    const mark = box && { size: Math.max(5, box.size), left: box.left + box.size / 2 - Math.max(5, box.size) / 2, top: box.top + box.size / 2 - Math.max(5, box.size) / 2 };
    // Over no picture ("no picture: input … is not wired", "computing…") the wind's arrows read
    // as a map with wind on it: they go with a picture.
    const winds = pic ? s.winds : [];
    // A coarser picture says so: a map drag's frame, or the draft drawn while a param is dragged.
    const coarse = pic && pic.n !== n ? `coarse ${pic.n}²` : '';
    // A picture the last edit left behind says so until the worker's answer replaces it.
    const behind = pic && s.behind ? 'updating…' : '';
    const badge = [coarse, behind, z.z > 1.001 ? `${z.z.toFixed(1)}×` : ''].filter(Boolean).join(' · ');
    const showHighlight = s.tableCell !== null && !!s.detail?.origins && !s.dragging;
    // A slow evaluation, named along the map's foot with the time waited (ViewerSession.status).
    const status = s.status;
    const world = this.world(S);
    return html`<div
      class="frame ${s.dragging ? 'dragging' : ''}"
      style="width:${S}px;height:${S}px"
      @pointerdown=${this.down}
      @pointermove=${this.move}
      @pointerup=${this.up}
      @pointercancel=${() => this.send({ type: 'cancel' })}
      @pointerleave=${() => this.send({ type: 'leave' })}
      @wheel=${{ handleEvent: (e: WheelEvent) => this.wheel(e), passive: false }}
      @dblclick=${() => s.resetZoom()}
    >
      <canvas class="map" style="width:${S}px;height:${S}px;${place(shift.dx, shift.dy)}" aria-label="map"></canvas>
      <canvas class="highlight" ?hidden=${!showHighlight} style="width:${S}px;height:${S}px;${place(0, 0)}"></canvas>
      ${this.pinned(S, place)} ${world.layer} ${world.atFoot ? nothing : world.chip}
      ${mark ? html`<div class="cell ${s.pinned && !s.pointer ? 'pinned' : ''}" style="left:${mark.left}px;top:${mark.top}px;width:${mark.size}px;height:${mark.size}px"></div>` : nothing}
      ${winds.length
        ? html`<svg class="wind" viewBox="0 0 ${S} ${S}" aria-label="wind towards ${winds.map((w) => `${w.angle}°`).join(', ')}" data-angle=${winds[0].angle}>
            ${windLayers(winds).map(
              (layer, j) => svg`<g class="layer w${j}" data-node=${layer.node} data-angle=${layer.angle}>
                ${layer.arrows.map((a) => {
                  // A shaft and a two-stroke head, in frame pixels so the lines stay thin.
                  const [x1, y1, x2, y2] = [a.x1 * S, a.y1 * S, a.x2 * S, a.y2 * S];
                  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
                  const ux = (x2 - x1) / len;
                  const uy = (y2 - y1) / len;
                  const head = 7;
                  const path = `M${x1},${y1} L${x2},${y2} M${x2 - head * (ux - 0.6 * uy)},${y2 - head * (uy + 0.6 * ux)} L${x2},${y2} L${x2 - head * (ux + 0.6 * uy)},${y2 - head * (uy - 0.6 * ux)}`;
                  return svg`<path class="halo" d=${path}></path><path d=${path}></path>`;
                })}
              </g>`,
            )}
          </svg>`
        : nothing}
      ${badge ? html`<div class="badge ${s.compare.pin && s.compare.picture ? 'below' : ''}">${badge}</div>` : nothing}
      ${!pic ? html`<div class="empty">${emptyText(s.result)}</div>` : nothing}
      ${
        // The map's foot: a chip pointing south above the status, not under it (both sat 6-8 px
        // from the bottom). The status stays, idle and empty, while nothing computes: its live
        // region must be in the page before its first words for a screen reader to say them.
        html`<div class="foot">${world.atFoot ? world.chip : nothing}<tg-slow-status class="status" .parts=${status}></tg-slow-status></div>`
      }
    </div>`;
  }

  /**
   * The compare view: the pinned picture over the current one, left of the split, moved and
   * magnified with the map; the split's handle drags without panning. Its label says whether
   * it follows edits: pinned, edited and shown again, the two sides were the same picture, and
   * a World Machine user took the pin for a snapshot of the before that had not worked.
   */
  private pinned(S: number, place: (dx: number, dy: number) => string) {
    const c = this.session!.compare;
    if (!c.pin) return nothing;
    const pic = c.picture;
    // The node's title and the pin's state on the first line, whole; the graph it was pinned on,
    // when another is open, on a second line, which alone gives way (…), whole in the tooltip.
    // On one line at 1024 × 700 the graph's name was cut to 'Biomes of "Star… · drawing…"'.
    const label = (state: string, waiting: boolean) => {
      const of = c.pin!.graph === undefined ? '' : ` of "${c.pin!.graph}"`;
      return html`<div class="side-label pinned-label ${waiting ? 'waiting' : ''}" title="Pinned: ${c.pin!.title}${of} · ${state}"
        ><span class="head">${c.pin!.title}\u00a0· ${state}</span>${of ? html`<span class="graph"> ${of.trim()}</span>` : nothing}</div
      >`;
    };
    // No picture yet: the label says why in the pin's place (the pin's name in the bar above is cut short).
    if (!pic) return label(c.message ?? 'drawing…', true);
    const shift = pictureShift({ x: pic.x, y: pic.y }, this.session!.origin, S, this.session!.zoom);
    const x = Math.round(c.split * S);
    return html`<div class="pin-clip" style="clip-path: inset(0 ${S - x}px 0 0)">
        <canvas class="pinned" style="width:${S}px;height:${S}px;${place(shift.dx, shift.dy)}" aria-label="pinned map"></canvas>
      </div>
      <div class="split" style="left:${x}px" title="Drag to move the split" @pointerdown=${this.splitDown} @pointermove=${this.splitMove} @pointerup=${this.splitUp} @pointercancel=${this.splitUp}></div>
      ${label(c.frozen ? 'frozen' : 'follows edits', false)}
      <div class="side-label current-label">current</div>`;
  }

  /**
   * The graph's world over the picture (world-outline.ts), not in it: its edges where they cross
   * the map, the part of the map outside it veiled and hatched lightly, and, when the map shows
   * none of it, a chip at the border pointing its way. It follows the dragged origin and the zoom
   * as the picture does. A newcomer could not see where the world ended: only the line under the
   * map changed when a pan or a typed position left it.
   */
  private world(S: number): { layer: unknown; chip: unknown; atFoot: boolean } {
    const s = this.session!;
    const world = s.world;
    if (!world) return { layer: nothing, chip: nothing, atFoot: false };
    const w = worldOnFrame(world, s.origin, S, s.zoom);
    const r = w.inside;
    const frame = `M0,0H${S}V${S}H0Z`;
    const veil = w.where === 'covers' ? '' : r ? `${frame}M${r.left},${r.top}H${r.right}V${r.bottom}H${r.left}Z` : frame;
    const p = w.pointer;
    let chip: unknown = nothing;
    // Towards the south the chip sits in the map's foot (.foot), above a slow evaluation's status.
    const atFoot = !!p && p.y > S * 0.7;
    if (p) {
      // At the border towards the world, whole inside the map.
      // Between the corners, at its point's share f of the way across, less that share of its own
      // width: whole inside the map at either end (centred on its point, it ran past the border of
      // a 256-px map), centred on it mid-way.
      const f = ((p.x - 6) / (S - 12)).toFixed(4);
      const h = atFoot
        ? p.x < S * 0.3 ? 'align-self:flex-start' : p.x > S * 0.7 ? 'align-self:flex-end' : `align-self:flex-start;margin-left:calc(100% * ${f});--tx:calc(-100% * ${f})`
        : p.x < S * 0.3 ? 'left:6px' : p.x > S * 0.7 ? 'right:6px' : `left:calc(6px + (100% - 12px) * ${f});--tx:calc(-100% * ${f})`;
      // Towards the north it stands under the corner's badge, which comparing moves down (.north).
      const north = !atFoot && p.y < S * 0.3;
      const vert = atFoot ? 'position:static' : north ? '' : `top:${p.y}px;--ty:-50%`;
      chip = html`<div class="world-pointer ${north ? 'north' : ''} ${north && s.compare.pin && s.compare.picture ? 'below' : ''}" data-towards=${p.towards} style="${h};${vert}" role="note">
        <svg viewBox="-7 -7 14 14" style="transform: rotate(${p.angle}deg)" aria-hidden="true"><path d="M-5,0H5M1,-4L5,0L1,4"></path></svg>
        <span>${pointerText(p)}</span>
      </div>`;
    }
    const layer = html`<svg class="world ${w.where}" viewBox="0 0 ${S} ${S}" data-where=${w.where} aria-label="the graph's world, ${worldText(world)}">
        <defs>
          <pattern id="tg-world-hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0V9"></path></pattern>
        </defs>
        ${veil ? svg`<path class="outside" fill-rule="evenodd" d=${veil}></path><path class="hatch" fill-rule="evenodd" d=${veil}></path>` : nothing}
        ${w.edges.map((e) => svg`<line class="halo" x1=${e.x1} y1=${e.y1} x2=${e.x2} y2=${e.y2}></line><line class="edge" data-side=${e.side} x1=${e.x1} y1=${e.y1} x2=${e.x2} y2=${e.y2}></line>`)}
      </svg>`;
    return { layer, chip, atFoot };
  }

  private splitting = false;

  private splitDown = (e: PointerEvent) => {
    // The frame would start a pan: the handle keeps the press to itself.
    e.stopPropagation();
    if (e.button !== 0) return;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    this.box = this.frameEl!.getBoundingClientRect();
    this.splitting = true;
  };

  private splitMove = (e: PointerEvent) => {
    e.stopPropagation();
    if (!this.splitting || !this.session) return;
    this.session.compare.setSplit(this.at(e).x / this.session.frame);
  };

  private splitUp = (e: PointerEvent) => {
    e.stopPropagation();
    this.splitting = false;
    this.box = null;
  };

  protected override updated(): void {
    this.drawPinned();
    const s = this.session;
    const canvas = this.mapCanvas;
    if (!s || !canvas) return;
    const pic = s.picture();
    if (!pic && this.drawn) {
      // Another node, not drawn yet: no picture of the one before under "computing…".
      canvas.getContext('2d')!.clearRect(0, 0, canvas.width, canvas.height);
      this.drawn = null;
    }
    if (pic && pic.image !== this.drawn && pic.image.rgba.byteLength > 0) {
      this.drawn = pic.image;
      const { width, height, rgba } = pic.image;
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
    }
    this.drawHighlight();
  }

  private drawPinned(): void {
    const pic = this.session?.compare.pin ? this.session.compare.picture : null;
    const canvas = this.pinnedCanvas;
    if (!pic || !canvas) {
      this.drawnPin = null;
      return;
    }
    if (pic.image === this.drawnPin) return;
    this.drawnPin = pic.image;
    const { width, height, rgba } = pic.image;
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  }

  /** The veil over every cell but those of the chosen table cell, at the grid's own resolution. */
  private drawHighlight(): void {
    const s = this.session!;
    const origins = s.detail?.origins;
    const canvas = this.highlightCanvas;
    if (!canvas || !origins || s.tableCell === null) {
      this.highlighted = null;
      return;
    }
    // Keyed on the origins themselves, not the detail's version: versions are a worker's engine's
    // and count from 1 again when a worker that died is replaced, and the chosen cell is kept
    // across that (ViewerSession.resume), so a new map could come with the version of the one
    // veiled (as the node previews found: src/app/preview/preview.ts).
    if (this.highlighted?.origins === origins && this.highlighted.cell === s.tableCell) return;
    this.highlighted = { origins, cell: s.tableCell };
    const n = s.detail!.n;
    canvas.width = n;
    canvas.height = n;
    canvas.getContext('2d')!.putImageData(new ImageData(highlightOverlay(origins, n, s.tableCell), n, n), 0, 0);
  }

  private at(e: MouseEvent): { x: number; y: number } {
    const box = this.box ?? this.frameEl!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  private send(input: MapInput): void {
    this.session?.input(input);
  }

  private down = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.box = this.frameEl!.getBoundingClientRect();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    this.send({ type: 'down', ...this.at(e) });
  };

  private move = (e: PointerEvent) => {
    this.send({ type: 'move', ...this.at(e) });
  };

  private up = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.send({ type: 'up', ...this.at(e) });
    this.box = null;
  };

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    this.send({ type: 'wheel', ...this.at(e), deltaY: e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY });
  }
}
