// A long export never freezes the editor: exports run in a worker of their own
// (src/worker/export-worker.ts). On carved-valleys, a 16-bit PNG of Fluvial erosion at Unreal's
// 2017², clicked with the mouse: a strength dragged meanwhile redraws the node's preview before
// the export ends, and the file is that of the graph as of the click, byte for byte the engine's
// own export here. A Cancel (mouse) stops one, and a page without cross-origin isolation exports
// the same bytes. The preview's time during an export is printed (measured, not asserted). An
// engine worker killed during an export (as one that runs out of memory dies) leaves it to
// finish: a 2017² one in the export worker, and a view-size one the engine worker was reading,
// computed again in the export worker with a word in the progress; the files are the graph's
// as of the click.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { exportFile } from '../../src/render/exports.ts';
import { launch, openApp, openRecipe, screenshot, settle, showParams, type TestHandle, waitForPreviews } from './harness.ts';

interface Handle extends TestHandle {
  viewer: TestHandle['viewer'] & { exports: { state: { done: number; total: number; step: string } | null; note: { text: string } | null } };
  worker: Worker;
  exportPort: { stage: 'engine' | 'export' | null };
}

const pageGraph = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: Handle }).terrainGraph.core.snapshot()) as Promise<Graph>;
const version = (page: Page, id: string) => page.evaluate((node) => (window as never as { terrainGraph: Handle }).terrainGraph.previews.get(node)?.version ?? -1, id);

/**
 * The exported file as the engine here writes it for `graph` at `size` (the command line's
 * `render --size`), named as the viewer names its download: the graph's name first (the
 * recipe's, "Valleys cut by the rain", as Save names its file).
 */
function expectedBytes(graph: Graph, node: string, port: string, size: number): { name: string; bytes: Uint8Array } {
  const engine = createEngine(graph, { size });
  engine.evaluate({ targets: [node] });
  const file = exportFile(engine.output(node, port)!, size, `${node}.${port}`, 'png16')!;
  return { name: `valleys-cut-by-the-rain.${file.name}`, bytes: file.bytes };
}

async function openValleys(browser: Browser, viewport: { width: number; height: number }, context?: BrowserContext) {
  const s = await openApp(browser, { viewport, context });
  const page = s.page;
  // Fitted whole, as the other tests start: at 1024 × 700 the recipe opens with its start in
  // sight and the Carved valleys node out of it.
  await openRecipe(page, 'carved-valleys.json');
  await page.locator('tg-node[data-node-id="valleys"] header .title').click();
  await settle(page);
  await page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="valleys"]'));
  return s;
}

async function saved(download: Download): Promise<Uint8Array> {
  return new Uint8Array(readFileSync((await download.path())!));
}

describe('a long export leaves the editor free', () => {
  it('at 1600 × 1000: the preview follows a slider dragged during a 2017² export, and the file is the graph as of the click', async () => {
    const browser = await launch();
    const s = await openValleys(browser, { width: 1600, height: 1000 });
    try {
      const page = s.page;
      await showParams(page, 'valleys');
      const atClick = await pageGraph(page);
      await page.locator('tg-viewer select.export-size').selectOption('2017');
      const download = page.waitForEvent('download', { timeout: 240_000 });
      await page.locator('tg-viewer button[data-format="png16"]').click();
      await page.locator('tg-viewer .exports .progress').waitFor();

      // Strength dragged up with the mouse while the export runs.
      const before = await version(page, 'valleys');
      const slider = page.locator('tg-node[data-node-id="valleys"] tg-param[name="strength"] input[type="range"]');
      const track = (await slider.boundingBox())!;
      await page.mouse.move(track.x + track.width * 0.5, track.y + track.height / 2);
      await page.mouse.down();
      await page.mouse.move(track.x + track.width * 0.85, track.y + track.height / 2, { steps: 8 });
      const released = await page.evaluate(() => performance.now());
      await page.mouse.up();
      const shown = await page.waitForFunction(
        (v) => {
          const tg = (window as never as { terrainGraph: Handle }).terrainGraph;
          const now = tg.previews.get('valleys')?.version ?? -1;
          return now !== v && !tg.client.busy && { at: performance.now(), exporting: tg.viewer.exports.state !== null, step: tg.viewer.exports.state };
        },
        before,
        { timeout: 240_000, polling: 20 },
      );
      const seen = (await shown.jsonValue()) as { at: number; exporting: boolean; step: { done: number; total: number } | null };
      console.log(`[measure] previews after the strength drag, during a 2017² export: ${(seen.at - released).toFixed(0)} ms from release; export still running: ${seen.exporting} (${seen.step?.done ?? '-'}/${seen.step?.total ?? '-'})`);
      expect(seen.exporting).toBe(true);
      expect(await version(page, 'valleys')).not.toBe(before);
      await screenshot(page, 'export-during-drag-1600');

      // Computed here while the page's export worker (one thread) computes the file.
      const expected = expectedBytes(atClick, 'valleys', 'terrain', 2017);
      const file = await download;
      expect(file.suggestedFilename()).toBe(expected.name);
      expect(await saved(file)).toEqual(expected.bytes);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await browser.close();
    }
  }, 480_000);

  it('at 1024 × 700: Cancel stops a 2017² export, nothing is saved, and the next export runs', async () => {
    const browser = await launch();
    const s = await openValleys(browser, { width: 1024, height: 700 });
    try {
      const page = s.page;
      const downloads: string[] = [];
      page.on('download', (d) => downloads.push(d.suggestedFilename()));
      const sizes = page.locator('tg-viewer select.export-size');
      await sizes.selectOption('2017');
      await page.locator('tg-viewer button[data-format="png16"]').click();
      await page.locator('tg-viewer .exports .progress').waitFor();
      await page.locator('tg-viewer .exports .progress').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await screenshot(page, 'export-progress-1024');
      await page.locator('tg-viewer .exports .progress button.cancel-export').click();
      await page.locator('tg-viewer .exports .note').waitFor();
      expect(await page.locator('tg-viewer .exports .note').textContent()).toBe('Cancelled the 2017² export; nothing was saved');
      await screenshot(page, 'export-cancelled-1024');
      expect(await page.locator('tg-viewer button[data-format="png16"]').isEnabled()).toBe(true);

      await sizes.selectOption('view');
      const graph = await pageGraph(page);
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.locator('tg-viewer button[data-format="png16"]').click()]);
      const expected = expectedBytes(graph, 'valleys', 'terrain', graph.view.size);
      expect(file.suggestedFilename()).toBe(expected.name);
      expect(await saved(file)).toEqual(expected.bytes);
      expect(downloads).toEqual([expected.name]);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await browser.close();
    }
  }, 240_000);

  it('exports the same bytes from a page without cross-origin isolation', async () => {
    const browser = await launch();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    const s = await openValleys(browser, { width: 1600, height: 1000 }, context);
    try {
      const page = s.page;
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
      await page.locator('tg-viewer select.export-size').selectOption('505');
      const graph = await pageGraph(page);
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('tg-viewer button[data-format="png16"]').click()]);
      const expected = expectedBytes(graph, 'valleys', 'terrain', 505);
      expect(file.suggestedFilename()).toBe(expected.name);
      expect(await saved(file)).toEqual(expected.bytes);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await browser.close();
    }
  }, 240_000);
});

