// The water drawn over the viewer's map has its line in the histogram's legend: the flow's
// rivers output is a river / no river mask, and its map draws the flow's lakes over it too (the
// rivers & lakes box), which the legend did not name (a Gaea user's pass). The line goes with the
// box: unticked, no water drawn, no line. Both sizes, the real mouse.
import { expect, it } from 'vitest';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`names the rivers and lakes drawn over the flow's rivers in the histogram's legend, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showInViewer(page, 'rivers');
      await page.locator('tg-viewer select.port').selectOption('rivers');
      await settle(page);
      const legend = page.locator('tg-viewer tg-histogram').first();
      await expect.poll(() => legend.locator('[data-kind="mask"]').count()).toBe(1);
      const water = legend.locator('.water');
      await expect.poll(() => water.innerText()).toBe('rivers & lakes of Flow and rivers, drawn over the map');
      // Its swatch is the colour the map drew the water in, one of the water blues.
      const swatch = await water.locator('i').evaluate((i) => getComputedStyle(i).backgroundColor);
      expect(['rgb(0, 150, 255)', 'rgb(190, 236, 255)', 'rgb(0, 45, 120)', 'rgb(0, 255, 255)']).toContain(swatch);
      // Whole in the panel: its words wrap rather than run past the histogram's edge.
      const line = (await water.boundingBox())!;
      const host = (await legend.boundingBox())!;
      expect(line.x + line.width).toBeLessThanOrEqual(host.x + host.width + 0.5);
      expect(await water.evaluate((w) => w.scrollWidth <= w.clientWidth + 1)).toBe(true);
      // The line at the panel's foot (the map above stays in place), to look at.
      await water.evaluate((w) => w.scrollIntoView({ block: 'end' }));
      await screenshot(page, `histogram-water-${width}`);
      // The box unticked: no water drawn, no line for it.
      const box = (await page.locator('tg-viewer input.rivers-on').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await settle(page);
      await expect.poll(() => water.count()).toBe(0);
    });
  }, 120_000);
}
