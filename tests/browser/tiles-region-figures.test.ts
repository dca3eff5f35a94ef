// Export → Tiles with a huge sample count: the region line read "2343749.99609375 views", every
// digit, and the counts ran ungrouped (session 39). The line rounds its figures for reading and
// groups digits in thousands as the box's count problems do; the command line keeps them exact.
// With the real keyboard at both sizes.
import { expect, it } from 'vitest';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

const d = 'tg-tiles-dialog';

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`says a huge region in figures for reading, the command exact, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await showInViewer(page, 'coast');
      await page.locator('tg-viewer button.tiles-open').click();
      await page.locator(`${d} select.across`).selectOption('samples');
      await settle(page);
      // The default graph: 256 cells a view (the map's). 600,000,000 samples across are 599,999,999 cells.
      expect(await page.locator(`${d} select.cells`).inputValue()).toBe('256');
      for (const [field, value] of [['input.x', '600000000'], ['input.y', '2']] as const) {
        await page.locator(`${d} ${field}`).click({ clickCount: 3 });
        await page.keyboard.type(value);
        await page.keyboard.press('Tab');
      }
      const where = page.locator(`${d} p.summary .where`);
      await expect
        .poll(() => where.innerText())
        .toBe("from the map's bottom-left corner (0, 0), 600,000,000 × 2 samples east and north (right and up) to (2,343,750, 0.004): 2,343,750 × 0.004 views, the map shows 1 × 1");
      const summary = await page.locator(`${d} p.summary`).innerText();
      expect(summary).toContain('· 600,000,000 × 2 samples ·');
      // No figure with every digit: no run of five, no four decimals.
      expect(summary).not.toMatch(/\d{5}|\.\d{4}/);
      // The browser's limit and the button say the tiles' count so too.
      expect(await page.locator(`${d} p.problem`).innerText()).toMatch(/^595,239 tiles of 1009² in png16 are a download of about/);
      expect(await page.locator(`${d} button.confirm`).innerText()).toBe('Export 595,239 tiles');
      expect(await page.locator(`${d} p.command code`).innerText()).toContain(`--region 0,0,${599_999_999 / 256},${1 / 256}`);
      // The line whole in the box, the box in the window.
      const box = (await page.locator(`${d} .box`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await screenshot(page, `s39-mappolish-tiles-region-${width}`);
    });
  }, 180_000);
}
