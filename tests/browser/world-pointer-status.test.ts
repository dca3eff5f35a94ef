// The chip pointing to the graph's world from a map south of it sat 8 px from the map's foot, and
// a slow evaluation's status 6 px from it, the whole map wide: a pan off the world (whose erosion
// then runs on the view, seconds at 512²) hid "world 2 views south" under the status at the very
// moment the person wanted to know where the world went. Now the chip stands above the status.
// With the real keyboard, at 1600 × 1000 and 1024 × 700.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { graphText, overlaps, settle, showInViewer, typeInto, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`keeps the chip to a world south of the map above a slow evaluation's status (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'erosion');
      const give = page.locator('tg-viewer .grid-note button.world-set');
      const b = (await give.boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await settle(page);

      // The view north of the world: the chip points south, at the map's foot.
      await typeInto(page, 'y', '4');
      const chip = page.locator('tg-map-view .world-pointer');
      await expect.poll(() => chip.getAttribute('data-towards')).toBe('south');
      expect(await chip.innerText()).toBe('world 2 views south');
      await settle(page);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const quiet = (await chip.boundingBox())!;
      expect(Math.abs(quiet.x + quiet.width / 2 - (frame.x + frame.width / 2))).toBeLessThanOrEqual(2);
      expect(quiet.y + quiet.height).toBeLessThanOrEqual(frame.y + frame.height);
      expect(quiet.y + quiet.height).toBeGreaterThan(frame.y + frame.height - 14);

      // 512 cells a view: off the world the erosion runs on the view, for a second or more.
      await page.locator('tg-viewer select.size').selectOption('512');
      const status = page.locator('tg-map-view .status:not([idle])');
      await status.waitFor({ timeout: 30_000 });
      const s = (await status.boundingBox())!;
      const c = (await chip.boundingBox())!;
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/s34-review5-chip-status-${width}.png` });
      expect(overlaps(c, s), `chip ${JSON.stringify(c)} status ${JSON.stringify(s)}`).toBe(false);
      // Both whole inside the map, the chip above the status.
      for (const box of [c, s]) {
        expect(box.x).toBeGreaterThanOrEqual(frame.x);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
        expect(box.y).toBeGreaterThanOrEqual(frame.y);
        expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
      }
      expect(c.y + c.height).toBeLessThanOrEqual(s.y);
      await settle(page);
      expect(await status.count()).toBe(0);
    });
  }, 180_000);
}
