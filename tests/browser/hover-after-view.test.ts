// The cell read out under the pointer kept its world point when the view moved under a still
// pointer: a typed origin (x = 5), its undo and redo left "x 0.1035 · y 0.0684 in the world" of
// the place the map no longer showed. Now the readout follows the cell under the pointer.
// With the real mouse and keyboard.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { graphText, settle, withApp } from './harness.ts';

const where = (page: Page) => page.locator('tg-provenance .where');

async function readout(page: Page): Promise<{ x: number; y: number }> {
  const el = where(page);
  return { x: Number(await el.getAttribute('data-x')), y: Number(await el.getAttribute('data-y')) };
}

const SHOTS = 'tests/screenshots';

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
it(`reads the cell under a still pointer after a typed origin, its undo and redo (${width} × ${height})`, async () => {
  await withApp({ viewport: { width, height } }, async (page) => {
    await settle(page);
    const view = JSON.parse(await graphText(page)).view as { x: number; y: number; size: number };
    const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
    const at = { x: frame.x + frame.width * 0.3, y: frame.y + frame.height * 0.6 };

    // The x field has the keyboard; the pointer rests on the map.
    await page.locator('tg-viewer input.x').click();
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await expect.poll(() => where(page).count()).toBe(1);
    await settle(page);
    const before = await readout(page);
    expect(before.x).toBeGreaterThanOrEqual(view.x);

    await page.keyboard.press('Control+a');
    await page.keyboard.type(String(view.x + 5));
    await page.keyboard.press('Enter');
    await expect.poll(async () => JSON.parse(await graphText(page)).view.x).toBe(view.x + 5);
    await settle(page);
    // The same place on the map, five world units east.
    await expect.poll(async () => (await readout(page)).x - before.x, { timeout: 20_000 }).toBeCloseTo(5, 6);
    expect((await readout(page)).y).toBeCloseTo(before.y, 9);
    expect(await page.locator('tg-provenance .in-world').count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/s35-hover-readout-typed-origin-${width}.png` });

    // Undo and redo with the keyboard, the pointer still on the map (a click on the editor's
    // empty canvas takes the keyboard from the field).
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await settle(page);
    await expect.poll(async () => (await readout(page)).x - before.x).toBeCloseTo(5, 6);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => JSON.parse(await graphText(page)).view.x).toBe(view.x);
    await settle(page);
    await expect.poll(async () => (await readout(page)).x - before.x, { timeout: 20_000 }).toBeCloseTo(0, 6);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => JSON.parse(await graphText(page)).view.x).toBe(view.x + 5);
    await settle(page);
    await expect.poll(async () => (await readout(page)).x - before.x, { timeout: 20_000 }).toBeCloseTo(5, 6);
  });
}, 120_000);
}
