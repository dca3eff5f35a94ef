// Measures the time from an export's click to its file, in a real headless Chromium, with the
// mouse: a 1024² view-size export of the default graph's biomes (PNG) and of its water's
// terrain (16-bit PNG), each asked REPEAT times with the view's results already computed (what
// the engine worker holds); then a 2017² 16-bit PNG of carved-valleys' Fluvial erosion, and one
// at the view's own size with the view at 1024² (FLUVIAL times each; 0 skips them). Prints
// one JSON object: milliseconds from click to the download event, the engine worker's own
// milliseconds for each export it answered (in click order), and the machine's load.
//
//   npx tsx tests/browser/measure-export-clicks.ts     production build (vite build + preview)
//
// Not a test: wall-clock figures depend on the machine (and on what else runs on it), so they
// go in the commit messages and the README.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launch } from './chromium.ts';
import { serve } from './serve.ts';
import { median } from '../../src/bench/median.ts';

const REPEAT = Number(process.env.REPEAT ?? 3);
const FLUVIAL = Number(process.env.FLUVIAL ?? 1);

type Tg = { client: { busy: boolean }; viewer: { busy: boolean; exports: { state: unknown } } };

async function idle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const tg = (window as never as { terrainGraph?: Tg }).terrainGraph;
    return !!tg && !tg.client.busy && !tg.viewer.busy && tg.viewer.exports.state === null;
  }, undefined, { timeout: 600_000, polling: 20 });
}

/** Selects a node by its title bar and waits for the viewer to show it. */
async function show(page: Page, id: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await page.waitForFunction((node) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector(`h2[data-viewer-node="${node}"]`), id);
  await idle(page);
}

/** Engine worker milliseconds of each export it answered (its grids or its file), read off its messages. */
const engineMs: number[] = [];

/** Clicks an export button and returns ms from the click to the download. */
async function clickToFile(page: Page, format: string): Promise<number> {
  await idle(page);
  await page.evaluate(() => {
    const w = window as never as { terrainGraph: { worker: Worker }; exportMs?: number[]; listening?: Worker };
    w.exportMs ??= [];
    if (w.listening === w.terrainGraph.worker) return;
    w.listening = w.terrainGraph.worker;
    w.terrainGraph.worker.addEventListener('message', (e: MessageEvent<{ kind: string; ms: number }>) => {
      if (e.data.kind === 'export-grids' || e.data.kind === 'export-result') w.exportMs!.push(e.data.ms);
    });
  });
  const download = page.waitForEvent('download', { timeout: 600_000 });
  const clicked = Date.now();
  await page.locator(`tg-viewer button[data-format="${format}"]`).click();
  await download;
  const ms = Date.now() - clicked;
  engineMs.push(...(await page.evaluate(() => (window as never as { exportMs: number[] }).exportMs.splice(0))).map((x) => Math.round(x)));
  return ms;
}


const browser = await launch();
const server = await serve(false);
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true } as never);
  await page.goto(server.url);
  await page.waitForFunction(() => !!(window as never as { terrainGraph?: Tg }).terrainGraph);
  await page.waitForTimeout(1000);
  await idle(page);
  await page.locator('tg-viewer select.size').selectOption('1024');
  await idle(page);
  const biomePng: number[] = [];
  const water16: number[] = [];
  for (let k = 0; k < REPEAT; k++) {
    await show(page, 'biomes');
    biomePng.push(await clickToFile(page, 'png'));
    await show(page, 'water');
    water16.push(await clickToFile(page, 'png16'));
    console.error(`view-size 1024²: biome PNG ${biomePng[k]} ms, water 16-bit ${water16[k]} ms`);
  }
  const fluvial: number[] = [];
  const fluvialView: number[] = [];
  if (FLUVIAL > 0) {
    await page.locator('tg-toolbar select').first().selectOption('carved-valleys.json');
    await page.waitForTimeout(1000);
    await idle(page);
    await show(page, 'valleys');
    await page.locator('tg-viewer select.export-size').selectOption('2017');
    for (let k = 0; k < FLUVIAL; k++) {
      fluvial.push(await clickToFile(page, 'png16'));
      console.error(`2017² fluvial 16-bit: ${fluvial[k]} ms`);
    }
    // The same node at the view's own size, the view at 1024²: the fluvial's seconds are in the
    // engine worker's results once its previews are in.
    await page.locator('tg-viewer select.export-size').selectOption('view');
    await page.locator('tg-viewer select.size').selectOption('1024');
    await idle(page);
    for (let k = 0; k < FLUVIAL; k++) {
      fluvialView.push(await clickToFile(page, 'png16'));
      console.error(`view-size 1024² fluvial 16-bit: ${fluvialView[k]} ms`);
    }
  }
  const isolated = await page.evaluate(() => crossOriginIsolated);
  console.log(JSON.stringify({ isolated, biomePng1024: biomePng, water16bit1024: water16, fluvial2017: fluvial, fluvialView1024: fluvialView, engineWorkerMs: engineMs, medians: { biomePng: median(biomePng), water16: median(water16), fluvial: fluvial.length ? median(fluvial) : null, fluvialView: fluvialView.length ? median(fluvialView) : null }, load: loadavg().map((l) => l.toFixed(1)) }));
} finally {
  await browser.close();
  await server.close();
}
