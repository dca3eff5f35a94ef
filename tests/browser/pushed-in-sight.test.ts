// A node put on a wire pushes its row right (placement.ts roomForInsert); a pushed node that was
// in sight stays in sight: the view moves for it (canvas/sight.ts). The default graph at fit,
// a Blur dropped on (or inserted with the wire's menu on) the wire from the Moisture into the
// Biomes: the Biomes went past the canvas's right edge, under the viewer, and nothing panned to
// it. Now every node wholly in sight before (the Biomes too) is wholly in sight after, clear of
// the minimap and the notes line, and so is the Blur. Real mouse, both sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cardsPlaced, screenshot, settle, wirePoint, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];
const WIRE = 'moisture.out>biomes.moisture';

type Core = { terrainGraph: { core: { graph: { nodes: { id: string; position: [number, number] }[] } } } };
const ids = (page: Page) => page.evaluate(() => (window as never as Core).terrainGraph.core.graph.nodes.map((n) => n.id));
const positions = (page: Page) => page.evaluate(() => Object.fromEntries((window as never as Core).terrainGraph.core.graph.nodes.map((n) => [n.id, n.position])));

/** The nodes wholly in sight: box and sockets in the canvas above its notes line (40 px), off the minimap. */
async function inSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const app = document.querySelector('tg-app')!.shadowRoot!;
    const canvas = app.querySelector('.canvas')!;
    const c = canvas.getBoundingClientRect();
    const map = canvas.querySelector('.tg-minimap')?.getBoundingClientRect();
    const out: string[] = [];
    for (const n of canvas.querySelectorAll<HTMLElement>('tg-node[data-node-id]')) {
      const rects = [n.getBoundingClientRect(), ...[...(n.shadowRoot?.querySelectorAll('rete-ref') ?? [])].map((s) => s.getBoundingClientRect()).filter((s) => s.width)];
      const l = Math.min(...rects.map((r) => r.left));
      const t = Math.min(...rects.map((r) => r.top));
      const r = Math.max(...rects.map((q) => q.right));
      const b = Math.max(...rects.map((q) => q.bottom));
      const underMap = map && map.width && l < map.right && map.left < r && t < map.bottom && map.top < b;
      if (l >= c.left - 0.5 && t >= c.top - 0.5 && r <= c.right + 0.5 && b <= c.bottom - 40 + 0.5 && !underMap) out.push(n.dataset.nodeId!);
    }
    return out.sort();
  });
}

/** Adds a Blur from the palette at an empty spot near the canvas's bottom left; returns its id. */
async function addBlur(page: Page): Promise<string> {
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  const before = await ids(page);
  await page.mouse.dblclick(area.x + 150, area.y + area.height - 70);
  await expect.poll(() => page.locator('tg-node-menu').count()).toBe(1);
  await page.keyboard.type('blur');
  await page.keyboard.press('Enter');
  await settle(page);
  const added = (await ids(page)).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0];
}

for (const size of SIZES) {
  it(`a Blur dropped on the wire into the Biomes pushes the Biomes right and the view follows: every node in sight before, the Biomes too, stays in sight, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size, recipe: 'default.json' }, async (page) => {
      const blur = await addBlur(page);
      await cardsPlaced(page);
      const seen = await inSight(page);
      expect(seen).toContain('biomes');
      const was = await positions(page);
      const to = await wirePoint(page, WIRE);
      const title = (await page.locator(`tg-node[data-node-id="${blur}"] header .title`).boundingBox())!;
      await page.mouse.move(title.x + title.width / 2, title.y + title.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 12 });
      await page.mouse.up();
      await settle(page);
      expect(await wires(page)).toEqual(expect.arrayContaining([`moisture.out>${blur}.in`, `${blur}.out>biomes.moisture`]));
      // Pushed: the room was made (else nothing here is tested).
      expect((await positions(page)).biomes[0]).toBeGreaterThan(was.biomes[0]);
      await cardsPlaced(page);
      await expect.poll(() => inSight(page)).toEqual(expect.arrayContaining([...seen, blur]));
      await screenshot(page, `s39-pushed-in-sight-drop-${size.width}`);
    });
  }, 240_000);

  it(`Insert node… on the wire into the Biomes pushes the Biomes right and the view follows: every node in sight before, the Biomes too, stays in sight, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size, recipe: 'default.json' }, async (page) => {
      const seen = await inSight(page);
      expect(seen).toContain('biomes');
      const was = await positions(page);
      const at = await wirePoint(page, WIRE);
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await page.locator('tg-context-menu button[data-action="insert"]').click();
      await page.locator('tg-node-menu').waitFor();
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      const blur = (await ids(page)).find((id) => !(id in was))!;
      expect(await wires(page)).toEqual(expect.arrayContaining([`moisture.out>${blur}.in`, `${blur}.out>biomes.moisture`]));
      expect((await positions(page)).biomes[0]).toBeGreaterThan(was.biomes[0]);
      await cardsPlaced(page);
      await expect.poll(() => inSight(page)).toEqual(expect.arrayContaining([...seen, blur]));
      await screenshot(page, `s39-pushed-in-sight-insert-${size.width}`);
    });
  }, 240_000);
}
