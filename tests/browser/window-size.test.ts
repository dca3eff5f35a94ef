// The canvas when the window changes size, as a person resizes it: a graph still at fit is
// fitted again (it stayed at the large window's zoom, cut off at the right and bottom, until
// F was pressed), and a view the person moved keeps its zoom and the point at its centre; the
// viewer's map, widened by hand, leaves the canvas room on a small or shrinking window.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, screenshot, settle } from './harness.ts';

/** The canvas's box and every node's box, in page pixels. */
async function boxes(page: Page): Promise<{ area: { x: number; y: number; width: number; height: number }; nodes: { id: string; x: number; y: number; width: number; height: number }[] }> {
  return page.evaluate(() => {
    const app = document.querySelector('tg-app')!.shadowRoot!;
    const r = (el: Element) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    };
    return {
      area: r(app.querySelector('.canvas')!),
      nodes: [...app.querySelectorAll('tg-node')].map((n) => ({ id: (n as HTMLElement).dataset.nodeId!, ...r(n) })),
    };
  });
}

/** The area's transform (pan and zoom). */
const transform = (page: Page) =>
  page.evaluate(() => {
    const t = (window as never as { terrainGraph: { app: { canvas: { area: { area: { transform: { x: number; y: number; k: number } } } } } } }).terrainGraph.app.canvas.area.area.transform;
    return { x: t.x, y: t.y, k: t.k };
  });

/** Resizes the window and waits for the layout, the resize observer's frame and the fit. */
async function resize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
  await settle(page);
}

describe('the canvas when the window changes size', () => {
  const app = appPerTest();

  it('fits the graph again when a window at fit grows, then shrinks', async () => {
    const page = app.s.page;
    const k0 = (await transform(page)).k;
    await resize(page, 2200, 1300);
    await resize(page, 1024, 700);
    const { area, nodes } = await boxes(page);
    expect(nodes.length).toBe(16);
    for (const n of nodes) {
      expect(n.x, n.id).toBeGreaterThanOrEqual(area.x);
      expect(n.y, n.id).toBeGreaterThanOrEqual(area.y);
      expect(n.x + n.width, n.id).toBeLessThanOrEqual(area.x + area.width);
      expect(n.y + n.height, n.id).toBeLessThanOrEqual(area.y + area.height);
    }
    // Fitted to the smaller canvas: the graph is drawn smaller than at 1600 × 1000.
    expect((await transform(page)).k).toBeLessThan(k0);
    await screenshot(page, 'window-grown-then-shrunk');
  });

  it('keeps the zoom and the point at the centre of a view the person moved', async () => {
    const page = app.s.page;
    const before = await boxes(page);
    // Drag empty canvas (its top left corner) to pan: the view is no longer the fit.
    const from = { x: before.area.x + 20, y: before.area.y + 20 };
    await drag(page, from, { x: from.x + 120, y: from.y + 80 });
    await settle(page);
    const moved = await transform(page);
    const centre = (t: { x: number; y: number; k: number }, a: { width: number; height: number }) => [(a.width / 2 - t.x) / t.k, (a.height / 2 - t.y) / t.k];
    const c0 = centre(moved, before.area);
    await resize(page, 1200, 800);
    const after = await boxes(page);
    const t = await transform(page);
    expect(t.k).toBe(moved.k);
    const c1 = centre(t, after.area);
    expect(Math.abs(c1[0] - c0[0])).toBeLessThan(1);
    expect(Math.abs(c1[1] - c0[1])).toBeLessThan(1);
  });

  /** The viewer's resize handle (its left edge), dragged to page x. */
  async function widenViewer(page: Page, toX: number): Promise<void> {
    const grip = (await page.locator('tg-viewer .resize').boundingBox())!;
    await drag(page, { x: grip.x + grip.width / 2, y: grip.y + 200 }, { x: toX, y: grip.y + 200 }, 20);
    await settle(page);
  }

  it('leaves the canvas room when the map is widened by hand, on a small window and on one that shrinks', async () => {
    const page = app.s.page;
    await resize(page, 1024, 700);
    await widenViewer(page, 20);
    let { area } = await boxes(page);
    const viewer = async () => (await page.locator('tg-viewer').boundingBox())!;
    // The map stops where the canvas keeps 320 px; the panel stays inside the window.
    expect(area.width).toBeGreaterThanOrEqual(320);
    expect((await viewer()).x + (await viewer()).width).toBeLessThanOrEqual(1024);
    await resize(page, 1700, 1000);
    await widenViewer(page, 20);
    expect((await viewer()).width).toBeGreaterThan(1000);
    await resize(page, 1400, 900);
    ({ area } = await boxes(page));
    expect(area.width).toBeGreaterThanOrEqual(320);
    expect((await viewer()).x + (await viewer()).width).toBeLessThanOrEqual(1400);
    // The minimap takes its small size on so narrow a canvas (it hid half of it at 180 px).
    const minimap = await page.locator('tg-app .canvas .tg-minimap').evaluate((el) => el.getBoundingClientRect().width);
    expect(minimap).toBeLessThanOrEqual(area.width / 2.5);
    await screenshot(page, 'window-wide-map-then-shrunk');
  });
});
