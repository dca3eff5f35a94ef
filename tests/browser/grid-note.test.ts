// The line under the viewer's map for a node whose values depend on the grid it runs on (an
// erosion or a flow upstream: in the editor, the view): it names those nodes by title and says
// that a pan runs them again, as a Gaea user who saw an eroded map's valleys move on a pan asked.
// Other nodes have no such line. Shown whole, inside the viewer, under the map, at both sizes.
import { expect, it } from 'vitest';
import { screenshot, showInViewer, withApp } from './harness.ts';

const note = 'tg-viewer p.grid-note';

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`names the erosion under the map of its node and of the biomes below it, and says nothing for the default graph, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      for (const id of ['erosion', 'biomes']) {
        await showInViewer(page, id);
        await expect.poll(() => page.locator(note).innerText()).toBe(
          'Hydraulic erosion runs on the whole view: a pan runs it again, and a place may come out otherwise. A build runs it once on its whole grid.',
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
      // Upstream of the erosion, nothing depends on the view's grid.
      await showInViewer(page, 'height');
      await expect.poll(() => page.locator(note).count()).toBe(0);
      await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('default.json');
      await showInViewer(page, 'biomes');
      expect(await page.locator(note).count()).toBe(0);
    });
  }, 120_000);
}
