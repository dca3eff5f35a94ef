// The Island recipe as a person opens it: picked from the Recipes list by its name, the viewer's
// map shows one island with the sea all round; its Island node's radius, typed wider in the
// node's card, grows the land and still leaves the map's edges under the sea. Screenshots at
// 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BIOMES } from '../../src/model/biomes.ts';
import { appPerTest, graphText, params, screenshot, settle, showParams, waitForPreviews } from './harness.ts';

const SHOTS = 'tests/screenshots';
const OCEAN = BIOMES.find((b) => b.name === 'ocean')!.color;

/** Of the viewer's map pixels, how many are ocean: on its border (and how many border pixels there are), and in all. */
async function oceanPixels(page: Page): Promise<{ border: number; borderPixels: number; all: number; pixels: number }> {
  return page.locator('tg-viewer tg-map-view canvas.map').evaluate((c: HTMLCanvasElement, [r, g, b]) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const [w, h] = [c.width, c.height];
    let border = 0;
    let all = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const p = (y * w + x) * 4;
        const ocean = data[p] === r && data[p + 1] === g && data[p + 2] === b;
        if (!ocean) continue;
        all++;
        if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border++;
      }
    }
    return { border, borderPixels: 2 * w + 2 * h - 4, all, pixels: w * h };
  }, OCEAN as unknown as [number, number, number]);
}

describe('the Island recipe in the editor', () => {
  const app = appPerTest();

  it('opens from the Recipes list as one island in the sea, and a wider disc in its card grows it', async () => {
    const page = app.s.page;
    await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption({ label: 'Island' });
    await waitForPreviews(page);
    await settle(page);
    expect(JSON.parse(await graphText(page)).name).toBe('Island');
    const before = await oceanPixels(page);
    expect(before.border).toBe(before.borderPixels);
    expect(before.all / before.pixels).toBeLessThan(0.85); // land in the middle
    await page.screenshot({ path: `${SHOTS}/s27-island-recipe-1600.png` });

    // The disc's radius typed in the Island node's card, as a person would.
    await showParams(page, 'island');
    const radius = page.locator('tg-node[data-node-id="island"] tg-param[name="radius"] input[type="number"]');
    await radius.fill('0.62');
    await radius.press('Enter');
    await settle(page);
    await waitForPreviews(page);
    await page.screenshot({ path: `${SHOTS}/s27-island-card-1600.png` });
    expect((await params(page, 'island')).radius).toBe(0.62);
    // Selecting the Island node showed its mask in the viewer: the biomes again.
    await page.locator('tg-node[data-node-id="biomes"] header .title').click();
    await settle(page);
    await waitForPreviews(page);
    const wider = await oceanPixels(page);
    expect(wider.border).toBe(wider.borderPixels);
    expect(wider.all).toBeLessThan(before.all);
    await page.screenshot({ path: `${SHOTS}/s27-island-radius-1600.png` });

    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s27-island-radius-1024.png` });
    await screenshot(page, 'island-recipe');
  });
});
