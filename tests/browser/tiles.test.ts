// Export → Tiles, driven with the mouse: the Tiles… button, an engine's layout, the export. The
// download is one zip holding exactly the files `terrain-graph build` writes for the same graph
// file, region, tile size, node, format and metres a sample, byte for byte (the box's command line
// run here, in Node, on the graph as the page saves it). While tiles render the editor answers (another node shown); a
// Cancel stops the export with nothing saved; a download past the browser's limit in bytes is
// refused with its size and the limit named and the command line to use, the same world in
// png16 taken. Screenshots of the box at 1600 × 1000 and
// 1024 × 700 (tests/screenshots/tiles-*.png).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeGraph } from '../../src/model/format.ts';
import type { Graph } from '../../src/model/graph.ts';
import { runCli, scratchDir } from '../helpers/cli.ts';
import { tree } from '../helpers/files.ts';
import { unzipStored } from '../helpers/unzip.ts';
import { launch, openApp, screenshot, settle, showInViewer as show, type Session } from './harness.ts';

interface Handle {
  core: { snapshot(): Graph };
  viewer: { exports: { state: { done: number; total: number; step: string } | null; note: { text: string; cancelled?: boolean } | null } };
}

const viewer = 'tg-viewer';
const dialog = 'tg-tiles-dialog';

/** Opens the box with the mouse and picks Unity, 33² tiles at 64 cells a view: 2 × 2 tiles by default. */
async function openSmall(page: Page): Promise<void> {
  await page.locator(`${viewer} button.tiles-open`).click();
  await page.locator(dialog).waitFor();
  await page.locator(`${dialog} button[data-layout="unity"]`).click();
  await page.locator(`${dialog} select.tile-size`).selectOption('33');
  await page.locator(`${dialog} select.cells`).selectOption('64');
}

