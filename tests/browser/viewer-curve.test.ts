// A curve node's points edited in the viewer, at the panel's width: at a fitted graph the node's
// own editor is some 90 px wide, where a 25 px drag moved a point by 0.67 and the readout hid
// the point (a newcomer's pass, 6 December).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { params, screenshot, settle, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

type Box = { x: number; y: number; width: number; height: number };

function pointAt(editor: Locator, k: number): Promise<{ x: number; y: number } | null> {
  return editor.evaluate((el, index) => (el as unknown as { pointAt(k: number): { x: number; y: number } | null }).pointAt(index), k);
}

async function dragBy(page: Page, from: { x: number; y: number }, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let j = 1; j <= 10; j++) await page.mouse.move(from.x, from.y + (dy * j) / 10);
  await page.mouse.up();
  await settle(page);
}

describe("the viewer's curve editor", () => {
  for (const viewport of SIZES) {
    it(`edits the selected curve's points as wide as the map: a drag is one undo step, and the node's own editor follows (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        await page.locator('tg-node[data-node-id="contCurve"] header .title').click();
        await settle(page);
        const editor = page.locator('tg-viewer section.curve tg-curve-editor');
        const inNode = page.locator('tg-node[data-node-id="contCurve"] tg-curve-editor');
        const box = (await editor.boundingBox()) as Box;
        const map = (await page.locator('tg-viewer tg-map-view').boundingBox()) as Box;
        const small = (await inNode.boundingBox()) as Box;
        // As wide as the map, at least 120 px high, and inside the window once scrolled to.
        expect(Math.abs(box.width - map.width)).toBeLessThanOrEqual(1);
        expect(box.height).toBeGreaterThanOrEqual(119.5);
        expect(box.width).toBeGreaterThan(2.5 * small.width);

        const before = (await params(page, 'contCurve')).points as number[][];
        const k = before.findIndex((p) => p[0] === 0);
        expect(k).toBeGreaterThan(0);
        await editor.scrollIntoViewIfNeeded();
        const at = (await pointAt(editor, k))!;
        const nodeAt = (await pointAt(inNode, k))!;
        expect(at.y).toBeLessThan(viewport.height);
        // Up by 30 px: the point rises and its x stays.
        await dragBy(page, at, -30);
        const after = (await params(page, 'contCurve')).points as number[][];
        expect(after[k][0]).toBe(before[k][0]);
        expect(after[k][1]).toBeGreaterThan(before[k][1]);
        await screenshot(page, `viewer-curve-${viewport.width}`);
        // The node's own editor draws the point where the model has it now: higher on its card.
        expect((await pointAt(inNode, k))!.y).toBeLessThan(nodeAt.y - 1);
        // One step to undo, one to redo.
        await page.keyboard.press('Control+z');
        await settle(page);
        expect((await params(page, 'contCurve')).points).toEqual(before);
        await page.keyboard.press('Control+Shift+z');
        await settle(page);
        expect((await params(page, 'contCurve')).points).toEqual(after);
      });
    });
  }
});
