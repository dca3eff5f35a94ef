// The canvas's frame layer: one <tg-frame> per model frame, behind the nodes, and the frame
// gestures turned into editor-core calls (a title-bar drag carries the nodes inside the frame).

import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import type { EditorCore } from '../../editor/editor.ts';
import type { Carried } from '../../editor/frame-edits.ts';
import { frameAbout } from '../../editor/frame-about.ts';
import type { StepHandle } from '../../editor/timeline.ts';
import { EditError, gestureEdits } from '../../editor/commands.ts';
import { capName } from '../../editor/names.ts';
import { FRAME_COLORS, type Frame } from '../../model/graph.ts';
import { FRAME_RGB } from '../theme.ts';
import { dotsInFrame, FRAME_LIMITS, nodesInFrame } from '../../model/frames.ts';
import type { FrameGestureDetail, TgFrame } from '../frame/frame.ts';
import type { Schemes } from './view-objects.ts';
import { EscapeKey } from '../controllers.ts';

/** Side of a frame's corner grip, in canvas units. */
const GRIP = 20;

/** What the layer asks of the app: to say something, to open a frame's menu. */
export interface FrameHooks {
  notice(message: string, kind?: 'refused' | 'info'): void;
  frameMenu(request: { readonly clientX: number; readonly clientY: number; readonly id: string }): void;
}

export class FrameLayer {
  private readonly layer: HTMLDivElement;
  /** The frames' resize grips, above every node and wire, so a node over a corner never hides it. */
  private readonly grips: HTMLDivElement;
  private readonly views = new Map<string, TgFrame>();
  private readonly gripViews = new Map<string, HTMLDivElement>();
  private readonly disposers: (() => void)[] = [];
  private gesture: { id: string; step: StepHandle; position: [number, number]; size: [number, number]; carried: Carried } | null = null;
  /** Escape while a frame is dragged or resized puts it back (cancelGesture). */
  private readonly escape = new EscapeKey(() => this.cancelGesture());

