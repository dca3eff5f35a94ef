// Measures the viewer's speed in a real headless Chromium: the biome map of the default graph
// (256²) dragged with one pointer move per 60 Hz frame (coarse 64² frames from the worker), and
// the full-resolution refine after each release; then the 3-D view orbited at 512² and 1024²
// (each frame's render, waiting for the software GPU to finish it).
//
//   npm run measure:viewer                  production build (vite build + preview)
//   npm run measure:viewer -- --dev         the dev server, as `npm run dev` serves it
//   npm run measure:viewer -- --orbit-only  only the 3-D orbit (ORBIT_SIZES=512,1024)
//
// Not a test: wall-clock figures depend on the machine, so they go in the README. Prints one
// JSON object with medians (and p90s).
import type { Page } from 'playwright-core';
import { launch } from './chromium.ts';
import { openEditor, serve } from './serve.ts';

const MOVES = Number(process.env.MOVES ?? 120);
const RUNS = Number(process.env.RUNS ?? 3);
/** Releases measured for the refine (a short drag, then let go). */
const REFINES = Number(process.env.REFINES ?? 12);
const SIZE = Number(process.env.SIZE ?? 256);
const NODE = process.env.NODE_ID ?? 'biomes';
const FRAME_MS = 1000 / 60;
const dev = process.argv.includes('--dev');
const orbitOnly = process.argv.includes('--orbit-only');
const ORBIT_SIZES = (process.env.ORBIT_SIZES ?? '512,1024').split(',').map(Number);
/** Pointer moves per orbit run (one per 60 Hz frame), and runs per size. */
const ORBIT_MOVES = Number(process.env.ORBIT_MOVES ?? 120);

function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
}

const round = (v: number) => Math.round(v * 10) / 10;
const stats = (xs: readonly number[]) => ({ median: round(quantile(xs, 0.5)), p90: round(quantile(xs, 0.9)), n: xs.length });

/**
 * Probes in the page: each pointer move's time and the origin it led to, each pan request and
 * answer, when each drag frame and each refined picture is on screen, and the editor's answer
 * to the request a release sends.
 */
async function instrument(page: Page): Promise<void> {
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(() => {
    type Origin = { x: number; y: number };
    type Session = {
      input(e: { type: string }): void;
      origin: Origin;
      dragging: boolean;
      picture(): { source: string; origin: Origin; n: number; image: unknown } | null;
      subscribe(l: () => void): void;
    };
    const tg = (window as never as { terrainGraph: { viewer: Session; client: { worker: Worker; subscribe(l: (a: { kind: string; seq: number; final: boolean; evaluateMs: number; totalMs: number; detail: unknown }) => void): void } } }).terrainGraph;
    const probe = {
      moves: [] as { t: number; x: number; y: number }[],
      ups: [] as { t: number; x: number; y: number }[],
      pans: [] as { sentAt: number; x: number; y: number; n: number; answeredAt?: number; ms?: number; evaluateMs?: number; drawnAt?: number }[],
      refines: [] as { drawnAt: number; x: number; y: number }[],
      editor: [] as { at: number; evaluateMs: number; totalMs: number; hasDetail: boolean }[],
    };
    (window as never as { probe: typeof probe }).probe = probe;
    const session = tg.viewer;
    const input = session.input.bind(session);
    session.input = (e: { type: string }) => {
      // The time before the session sees the move (it may post a request at once), the origin after.
      const t = performance.now();
      input(e);
      const o = session.origin;
      if (e.type === 'move' && session.dragging) probe.moves.push({ t, x: o.x, y: o.y });
      if (e.type === 'up') probe.ups.push({ t, x: o.x, y: o.y });
    };
    const worker = tg.client.worker as unknown as { postMessage(m: unknown, t?: Transferable[]): void; addEventListener: Worker['addEventListener'] };
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message: unknown, t?: Transferable[]) => {
      const m = message as { kind: string; x: number; y: number; n: number };
      if (m.kind === 'pan') probe.pans.push({ sentAt: performance.now(), x: m.x, y: m.y, n: m.n });
      post(m, t ?? []);
    };
    worker.addEventListener('message', (ev: MessageEvent) => {
      const e = ev as MessageEvent<{ kind: string; x: number; y: number; totalMs: number; evaluateMs: number }>;
      if (e.data.kind !== 'pan-result') return;
      const p = probe.pans.find((q) => q.answeredAt === undefined && q.x === e.data.x && q.y === e.data.y);
      if (p) Object.assign(p, { answeredAt: performance.now(), ms: e.data.totalMs, evaluateMs: e.data.evaluateMs });
    });
    tg.client.subscribe((a) => {
      if (a.kind === 'result' && !a.final) probe.editor.push({ at: performance.now(), evaluateMs: a.evaluateMs, totalMs: a.totalMs, hasDetail: !!a.detail });
    });
    const mapView = () => document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!.querySelector('tg-map-view') as HTMLElement & { updateComplete: Promise<unknown> };
    let last: unknown = null;
    session.subscribe(() => {
      const pic = session.picture();
      if (!pic || pic.image === last) return;
      last = pic.image;
      void mapView()
        .updateComplete.then(() => {
          const at = performance.now();
          if (pic.source === 'drag') {
            // The newest request for this origin (the session hears of an answer before this probe does).
            const p = probe.pans.filter((q) => q.drawnAt === undefined && q.x === pic.origin.x && q.y === pic.origin.y).at(-1);
            if (p) p.drawnAt = at;
          } else probe.refines.push({ drawnAt: at, x: pic.origin.x, y: pic.origin.y });
        });
    });
  });
}

