// The export's size and the mesh options, set with the mouse and the keyboard, are there again
// after a reload (per browser, in the page's storage), and the mesh row says the land's size
// as it is (127.5 m, not "128 m"). A damaged stored value falls back to the defaults, part by
// part, and the viewer works on. Screenshots of the row at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRecipe, screenshot, settle, waitForPreviews, withApp } from './harness.ts';

const viewer = (page: Page) => page.locator('tg-viewer');

/** The export row's controls as they stand. */
async function row(page: Page) {
  const v = viewer(page);
  await v.locator('.bar.mesh').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  return {
    size: await v.locator('select.export-size').inputValue(),
    side: await v.locator('select.mesh-size').inputValue(),
    metres: await v.locator('input.mesh-metres').inputValue(),
    height: await v.locator('input.mesh-height').inputValue(),
    sea: await v.locator('input.mesh-sea').isChecked(),
    extent: await v.locator('.mesh-extent').textContent(),
  };
}

/** Picks an option of a select as a person does: a click opens it, typing its label's start and Enter picks it. */
async function pick(page: Page, selector: string, typed: string): Promise<void> {
  await viewer(page).locator(selector).click();
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await waitForPreviews(page);
}

describe('the export choices across a reload', () => {
  it('keeps the size and the mesh options set with the mouse and keyboard, and says 127.5 m across', async () => {
    await withApp({ viewport: { width: 1600, height: 1000 } }, async (page, s) => {
      expect(await row(page)).toEqual({ size: 'view', side: '513', metres: '10', height: '1000', sea: false, extent: '256², every cell · 2,550 m across' });
      await pick(page, 'select.export-size', '256');
      await pick(page, 'select.mesh-size', '129');
      const metres = viewer(page).locator('input.mesh-metres');
      await metres.click({ clickCount: 3 });
      await page.keyboard.type('0.5');
      await page.keyboard.press('Tab');
      const high = viewer(page).locator('input.mesh-height');
      await high.click({ clickCount: 3 });
      await page.keyboard.type('2400');
      await page.keyboard.press('Tab');
      await viewer(page).locator('input.mesh-sea').click();
      await settle(page);
      const set = { size: '256', side: '129', metres: '0.5', height: '2400', sea: true, extent: '129² of 256² · 127.5 m across' };
      expect(await row(page)).toEqual(set);
      await reload(page);
      expect(await row(page)).toEqual(set);
      await screenshot(page, 'kept-1600');

      // Another graph opened: the choices are the browser's, not the graph's.
      await openRecipe(page, 'rivers-from-the-rain.json');
      expect(await row(page)).toMatchObject({ size: '256', side: '129', metres: '0.5', height: '2400', sea: true });

      await page.setViewportSize({ width: 1024, height: 700 });
      await settle(page);
      await row(page);
      await screenshot(page, 'kept-1024');
    });
  }, 180_000);

  it('a damaged stored value falls back to the defaults, part by part, and the viewer works on', async () => {
    await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
      const store = (text: string) => page.evaluate((t) => localStorage.setItem('terrain-graph:viewer-exports', t), text);
      await store('{"size": 300, "mesh": {"side": 129, "metresPerCell": -1, "heightRange": "high", "sea": true}}');
      await reload(page);
      expect(await row(page)).toEqual({ size: 'view', side: '129', metres: '10', height: '1000', sea: true, extent: '129² of 256² · 2,550 m across' });
      await store('{"size": 513, "mesh": ');
      await reload(page);
      expect(await row(page)).toEqual({ size: 'view', side: '513', metres: '10', height: '1000', sea: false, extent: '256², every cell · 2,550 m across' });
      // The export still goes, at the view's size.
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), viewer(page).locator('button[data-format="png"]').click()]);
      expect(download.suggestedFilename()).toMatch(/\.png$/);
    });
  }, 180_000);
});
