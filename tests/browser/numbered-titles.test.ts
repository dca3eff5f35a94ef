// A second node of a type is numbered, as in Gaea and Houdini: a Flow node added from a wire,
// from the palette, duplicated (Ctrl+D) and pasted (Ctrl+C, Ctrl+V) beside the Island recipe's
// reads "Flow and rivers 2", 3, 4, 5 on the canvas and in the viewer's pick of whose rivers,
// where newcomer5 found two "Flow and rivers" they could not tell apart. Undo and redo with the
// keys bring back each title exactly. Real mouse and keyboard, at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, settle, socketCenter, withApp } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The flow nodes' ids and titles as the model holds them, in the graph's order. */
async function flows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tg = (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string; type: string; title: string }[] } } } }).terrainGraph;
    return tg.core.graph.nodes.filter((n) => n.type === 'flow').map((n) => `${n.id}: ${n.title}`);
  });
}

/** The title each flow node's header shows on the canvas. */
async function canvasTitles(page: Page): Promise<string[]> {
  const ids = (await flows(page)).map((f) => f.split(': ')[0]);
  const out: string[] = [];
  for (const id of ids) out.push(((await page.locator(`tg-node[data-node-id="${id}"] header .title`).textContent()) ?? '').trim());
  return out;
}

/** A point of the canvas at fractions of its box, checked to lie on no node. */
async function emptyCanvas(page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> {
  const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
  const p = { x: canvas.x + canvas.width * fx, y: canvas.y + canvas.height * fy };
  const onNode = await page.evaluate(({ x, y }) => document.elementsFromPoint(x, y).some((e) => e.localName === 'tg-node' || e.localName === 'tg-viewer'), p);
  expect(onNode, `${fx}, ${fy} of the canvas lies on no node`).toBe(false);
  return p;
}

describe('numbered titles', () => {
  for (const viewport of SIZES) {
    it(`numbers Flow nodes added from a wire, the palette, Ctrl+D and Ctrl+V, told apart on the canvas and in the rivers pick, and undo and redo bring each title back (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'island.json' }, async (page) => {
        const start = await flows(page);
        expect(start.map((f) => f.split(': ')[1])).toEqual(['Flow and rivers']);

        // From the moisture's wire, dropped on empty canvas: "rivers", Enter.
        const from = await socketCenter(page, 'moisture', 'output', 'out');
        const drop = await emptyCanvas(page, 0.4, 0.72);
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(drop.x, drop.y, { steps: 12 });
        await page.mouse.up();
        await page.locator('tg-node-menu').waitFor();
        await page.keyboard.type('rivers');
        await page.keyboard.press('Enter');
        await settle(page);

        // From the palette, opened by a right-click on empty canvas.
        const spot = await emptyCanvas(page, 0.05, 0.9);
        await page.mouse.click(spot.x, spot.y, { button: 'right' });
        await page.locator('tg-node-menu').waitFor();
        await page.keyboard.type('rivers');
        await page.keyboard.press('Enter');
        await settle(page);

        // Duplicated: the first Flow node picked by its title, Ctrl+D.
        const first = start[0].split(': ')[0];
        await page.locator(`tg-node[data-node-id="${first}"] header .title`).click();
        await page.keyboard.press('Control+d');
        await settle(page);

        // Copied and pasted at the pointer over empty canvas.
        await page.locator(`tg-node[data-node-id="${first}"] header .title`).click();
        await page.keyboard.press('Control+c');
        const at = await emptyCanvas(page, 0.2, 0.9);
        await page.mouse.move(at.x, at.y);
        await page.keyboard.press('Control+v');
        await settle(page);

        const made = await flows(page);
        expect(made.map((f) => f.split(': ')[1])).toEqual(['Flow and rivers', 'Flow and rivers 2', 'Flow and rivers 3', 'Flow and rivers 4', 'Flow and rivers 5']);
        expect(await canvasTitles(page)).toEqual(made.map((f) => f.split(': ')[1]));

        // The viewer's pick of whose rivers: five names, each its own, no id needed. (F with
        // nothing selected fits the graph: the view had moved to show the nodes added.)
        const clear = await emptyCanvas(page, 0.05, 0.9);
        await page.mouse.click(clear.x, clear.y);
        await page.keyboard.press('f');
        await settle(page);
        // At fit a collapsed title is cut short ("Flow and riv…"): its number stays in sight.
        for (const f of made.slice(1)) {
          const title = page.locator(`tg-node[data-node-id="${f.split(': ')[0]}"] header .title`);
          const whole = (await title.boundingBox()) as Box;
          const number = (await title.locator('.number').boundingBox()) as Box;
          expect(number.width, f).toBeGreaterThan(4);
          expect(number.x + number.width, f).toBeLessThanOrEqual(whole.x + whole.width + 0.5);
          expect(await title.locator('.number').textContent()).toBe(` ${f.split(' ').at(-1)}`);
        }
        await page.locator('tg-node[data-node-id="biomes"] header .title').click();
        await settle(page);
        const options = (await page.locator('tg-viewer select.rivers-pick option').allTextContents()).map((o) => o.trim());
        expect(options).toEqual(['Flow and rivers', 'Flow and rivers 2', 'Flow and rivers 3', 'Flow and rivers 4', 'Flow and rivers 5']);
        await screenshot(page, `numbered-titles-${viewport.width}`);

        // Undo the four additions with the keys, then redo them: the same ids and titles.
        const canvas = await emptyCanvas(page, 0.05, 0.9);
        await page.mouse.click(canvas.x, canvas.y);
        for (let k = 0; k < 4; k++) await page.keyboard.press('Control+z');
        await settle(page);
        expect(await flows(page)).toEqual(start);
        for (let k = 0; k < 4; k++) await page.keyboard.press('Control+Shift+z');
        await settle(page);
        expect(await flows(page)).toEqual(made);
        expect(await canvasTitles(page)).toEqual(made.map((f) => f.split(': ')[1]));
      });
    });
  }
});
