// Export → Tiles offers the graph's world as the region once the graph has one (build's
// `--region world`) and opens on it, so the tiles hold the eroded land the editor shows; with
// Unreal's tiles, which fill no world at the menu's resolutions, it says at which one they do and
// a button takes it. It reopens as left (tiles picked over the world, their counts), and says
// why it changed when the world is gone. Both sizes, the real mouse and keyboard.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { lightValleys, openText, screenshot, settle, showInViewer, withApp } from './harness.ts';

/** Brings the note under the map back into sight (the box's button scrolled the panel down to the Export row) and clicks its button. */
async function clickNoteButton(page: Page, width: number, height: number, selector: string): Promise<void> {
  await page.mouse.move(width - 150, height - 60);
  await page.mouse.wheel(0, -3000);
  const button = page.locator(`tg-viewer .grid-note ${selector}`);
  await expect.poll(async () => {
    const b = await button.boundingBox();
    const map = (await page.locator('tg-viewer tg-map-view').boundingBox())!;
    return !!b && b.y >= map.y + map.height;
  }).toBe(true);
  const b = (await button.boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

/** Clicks the middle of what `selector` finds in the box with the mouse. */
async function clickIn(page: Page, selector: string): Promise<void> {
  const b = (await page.locator(`tg-tiles-dialog ${selector}`).boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

/** Picks an option of the box's select as a person does: a click opens it, typing its label's start and Enter picks it. */
async function pick(page: Page, selector: string, typed: string): Promise<void> {
  await clickIn(page, selector);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
}

/** Types a count into the box's field as a person does: a triple click selects it, then the number and Tab. */
async function typeCount(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(`tg-tiles-dialog ${selector}`).click({ clickCount: 3 });
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

async function openBox(page: Page): Promise<void> {
  await page.locator('tg-viewer button.tiles-open').click();
  await page.locator('tg-tiles-dialog select.across').waitFor();
}

async function closeBox(page: Page): Promise<void> {
  await clickIn(page, 'button.cancel');
  await page.locator('tg-tiles-dialog .box').waitFor({ state: 'detached' });
}

/** The box whole in the window, its region row on one line. */
async function fitsWindow(page: Page, width: number, height: number): Promise<void> {
  const box = (await page.locator('tg-tiles-dialog .box').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(await page.locator('tg-tiles-dialog .region').evaluate((r) => r.scrollWidth <= r.clientWidth + 1)).toBe(true);
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`opens on the graph's world in tiles that fill it, reopens as left and says when the world is gone, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await showInViewer(page, 'erosion');
      const across = page.locator('tg-tiles-dialog select.across');
      const d = page.locator('tg-tiles-dialog');
      // No world yet: tiles and samples only.
      await openBox(page);
      expect(await across.locator('option').allInnerTexts()).toEqual(['tiles', 'samples']);
      await closeBox(page);

      await clickNoteButton(page, width, height, 'button.world-set');
      await expect.poll(() => page.locator('tg-viewer .grid-note p').innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world/);
      await settle(page);

      // The box opens on the world just given: the export covers it without a pick.
      await openBox(page);
      expect(await across.inputValue()).toBe('world');
      await expect.poll(() => d.locator('.region .world').innerText()).toBe('3 × 3 views from (−1, −1)');
      expect(await d.locator('.region input').count()).toBe(0);
      await expect.poll(() => d.locator('p.summary').innerText()).toContain("the graph's world from (−1, −1) to (2, 2), 3 × 3 views");
      // At the graph's own 256 cells a view (the map's) until one is picked: 1024 picked here.
      expect(await d.locator('select.cells').inputValue()).toBe('256');
      await pick(page, 'select.cells', '1024');
      await expect.poll(() => d.locator('select.cells').inputValue()).toBe('1024');
      expect(await d.locator('p.command code').innerText()).toContain('--region world');
      // Unreal (the first engine) kept: none of its sizes fills the world at 1024 cells a view,
      // and the box says at which resolution one does, with a button, where it pointed to Unity.
      expect(await d.locator('button.layout.on').getAttribute('data-layout')).toBe('unreal');
      const fit = d.locator('p.world-fit');
      expect(await fit.innerText()).toContain(
        "No Unreal tile size fills a world of 3 × 3 views at 1024 cells a view (Unreal's tiles span 504, 1008 or 2016 cells, the world 3072): at 1008 cells a view, 3 × 3 tiles of 1009² do.",
      );
      await fitsWindow(page, width, height);
      await screenshot(page, `s36-tiles2-world-unreal-${width}`);
      await clickIn(page, 'button.world-fit-use');
      await expect.poll(() => d.locator('select.cells').inputValue()).toBe('1008');
      expect(await d.locator('select.tile-size').inputValue()).toBe('1009');
      expect(await fit.count()).toBe(0);
      await expect.poll(() => d.locator('p.grid-note').innerText()).toBe('Hydraulic erosion runs once on the whole export (3025² samples) before the first tile, so the tiles agree at their edges.');
      expect(await d.locator('p.summary').innerText()).toMatch(/^9 tiles \(3 × 3\) of 1009² samples/);
      expect(await d.locator('button.confirm').isDisabled()).toBe(false);
      await fitsWindow(page, width, height);
      await screenshot(page, `s36-tiles2-world-filled-${width}`);

      // Tiles picked over the world, with their counts: the box reopens so, the resolution kept.
      await pick(page, 'select.across', 't');
      await expect.poll(() => across.inputValue()).toBe('tiles');
      await typeCount(page, 'input.x', '3');
      await typeCount(page, 'input.y', '1');
      await closeBox(page);
      await openBox(page);
      expect(await across.inputValue()).toBe('tiles');
      expect([await d.locator('input.x').inputValue(), await d.locator('input.y').inputValue(), await d.locator('select.cells').inputValue()]).toEqual(['3', '1', '1008']);
      expect(await d.locator('p.opened').count()).toBe(0);

      // The world picked again, then removed: the box goes back to those tiles and says why.
      await pick(page, 'select.across', 'the');
      await expect.poll(() => across.inputValue()).toBe('world');
      await closeBox(page);
      await clickNoteButton(page, width, height, 'button.world-remove');
      await expect.poll(() => page.locator('tg-viewer .grid-note p').innerText(), { timeout: 60_000 }).not.toMatch(/runs on the graph's whole world/);
      await settle(page);
      await openBox(page);
      expect(await across.inputValue()).toBe('tiles');
      expect(await across.locator('option').allInnerTexts()).toEqual(['tiles', 'samples']);
      expect([await d.locator('input.x').inputValue(), await d.locator('input.y').inputValue()]).toEqual(['3', '1']);
      expect(await d.locator('p.opened').innerText()).toBe("The graph's world (3 × 3 views from (−1, −1)) is gone, so the region is 3 × 1 tiles east and north of the map's bottom-left corner.");
      await fitsWindow(page, width, height);
      await screenshot(page, `s36-tiles2-world-gone-${width}`);
    });
  }, 240_000);
}
