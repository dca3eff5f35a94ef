// A node added from a wire dropped near the canvas's right edge comes in with room right of its
// outputs to drag the next wire: it came in flush with the edge (Canvas.reveal moved the view
// just enough for its box), its outputs against the viewer's border, and a wire dragged on
// rightwards from them was let go over the viewer, where it did nothing: one panned before every
// step. With the real mouse, at both sizes: the Kauai recipe's moisture dragged to 12 px inside
// the edge, Flow picked, then its rivers output dragged 40 px right opens the menu of nodes.
import { describe, expect, it } from 'vitest';
import { openRecipe, screenshot, settle, socketCenter, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

describe('a node added from a wire near the canvas edge', () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`leaves room to drag a wire on from its outputs, at ${viewport.width} × ${viewport.height}`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'climate-kauai.json');
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        const from = await socketCenter(page, 'moisture', 'output', 'out');
        const to = { x: canvas.x + canvas.width - 12, y: Math.min(from.y + 120, canvas.y + canvas.height - 200) };
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 12 });
        await page.mouse.up();
        const palette = page.locator('tg-node-menu');
        await palette.waitFor();
        await page.keyboard.type('flow');
        await page.keyboard.press('Enter');
        await page.locator('tg-node[data-node-id="flow"]').waitFor();
        await settle(page);
        await expect.poll(() => palette.count()).toBe(0);
        await screenshot(page, `wire-edge-room-${viewport.width}`);

        // Every socket in the canvas, the outputs with room to their right.
        const sockets = await page.locator('tg-node[data-node-id="flow"] rete-ref[data-socket]').evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { key: el.getAttribute('data-socket')!, left: r.left, right: r.right };
          }),
        );
        for (const k of sockets) {
          expect(k.left, k.key).toBeGreaterThanOrEqual(canvas.x);
          if (k.key.startsWith('output:')) expect(k.right + 40, k.key).toBeLessThan(canvas.x + canvas.width);
        }
        // The next wire, dragged on rightwards 40 px from its rivers output, is let go on the
        // canvas: the menu of the nodes that take it opens.
        const rivers = await socketCenter(page, 'flow', 'output', 'rivers');
        await page.mouse.move(rivers.x, rivers.y);
        await page.mouse.down();
        await page.mouse.move(rivers.x + 40, rivers.y + 4, { steps: 8 });
        await page.mouse.up();
        await palette.waitFor({ timeout: 5_000 });
        expect(await palette.locator('.item').count()).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
      });
    });
  }
});
