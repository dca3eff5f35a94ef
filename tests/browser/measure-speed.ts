// Measures the editor's speed in a real headless Chromium: a curve point of the default graph
// (256², or the view's size given) dragged at 60 pointer moves a second, and how fast the biome
// preview follows: its draft during the drag (a coarser view of the same world, see
// src/worker/client.ts), and its full-resolution picture once the hand rests.
//
//   npm run measure:editor                   production build (vite build + preview)
//   npm run measure:editor -- --dev          the dev server, as `npm run dev` serves it
//   npm run measure:editor -- --size 1024    the view at 1024² (the viewer's size menu)
//   npm run measure:editor -- --no-draft     every request at full resolution, as before drafts
//   npm run measure:editor -- --ab           drags with drafts and without, alternating (4 runs),
//                                            reported apart: the machine's load falls on both alike
//   npm run measure:editor -- --ab-threads   drafts on one thread and on the band pool, alternating
//   npm run measure:editor -- --ab-side      drafts at the previews' side and at a quarter of the view's
//
// Not a test: wall-clock figures depend on the machine, so they go in the README, not in an
// assertion. Prints one JSON object with the medians and extremes.
import type { Page } from 'playwright-core';
import { launch } from './chromium.ts';
import { openEditor, serve } from './serve.ts';
import { writeFileSync } from 'node:fs';
import { printLongTasks, type Trace } from './long-tasks.ts';
import { loadavg } from 'node:os';

/** The machine's load averages (1, 5, 15 minutes): every figure is quoted with it. */
function loadAverage(): string {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}

const MOVES = Number(process.env.MOVES ?? 240);
/** Drags measured one after the other; the figures pool their samples. */
const abThreads = process.argv.includes('--ab-threads');
const abSide = process.argv.includes('--ab-side');
const ab = process.argv.includes('--ab') || abThreads || abSide;
const RUNS = Number(process.env.RUNS ?? (ab ? 4 : 3));
const FRAME_MS = 1000 / 60;
const dev = process.argv.includes('--dev');
const drafts = !process.argv.includes('--no-draft');
/** How a run drags: its name in the report, with drafts or not, the drafts' threads and side. */
interface Variant {
  readonly name: string;
  readonly drafts: boolean;
  readonly threads?: number;
  readonly quarter?: boolean;
}
const WITH: Variant = { name: 'withDrafts', drafts: true };
const WITHOUT: Variant = { name: 'withoutDrafts', drafts: false };
/** What run k compares: every run alike, or two variants alternating (--ab…). */
const pair: readonly Variant[] = abThreads
  ? [WITH, { name: 'withDraftsOnThePool', drafts: true, threads: 4 }]
  : abSide
    ? [WITH, { name: 'withQuarterDrafts', drafts: true, quarter: true }]
    : ab
      ? [WITH, WITHOUT]
      : [drafts ? WITH : WITHOUT];
const variantOf = (run: number): Variant => pair[run % pair.length];
/** Issue 14's target: pointer → biome preview, median. */
const TARGET_MS = 16;
const sizeAt = process.argv.indexOf('--size');
/** The view's size during the drag (the graph's own, 256, unless --size says). */
const SIZE = sizeAt >= 0 ? Number(process.argv[sizeAt + 1]) : 256;
if (!Number.isInteger(SIZE) || SIZE < 64 || SIZE > 2048) {
  console.error(`measure:editor: --size takes a view size from 64 to 2048, got ${process.argv[sizeAt + 1]}`);
  process.exit(2);
}

interface Sample {
  readonly edit: number;
  readonly drawn: number;
  readonly latency: number;
  /** Drawn from a draft (a coarser view) rather than at the view's resolution. */
  readonly draft: boolean;
}

/** One answer's way from the pointer to the screen, each step on the page's clock (ms). */
interface Way {
  readonly seq: number;
  readonly draft: boolean;
  readonly mode: string;
  /** The pointer move (the newest edit when the request was posted). */
  readonly edit: number;
  readonly posted: number;
  /** Taken off the worker's queue; its evaluation started. */
  readonly received: number;
  readonly started: number;
  /** Worker ms: evaluating (engine included), in all with the first part's pictures; the engine alone, its crops. */
  readonly evaluate: number;
  readonly total: number;
  readonly engine: number;
  readonly crop: number;
  /** The kernels' own time, summed over the nodes that ran. */
  readonly kernels: number;
  /** The first part's message event on the page; the app's listeners done; the biome canvas drawn; the next frame. */
  readonly arrived: number;
  readonly back: number;
  readonly drawn: number;
  readonly frame: number;
}