/**
 * Kills the engine worker as a crash would (its error event: restartEngine replaces it), once
 * the export under way is at `stage`; returns where it was when the worker died.
 */
async function killEngineDuring(page: Page, stage: 'engine' | 'export'): Promise<string | null> {
  await page.waitForFunction((at) => (window as never as { terrainGraph: Handle }).terrainGraph.exportPort.stage === at, stage, { timeout: 60_000, polling: 10 });
  const at = await page.evaluate(() => {
    const tg = (window as never as { terrainGraph: Handle }).terrainGraph;
    const at = tg.exportPort.stage;
    tg.worker.dispatchEvent(new ErrorEvent('error', { message: 'out of memory (simulated)' }));
    return at;
  });
  await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/restarted/);
  return at;
}

describe('an export when the engine worker dies', () => {
  it('at 1600 × 1000: a 2017² export in the export worker goes on to its file, the graph as of the click', async () => {
    const browser = await launch();
    const s = await openValleys(browser, { width: 1600, height: 1000 });
    try {
      const page = s.page;
      const atClick = await pageGraph(page);
      await page.locator('tg-viewer select.export-size').selectOption('2017');
      const download = page.waitForEvent('download', { timeout: 240_000 });
      await page.locator('tg-viewer button[data-format="png16"]').click();
      await page.locator('tg-viewer .exports .progress').waitFor();
      expect(await killEngineDuring(page, 'export')).toBe('export');
      // Still under way after the restart (it was cancelled there), the new viewer showing its progress.
      expect(await page.evaluate(() => (window as never as { terrainGraph: Handle }).terrainGraph.viewer.exports.state !== null)).toBe(true);
      await page.locator('tg-viewer .exports .progress').waitFor();
      await screenshot(page, 'export-after-restart-1600');
      // Computed here while the page's export worker (one thread) computes the file.
      const expected = expectedBytes(atClick, 'valleys', 'terrain', 2017);
      const file = await download;
      expect(file.suggestedFilename()).toBe(expected.name);
      expect(await saved(file)).toEqual(expected.bytes);
      await page.locator('tg-viewer .exports .note').waitFor();
      expect(await page.locator('tg-viewer .exports .note').textContent()).toContain(expected.name);
    } finally {
      await s.close();
      await browser.close();
    }
  }, 480_000);

  it('at 1024 × 700: a view-size export the engine worker was reading is computed again in the export worker, saying so', async () => {
    const browser = await launch();
    const s = await openValleys(browser, { width: 1024, height: 700 });
    try {
      const page = s.page;
      await page.locator('tg-viewer select.size').selectOption('1024');
      await waitForPreviews(page);
      // An edit the engine worker takes a second or two over (the fluvial at 1024²); the export
      // clicked meanwhile waits behind it there, and the worker dies before it answers.
      await page.evaluate(() => (window as never as { terrainGraph: { core: { setParam(id: string, key: string, v: unknown): void } } }).terrainGraph.core.setParam('valleys', 'strength', 0.5));
      const atClick = await pageGraph(page);
      const download = page.waitForEvent('download', { timeout: 240_000 });
      await page.locator('tg-viewer button[data-format="png16"]').click();
      expect(await killEngineDuring(page, 'engine')).toBe('engine');
      await page.locator('tg-viewer .exports .progress', { hasText: 'the engine restarted' }).waitFor();
      await page.locator('tg-viewer .exports .progress').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await screenshot(page, 'export-again-after-restart-1024');
      const text = await page.locator('tg-viewer .exports .progress').textContent();
      // Computed here while the page's export worker computes the file again.
      const expected = expectedBytes(atClick, 'valleys', 'terrain', 1024);
      const file = await download;
      expect(file.suggestedFilename()).toBe(expected.name);
      expect(await saved(file)).toEqual(expected.bytes);
      // Said first, then before each of the export worker's steps.
      expect(text!.trim()).toMatch(/^the engine restarted(: computing the 1024² export again| · )/);
      await page.locator('tg-viewer .exports .note').waitFor();
      expect(await page.locator('tg-viewer .exports .note').textContent()).toContain(expected.name);
    } finally {
      await s.close();
      await browser.close();
    }
  }, 480_000);
});
