// Previews follow a slider and a curve point while they are dragged, and each drag is one
// undo step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, cardsPlaced, nodePixels, params, screenshot, settle, showParams } from './harness.ts';

/**
 * Moves the held mouse along `path` until the node's picture differs from `before`, then, if it
 * has not yet, waits for it with the mouse still held: the last move may still be computing, and
 * on a loaded machine it took longer than the 2 s this used to give it.
 */
async function moveUntilChanged(page: Page, node: string, before: string, path: { x: number; y: number }[]): Promise<void> {
  for (const p of path) {
    await page.mouse.move(p.x, p.y, { steps: 2 });
    await page.waitForTimeout(40);
    if ((await nodePixels(page, node)).hash !== before) return;
  }
  await expect.poll(async () => (await nodePixels(page, node)).hash, { message: `${node}'s picture while the mouse is held`, timeout: 30_000 }).not.toBe(before);
}

function historyOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { gestureOpen: boolean } } }).terrainGraph.core.gestureOpen);
}

describe('dragging controls', () => {
  const app = appPerTest();

  it('redraws the pictures downstream of a slider while it is dragged, and undoes the drag in one step', async () => {
    const page = app.s.page;
    const shareBefore = (await params(page, 'water')).share as number;
    const waterBefore = (await nodePixels(page, 'water')).hash;
    const biomesBefore = (await nodePixels(page, 'biomes')).hash;
    await showParams(page, 'water');
    const slider = page.locator('tg-node[data-node-id="water"] tg-param[name="share"] input[type="range"]');
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    // The thumb sits at share × width; press on it and drag to the right.
    const x0 = box.x + 6 + (box.width - 12) * shareBefore;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    const path = Array.from({ length: 10 }, (_, k) => ({ x: x0 + (k + 1) * 4, y }));
    await moveUntilChanged(page, 'water', waterBefore, path);
    // Still dragging: the mouse is down and the gesture's undo step is open.
    expect(await historyOpen(page)).toBe(true);
    const during = (await params(page, 'water')).share as number;
    expect(during).toBeGreaterThan(shareBefore);
    await screenshot(page, 'drag-slider');
    await page.mouse.move(x0 + 60, y, { steps: 4 });
    await page.mouse.up();
    await settle(page);
    expect(await historyOpen(page)).toBe(false);
    expect((await nodePixels(page, 'biomes')).hash).not.toBe(biomesBefore);

    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await params(page, 'water')).share).toBe(shareBefore);
    expect((await nodePixels(page, 'water')).hash).toBe(waterBefore);
    expect((await nodePixels(page, 'biomes')).hash).toBe(biomesBefore);
  });

  it('redraws the biomes while a curve point is dragged, and undoes the drag in one step', async () => {
    const page = app.s.page;
    const pointsBefore = (await params(page, 'contCurve')).points as number[][];
    const biomesBefore = (await nodePixels(page, 'biomes')).hash;
    const curveBefore = (await nodePixels(page, 'contCurve')).hash;
    const editor = page.locator('tg-node[data-node-id="contCurve"] tg-curve-editor');
    // The point at x = 0, where most of the continent's values are.
    const k = pointsBefore.findIndex((p) => p[0] === 0);
    expect(k).toBeGreaterThan(0);
    const at = (await editor.evaluate((el, index) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(index), k))!;
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    const path = Array.from({ length: 12 }, (_, j) => ({ x: at.x, y: at.y - (j + 1) * 2 }));
    await moveUntilChanged(page, 'biomes', biomesBefore, path);
    expect(await historyOpen(page)).toBe(true);
    const during = (await params(page, 'contCurve')).points as number[][];
    expect(during[k][1]).toBeGreaterThan(pointsBefore[k][1]);
    expect(during[k][0]).toBe(pointsBefore[k][0]);
    expect((await nodePixels(page, 'contCurve')).hash).not.toBe(curveBefore);
    await screenshot(page, 'drag-curve-point');
    await page.mouse.up();
    await settle(page);

    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await params(page, 'contCurve')).points).toEqual(pointsBefore);
    expect((await nodePixels(page, 'biomes')).hash).toBe(biomesBefore);
    await page.keyboard.press('Control+Shift+z');
    await settle(page);
    expect(((await params(page, 'contCurve')).points as number[][])[k][1]).toBeGreaterThan(pointsBefore[k][1]);
  });

  it('moves a curve point pressed beside its centre by as much as the pointer moves, not to the pointer', async () => {
    const page = app.s.page;
    // The E curve's middle point: its neighbours lie far from it (the C curve's lie 4 px apart).
    const before = (await params(page, 'erosCurve')).points as number[][];
    const editor = page.locator('tg-node[data-node-id="erosCurve"] tg-curve-editor');
    const pointAt = (index: number) => editor.evaluate((el, k) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(k), index);
    const k = 1;
    const at = (await pointAt(k))!;
    // Pressed 3 px left of the point and 3 px below it (within its hit radius), then straight up.
    await page.mouse.move(at.x - 3, at.y + 3);
    await page.mouse.down();
    await page.mouse.move(at.x - 3, at.y - 17, { steps: 5 });
    // The last move reaches the editor with the page's next frame, which may come late on a loaded
    // machine: wait for the point drawn 20 px higher rather than for a time.
    await expect.poll(async () => Math.abs((await pointAt(k))!.y - (at.y - 20))).toBeLessThan(1.5);
    const during = (await params(page, 'erosCurve')).points as number[][];
    const moved = (await pointAt(k))!;
    await page.mouse.up();
    await settle(page);
    // Its x exactly as it was, and drawn 20 px higher, still 3 px right of and above the pointer
    // (it used to jump to the pointer: its x moved with the 3 px).
    expect(during[k][0]).toBe(before[k][0]);
    expect(during[k][1]).toBeGreaterThan(before[k][1]);
    expect(Math.abs(moved.x - at.x)).toBeLessThan(1);
    expect(Math.abs(moved.y - (at.y - 20))).toBeLessThan(1.5);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await params(page, 'erosCurve')).points).toEqual(before);
  });

  it('adds a curve point with a double-click and removes it with another', async () => {
    const page = app.s.page;
    const before = (await params(page, 'erosCurve')).points as number[][];
    const editor = page.locator('tg-node[data-node-id="erosCurve"] tg-curve-editor');
    const a = (await editor.evaluate((el) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(0)))!;
    const b = (await editor.evaluate((el) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(1)))!;
    // Halfway between the first two points, a little above the curve.
    await page.mouse.dblclick((a.x + b.x) / 2, (a.y + b.y) / 2 - 10);
    await settle(page);
    const added = (await params(page, 'erosCurve')).points as number[][];
    expect(added.length).toBe(before.length + 1);
    expect(added.map((p) => p[0])).toEqual([...added.map((p) => p[0])].sort((x, y) => x - y));
    const c = (await editor.evaluate((el) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(1)))!;
    await page.mouse.dblclick(c.x, c.y);
    await settle(page);
    expect((await params(page, 'erosCurve')).points).toEqual(before);
  });
  it('moves a dragged node in a layer of its own, drawn where it was, and puts it back at the front of the canvas when dropped', async () => {
    const page = app.s.page;
    // The Continental noise: an fBm, whose params card (open once the press selects it) holds a select.
    const where = () =>
      page.evaluate(() => {
        const app = document.querySelector('tg-app')!.shadowRoot!;
        const node = app.querySelector('tg-node[data-node-id="cont"]')!;
        // rete's holder of the node's view (the lit renderer's <rete-root> is between them).
        const holder = node.parentElement!.parentElement!;
        const r = node.getBoundingClientRect();
        const layer = app.querySelector('.tg-drag-layer')!;
        // The view's pan: the node's place on the canvas is its place on the screen less the pan.
        const t = (window as never as { terrainGraph: { app: { canvas: { area: { area: { transform: { x: number; y: number } } } } } } }).terrainGraph.app.canvas.area.area.transform;
        return { lifted: holder.parentElement === layer, last: holder.parentElement!.lastElementChild === holder, x: r.x, y: r.y, inLayer: layer.childElementCount, cx: r.x - t.x, cy: r.y - t.y };
      });
    const title = (await page.locator('tg-node[data-node-id="cont"] header .title').boundingBox())!;
    const before = await where();
    expect(before.lifted).toBe(false);
    await page.mouse.move(title.x + 5, title.y + title.height / 2);
    await page.mouse.down();
    const picked = await where();
    // Lifted out of the canvas's content for the drag (a select inside a node moved among the
    // others made Chromium lay out every node on each move), and drawn exactly where it was.
    expect(picked.lifted).toBe(true);
    // (To a ten-thousandth of a pixel: the layer's transform is the content's, composed apart.)
    expect(picked.x).toBeCloseTo(before.x, 3);
    expect(picked.y).toBeCloseTo(before.y, 3);
    await page.mouse.move(title.x + 45, title.y + title.height / 2 + 20, { steps: 5 });
    const moved = await where();
    expect(moved.x - before.x).toBeCloseTo(40, 0);
    expect(moved.y - before.y).toBeCloseTo(20, 0);
    await page.mouse.up();
    await settle(page);
    // The press selected the node, whose card may move the view for it a moment after the release
    // (on a loaded machine, between two reads of the node's place): the node's place is compared
    // on the canvas, less the view's pan.
    await cardsPlaced(page);
    const dropped = await where();
    // Back among the nodes, last: in front of them, as rete's node order put it when picked.
    expect([dropped.lifted, dropped.last, dropped.inLayer]).toEqual([false, true, 0]);
    expect(dropped.cx).toBeCloseTo(moved.cx, 3);
    expect(dropped.cy).toBeCloseTo(moved.cy, 3);
    await page.keyboard.press('Control+z');
    await settle(page);
    await cardsPlaced(page);
    const undone = await where();
    expect(undone.lifted).toBe(false);
    expect(undone.cx).toBeCloseTo(before.cx, 3);
    expect(undone.cy).toBeCloseTo(before.cy, 3);
  });
});
