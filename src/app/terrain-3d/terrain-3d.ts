// The viewer's 3-D tab: the land under the shown output as a lit mesh draped with the map's
// picture, turned with the mouse or fingers, its height exaggerated at will, following every
// edit. three.js is loaded the first time the tab opens; hovering reads the cell as the map does.

import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { ViewerChange, ViewerSession } from '../../viewer-core/session.ts';
import type { Relief } from '../../viewer-core/relief-watch.ts';
import type { Image } from '../../worker/protocol.ts';
import { Subscriptions } from '../controllers.ts';
import { EXAGGERATION_MAX, EXAGGERATION_MIN, sceneToWorld } from './mesh.ts';
import type { TerrainScene } from './scene.ts';
import styles from './terrain-3d.styles.ts';
import liveStyles from '../live.styles.ts';

/**
 * The land in 3-D. Drag to orbit, right-drag (or two fingers) to pan, wheel or pinch to zoom;
 * hover a point of the land to read its cell's provenance.
 */
export class TgTerrain3d extends LitElement {
  static override styles = [styles, liveStyles];

  /** The viewer session: the heights, the picture, and where the hover goes. */
  @property({ attribute: false }) session: ViewerSession | null = null;

  /** Vertical exaggeration of the heights (1 = as the land's own scale). */
  @state() exaggeration = 1;
  @state() private failed: string | null = null;
  /**
   * The view's live regions have been in the page, empty, for a frame: they may be filled. A
   * screen reader reads out a region's changes only once it knows the region; made holding its
   * text ("loading the 3-D view…"), as this view made it, the first words went unsaid by some.
   */
  @state() private heard = false;
  private heardFrame = 0;

  @query('canvas') private canvas?: HTMLCanvasElement;

  /** The three.js scene once loaded (tests and the speed script read its frame times). */
  scene: TerrainScene | null = null;
  private loading: Promise<void> | null = null;
  private shownRelief: Relief | null = null;
  private shownDrape: Image | null | undefined = undefined;
  private side = 0;

  private readonly watch = new Subscriptions(
    this,
    () => [this.session],
    () => [
      this.session?.subscribe((c: ReadonlySet<ViewerChange>) => {
        if (c.has('relief') || c.has('picture') || c.has('state') || c.has('node') || c.has('pointer') || c.has('progress')) this.requestUpdate();
      }),
    ],
  );

