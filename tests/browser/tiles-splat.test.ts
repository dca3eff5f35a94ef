// Export → Tiles of a biome map as splat maps, driven with the mouse: the format list offers
// splat and weights for a biome map (and not for heights), splat offers its maps' size (Unity's
// texels, the default, or the tiles' samples: build's --splat-size), and the download is one zip
// holding exactly the files `terrain-graph build --format splat --splat-size …` writes, byte for
// byte. Screenshots of the box at 1600 × 1000 and 1024 × 700 (tests/screenshots/tiles-splat-*.png).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeGraph } from '../../src/model/format.ts';
import type { Graph } from '../../src/model/graph.ts';
import { runCli, scratchDir } from '../helpers/cli.ts';
import { tree } from '../helpers/files.ts';
import { unzipStored } from '../helpers/unzip.ts';
import { decode } from 'fast-png';
import { launch, openApp, screenshot, showInViewer as show, type Session } from './harness.ts';

const viewer = 'tg-viewer';
const dialog = 'tg-tiles-dialog';

async function formats(page: Page): Promise<string[]> {
  return page.locator(`${dialog} select.format option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
}

describe('Export → Tiles as splat maps', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height}: offers splat and weights for the biome map, and zips what build --format splat writes`, async () => {
      const s: Session = await openApp(browser, { viewport });
      try {
        const page = s.page;
        await show(page, 'height');
        await page.locator(`${viewer} button.tiles-open`).click();
        await page.locator(dialog).waitFor();
        expect(await formats(page)).toEqual(['png16', 'r16', 'f32', 'png']);
        await page.locator(`${dialog} button.cancel`).click();
        await page.locator(dialog).waitFor({ state: 'detached' });
        await show(page, 'biomes');
        await page.locator(`${viewer} button.tiles-open`).click();
        await page.locator(dialog).waitFor();
        expect(await formats(page)).toEqual(['png', 'indexed', 'splat', 'weights']);
        await page.locator(`${dialog} button[data-layout="unity"]`).click();
        await page.locator(`${dialog} select.tile-size`).selectOption('33');
        await page.locator(`${dialog} select.cells`).selectOption('64');
        // The maps' size is offered with splat alone.
        expect(await page.locator(`${dialog} select.splat-size`).count()).toBe(0);
        await page.locator(`${dialog} select.format`).selectOption('splat');
        const summary = page.locator(`${dialog} p.summary`);
        await expect.poll(() => summary.innerText()).toContain('4 tiles (2 × 2) of 33² samples');
        const size = page.locator(`${dialog} select.splat-size`);
        expect(await size.inputValue()).toBe('texels');
        expect(await size.locator('option').allInnerTexts()).toEqual(["32² texels · Unity's control texture, as it places them", '33² samples · one a height sample (Unity resamples)']);
        await expect.poll(() => page.locator(`${dialog} .command`).innerText()).toContain('--format splat --splat-size texels');
        // The tiles' samples at 1024 wide, with the keyboard on the select the mouse focused; Unity's texels (the default) at 1600.
        const sizeAsked = viewport.width === 1024 ? 'samples' : 'texels';
        if (sizeAsked === 'samples') {
          await size.click();
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await expect.poll(() => size.inputValue()).toBe('samples');
          await expect.poll(() => page.locator(`${dialog} .command`).innerText()).toContain('--format splat --splat-size samples');
        }
        await screenshot(page, `tiles-splat-${viewport.width}`);
        const download = page.waitForEvent('download', { timeout: 120_000 });
        await page.locator(`${dialog} button.confirm`).click();
        const file = await download;
        // The graph's name first (the default graph's file), as every export's name begins.
        const folder = 'default.biomes.tiles-33-64';
        expect(file.suggestedFilename()).toBe(`${folder}.zip`);
        const entries = unzipStored(new Uint8Array(readFileSync((await file.path())!)));
        const zipped = new Map(entries.map((e) => [e.name.slice(folder.length + 1), e.bytes]));

        // The same build on the command line, on the graph file as the page saves it.
        const manifest = JSON.parse(new TextDecoder().decode(zipped.get('manifest.json')));
        expect(manifest.layers[0].splat.channels).toHaveLength(13);
        const graph = await page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): Graph } } }).terrainGraph.core.snapshot());
        const dir = scratchDir('tiles-splat');
        const graphFile = join(dir, manifest.graph.file);
        writeFileSync(graphFile, serializeGraph(graph));
        const out = join(dir, 'out');
        const r = await runCli('build', graphFile, '--region', '0,0,1,1', '--cells-per-view', '64', '--tile-size', '33', '--node', 'biomes', '--format', 'splat', '--splat-size', sizeAsked, '--metres-per-cell', '10', '--height-range', '1000', '--out', out);
        expect(r.code, r.err).toBe(0);
        const built = tree(out);
        expect([...zipped.keys()].sort()).toEqual([...built.keys()].sort());
        // manifest.json, and a tile's four splat maps and its tile-K.json, four tiles.
        expect(zipped.size).toBe(1 + 4 * 5);
        for (const [path, bytes] of built) expect(Buffer.compare(Buffer.from(zipped.get(path)!), bytes), path).toBe(0);
        // The maps' size as chosen: Unity's 32² texels, or the tiles' 33² samples.
        const side = sizeAsked === 'texels' ? 32 : 33;
        for (const [path, bytes] of zipped) if (path.endsWith('.png')) expect([decode(bytes).width, decode(bytes).height], path).toEqual([side, side]);
        expect(manifest.layers[0].splat.size).toBe(side);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
      }
    });
  }
});
