// A frame made with Ctrl+G lies over no node it does not hold. On the shipped graphs' grid
// (collapsed nodes 20 units apart side by side, 32 between rows) it took 24 units on each side
// and 64 above, and lay 32 units under the picture of the node above, its title bar hidden
// there, and 4 under the headers of the nodes beside (newcomer5). A node that lies among the
// selected ones is held, and the editor says so. Real mouse and keyboard, both window sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, settle, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** Presses on a node's title, with Ctrl held to add it to the selection. */
async function pick(page: Page, id: string, add = false): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click(add ? { modifiers: ['Control'] } : {});
}

/** The nodes whose boxes on screen the frame's box lies over without holding them whole. */
async function coveredBy(page: Page, frame: Box): Promise<string[]> {
  const boxes = await page.locator('tg-node').evaluateAll((nodes) => nodes.map((n) => ({ id: n.getAttribute('data-node-id')!, ...(n.getBoundingClientRect().toJSON() as Box) })));
  const e = 0.5;
  return boxes
    .filter((b) => b.x < frame.x + frame.width - e && frame.x < b.x + b.width - e && b.y < frame.y + frame.height - e && frame.y < b.y + b.height - e)
    .filter((b) => !(b.x >= frame.x - e && b.y >= frame.y - e && b.x + b.width <= frame.x + frame.width + e && b.y + b.height <= frame.y + frame.height + e))
    .map((b) => b.id);
}

/** What lies on top at the middle of the frame's title text: the frame itself, or a node over it. */
async function overTitle(page: Page): Promise<string> {
  const t = (await page.locator('tg-frame header .title').boundingBox()) as Box;
  return page.evaluate(
    ({ x, y }) => {
      // Down through the shadow roots to the element on top, then the component it lies in.
      let el = document.elementFromPoint(x, y);
      while (el?.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === el) break;
        el = inner;
      }
      for (let at: Node | null = el; at; at = at instanceof ShadowRoot ? at.host : at.parentNode) {
        if (at instanceof Element && (at.localName === 'tg-frame' || at.localName === 'tg-node')) return at.localName;
      }
      return el?.localName ?? '';
    },
    { x: t.x + Math.min(20, t.width / 2), y: t.y + t.height / 2 },
  );
}

describe('a frame made with Ctrl+G', () => {
  for (const viewport of SIZES) {
    it(`lies over no node it does not hold, its title in sight, and holds one lying among the selected nodes, saying so (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        // The Height node: a node beside it on either hand, a row above and below.
        for (const [k, ids] of [['height'], ['erosCurve', 'height'], ['rank', 'wind']].entries()) {
          await pick(page, ids[0]);
          for (const id of ids.slice(1)) await pick(page, id, true);
          await page.keyboard.press('Control+g');
          await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
          await settle(page);
          const frame = (await page.locator('tg-frame').boundingBox()) as Box;
          expect(await coveredBy(page, frame), ids.join(', ')).toEqual([]);
          for (const id of ids) {
            const b = (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox()) as Box;
            expect(b.x).toBeGreaterThan(frame.x);
            expect(b.y).toBeGreaterThan(frame.y);
            expect(b.x + b.width).toBeLessThan(frame.x + frame.width);
            expect(b.y + b.height).toBeLessThan(frame.y + frame.height);
          }
          expect(await overTitle(page), ids.join(', ')).toBe('tg-frame');
          if (k === 1) await screenshot(page, `frame-room-${viewport.width}`);
          await page.keyboard.press('Control+z');
          await expect.poll(() => page.locator('tg-frame').count()).toBe(0);
        }
        // C curve and PV curve: the E curve between them is held, and the toast says so.
        await pick(page, 'contCurve');
        await pick(page, 'pvCurve', true);
        await page.keyboard.press('Control+g');
        await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
        await expect.poll(() => page.locator('tg-app .toast').textContent()).toContain('The frame holds “E curve” too');
        const frame = (await page.locator('tg-frame').boundingBox()) as Box;
        expect(await coveredBy(page, frame)).toEqual([]);
        await screenshot(page, `frame-room-among-${viewport.width}`);
      });
    });
  }
});
