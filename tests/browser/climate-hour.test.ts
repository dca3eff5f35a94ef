// A World Machine and Azgaar user's first hour with the climate (the Kauai recipe, the wind
// moved, the moisture's wire dropped on empty canvas for a Flow node), with the real mouse and
// keyboard at 1600 × 1000 and 1024 × 700, each defect found kept fixed: a node added near the
// canvas's right edge is brought into sight with its sockets whole, not flush with the edge and
// its outputs cut in half; the viewer draws no wind arrows over a node that has no picture; a
// compare pin says on the map that it follows edits until freeze is ticked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyCanvas, openRecipe, screenshot, settle, socketCenter, waitForPreviews, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** Opens the Kauai climate recipe from the Recipes list. */
async function openKauai(page: Page): Promise<void> {
  await openRecipe(page, 'climate-kauai.json');
}

/**
 * Drags the moisture's output with the real mouse to empty canvas 40 px inside the canvas's
 * right edge, types "flow" in the palette that opens and presses Enter: the Flow node comes in
 * with the moisture as its rain and its terrain not wired yet.
 */
async function flowFromMoisture(page: Page): Promise<void> {
  const from = await socketCenter(page, 'moisture', 'output', 'out');
  const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
  const to = { x: canvas.x + canvas.width - 40, y: from.y + 120 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await page.locator('tg-node-menu').waitFor();
  await page.keyboard.type('flow');
  await page.keyboard.press('Enter');
  await page.locator('tg-node[data-node-id="flow"]').waitFor();
  await settle(page);
}

/** The map's label over the pinned side, spaces as read. */
async function pinnedLabel(page: Page): Promise<string> {
  return (await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim();
}

/** The pixels of one side of the compared map, as a data URL. */
async function mapPixels(page: Page, which: 'pinned' | 'current'): Promise<string> {
  return page.locator(`tg-viewer tg-map-view canvas.${which === 'pinned' ? 'pinned' : 'map'}`).first().evaluate((c) => (c as HTMLCanvasElement).toDataURL());
}

/** Drags the wind's angle slider with the mouse a third of its track to the left. */
async function moveTheWind(page: Page): Promise<void> {
  await page.locator('tg-node[data-node-id="wind"] header .title').click();
  const slider = page.locator('tg-node[data-node-id="wind"] tg-param[name="angle"] input[type="range"]');
  await slider.waitFor();
  const b = (await slider.boundingBox()) as Box;
  const from = { x: b.x + (b.width * 225) / 360, y: b.y + b.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - b.width / 3, from.y, { steps: 10 });
  await page.mouse.up();
  await settle(page);
}

describe('the Kauai climate in a first hour', () => {
  for (const viewport of SIZES) {
    it(`at ${viewport.width} × ${viewport.height} brings a Flow node added near the canvas's right edge into sight with every socket whole`, async () => {
      await withApp({ viewport }, async (page) => {
        await openKauai(page);
        await flowFromMoisture(page);
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        const sockets = await page.locator('tg-node[data-node-id="flow"] rete-ref[data-socket]').evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { key: el.getAttribute('data-socket'), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }),
        );
        // Two inputs (terrain, rain) and four outputs.
        expect(sockets).toHaveLength(6);
        for (const k of sockets) {
          // The view moved just enough for the node's box: flush with the canvas's right edge,
          // its four outputs stood half past it (8 px of 16 left to grab).
          expect(k.right, `${k.key} ${JSON.stringify(k)} in canvas ${JSON.stringify(canvas)}`).toBeLessThanOrEqual(canvas.x + canvas.width);
          expect(k.left).toBeGreaterThanOrEqual(canvas.x);
        }
        // Its rivers output, whole, takes a drag: let go on empty canvas right of it (the node
        // comes in with room there, Canvas.reveal's WIRE_ROOM), it offers the nodes that take it.
        // (A point fixed on the canvas, its middle near the top, fell on the Coast distance once
        // the view moved for that room, and a wire let go on a node goes to its input.)
        const rivers = await socketCenter(page, 'flow', 'output', 'rivers');
        await page.mouse.move(rivers.x, rivers.y);
        await page.mouse.down();
        await page.mouse.move(rivers.x + 40, rivers.y + 4, { steps: 12 });
        await page.mouse.up();
        const palette = page.locator('tg-node-menu');
        await palette.waitFor();
        expect(await palette.locator('.item').count()).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        await screenshot(page, `climate-hour-flow-whole-${viewport.width}`);
      });
    });
  }

  it('draws no wind arrows over a node that has no picture, and draws them again once it has one', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await openKauai(page);
      // The biomes, downstream of the wind, show its arrows.
      expect(await page.locator('tg-viewer tg-map-view svg.wind').count()).toBe(1);
      await flowFromMoisture(page);
      await page.locator('tg-viewer h2[data-viewer-node="flow"]').waitFor();
      // The Flow node, shown, has no picture: its terrain is not wired. The wind leads to it
      // (through the moisture), and its arrows were drawn over the empty grey map, as if the
      // message were a map with wind.
      await page.locator('tg-viewer tg-map-view .empty').waitFor();
      expect((await page.locator('tg-viewer tg-map-view .empty').textContent())!.trim()).toBe('no picture: input "terrain" is not wired: wire a Water level or a Fluvial erosion into it');
      expect(await page.locator('tg-viewer tg-map-view svg.wind').count()).toBe(0);
      await screenshot(page, 'climate-hour-flow-no-picture-1024');
      // Its terrain wired with the mouse, it has a picture, and the arrows come back over it.
      const from = await socketCenter(page, 'water', 'output', 'terrain');
      const to = await socketCenter(page, 'flow', 'input', 'terrain');
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 15 });
      await page.mouse.up();
      await settle(page);
      expect(await page.locator('tg-viewer tg-map-view .empty').count()).toBe(0);
      expect(await page.locator('tg-viewer tg-map-view svg.wind').count()).toBe(1);
    });
  });

  it('compares the wind moved with the wind as it was: the pinned side says it follows edits until freeze is ticked', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await openKauai(page);
      await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
      await settle(page);
      // Pinned and edited, the pin is drawn again: both sides showed the moved wind's biomes,
      // labelled "Biomes" and "current", and the pin looked like a snapshot that had not worked.
      await moveTheWind(page);
      await page.locator('tg-node[data-node-id="biomes"] header .title').click();
      await settle(page);
      expect(await mapPixels(page, 'pinned')).toBe(await mapPixels(page, 'current'));
      expect(await pinnedLabel(page)).toBe('Biomes · follows edits');
      await screenshot(page, 'climate-hour-pin-follows-1024');
      // Frozen, then the wind moved back by undo: the pinned side keeps the moved wind.
      await page.locator('tg-viewer input.freeze').click();
      expect(await pinnedLabel(page)).toBe('Biomes · frozen');
      // Focus back on the canvas, on no node (a fixed point lay on Height's card at 1024 × 700).
      const spot = await emptyCanvas(page);
      await page.mouse.click(spot.x, spot.y);
      await page.keyboard.press('Control+z');
      await settle(page);
      expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { params: { angle: number } } } } }).terrainGraph.core.node('wind').params.angle)).toBe(225);
      expect(await mapPixels(page, 'pinned')).not.toBe(await mapPixels(page, 'current'));
      await screenshot(page, 'climate-hour-pin-frozen-1024');
    });
  });
});
