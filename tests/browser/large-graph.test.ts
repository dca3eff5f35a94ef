// Large graphs and the minimap, with the real mouse: a 300-node file opened with Open… lays the
// page out a bounded number of times and draws the minimap once (the work counts, not the
// time, which the load measure reports: scripts/measure-load.ts), its wires end at their
// sockets; a 1000-node file survives select all, Delete, undo, redo and a node dragged, undo
// bringing back exactly what was there, and a click or a move there redraws one node, not
// 1000, and asks the engine for nothing (the times: npm run measure:large); frames show in the
// minimap in their colours, and a press there moves the view.
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { largeGraph } from './large-graph.ts';
import { appPerTest, drag, graphText, screenshot, settle, socketCenter, wholeView } from './harness.ts';

type Handle = { terrainGraph: { app: { canvas: { settled(): Promise<void>; minimap?: { draws: number; element: HTMLElement; pointOf(x: number, y: number): { x: number; y: number } } } } } };

async function layouts(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'LayoutCount')!.value;
}

const minimapDraws = (page: Page) => page.evaluate(() => (window as never as Handle).terrainGraph.app.canvas.minimap?.draws ?? -1);

/** The minimap's colour at a canvas point, as [r, g, b]. */
async function minimapColour(page: Page, at: [number, number]): Promise<number[]> {
  return page.evaluate(([x, y]) => {
    const m = (window as never as Handle).terrainGraph.app.canvas.minimap!;
    const p = m.pointOf(x, y);
    const canvas = m.element.querySelector('canvas')!;
    const box = canvas.getBoundingClientRect();
    const k = canvas.width / box.width;
    return [...canvas.getContext('2d')!.getImageData(Math.round((p.x - box.left) * k), Math.round((p.y - box.top) * k), 1, 1).data.slice(0, 3)];
  }, at);
}

