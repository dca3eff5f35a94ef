// Export → Tiles as a newcomer met it, with the real mouse and keyboard at both sizes: a water
// level read from the view names its cut and a button sets it to the world (one undo step, the
// graph left unsaved); the box opens at the graph's own cells a view; counts that are no whole
// number of tiles say so by field and hold Export back; and the region is said from the map's
// bottom-left corner, east and north. Screenshots: tests/screenshots/s37-tilesfix-*.png.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { params, screenshot, settle, showInViewer, showParams, withApp } from './harness.ts';

const d = 'tg-tiles-dialog';

/** Clicks the middle of what `selector` finds in the box with the mouse. */
async function clickIn(page: Page, selector: string): Promise<void> {
  const b = (await page.locator(`${d} ${selector}`).boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

/** Types into a count field as a person does: a triple click selects it, then the text (none: cleared) and Tab. */
async function typeCount(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(`${d} ${selector}`).click({ clickCount: 3 });
  if (value === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

async function openBox(page: Page): Promise<void> {
  await page.locator('tg-viewer button.tiles-open').click();
  await page.locator(`${d} select.across`).waitFor();
}

/** The box whole in the window. */
async function fitsWindow(page: Page, width: number, height: number): Promise<void> {
  const box = (await page.locator(`${d} .box`).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`names the water's view cut with a button that sets it, opens at the map's resolution, refuses counts by field and says where the region lies, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      // A water level reading its level from the view, as one added from the palette does.
      await showParams(page, 'water');
      await page.locator('tg-node[data-node-id="water"] tg-param[name="cut"] select').selectOption('view');
      await settle(page);
      await showInViewer(page, 'coast');
      await openBox(page);

      // Opened at the graph's 256 cells a view (the map's), not the 1024 kept from other graphs.
      expect(await page.locator(`${d} select.cells`).inputValue()).toBe('256');
      expect(await page.locator(`${d} select.cells option:checked`).innerText()).toBe("256 cells a view · the map's");

      // The seams name the node and its setting, and the button sets it.
      const seams = page.locator(`${d} p.seams`);
      await expect.poll(() => seams.innerText()).toContain('Water level (cut: view) reads each tile on its own');
      expect(await seams.innerText()).toContain("Set Water level's cut to world-8 and it reads the world");
      expect(await page.locator(`${d} button.seams-fix`).innerText()).toBe("Set Water level's cut to world-8");
      // And that the sea level will move: the button moved it with no word of it.
      expect(await seams.innerText()).toContain("Water level's sea level will then be read from the world's heights (16 × 16 views around the origin), not this view's, so it moves");
      // The Export button stays in sight in the box beside the longer words (its foot sticks).
      const boxRect = (await page.locator(`${d} .box`).boundingBox())!;
      const exportAt = (await page.locator(`${d} button.confirm`).boundingBox())!;
      expect(exportAt.y + exportAt.height).toBeLessThanOrEqual(boxRect.y + boxRect.height + 0.5);
      expect(exportAt.y).toBeGreaterThanOrEqual(boxRect.y);
      await fitsWindow(page, width, height);
      await screenshot(page, `s37-tilesfix-seams-${width}`);
      await clickIn(page, 'button.seams-fix');
      await expect.poll(() => seams.count()).toBe(0);
      expect((await params(page, 'water')).cut).toBe('world-8');
      expect(await page.evaluate(() => (window as unknown as { terrainGraph: { core: { clean: boolean; undoLabel: string } } }).terrainGraph.core.undoLabel)).toBe('change cut');
      expect(await page.evaluate(() => (window as unknown as { terrainGraph: { core: { clean: boolean } } }).terrainGraph.core.clean)).toBe(false);

      // Counts that are no whole number of tiles: said by field, Export held back, no NaN anywhere.
      const problem = page.locator(`${d} p.count-problem`);
      const confirm = page.locator(`${d} button.confirm`);
      const takes = 'it takes a whole number of tiles from 1 to 500,000.';
      const empty = `Tiles across is empty: ${takes}`;
      const below = `Tiles across: −1 is less than 1; ${takes}`;
      const typed: [string, string, string][] = [
        ['input.x', '', empty],
        ['input.y', 'abc', `${empty} Tiles up: "abc" is no number; ${takes}`],
        ['input.y', '2.5', `${empty} Tiles up: 2.5 is not a whole number; ${takes}`],
        ['input.x', '-1', `${below} Tiles up: 2.5 is not a whole number; ${takes}`],
        // Read with the last count up that did (2): two billion tiles.
        ['input.y', '1e9', `${below} Tiles up: 1,000,000,000 makes 2,000,000,000 tiles, more than terrain-graph build makes (1,000,000 in all); ${takes}`],
      ];
      for (const [field, value, said] of typed) {
        await typeCount(page, field, value);
        await expect.poll(() => problem.innerText()).toBe(said);
        expect(await confirm.isDisabled()).toBe(true);
        expect(await confirm.innerText()).toBe('Export tiles');
        expect(await page.locator(`${d} .box`).innerText()).not.toMatch(/NaN|(^|[^\d,])0 tiles/);
      }
      await fitsWindow(page, width, height);
      await screenshot(page, `s37-tilesfix-counts-${width}`);
      await typeCount(page, 'input.x', '3');
      await typeCount(page, 'input.y', '2');
      await expect.poll(() => problem.count()).toBe(0);
      expect(await confirm.isDisabled()).toBe(false);
      expect(await confirm.innerText()).toBe('Export 6 tiles');

      // Where the region lies: from the map's bottom-left corner, east and north, beside the map's 1 × 1.
      expect(await page.locator(`${d} p.summary .where`).innerText()).toBe(
        "from the map's bottom-left corner (0, 0), 3 × 2 tiles east and north (right and up) to (11.813, 7.875): 11.813 × 7.875 views, the map shows 1 × 1",
      );
      await fitsWindow(page, width, height);
      await screenshot(page, `s37-tilesfix-region-${width}`);

      // The cut's change is one undo step: Ctrl+Z on the canvas puts the view cut back, and the box says so again.
      await clickIn(page, 'button.cancel');
      await page.locator(`${d} .box`).waitFor({ state: 'detached' });
      await page.locator('tg-node[data-node-id="coast"] header .title').click();
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await params(page, 'water')).cut).toBe('view');
      await settle(page);
      await openBox(page);
      await expect.poll(() => seams.innerText()).toContain('Water level (cut: view)');
    });
  }, 240_000);
}

it('reads a count refused for the tiles it made with the other again when the other changes', async () => {
  await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
    await showInViewer(page, 'coast');
    await openBox(page);
    const problem = page.locator(`${d} p.count-problem`);
    const confirm = page.locator(`${d} button.confirm`);
    await typeCount(page, 'input.x', '3');
    await typeCount(page, 'input.y', '999999');
    await expect.poll(() => problem.innerText()).toBe(
      'Tiles up: 999,999 makes 2,999,997 tiles, more than terrain-graph build makes (1,000,000 in all); it takes a whole number of tiles from 1 to 333,333.',
    );
    // One tile across: 999,999 up makes 999,999 tiles, which build makes; the count up is taken, not still refused for 3 across.
    await typeCount(page, 'input.x', '1');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await page.locator(`${d} input.y`).inputValue()).toBe('999999');
    expect(await page.locator(`${d} p.summary .where`).innerText()).toContain('1 × 999,999 tiles east and north');
    // Taken: what holds Export back now is the browser's limit, which sends it to the command line.
    expect(await page.locator(`${d} p.problem`).innerText()).toMatch(/^999,999 tiles of 1009² .* the browser exports at most/);
    // Back to 3 across, with 999,999 up taken: the count just typed is the one refused, by its field.
    await typeCount(page, 'input.x', '3');
    await expect.poll(() => problem.innerText()).toBe(
      'Tiles across: 3 makes 2,999,997 tiles, more than terrain-graph build makes (1,000,000 in all); with 999,999 tiles up, it takes only 1.',
    );
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, 's37-review9-tiles-reread-1024');
  });
}, 240_000);

// Session 38: while a count was refused the box went on showing the last accepted counts' problem
// and command line (1 × 999999 tiles under a field that said 3), and a tile size picked did not
// read a refused count again, though in samples the tile size decides how many tiles it makes.
for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`shows no command for counts the fields do not hold, and reads a refused count again when a tile size is picked, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await showInViewer(page, 'coast');
      await openBox(page);
      const problem = page.locator(`${d} p.count-problem`);
      const command = page.locator(`${d} p.command`);
      const stale = page.locator(`${d} p.problem`);
      await typeCount(page, 'input.x', '1');
      await typeCount(page, 'input.y', '999999');
      // Taken: past the browser's limit, sent to the command line, which says 1 × 999999 tiles' region.
      await expect.poll(() => stale.innerText()).toMatch(/^999,999 tiles of 1009² .* the browser exports at most/);
      expect(await command.innerText()).toContain('terrain-graph build');
      await typeCount(page, 'input.x', '3');
      await expect.poll(() => problem.innerText()).toMatch(/^Tiles across: 3 makes 2,999,997 tiles/);
      expect(await command.count()).toBe(0);
      expect(await stale.count()).toBe(0);
      expect(await page.locator(`${d} button.confirm`).isDisabled()).toBe(true);
      await screenshot(page, `tiles-count-refused-no-command-${width}`);

      // Samples, at 1009² (1008 a tile): 2017 up is 2 tiles, 600,000,000 across 595,239: 1,190,478 in all, refused.
      await page.locator(`${d} select.across`).selectOption('samples');
      await typeCount(page, 'input.y', '2017');
      await typeCount(page, 'input.x', '600000000');
      await expect.poll(() => problem.innerText()).toMatch(/^Samples across: 600,000,000 makes 1,190,478 tiles/);
      expect(await command.count()).toBe(0);
      // 2017² tiles: 1 up, 297,620 across; the count is read again and taken.
      await page.locator(`${d} select.tile-size`).selectOption('2017');
      await expect.poll(() => problem.count()).toBe(0);
      expect(await page.locator(`${d} input.x`).inputValue()).toBe('600000000');
      await expect.poll(() => command.innerText()).toContain('--tile-size 2017');
      expect(await command.innerText()).toMatch(/--region 0,0,/);
      await screenshot(page, `tiles-count-reread-tile-size-${width}`);
    });
  }, 240_000);
}
