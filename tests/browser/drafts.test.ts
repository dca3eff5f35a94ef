// A curve point dragged with the view at 1024²: the previews follow from drafts (a coarser view
// of the same world, marked on the map), and once the hand is released every picture equals
// the one a fresh page draws of the same graph, which never drafted.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, nodePixels, openApp, screenshot, settle, type TestHandle } from './harness.ts';

/** Hashes of every node's picture and of the viewer's map. */
async function pictures(page: Page): Promise<Record<string, string>> {
  const ids = await page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.map((n) => n.id));
  const out: Record<string, string> = {};
  for (const id of ids) out[id] = (await nodePixels(page, id)).hash;
  out['(map)'] = await page.locator('tg-map-view canvas.map').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 0x01000193) >>> 0;
    return `${c.width}x${c.height}:${h.toString(16)}`;
  });
  return out;
}

/** Presses the C curve's point at x = 0 and moves it up in `moves` steps, a frame apart; returns the map's badges seen. */
async function dragCurve(page: Page, moves: number, during?: () => Promise<void>): Promise<string[]> {
  const editor = page.locator('tg-node[data-node-id="contCurve"] tg-curve-editor');
  const k = await page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.node('contCurve')!.params.points as number[][]).then((pts) => pts.findIndex((p) => p[0] === 0));
  const at = (await editor.evaluate((el, index) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(index), k))!;
  // The map's badge, read at every frame of the drag.
  await page.evaluate(() => {
    const w = window as unknown as { badges: string[]; watching: boolean };
    w.badges = [];
    w.watching = true;
    const find = (root: ParentNode): Element | null => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'tg-map-view') return el;
        const inside = el.shadowRoot && find(el.shadowRoot);
        if (inside) return inside;
      }
      return null;
    };
    let map: Element | null = null;
    const look = () => {
      if (!map?.isConnected) map = find(document);
      w.badges.push((map?.shadowRoot?.querySelector('.badge')?.textContent ?? '').trim());
      if (w.watching) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (let j = 1; j <= moves; j++) {
    await page.mouse.move(at.x, at.y - j);
    await page.waitForTimeout(16);
  }
  await during?.();
  await page.mouse.up();
  // Off the curve, so its editor draws no hovered point.
  await page.mouse.move(5, 500);
  return page.evaluate(() => {
    const w = window as unknown as { badges: string[]; watching: boolean };
    w.watching = false;
    return w.badges;
  });
}

describe('drafts while dragging', () => {
  const app = appPerTest();

  it('draws coarse drafts during a drag at 1024², and after it the pictures of a page that never drafted', async () => {
    const page = app.s.page;
    await page.locator('tg-viewer select.size').selectOption('1024');
    await settle(page);
    await page.evaluate(() => {
      const tg = window as unknown as { terrainGraph: { client: { subscribe(l: (a: { kind: string; draft?: boolean; final: boolean; nodes: { id: string }[] }) => void): void } }; seen: string[]; draftThumbnails: number };
      tg.seen = [];
      tg.draftThumbnails = 0;
      tg.terrainGraph.client.subscribe((a) => {
        if (a.kind === 'result' && a.nodes.some((n) => n.id === 'biomes')) tg.seen.push(a.draft ? 'draft' : 'full');
        // The rest of a draft (the thumbnails between the curve and the biomes), drawn and not dropped.
        if (a.kind === 'result' && a.draft && a.final && a.nodes.some((n) => n.id === 'coast')) tg.draftThumbnails++;
      });
    });
    const coastBefore = (await nodePixels(page, 'coast')).hash;
    let coastDuring = coastBefore;
    const badges = await dragCurve(page, 30, async () => {
      await screenshot(page, 'drafts-1024-dragging');
      coastDuring = (await nodePixels(page, 'coast')).hash;
    });
    expect(coastDuring).not.toBe(coastBefore);
    await settle(page);
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // The thumbnails between the curve and the biomes follow the drafts too, not only the full
    // answer after the hand rests (the coast's picture above changes either way: the screenshot
    // outlasts REST_MS).
    expect(await page.evaluate(() => (window as unknown as { draftThumbnails: number }).draftThumbnails)).toBeGreaterThan(0);
    // Drafts while the point moved, and the last biome picture a full one.
    expect(seen).toContain('draft');
    expect(seen.at(-1)).toBe('full');
    expect(badges.some((b) => b.includes('coarse 148²'))).toBe(true);
    expect(await page.locator('tg-map-view').evaluate((el) => el.shadowRoot?.querySelector('.badge')?.textContent ?? '')).not.toContain('coarse');
    const after = await pictures(page);
    await screenshot(page, 'drafts-1024-after');

    // The same graph in a page of its own (the tab's autosaved draft, evaluated afresh), once the
    // draft holds it: autosaved a moment after the last edit, which a loaded machine may delay.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const tab = sessionStorage.getItem('terrain-graph:tab');
          const record = tab && localStorage.getItem(`terrain-graph:draft:${tab}`);
          if (!record) return false;
          const saved = JSON.parse((JSON.parse(record) as { text: string }).text) as { view: { size: number }; nodes: { id: string; params: Record<string, unknown> }[] };
          const core = (window as unknown as { terrainGraph: TestHandle & { core: { graph: { view: { size: number } } } } }).terrainGraph.core;
          const points = (g: { params: Record<string, unknown> } | undefined) => JSON.stringify(g?.params.points);
          return saved.view.size === core.graph.view.size && points(saved.nodes.find((n) => n.id === 'contCurve')) === points(core.node('contCurve'));
        }),
      )
      .toBe(true);
    const fresh = await openApp(app.browser, { context: app.s.context });
    try {
      expect(await fresh.page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.length)).toBeGreaterThan(0);
      const size = await fresh.page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { view: { size: number } } } } }).terrainGraph.core.graph.view.size);
      expect(size).toBe(1024);
      expect(await pictures(fresh.page)).toEqual(after);
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.page.close();
    }
  });

  it('shows the drafts at 1024 × 700 too', async () => {
    const s = await openApp(app.browser, { viewport: { width: 1024, height: 700 } });
    try {
      await s.page.locator('tg-viewer select.size').selectOption('1024');
      await settle(s.page);
      const badges = await dragCurve(s.page, 20, () => screenshot(s.page, 'drafts-1024x700-dragging'));
      await settle(s.page);
      expect(badges.some((b) => b.includes('coarse 148²'))).toBe(true);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
