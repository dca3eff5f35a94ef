// A newcomer adds a Flow node with the mouse and wires it to the water's terrain: its card shows
// what it computed, the rain gathered log-scaled with the sea apart and the rivers over it
// (src/render/drainage.ts), where its river mask alone showed a sand square with a few blue dots.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../nodes/index.ts';
import { DRAINAGE_SEA } from '../../src/render/drainage.ts';
import { RIVER_COLOURS } from '../../src/render/rivers.ts';
import { dragWire, screenshot, SCREENSHOTS, settle, withApp } from './harness.ts';

/** Each colour of the node's card picture with its count of pixels, read from the page's own <img>. */
async function pictureColours(page: Page, id: string): Promise<{ pixels: number; counts: Record<string, number> }> {
  return page.locator(`tg-node[data-node-id="${id}"] tg-preview`).evaluate(async (host: HTMLElement) => {
    await (host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const img = host.shadowRoot!.querySelector('img')!;
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    const counts: Record<string, number> = {};
    for (let p = 0; p < data.length; p += 4) {
      const key = `${data[p]},${data[p + 1]},${data[p + 2]}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return { pixels: c.width * c.height, counts };
  });
}

describe("a new Flow node's picture", () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`shows the drainage it computed, the sea apart and its rivers over it, once wired with the mouse (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        const area = (await page.locator('tg-app .canvas').boundingBox())!;
        // An empty stretch of the default graph's canvas at both sizes, low on the left.
        await page.mouse.click(area.x + 140, area.y + area.height - 220, { button: 'right' });
        const menu = page.locator('tg-node-menu');
        await expect.poll(() => menu.count()).toBe(1);
        await page.keyboard.type(CATALOGUE.def('flow')!.title.slice(0, 6));
        await menu.locator('.item[data-type="flow"]').click();
        await settle(page);
        const node = page.locator('tg-node[data-node-id="flow"]');
        expect(await node.count()).toBe(1);
        await dragWire(page, ['water', 'terrain'], ['flow', 'terrain']);
        await settle(page);
        await expect.poll(() => page.locator('tg-node[data-node-id="flow"] tg-preview img').count()).toBe(1);
        const { pixels, counts } = await pictureColours(page, 'flow');
        await node.screenshot({ path: join(SCREENSHOTS, `flow-picture-card-${viewport.width}.png`) });
        await screenshot(page, `flow-picture-${viewport.width}`);
        // The default graph's sea (40 % of the view) in the sea's colour: it was drawn as the land's sand.
        const sea = (counts[DRAINAGE_SEA.join(',')] ?? 0) / pixels;
        expect(sea, 'share of the picture drawn as sea').toBeGreaterThan(0.25);
        expect(sea).toBeLessThan(0.6);
        // The land in many shades, the drainage lines lighter than the hillsides: the mask had two colours.
        expect(Object.keys(counts).length).toBeGreaterThan(40);
        // The rivers over it in one of the viewer's water colours.
        const water = RIVER_COLOURS.map((c) => counts[c.join(',')] ?? 0);
        expect(Math.max(...water), 'pixels of river').toBeGreaterThan(0);
        // The default river area makes some river here: no "no river" note over the picture.
        expect(await node.locator('tg-preview').evaluate((host) => host.shadowRoot!.querySelector('.constant')?.textContent ?? null)).toBeNull();
      });
    }, 180_000);
  }
});
