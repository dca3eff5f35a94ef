// Where new nodes and their params cards land, with the real mouse and keyboard: a node added
// from the palette near the canvas's foot or right edge opens its card inside the canvas,
// above the notes line; a pasted node lies on no other; a duplicate goes beside its original;
// a node expanded with H is brought into sight.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, screenshot, settle, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The canvas's box, and the notes line's top (what lies under it is hidden). */
async function frame(page: Page): Promise<{ canvas: Box; notesTop: number }> {
  const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
  const notes = (await page.locator('tg-app .notes-line').boundingBox())!;
  return { canvas, notesTop: notes.y };
}

/** Adds a node from the palette opened by a double-click at (x, y); returns its id. */
async function addFromPalette(page: Page, x: number, y: number, search: string): Promise<string> {
  const before = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));
  await page.mouse.dblclick(x, y);
  const menu = page.locator('tg-node-menu');
  await expect.poll(() => menu.count()).toBe(1);
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await settle(page);
  const after = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));
  const added = after.filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0];
}

/** The node's params card, once open and placed. */
async function cardOf(page: Page, id: string): Promise<Box> {
  const card = page.locator(`tg-node[data-node-id="${id}"] .params.card`);
  await card.waitFor();
  await settle(page);
  return (await card.boundingBox())!;
}

function expectInside(card: Box, at: { canvas: Box; notesTop: number }, what: string): void {
  expect(card.y, `${what}: top`).toBeGreaterThanOrEqual(at.canvas.y);
  expect(card.y + card.height, `${what}: foot above the notes line`).toBeLessThanOrEqual(at.notesTop);
  expect(card.x, `${what}: left`).toBeGreaterThanOrEqual(at.canvas.x);
  expect(card.x + card.width, `${what}: right`).toBeLessThanOrEqual(at.canvas.x + at.canvas.width);
}

describe('a node added from the palette', () => {
  const app = appPerTest();

  it('opens its params card inside the canvas when added near its foot (Hydraulic erosion at 1600 × 1000)', async () => {
    const page = app.s.page;
    const id = await addFromPalette(page, 200, 760, 'hydraulic');
    const card = await cardOf(page, id);
    await screenshot(page, 'placement-hydraulic-1600');
    expectInside(card, await frame(page), 'Hydraulic erosion card');
  });

  it('opens its params card inside the canvas when added near its right edge (Domain warp)', async () => {
    const page = app.s.page;
    const at = await frame(page);
    // The node fits whole there (the view need not move); its card, wider, would not.
    const id = await addFromPalette(page, at.canvas.x + at.canvas.width - 130, 220, 'domain warp');
    const card = await cardOf(page, id);
    await screenshot(page, 'placement-warp-1600');
    expectInside(card, await frame(page), 'Domain warp card');
  });
});

describe('a node added from the palette on a small window', () => {
  it('at 1024 × 700 opens Hydraulic erosion\'s card inside the canvas, added near its foot', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const at = await frame(page);
      const id = await addFromPalette(page, at.canvas.x + 60, at.notesTop - 30, 'hydraulic');
      const card = await cardOf(page, id);
      await screenshot(page, 'placement-hydraulic-1024');
      expectInside(card, await frame(page), 'Hydraulic erosion card at 1024');
    });
  });
});

/** The screen boxes of every node, by id. */
async function nodeBoxes(page: Page): Promise<Map<string, Box>> {
  const ids = await page.locator('tg-node').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId!));
  const boxes = new Map<string, Box>();
  for (const id of ids) boxes.set(id, (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!);
  return boxes;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function newest(page: Page): Promise<string> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.at(-1)!.id);
}

describe('a node pasted, duplicated or expanded', () => {
  const app = appPerTest();

  it('pastes a node at the pointer when there is room, else beside, never over another node', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+c');
    // The pointer on Continentalness itself: pasted there, the copy hid it.
    const cont = (await page.locator('tg-node[data-node-id="cont"]').boundingBox())!;
    await page.mouse.move(cont.x + cont.width / 2, cont.y + cont.height / 2);
    await page.keyboard.press('Control+v');
    await settle(page);
    const id = await newest(page);
    expect(id).not.toBe('cont');
    const boxes = await nodeBoxes(page);
    const pasted = boxes.get(id)!;
    await screenshot(page, 'placement-paste-on-node');
    expect([...boxes].filter(([other, b]) => other !== id && overlap(b, pasted)).map(([other]) => other)).toEqual([]);
    // Still near where it was asked for: within a node's size of the pointer.
    expect(Math.abs(pasted.x - (cont.x + cont.width / 2))).toBeLessThan(2 * cont.width);
    expect(Math.abs(pasted.y - (cont.y + cont.height / 2))).toBeLessThan(2 * cont.height);
  });

  it('puts a duplicate beside its original: touching no node, no farther than a node from it', async () => {
    const page = app.s.page;
    const ids = ['cont', 'moisture', 'tempNoise'];
    for (const source of ids) {
      await page.locator(`tg-node[data-node-id="${source}"] header .title`).click();
      await page.keyboard.press('Control+d');
      await settle(page);
      const id = await newest(page);
      const boxes = await nodeBoxes(page);
      const copy = boxes.get(id)!;
      const original = boxes.get(source)!;
      expect([...boxes].filter(([other, b]) => other !== id && overlap(b, copy)).map(([other]) => other), `${source}'s copy`).toEqual([]);
      // The gap between the two boxes, along x and y.
      const gapX = Math.max(0, copy.x - (original.x + original.width), original.x - (copy.x + copy.width));
      const gapY = Math.max(0, copy.y - (original.y + original.height), original.y - (copy.y + copy.height));
      expect(Math.max(gapX, gapY), `${source}'s copy at ${JSON.stringify(copy)}, original at ${JSON.stringify(original)}`).toBeLessThanOrEqual(original.width);
    }
    await screenshot(page, 'placement-duplicates');
  });

  it('brings a node expanded with H near the canvas\'s right edge into sight', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="biomes"] header .title').click();
    await page.keyboard.press('h');
    await settle(page);
    await page.evaluate(async () => (await (window as never as { terrainGraph: { app: { ready: Promise<{ settled(): Promise<void> }> } } }).terrainGraph.app.ready).settled());
    await settle(page);
    expect(await page.locator('tg-node[data-node-id="biomes"]').getAttribute('collapsed')).toBeNull();
    const node = (await page.locator('tg-node[data-node-id="biomes"]').boundingBox())!;
    const at = await frame(page);
    await screenshot(page, 'placement-expanded-at-edge');
    expect(node.x + node.width, `expanded biomes at ${JSON.stringify(node)}`).toBeLessThanOrEqual(at.canvas.x + at.canvas.width + 0.5);
    expect(node.y).toBeGreaterThanOrEqual(at.canvas.y);
  });
});
