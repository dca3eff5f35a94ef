// A node's params card keeps a frame's corner grip clear, as it keeps the frame's title bar
// (node.ts cardRoom): the grip lies over the nodes (frames.ts), so over a card too, and took a
// press on the card's corner. The default graph with its climate nodes in a frame, a Blur added
// from the palette and dropped on the wire from the Moisture into the Biomes: the frame grew to
// hold the Biomes pushed right, and at 1024 × 700 its grip lay over the Blur's card, over its
// range (0…0.25), and a press there resized the frame. Real mouse, both sizes.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cardsPlaced, openText, screenshot, settle, wirePoint, wires, withApp } from './harness.ts';

/** The default graph with a frame round its climate nodes (the Coast distance, rank, Temperature, Wind, Moisture, Biomes). */
function framed(): string {
  const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8')) as { name: string; frames?: unknown[] };
  doc.name = 'Framed climate';
  doc.frames = [{ id: 'climate', title: 'Climate of the world', color: 'green', position: [556, -60], size: [600, 584] }];
  return JSON.stringify(doc);
}

type Box = { left: number; top: number; right: number; bottom: number };
/** The open params card's box and the frames' grips' boxes, on the page. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const app = document.querySelector('tg-app')!.shadowRoot!;
    const box = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const card = [...app.querySelectorAll('tg-node')].map((n) => n.shadowRoot?.querySelector('.params.card')).find((c) => c);
    return { card: card ? box(card.getBoundingClientRect()) : null, grips: [...app.querySelectorAll('.tg-frame-grip')].map((g) => box(g.getBoundingClientRect())) };
  });
const over = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
type Core = { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } };
const ids = (page: Page) => page.evaluate(() => (window as never as Core).terrainGraph.core.graph.nodes.map((n) => n.id));

for (const size of [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
]) {
  it(`a Blur dropped on the wire into the framed Biomes opens its card clear of the frame's grip, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size }, async (page) => {
      await openText(page, 'framed-climate.json', framed());
      const area = (await page.locator('tg-app .canvas').boundingBox())!;
      const was = await ids(page);
      await page.mouse.dblclick(area.x + 150, area.y + area.height - 70);
      await expect.poll(() => page.locator('tg-node-menu').count()).toBe(1);
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      await cardsPlaced(page);
      const blur = (await ids(page)).find((id) => !was.includes(id))!;
      const to = await wirePoint(page, 'moisture.out>biomes.moisture');
      const title = (await page.locator(`tg-node[data-node-id="${blur}"] header .title`).boundingBox())!;
      await page.mouse.move(title.x + title.width / 2, title.y + title.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 12 });
      await page.mouse.up();
      await settle(page);
      expect(await wires(page)).toEqual(expect.arrayContaining([`moisture.out>${blur}.in`, `${blur}.out>biomes.moisture`]));
      await cardsPlaced(page);
      await expect.poll(async () => (await boxes(page)).card).not.toBeNull();
      const { card, grips } = await boxes(page);
      expect(grips.length).toBe(1);
      expect(over(card!, grips[0]), `card ${JSON.stringify(card)} over the grip ${JSON.stringify(grips[0])}`).toBe(false);
      await screenshot(page, `s39-review11-card-frame-grip-${size.width}`);
    });
  }, 240_000);
}
