// H on a node in a frame, driven with the real mouse and keyboard: the node it pushes stays in
// the frame, which grows to hold both; the node the grown frame would cover moves out of its
// way; dragging the frame then carries both nodes; and Ctrl+Z puts all back in one step. The
// pushed node used to leave its frame, and the next drag of the frame left it behind.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, graphText, screenshot, settle } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

async function click(page: Page, id: string, shift = false): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click(shift ? { modifiers: ['Shift'] } : undefined);
}

async function nodeBox(page: Page, id: string): Promise<Box> {
  return (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!;
}

const holds = (f: Box, n: Box) => n.x >= f.x - 0.5 && n.y >= f.y - 0.5 && n.x + n.width <= f.x + f.width + 0.5 && n.y + n.height <= f.y + f.height + 0.5;
const over = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

describe('H on a node in a frame', () => {
  const app = appPerTest();

  for (const viewport of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
    it(`keeps the pushed node in the frame, which grows and moves nothing under it, at ${viewport.width} × ${viewport.height}`, async () => {
      const page = app.s.page;
      await page.setViewportSize(viewport);
      await settle(page);
      await page.locator('tg-toolbar button', { hasText: 'Fit' }).click();
      await settle(page);
      // Shift-clicks: a plain press on the title pressed again within 400 ms renames the node.
      await click(page, 'cont', true);
      await click(page, 'contCurve', true);
      await page.keyboard.press('Control+g');
      await settle(page);
      const frame = page.locator('tg-frame');
      await expect.poll(() => frame.count()).toBe(1);
      const before = await graphText(page);
      await click(page, 'cont');
      await settle(page);
      await page.keyboard.press('h');
      await settle(page);
      expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { undoLabel: string } } }).terrainGraph.core.undoLabel)).toBe('uncollapse');
      const f = (await frame.boundingBox())!;
      const cont = await nodeBox(page, 'cont');
      const curve = await nodeBox(page, 'contCurve');
      expect([holds(f, cont), holds(f, curve)]).toEqual([true, true]);
      expect(over(cont, curve)).toBe(false);
      // No node outside the frame lies under it.
      const ids = await page.locator('tg-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')!));
      for (const id of ids.filter((id) => id !== 'cont' && id !== 'contCurve')) expect(over(f, await nodeBox(page, id)), `${id} under the frame`).toBe(false);
      await screenshot(page, `expand-in-frame-${viewport.width}`);
      // Dragging the frame by its title bar carries both.
      const bar = (await page.locator('tg-frame header').boundingBox())!;
      const from = { x: bar.x + 30, y: bar.y + bar.height / 2 };
      await drag(page, from, { x: from.x + 60, y: from.y + 40 });
      await settle(page);
      const f2 = (await frame.boundingBox())!;
      expect([holds(f2, await nodeBox(page, 'cont')), holds(f2, await nodeBox(page, 'contCurve'))]).toEqual([true, true]);
      // Undo the drag, then H: one step, and all is as before it.
      await page.keyboard.press('Control+z');
      await settle(page);
      await page.keyboard.press('Control+z');
      await settle(page);
      expect(JSON.parse(await graphText(page))).toEqual(JSON.parse(before));
    });
  }
});
