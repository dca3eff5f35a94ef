// The canvas's keep-in-view rule over a stand-in for rete's area (its transform, its signal pipe,
// translate and zoom as rete runs them): a view at fit (or at the view a graph opened at) is
// fitted again, the same way, when the box changes size,
// a moved view keeps its centre, and a pan made while a fit is under way counts as a move.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeepInView } from '../src/app/canvas/keep-in-view.ts';

type Signal = { type: string; data: Record<string, unknown> };

/** rete's Area, as far as KeepInView uses it: translate and zoom emit through the pipes. */
function fakeArea(w: number, h: number) {
  const pipes: ((s: Signal) => Signal | undefined)[] = [];
  const emit = async (s: Signal) => {
    for (const p of pipes) await p(s);
  };
  const transform = { x: 0, y: 0, k: 1 };
  return {
    container: { clientWidth: w, clientHeight: h },
    addPipe(p: (s: Signal) => Signal | undefined) {
      pipes.push(p);
    },
    area: {
      transform,
      async translate(x: number, y: number) {
        transform.x = x;
        transform.y = y;
        await emit({ type: 'translated', data: { position: { x, y } } });
      },
      async zoom(k: number, _ox = 0, _oy = 0, source?: string) {
        transform.k = k;
        await emit({ type: 'zoomed', data: { zoom: k, source } });
      },
    },
  };
}

let resizeCallbacks: (() => void)[] = [];
beforeEach(() => {
  resizeCallbacks = [];
  globalThis.ResizeObserver = class {
    constructor(cb: () => void) {
      resizeCallbacks.push(cb);
    }
    observe() {}
    disconnect() {}
  } as never;
  globalThis.requestAnimationFrame = ((cb: () => void) => setTimeout(cb, 0)) as never;
  globalThis.cancelAnimationFrame = ((id: number) => clearTimeout(id)) as never;
});
afterEach(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  delete (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame;
  delete (globalThis as { cancelAnimationFrame?: unknown }).cancelAnimationFrame;
});

/** A keep-in-view over a fake area whose whole fit sets (100, 50) at zoom 0.5 after `gate` opens. */
function setUp() {
  const area = fakeArea(1000, 600);
  let fits = 0;
  let gate: Promise<void> = Promise.resolve();
  let before: Promise<void> = Promise.resolve();
  const run = async () => {
    fits++;
    await before;
    area.area.transform.x = 100;
    area.area.transform.y = 50;
    await area.area.zoom(0.5, 0, 0);
    await gate;
  };
  const keep: KeepInView = new KeepInView(area as never, () => keep.fit(run, true));
  const resize = async (w: number, h: number) => {
    area.container.clientWidth = w;
    area.container.clientHeight = h;
    for (const cb of resizeCallbacks) cb();
    // The observer's frame, then the fit or the translate it started.
    await new Promise((r) => setTimeout(r, 10));
  };
  return {
    area,
    keep,
    run,
    resize,
    fits: () => fits,
    /** Holds the fit after it set the view until the returned function is called. */
    hold(): () => void {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return open;
    },
    /** Holds the fit before it sets the view (as it waits for the canvas to settle). */
    holdBefore(): () => void {
      let open!: () => void;
      before = new Promise((r) => (open = r));
      return open;
    },
  };
}

describe('keeping the canvas in view when its box changes size', () => {
  it('fits again after a whole fit, and keeps the centre of a view the person panned', async () => {
    const t = setUp();
    await t.keep.fit(t.run, true);
    await t.resize(1200, 700);
    expect(t.fits()).toBe(2);
    await t.area.area.translate(300, 200);
    await t.resize(1000, 600);
    expect(t.fits()).toBe(2);
    expect(t.area.area.transform).toMatchObject({ x: 200, y: 150 });
  });

  it('fits again the way the view was last fitted: the view a graph opened at, then Fit', async () => {
    const t = setUp();
    // The opening view (Canvas.openView: readable, panned), another run than the whole fit.
    let opened = 0;
    const open = async () => {
      opened++;
      await t.area.area.zoom(0.83, 0, 0);
    };
    await t.keep.fit(open, true);
    await t.resize(1200, 700);
    expect([opened, t.fits()]).toEqual([2, 0]);
    // A resize after it keeps it fitted so: a second resize fits the same way again.
    await t.resize(1000, 600);
    expect([opened, t.fits()]).toEqual([3, 0]);
    // Fit: from then on a resize fits everything.
    await t.keep.fit(t.run, true);
    await t.resize(1200, 700);
    expect([opened, t.fits()]).toEqual([3, 2]);
  });

  it('keeps a pan made while a fit was under way, after the fit had set the view', async () => {
    const t = setUp();
    const open = t.hold();
    const fitting = t.keep.fit(t.run, true);
    await new Promise((r) => setTimeout(r, 0));
    // The fit set the view (100, 50); the person drags before the fit has returned.
    await t.area.area.translate(400, 300);
    open();
    await fitting;
    await t.resize(1200, 800);
    expect(t.fits()).toBe(1);
    expect(t.area.area.transform).toMatchObject({ x: 500, y: 400, k: 0.5 });
  });

  it('counts a wheel zoom during a fit as a move, but not the fit’s own zoom', async () => {
    const t = setUp();
    const open = t.hold();
    const fitting = t.keep.fit(t.run, true);
    await new Promise((r) => setTimeout(r, 0));
    await t.area.area.zoom(0.8, 0, 0, 'wheel');
    open();
    await fitting;
    await t.resize(1200, 800);
    expect(t.fits()).toBe(1);
  });

  it('fits again when the only pan came before the fit set the view (the fit replaced it)', async () => {
    const t = setUp();
    const open = t.holdBefore();
    const fitting = t.keep.fit(t.run, true);
    await new Promise((r) => setTimeout(r, 0));
    await t.area.area.translate(400, 300);
    open();
    await fitting;
    await t.resize(1200, 800);
    expect(t.fits()).toBe(2);
  });
});
