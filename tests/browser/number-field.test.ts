// A number param's field shows a value at its range's end whole: the Flow's river area
// (1…100000) showed 10000 at 100000 in a 46-px field (newbie2's pass). Typed with the keyboard
// into the params card, at both window sizes.
import { expect, it } from 'vitest';
import { showParams, withApp } from './harness.ts';

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`shows the Flow's river area of 100000 whole, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showParams(page, 'rivers');
      const field = page.locator('tg-node[data-node-id="rivers"] tg-param[name="riverArea"] input[type="number"]');
      await field.click({ clickCount: 3 });
      await page.keyboard.type('100000');
      await page.keyboard.press('Enter');
      await expect.poll(() => field.inputValue()).toBe('100000');
      // Whole: the text fits the field's box (a cut field scrolls its text).
      expect(await field.evaluate((f) => f.scrollWidth <= f.clientWidth)).toBe(true);
      // And fields of short ranges keep their 46 px.
      const loss = page.locator('tg-node[data-node-id="rivers"] tg-param[name="loss"] input[type="number"]');
      expect(Math.round((await loss.boundingBox())!.width)).toBe(46);
    });
  }, 120_000);
}