describe('Export → Tiles', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("at 1600 × 1000: Unity tiles of the water level at 2.5 m a sample, zipped, are the files the box's command line writes, byte for byte", async () => {
    const s: Session = await openApp(browser, { viewport: { width: 1600, height: 1000 } });
    try {
      const page = s.page;
      await show(page, 'water');
      await openSmall(page);
      const summary = page.locator(`${dialog} p.summary`);
      await expect.poll(() => summary.innerText()).toContain('4 tiles (2 × 2) of 33² samples');
      // Metres a sample, typed as a European types it ("2,5"), and the height range; a value build refuses is refused here, naming the field.
      const metres = page.getByLabel('Metres a sample');
      await metres.click({ clickCount: 3 });
      await page.keyboard.type('-3');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.locator(`${dialog} p.refused`).innerText()).toBe('Metres a sample: the metres per cell must be above 0 and at most 100,000; got -3; it stays 10 m.');
      expect(await metres.inputValue()).toBe('10');
      await metres.click({ clickCount: 3 });
      await page.keyboard.type('2,5');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1200');
      await page.keyboard.press('Tab');
      expect(await page.locator(`${dialog} p.refused`).count()).toBe(0);
      expect(await page.locator(`${dialog} input.height-range`).inputValue()).toBe('1200');
      // The world's size on the ground beside the tile count: 2 tiles of 32 cells at 2.5 m each way.
      await expect.poll(() => summary.innerText()).toContain('4 tiles (2 × 2) of 33² samples, 160 m × 160 m at 2.5 m a sample ·');
      expect(await summary.innerText()).toMatch(/65 × 65 samples · from the map's bottom-left corner \(0, 0\), 2 × 2 tiles east and north \(right and up\) to \(1, 1\): 1 × 1 views, the map's own square · about \d+ kB/);
      const command = await page.locator(`${dialog} p.command code`).innerText();
      expect(command).toBe('npx terrain-graph build default.json --region 0,0,1,1 --cells-per-view 64 --tile-size 33 --node water --format r16 --metres-per-cell 2.5 --height-range 1200 --out default.water.tiles-33-64');
      expect(await page.locator(`${dialog} select.format`).inputValue()).toBe('r16');
      await screenshot(page, 'tiles-dialog-1600');
      const download = page.waitForEvent('download', { timeout: 120_000 });
      await page.locator(`${dialog} button.confirm`).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('default.water.tiles-33-64.zip');
      const zip = new Uint8Array(readFileSync((await file.path())!));
      const entries = unzipStored(zip);
      expect(entries.every((e) => e.name.startsWith('default.water.tiles-33-64/'))).toBe(true);
      const zipped = new Map(entries.map((e) => [e.name.slice('default.water.tiles-33-64/'.length), e.bytes]));

      // The same build on the command line, on the graph file as the page saves it.
      const manifest = JSON.parse(new TextDecoder().decode(zipped.get('manifest.json')));
      const graph = await page.evaluate(() => (window as never as { terrainGraph: Handle }).terrainGraph.core.snapshot());
      const dir = scratchDir('tiles');
      const graphFile = join(dir, manifest.graph.file);
      writeFileSync(graphFile, serializeGraph(graph));
      const out = join(dir, 'out');
      // The box's command line, its file and folder made this test's.
      const args = command.split(' ').slice(4);
      args[args.indexOf('--out') + 1] = out;
      const r = await runCli('build', graphFile, ...args);
      expect(r.code, r.err).toBe(0);
      expect(manifest.import).toMatchObject({ metresPerCell: 2.5, heightRange: 1200, unity: { totalWidth: 160, totalLength: 160, terrainHeight: 1200 } });
      const built = tree(out);
      expect([...zipped.keys()].sort()).toEqual([...built.keys()].sort());
      expect(zipped.size).toBe(1 + 4 * 3);
      for (const [path, bytes] of built) expect(Buffer.compare(Buffer.from(zipped.get(path)!), bytes), path).toBe(0);
      await expect.poll(() => page.locator(`${viewer} .exports .note`).innerText()).toContain('default.water.tiles-33-64.zip');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('at 1024 × 700: the editor answers while tiles render, and Cancel stops the export with nothing saved', async () => {
    const s: Session = await openApp(browser, { viewport: { width: 1024, height: 700 } });
    try {
      const page = s.page;
      await show(page, 'height');
      await page.locator(`${viewer} button.tiles-open`).click();
      await page.locator(dialog).waitFor();
      await page.locator(`${dialog} button[data-layout="unreal"]`).click();
      await page.locator(`${dialog} select.tile-size`).selectOption('1009');
      await page.locator(`${dialog} select.cells`).selectOption('1024');
      // 64 tiles of 1009² (about 99 MB): a minute's work, cancelled after the first.
      for (const axis of ['x', 'y']) {
        await page.locator(`${dialog} input.${axis}`).fill('8');
        await page.locator(`${dialog} input.${axis}`).press('Tab');
      }
      await expect.poll(() => page.locator(`${dialog} p.summary`).innerText()).toContain('64 tiles (8 × 8) of 1009² samples');
      await screenshot(page, 'tiles-dialog-1024');
      let downloads = 0;
      page.on('download', () => downloads++);
      await page.locator(`${dialog} button.confirm`).click();
      expect(await page.locator(dialog).count()).toBe(0);
      const progress = page.locator(`${viewer} .exports .progress`);
      await progress.waitFor();
      // The first tile done: progress is per tile.
      await expect.poll(() => progress.innerText(), { timeout: 120_000 }).toMatch(/^1009² tiles \([1-9]\/64\)/);
      await screenshot(page, 'tiles-progress-1024');
      // The editor answers meanwhile: another node shown in the viewer (not waiting for the
      // worker to settle, as show() does: it counts the export as work under way).
      await page.locator('tg-node[data-node-id="moisture"] header .title').click();
      await page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="moisture"]'));
      const during = await page.evaluate(() => { const x = (window as never as { terrainGraph: Handle }).terrainGraph.viewer.exports; return { state: x.state, note: x.note }; });
      expect(during.state, JSON.stringify(during)).not.toBe(null);
      await page.locator(`${viewer} button.cancel-export`).click();
      await expect.poll(() => page.locator(`${viewer} .exports .note`).innerText()).toBe('Cancelled the export of 64 tiles; nothing was saved');
      await page.waitForTimeout(500);
      expect(downloads).toBe(0);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("at 1024 × 700, keyboard only: the box opens from Tiles…, Escape gives the focus back to Tiles…, Export gives it to the export's Cancel, which Enter presses", async () => {
    const s: Session = await openApp(browser, { viewport: { width: 1024, height: 700 } });
    /** The focused element through the shadow roots: its tag and classes. */
    const focused = () =>
      s.page.evaluate(() => {
        let a: Element | null = document.activeElement;
        while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
        return a ? `${a.tagName.toLowerCase()}.${[...a.classList].join('.')}` : 'none';
      });
    try {
      const page = s.page;
      await show(page, 'height');
      await page.locator(`${viewer} button.tiles-open`).focus();
      await page.keyboard.press('Enter');
      await page.locator(dialog).waitFor();
      expect(await focused()).toBe('button.layout.on');
      await page.keyboard.press('Escape');
      expect(await page.locator(dialog).count()).toBe(0);
      await expect.poll(focused).toBe('button.tiles-open');
      // Again, 4 × 2 tiles of 1009² (the default size), typed, then Export.
      await page.keyboard.press('Enter');
      await page.locator(dialog).waitFor();
      // Unity, the tile size, the resolution, the metres a sample and the height range, the region's unit.
      for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe('input.x');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('4');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('button.confirm');
      expect(await page.locator(`${dialog} button.confirm`).innerText()).toBe('Export 8 tiles');
      await page.keyboard.press('Enter');
      expect(await page.locator(dialog).count()).toBe(0);
      await expect.poll(focused).toBe('button.cancel-export');
      await screenshot(page, 'tiles-keyboard-cancel-1024');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator(`${viewer} .exports .note`).innerText()).toBe('Cancelled the export of 8 tiles; nothing was saved');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('refuses a download past the browser limit in bytes (f32 of the water on 8 × 8 tiles of 1025²), naming its size, the limit and the command line, takes png16 of the same world, and says so of a grid-bound graph', async () => {
    const s: Session = await openApp(browser, { viewport: { width: 1600, height: 1000 } });
    try {
      const page = s.page;
      await show(page, 'water');
      await page.locator(`${viewer} select.export-size`).selectOption('1009');
      expect(await page.locator(`${viewer} .engine-hint`).innerText()).toContain('use Tiles…');
      await page.locator(`${viewer} button.tiles-open`).click();
      await page.locator(`${dialog} button[data-layout="unity"]`).click();
      await page.locator(`${dialog} select.tile-size`).selectOption('1025');
      await page.locator(`${dialog} select.cells`).selectOption('1024');
      await page.locator(`${dialog} input.x`).fill('8');
      await page.locator(`${dialog} input.x`).press('Tab');
      await page.locator(`${dialog} input.y`).fill('8');
      await page.locator(`${dialog} input.y`).press('Tab');
      await page.locator(`${dialog} select.format`).selectOption('f32');
      const problem = page.locator(`${dialog} p.problem`);
      await expect.poll(() => problem.count()).toBe(1);
      expect(await problem.innerText()).toBe(
        '64 tiles of 1025² in f32 are a download of about 513 MB: the browser exports at most 384 MB, since it holds the whole download in memory. Build it with terrain-graph build, which writes one tile at a time to disk:',
      );
      expect(await page.locator(`${dialog} p.summary .estimate`).innerText()).toBe('513 MB');
      expect(await page.locator(`${dialog} p.command`).innerText()).toBe('npx terrain-graph build default.json --region 0,0,8,8 --cells-per-view 1024 --tile-size 1025 --node water --format f32 --metres-per-cell 10 --height-range 1000 --out default.water.tiles-1025-1024');
      expect(await page.locator(`${dialog} button.confirm`).isDisabled()).toBe(true);
      await screenshot(page, 'tiles-refused-1600');
      // The same world in 16-bit PNGs is about a fifth of it, and taken.
      await page.locator(`${dialog} select.format`).selectOption('png16');
      await expect.poll(() => problem.count()).toBe(0);
      expect(await page.locator(`${dialog} p.summary .estimate`).innerText()).toBe('106 MB');
      expect(await page.locator(`${dialog} button.confirm`).isEnabled()).toBe(true);
      // 17 × 17 Unreal tiles of 1009² are past the limit in png16 too; the world area as the
      // command line has it, not rounded to 16.7344.
      await page.locator(`${dialog} button[data-layout="unreal"]`).click();
      await page.locator(`${dialog} select.tile-size`).selectOption('1009');
      for (const axis of ['x', 'y']) {
        await page.locator(`${dialog} input.${axis}`).fill('17');
        await page.locator(`${dialog} input.${axis}`).press('Tab');
      }
      await expect.poll(() => problem.count()).toBe(1);
      expect(await problem.innerText()).toMatch(/^289 tiles of 1009² in png16 are a download of about \d+ MB: the browser exports at most 384 MB/);
      expect(await page.locator(`${dialog} p.summary`).innerText()).toContain("from the map's bottom-left corner (0, 0), 17 × 17 tiles east and north (right and up) to (16.734, 16.734): 16.734 × 16.734 views");
      expect(await page.locator(`${dialog} p.command`).innerText()).toContain('npx terrain-graph build default.json --region 0,0,16.734375,16.734375 --cells-per-view 1024 --tile-size 1009 --node water --format png16');
      expect(await page.locator(`${dialog} button.confirm`).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await page.locator(dialog).count()).toBe(0);

      // A graph with a flow: the rivers run once on the whole export, and the box says so
      // (no seams: the tiles agree at their edges).
      await page.locator('tg-toolbar select').first().selectOption('rivers-from-the-rain.json');
      await settle(page);
      await show(page, 'rivers');
      await page.locator(`${viewer} button.tiles-open`).click();
      const note = page.locator(`${dialog} p.grid-note`);
      await page.locator(dialog).waitFor();
      // The 17 × 17 tiles kept from above are past the limit: no note beside the refusal.
      await expect.poll(() => problem.count()).toBe(1);
      expect(await note.count()).toBe(0);
      for (const axis of ['x', 'y']) {
        await page.locator(`${dialog} input.${axis}`).fill('2');
        await page.locator(`${dialog} input.${axis}`).press('Tab');
      }
      await expect.poll(() => note.count()).toBe(1);
      expect(await note.innerText()).toBe('Flow and rivers runs once on the whole export (2017² samples) before the first tile, so the tiles agree at their edges.');
      expect(await page.locator(`${dialog} p.seams`).count()).toBe(0);
      await screenshot(page, 'tiles-grid-1600');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
