// What a Gaea and World Machine user's first hour building a terrain from scratch found
// (session 36: noise → curve → erosion → water → wind → moisture → rivers → 3-D → tiles), with
// the real mouse and keyboard at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drag, screenshot, settle, socketCenter, waitForPreviews, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** A point of the canvas, below the nodes' rows, that lies on no node, card or wire. */
async function emptyCanvas(page: Page): Promise<{ x: number; y: number }> {
  const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
  for (const [fx, fy] of [[0.3, 0.85], [0.05, 0.85], [0.5, 0.8], [0.15, 0.7], [0.05, 0.05]]) {
    const p = { x: canvas.x + canvas.width * fx, y: canvas.y + canvas.height * fy };
    const taken = await page.evaluate(({ x, y }) => document.elementsFromPoint(x, y).some((e) => ['tg-node', 'tg-wire', 'tg-minimap'].includes(e.localName)), p);
    if (!taken) return p;
  }
  throw new Error('no empty canvas to drop a wire on');
}

describe("a wire's palette", () => {
  for (const viewport of SIZES) {
    it(`joins the wind's air to a new Moisture's air input, not its first (noise) (${viewport.width} × ${viewport.height})`, async () => {
      // From the Wind's output dropped on empty canvas, "moisture" typed and Enter: the Moisture
      // added took the air on its noise input (the first listed, "Moisture · noise"), its map
      // stayed flat however the wind blew, and nothing said why.
      await withApp({ viewport }, async (page) => {
        await drag(page, await socketCenter(page, 'wind', 'output', 'out'), await emptyCanvas(page));
        await page.locator('tg-node-menu input').waitFor();
        await page.keyboard.type('moisture');
        await screenshot(page, `newcomer-scratch-palette-${viewport.width}`);
        await page.keyboard.press('Enter');
        await waitForPreviews(page);
        await settle(page);
        const added = (await wires(page)).filter((w) => w.startsWith('wind.out>') && !w.endsWith('>moisture.air'));
        expect(added).toEqual(['wind.out>moisture2.air']);
      });
    });
  }
});
