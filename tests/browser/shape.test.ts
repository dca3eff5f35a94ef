// An island made the way a Gaea user looks for it: the Shape node found in the palette by
// "falloff" and multiplied into the height with a Combine (which takes the edges to 0, on the coast,
// not under the sea: the Island recipe and tests/shape.test.ts show what does); the Recipes list telling which recipe
// has rivers or erosion; "levels" in the palette listing the Curve alone.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.ts';
import type { Graph } from '../../src/model/graph.ts';
import { appPerTest, dragWire, graphText, nodePixels, screenshot, settle, waitForPreviews } from './harness.ts';

const SHOTS = 'tests/screenshots';

/** Double-clicks an empty spot of the canvas, types the query and picks the first item with Enter. */
async function addByTyping(page: import('playwright-core').Page, x: number, y: number, query: string): Promise<string[]> {
  await page.mouse.dblclick(x, y);
  const menu = page.locator('tg-node-menu');
  await expect.poll(() => menu.count()).toBe(1);
  await page.keyboard.type(query);
  const offered = await menu.locator('.item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type!));
  await page.keyboard.press('Enter');
  await settle(page);
  return offered;
}

describe('Shape: an island from the palette', () => {
  const app = appPerTest();

  it('typing "falloff" adds a Shape; multiplied into the height by a Combine it takes the map\'s edges to 0', async () => {
    const page = app.s.page;
    await waitForPreviews(page);
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    const before = JSON.parse(await graphText(page)).nodes.map((n: { id: string }) => n.id) as string[];
    expect(await addByTyping(page, area.x + 120, area.y + area.height - 150, 'falloff')).toEqual(['shape']);
    // The Shape's params card opens beside it, where the next node goes: put away first.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-node .params.card').count()).toBe(0);
    // "multiply" names the Combine's mode: the node comes with it.
    expect((await addByTyping(page, area.x + 330, area.y + area.height - 150, 'combine multiply'))[0]).toBe('combine');
    const graph = JSON.parse(await graphText(page));
    const added = graph.nodes.filter((n: { id: string }) => !before.includes(n.id));
    const shape = added.find((n: { type: string }) => n.type === 'shape');
    const mul = added.find((n: { type: string }) => n.type === 'combine');
    expect(mul.params.mode).toBe('multiply');
    await dragWire(page, ['height', 'out'], [mul.id, 'base']);
    await dragWire(page, [shape.id, 'out'], [mul.id, 'scale']);
    await settle(page);
    await waitForPreviews(page);
    expect((await nodePixels(page, shape.id)).colours).toBeGreaterThan(8);
    mkdirSync(SHOTS, { recursive: true });
    await page.locator(`tg-node[data-node-id="${mul.id}"] header .title`).click();
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s26-shape-island-1600.png` });
    // Its params as a person sees them: kind linear, the angle and width read, falloff dimmed.
    await page.locator(`tg-node[data-node-id="${shape.id}"] header .title`).click();
    await page.locator(`tg-node[data-node-id="${shape.id}"] tg-param[name="kind"] select`).selectOption('linear');
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s26-shape-params-linear-1600.png` });
    await page.locator(`tg-node[data-node-id="${shape.id}"] tg-param[name="kind"] select`).selectOption('radial');
    await settle(page);
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s26-shape-island-1024.png` });
    await screenshot(page, 'shape-island');
    // The graph the editor holds, run here: 0 at the view's corners (beyond the disc), the height at its centre.
    const text = await graphText(page);
    const engine = createEngine(JSON.parse(text) as Graph, { size: 64 });
    engine.evaluate();
    const island = engine.output(mul.id, 'out')!.data;
    const height = engine.output('height', 'out')!.data;
    expect(Math.abs(island[0])).toBe(0); // 0 · a height below sea level is −0
    expect(Math.abs(island[64 * 64 - 1])).toBe(0);
    expect(island[32 * 64 + 32]).toBe(height[32 * 64 + 32]);
    expect(engine.output(shape.id, 'out')!.data[32 * 64 + 32]).toBe(1);
  });

  it('"levels" lists the Curve alone, not every node', async () => {
    const page = app.s.page;
    await waitForPreviews(page);
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.dblclick(area.x + 120, area.y + area.height - 150);
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    for (const query of ['levels', 'Levels', 'levels ']) {
      await menu.locator('input').fill('');
      await page.keyboard.type(query);
      await settle(page);
      expect(await menu.locator('.item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type)), query).toEqual(['curve']);
    }
  });

  it('the Recipes list says what each recipe holds when pointed at: notes and the kinds of node', async () => {
    const page = app.s.page;
    const options = page.locator('tg-toolbar select[aria-label="Recipes"] option');
    const about = Object.fromEntries(await options.evaluateAll((els) => els.map((e) => [(e as HTMLOptionElement).value, (e as HTMLOptionElement).title])));
    expect(about['eroded-valleys.json']).toContain('Hydraulic erosion');
    expect(about['eroded-valleys.json']).toContain('worn by rain');
    expect(about['rivers-from-the-rain.json']).toContain('Flow and rivers');
    expect(about['carved-valleys.json']).toContain('Fluvial erosion');
    expect(about['default.json']).not.toContain('erosion,');
    for (const [file, title] of Object.entries(about)) if (file) expect(title, file).toMatch(/Nodes: .+\.$/);
  });
});
