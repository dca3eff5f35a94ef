// A node put on a wire at the canvas's least zoom (0.1: a long graph at fit) pushes its row right;
// the view's move that brings the pushed nodes back may not zoom out, which rete's restrictor
// clamps: the step's pan was applied at the old zoom, the view jumped by a tenth of its pan (31 px
// up at 1024 × 700) and the pushed nodes stayed out of sight. A row of curves spanning the canvas
// from 1 px off its left edge, Insert node… on a wire right of its middle, with the real mouse,
// at both sizes: the pushed nodes that were in sight, and the Blur, are in sight after, at 0.1.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openText, screenshot, settle, wirePoint, withApp } from './harness.ts';

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

type Handle = { terrainGraph: { core: { graph: { nodes: { id: string; position: [number, number] }[] } }; app: { ready: Promise<{ area: { area: { transform: { k: number; x: number; y: number }; translate(x: number, y: number): Promise<unknown> } } }> } } };
const positions = (page: Page) => page.evaluate(() => Object.fromEntries((window as never as Handle).terrainGraph.core.graph.nodes.map((n) => [n.id, n.position])));
const zoom = (page: Page) => page.evaluate(async () => (await (window as never as Handle).terrainGraph.app.ready).area.area.transform.k);

/** The nodes wholly in sight (box and sockets in the canvas above its notes line, off the minimap), and the least left of them. */
async function inSight(page: Page): Promise<{ ids: string[]; left: number; canvasLeft: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector('tg-app')!.shadowRoot!.querySelector('.canvas')!;
    const c = canvas.getBoundingClientRect();
    const map = canvas.querySelector('.tg-minimap')?.getBoundingClientRect();
    const ids: string[] = [];
    let least = Infinity;
    for (const n of canvas.querySelectorAll<HTMLElement>('tg-node[data-node-id]')) {
      const rects = [n.getBoundingClientRect(), ...[...(n.shadowRoot?.querySelectorAll('rete-ref') ?? [])].map((s) => s.getBoundingClientRect()).filter((s) => s.width)];
      const l = Math.min(...rects.map((r) => r.left));
      const t = Math.min(...rects.map((r) => r.top));
      const r = Math.max(...rects.map((q) => q.right));
      const b = Math.max(...rects.map((q) => q.bottom));
      const underMap = map && map.width && l < map.right && map.left < r && t < map.bottom && map.top < b;
      if (l >= c.left - 0.5 && t >= c.top - 0.5 && r <= c.right + 0.5 && b <= c.bottom - 40 + 0.5 && !underMap) {
        ids.push(n.dataset.nodeId!);
        least = Math.min(least, l);
      }
    }
    return { ids, left: least, canvasLeft: c.left };
  });
}

for (const [width, height, n] of [
  [1600, 1000, 100],
  [1024, 700, 60],
] as const) {
  it(`Insert node… at the least zoom brings the pushed nodes back by a pan, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'row.json', row(n, 170));
      // Too long for the canvas at its least zoom: fitted at 0.1, its end out of sight.
      expect(await zoom(page)).toBeCloseTo(0.1, 6);
      const fitted = await inSight(page);
      expect(fitted.ids.length).toBeLessThan(n);
      // The row's first node 1 px from the canvas's left edge: no pan left keeps it all in sight.
      // (Fit now centres a graph too long for the least zoom, its first node out of sight left.)
      const first = await page.locator('tg-node[data-node-id="n0"]').evaluate((el) => el.getBoundingClientRect().left);
      await page.evaluate(async (dx) => {
        const area = (await (window as never as Handle).terrainGraph.app.ready).area.area;
        await area.translate(area.transform.x - dx, area.transform.y);
      }, first - fitted.canvasLeft - 1);
      await settle(page);
      const seen = (await inSight(page)).ids;
      const last = Math.max(...seen.map((id) => Number(id.slice(1))));
      const i = Math.round(last * 0.7);
      const was = await positions(page);
      const at = await wirePoint(page, `n${i}.out>n${i + 1}.in`);
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await page.locator('tg-context-menu button[data-action="insert"]').click();
      await page.locator('tg-node-menu').waitFor();
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      const now = await positions(page);
      const blur = Object.keys(now).find((id) => !(id in was))!;
      expect(blur).toBeDefined();
      // The room was made: the row right of the Blur pushed, its last node in sight among them.
      const pushed = seen.filter((id) => now[id][0] !== was[id][0]);
      expect(pushed).toContain(`n${last}`);
      await expect.poll(async () => (await inSight(page)).ids).toEqual(expect.arrayContaining([...pushed, blur]));
      expect(await zoom(page)).toBeCloseTo(0.1, 6);
      await screenshot(page, `s39-review11-pushed-least-zoom-${width}`);
    });
  }, 240_000);
}
