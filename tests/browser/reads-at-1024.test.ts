// What a person reads at 1024 × 700. Names cut short with an ellipsis keep their whole text in
// the tooltip: the graph's name in the toolbar and the compare pin's name in the viewer (both
// tooltips said what the thing was for and not the name, so a cut name could not be read at
// all). A wire no node takes, dropped on the canvas, says so, not "No node matches."
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drag, openRecipe, screenshot, settle, socketCenter, withApp } from './harness.ts';

/** Whether an element in the page (through shadow roots) is drawn cut, and its tooltip. */
async function cut(page: Page, selector: string): Promise<{ cut: boolean; title: string }> {
  return page.locator(selector).evaluate((el: HTMLElement) => ({ cut: el.scrollWidth > el.clientWidth + 1, title: el.title }));
}

describe('names cut short at 1024 × 700', () => {
  it('keep their whole text in the tooltip: the graph name and the pinned output', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const name = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { name: string } } } }).terrainGraph.core.graph.name);
      const field = await cut(page, 'tg-toolbar input.name');
      expect(field.cut).toBe(true);
      expect(field.title).toContain(name);
      await openRecipe(page, 'rivers-from-the-rain.json');
      await page.locator('tg-node[data-node-id="rivers"] header .title').click();
      await settle(page);
      await page.locator('tg-viewer button.pin').click();
      await page.mouse.click(200, 100);
      await page.locator('tg-node[data-node-id="pv"] header .title').click();
      await settle(page);
      // The pinned name takes its row's room (it was capped at 45 % and cut here): whole now, in its title too.
      const pin = await cut(page, 'tg-viewer .pin-name');
      expect(pin.cut).toBe(false);
      expect(pin.title).toContain('Flow and rivers · rivers');
      await screenshot(page, 'cut-names-1024');
    });
  });
});

describe('a wire no node takes, dropped on empty canvas', () => {
  it('says that no node takes its type, not that none matches a search nothing was typed in', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const from = await socketCenter(page, 'biomes', 'output', 'out');
      await drag(page, from, { x: from.x + 20, y: from.y + 200 });
      await settle(page);
      await expect.poll(() => page.locator('tg-node-menu .none').textContent()).toBe('No node has an input that takes a biome.');
      await page.keyboard.type('curve');
      await expect.poll(() => page.locator('tg-node-menu .none').textContent()).toBe('No node has an input that takes a biome.');
      await page.keyboard.press('Escape');
      // A search that finds nothing among nodes offered says so.
      await page.mouse.dblclick(300, 110);
      await page.keyboard.type('zzzz');
      await expect.poll(() => page.locator('tg-node-menu .none').textContent()).toBe('No node matches.');
    });
  });
});
