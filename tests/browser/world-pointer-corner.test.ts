// The chip pointing to the graph's world from a map south-west of it stood 32 px from the map's
// top, right-aligned, and comparing moves the corner's badge down to 28 px (under the "current"
// label): a zoomed map ("1.7×") pinned to compare hid "world 3.1 views north-east" under the badge.
// A chip towards the north stands below the corner's rows, whichever they are, and, between the
// corners, a chip stays whole inside the map, north or south (centred on its point, it ran past
// the border of a 256-px map). With the real mouse and keyboard, at 1600 × 1000 and 1024 × 700.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { graphText, lightValleys, openText, overlaps, settle, showInViewer, type Box, typeInto, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';

async function click(page: Page, selector: string): Promise<void> {
  const b = (await page.locator(selector).boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`keeps the chip to a world north of the map clear of the corner's badge and labels, comparing and magnified, and every chip whole inside the map (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await showInViewer(page, 'erosion');
      await click(page, 'tg-viewer .grid-note button.world-set');
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await settle(page);
      await click(page, 'tg-viewer button.pin');
      await settle(page);
      await expect.poll(() => page.locator('tg-map-view .current-label').count()).toBe(1);

      const chip = page.locator('tg-map-view .world-pointer');
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const seen: string[] = [];
      // From south-west of the world to south of it: the chip points north-east, then north.
      for (const x of ['-4', '-3', '-2.6', '-2.2', '-1.6', '0']) {
        await typeInto(page, 'x', x);
        await typeInto(page, 'y', '-4');
        await settle(page);
        if ((await page.locator('tg-map-view .badge').count()) === 0) {
          // Magnified, the corner's badge says so ("1.7×") for good.
          await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.5);
          await page.mouse.wheel(0, -300);
          await settle(page);
        }
        const towards = await chip.getAttribute('data-towards');
        expect(towards === 'north-east' || towards === 'north', `${x}: ${towards}`).toBe(true);
        const text = await chip.innerText();
        seen.push(`${x}: ${text}`);
        const c = (await chip.boundingBox())!;
        const others: [string, Box | null][] = [
          ['badge', await page.locator('tg-map-view .badge').boundingBox()],
          ['current', await page.locator('tg-map-view .current-label').boundingBox()],
          ['pinned', await page.locator('tg-map-view .pinned-label').boundingBox()],
        ];
        expect(others[0][1], 'the badge shows').not.toBeNull();
        if (x === '-4' || x === '-2.6') {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/s35-status-north-chip-compare-${x === '-4' ? 'corner' : 'between'}-${width}.png` });
        }
        for (const [name, box] of others) expect(!!box && overlaps(c, box), `${x} "${text}" ${JSON.stringify(c)} meets the ${name} ${JSON.stringify(box)}`).toBe(false);
        // Whole inside the map.
        expect(c.x, `${x} "${text}"`).toBeGreaterThanOrEqual(frame.x);
        expect(c.x + c.width, `${x} "${text}"`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
        expect(c.y).toBeGreaterThanOrEqual(frame.y);
      }
      // Both ways seen: the corner and the band between.
      expect(seen.some((t) => t.endsWith('north-east')), seen.join('; ')).toBe(true);
      expect(seen.some((t) => t.endsWith(' north')), seen.join('; ')).toBe(true);

      // North-west of the world, between the corners: the chip at the map's foot, whole inside it too.
      await typeInto(page, 'y', '4');
      await typeInto(page, 'x', '-2.6');
      await settle(page);
      expect(await chip.getAttribute('data-towards')).toBe('south-east');
      const c = (await chip.boundingBox())!;
      expect(c.x).toBeGreaterThanOrEqual(frame.x);
      expect(c.x + c.width, await chip.innerText()).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(c.y + c.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
    });
  }, 180_000);
}
