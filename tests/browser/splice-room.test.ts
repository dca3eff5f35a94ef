// A node dropped on a wire between two close nodes makes room for itself (placement.ts
// roomForInsert): let go over the Height and the Water level of the default graph (20 units
// apart), the Blur ends on the wire with no node box over another, one undo taking back the drop,
// the wires and every node pushed. Alt held: only the Blur moves. Real mouse, both sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cardsPlaced, graphText, overlaps, screenshot, settle, wirePoint, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];
const WIRE = 'height.out>water.height';

type Core = { terrainGraph: { core: { graph: { nodes: { id: string; position: [number, number] }[] }; undoLabel: string | null } } };
const positions = (page: Page) => page.evaluate(() => Object.fromEntries((window as never as Core).terrainGraph.core.graph.nodes.map((n) => [n.id, n.position])));
const undoLabel = (page: Page) => page.evaluate(() => (window as never as Core).terrainGraph.core.undoLabel);

/** Pairs of node boxes on the canvas (as drawn, in page pixels) that overlap, as "a/b". */
async function overlapping(page: Page): Promise<string[]> {
  const boxes: { id: string; box: { x: number; y: number; width: number; height: number } }[] = [];
  for (const node of await page.locator('tg-node[data-node-id]').all()) boxes.push({ id: (await node.getAttribute('data-node-id'))!, box: (await node.boundingBox())! });
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i].box, boxes[j].box)) out.push(`${boxes[i].id}/${boxes[j].id}`);
  return out;
}

/** Adds a Blur from the palette at an empty spot near the canvas's bottom left; returns its id. */
async function addBlur(page: Page): Promise<string> {
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  const ids = async () => Object.keys(await positions(page));
  const before = await ids();
  await page.mouse.dblclick(area.x + 150, area.y + area.height - 70);
  await expect.poll(() => page.locator('tg-node-menu').count()).toBe(1);
  await page.keyboard.type('blur');
  await page.keyboard.press('Enter');
  await settle(page);
  const added = (await ids()).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0];
}

/** Presses on the node's title and moves it, held, so the title's middle lies on the wire's point. */
async function holdOnWire(page: Page, id: string): Promise<void> {
  await cardsPlaced(page);
  const to = await wirePoint(page, WIRE);
  const box = (await page.locator(`tg-node[data-node-id="${id}"] header .title`).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await expect.poll(() => page.locator('tg-wire[splice]').evaluateAll((ws) => ws.map((w) => `${(w as HTMLElement & { wireKey: string }).wireKey}:${w.getAttribute('splice')}`))).toEqual([`${WIRE}:take`]);
}

for (const size of SIZES) {
  it(`a Blur dropped on the wire between the Height and the Water level pushes the Water level and its row right, no node over another; one undo puts all back; with Alt only the Blur moves, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size, recipe: 'default.json' }, async (page) => {
      const blur = await addBlur(page);
      const before = await graphText(page);
      const was = await positions(page);
      expect(await overlapping(page)).toEqual([]);
      await holdOnWire(page, blur);
      // Held over both: the Blur lies over the Height and the Water level.
      const held = await overlapping(page);
      expect(held.some((p) => p.includes('water'))).toBe(true);
      if (size.width === 1024) await screenshot(page, 's38-splice-room-held-1024');
      await page.mouse.up();
      await settle(page);
      expect(await wires(page)).toEqual(expect.arrayContaining([`height.out>${blur}.in`, `${blur}.out>water.height`]));
      expect(await undoLabel(page)).toBe('insert Blur');
      const now = await positions(page);
      // The Water level and the Rank beside it went right, on their rows; the Height stayed.
      expect(now.water[0]).toBeGreaterThan(was.water[0]);
      expect(now.rank[0]).toBeGreaterThan(was.rank[0]);
      expect(now.water[1]).toBe(was.water[1]);
      expect(now.height).toEqual(was.height);
      expect(now[blur][0]).toBeGreaterThan(now.height[0]);
      expect(now[blur][0]).toBeLessThan(now.water[0]);
      await expect.poll(() => overlapping(page)).toEqual([]);
      if (size.width === 1024) await screenshot(page, 's38-splice-room-dropped-1024');
      await page.keyboard.press('Control+z');
      await settle(page);
      expect(await graphText(page)).toBe(before);
      await expect.poll(() => overlapping(page)).toEqual([]);

      // Alt held while letting go: a move, nothing pushed.
      await holdOnWire(page, blur);
      await page.keyboard.down('Alt');
      await expect.poll(() => page.locator('tg-wire[splice]').count()).toBe(0);
      await page.mouse.up();
      await page.keyboard.up('Alt');
      await settle(page);
      expect(await undoLabel(page)).toBe('move');
      const moved = await positions(page);
      expect(moved[blur]).not.toEqual(was[blur]);
      expect({ ...moved, [blur]: was[blur] }).toEqual(was);
    });
  }, 240_000);
}

for (const size of SIZES) {
  it(`Insert node… on the wire between the Height and the Water level puts the Blur on it, its row pushed right, no node over another; one undo puts all back, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size, recipe: 'default.json' }, async (page) => {
      const before = await graphText(page);
      const was = await positions(page);
      const at = await wirePoint(page, WIRE);
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await page.locator('tg-context-menu button[data-action="insert"]').click();
      await page.locator('tg-node-menu').waitFor();
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      const now = await positions(page);
      const blur = Object.keys(now).find((id) => !(id in was))!;
      expect(await wires(page)).toEqual(expect.arrayContaining([`height.out>${blur}.in`, `${blur}.out>water.height`]));
      expect(await undoLabel(page)).toBe('insert Blur');
      // On the wire's row, between its ends: the Height stayed, the Water level went right.
      expect(now.height).toEqual(was.height);
      expect(now[blur][0]).toBeGreaterThan(now.height[0]);
      expect(now[blur][0]).toBeLessThan(now.water[0]);
      expect(now.water[0]).toBeGreaterThan(was.water[0]);
      expect(Math.abs(now[blur][1] - was.water[1])).toBeLessThan(100);
      await expect.poll(() => overlapping(page)).toEqual([]);
      if (size.width === 1024) await screenshot(page, 's38-splice-room-inserted-1024');
      await page.keyboard.press('Control+z');
      await settle(page);
      expect(await graphText(page)).toBe(before);
    });
  }, 240_000);
}
