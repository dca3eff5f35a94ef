// Export → Tiles says what a large erosion will cost on the export's grid before Export is
// pressed (src/viewer-core/tiles.ts largeWork): the Eroded valleys' hydraulic erosion, its
// lifetime read as set at 256 cells a view, walks 4 times the steps at 1024 cells a view, and a
// region of the map's own size says nothing. At both sizes; screenshots tests/screenshots/tiles-work-*.png.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { nodeDef } from '../../nodes/index.ts';
import { latticeDomain } from '../../src/grid.ts';
import { gridParams } from '../../src/model/manifest.ts';
import { openRecipe, screenshot, settle, withApp } from './harness.ts';

const d = 'tg-tiles-dialog';

/** The lifetime the engine runs the recipe's erosion with at `cellsPerView` (its own scaling, not a copied number). */
function steps(cellsPerView: number): number {
  const doc = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8')) as { nodes: { id: string; params: Record<string, never> }[] };
  const params = doc.nodes.find((n) => n.id === 'erosion')!.params;
  return gridParams(nodeDef('hydraulic')!, params, latticeDomain(cellsPerView, 0, 0, cellsPerView + 1)).lifetime as number;
}

async function typeCount(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(`${d} ${selector}`).click({ clickCount: 3 });
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`says a large erosion's work on the export's grid before Export, and nothing for the map's own region, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openRecipe(page, 'eroded-valleys.json');
      await page.locator('tg-node[data-node-id="erosion"] header .title').click();
      await settle(page);
      await page.locator('tg-viewer button.tiles-open').click();
      await page.locator(`${d} select.across`).waitFor();
      await page.locator(`${d} button.layout[data-layout="unity"]`).click();
      await page.locator(`${d} select.tile-size`).selectOption('1025');
      await page.locator(`${d} select.cells`).selectOption('1024');
      await typeCount(page, 'input.x', '2');
      await typeCount(page, 'input.y', '2');
      const work = page.locator(`${d} p.work`);
      // 2 × 2 tiles of 1025² at 1024 cells a view: the erosion on 2049² cells, 4 times the steps.
      await expect.poll(() => work.count()).toBe(1);
      const text = await work.innerText();
      expect(steps(1024)).toBe(4 * steps(256));
      expect(text).toContain(`Hydraulic erosion: 4,198,401 droplets of up to ${steps(1024)} steps over 2049² cells`);
      expect(text).toMatch(/\(1 a cell; lifetime 30 as set at 256 cells a view, × 4\): [\d,]+ times its work on a 256² view\. The command with --plan times it\.$/);
      // Where a time comes from: the box times nothing.
      expect(await work.locator('.work-time').innerText()).toBe('The command with --plan times it.');
      // Said before Export is pressed, above it, inside the window.
      const [line, confirm] = await Promise.all([work.boundingBox(), page.locator(`${d} button.confirm`).boundingBox()]);
      expect(line!.y + line!.height).toBeLessThanOrEqual(confirm!.y);
      const box = (await page.locator(`${d} .box`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await work.scrollIntoViewIfNeeded();
      await screenshot(page, `tiles-work-${width}`);

      // One tile of 257² at 256 cells a view: the map's own work, nothing said.
      await page.locator(`${d} select.cells`).selectOption('256');
      await page.locator(`${d} select.tile-size`).selectOption('257');
      await typeCount(page, 'input.x', '1');
      await typeCount(page, 'input.y', '1');
      await expect.poll(() => page.locator(`${d} p.summary`).innerText()).toContain('1 tile');
      expect(await work.count()).toBe(0);
    });
  });
}