type SceneProbe = { measure: boolean; frameMs: number[] };

/** The 3-D view's scene in the page, once three.js is loaded and the land is drawn. */
async function landReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d') as unknown as { scene: SceneProbe | null } | null;
    const tg = (window as never as { terrainGraph: { viewer: { busy: boolean; land: { relief: { n: number } | null } }; client: { busy: boolean }; core: { graph: { view: { size: number } } } } }).terrainGraph;
    return !!el?.scene && tg.viewer.land.relief?.n === tg.core.graph.view.size && !tg.client.busy && !tg.viewer.busy;
  }, undefined, { timeout: 120_000 });
}

/**
 * Orbits the 3-D view of the biomes at an n² view: the mouse drags a circle over the land,
 * one move per 60 Hz frame; each frame's render is timed with the GPU's work (a pixel read back).
 * Then the full mesh at rest, which the coarse level stands in for while the camera moves.
 */
async function measureOrbit(page: Page, n: number): Promise<{ frameMs: ReturnType<typeof stats>; fullMeshFrameMs: ReturnType<typeof stats>; meshSide: number }> {
  await page.evaluate((size) => (window as never as { terrainGraph: { core: { setView(v: { size: number }): void } } }).terrainGraph.core.setView({ size }), n);
  await page.locator('tg-node[data-node-id="biomes"] header .title').click();
  await page.locator('tg-viewer .tab-3d').click();
  await landReady(page);
  const scene = () => (document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!.querySelector('tg-terrain-3d') as unknown as { scene: SceneProbe }).scene;
  await page.evaluate(`(${scene.toString()})().measure = true`);
  await page.evaluate(`(${scene.toString()})().frameMs.length = 0`);
  const box = (await page.locator('tg-terrain-3d canvas').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let run = 0; run < RUNS; run++) {
    await page.mouse.move(cx + 80, cy);
    await page.mouse.down();
    const start = Date.now();
    for (let i = 1; i <= ORBIT_MOVES; i++) {
      const a = (i / ORBIT_MOVES) * Math.PI * 2;
      await page.mouse.move(cx + 80 * Math.cos(a), cy + 40 * Math.sin(a));
      const wait = start + i * FRAME_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  const frames = (await page.evaluate(`(${scene.toString()})().frameMs.slice()`)) as number[];
  // The camera at rest: the full mesh, as after each orbit and during an edit.
  const full = (await page.evaluate(`(() => { const s = (${scene.toString()})(); return Array.from({ length: 12 }, () => s.render()); })()`)) as number[];
  const side = (await page.evaluate(() => (window as never as { terrainGraph: { viewer: { land: { relief: { side: number } } } } }).terrainGraph.viewer.land.relief.side)) as number;
  await page.evaluate(`(${scene.toString()})().measure = false`);
  return { frameMs: stats(frames), fullMeshFrameMs: stats(full), meshSide: side };
}

async function main(): Promise<void> {
  const server = await serve(dev);
  const browser = await launch();
  try {
    const page = await openEditor(browser, server.url);
    if (orbitOnly) {
      const orbit: Record<string, unknown> = {};
      for (const n of ORBIT_SIZES) orbit[`${n}²`] = await measureOrbit(page, n);
      console.log(JSON.stringify({ build: dev ? 'dev server' : 'production build', orbit3d: orbit }, null, 2));
      return;
    }
    if (SIZE !== 256) await page.evaluate((n) => (window as never as { terrainGraph: { core: { setView(v: { size: number }): void } } }).terrainGraph.core.setView({ size: n }), SIZE);
    await page.locator(`tg-node[data-node-id="${NODE}"] header .title`).click();
    await page.waitForTimeout(800);
    await instrument(page);
    const box = (await page.locator('tg-map-view .frame').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Drags: a slow circle of radius 60 px, one move per frame.
    for (let run = 0; run < RUNS; run++) {
      await page.mouse.move(cx + 60, cy);
      await page.mouse.down();
      const start = Date.now();
      for (let i = 1; i <= MOVES; i++) {
        const a = (i / MOVES) * Math.PI * 2;
        await page.mouse.move(cx + 60 * Math.cos(a) + (i % 7), cy + 60 * Math.sin(a));
        const wait = start + i * FRAME_MS - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      await page.mouse.up();
      await page.waitForTimeout(600);
    }
    // Refines: a short drag and a release, then wait for the full picture.
    for (let k = 0; k < REFINES; k++) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 20 + k, cy - 10, { steps: 4 });
      await page.waitForTimeout(100);
      await page.mouse.up();
      await page.waitForTimeout(500);
    }

    const probe = await page.evaluate(() => (window as never as { probe: unknown }).probe) as {
      moves: { t: number; x: number; y: number }[];
      ups: { t: number; x: number; y: number }[];
      pans: { sentAt: number; x: number; y: number; n: number; answeredAt?: number; ms?: number; evaluateMs?: number; drawnAt?: number }[];
      refines: { drawnAt: number; x: number; y: number }[];
      editor: { at: number; evaluateMs: number; totalMs: number; hasDetail: boolean }[];
    };
    // A drag frame's latency: from the pointer move whose origin it carries (the last move
    // before it was sent: a request is built from the newest state when it goes) to its
    // picture on screen. Waiting for the frame before it is included.
    const latency: number[] = [];
    for (const p of probe.pans) {
      if (p.drawnAt === undefined) continue;
      const move = probe.moves.filter((m) => m.t <= p.sentAt).at(-1);
      if (move && move.x === p.x && move.y === p.y) latency.push(p.drawnAt - move.t);
    }
    const drawn = probe.pans.filter((p) => p.drawnAt !== undefined).map((p) => p.drawnAt!);
    const intervals = drawn.slice(1).map((t, k) => t - drawn[k]).filter((d) => d < 200);
    // A refine: from the release to the full picture of the released origin on screen.
    const refine: number[] = [];
    const refineWorker: number[] = [];
    const refineEvaluate: number[] = [];
    for (const up of probe.ups) {
      const done = probe.refines.find((r) => r.drawnAt > up.t && r.x === up.x && r.y === up.y);
      if (done) refine.push(done.drawnAt - up.t);
      const answer = probe.editor.find((a) => a.at > up.t && a.hasDetail);
      if (answer) {
        refineWorker.push(answer.totalMs);
        refineEvaluate.push(answer.evaluateMs);
      }
    }
    const result = {
      build: dev ? 'dev server' : 'production build',
      view: `${SIZE} × ${SIZE}`,
      node: NODE,
      dragFrames: { resolution: [...new Set(probe.pans.map((p) => p.n))], sent: probe.pans.length, drawn: drawn.length, moves: probe.moves.length },
      // Worker, per drag frame: evaluating the node and what feeds it on the coarse grid, and that plus drawing.
      panWorkerMs: { evaluate: stats(probe.pans.filter((p) => p.evaluateMs !== undefined).map((p) => p.evaluateMs!)), total: stats(probe.pans.filter((p) => p.ms !== undefined).map((p) => p.ms!)) },
      panRoundTripMs: stats(probe.pans.filter((p) => p.answeredAt !== undefined).map((p) => p.answeredAt! - p.sentAt)),
      panLatencyMs: stats(latency),
      panIntervalMs: stats(intervals),
      // Worker, per release: evaluating the whole graph at the new origin, and that plus the viewer's picture.
      refineWorkerMs: { evaluate: stats(refineEvaluate), withPicture: stats(refineWorker) },
      refineOnScreenMs: stats(refine),
      orbit3d: {} as Record<string, unknown>,
    };
    // The 3-D view orbited at each size (the view's resolution; the mesh is at most 256²).
    for (const n of ORBIT_SIZES) result.orbit3d[`${n}²`] = await measureOrbit(page, n);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
