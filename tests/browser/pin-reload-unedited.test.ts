// A compare pin on a graph not edited yet (the editor just opened on its default graph, a node
// selected, nothing changed): no draft had been written for the tab, so the record kept beside
// it was pruned at the reload (a pin goes with its draft) and never read: the pin was lost, and
// nothing said so. Frozen, with the real mouse, at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, openApp, settle, waitForPreviews } from './harness.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp';

async function pinnedLabel(page: Page): Promise<string | null> {
  const label = page.locator('tg-viewer tg-map-view .pinned-label');
  return (await label.count()) ? (await label.textContent())!.replace(/\u00a0/g, ' ').trim() : null;
}

async function keptRecord(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('terrain-graph:pin:')) return localStorage.getItem(key)!;
    }
    return '';
  });
}

describe('a compare pin on a graph not edited yet', () => {
  const app = appPerTest();

  for (const viewport of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
    it(`comes back frozen after a reload (${viewport.width} × ${viewport.height})`, async () => {
      const s = viewport.width === 1600 ? app.s : await openApp(app.browser, { viewport });
      const page = s.page;
      try {
        await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
        await settle(page);
        await page.locator('tg-viewer input.freeze').click();
        expect(await pinnedLabel(page)).toBe('Biomes · frozen');
        await expect.poll(() => keptRecord(page)).toContain('"picture"');
        const before = await page.locator('tg-viewer tg-map-view canvas.pinned').first().evaluate((c) => (c as HTMLCanvasElement).toDataURL());

        await page.reload();
        await waitForPreviews(page);
        await expect.poll(() => pinnedLabel(page)).toBe('Biomes · frozen');
        await settle(page);
        expect(await page.locator('tg-viewer tg-map-view canvas.pinned').first().evaluate((c) => (c as HTMLCanvasElement).toDataURL())).toBe(before);
        // Nothing was edited: the graph opens as it was, without the unsaved mark.
        expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { clean: boolean } } }).terrainGraph.core.clean)).toBe(true);
        await page.screenshot({ path: `${SHOTS}/s28-review28-pin-unedited-${viewport.width}x${viewport.height}.png` });
        expect(s.errors).toEqual([]);
      } finally {
        if (s !== app.s) await s.close();
      }
    });
  }
});
