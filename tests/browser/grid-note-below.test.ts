// The grid note on nodes below an erosion: whole under the erosion itself (its paragraph and the
// world's buttons), one line under Wind, Moisture and Biomes of graphs/eroded-valleys.json, which
// has no world. The whole paragraph with its World menu and button used to repeat under every
// node below the erosion and, at 1024 × 700, pushed the Biomes histogram out of sight; the folded
// line opens with a click and keeps the world's buttons reachable from there.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';

/** How far the first 40 px of `what` in the viewer lie below the viewer's bottom edge (≤ 0: in sight), the panel scrolled to its top. */
async function belowFold(page: Page, what: string): Promise<number> {
  await page.locator('tg-viewer').evaluate((v) => (v.scrollTop = 0));
  const viewer = (await page.locator('tg-viewer').boundingBox())!;
  const box = (await page.locator(`tg-viewer ${what}`).first().boundingBox())!;
  return Math.round(box.y + 40 - (viewer.y + viewer.height));
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`folds the erosion's note to one line below it and keeps the Biomes table and the Wind histogram in sight, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'biomes');
      await settle(page);
      // One line that says what and how, no paragraph shown, no buttons until opened.
      const summary = page.locator(`${note} summary`);
      await expect.poll(() => summary.innerText()).toBe('Below Hydraulic erosion, which runs on the whole view: give the graph a world');
      expect(await page.locator(`${note} p`).isVisible()).toBe(false);
      expect(await page.locator(`${note} button.world-set`).isVisible()).toBe(false);
      const line = (await summary.boundingBox())!;
      expect(line.height).toBeLessThanOrEqual(width > 1200 ? 20 : 36);
      await screenshot(page, `grid-note-below-${width}`);
      // What follows in sight without scrolling: the Table's first row (Biomes has its table
      // above the histogram), and on Wind, which has none, the histogram's plot.
      expect(await belowFold(page, 'section.table tg-biome-table')).toBeLessThanOrEqual(0);
      await showInViewer(page, 'wind');
      await expect.poll(() => summary.innerText()).toBe('Below Hydraulic erosion, which runs on the whole view: give the graph a world');
      await settle(page);
      expect(await belowFold(page, 'section.histogram tg-histogram')).toBeLessThanOrEqual(0);
      await showInViewer(page, 'biomes');

      // A click opens it: the whole paragraph and the world's button, which works from here.
      await summary.click();
      await expect.poll(() => page.locator(`${note} p`).innerText()).toMatch(/^Hydraulic erosion runs on the whole view: a pan runs it again/);
      expect(await page.locator(`${note} button.world-set`).isVisible()).toBe(true);

      // Under the erosion itself the paragraph is whole, with its buttons, and no fold.
      await showInViewer(page, 'erosion');
      await expect.poll(() => page.locator(`${note} p`).innerText()).toMatch(/^Hydraulic erosion runs on the whole view: a pan runs it again on the new view.*Give the graph a world \(3 × 3 views from \(−1, −1\)/);
      expect(await page.locator(`${note} summary`).count()).toBe(0);
      expect(await page.locator(`${note} button.world-set`).isVisible()).toBe(true);
    });
  });
}
