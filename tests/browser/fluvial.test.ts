// Fluvial erosion in the editor, at a large and a small window: the carved-valleys recipe shows
// the valleys node in the viewer, a click on its most deeply cut cell says why it was cut, and
// dragging the strength slider with the mouse redraws the node's picture deeper; dragging the
// deposition slider up fills the valley floors, and a click on the most filled cell says so.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { nodePixels, openRecipe, params, screenshot, settle, showParams, waitForPreviews, withApp } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

const viewerShows = (page: Page, id: string) =>
  page.waitForFunction((node) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector(`h2[data-viewer-node="${node}"]`), id);

/**
 * Clicks on the map (pinning it) the cell away from the edge where the valleys node's `port` is
 * largest, as an engine here computes it on the page's graph, and waits for its provenance.
 */
async function pinLargest(page: Page, port: 'cut' | 'deposit'): Promise<void> {
  const graph = await pageGraph(page);
  const engine = createEngine(graph);
  engine.evaluate();
  const n = graph.view.size;
  const v = engine.output('valleys', port)!.data;
  let i = -1;
  for (let k = 0; k < n * n; k++) if (k % n > 8 && k % n < n - 8 && k / n > 8 && k / n < n - 8 && (i < 0 || v[k] > v[i])) i = k;
  expect(v[i]).toBeGreaterThan(0);
  const box = (await page.locator('tg-map-view .frame').boundingBox())!;
  const cell = box.width / n;
  await page.mouse.click(box.x + ((i % n) + 0.5) * cell, box.y + (n - 1 - Math.floor(i / n) + 0.5) * cell);
  await settle(page);
  await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), i);
}

describe('fluvial erosion in the editor', () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height} shows the carved valleys, explains the deepest cut and cuts deeper as strength is dragged up`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'carved-valleys.json');
        await page.locator('tg-node[data-node-id="valleys"] header .title').click();
        await settle(page);
        await viewerShows(page, 'valleys');

        await pinLargest(page, 'cut');
        const row = page.locator('tg-provenance tr[data-node="valleys"][data-port="cut"]');
        await row.evaluate((tr) => tr.scrollIntoView({ block: 'end' }));
        expect((await row.locator('td.note').textContent())!.trim()).toMatch(/^cut by \S+ in 5 steps: \S+ rain × cells drain through it \(last step\); each step closes F \/ \(1 \+ F\) of its drop/);
        await screenshot(page, `fluvial-explained-${viewport.width}`);

        // Strength up with the mouse: the slider's track, from its middle to near its end.
        await showParams(page, 'valleys');
        const before = await nodePixels(page, 'valleys');
        const strength0 = (await params(page, 'valleys')).strength as number;
        const slider = page.locator('tg-node[data-node-id="valleys"] tg-param[name="strength"] input[type="range"]');
        const track = (await slider.boundingBox())!;
        await page.mouse.move(track.x + track.width * 0.5, track.y + track.height / 2);
        await page.mouse.down();
        await page.mouse.move(track.x + track.width * 0.85, track.y + track.height / 2, { steps: 8 });
        await page.mouse.up();
        await settle(page);
        expect((await params(page, 'valleys')).strength as number).toBeGreaterThan(strength0);
        expect((await nodePixels(page, 'valleys')).hash).not.toBe(before.hash);
        await screenshot(page, `fluvial-stronger-${viewport.width}`);
      });
    });
  }
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height} fills the valleys as the deposition slider is dragged up, and explains a filled cell`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'carved-valleys.json');
        await page.locator('tg-node[data-node-id="valleys"] header .title').click();
        await settle(page);
        await viewerShows(page, 'valleys');
        await showParams(page, 'valleys');
        expect((await params(page, 'valleys')).deposition).toBe(0);
        const before = await nodePixels(page, 'valleys');
        const slider = page.locator('tg-node[data-node-id="valleys"] tg-param[name="deposition"] input[type="range"]');
        await slider.scrollIntoViewIfNeeded();
        const track = (await slider.boundingBox())!;
        await page.mouse.move(track.x + 2, track.y + track.height / 2);
        await page.mouse.down();
        await page.mouse.move(track.x + track.width * 0.8, track.y + track.height / 2, { steps: 8 });
        await page.mouse.up();
        await settle(page);
        const deposition = (await params(page, 'valleys')).deposition as number;
        expect(deposition).toBeGreaterThan(0.2);
        expect((await nodePixels(page, 'valleys')).hash).not.toBe(before.hash);
        await screenshot(page, `fluvial-deposition-slider-${viewport.width}`);

        await pinLargest(page, 'deposit');
        const terrainRow = page.locator('tg-provenance tr[data-node="valleys"][data-port="terrain"]');
        expect((await terrainRow.locator('td.note').textContent())!.trim()).toMatch(/filled by \S+ here \(its deposit row says why\)$/);
        const row = page.locator('tg-provenance tr[data-node="valleys"][data-port="deposit"]');
        await row.evaluate((tr) => tr.scrollIntoView({ block: 'end' }));
        expect((await row.locator('td.note').textContent())!.trim()).toMatch(/^filled by \S+ in 5 steps: the sediment cut upstream settles where the rivers gather and slow/);
        await screenshot(page, `fluvial-deposit-explained-${viewport.width}`);
      });
    });
  }
});
