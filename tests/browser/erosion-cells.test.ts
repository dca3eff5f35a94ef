// The erosion's `cells` param (format 7) on its params card: Eroded valleys opens with its
// params counted in 256-map cells, said in words, and the select sets the grid's own cells in
// the file; the card stays whole at both window sizes.
import { describe, expect, it } from 'vitest';
import { params, screenshot, settle, showParams, withApp } from './harness.ts';

const SHOTS = process.env.SHOTS_DIR;

describe("the erosion's cells counted", () => {
  for (const viewport of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
    it(`shows and sets what its params count (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await showParams(page, 'erosion');
        await settle(page);
        const param = page.locator('tg-node[data-node-id="erosion"] tg-param[name="cells"]');
        await param.scrollIntoViewIfNeeded();
        await expect.poll(() => param.locator('label').textContent()).toBe('cells');
        const select = param.locator('select');
        expect(await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].textContent)).toBe('256-map cells');
        expect((await params(page, 'erosion')).cells).toBe('map256');
        const size = `${viewport.width}x${viewport.height}`;
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/s37-resinv-cells-${size}.png` });
        else await screenshot(page, `erosion-cells-${size}`);
        // The select sits in its row, beside its label on one line, and in the window.
        const row = (await param.boundingBox())!;
        const box = (await select.boundingBox())!;
        const label = (await param.locator('label').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(row.x);
        expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(label.height).toBeLessThan(box.height + 4);
        await select.selectOption('grid');
        await settle(page);
        expect((await params(page, 'erosion')).cells).toBe('grid');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/s37-resinv-cells-grid-${size}.png` });
      });
    });
  }
});

// The erosion's `grid` (format 8) on the same card: Eroded valleys opens with its erosion on its
// own grid, said in words, and the select sets the old way (grown by its readers' halos) in the file,
// which redraws the map (the recipe's coast and wind read round the erosion).
describe("the erosion's grid", () => {
  for (const viewport of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
    it(`shows and sets the grid it runs on (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await showParams(page, 'erosion');
        await settle(page);
        const param = page.locator('tg-node[data-node-id="erosion"] tg-param[name="grid"]');
        await param.scrollIntoViewIfNeeded();
        await expect.poll(() => param.locator('label').textContent()).toBe('grid');
        const select = param.locator('select');
        expect(await select.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.textContent))).toEqual(['its own', 'grown by readers']);
        expect(await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].textContent)).toBe('its own');
        expect((await params(page, 'erosion')).grid).toBe('own');
        // The select sits in its row, beside its label on one line, and in the window.
        const row = (await param.boundingBox())!;
        const box = (await select.boundingBox())!;
        const label = (await param.locator('label').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(row.x);
        expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(label.height).toBeLessThan(box.height + 4);
        await select.selectOption('grown');
        await settle(page);
        expect((await params(page, 'erosion')).grid).toBe('grown');
        await screenshot(page, `erosion-grid-${viewport.width}x${viewport.height}`);
      });
    });
  }
});
