// The Export → Tiles box names the node it exports as the canvas and the viewer do, by its title.
// It said "Export tiles erosion": the Eroded valleys' Hydraulic erosion by its id, a word that in
// that graph's family also reads as the Erosion noise (id "eros"), and nowhere on the canvas.
import { describe, expect, it } from 'vitest';
import { appPerTest, openRecipe, screenshot, settle } from './harness.ts';

describe('the Export → Tiles box', () => {
  const app = appPerTest();

  it('names the node by its title in its heading, the id (the command line’s --node) in the tooltip', async () => {
    const page = app.s.page;
    await openRecipe(page, 'eroded-valleys.json');
    await page.locator('tg-node[data-node-id="erosion"] header .title').click();
    await settle(page);
    await page.locator('tg-viewer button.tiles-open').click();
    const named = page.locator('tg-tiles-dialog h2 small');
    await named.waitFor();
    expect(await named.innerText()).toBe('Hydraulic erosion');
    expect(await named.getAttribute('title')).toContain('erosion');
    expect(await page.locator('tg-tiles-dialog p.command code').innerText()).toContain('--node erosion');
    await screenshot(page, 'tiles-heading-1600');
  });
});
