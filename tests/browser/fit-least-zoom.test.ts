// Fit (F, or the toolbar's Fit) on a graph too long for the canvas at its least zoom (0.1): the
// fit's pan was computed for the smaller zoom it wanted, then rete's restrictor clamped the zoom to
// 0.1 about the canvas's top left, so the row sat with its first node some 30-40 px in and a few
// px low, neither centred nor at its start, and nothing said it did not all show. Now the view is
// at 0.1 centred on the row's middle (as Blender's View All at its zoom limit), and a notice says
// it is too large. And a selected collapsed node's params card at that zoom is drawn at its own
// size (its scale was capped at 4: 0.4× at zoom 0.1, 5-pixel labels), wholly in the canvas, over
// no other node's socket or title. Real mouse and keyboard, at both window sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { emptyCanvas, openText, screenshot, settle, withApp } from './harness.ts';

/** A row of `n` collapsed nodes, a noise and curves, each wired into the next, `gap` apart. */
function row(n: number, gap: number): string {
  const nodes: unknown[] = [];
  const edges: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const position = [i * gap, 0];
    if (i === 0) nodes.push({ id: 'n0', type: 'fbm', title: 'Noise', position, collapsed: true, params: { seed: 1, frequency: 2, octaves: 2, lacunarity: 2, gain: 0.5, kind: 'plain' } });
    else {
      nodes.push({ id: `n${i}`, type: 'curve', title: `Curve ${i}`, position, collapsed: true, params: { points: [[-1, -1], [1, 1]] } });
      edges.push({ from: `n${i - 1}.out`, to: `n${i}.in` });
    }
  }
  return JSON.stringify({ format: 'terrain-graph', version: 3, name: `a row of ${n}`, notes: '', view: { x: 0, y: 0, size: 64 }, nodes, edges });
}

type Handle = { terrainGraph: { app: { ready: Promise<{ area: { area: { transform: { k: number } } } }> } } };
const zoom = (page: Page) => page.evaluate(async () => (await (window as never as Handle).terrainGraph.app.ready).area.area.transform.k);

/** The canvas's box, and the row's: its first node's left, its top and bottom, its last node's right. */
async function where(page: Page) {
  return page.locator('tg-app .canvas').evaluate((canvas) => {
    const c = canvas.getBoundingClientRect();
    const rects = [...canvas.querySelectorAll<HTMLElement>('tg-node[data-node-id]')].map((n) => n.getBoundingClientRect());
    return {
      canvas: { left: c.left, top: c.top, width: c.width, height: c.height },
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    };
  });
}

/** Zooms in with the wheel over the canvas's middle, so that a fit after has something to do. */
async function zoomIn(page: Page): Promise<void> {
  const c = (await page.locator('tg-app .canvas').boundingBox())!;
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -100);
  await settle(page);
  expect(await zoom(page)).toBeGreaterThan(0.12);
}

/** After a fit of the row: at the least zoom, centred on its middle, and the notice saying so. */
async function fittedAtLeast(page: Page): Promise<void> {
  await expect.poll(() => zoom(page)).toBeCloseTo(0.1, 6);
  const w = await where(page);
  // Centred on the row's middle both ways, its ends out of sight.
  expect(Math.abs((w.left + w.right) / 2 - (w.canvas.left + w.canvas.width / 2))).toBeLessThan(2);
  expect(Math.abs((w.top + w.bottom) / 2 - (w.canvas.top + w.canvas.height / 2))).toBeLessThan(2);
  expect(w.left).toBeLessThan(w.canvas.left);
  expect(w.right).toBeGreaterThan(w.canvas.left + w.canvas.width);
  await expect.poll(() => page.locator('tg-app .toast').textContent()).toContain('Too large to show whole at the least zoom');
}

for (const [width, height, n] of [
  [1600, 1000, 120],
  [1024, 700, 80],
] as const) {
  it(`F and Fit on a row too long for the least zoom centre it at the least zoom and say so (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      // A graph that fits: Fit says nothing.
      await page.locator('tg-toolbar button', { hasText: /^Fit$/ }).click();
      await settle(page);
      expect(await page.locator('tg-app .toast').count()).toBe(0);

      await openText(page, 'row.json', row(n, 170));
      await zoomIn(page);
      const at = await emptyCanvas(page);
      await page.mouse.click(at.x, at.y);
      await page.keyboard.press('f');
      await settle(page);
      await fittedAtLeast(page);
      await screenshot(page, `s39-zoomfit-f-${width}`);

      await zoomIn(page);
      await page.locator('tg-toolbar button', { hasText: /^Fit$/ }).click();
      await settle(page);
      await fittedAtLeast(page);
    });
  }, 240_000);

  it(`a selected node's params card at the least zoom is at its own size, in the canvas, over no other node (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      // The default graph zoomed out with the wheel as far as it goes.
      const c = (await page.locator('tg-app .canvas').boundingBox())!;
      await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
      for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 100);
      await settle(page);
      await expect.poll(() => zoom(page)).toBeCloseTo(0.1, 6);
      // The Temperature's card: at its own size, in the canvas, off the minimap, over no other node's title or socket.
      await page.locator('tg-node[data-node-id="temperature"] header .title').click();
      const node = page.locator('tg-node[data-node-id="temperature"]');
      await node.locator('.params.card').waitFor();
      await expect.poll(() => node.evaluate((el) => el.hasAttribute('card-waits')), { timeout: 10_000 }).toBe(false);
      await settle(page);
      expect(await zoom(page)).toBeCloseTo(0.1, 6);
      const card = await page.locator('tg-app .canvas').evaluate((canvas) => {
        const nodes = [...canvas.querySelectorAll<HTMLElement>('tg-node')];
        const own = nodes.find((el) => el.dataset.nodeId === 'temperature')!;
        const el = own.shadowRoot!.querySelector<HTMLElement>('.params.card')!;
        const r = el.getBoundingClientRect();
        const hit = (q: DOMRect) => q.width > 0 && q.left < r.right && r.left < q.right && q.top < r.bottom && r.top < q.bottom;
        const under = nodes.filter((o) => o !== own && (hit(o.shadowRoot!.querySelector('header')!.getBoundingClientRect()) || [...o.shadowRoot!.querySelectorAll('rete-ref')].some((s) => hit(s.getBoundingClientRect()))));
        const box = canvas.getBoundingClientRect();
        const map = canvas.querySelector(':scope > .tg-minimap')!.getBoundingClientRect();
        const label = own.shadowRoot!.querySelector('tg-param')!;
        return {
          scale: r.height / el.offsetHeight,
          labelPx: parseFloat(getComputedStyle(label).fontSize) * (r.height / el.offsetHeight),
          under: under.map((o) => o.dataset.nodeId),
          inCanvas: r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom - 40 + 0.5 && !hit(map),
        };
      });
      expect(card.scale).toBeCloseTo(1, 2);
      expect(card.labelPx).toBeGreaterThanOrEqual(11);
      expect(card.under).toEqual([]);
      expect(card.inCanvas).toBe(true);
      await screenshot(page, `s39-zoomfit-card-${width}`);
    });
  }, 240_000);
}
