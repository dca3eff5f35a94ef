// The export's size select says what it is: under *Export* it sat beside the format buttons with
// no word, and a newcomer did not know it was the size of the file. A visible label ("Size"),
// on screen and not covered at 1600 × 1000 and 1024 × 700, found by the label's text, and an
// accessible name that says it is the export's size.
import { describe, expect, it } from 'vitest';
import { screenshot, settle, withApp } from './harness.ts';

describe("the export's size", () => {
  for (const [width, height] of [
    [1600, 1000],
    [1024, 700],
  ]) {
    it(`has a visible label, not covered, that finds the select, at ${width} × ${height}`, async () => {
      await withApp({ viewport: { width, height } }, async (page) => {
        await page.locator('tg-node[data-node-id="water"] header .title').click();
        await settle(page);
        const panel = (await page.locator('tg-viewer').boundingBox())!;
        const label = page.locator('tg-viewer .exports label.export-size-label');
        await expect.poll(() => label.count()).toBe(1);
        // The Export row brought up from the panel's foot (below the fold at 1024 × 700), under the map, which stays in view.
        await label.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await page.waitForTimeout(200);
        expect(await label.isVisible()).toBe(true);
        expect((await label.innerText()).trim()).toBe('Size');
        await screenshot(page, `export-size-label-${width}`);
        const box = (await label.boundingBox())!;
        expect(box.width).toBeGreaterThan(10);
        expect(box.height).toBeGreaterThan(8);
        // The label's text is what is drawn at its centre: nothing lies over it (a button, the select, the panel's edge).
        const top = await page.evaluate(({ x, y }) => {
          let el: Element | null = document.elementFromPoint(x, y);
          while (el?.shadowRoot?.elementFromPoint(x, y) && el.shadowRoot.elementFromPoint(x, y) !== el) el = el.shadowRoot.elementFromPoint(x, y);
          return el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : 'none';
        }, { x: box.x + Math.min(box.width / 4, 8), y: box.y + box.height / 2 });
        expect(top).toBe('label.export-size-label');
        // Inside the viewer's panel, left of its right edge.
        expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
        // A lookup by label finds the select, under a name that holds the label's visible word.
        const byLabel = page.getByLabel('Export size', { exact: true });
        expect(await byLabel.count()).toBe(1);
        expect(await byLabel.evaluate((el) => el.classList.contains('export-size'))).toBe(true);
        expect(await page.getByRole('combobox', { name: 'Export size', exact: true }).count()).toBe(1);
        await screenshot(page, `export-size-label-${width}`);
      });
    });
  }
});
