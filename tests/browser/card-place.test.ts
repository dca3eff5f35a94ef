// Where a collapsed node's params card opens: beside the node where it hides the least of the
// graph around it. Below the Temperature node of the default graph, at fit on a 1024 × 700
// window, the card hid about 90 % of the Moisture node, the one a person wires next.
// The node is selected with the real mouse (a press on its title); what the card covers is read
// from the page's own layout.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

/**
 * The most of any other node's box the card may cover, as a share of that box. Placed where it
 * covers least it covers none at either size (below, where it always opened, it covered 99 % of
 * the Wind and the Biomes and 90 % of the Moisture at 1024 × 700, 99 % of the Wind at 1600 × 1000):
 * 2 % leaves room for a pixel's rounding.
 */
const MOST_COVERED = 0.02;

/** Each other node's share of its box that the open card of `id` covers, largest first. */
async function covered(page: Page, id: string): Promise<{ node: string; share: number }[]> {
  return page.locator('tg-node').evaluateAll((nodes, cardOf) => {
    const node = nodes.find((n) => n.dataset.nodeId === cardOf)!;
    const card = node.shadowRoot!.querySelector('.params.card')!.getBoundingClientRect();
    const shares: { node: string; share: number }[] = [];
    for (const other of nodes) {
      if (other === node) continue;
      const r = other.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, card.right) - Math.max(r.left, card.left));
      const h = Math.max(0, Math.min(r.bottom, card.bottom) - Math.max(r.top, card.top));
      if (w * h > 0) shares.push({ node: other.dataset.nodeId!, share: Math.round(((w * h) / (r.width * r.height)) * 100) / 100 });
    }
    return shares.sort((a, b) => b.share - a.share);
  }, id);
}

describe("a collapsed node's params card", () => {
  for (const viewport of [
    { width: 1024, height: 700 },
    { width: 1600, height: 1000 },
  ]) {
    it(`opens beside the Temperature node of the default graph where it covers no other node by more than ${MOST_COVERED * 100} % (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        await page.locator('tg-node[data-node-id="temperature"] header .title').click();
        const card = page.locator('tg-node[data-node-id="temperature"] .params.card');
        await card.waitFor();
        // Whole in sight at once, the card takes its place (the view moving for it) once the click
        // is no double-click.
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        const outside = async () => {
          const c = (await card.boundingBox()) as Box;
          return c.x < canvas.x - 0.5 || c.y < canvas.y - 0.5 || c.x + c.width > canvas.x + canvas.width + 0.5 || c.y + c.height > canvas.y + canvas.height + 0.5;
        };
        expect(await outside()).toBe(false);
        await expect.poll(async () => (await covered(page, 'temperature')).filter((c) => c.share > MOST_COVERED), { timeout: 10_000 }).toEqual([]);
        await settle(page);
        expect(await outside()).toBe(false);
        // And it stays there.
        expect((await covered(page, 'temperature')).filter((c) => c.share > MOST_COVERED)).toEqual([]);
        await page.screenshot({ path: `tests/screenshots/card-place-temperature-${viewport.width}.png` });
      });
    });
  }
});
