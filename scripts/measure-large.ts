// Measures the editor's gestures on a large graph in a real headless Chromium, with the real
// mouse and keyboard, on the production build: a generated file of N nodes (rows of fBm →
// curve → curve → curve, 1000 by default) opened with Open…, then Ctrl+A and Delete, Ctrl+Z,
// Ctrl+Shift+Z, and one node dragged with the mouse. Each gesture is timed from its input
// event's timestamp until the canvas has mirrored the model and two frames were drawn; the
// longest task of the page's main thread in that time says how long the page froze. Not a
// test: wall-clock figures depend on the machine and its load, so they go in the README and
// reports, never in an assertion (tests/browser/large-graph.test.ts checks the results).
//
//   npm run measure:large                      1000 nodes, one pass
//   npm run measure:large -- 300 --runs 3      300 nodes, median of three passes
//   npm run measure:large -- --profile         the functions that took the most time, per gesture
//   npm run measure:large -- --zoom 1          the drag at zoom 1 on the first node (default: at fit)
//   TRACE=drag npm run measure:large           a Chrome trace of one gesture (open, drag, delete,
//                                              undo, redo): its busiest events and long tasks
import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { launch } from '../tests/browser/chromium.ts';
import { largeGraph } from '../tests/browser/large-graph.ts';
import { printLongTasks, type Trace } from '../tests/browser/long-tasks.ts';
import { openEditor, serve } from '../tests/browser/serve.ts';
import { type Profile, printProfile } from './cpu-profile.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a, k) => /^\d+$/.test(a) && args[k - 1] !== '--runs' && args[k - 1] !== '--zoom') ?? 1000);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
const PROFILE = args.includes('--profile');
/** --zoom k: the drag at zoom k on the first node (the default: at fit, as the file opened). */
const ZOOM = args.includes('--zoom') ? Number(args[args.indexOf('--zoom') + 1]) : null;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

type Tg = { terrainGraph: { core: { graph: { nodes: unknown[]; edges: unknown[] }; snapshot(): unknown }; app: { canvas: { settled(): Promise<void>; editor: { getNodes(): unknown[]; getConnections(): unknown[] }; area: { nodeViews: Map<string, unknown> } } } } };

/** Arms the page: the next input event of these types starts the clock; long tasks are watched. */
async function arm(page: Page, types: string[]): Promise<void> {
  await page.evaluate((ts) => {
    const w = window as never as { __t0?: number; __longest?: number; __obs?: PerformanceObserver };
    w.__t0 = undefined;
    w.__longest = 0;
    w.__obs?.disconnect();
    w.__obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest ?? 0, e.duration);
    });
    w.__obs.observe({ type: 'longtask' });
    for (const t of ts) window.addEventListener(t, (e) => (w.__t0 ??= e.timeStamp), { capture: true, once: true });
  }, types);
}

/** Waits until the canvas shows `nodes` nodes and `wires` wires, mirrored and drawn; the gesture's ms and longest task. */
async function finish(page: Page, nodes: number, wires: number): Promise<{ ms: number; longest: number }> {
  await page.waitForFunction(
    ([n, e]) => {
      const c = (window as never as Tg).terrainGraph.app.canvas;
      return c.editor.getNodes().length === n && c.editor.getConnections().length === e && c.area.nodeViews.size === n;
    },
    [nodes, wires] as const,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(async () => {
    const w = window as never as Tg & { __t0?: number; __longest?: number; __obs?: PerformanceObserver };
    await w.terrainGraph.app.canvas.settled();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const ms = performance.now() - (w.__t0 ?? NaN);
    await new Promise((r) => setTimeout(r, 0));
    w.__obs?.takeRecords().forEach((e) => (w.__longest = Math.max(w.__longest ?? 0, e.duration)));
    w.__obs?.disconnect();
    return { ms, longest: w.__longest ?? 0 };
  });
}

/** CPU the page's main thread spent in a trace (its tasks' thread time), and in its "Layerize" step. */
function mainThreadCpu(trace: Trace): { cpu: number; layerize: number } {
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'Commit');
  let cpu = 0;
  let layerize = 0;
  for (const e of events) {
    if (!main || e.ph !== 'X' || e.tid !== main.tid || e.pid !== main.pid) continue;
    if (e.name === 'RunTask') cpu += (e.tdur ?? 0) / 1000;
    else if (e.name === 'Layerize') layerize += (e.tdur ?? 0) / 1000;
  }
  return { cpu, layerize };
}

/**
 * Runs a gesture under a Chrome trace, for its main-thread CPU (the wall time swings 2-3× with
 * the machine's load; a thread's CPU much less); TRACE=<gesture> prints that gesture's busiest
 * events and long tasks, --profile the functions that took the most time.
 */
