// The viewer says why one side of Kauai is wet (a newcomer read "Wind 0.3454" and "Moisture
// 1.0000" and could not tell): a cell in the wind's lee, pinned with the mouse, reads "rain
// shadow" on the wind's row and the moisture's sum of terms on its own, at a large and a small
// window, whole and in sight.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { upwindWalk } from '../../nodes/wind.ts';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import type { TerrainValue } from '../../src/model/values.ts';
import { openRecipe, screenshot, settle, waitForPreviews, withApp } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

describe("the viewer's explanation of the wind and the moisture", () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height} says rain shadow in the lee of Kauai's heights and sums the moisture's terms`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'climate-kauai.json');
        await page.locator('tg-node[data-node-id="moisture"] header .title').click();
        await settle(page);
        await page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="moisture"]'));
        // A land cell well in the lee of higher land, away from the map's edges, from the page's own graph.
        const graph = await pageGraph(page);
        const engine = createEngine(graph);
        engine.evaluate();
        const n = graph.view.size;
        const terrain = engine.output('water', 'terrain') as TerrainValue;
        const rank = engine.output('rank')!.data as Float32Array;
        const angle = graph.nodes.find((x) => x.id === 'wind')!.params.angle as number;
        const isSea = (j: number) => !(terrain.data[j] >= terrain.seaLevel);
        const inside = (k: number) => k % n > 16 && k % n < n - 16 && k / n > 16 && k / n < n - 16;
        const i = [...Array(n * n).keys()].find((k) => inside(k) && !isSea(k) && upwindWalk(n, isSea, rank, angle, k).top > rank[k] + 0.3)!;
        expect(i).toBeGreaterThanOrEqual(0);
        const box = (await page.locator('tg-map-view .frame').boundingBox())!;
        const cell = box.width / n;
        await page.mouse.click(box.x + ((i % n) + 0.5) * cell, box.y + (n - 1 - Math.floor(i / n) + 0.5) * cell);
        await settle(page);
        await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), i);
        const note = (node: string) => page.locator(`tg-provenance tr[data-node="${node}"] td.note`).first();
        const wind = (await note('wind').textContent())!.trim();
        expect(wind).toMatch(/^over land .*from the north-east/);
        expect(wind).toContain('rain shadow');
        const answer = (await page.locator('tg-provenance .answer').textContent())!.replace(/\s+/g, ' ');
        expect(answer).toMatch(/noise 0\.119 · \d\.\d{4} \+ coast 0\.371 \/ \(1 \+ [\d.]+ cells · 0\.264\) \+ wind 0\.894 · \d\.\d{4} = \d\.\d{4}/);
        await page.locator('tg-provenance tr[data-node="wind"]').first().evaluate((tr) => tr.scrollIntoView({ block: 'center' }));
        // The wind's note wraps inside the panel: nothing cut at its right edge.
        const fits = await note('wind').evaluate((td) => td.scrollWidth <= td.clientWidth + 1);
        expect(fits).toBe(true);
        await screenshot(page, `climate-explain-${viewport.width}`);
      });
    });
  }
});
