// The histogram of a flow's lakes map read as a pale block with hairs at its right at both window
// sizes: the dry land, 0 deep, binned with the lakes made one bar as tall as the plot at 0 and
// every depth a pixel high. Now the plot is of the lake cells alone (their depths, in the map's
// colours) and rows say the shares of lake, no lake and sea, each as the engine counts them.
// With the real app at both window sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { shareText } from '../../src/viewer-core/histogram.ts';
import { formatValue } from '../../src/model/values.ts';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`plots a flow's lake cells alone, with rows for lake, no lake and sea, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showInViewer(page, 'rivers');
      await page.locator('tg-viewer select.port').selectOption('lakes');
      await settle(page);
      const hist = page.locator('tg-viewer section.histogram tg-histogram').first();
      await expect.poll(() => hist.locator('.row[data-name="no lake"]').count()).toBe(1);

      const graph = await pageGraph(page);
      const n = graph.view.size;
      const engine = createEngine(graph);
      engine.evaluate({ targets: ['rivers'] });
      const filled = engine.output('rivers', 'filled')!.data;
      const lakes = engine.output('rivers', 'lakes')!.data;
      const terrain = engine.output('water', 'terrain');
      if (terrain?.type !== 'terrain') throw new Error('no terrain');
      let lake = 0;
      let dry = 0;
      let sea = 0;
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < n * n; i++) {
        if (lakes[i] !== 0) {
          lake++;
          lo = Math.min(lo, lakes[i]);
          hi = Math.max(hi, lakes[i]);
        } else if (!(filled[i] >= terrain.seaLevel)) sea++;
        else dry++;
      }
      expect(lake, 'the recipe has lakes').toBeGreaterThan(0);
      const share = (name: string) => hist.locator(`.row[data-name="${name}"] .share`).innerText();
      expect(await share('lake')).toBe(shareText(lake / (n * n)));
      expect(await share('no lake')).toBe(shareText(dry / (n * n)));
      expect(await share('sea')).toBe(shareText(sea / (n * n)));
      // The axis is of the lakes' depths: from the shallowest lake, not from the dry land's 0.
      expect(await hist.locator('.axis span').allInnerTexts()).toEqual([formatValue(lo), 'lake cells only', formatValue(hi)]);

      // It reads: bars at least a quarter of the plot's height across a tenth of its width, where
      // the dry land's one bar at 0 stood alone (one 96th of it) over hairs a pixel high.
      const tall = await hist.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const g = canvas.getContext('2d')!;
        const { data } = g.getImageData(0, 0, canvas.width, canvas.height);
        let columns = 0;
        const row = Math.floor(canvas.height * 0.75);
        for (let x = 0; x < canvas.width; x++) if (data[(row * canvas.width + x) * 4 + 3] > 0) columns++;
        return columns / canvas.width;
      });
      expect(tall).toBeGreaterThan(0.1);
      // Whole in the panel: the plot, its axis and the shares, none cut by the panel's edge.
      for (const part of ['canvas', '.axis', '.row[data-name="lake"]', '.row[data-name="no lake"]', '.row[data-name="sea"]']) {
        const el = hist.locator(part).first();
        await el.scrollIntoViewIfNeeded();
        const box = (await el.boundingBox())!;
        expect(box.height, part).toBeGreaterThan(0);
        expect(box.x + box.width, part).toBeLessThanOrEqual(width);
      }
      await hist.scrollIntoViewIfNeeded();
      await screenshot(page, `lakes-histogram-${width}`);
    });
  }, 180_000);
}
