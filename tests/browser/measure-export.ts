// Measures what a long export costs the editor, in a real headless Chromium: on carved-valleys
// (256² view), Fluvial erosion's strength dragged with the mouse, and the time from the release
// to its new preview, with no export running and then during a 16-bit PNG export at 2017²;
// with the export's own time from click to download.
//
//   npx tsx tests/browser/measure-export.ts            production build (vite build + preview)
//
// Not a test: wall-clock figures depend on the machine (and on what else runs on it), so they
// go in the README. Prints one JSON object.
import type { Page } from 'playwright-core';
import { launch } from './chromium.ts';
import { serve } from './serve.ts';

const DRAGS = Number(process.env.DRAGS ?? 4);
const SIZE = process.env.SIZE ?? '2017';

type Tg = { previews: { get(id: string): { version: number } | undefined }; client: { busy: boolean }; viewer: { busy: boolean; exports: { state: unknown } } };

/** One strength drag with the mouse, to the left or right; ms from release to the new preview, and whether an export was still running then. */
async function dragOnce(page: Page, k: number): Promise<{ ms: number; exporting: boolean }> {
  const before = await page.evaluate(() => (window as never as { terrainGraph: Tg }).terrainGraph.previews.get('valleys')!.version);
  const track = (await page.locator('tg-node[data-node-id="valleys"] tg-param[name="strength"] input[type="range"]').boundingBox())!;
  const [a, b] = k % 2 ? [0.8, 0.45] : [0.45, 0.8];
  await page.mouse.move(track.x + track.width * a, track.y + track.height / 2);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * b, track.y + track.height / 2, { steps: 6 });
  const released = await page.evaluate(() => performance.now());
  await page.mouse.up();
  const seen = await page.waitForFunction(
    (v) => {
      const tg = (window as never as { terrainGraph: Tg }).terrainGraph;
      return tg.previews.get('valleys')!.version !== v && !tg.client.busy && { at: performance.now(), exporting: tg.viewer.exports.state !== null };
    },
    before,
    { timeout: 120_000, polling: 10 },
  );
  const r = (await seen.jsonValue()) as { at: number; exporting: boolean };
  return { ms: Math.round(r.at - released), exporting: r.exporting };
}

const browser = await launch();
const server = await serve(false);
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true } as never);
  await page.goto(server.url);
  await page.waitForFunction(() => !!(window as never as { terrainGraph?: Tg }).terrainGraph);
  await page.locator('tg-toolbar select').first().selectOption('carved-valleys.json');
  const idle = () => page.waitForFunction(() => { const tg = (window as never as { terrainGraph: Tg }).terrainGraph; return !tg.client.busy && !tg.viewer.busy; }, undefined, { timeout: 240_000 });
  await page.waitForTimeout(1500);
  await idle();
  console.error('loaded');
  await page.locator('tg-node[data-node-id="valleys"] header .title').click();
  await page.locator('tg-node[data-node-id="valleys"] tg-param').first().waitFor();
  await idle();
  const quiet: number[] = [];
  for (let k = 0; k < DRAGS; k++) {
    quiet.push((await dragOnce(page, k)).ms);
    console.error(`quiet drag ${k}: ${quiet[k]} ms`);
  }
  await page.locator('tg-viewer select.export-size').selectOption(SIZE);
  const clicked = Date.now();
  const download = page.waitForEvent('download', { timeout: 600_000 });
  await page.locator('tg-viewer button[data-format="png16"]').click();
  await page.waitForTimeout(1000);
  const during: { ms: number; exporting: boolean }[] = [];
  for (let k = 0; k < DRAGS; k++) {
    during.push(await dragOnce(page, DRAGS + k));
    console.error(`drag ${k} during the export: ${JSON.stringify(during[k])}`);
  }
  await download;
  const exportMs = Date.now() - clicked;
  const threads = await page.evaluate(() => crossOriginIsolated);
  console.log(JSON.stringify({ size: SIZE, isolated: threads, quietMs: quiet, duringExportMs: during.map((d) => d.ms), stillExporting: during.map((d) => d.exporting), exportMs }));
} finally {
  await browser.close();
  await server.close();
}