  constructor(
    private readonly area: AreaPlugin<Schemes, never>,
    private readonly editor: NodeEditor<Schemes>,
    private readonly core: EditorCore,
    private readonly hooks: FrameHooks,
  ) {
    this.layer = document.createElement('div');
    this.layer.className = 'tg-frames';
    // Inside the area's transformed holder, so frames pan and zoom with the nodes; z-index −1
    // keeps them behind every node and wire whatever order rete gives its own elements.
    Object.assign(this.layer.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', zIndex: '-1' });
    area.area.content.holder.prepend(this.layer);
    this.grips = document.createElement('div');
    this.grips.className = 'tg-frame-grips';
    // z-index 1 lies over the nodes and wires (rete gives them none); the layer itself takes
    // no pointer, only its grips do.
    Object.assign(this.grips.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', zIndex: '1', pointerEvents: 'none' });
    area.area.content.holder.append(this.grips);
    const onGesture = (e: CustomEvent<FrameGestureDetail>) => this.onGesture(e.detail);
    this.layer.addEventListener('tg-frame-gesture', onGesture);
    this.disposers.push(
      () => this.layer.removeEventListener('tg-frame-gesture', onGesture),
      core.subscribe((changes) => {
        if (changes.some((c) => c.kind === 'frame' || c.kind === 'graph' || c.kind === 'selection')) this.sync();
      }),
    );
    this.sync();
  }

  /** The element drawing a frame (tests and the shell's rename reach it). */
  view(id: string): TgFrame | undefined {
    return this.views.get(id);
  }

  /**
   * Adds a frame around the selected nodes (with room for its title, over no node it does not
   * hold: frame-about.ts), or one of a default size at `at` when none is selected; selects it
   * and returns its id.
   */
  frameSelection(at: readonly [number, number]): string {
    const size = (id: string) => this.editor.getNode(id);
    const plan = frameAbout(this.core.graph, this.core.selection, size);
    if (!plan) return this.core.addFrame([Math.round(at[0]), Math.round(at[1])], [480, 300]);
    const id = this.core.addFrame(plan.position, plan.size);
    // What a rectangle cannot help (frame-about.ts), said rather than left to be found.
    const names = (ids: readonly string[]) => ids.map((n) => `“${this.core.node(n)?.title ?? n}”`).join(', ');
    const said: string[] = [];
    if (plan.takenIn.length) said.push(`The frame holds ${names(plan.takenIn)} too: ${plan.takenIn.length === 1 ? 'it lies' : 'they lie'} among the selected nodes.`);
    if (plan.under.length) said.push(`Its edge lies over ${names(plan.under)}, too close to the selected nodes to leave out: move ${plan.under.length === 1 ? 'it' : 'them'} off, or resize the frame.`);
    if (said.length) this.hooks.notice(said.join(' '), 'info');
    return id;
  }

  dispose(): void {
    this.escape.disarm();
    for (const d of this.disposers) d();
    this.layer.remove();
    this.grips.remove();
  }

  private sync(): void {
    const frames = this.core.graph.frames ?? [];
    const keep = new Set(frames.map((f) => f.id));
    for (const [id, el] of this.views) {
      if (keep.has(id)) continue;
      el.remove();
      this.views.delete(id);
      this.gripViews.get(id)?.remove();
      this.gripViews.delete(id);
    }
    let prev: Element | null = null;
    for (const f of frames) {
      let el = this.views.get(f.id);
      if (!el) {
        el = document.createElement('tg-frame');
        this.views.set(f.id, el);
      }
      // List order is drawing order: later frames lie over earlier ones. An element already in
      // its place stays put: moving it would drop the pointer capture of a drag in progress.
      const want: Element | null = prev ? prev.nextElementSibling : this.layer.firstElementChild;
      if (want !== el) {
        if (prev) prev.after(el);
        else this.layer.prepend(el);
      }
      prev = el;
      el.frame = f;
      el.selected = this.core.selectedFrames.has(f.id);
      this.placeGrip(f);
    }
  }

  /** The corner grip of a frame: at its bottom-right corner, in its colour, above the nodes. */
  private placeGrip(f: Frame): void {
    let grip = this.gripViews.get(f.id);
    if (!grip) {
      grip = document.createElement('div');
      grip.className = 'tg-frame-grip';
      grip.title = 'Drag to resize the frame';
      grip.dataset.frameId = f.id;
      grip.addEventListener('pointerdown', (e) => this.views.get(grip!.dataset.frameId!)?.beginResize(e));
      this.gripViews.set(f.id, grip);
      this.grips.append(grip);
    }
    const rgb = FRAME_RGB[f.color].join(', ');
    Object.assign(grip.style, {
      position: 'absolute',
      left: `${f.position[0] + f.size[0] - GRIP}px`,
      top: `${f.position[1] + f.size[1] - GRIP}px`,
      width: `${GRIP}px`,
      height: `${GRIP}px`,
      pointerEvents: 'auto',
      cursor: 'nwse-resize',
      borderRadius: '0 0 8px 0',
      background: `linear-gradient(135deg, transparent 0 50%, rgba(${rgb}, 0.9) 50% 100%)`,
    });
  }

  /**
   * Escape while a frame is dragged or resized: it goes back, with the nodes and dots it carried,
   * and nothing is filed; the rest of the drag, to the button's release, moves nothing.
   */
  private cancelGesture(): void {
    const g = this.gesture;
    if (!g) return;
    this.gesture = null;
    const said = g.step.cancel();
    if (said) this.hooks.notice(said);
  }

  private onGesture(d: FrameGestureDetail): void {
    const frame = this.core.frame(d.id);
    if (!frame) return;
    try {
      if (d.kind === 'title') {
        const capped = capName('title', d.title);
        if (capped.notice) this.hooks.notice(capped.notice);
        this.core.setFrame(d.id, { title: capped.text });
        return;
      }
      if (d.kind === 'menu') {
        if (!this.core.selectedFrames.has(d.id)) this.core.select([], [], [d.id]);
        this.hooks.frameMenu({ clientX: d.clientX, clientY: d.clientY, id: d.id });
        return;
      }
      if (d.kind === 'color') {
        const next = FRAME_COLORS[(FRAME_COLORS.indexOf(frame.color) + 1) % FRAME_COLORS.length];
        this.core.setFrame(d.id, { color: next });
        return;
      }
      const k = this.area.area.transform.k;
      if (d.phase === 'begin') {
        this.gesture?.step.commit();
        const frames = d.additive ? [...this.core.selectedFrames, d.id] : [d.id];
        this.core.select(d.additive ? this.core.selection : [], d.additive ? this.core.selectedWires : [], frames);
        const sizeOf = (id: string) => {
          const view = this.editor.getNode(id);
          return view ? { width: view.width, height: view.height } : undefined;
        };
        this.gesture = {
          id: d.id,
          step: this.core.beginStep(d.kind === 'move' ? 'move frame' : 'resize frame', gestureEdits.frame(d.id)),
          position: [frame.position[0], frame.position[1]],
          size: [frame.size[0], frame.size[1]],
          // What lies inside when the drag starts is what the drag carries, all the way.
          carried: d.kind === 'move' ? { nodes: nodesInFrame(this.core.graph, frame, sizeOf), dots: dotsInFrame(this.core.graph, frame) } : { nodes: [], dots: [] },
        };
        this.escape.arm();
        return;
      }
      const g = this.gesture;
      if (!g || g.id !== d.id) return;
      const dx = Math.round(d.dx / k);
      const dy = Math.round(d.dy / k);
      if (d.kind === 'move') this.core.moveFrame(d.id, [g.position[0] + dx, g.position[1] + dy], g.carried);
      else {
        const min = FRAME_LIMITS.minSize;
        this.core.setFrame(d.id, { size: [Math.max(min, g.size[0] + dx), Math.max(min, g.size[1] + dy)] }, 'resize frame');
      }
      if (d.phase === 'end') {
        g.step.commit();
        this.gesture = null;
        this.escape.disarm();
      }
    } catch (err) {
      if (err instanceof EditError) this.hooks.notice(`Frame: ${err.message}`);
      else throw err;
    }
  }
}
