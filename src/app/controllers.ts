// Reactive controllers that keep a view in step with the editor core and the previews: the
// host re-renders when something it shows changes, and unsubscribes when it leaves the page.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Change } from '../editor/commands.ts';
import type { EditorCore } from '../editor/editor.ts';
import type { PreviewStore } from './previews.ts';
import type { NodeResult } from '../worker/protocol.ts';

/** What of a result a node shows outside its picture: a change of these redraws the node. */
function summaryChanged(a: NodeResult | undefined, b: NodeResult | undefined): boolean {
  return a?.state !== b?.state || a?.message !== b?.message || a?.meaning !== b?.meaning || a?.portType !== b?.portType || a?.inputBins !== b?.inputBins;
}

/**
 * Watches one node: its params, title and selection in the core, and its result. A new
 * picture alone does not redraw the node (its preview element draws it): during a drag ten
 * previews change every frame, and the nodes around them should not re-render for that.
 */
export class NodeWatch implements ReactiveController {
  /** The node's latest result. */
  result: NodeResult | undefined;
  private disposers: (() => void)[] = [];
  private watching: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly target: () => { core: EditorCore; previews: PreviewStore; id: string } | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.rewatch();
  }

  hostUpdate(): void {
    // The node view gets its data after it is created: start watching once the id is known.
    if (this.target()?.id !== this.watching) this.rewatch();
  }

  hostDisconnected(): void {
    this.stop();
  }

  private rewatch(): void {
    this.stop();
    const t = this.target();
    if (!t) return;
    this.watching = t.id;
    this.result = t.previews.get(t.id);
    this.disposers.push(
      t.core.subscribe((changes: readonly Change[]) => {
        if (changes.some((c) => c.kind === 'selection' || c.kind === 'graph' || ((c.kind === 'param' || c.kind === 'title') && c.id === t.id))) {
          this.host.requestUpdate();
        }
      }),
      t.previews.subscribe(t.id, (r) => {
        const changed = summaryChanged(this.result, r);
        this.result = r;
        if (changed) this.host.requestUpdate();
      }),
    );
  }

  private stop(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    this.watching = null;
  }
}

/** Watches one node's result in the previews, for the element that draws its picture. */
export class ResultWatch implements ReactiveController {
  result: NodeResult | undefined;
  private dispose: (() => void) | null = null;
  private watching: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly target: () => { previews: PreviewStore; id: string } | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.rewatch();
  }

  hostUpdate(): void {
    if (this.target()?.id !== this.watching) this.rewatch();
  }

  hostDisconnected(): void {
    this.dispose?.();
    this.dispose = null;
    this.watching = null;
  }

  private rewatch(): void {
    this.dispose?.();
    this.dispose = null;
    const t = this.target();
    this.watching = t?.id ?? null;
    if (!t) return;
    this.result = t.previews.get(t.id);
    this.dispose = t.previews.subscribe(t.id, (r) => {
      this.result = r;
      this.host.requestUpdate();
    });
  }
}
