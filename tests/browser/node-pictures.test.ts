// A node's picture is an image with the worker's pixels, drawn again when its result changes;
// and dragging a node lays out only what moved, not the whole canvas.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, settle, type TestHandle } from './harness.ts';

/** The RGBA bytes a node's picture shows, read from its <img>, and whether any canvas is left in the node. */
function shown(page: Page, id: string): Promise<{ width: number; height: number; rgba: number[]; canvases: number }> {
  return page.locator(`tg-node[data-node-id="${id}"] tg-preview, tg-node[data-node-id="${id}"] tg-curve-editor`).first().evaluate(async (host) => {
    await (host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const node = host.getRootNode() as ShadowRoot;
    const canvases = node.querySelectorAll('canvas').length + host.shadowRoot!.querySelectorAll('canvas').length;
    const img = host.shadowRoot!.querySelector('img');
    if (!img) return { width: 0, height: 0, rgba: [], canvases };
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.naturalWidth, img.naturalHeight];
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return { width: c.width, height: c.height, rgba: [...g.getImageData(0, 0, c.width, c.height).data], canvases };
  });
}

describe('node pictures', () => {
  const app = appPerTest();

  it('shows each node picture as an image of the pixels the worker sent, and shows the new ones after an edit', async () => {
    const page = app.s.page;
    // No node draws on a canvas at rest: every picture (and curve) is an image, which Chromium
    // paints with the canvas around it instead of making each its own compositing layer.
    const ids = await page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.map((n) => n.id));
    for (const id of ids) expect((await shown(page, id)).canvases, id).toBe(0);

    // Keep a copy of the water's next picture as the worker sends it (its buffer goes back to the worker once drawn).
    await page.evaluate(() => {
      const tg = (window as unknown as { terrainGraph: { previews: { subscribe(id: string, l: (r: { image?: { width: number; height: number; rgba: ArrayBuffer } | null } | undefined) => void): () => void } } }).terrainGraph;
      const w = window as unknown as { __sent?: { width: number; height: number; rgba: number[] } };
      tg.previews.subscribe('water', (r) => {
        if (r?.image && r.image.rgba.byteLength) w.__sent = { width: r.image.width, height: r.image.height, rgba: [...new Uint8Array(r.image.rgba)] };
      });
    });
    const before = await shown(page, 'water');
    await page.evaluate(() => {
      const core = (window as unknown as { terrainGraph: { core: { setParam(id: string, key: string, v: number): void; node(id: string): { params: { share: number } } } } }).terrainGraph.core;
      core.setParam('water', 'share', core.node('water').params.share + 0.2);
    });
    await settle(page);
    const sent = await page.evaluate(() => (window as unknown as { __sent?: { width: number; height: number; rgba: number[] } }).__sent);
    expect(sent).toBeDefined();
    const after = await shown(page, 'water');
    expect(after.rgba).not.toEqual(before.rgba);
    // Byte for byte what the worker drew (the canvas's putImageData showed the same).
    expect([after.width, after.height]).toEqual([sent!.width, sent!.height]);
    expect(after.rgba.length).toBe(sent!.rgba.length);
    expect(after.rgba.findIndex((v, i) => v !== sent!.rgba[i])).toBe(-1);
  });

  it('shows a curve being edited once: a live canvas over its hidden image while a point is dragged, the image alone after', async () => {
    const page = app.s.page;
    const editor = page.locator('tg-node[data-node-id="contCurve"] tg-curve-editor');
    const at = (await editor.evaluate((el) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(1)))!;
    const seen = () =>
      editor.evaluate((el) => {
        const root = el.shadowRoot!;
        const shown = (e: Element | null) => !!e && getComputedStyle(e).visibility === 'visible' && getComputedStyle(e).display !== 'none';
        return { canvas: shown(root.querySelector('canvas')), image: shown(root.querySelector('.picture')) && !!root.querySelector('.picture img') };
      });
    expect(await seen()).toEqual({ canvas: false, image: true });
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let k = 1; k <= 5; k++) await page.mouse.move(at.x, at.y - k * 3);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    // The canvas is transparent where nothing is drawn: an image left visible under it showed
    // the point where the drag began, a ghost beside the point being dragged.
    expect(await seen()).toEqual({ canvas: true, image: false });
    await page.mouse.up();
    await settle(page);
    expect(await seen()).toEqual({ canvas: false, image: true });
  });

  it('lays out only the dragged node and its wires on each move of a drag, not the whole canvas', async () => {
    const page = app.s.page;
    // The C curve: a collapsed node without a params card. Its two wires follow it on each move.
    const title = page.locator('tg-node[data-node-id="contCurve"] header').first();
    const box = (await title.boundingBox())!;
    const [x, y] = [box.x + 10, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // The press brings the node to the front (rete moves its element): that lays out the canvas once.
    for (let k = 1; k <= 3; k++) await page.mouse.move(x + k * 4, y);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await app.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    for (let k = 4; k <= 24; k++) {
      await page.mouse.move(x + k * 4, y + k);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    }
    const trace = JSON.parse((await app.browser.stopTracing()).toString()) as { traceEvents: { name: string; args?: { beginData?: { partialLayout?: boolean; dirtyObjects?: number } } }[] };
    await page.mouse.up();
    await settle(page);
    const layouts = trace.traceEvents.filter((e) => e.name === 'Layout' && e.args?.beginData);
    expect(layouts.length).toBeGreaterThan(5);
    // Each wire's holder is a relayout boundary: a new path is laid out inside it. Without, a
    // path laid out the document again, every node and wire of it (4-5 ms a move at 1000 nodes).
    expect(layouts.filter((e) => !e.args!.beginData!.partialLayout).length).toBe(0);
  });
});