async function profiled<T extends { ms: number; longest: number }>(cdp: CDPSession | null, name: string, f: () => Promise<T>): Promise<T & { cpu: number; layerize: number }> {
  await browser.startTracing(undefined, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const out = await f();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as Trace;
  if (process.env.TRACE === name) {
    console.error(`  ${name}, the main thread's busiest kinds of event and its long tasks:`);
    printLongTasks(trace);
  }
  if (cdp) {
    console.error(`  ${name}:`);
    printProfile((await cdp.send('Profiler.stop')).profile as Profile, 15, '    ');
  }
  return { ...out, ...mainThreadCpu(trace) };
}

/** Drags the first node 300 px right with the real mouse in 60 moves; frames drawn per second and the longest gap between frames. */
async function dragNode(page: Page): Promise<{ ms: number; fps: number; worstFrame: number; longest: number }> {
  if (ZOOM !== null) {
    await page.evaluate(async (k) => {
      const area = (window as never as { terrainGraph: { app: { canvas: { area: { area: { zoom(k: number): Promise<unknown>; translate(x: number, y: number): Promise<unknown> } } } } } }).terrainGraph.app.canvas.area.area;
      await area.zoom(k);
      await area.translate(150, 150);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, ZOOM);
  }
  const title = page.locator('tg-node[data-node-id="n0"] header').first();
  const box = (await title.boundingBox())!;
  const x = box.x + Math.min(20, box.width / 3);
  const y = box.y + box.height / 2;
  await page.evaluate(() => {
    const w = window as never as { __frames?: number[]; __stop?: boolean };
    w.__frames = [];
    w.__stop = false;
    const tick = (t: number) => {
      w.__frames!.push(t);
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await arm(page, ['pointerdown']);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 60; k++) await page.mouse.move(x + k * 5, y);
  await page.mouse.up();
  const { ms, longest } = await page.evaluate(async () => {
    const w = window as never as Tg & { __t0?: number; __longest?: number; __obs?: PerformanceObserver };
    await w.terrainGraph.app.canvas.settled();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const ms = performance.now() - (w.__t0 ?? NaN);
    w.__obs?.takeRecords().forEach((e) => (w.__longest = Math.max(w.__longest ?? 0, e.duration)));
    w.__obs?.disconnect();
    return { ms, longest: w.__longest ?? 0 };
  });
  const frames = await page.evaluate(() => {
    const w = window as never as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames;
  });
  const gaps = frames.slice(1).map((t, k) => t - frames[k]);
  return { ms, fps: (1000 * (frames.length - 1)) / (frames.at(-1)! - frames[0]), worstFrame: Math.max(...gaps), longest };
}

const server = await serve(false);
const browser = await launch();
try {
  const page = await openEditor(browser, server.url);
  await page.evaluate('window.__name = (f) => f');
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  const text = largeGraph(N);
  const wires = JSON.parse(text).edges.length as number;
  const rows: Record<string, { ms: number[]; longest: number[]; cpu: number[]; layerize: number[]; extra: string[] }> = {};
  const note = (name: string, r: { ms: number; longest: number; cpu: number; layerize: number }, extra?: string) => {
    const row = (rows[name] ??= { ms: [], longest: [], cpu: [], layerize: [], extra: [] });
    row.ms.push(r.ms);
    row.longest.push(r.longest);
    row.cpu.push(r.cpu);
    row.layerize.push(r.layerize);
    if (extra) row.extra.push(extra);
    console.error(
      `${name.padEnd(8)} ${r.ms.toFixed(0).padStart(6)} ms, main thread CPU ${r.cpu.toFixed(0)} ms (Layerize ${r.layerize.toFixed(0)}), longest task ${r.longest.toFixed(0)} ms${extra ? `, ${extra}` : ''} (load ${loadavg()[0].toFixed(1)})`,
    );
  };
  for (let run = 0; run < RUNS; run++) {
    // Open… with the real file chooser.
    await arm(page, []);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    note('open', await profiled(cdp, 'open', async () => {
      const input = await chooser;
      // The file input's change event does not leave the shell's shadow root: the clock starts here.
      await page.evaluate(() => ((window as never as { __t0: number }).__t0 = performance.now()));
      await input.setFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      return finish(page, N, wires);
    }));
    const drag = await profiled(cdp, 'drag', () => dragNode(page));
    note('drag', drag, `${drag.fps.toFixed(0)} frames/s, worst frame ${drag.worstFrame.toFixed(0)} ms`);
    // Select all and delete, undo, redo: with the canvas focused, as a person would after a click.
    const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width - 30, canvas.y + 30);
    await page.keyboard.press('Control+a');
    await arm(page, ['keydown']);
    note('delete', await profiled(cdp, 'delete', async () => {
      await page.keyboard.press('Delete');
      return finish(page, 0, 0);
    }));
    await arm(page, ['keydown']);
    note('undo', await profiled(cdp, 'undo', async () => {
      await page.keyboard.press('Control+z');
      return finish(page, N, wires);
    }));
    await arm(page, ['keydown']);
    note('redo', await profiled(cdp, 'redo', async () => {
      await page.keyboard.press('Control+Shift+z');
      return finish(page, 0, 0);
    }));
    await page.keyboard.press('Control+z');
    await finish(page, N, wires);
  }
  const out = Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [
      k,
      { medianMs: Math.round(median(v.ms)), cpuMs: Math.round(median(v.cpu)), layerizeMs: Math.round(median(v.layerize)), longestTaskMs: Math.round(median(v.longest)), runsMs: v.ms.map(Math.round), ...(v.extra.length ? { extra: v.extra } : {}) },
    ]),
  );
  console.log(JSON.stringify({ nodes: N, wires, load: Number(loadavg()[0].toFixed(1)), ...out }, null, 2));
} finally {
  await browser.close();
  await server.close();
}
