// The graph's world drawn on the viewer's map: a newcomer could not see where the world ended
// (only the line under the map changed when a pan or a typed position left it). With the real
// mouse: the note's button gives the graph a world; its east edge is drawn where the world ends,
// the map beyond it veiled, and moves with a drag while the mouse is still down; a view off the
// world gets a chip pointing its way; the cell read says whether it lies in the world; Remove
// the world takes it all away, and undo brings it back. At both window sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { graphText, lightValleys, openText, screenshot, settle, showInViewer, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';
const outline = 'tg-map-view svg.world';

/** The drawn edge of that side, as a rectangle on the page (a vertical line: its x). */
async function edge(page: Page, side: string): Promise<{ x: number; y: number; width: number; height: number } | null> {
  const line = page.locator(`${outline} line.edge[data-side="${side}"]`);
  if (!(await line.count())) return null;
  return line.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
}

async function typeX(page: Page, x: string): Promise<void> {
  const field = page.locator('tg-viewer input.x');
  await field.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(x);
  await page.keyboard.press('Enter');
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`outlines the graph's world on the map, moves it with a drag, points to it from off it, and takes it away with the world, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await showInViewer(page, 'erosion');
      // No world, no outline.
      expect(await page.locator(outline).count()).toBe(0);

      // The note's button, clicked with the mouse: a world of 3 × 3 views around the view, which it covers.
      const give = page.locator(`${note} button.world-set`);
      const b = (await give.boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await expect.poll(() => page.locator(outline).getAttribute('data-where')).toBe('covers');
      expect(await page.locator(`${outline} line.edge`).count()).toBe(0);
      await settle(page);

      // The view from x 1.5: the world ends at x 2, halfway across the map, from its top to its bottom.
      await typeX(page, '1.5');
      await expect.poll(() => page.locator(outline).getAttribute('data-where')).toBe('partly');
      await settle(page);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const east = (await edge(page, 'east'))!;
      expect(east).not.toBeNull();
      expect(Math.abs(east.x - (frame.x + frame.width / 2))).toBeLessThanOrEqual(1);
      expect(east.y).toBeCloseTo(frame.y, 0);
      expect(east.height).toBeCloseTo(frame.height, 0);
      // No other edge crosses the map; the part beyond it is veiled.
      expect(await page.locator(`${outline} line.edge`).count()).toBe(1);
      expect(await page.locator(`${outline} path.outside`).count()).toBe(1);
      // The cell read says which side of the edge it lies.
      await page.mouse.move(frame.x + frame.width * 0.25, frame.y + frame.height * 0.5);
      await expect.poll(() => page.locator('tg-provenance .where .in-world').innerText()).toBe('in the world');
      await page.mouse.move(frame.x + frame.width * 0.75, frame.y + frame.height * 0.5);
      await expect.poll(() => page.locator('tg-provenance .where .in-world').innerText()).toBe('outside the world');
      await screenshot(page, `partly-${width}`);

      // A drag of the map to the right by 120 pixels (the view moves west): the edge follows the
      // pointer while the mouse is down, and stays where the world ends after.
      const y = frame.y + frame.height * 0.4;
      await page.mouse.move(frame.x + frame.width * 0.3, y);
      await page.mouse.down();
      await page.mouse.move(frame.x + frame.width * 0.3 + 120, y, { steps: 8 });
      await expect.poll(async () => (await edge(page, 'east'))!.x - east.x).toBeGreaterThan(118);
      expect((await edge(page, 'east'))!.x - east.x).toBeLessThan(122);
      await page.mouse.up();
      await settle(page);
      const view = JSON.parse(await graphText(page)).view;
      expect(view.x).toBeLessThan(1.5);
      const after = (await edge(page, 'east'))!;
      expect(Math.abs(after.x - (frame.x + (2 - view.x) * frame.width))).toBeLessThanOrEqual(1);

      // A view off the world: no edge, all of the map veiled, a chip pointing west to it.
      await typeX(page, '4.5');
      await expect.poll(() => page.locator(outline).getAttribute('data-where')).toBe('off');
      const chip = page.locator('tg-map-view .world-pointer');
      expect(await chip.getAttribute('data-towards')).toBe('west');
      expect(await chip.innerText()).toBe('world 2.5 views west');
      const c = (await chip.boundingBox())!;
      expect(c.x).toBeGreaterThanOrEqual(frame.x);
      expect(c.x + c.width).toBeLessThanOrEqual(frame.x + frame.width);
      // On the west side of the map, whole inside it.
      expect(c.x + c.width / 2).toBeLessThan(frame.x + frame.width / 2);
      expect(c.y).toBeGreaterThan(frame.y);
      expect(c.y + c.height).toBeLessThan(frame.y + frame.height);
      await settle(page);
      await screenshot(page, `off-${width}`);

      // Remove the world: the outline and the chip go; undo brings them back.
      const remove = page.locator(`${note} button.world-remove`);
      const r = (await remove.boundingBox())!;
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      await expect.poll(() => page.locator(outline).count()).toBe(0);
      expect(await chip.count()).toBe(0);
      expect(JSON.parse(await graphText(page)).world).toBeUndefined();
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.locator(outline).getAttribute('data-where')).toBe('off');
      await page.keyboard.press('Control+y');
      await expect.poll(() => page.locator(outline).count()).toBe(0);
    });
  }, 180_000);
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`keeps the world's edge where the magnified picture shows it, draws an edge on the map's border inside it, in the dark theme, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await page.locator('tg-toolbar button[aria-label="theme"]').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await showInViewer(page, 'erosion');
      // 2 × 2 views from the menu, then moved around the view: the world from (0, 0), whose
      // west and south edges are the map's borders, drawn just inside them.
      await page.locator(`${note} select[aria-label="world size"]`).selectOption('2');
      const give = page.locator(`${note} button.world-set`);
      const b = (await give.boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: 0, y: 0, size: 2 });
      await expect.poll(() => page.locator(`${outline} line.edge`).count()).toBe(2);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const west = (await edge(page, 'west'))!;
      const south = (await edge(page, 'south'))!;
      expect(west.x - frame.x).toBeGreaterThan(0);
      expect(west.x - frame.x).toBeLessThanOrEqual(2);
      expect(frame.y + frame.height - south.y).toBeGreaterThan(0);
      expect(frame.y + frame.height - south.y).toBeLessThanOrEqual(2);
      await settle(page);
      await screenshot(page, `corner-dark-${width}`);

      // The view from x 0.5: the east edge (x 2) is past the map; from x 1.5 it is halfway across.
      await typeX(page, '1.5');
      await expect.poll(async () => (await edge(page, 'east'))?.x).toBeCloseTo(frame.x + frame.width / 2, 0);
      await settle(page);
      // Magnified with the wheel a quarter across the map: the edge moves to where the picture
      // shows x 2, at a quarter plus a quarter of z frames.
      await page.mouse.move(frame.x + frame.width / 4, frame.y + frame.height / 2);
      for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -100);
      await expect.poll(() => page.evaluate(() => (window as never as { terrainGraph: { viewer: { zoom: { z: number } } } }).terrainGraph.viewer.zoom.z)).toBeGreaterThan(1.5);
      await settle(page);
      const z = await page.evaluate(() => (window as never as { terrainGraph: { viewer: { zoom: { z: number } } } }).terrainGraph.viewer.zoom.z);
      const east = (await edge(page, 'east'))!;
      expect(Math.abs(east.x - (frame.x + (frame.width / 4) * (1 + z)))).toBeLessThanOrEqual(1);
      await screenshot(page, `zoom-dark-${width}`);
    });
  }, 180_000);
}
