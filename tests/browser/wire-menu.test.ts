// A right-click on a wire opens its menu, as a node's does: delete the wire, add a reroute dot
// where it was clicked (on a dot: remove it), or insert a node on it; each is one undo step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, graphText, openApp, screenshot, settle, type TestHandle, wirePoint, wires } from './harness.ts';

const WIRE = 'height.out>water.height';

async function via(page: Page, key: string): Promise<number[][] | undefined> {
  return page.evaluate((k) => {
    const tg = (window as unknown as { terrainGraph: { core: { graph: { edges: { from: { node: string; port: string }; to: { node: string; port: string }; via?: number[][] }[] } } } }).terrainGraph;
    const e = tg.core.graph.edges.find((x) => `${x.from.node}.${x.from.port}>${x.to.node}.${x.to.port}` === k);
    return e?.via ? structuredClone(e.via) : undefined;
  }, key);
}

/** Right-clicks the wire with the real mouse and waits for its menu; returns where it clicked. */
async function openWireMenu(page: Page, key: string): Promise<{ x: number; y: number }> {
  const at = await wirePoint(page, key);
  await page.mouse.click(at.x, at.y, { button: 'right' });
  await page.locator('tg-context-menu').waitFor();
  return at;
}

describe("a wire's menu", () => {
  const app = appPerTest();

  it('opens on a right-click with delete, add a dot and insert; Delete wire is one undo step', async () => {
    const page = app.s.page;
    const before = await graphText(page);
    await openWireMenu(page, WIRE);
    const menu = page.locator('tg-context-menu');
    expect(await menu.locator('button[role="menuitem"]').allTextContents()).toEqual([
      expect.stringContaining('Delete wire'),
      expect.stringContaining('Add reroute dot here'),
      expect.stringContaining('Insert node…'),
    ]);
    // Not the canvas's palette, which a right-click on empty canvas opens.
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    await screenshot(page, 'wire-menu');
    await menu.locator('button[data-action="delete"]').click();
    await settle(page);
    expect(await wires(page)).not.toContain(WIRE);
    expect(await page.locator('tg-context-menu').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });

  it('adds a reroute dot where it was right-clicked, as a double-click does; undo removes it', async () => {
    const page = app.s.page;
    const at = await openWireMenu(page, WIRE);
    await page.locator('tg-context-menu button[data-action="reroute"]').click();
    await settle(page);
    const dots = await via(page, WIRE);
    expect(dots).toHaveLength(1);
    // The dot is drawn under the pointer where the menu was opened.
    const dot = (await page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).boundingBox())!;
    expect(Math.abs(dot.x + dot.width / 2 - at.x)).toBeLessThan(3);
    expect(Math.abs(dot.y + dot.height / 2 - at.y)).toBeLessThan(3);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await via(page, WIRE)).toBeUndefined();
  });

  it('opens on a right-click on a reroute dot, offering to remove that dot; the removal is one undo step', async () => {
    const page = app.s.page;
    await openWireMenu(page, WIRE);
    await page.locator('tg-context-menu button[data-action="reroute"]').click();
    await settle(page);
    const dots = await via(page, WIRE);
    expect(dots).toHaveLength(1);
    const dot = (await page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).boundingBox())!;
    await page.mouse.click(dot.x + dot.width / 2, dot.y + dot.height / 2, { button: 'right' });
    // The dot had no menu: the canvas's palette opened over it.
    const menu = page.locator('tg-context-menu');
    await menu.waitFor();
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    expect(await menu.locator('button[role="menuitem"]').allTextContents()).toEqual([
      expect.stringContaining('Delete wire'),
      expect.stringContaining('Remove this reroute dot'),
      expect.stringContaining('Insert node…'),
    ]);
    await menu.locator('button[data-action="unroute"]').click();
    await settle(page);
    expect(await via(page, WIRE)).toBeUndefined();
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await via(page, WIRE)).toEqual(dots);
  });

  it('inserts a node picked from the palette between the wire’s ends in one undo step; Escape closes the menu', async () => {
    const page = app.s.page;
    const before = await graphText(page);
    await openWireMenu(page, WIRE);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-context-menu').count()).toBe(0);

    await openWireMenu(page, WIRE);
    await page.locator('tg-context-menu button[data-action="insert"]').click();
    const palette = page.locator('tg-node-menu');
    await palette.waitFor();
    expect(await palette.locator('.heading').textContent()).toBe('Insert on Height = C + E · PV · out → Water level · height');
    await page.keyboard.type('blur');
    await page.keyboard.press('Enter');
    await settle(page);
    const blur = await page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.find((n) => n.type === 'blur')?.id);
    expect(blur).toBeTruthy();
    const now = await wires(page);
    expect(now).not.toContain(WIRE);
    expect(now).toContain(`height.out>${blur}.in`);
    expect(now).toContain(`${blur}.out>water.height`);
    await screenshot(page, 'wire-menu-inserted');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });

  it('opens inside the window at 1024 × 700', async () => {
    const s = await openApp(app.browser, { viewport: { width: 1024, height: 700 } });
    try {
      await openWireMenu(s.page, WIRE);
      const box = (await s.page.locator('tg-context-menu').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(700);
      expect(box.x + box.width).toBeLessThanOrEqual(1024);
      await screenshot(s.page, 'wire-menu-1024');
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