/**
 * Medians of each step of the way, for answers drawn as the pointer moved: waiting for the
 * answer in flight, the message to the worker, the worker's queue, the engine, the worker's
 * pictures, the message back, the page's listeners, the canvas, the frame.
 */
function breakdown(ways: readonly Way[]): Record<string, number> {
  const step = (f: (w: Way) => number) => round(quantile(ways.map(f).filter(Number.isFinite), 0.5));
  return {
    answers: ways.length,
    'pointer → posted (waiting for the answer in flight)': step((w) => w.posted - w.edit),
    'posted → taken by the worker': step((w) => w.received - w.posted),
    'taken → evaluation starts': step((w) => w.started - w.received),
    'setGraph and bookkeeping before the engine': step((w) => w.evaluate - w.engine),
    'engine (kernels, plan, crops)': step((w) => w.engine),
    '  of which kernels': step((w) => w.kernels),
    '  of which crops': step((w) => w.crop),
    '  of which the rest (planning, cache, collector)': step((w) => w.engine - w.kernels - w.crop),
    'pictures of the first part': step((w) => w.total - w.evaluate),
    'posted → message on the page': step((w) => w.arrived - (w.started + w.total)),
    'message → app listeners done': step((w) => w.back - w.arrived),
    'listeners → biome canvas drawn': step((w) => w.drawn - w.back),
    'drawn → next frame': step((w) => w.frame - w.drawn),
    'pointer → drawn': step((w) => w.drawn - w.edit),
  };
}

