// The World menu beside the note of a view reaching past 10⁹ views from 0, with the real mouse and
// keyboard. It sets a world of the chosen size around the view, and no world holds that view
// (worldAround: null): the menu took the choice, showed "5 × 5 views" and left the graph's world
// of 3 × 3 as it was, saying nothing. There it is not offered (the note says why); Remove stays,
// and back within the bound the menu sets a world again.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { graphText, lightValleys, openText, settle, showInViewer, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';
const note = 'tg-viewer .grid-note';

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`offers no world size around a view past the bound, and one again within it (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await showInViewer(page, 'erosion');
      const give = (await page.locator(`${note} button.world-set`).boundingBox())!;
      await page.mouse.click(give.x + give.width / 2, give.y + give.height / 2);
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await settle(page);

      const x = page.locator('tg-viewer .bar.view input.x');
      const field = (await x.boundingBox())!;
      await page.mouse.click(field.x + field.width / 2, field.y + field.height / 2);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('999999999.5');
      await page.keyboard.press('Enter');
      await settle(page);
      await expect.poll(() => page.locator(`${note} p`).innerText()).toMatch(/No world holds a view reaching past 10⁹ views from 0/);
      const menu = page.locator(`${note} select[aria-label="world size"]`);
      expect(await menu.count()).toBe(0);
      expect(await page.locator(`${note} button.world-remove`).count()).toBe(1);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/s35-review6-world-menu-past-bound-${width}.png` });

      // Back within the bound: the menu sets a world of its size around the view.
      await page.mouse.click(field.x + field.width / 2, field.y + field.height / 2);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      await settle(page);
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await menu.selectOption('4');
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 4 });
      await settle(page);
    });
  }, 180_000);
}
