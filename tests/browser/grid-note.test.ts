// The line under the viewer's map for a node whose values depend on the grid it runs on (an
// erosion or a flow upstream): it names those nodes by title and says where they run. Without a
// world they run on the view, so a pan runs them again (a Gaea user saw an eroded map's valleys
// move on a pan); its button gives the graph a world around the view, after which they run on
// all of it and a pan keeps every cell: the same world cell explains the same eroded height
// before and after a pan with the real mouse. Shown whole, under the map, at both sizes. A view
// typed between the world's cells is said to be, and a drag puts it back on them.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { graphText, openRecipe, screenshot, settle, showInViewer, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';

/** Pins the map's cell (c, r) (r counted from the south) with a click and reads the erosion's height there from the explanation. */
async function heightAt(page: Page, c: number, r: number): Promise<string> {
  const box = (await page.locator('tg-map-view .frame').boundingBox())!;
  const n = 256;
  const cell = box.width / n;
  await page.mouse.click(box.x + (c + 0.5) * cell, box.y + (n - 1 - r + 0.5) * cell);
  await settle(page);
  const i = r * n + c;
  await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), i);
  return page.locator('tg-provenance tr[data-node="erosion"][data-port="out"]').getAttribute('data-value') as Promise<string>;
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`names the erosion under its map, gives the graph a world with one click, and a pan then keeps the eroded land, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      // Below the erosion (Biomes) the note is one line, opened with a click (grid-note-below.test.ts).
      await showInViewer(page, 'biomes');
      await expect.poll(() => page.locator(`${note} summary`).innerText()).toBe('Below Hydraulic erosion, which runs on the whole view: give the graph a world');
      await page.locator(`${note} summary`).click();
      for (const id of ['biomes', 'erosion']) {
        await showInViewer(page, id);
        await expect.poll(() => page.locator(`${note} p`).innerText()).toBe(
          'Hydraulic erosion runs on the whole view: a pan runs it again on the new view, so the same place may come out different. A build (Export → Tiles, terrain-graph build) runs it once on its whole grid. Give the graph a world (3 × 3 views from (−1, −1), 769² cells at this size) and it runs on all of it: a pan inside it keeps the land.',
        );
      }
      // Whole, inside the viewer, below the map and not over it.
      const box = (await page.locator(note).boundingBox())!;
      const viewer = (await page.locator('tg-viewer').boundingBox())!;
      const map = (await page.locator('tg-viewer tg-map-view').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(viewer.x);
      expect(box.x + box.width).toBeLessThanOrEqual(viewer.x + viewer.width + 0.5);
      expect(box.y).toBeGreaterThanOrEqual(map.y + map.height - 0.5);
      expect(await page.locator(note).evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
      await screenshot(page, `grid-note-${width}`);

      // One click gives the graph a world; the file says so, the line says where the erosion runs now.
      const give = page.locator(`${note} button.world-set`);
      expect(await give.innerText()).toBe('Give the graph a world');
      expect(await give.getAttribute('title')).toBe('3 × 3 views from (−1, −1)');
      // On one line, whole, inside the note.
      const noteBox = (await page.locator(note).boundingBox())!;
      const b0 = (await give.boundingBox())!;
      expect(b0.height).toBeLessThanOrEqual(24);
      expect(b0.x + b0.width).toBeLessThanOrEqual(noteBox.x + noteBox.width + 0.5);
      const b = (await give.boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(
        /^Hydraulic erosion runs on the graph's whole world \(3 × 3 views from \(−1, −1\), 769² cells at this size\): a pan inside it keeps the land\./,
      );
      expect(JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await settle(page);
      // The size menu: 2 × 2 views around the view, a smaller grid (513² at 256²), then back to 3 × 3.
      const menu = page.locator(`${note} select[aria-label="world size"]`);
      expect(await menu.inputValue()).toBe('3');
      await menu.selectOption('2');
      await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(/whole world \(2 × 2 views from \(0, 0\), 513² cells at this size\)/);
      await settle(page);
      await menu.selectOption('3');
      await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
      await settle(page);
      await screenshot(page, `grid-note-world-${width}`);

      // The eroded height of a world cell, then the map dragged 64 cells west with the mouse
      // (the view moves east), and the same world cell 64 columns further left: the same height.
      const before = await heightAt(page, 160, 128);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const shift = (64 * frame.width) / 256;
      const y = frame.y + frame.height * 0.3;
      await page.mouse.move(frame.x + frame.width * 0.7, y);
      await page.mouse.down();
      await page.mouse.move(frame.x + frame.width * 0.7 - shift, y, { steps: 10 });
      await page.mouse.up();
      await settle(page);
      await expect.poll(async () => JSON.parse(await graphText(page)).view.x).toBe(0.25);
      expect(await heightAt(page, 96, 128)).toBe(before);

      // Undo four times (the pan, the two sizes, then the world): the graph has none again, and the offer is back.
      for (let k = 0; k < 4; k++) await page.keyboard.press('Control+z');
      await expect.poll(() => page.locator(`${note} button.world-set`).count()).toBe(1);
      expect(JSON.parse(await graphText(page)).world).toBeUndefined();

      // Upstream of the erosion, nothing depends on the grid. The erosion's card closed first
      // (Escape: the keys back to the canvas, then the selection ended): at 1024 × 700 its 12
      // params find no clear place and it lies over the Height's title.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await showInViewer(page, 'height');
      await expect.poll(() => page.locator(note).count()).toBe(0);
      // Opened at 1024 × 700 with its start in sight, the Biomes past the canvas's edge (fit.ts
      // readableFit): fitted whole, as the other tests start.
      await openRecipe(page, 'default.json');
      await showInViewer(page, 'biomes');
      expect(await page.locator(note).count()).toBe(0);
    });
  }, 180_000);
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`says when a typed origin lies between the world's cells, and a drag puts the view back on them, at ${width} × ${height}`, async () => {
    // The engine runs on the world only a view on its own cells: a view typed at x = 0.1 runs its
    // erosion on the view. The line said it lay outside the world and offered to move the world
    // around it, which would not have helped.
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'erosion');
      await page.locator(`${note} button.world-set`).click();
      await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world/);
      const x = page.locator('tg-viewer input.x');
      await x.fill('0.1');
      await x.press('Enter');
      await expect.poll(() => page.locator(`${note} p`).innerText()).toBe(
        "The view's origin lies between the cells of the graph's world at 256 cells a view (3 × 3 views from (−1, −1)): here Hydraulic erosion runs on the whole view. A drag of the map puts the view on them.",
      );
      expect(await page.locator(`${note} button.world-set`).count()).toBe(0);
      expect(await page.locator(`${note} button.world-remove`).count()).toBe(1);
      await settle(page);
      await screenshot(page, `grid-note-between-${width}`);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const y = frame.y + frame.height * 0.3;
      await page.mouse.move(frame.x + frame.width * 0.5, y);
      await page.mouse.down();
      await page.mouse.move(frame.x + frame.width * 0.5 - 37, y, { steps: 5 });
      await page.mouse.up();
      await settle(page);
      const view = JSON.parse(await graphText(page)).view;
      expect(Number.isInteger(view.x * 256)).toBe(true);
      expect(view.x).not.toBe(0.1);
      await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world/);
    });
  }, 180_000);
}

