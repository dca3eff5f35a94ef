// The viewer's explanation of a river cell, in a real browser at a large and a small window: the
// flow node's rows say the rule that made the cell a river, and each of its four outputs is
// told apart (at 1024 × 700 the four rows all read "Flow and ri…", the port cut off).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { formatValue } from '../../src/model/values.ts';
import { openRecipe, screenshot, settle, waitForPreviews, withApp } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

/** Opens rivers-from-the-rain.json, shows the flow node and pins a land cell that is river. */
async function pinRiver(page: Page): Promise<{ i: number; accumulation: number }> {
  await openRecipe(page, 'rivers-from-the-rain.json');
  await page.locator('tg-node[data-node-id="rivers"] header .title').click();
  await settle(page);
  await page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="rivers"]'));
  const graph = await pageGraph(page);
  const engine = createEngine(graph);
  engine.evaluate();
  const n = graph.view.size;
  const rivers = engine.output('rivers', 'rivers')!.data;
  const acc = engine.output('rivers', 'accumulation')!.data;
  // A river cell away from the map's edge, so the click lands well inside the map.
  const i = rivers.findIndex((v, k) => v === 1 && k % n > 8 && k % n < n - 8 && k / n > 8 && k / n < n - 8);
  expect(i).toBeGreaterThanOrEqual(0);
  const box = (await page.locator('tg-map-view .frame').boundingBox())!;
  const cell = box.width / n;
  const [c, r] = [i % n, Math.floor(i / n)];
  await page.mouse.click(box.x + (c + 0.5) * cell, box.y + (n - 1 - r + 0.5) * cell);
  await settle(page);
  await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector(`tg-provenance`)?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), i);
  return { i, accumulation: acc[i] };
}

describe("the viewer's explanation of a river cell", () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`at ${viewport.width} × ${viewport.height} says why the cell is a river and names each output of the flow node whole`, async () => {
      await withApp({ viewport }, async (page) => {
        const { accumulation } = await pinRiver(page);
        const rule = `accumulation ${formatValue(accumulation)} ≥ river area 8 → river`;
        // The answer names the port it shows, and the rule.
        const answer = page.locator('tg-provenance .answer');
        expect(await answer.getAttribute('data-port')).toBe('rivers');
        expect((await answer.textContent())!.replace(/\s+/g, ' ').trim()).toBe(`Flow and rivers rivers 1.0000 ${rule}`);
        // The node's title heads its rows, whole; each row names its port, whole.
        const head = page.locator('tg-provenance tr[data-head="rivers"] th');
        expect(await head.textContent()).toBe('Flow and rivers');
        expect(await head.evaluate((th) => th.scrollWidth <= th.clientWidth + 1)).toBe(true);
        const rows = await page.locator('tg-provenance tr[data-node="rivers"]').evaluateAll((trs) =>
          trs.map((tr) => {
            const th = tr.querySelector('th')!;
            return { port: (tr as HTMLElement).dataset.port, th: th.textContent!.trim(), whole: th.scrollWidth <= th.clientWidth + 1, note: tr.querySelector('td.note')!.textContent!.trim() };
          }),
        );
        expect(rows.map((r) => r.th)).toEqual(['rivers', 'filled', 'lakes', 'accumulation']);
        // The flow's rows in sight, above the panel's foot (the map stays at its top).
        await page.locator('tg-provenance tr[data-port="accumulation"]').evaluate((tr) => tr.scrollIntoView({ block: 'end' }));
        await screenshot(page, `explanation-river-${viewport.width}`);
        for (const r of rows) expect(r.whole, r.th).toBe(true);
        expect(rows[0].note).toBe(rule);
        expect(rows[3].note).toMatch(/^rain × 256-map cells: what drains into the cell(, plus|;) its own rain \d\.\d{4} \(Moisture\)/);
      });
    });
  }
});
