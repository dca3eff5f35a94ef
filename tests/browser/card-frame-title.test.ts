// A node's params card keeps a frame's title bar clear, as it keeps other nodes' titles clear
// (node.ts cardRoom, card-place.ts): the default graph with its climate nodes in a frame, a Blur
// inserted (Insert node… from the wire's menu) on the wire from the Temperature into the Biomes,
// near the frame's top, opened its card over the frame's title bar (over its title at 1024 × 700).
// Real mouse, both sizes.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cardsPlaced, openText, screenshot, settle, wirePoint, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The default graph with a frame round its climate nodes (the Coast distance, rank, Temperature, Wind, Moisture, Biomes). */
function framed(): string {
  const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8')) as { name: string; frames?: unknown[] };
  doc.name = 'Framed climate';
  doc.frames = [{ id: 'climate', title: 'Climate of the world', color: 'green', position: [556, -60], size: [600, 584] }];
  return JSON.stringify(doc);
}

type Box = { left: number; top: number; right: number; bottom: number };
/** The open params card's box, and the frame's title bar's, on the page. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const app = document.querySelector('tg-app')!.shadowRoot!;
    const box = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const card = [...app.querySelectorAll('tg-node')].map((n) => n.shadowRoot?.querySelector('.params.card')).find((c) => c);
    const bar = app.querySelector('tg-frame')!.shadowRoot!.querySelector('header')!;
    return { card: card ? box(card.getBoundingClientRect()) : null, bar: box(bar.getBoundingClientRect()) };
  });
const over = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const size of SIZES) {
  it(`a Blur inserted on the Temperature's wire into the Biomes, near a frame's top, opens its card clear of the frame's title bar, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size }, async (page) => {
      await openText(page, 'framed-climate.json', framed());
      const was = await wires(page);
      const at = await wirePoint(page, 'temperature.out>biomes.temperature');
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await page.locator('tg-context-menu button[data-action="insert"]').click();
      await page.locator('tg-node-menu').waitFor();
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      expect((await wires(page)).filter((w) => !was.includes(w))).toHaveLength(2);
      await cardsPlaced(page);
      await settle(page);
      const { card, bar } = await boxes(page);
      expect(card).not.toBeNull();
      // The title bar is in sight, and the card lies off it.
      expect(bar.bottom - bar.top).toBeGreaterThan(10);
      expect(over(card!, bar)).toBe(false);
      await screenshot(page, `s39-card-frame-title-${size.width}`);
    });
  }, 240_000);
}