function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Installs the probes in the page: edits, requests, biome draws, long tasks, frame gaps. */
async function instrument(page: Page): Promise<void> {
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(() => {
    type Probe = {
      edits: number[];
      sentEdit: Map<number, number>;
      draws: { edit: number; at: number; draft: boolean; mode: string }[];
      answers: { total: number; evaluate: number; rtt: number; ran: Record<string, number>; draft: boolean; mode: string }[];
      cycles: { ms: number; mode: string }[];
      /** Per request: when it was posted, and when its first part came back (page clock). */
      postedAt: Map<number, number>;
      /** The way of each answer drawn, for the breakdown (see breakdown() below). */
      ways: Way[];
      longTasks: { ms: number; mode: string }[];
      frames: { ms: number; mode: string }[];
      running: boolean;
      /** The run going on: 'draft' or 'full' (every record is tagged with it). */
      mode: string;
    };
    const tg = (window as never as { terrainGraph: Record<string, never> }).terrainGraph as unknown as {
      client: { seq: number; worker: { postMessage(m: unknown, t?: unknown): void }; subscribe(l: (a: { kind: string; seq: number; final: boolean; draft?: boolean; nodes: { id: string }[]; totalMs: number; evaluateMs: number; ran: Record<string, number>; timing?: { receivedAt: number; startedAt: number; engineMs: number; cropMs: number } }, rtt: number) => void): void };
      previews: { subscribe(id: string, l: () => void): void };
    };
    type Way = { seq: number; draft: boolean; mode: string; edit: number; posted: number; received: number; started: number; evaluate: number; total: number; engine: number; crop: number; kernels: number; back: number; arrived: number; drawn: number; frame: number };
    const probe: Probe = { edits: [], sentEdit: new Map(), draws: [], answers: [], cycles: [], postedAt: new Map(), ways: [], longTasks: [], frames: [], running: true, mode: 'idle' };
    (window as never as { probe: Probe }).probe = probe;
    // An edit is a curve-point update sent by the editor element.
    window.addEventListener('tg-param-edit', (e) => {
      if ((e as CustomEvent).detail.phase === 'update') probe.edits.push(performance.now());
    }, true);
    // Which edit each request carries: the newest at the time it is posted.
    const worker = tg.client.worker;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m: unknown, t?: unknown) => {
      const msg = m as { kind: string; seq: number };
      if (msg.kind === 'evaluate') {
        probe.sentEdit.set(msg.seq, probe.edits.length - 1);
        probe.postedAt.set(msg.seq, performance.now());
      }
      post(m, t);
    };
    let lastSeq = 0;
    let lastDraft = false;
    /** The answer that brought the biomes last, on its way to the screen. */
    let lastWay: Way | null = null;
    /** When each answer's first part reached the page (the message event's own time). */
    const arrivedAt = new Map<number, number>();
    (worker as unknown as Worker).addEventListener('message', (e: MessageEvent<{ kind: string; seq: number; final: boolean }>) => {
      if (e.data.kind === 'result' && !e.data.final) arrivedAt.set(e.data.seq, e.timeStamp);
    });
    tg.client.subscribe((a, rtt) => {
      if (a.kind !== 'result') return;
      lastSeq = a.seq;
      lastDraft = !!a.draft;
      const t = a.timing;
      const edit = probe.sentEdit.get(a.seq);
      if (t && edit !== undefined && edit >= 0 && a.nodes.some((n) => n.id === 'biomes')) {
        // Worker times are epoch ms: taken back to the page's clock.
        const page = (epoch: number) => epoch - performance.timeOrigin;
        lastWay = {
          seq: a.seq, draft: !!a.draft, mode: probe.mode, edit: probe.edits[edit], posted: probe.postedAt.get(a.seq) ?? NaN,
          received: page(t.receivedAt), started: page(t.startedAt), evaluate: a.evaluateMs, total: a.totalMs, engine: t.engineMs, crop: t.cropMs, kernels: Object.values(a.ran).reduce((x, y) => x + y, 0),
          back: performance.now(), arrived: NaN, drawn: NaN, frame: NaN,
        };
      }
      if (a.nodes.some((n) => n.id === 'biomes')) probe.answers.push({ total: a.totalMs, evaluate: a.evaluateMs, rtt, ran: a.ran, draft: !!a.draft, mode: probe.mode });
      if (a.final && a.nodes.length) probe.cycles.push({ ms: a.totalMs, mode: probe.mode });
    });
    // The biome preview is drawn in the element's update right after the store tells it.
    tg.previews.subscribe('biomes', () => {
      // The client tells the store before it tells us the answer's seq: read it after.
      queueMicrotask(async () => {
        const seq = lastSeq;
        const draft = lastDraft;
        type Lit = HTMLElement & { updateComplete: Promise<unknown> };
        const nodeEl = (biomeNode?.isConnected ? biomeNode : (biomeNode = findBiomeNode())) as Lit | null;
        await nodeEl?.updateComplete;
        await (nodeEl?.shadowRoot?.querySelector('tg-preview') as Lit | null)?.updateComplete;
        const edit = probe.sentEdit.get(seq);
        if (edit !== undefined && edit >= 0) probe.draws.push({ edit, at: performance.now(), draft, mode: probe.mode });
        const way = lastWay;
        if (way && way.seq === seq) {
          lastWay = null;
          way.drawn = performance.now();
          probe.ways.push(way);
          // The frame that puts the new canvas on screen. The message's own time is read then:
          // this runs in the microtasks of the client's listener, before the probe's is called.
          requestAnimationFrame((t) => {
            way.frame = t;
            way.arrived = arrivedAt.get(seq) ?? NaN;
          });
        }
      });
    });
    /** Found once (walking every shadow root at each draw would load the thread measured). */
    let biomeNode: HTMLElement | null = null;
    function findBiomeNode(): HTMLElement | null {
      const walk = (root: ParentNode): HTMLElement | null => {
        for (const child of root.querySelectorAll('*')) {
          if (child.localName === 'tg-node' && (child as HTMLElement).dataset.nodeId === 'biomes') return child as HTMLElement;
          if (child.shadowRoot) {
            const hit = walk(child.shadowRoot);
            if (hit) return hit;
          }
        }
        return null;
      };
      return walk(document);
    }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ ms: e.duration, mode: probe.mode });
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const frame = (t: number) => {
      probe.frames.push({ ms: t - last, mode: probe.mode });
      last = t;
      if (probe.running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function main(): Promise<void> {
  const server = await serve(dev);
  const browser = await launch();
  try {
    const page = await openEditor(browser, server.url);
    if (process.env.DEBUG) page.on('console', (m) => console.error('page:', m.text()));
    await page.evaluate(async () => {
      const app = document.querySelector('tg-app') as unknown as { ready: Promise<{ settled(): Promise<void> }> };
      await (await app.ready).settled();
    });
    if (SIZE !== 256) {
      // As the viewer's size menu does: the view's resolution, which every preview follows.
      await page.evaluate(async (size) => {
        const tg = (window as never as { terrainGraph: { core: { setView(v: { size: number }): void } } }).terrainGraph;
        tg.core.setView({ size });
        const app = document.querySelector('tg-app') as unknown as { ready: Promise<{ settled(): Promise<void> }> };
        await (await app.ready).settled();
      }, SIZE);
    }
    await page.waitForTimeout(500);
    await instrument(page);

    // The C curve's point at x = 0: moving it moves most of the continent, so everything
    // downstream (height, water, coast, rank, climate, biomes) recomputes on every move.
    const editor = page.locator('tg-node[data-node-id="contCurve"] tg-curve-editor');
    const k = await page.evaluate(() => {
      const pts = (window as never as { terrainGraph: { core: { node(id: string): { params: { points: number[][] } } } } }).terrainGraph.core.node('contCurve').params.points;
      return pts.findIndex((p) => p[0] === 0);
    });
    const at = (await editor.evaluate((el, index) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(index), k))!;
    const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (process.env.TRACE) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate((v) => {
        type Sizer = (n: number, preview: number) => number | null;
        const client = (window as never as { terrainGraph: { client: { drafts: boolean; draftThreads: number; draftSide: Sizer; original?: Sizer } } }).terrainGraph.client;
        client.drafts = v.drafts;
        client.draftThreads = v.threads ?? 1;
        client.original ??= client.draftSide;
        // The drafts' side before: a quarter of the view's, no less than the previews'.
        client.draftSide = v.quarter
          ? (n, preview) => {
              const side = Math.max(preview, Math.ceil(n / 4));
              return side * 1.5 <= n ? side : null;
            }
          : client.original;
        (window as never as { probe: { mode: string } }).probe.mode = v.name;
      }, variantOf(run));
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      const start = Date.now();
      for (let i = 1; i <= MOVES; i++) {
        // Up and down by ±12 px, one move per frame.
        const phase = (i / 60) * Math.PI * 2;
        await page.mouse.move(at.x, at.y - 12 * Math.sin(phase));
        const due = start + i * FRAME_MS;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      await page.waitForTimeout(300);
      await page.mouse.up();
      await page.waitForTimeout(500);
      await page.evaluate(() => {
        const probe = (window as never as { probe: { draws: unknown[]; mode: string } }).probe;
        probe.draws.push({ edit: -1, at: -1, draft: false, mode: probe.mode });
        probe.mode = 'idle';
      });
    }
    if (process.env.TRACE) {
      const raw = await browser.stopTracing();
      // TRACE=file.json keeps the whole trace (chrome://tracing or Perfetto open it).
      if (process.env.TRACE.endsWith('.json')) writeFileSync(process.env.TRACE, raw);
      printLongTasks(JSON.parse(raw.toString()) as Trace);
    }
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, j) => {
        const n = byId.get(id)!;
        const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[j] ?? 0) / 1000);
      });
      console.error([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n'));
    }

    const probe = await page.evaluate(() => {
      type Tagged = { ms: number; mode: string };
      const p = (window as never as { probe: { edits: number[]; draws: { edit: number; at: number; draft: boolean; mode: string }[]; answers: { total: number; evaluate: number; rtt: number; ran: Record<string, number>; draft: boolean; mode: string }[]; cycles: Tagged[]; ways: Way[]; longTasks: Tagged[]; frames: Tagged[]; running: boolean } }).probe;
      p.running = false;
      return { edits: p.edits, draws: p.draws, answers: p.answers, cycles: p.cycles, ways: p.ways, longTasks: p.longTasks, frames: p.frames };
    });
    const summary = (variant: Variant) => {
      const mode = variant.name;
      // Runs are separated by a marker draw (edit −1); intervals are taken within a run.
      const samples: Sample[] = [];
      const intervals: number[] = [];
      let prev: Sample | null = null;
      for (const d of probe.draws.filter((x) => x.mode === mode)) {
        if (d.edit < 0) {
          prev = null;
          continue;
        }
        const sample = { edit: d.edit, drawn: d.at, latency: d.at - probe.edits[d.edit], draft: d.draft };
        if (prev) intervals.push(sample.drawn - prev.drawn);
        samples.push(sample);
        prev = sample;
      }
      const answers = probe.answers.filter((a) => a.mode === mode);
      const latency = (xs: readonly Sample[]) => {
        const ms = xs.map((x) => x.latency);
        return { count: ms.length, median: round(quantile(ms, 0.5)), p90: round(quantile(ms, 0.9)), max: ms.length ? round(Math.max(...ms)) : NaN };
      };
      const worker = (as: typeof answers) => ({
        evaluate: round(quantile(as.map((a) => a.evaluate), 0.5)),
        biomeReady: round(quantile(as.map((a) => a.total), 0.5)),
        roundTrip: round(quantile(as.map((a) => a.rtt), 0.5)),
      });
      const kernels = (as: typeof answers) =>
        Object.fromEntries([...new Set(as.flatMap((a) => Object.keys(a.ran)))].map((id) => [id, round(quantile(as.map((a) => a.ran[id] ?? 0), 0.5))]));
      const drafted = samples.filter((x) => x.draft);
      const full = samples.filter((x) => !x.draft);
      const draftLatency = latency(drafted);
      const fullLatency = latency(full);
      const longTasks = probe.longTasks.filter((t) => t.mode === mode).map((t) => t.ms);
      const frames = probe.frames.filter((t) => t.mode === mode).map((t) => t.ms);
      return {
        drafts: variant.drafts,
        ...(variant.drafts ? { draftThreads: variant.threads ?? 1, draftSide: variant.quarter ? 'a quarter of the view' : 'the previews' } : {}),
        runs: probe.draws.filter((d) => d.mode === mode && d.edit < 0).length,
        biomeRefreshes: samples.length,
        // Time from a pointer move to the biome preview drawn with it: from a draft (while the
        // pointer moves), and at full resolution. With drafts on, full pictures come when the
        // hand rests (here: once per run, after the last move; the rest wait is part of it).
        draftLatencyMs: draftLatency,
        fullLatencyMs: fullLatency,
        target: `pointer → biome preview median ≤ ${TARGET_MS} ms: ${[
          drafted.length ? `draft ${draftLatency.median <= TARGET_MS ? 'met' : 'not met'} (${draftLatency.median})` : '',
          full.length ? `full resolution ${fullLatency.median <= TARGET_MS ? 'met' : 'not met'} (${fullLatency.median}${variant.drafts ? ', after the rest' : ''})` : '',
        ].filter(Boolean).join('; ')}`,
        // Time between two biome preview refreshes while the point moves.
        refreshIntervalMs: { median: round(quantile(intervals, 0.5)), p90: round(quantile(intervals, 0.9)) },
        // Worker, per request with the biomes in it: evaluating what lies downstream of the point;
        // that plus drawing the biome picture (posted first); posting to the picture's arrival.
        workerMs: { draft: worker(answers.filter((a) => a.draft)), full: worker(answers.filter((a) => !a.draft)) },
        // The whole cycle with every changed picture.
        allPicturesMs: round(quantile(probe.cycles.filter((c) => c.mode === mode).map((c) => c.ms), 0.5)),
        // Kernel time per node that reran, medians over the drag.
        kernelMs: { draft: kernels(answers.filter((a) => a.draft)), full: kernels(answers.filter((a) => !a.draft)) },
        // The UI thread: tasks over 50 ms as the browser reports them, and the longest frame gap.
        longTasks: longTasks.length,
        longestTaskMs: round(Math.max(0, ...longTasks)),
        frameGapMs: { median: round(quantile(frames, 0.5)), max: round(Math.max(0, ...frames)) },
        // Where the time from a pointer move to its picture goes (answers drawn during the drag).
        breakdownMs: breakdown(probe.ways.filter((w) => w.mode === mode && w.draft === variant.drafts)),
      };
    };
    const variants = [...new Set(Array.from({ length: RUNS }, (_, k) => variantOf(k)))];
    const result = {
      build: dev ? 'dev server' : 'production build',
      grid: `${SIZE} × ${SIZE}`,
      pointerMoves: MOVES * RUNS,
      edits: probe.edits.length,
      load: loadAverage(),
      ...Object.fromEntries(variants.map((v) => [v.name, summary(v)])),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