  override connectedCallback(): void {
    super.connectedCallback();
    // Two frames: the first runs before the empty region is first laid out.
    if (!this.heard) this.heardFrame = requestAnimationFrame(() => (this.heardFrame = requestAnimationFrame(() => (this.heard = true))));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.heardFrame);
    this.scene?.dispose();
    this.scene = null;
    this.loading = null;
    this.shownRelief = null;
    this.shownDrape = undefined;
    this.side = 0;
  }

  override render() {
    const s = this.session;
    if (!s) return nothing;
    const S = s.frame;
    const land = s.land;
    const relief = land.relief;
    const status = this.failed ?? (!this.scene ? 'loading the 3-D view…' : land.message ? `No land to show: ${land.message}.` : !relief ? 'computing…' : null);
    // A slow evaluation, named along the land's foot as along the map's (the tab hides the map);
    // its status stays, idle and empty, between two, as the map's does (slow-status.ts), and
    // says nothing before the view's first frames.
    const slow = this.heard ? s.status : null;
    return html`<div class="frame" style="width:${S}px;height:${S}px">
      <canvas aria-label="land in 3-D" style="width:${S}px;height:${S}px" @pointermove=${this.hover} @pointerleave=${this.leave} @pointerdown=${this.leave}></canvas>
      <div class="top"><div class="captions">${this.sourceLabel()}${this.seaLabel()}</div>${relief && !land.message && s.behind ? html`<div class="badge">updating…</div>` : nothing}</div>
      ${status ? html`<div class="status" aria-hidden="true">${status}</div>` : nothing}
      <span class="live" role="status">${this.heard ? (status ?? '') : ''}</span>
      <tg-slow-status .parts=${slow}></tg-slow-status>
    </div>
    ${land.message ? nothing : this.hud(S)}`;
  }

  /**
   * Where the heights come from, when not from the layer shown: another output ("heights of
   * Water level · terrain"), or the layer's own values where nothing upstream holds heights (a
   * noise). Named as the canvas names them: a game developer read "heights of water.terrain"
   * as code, the ids being nowhere on the canvas.
   */
  private sourceLabel() {
    const s = this.session!;
    const source = s.land.relief?.source;
    if (!source) return nothing;
    if (source.node !== s.node) return html`<div class="source">heights of ${s.outputName(source)}</div>`;
    const d = s.detail;
    if (d && d.port === source.port && d.meaning !== 'height') return html`<div class="source">values of ${s.outputName(source)} as heights</div>`;
    return nothing;
  }

  /**
   * Why the land has no sea when a node downstream decides one (session.seaElsewhere): the
   * Eroded valleys recipe's erosion comes before its water level, and its 3-D drew the land
   * without a sea, saying nothing of it.
   */
  private seaLabel() {
    const where = this.session!.seaElsewhere;
    return where ? html`<div class="sea">No sea: the sea level is set downstream, in ${where}</div>` : nothing;
  }

  /**
   * The height exaggeration and Reset view, under the land (`side` px wide) rather than over it:
   * drawn over its near edge, their two rows hid about 50 px of the 256-px land at 1024 × 700
   * (a game developer's pass), and a row of any land zoomed in. None under "No land to show",
   * where they did nothing.
   */
  private hud(side: number) {
    return html`<div class="hud" style="width:${side}px">
        <label title="Vertical exaggeration of the heights"
          >height
          <input
            class="exaggeration"
            type="range"
            min=${EXAGGERATION_MIN}
            max=${EXAGGERATION_MAX}
            step="0.05"
            .value=${String(this.exaggeration)}
            @input=${(e: Event) => (this.exaggeration = Number((e.target as HTMLInputElement).value))}
          />
          <output>${this.exaggeration.toFixed(2)}×</output>
        </label>
        <button class="home" title="Back to the starting view" @click=${() => this.scene?.home()}>Reset view</button>
      </div>`;
  }

  protected override updated(): void {
    const s = this.session;
    const canvas = this.canvas;
    if (!s || !canvas) return;
    if (!this.scene) {
      this.load(canvas);
      return;
    }
    const scene = this.scene;
    if (this.side !== s.frame) {
      this.side = s.frame;
      scene.setSize(s.frame);
    }
    const relief = s.land.relief;
    if (relief !== this.shownRelief) {
      this.shownRelief = relief;
      scene.setRelief(relief);
    }
    scene.setExaggeration(this.exaggeration);
    const d = s.detail;
    const drape = d && d.image.rgba.byteLength > 0 ? d.image : null;
    // A picture without pixels was handed back to the worker: keep the last one drawn.
    if (drape !== this.shownDrape && (drape || !d)) {
      this.shownDrape = drape;
      scene.setDrape(drape, (drape && d?.water) || null);
    }
    if (!s.pointer) scene.setMarker(null);
  }

  /** Loads three.js and the scene once; the first load is a chunk of its own. */
  private load(canvas: HTMLCanvasElement): void {
    this.loading ??= import('./scene.ts')
      .then(({ TerrainScene }) => {
        if (!this.isConnected) return;
        this.scene = new TerrainScene(canvas);
        this.requestUpdate();
      })
      .catch((err: unknown) => {
        this.failed = `The 3-D view could not start: ${err instanceof Error ? err.message : String(err)}`;
      });
  }

  private hover = (e: PointerEvent) => {
    const s = this.session;
    const scene = this.scene;
    // While a button is held the controls turn the land: no hover.
    if (!s || !scene || e.buttons) return;
    const box = this.canvas!.getBoundingClientRect();
    const at = scene.pick(e.clientX - box.left, e.clientY - box.top, box.width);
    const relief = s.land.relief;
    scene.setMarker(at);
    s.pointAt(at && relief ? sceneToWorld(at.x, at.z, relief) : null);
  };

  private leave = () => {
    this.scene?.setMarker(null);
    this.session?.pointAt(null);
  };
}