describe('a large graph and the minimap', () => {
  const app = appPerTest();

  it('opens a 300-node file with a bounded number of page layouts and one minimap drawing, every wire at its sockets', async () => {
    const page = app.s.page;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const n = 300;
    const layoutsBefore = await layouts(cdp);
    const drawsBefore = await minimapDraws(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (await chooser).setFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(largeGraph(n)) });
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(n);
    await page.evaluate(async () => {
      await (window as never as Handle).terrainGraph.app.canvas.settled();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    // Measuring each socket as it came, and the old minimap's measuring per mini node, laid the
    // page out again for every node: hundreds of layouts for 300 nodes. A load now lays it out a
    // few times, whatever its size.
    const laidOut = (await layouts(cdp)) - layoutsBefore;
    expect(laidOut).toBeLessThan(n / 10);
    expect((await minimapDraws(page)) - drawsBefore).toBe(1);
    // The wires found their sockets all the same: a wire's ends sit at its two sockets. Checked
    // at fit, as F shows it (it opened at a zoom where titles read, a corner of it in sight).
    await wholeView(page);
    for (const i of [1, 2, 3, n - 1]) {
      const key = `n${i - 1}.out>n${i}.in`;
      await page.locator(`tg-wire svg[data-wire="${key}"]`).scrollIntoViewIfNeeded().catch(() => undefined);
      const ends = await page.locator(`tg-wire svg[data-wire="${key}"] path.hit`).evaluate((path: SVGPathElement) => {
        const m = path.getScreenCTM()!;
        const at = (l: number) => {
          const p = path.getPointAtLength(l);
          return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
        };
        return [at(0), at(path.getTotalLength())];
      });
      const from = await socketCenter(page, `n${i - 1}`, 'output', 'out');
      const to = await socketCenter(page, `n${i}`, 'input', 'in');
      // rete draws a wire from 12 canvas units outside its sockets; at this zoom that is a few pixels.
      expect(Math.hypot(ends[0].x - from.x, ends[0].y - from.y), `${key} starts at its output`).toBeLessThan(8);
      expect(Math.hypot(ends[1].x - to.x, ends[1].y - to.y), `${key} ends at its input`).toBeLessThan(8);
    }
    await screenshot(page, 'large-graph-300');
  });

  it('deletes all of a 1000-node file, brings it back exactly with undo, deletes it again with redo, and drags a node of it', async () => {
    const page = app.s.page;
    const n = 1000;
    const text = largeGraph(n);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (await chooser).setFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(n);
    // At fit, as F shows it (it opened at a zoom where titles read, a corner of it in sight).
    await wholeView(page);
    const wiresOf = () => page.locator('tg-wire svg[data-wire]').count();
    const expectedWires = JSON.parse(text).edges.length as number;
    expect(await wiresOf()).toBe(expectedWires);
    const opened = await graphText(page);

    // A click on one node redraws the nodes whose look it changes (that one), not all 1000; and
    // moving a node asks the engine for nothing (its place is not evaluated).
    const work = await page.evaluate(() => {
      const tg = (window as never as { terrainGraph: { core: { select(ids: string[]): void; moveNodes(m: { id: string; position: [number, number] }[]): void; node(id: string): { position: [number, number] } }; client: { busy: boolean } } }).terrainGraph;
      const node = (id: string) => document.querySelector('tg-app')!.shadowRoot!.querySelector(`tg-node[data-node-id="${id}"]`) as HTMLElement & { isUpdatePending: boolean };
      const idle = !tg.client.busy;
      const [x, y] = tg.core.node('n1')!.position;
      tg.core.moveNodes([{ id: 'n1', position: [x + 40, y] }]);
      const asked = tg.client.busy;
      tg.core.select(['n0']);
      return { far: node('n500').isUpdatePending, near: node('n0').isUpdatePending, idle, asked };
    });
    expect(work.near).toBe(true);
    expect(work.far).toBe(false);
    expect(work.idle).toBe(true);
    expect(work.asked).toBe(false);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(opened);

    // Select all and Delete, with the canvas focused as after a click on it.
    const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width - 30, canvas.y + 30);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(0);
    expect(await wiresOf()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(n);
    await settle(page);
    expect(await wiresOf()).toBe(expectedWires);
    // Exactly what was there: every node, param, place and wire, in the file's order.
    expect(await graphText(page)).toBe(opened);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(0);
    expect(await wiresOf()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('tg-node').count(), { timeout: 60_000 }).toBe(n);
    await settle(page);
    expect(await graphText(page)).toBe(opened);

    // Drag the first node by its title with the real mouse: it moves, its wire follows, and
    // one undo puts it back.
    const title = page.locator('tg-node[data-node-id="n0"] header .title');
    const box = (await title.boundingBox())!;
    const before = await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { position: [number, number] } } } }).terrainGraph.core.node('n0')!.position);
    await drag(page, { x: box.x + 5, y: box.y + box.height / 2 }, { x: box.x + 5 + 60, y: box.y + box.height / 2 + 30 }, 20);
    await settle(page);
    const after = await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { position: [number, number] } } } }).terrainGraph.core.node('n0')!.position);
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]);
    const wireStart = await page.locator('tg-wire svg[data-wire="n0.out>n1.in"] path.hit').evaluate((path: SVGPathElement) => {
      const m = path.getScreenCTM()!;
      const p = path.getPointAtLength(0);
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    });
    const from = await socketCenter(page, 'n0', 'output', 'out');
    expect(Math.hypot(wireStart.x - from.x, wireStart.y - from.y)).toBeLessThan(8);
    await screenshot(page, 'large-graph-1000-dragged');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(opened);
    // Some 15 s on a quiet machine (open, delete, undo, redo, drag of 1000 nodes); under a loaded
    // CI run the same steps took over the default 60 s. A limit against a hang, not a speed check.
  }, 240_000);

  it('draws frames in the minimap in their colours, and a press there moves the view to that spot', async () => {
    const page = app.s.page;
    const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
    // An empty spot beside the default graph, found on the canvas: a frame goes there.
    const spot = await page.evaluate(() => {
      const core = (window as never as { terrainGraph: { core: { graph: { nodes: { position: [number, number] }[] } } } }).terrainGraph.core;
      const ys = core.graph.nodes.map((n) => n.position[1]);
      const xs = core.graph.nodes.map((n) => n.position[0]);
      return [Math.min(...xs), Math.max(...ys) + 400] as [number, number];
    });
    const centre: [number, number] = [spot[0] + 240, spot[1] + 150];
    const before = await minimapColour(page, centre);
    // The spot may lie below the window at fit: move the view there through the minimap first.
    const target = await page.evaluate(([x, y]) => (window as never as Handle).terrainGraph.app.canvas.minimap!.pointOf(x, y), centre);
    await page.mouse.click(target.x, target.y);
    await settle(page);
    const onScreen = await page.evaluate(([x, y]) => {
      const area = (window as never as { terrainGraph: { app: { canvas: { area: { area: { transform: { x: number; y: number; k: number } }; container: HTMLElement } } } } }).terrainGraph.app.canvas.area;
      const t = area.area.transform;
      const r = area.container.getBoundingClientRect();
      return { x: r.left + x * t.k + t.x, y: r.top + y * t.k + t.y };
    }, centre);
    // The press put that canvas point in the middle of the canvas (within a minimap pixel or two).
    expect(Math.abs(onScreen.x - (canvas.x + canvas.width / 2))).toBeLessThan(40);
    expect(Math.abs(onScreen.y - (canvas.y + canvas.height / 2))).toBeLessThan(40);
    // Now frame that spot (the pointer on it, nothing selected), and make the frame red.
    await page.mouse.click(onScreen.x - 200, onScreen.y - 120);
    await page.keyboard.press('Escape');
    await page.mouse.move(onScreen.x - 240, onScreen.y - 150);
    await page.keyboard.press('Control+g');
    await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
    await page.locator('tg-frame header').click({ button: 'right', position: { x: 60, y: 10 } });
    await page.getByRole('menuitem', { name: 'Red' }).click();
    await settle(page);
    const after = await minimapColour(page, centre);
    // Red shows where the frame is: more red against green and blue than the bare minimap had.
    expect(after[0] - Math.max(after[1], after[2])).toBeGreaterThan(before[0] - Math.max(before[1], before[2]) + 20);
    await screenshot(page, 'minimap-frame');
  });
});