it('keeps the keyboard in the note when a world is given or removed with Enter (1024 × 700)', async () => {
  // The button pressed goes away (Give the graph a world becomes Remove the world and back): the
  // focus fell to the page's body, and the next Tab started again at the toolbar's first button.
  await withApp({ viewport: { width: 1024, height: 700 }, recipe: 'eroded-valleys.json' }, async (page) => {
    await showInViewer(page, 'erosion');
    const focused = () =>
      page.evaluate(() => {
        let a: Element | null = document.activeElement;
        while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
        return a ? `${a.localName}${a.className ? `.${a.className}` : ''}${a.getAttribute('aria-label') ? `[${a.getAttribute('aria-label')}]` : ''}` : 'none';
      });
    await page.locator(`${note} button.world-set`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world/);
    expect(await focused()).toBe('select[world size]');
    await settle(page);
    // Tab goes on to Remove the world; Enter removes it, and the keys stay in the note.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button.world-remove');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`${note} button.world-set`).count()).toBe(1);
    expect(JSON.parse(await graphText(page)).world).toBeUndefined();
    expect(await focused()).toBe('select[world size]');
    await settle(page);
    await screenshot(page, 'grid-note-keyboard-1024');
    // A mouse click leaves the focus where the click put it: the canvas's keys act after it as before.
    await page.locator(`${note} button.world-set`).click();
    await expect.poll(() => page.locator(`${note} button.world-remove`).count(), { timeout: 60_000 }).toBe(1);
    expect(await focused()).not.toBe('select[world size]');
  });
}, 180_000);
