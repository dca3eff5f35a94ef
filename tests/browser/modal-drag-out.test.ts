// A press that starts in a modal box and is let go on the dimmed page around it (the name in
// Save as selected by dragging past the box's edge, a hand that slips off the tiles' slider) is
// no click outside: the browser sends the click to the nearest element holding both ends, the
// box's host, which the box took for a click on the page and closed, with the name typed lost.
// Real mouse, at 1600 × 1000 and 1024 × 700.
import { describe, expect, it } from 'vitest';
import { appPerTest, openApp } from './harness.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp';

describe('a drag out of a modal box', () => {
  const app = appPerTest();

  for (const viewport of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
    it(`leaves Save as open with its name, and the tiles box open; a click outside still closes them (${viewport.width} × ${viewport.height})`, async () => {
      const s = viewport.width === 1600 ? app.s : await openApp(app.browser, { viewport });
      const page = s.page;
      try {
        const box = 'tg-ask-dialog';
        await page.locator('tg-toolbar button', { hasText: 'Save as…' }).click();
        const field = page.locator(`${box} input`);
        await field.waitFor();
        await field.fill('my island');
        // Select the name by dragging from its end leftwards, past the box, onto the dimmed page.
        const f = (await field.boundingBox())!;
        await page.mouse.move(f.x + f.width - 4, f.y + f.height / 2);
        await page.mouse.down();
        await page.mouse.move(f.x - 40, f.y + f.height / 2, { steps: 5 });
        await page.mouse.move(4, f.y + f.height / 2, { steps: 5 });
        await page.mouse.up();
        await page.waitForTimeout(100);
        expect(await page.locator(box).count()).toBe(1);
        expect(await field.inputValue()).toBe('my island');
        await page.screenshot({ path: `${SHOTS}/s28-review28-save-as-drag-out-${viewport.width}x${viewport.height}.png` });
        // A click on the page (pressed and let go there) still cancels.
        await page.mouse.click(6, 6);
        await expect.poll(() => page.locator(box).count()).toBe(0);

        // Export → Tiles: a press on its title, let go outside.
        await page.locator('tg-node[data-node-id="height"] header .title').click();
        await page.locator('tg-viewer button.tiles-open').click();
        const tiles = page.locator('tg-tiles-dialog');
        await tiles.locator('h2').waitFor();
        const t = (await tiles.locator('h2').boundingBox())!;
        await page.mouse.move(t.x + 10, t.y + t.height / 2);
        await page.mouse.down();
        await page.mouse.move(4, 4, { steps: 8 });
        await page.mouse.up();
        await page.waitForTimeout(100);
        expect(await tiles.count()).toBe(1);
        await page.mouse.click(6, 6);
        await expect.poll(() => tiles.count()).toBe(0);
        expect(s.errors).toEqual([]);
      } finally {
        if (s !== app.s) await s.close();
      }
    });
  }
});
