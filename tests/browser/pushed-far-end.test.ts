// A node put on a wire whose far end lies out of sight (the wire's source just past the canvas's
// left edge) pushes the node at the canvas's right edge out of sight; the view's move brings it
// back by the pan that keeps all else in sight (sight.ts, pushed-view.ts), as the README says. It
// counted the far end's socket, never in sight, among what the move must show, ahead of the pushed
// node: with the source 6 px off the left edge, a pan left bringing the pushed node back did not
// show it, so the view zoomed a step out instead (titles smaller) to show a socket nobody saw.
// Insert node… with the real mouse at zoom 1, at both window sizes.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openText, screenshot, settle, withApp } from './harness.ts';

/** A noise wired into two curves in a row: the curves `gap` apart, the first `first` from the noise. */
function row(first: number, gap: number): string {
  const curve = (id: string, x: number) => ({ id, type: 'curve', title: `Curve ${id}`, position: [x, 0], collapsed: true, params: { points: [[-1, -1], [1, 1]] } });
  const nodes = [
    { id: 's', type: 'fbm', title: 'Source', position: [0, 0], collapsed: true, params: { seed: 1, frequency: 2, octaves: 2, lacunarity: 2, gain: 0.5, kind: 'plain' } },
    curve('a', first),
    curve('b', first + gap),
  ];
  const edges = [
    { from: 's.out', to: 'a.in' },
    { from: 'a.out', to: 'b.in' },
  ];
  return JSON.stringify({ format: 'terrain-graph', version: 3, name: 'a far source', notes: '', view: { x: 0, y: 0, size: 64 }, nodes, edges });
}

type Area = { transform: { k: number; x: number; y: number }; translate(x: number, y: number): Promise<unknown>; zoom(k: number, ox: number, oy: number): Promise<unknown> };
type Handle = { terrainGraph: { core: { graph: { nodes: { id: string }[] } }; app: { ready: Promise<{ area: { area: Area } }> } } };
const zoom = (page: Page) => page.evaluate(async () => (await (window as never as Handle).terrainGraph.app.ready).area.area.transform.k);
const ids = (page: Page) => page.evaluate(() => (window as never as Handle).terrainGraph.core.graph.nodes.map((n) => n.id));

/** Each node's left and right on the screen (its sockets in), whether it is wholly in sight, and the canvas's left and right. */
async function boxes(page: Page): Promise<{ nodes: Record<string, { left: number; right: number; seen: boolean }>; left: number; right: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector('tg-app')!.shadowRoot!.querySelector('.canvas')!;
    const c = canvas.getBoundingClientRect();
    const nodes: Record<string, { left: number; right: number; seen: boolean }> = {};
    for (const n of canvas.querySelectorAll<HTMLElement>('tg-node[data-node-id]')) {
      const rects = [n.getBoundingClientRect(), ...[...(n.shadowRoot?.querySelectorAll('rete-ref') ?? [])].map((s) => s.getBoundingClientRect()).filter((s) => s.width)];
      const [l, t, r, b] = [Math.min(...rects.map((q) => q.left)), Math.min(...rects.map((q) => q.top)), Math.max(...rects.map((q) => q.right)), Math.max(...rects.map((q) => q.bottom))];
      nodes[n.dataset.nodeId!] = { left: l, right: r, seen: l >= c.left - 0.5 && t >= c.top - 0.5 && r <= c.right + 0.5 && b <= c.bottom - 40 + 0.5 };
    }
    return { nodes, left: c.left, right: c.right };
  });
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`Insert node… on a wire from a source out of sight brings the pushed node back by a pan, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      // The curves at the canvas's right, 16 px apart at zoom 1, the noise's output 6 px off its left edge.
      const canvasWidth = (await boxes(page)).right - (await boxes(page)).left;
      await openText(page, 'far.json', row(canvasWidth - 172, 160));
      await page.evaluate(async () => (await (window as never as Handle).terrainGraph.app.ready).area.area.zoom(1, 0, 0));
      await settle(page);
      const fitted = await boxes(page);
      await page.evaluate(async (dx) => {
        const area = (await (window as never as Handle).terrainGraph.app.ready).area.area;
        await area.translate(area.transform.x + dx, area.transform.y);
      }, fitted.left - 6 - fitted.nodes.s.right);
      await settle(page);
      const before = await boxes(page);
      expect(before.nodes.s.seen).toBe(false);
      expect(before.nodes.a.seen && before.nodes.b.seen).toBe(true);
      // Right-click the wire 40 px left of the first curve, Insert node…, Blur.
      const at = await page.locator('tg-wire svg[data-wire="s.out>a.in"] path.hit').evaluate((path: SVGPathElement, x) => {
        const m = path.getScreenCTM()!;
        let best = { x: 0, y: 0, d: Infinity };
        for (let i = 0; i <= 400; i++) {
          const p = path.getPointAtLength((path.getTotalLength() * i) / 400);
          const sx = m.a * p.x + m.c * p.y + m.e;
          if (Math.abs(sx - x) < best.d) best = { x: sx, y: m.b * p.x + m.d * p.y + m.f, d: Math.abs(sx - x) };
        }
        return best;
      }, before.nodes.a.left - 40);
      const was = await ids(page);
      await page.mouse.click(at.x, at.y, { button: 'right' });
      await page.locator('tg-context-menu button[data-action="insert"]').click();
      await page.locator('tg-node-menu').waitFor();
      await page.keyboard.type('blur');
      await page.keyboard.press('Enter');
      await settle(page);
      const blur = (await ids(page)).find((id) => !was.includes(id))!;
      expect(blur).toBeDefined();
      // Both curves pushed right, the second past the canvas's edge (else nothing here is tested)...
      const pushed = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; position: number[] }[] } } } }).terrainGraph.core.graph.nodes.find((n) => n.id === 'b')!.position[0]);
      expect(before.nodes.b.right + (pushed - (canvasWidth - 12))).toBeGreaterThan(before.right);
      // ...and brought back by a pan: the zoom as it was, the Blur and both curves in sight.
      await expect.poll(async () => {
        const after = await boxes(page);
        return [after.nodes[blur]?.seen, after.nodes.a.seen, after.nodes.b.seen];
      }).toEqual([true, true, true]);
      expect(await zoom(page)).toBe(1);
      await screenshot(page, `s39-review11-pushed-far-end-${width}`);
    });
  }, 240_000);
}
