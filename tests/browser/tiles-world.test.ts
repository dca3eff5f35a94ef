// Export → Tiles offers the graph's world as the region once the graph has one (build's
// `--region world`), and opens on it, so the tiles hold the eroded land the editor shows; without
// a world the choice is not offered and the box opens on tiles. Both sizes, the real mouse.
import { expect, it } from 'vitest';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`offers the graph's world as the tiles' region once it has one, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'erosion');
      const across = page.locator('tg-tiles-dialog select.across');
      // No world yet: tiles and samples only.
      await page.locator('tg-viewer button.tiles-open').click();
      await across.waitFor();
      expect(await across.locator('option').allInnerTexts()).toEqual(['tiles', 'samples']);
      await page.locator('tg-tiles-dialog button.cancel').click();

      await page.locator('tg-tiles-dialog .box').waitFor({ state: 'detached' });
      // The box's button scrolled the panel down to the Export row (the map stays on top): the
      // wheel over the panel brings the note back under the map.
      await page.mouse.move(width - 150, height - 60);
      await page.mouse.wheel(0, -3000);
      const giveButton = page.locator('tg-viewer .grid-note button.world-set');
      await expect.poll(async () => {
        const b = (await giveButton.boundingBox())!;
        const map = (await page.locator('tg-viewer tg-map-view').boundingBox())!;
        return b.y >= map.y + map.height;
      }).toBe(true);
      const give = (await giveButton.boundingBox())!;
      await page.mouse.click(give.x + give.width / 2, give.y + give.height / 2);
      await expect.poll(() => page.locator('tg-viewer .grid-note p').innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world/);
      await settle(page);

      // The box opens on the world just given: the export covers it without a pick.
      await page.locator('tg-viewer button.tiles-open').click();
      await across.waitFor();
      expect(await across.inputValue()).toBe('world');
      await expect.poll(() => page.locator('tg-tiles-dialog .region .world').innerText()).toBe('3 × 3 views from (−1, −1)');
      expect(await page.locator('tg-tiles-dialog .region input').count()).toBe(0);
      const summary = page.locator('tg-tiles-dialog p.summary');
      await expect.poll(() => summary.innerText()).toContain('the world from (−1, −1) to (2, 2), 3 × 3 views');
      expect(await page.locator('tg-tiles-dialog p.command code').innerText()).toContain('--region world');
      // Unreal's tiles (the box's first engine) never fill a world of whole views: the box says
      // what does, where it said only that the land was not the editor's.
      const gridNote = page.locator('tg-tiles-dialog p.grid-note');
      expect(await gridNote.innerText()).toContain("their land is not the editor's. No Unreal tile size fills a world of 3 × 3 views");
      expect(await gridNote.innerText()).toContain("under Engine, Unity's tiles of 1025² at 1024 cells a view fill it.");
      // The box whole in the window, its region row on one line with the select.
      const box = (await page.locator('tg-tiles-dialog .box').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      const row = await page.locator('tg-tiles-dialog .region').evaluate((r) => r.scrollWidth <= r.clientWidth + 1);
      expect(row).toBe(true);
      await screenshot(page, `tiles-world-${width}`);
      // As it says: Unity's 1025² at 1024 cells a view fill the world, and the note says nothing of it.
      await page.locator('tg-tiles-dialog').getByRole('button', { name: 'Unity' }).click();
      await page.locator('tg-tiles-dialog select.tile-size').selectOption('1025');
      await expect.poll(() => gridNote.innerText()).toBe('Hydraulic erosion runs once on the whole export (3073² samples) before the first tile, so the tiles agree at their edges.');
      // Back to tiles: the counts come back as they were.
      await across.selectOption('tiles');
      expect(await page.locator('tg-tiles-dialog .region input.x').inputValue()).toMatch(/^\d+$/);
      await screenshot(page, `tiles-world-tiles-${width}`);
    });
  }, 180_000);
}
