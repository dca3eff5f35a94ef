// The lakes map of a flow drew its rivers in the deep blue, [0, 45, 120], a navy beside the sea's
// [24, 52, 104] once the sea was drawn as sea (session 39, item of a worldbuilder's pass): a river
// reaching the coast read as a finger of sea. The rivers now take a water colour apart from the
// sea; the legend's swatch, the pinned cell's river line, a drag frame and the 3-D drape agree with
// the map. With the real mouse at both window sizes; the expected river cells from an engine in Node.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { DRAINAGE_SEA } from '../../src/render/drainage.ts';
import { FAINT2, RIVER_COLOURS, RIVER_DEEP_RGB } from '../../src/render/rivers.ts';
import { screenshot, settle, showInViewer, withApp } from './harness.ts';

type Rgb = [number, number, number];

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

const rgbOf = (css: string): Rgb => css.match(/\d+/g)!.slice(0, 3).map(Number) as Rgb;
const apart2 = (a: readonly number[], b: readonly number[]) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** Pixels of exactly `rgb` in the picture the viewer's session draws now, and where it came from ('detail' or 'drag'). */
async function sessionPicture(page: Page, rgb: readonly number[]): Promise<{ source: string; pixels: number } | null> {
  return page.evaluate((c) => {
    const viewer = (window as never as { terrainGraph: { viewer: { picture(): { source: string; image: { rgba: ArrayBuffer } } | null } } }).terrainGraph.viewer;
    const pic = viewer.picture();
    if (!pic) return null;
    const data = new Uint8Array(pic.image.rgba);
    let pixels = 0;
    for (let p = 0; p < data.length; p += 4) if (data[p] === c[0] && data[p + 1] === c[1] && data[p + 2] === c[2]) pixels++;
    return { source: pic.source, pixels };
  }, [...rgb]);
}

/** Pixels of exactly `rgb` in the 3-D view's drape. */
async function drapePixels(page: Page, rgb: readonly number[]): Promise<number> {
  return page.locator('tg-terrain-3d').evaluate((el: Element, c) => {
    const scene = (el as unknown as { scene: { texture: { image: { data: Uint8Array } } | null } | null }).scene;
    const data = scene?.texture?.image.data;
    if (!data) return -1;
    let pixels = 0;
    for (let p = 0; p < data.length; p += 4) if (data[p] === c[0] && data[p + 1] === c[1] && data[p + 2] === c[2]) pixels++;
    return pixels;
  }, [...rgb]);
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`draws the rivers over a flow's lakes map apart from the sea, the legend, pin, drag and 3-D alike, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showInViewer(page, 'rivers');
      await page.locator('tg-viewer select.port').selectOption('lakes');
      await settle(page);
      // The legend's line for the water drawn over the map: its swatch is the rivers' colour, apart from the sea.
      const swatch = page.locator('tg-viewer tg-histogram .water i');
      await expect.poll(() => swatch.count()).toBe(1);
      const colour = rgbOf(await swatch.evaluate((i) => getComputedStyle(i).backgroundColor));
      expect(RIVER_COLOURS).toContainEqual(colour);
      expect(apart2(colour, DRAINAGE_SEA), `rivers ${colour} beside the sea ${DRAINAGE_SEA}`).toBeGreaterThanOrEqual(FAINT2);

      // The map: river cells off the lakes, away from the edge, are drawn in it.
      const graph = await pageGraph(page);
      const n = graph.view.size;
      const engine = createEngine(graph);
      engine.evaluate({ targets: ['rivers'] });
      const rivers = engine.output('rivers', 'rivers')!.data;
      const lakes = engine.output('rivers', 'lakes')!.data;
      const cells: number[] = [];
      for (let i = 0; i < n * n && cells.length < 40; i++) {
        const [c, r] = [i % n, Math.floor(i / n)];
        if (rivers[i] === 1 && lakes[i] === 0 && c > 8 && c < n - 8 && r > 8 && r < n - 8) cells.push(i);
      }
      expect(cells.length).toBe(40);
      const drawn = await page.locator('tg-map-view canvas.map').evaluate(
        (canvas: HTMLCanvasElement, p) =>
          p.cells.map((i) => [...canvas.getContext('2d')!.getImageData(Math.floor((((i % p.n) + 0.5) * canvas.width) / p.n), Math.floor(((p.n - 1 - Math.floor(i / p.n) + 0.5) * canvas.height) / p.n), 1, 1).data.slice(0, 3)]),
        { cells, n },
      );
      for (const [k, got] of drawn.entries()) expect(got, `river cell ${cells[k]}`).toEqual(colour);
      await screenshot(page, `s39-mappolish-lakes-rivers-${width}`);

      // A river cell clicked (pinned): its river line is marked in the map's colour.
      const i = cells[cells.length >> 1];
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const cell = frame.width / n;
      await page.mouse.click(frame.x + ((i % n) + 0.5) * cell, frame.y + (n - 1 - Math.floor(i / n) + 0.5) * cell);
      await settle(page);
      const line = page.locator('tg-provenance .river-line');
      await expect.poll(() => line.count()).toBe(1);
      expect(await line.innerText()).toMatch(/→ river/);
      expect(rgbOf(await line.evaluate((l) => getComputedStyle(l).borderLeftColor))).toEqual(colour);
      await line.evaluate((l) => l.scrollIntoView({ block: 'end' }));
      await screenshot(page, `s39-mappolish-lakes-rivers-pinned-${width}`);

      // A drag of the map: its frames draw the rivers in the same colour, none in the deep blue.
      await page.locator('tg-map-view .frame').scrollIntoViewIfNeeded();
      const box = (await page.locator('tg-map-view .frame').boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      let seen: { source: string; pixels: number } | null = null;
      for (let k = 1; k <= 200 && seen?.source !== 'drag'; k++) {
        await page.mouse.move(x + Math.min(k, 40), y + Math.min(k, 40) / 2);
        await page.waitForTimeout(20);
        seen = await sessionPicture(page, colour);
      }
      expect(seen?.source).toBe('drag');
      expect(seen!.pixels).toBeGreaterThan(0);
      expect((await sessionPicture(page, RIVER_DEEP_RGB))!.pixels).toBe(0);
      await page.mouse.up();
      await settle(page);

      // The 3-D drape: the map's picture, its rivers in the same colour.
      await page.locator('tg-viewer button.tab-3d').click();
      await expect.poll(() => drapePixels(page, colour), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(await drapePixels(page, RIVER_DEEP_RGB)).toBe(0);
    });
  }, 240_000);
}
