// Erosion, flow and fluvial erosion in the editor: each node comes from the add menu with a preview and a control
// per param, and wired to the graph's heights it draws a picture; soft borders blend the biome
// picture's colours.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../nodes/index.ts';
import { appPerTest, dragWire, nodePixels, openRecipe, screenshot, settle, waitForPreviews } from './harness.ts';

/** Each type with the wire that feeds it: [from node, port] → its input. */
const TYPES = [
  ['hydraulic', ['height', 'out'], 'height'],
  ['thermal', ['height', 'out'], 'height'],
  ['flow', ['water', 'terrain'], 'terrain'],
  ['fluvial', ['water', 'terrain'], 'terrain'],
] as const;

describe('erosion and flow in the editor', () => {
  const app = appPerTest();

  it.each(TYPES)('adds a %s node from the menu with a preview and a control per param', async (type, from, input) => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    // High enough that every socket of a node with several outputs stays on screen.
    await page.mouse.click(area.x + 140, area.y + area.height - 320, { button: 'right' });
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.type(CATALOGUE.def(type)!.title.slice(0, 6));
    await menu.locator(`.item[data-type="${type}"]`).click();
    await settle(page);
    const node = page.locator(`tg-node[data-node-id="${type}"]`);
    expect(await node.count()).toBe(1);
    for (const key of Object.keys(CATALOGUE.def(type)!.params)) expect(await node.locator(`tg-param[name="${key}"]`).count(), key).toBe(1);
    const before = await nodePixels(page, type);
    await dragWire(page, [...from], [type, input]);
    await settle(page);
    const after = await nodePixels(page, type);
    expect(after.hash).not.toBe(before.hash);
    // The flow node draws its gathered rain in shades, its rivers over it (tests/browser/flow-picture.test.ts); its river mask had two colours.
    expect(after.colours).toBeGreaterThan(8);
    await screenshot(page, `flow-nodes-${type}`);
  });

  it('names the outputs beyond the first of a collapsed node in their rows, each whole', async () => {
    const page = app.s.page;
    await openRecipe(page, 'rivers-from-the-rain.json');
    const node = page.locator('tg-node[data-node-id="rivers"]');
    expect(await node.getAttribute('collapsed')).not.toBeNull();
    const rows = await node.locator('.extra-out .port-name').evaluateAll((names) => names.map((o) => ({ text: o.textContent!.trim(), whole: o.scrollWidth <= o.clientWidth + 1 })));
    // Empty rows over the picture before: the flow node's top half looked blank.
    expect(rows.map((r) => r.text)).toEqual(Object.keys(CATALOGUE.def('flow')!.outputs).slice(1));
    for (const r of rows) expect(r.whole, r.text).toBe(true);
    await screenshot(page, 'flow-nodes-collapsed-outputs');
  });
});
