// Four small papercuts, driven with the real mouse and keyboard: Save on a graph opened from a
// recipe asks for a name (a recipe is a template), the Export → Tiles choices kept across a
// reload, the compare pin's name readable at 1024 × 700, and the angle sliders' 1° steps.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, openRecipe, screenshot, settle, waitForPreviews, withApp } from './harness.ts';

describe('small papercuts', () => {
  const app = appPerTest();

  it('asks for a name on Save of an edited recipe, then saves under that name without asking again', async () => {
    const page = app.s.page;
    await openRecipe(page, 'climate-kauai.json');
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await page.keyboard.press('Control+s');
    const ask = page.locator('tg-ask-dialog');
    await ask.locator('input').waitFor();
    await page.waitForTimeout(300);
    expect(downloads, 'nothing saved before a name is given').toEqual([]);
    await screenshot(page, 'papercuts-recipe-save');
    await page.keyboard.type('my-kauai');
    const [first] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(first.suggestedFilename()).toBe('my-kauai.json');
    // The name given is the graph's file from now on: Save no longer asks.
    const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    expect(again.suggestedFilename()).toBe('my-kauai.json');
    expect(await ask.count()).toBe(0);
  });
});

/** The compare bar's pinned name: its text, whether it is cut, and its lines. */
async function pinName(page: Page): Promise<{ text: string; cut: boolean; lines: number; title: string }> {
  return page.locator('tg-viewer .pin-name').evaluate((el) => {
    const h = el as HTMLElement;
    const line = parseFloat(getComputedStyle(h).lineHeight) || 15;
    return { text: h.textContent!.replace(/\s+/g, ' ').trim(), cut: h.scrollWidth > h.clientWidth + 1, lines: Math.round(h.getBoundingClientRect().height / line), title: h.title };
  });
}

describe('the compare pin', () => {
  for (const viewport of [
    { width: 1024, height: 700 },
    { width: 1600, height: 1000 },
  ]) {
    it(`shows the pinned output's whole name on one line at ${viewport.width} × ${viewport.height}`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'climate-kauai.json');
        await page.locator('tg-node[data-node-id="biomes"] header .title').click();
        await settle(page);
        await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
        await settle(page);
        await screenshot(page, `papercuts-pin-${viewport.width}`);
        const name = await pinName(page);
        expect(name.text).toMatch(/^pinned: Biomes · /);
        expect(name.cut, `"${name.text}" cut short`).toBe(false);
        expect(name.lines).toBe(1);
        expect(name.title).toContain('Biomes');
      });
    });
  }
});

describe('an angle slider', () => {
  const app = appPerTest();

  it('moves a tenth as far with Shift held during the drag: 1° steps on the wind\'s 0…360° track, one undo step', async () => {
    const page = app.s.page;
    await openRecipe(page, 'climate-kauai.json');
    await page.locator('tg-node[data-node-id="wind"] header .title').click();
    const slider = page.locator('tg-node[data-node-id="wind"] tg-param[name="angle"] input[type="range"]');
    await slider.waitFor();
    const angle = () => page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { params: { angle: number } } } } }).terrainGraph.core.node('wind').params.angle);
    expect(await angle()).toBe(225);
    const b = (await slider.boundingBox())!;
    // Grabbed left of the thumb: a plain press there would jump the value to the pointer.
    const from = { x: b.x + (b.width * 150) / 360, y: b.y + b.height / 2 };
    await page.keyboard.down('Shift');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y, { steps: 10 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await settle(page);
    // 20 px of a 360° track of b.width px, a tenth as fast: 12° on a 60 px slider.
    const expected = 225 + Math.round((20 / b.width) * 36);
    expect(Math.abs((await angle()) - expected), `angle ${await angle()}, about ${expected} expected`).toBeLessThanOrEqual(1);
    expect(await angle()).toBeGreaterThan(225);
    // 4 px of a Shift-drag: a few degrees, not the 24° of a plain drag.
    const before = await angle();
    await page.keyboard.down('Shift');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 4, from.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await settle(page);
    expect((await angle()) - before).toBeGreaterThan(0);
    expect((await angle()) - before).toBeLessThanOrEqual(Math.ceil((4 / b.width) * 36));
    await screenshot(page, 'papercuts-angle-fine');
    // Each drag is one step: two undos bring back the recipe's 225°.
    await page.locator('tg-app .canvas').click({ position: { x: 20, y: 300 } });
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await angle()).toBe(225);
  });
});

describe('Export → Tiles', () => {
  const app = appPerTest();

  /** The dialog's fields as they stand. */
  async function fields(page: Page) {
    const d = page.locator('tg-tiles-dialog');
    return {
      layout: await d.locator('button.layout.on').getAttribute('data-layout'),
      tileSize: await d.locator('select.tile-size').inputValue(),
      cells: await d.locator('select.cells').inputValue(),
      across: await d.locator('select.across').inputValue(),
      x: await d.locator('input.x').inputValue(),
      y: await d.locator('input.y').inputValue(),
      format: await d.locator('select.format').inputValue(),
    };
  }

  async function openTiles(page: Page): Promise<void> {
    await page.locator('tg-node[data-node-id="water"] header .title').click();
    await settle(page);
    await page.locator('tg-viewer button.tiles-open').click();
    await page.locator('tg-tiles-dialog').waitFor();
  }

  /** Picks an option of a select as a person does: a click opens it, typing its label's start and Enter picks it. */
  async function pick(page: Page, selector: string, typed: string): Promise<void> {
    await page.locator(`tg-tiles-dialog ${selector}`).click();
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');
  }

  it('keeps the choices made with the mouse and keyboard across a reload', async () => {
    const page = app.s.page;
    await openTiles(page);
    // At the graph's own resolution (256) until one is picked; the one picked is kept across the reload.
    expect(await fields(page)).toEqual({ layout: 'unreal', tileSize: '1009', cells: '256', across: 'tiles', x: '2', y: '2', format: 'png16' });
    await page.locator('tg-tiles-dialog button[data-layout="unity"]').click();
    await pick(page, 'select.tile-size', '513');
    await pick(page, 'select.cells', '512');
    const x = page.locator('tg-tiles-dialog input.x');
    await x.click({ clickCount: 3 });
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    const y = page.locator('tg-tiles-dialog input.y');
    await y.click({ clickCount: 3 });
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    const set = { layout: 'unity', tileSize: '513', cells: '512', across: 'tiles', x: '3', y: '1', format: 'r16' };
    expect(await fields(page)).toEqual(set);
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForPreviews(page);
    await openTiles(page);
    expect(await fields(page)).toEqual(set);
    await screenshot(page, 'papercuts-tiles-kept-1600');
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    await screenshot(page, 'papercuts-tiles-kept-1024');
  });

  it('opens with the defaults where the kept choice is damaged, the other parts as kept', async () => {
    const page = app.s.page;
    await page.evaluate(() => localStorage.setItem('terrain-graph:viewer-exports', '{"size": null, "tiles": {"layout": "unity", "tileSize": 999, "cellsPerView": 512, "across": "tiles", "x": -3, "y": 1, "format": "gif"}}'));
    await page.reload();
    await waitForPreviews(page);
    await openTiles(page);
    // A resolution kept but never picked opens at the graph's own (256).
    expect(await fields(page)).toEqual({ layout: 'unity', tileSize: '1025', cells: '256', across: 'tiles', x: '2', y: '2', format: 'r16' });
  });
});
