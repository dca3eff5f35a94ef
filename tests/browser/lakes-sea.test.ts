// The lakes map of a flow drew the sea in the sand of its dry land while the rivers map beside it
// drew sea (session 38, a worldbuilder's pass): its sea is now drawn as sea, with a sea row under
// its plot, as the rivers map's legend has one. With the real mouse at both window sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { DRAINAGE_SEA } from '../../src/render/drainage.ts';
import { shareText } from '../../src/viewer-core/histogram.ts';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`draws the sea of a flow's lakes map as sea, with a sea row in its legend, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showInViewer(page, 'rivers');
      await page.locator('tg-viewer select.port').selectOption('lakes');
      await settle(page);
      const row = page.locator('tg-viewer tg-histogram [data-kind="sea"] .row[data-name="sea"]');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('i').evaluate((i) => getComputedStyle(i).backgroundColor)).toBe(`rgb(${DRAINAGE_SEA.join(', ')})`);
      // Its share is the flow's sea cells (no lake on them) over the map's, as the engine has them.
      const graph = await pageGraph(page);
      const n = graph.view.size;
      const engine = createEngine(graph);
      engine.evaluate({ targets: ['rivers'] });
      const filled = engine.output('rivers', 'filled')!.data;
      const lakes = engine.output('rivers', 'lakes')!.data;
      const terrain = engine.output('water', 'terrain');
      if (terrain?.type !== 'terrain') throw new Error('no terrain');
      const sea = (i: number) => !(filled[i] >= terrain.seaLevel) && lakes[i] === 0;
      let seaCells = 0;
      for (let i = 0; i < n * n; i++) if (sea(i)) seaCells++;
      expect(seaCells / (n * n)).toBeGreaterThan(0.05);
      expect(await row.locator('.share').innerText()).toBe(shareText(seaCells / (n * n)));
      // A cell of open sea (its 7 × 7 block all sea) nearest the view's middle: the map's pixel there is the sea's.
      let best = -1;
      let bestD = Infinity;
      for (let r = 3; r < n - 3; r++) {
        for (let c = 3; c < n - 3; c++) {
          let open = true;
          for (let dr = -3; dr <= 3 && open; dr++) for (let dc = -3; dc <= 3 && open; dc++) open = sea((r + dr) * n + c + dc);
          const d = (r - n / 2) ** 2 + (c - n / 2) ** 2;
          if (open && d < bestD) [best, bestD] = [r * n + c, d];
        }
      }
      expect(best, 'the recipe has open sea').toBeGreaterThanOrEqual(0);
      const at = { c: best % n, r: Math.floor(best / n), n };
      await expect
        .poll(() =>
          page.locator('tg-map-view canvas.map').evaluate(
            (canvas: HTMLCanvasElement, p) => [...canvas.getContext('2d')!.getImageData(Math.floor(((p.c + 0.5) * canvas.width) / p.n), Math.floor(((p.n - 1 - p.r + 0.5) * canvas.height) / p.n), 1, 1).data.slice(0, 3)],
            at,
          ),
        )
        .toEqual([...DRAINAGE_SEA]);
      await screenshot(page, `lakes-sea-${width}`);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `lakes-sea-legend-${width}`);
    });
  }, 180_000);
}
