// Rivers and lakes drawn over the viewer's picture, in a real browser: a recipe with rivers opens
// with them drawn over the biomes (until the person unticks the box), the map's river and lake
// cells are the water blue and no other pixel differs from the map without them, a lake cell's
// read out says how deep, the 3-D drape follows (its water widened on the small canvas), and a
// reload keeps the choice, off or on. Screenshots at 1600 × 1000 and 1024 × 700 in both themes,
// map and 3-D. Expected cells come from an engine in Node.
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import { parseGraph } from '../../src/index.ts';
import { riverOutputs } from '../../src/viewer-core/rivers.ts';
import type { Graph } from '../../src/model/graph.ts';
import { formatValue } from '../../src/model/values.ts';
import { RIVER_COLOURS, RIVER_RGB } from '../../src/render/rivers.ts';
import type { Rgb } from '../../src/render/ramps.ts';
import { glPixels, launch, openApp, openRecipe, screenshot, settle, waitForPreviews } from './harness.ts';

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

/** RGBA of the viewer's map canvas. */
async function mapBytes(page: Page): Promise<{ width: number; bytes: Buffer }> {
  const r = await page.locator('tg-map-view canvas.map').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let s = '';
    for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: c.width, b64: btoa(s) };
  });
  return { width: r.width, bytes: Buffer.from(r.b64, 'base64') };
}

/** Pixels of exactly `rgb` in the 3-D view's drape (the texture it draws, widened or not) and whether it was widened. */
async function drapeWater(page: Page, rgb: Rgb): Promise<{ pixels: number; widened: boolean }> {
  return page.locator('tg-terrain-3d').evaluate((el: Element, [r, g, b]) => {
    const scene = (el as unknown as { scene: { texture: { image: { data: Uint8Array } }; widened: boolean } }).scene;
    const data = scene.texture.image.data;
    let pixels = 0;
    for (let p = 0; p < data.length; p += 4) if (data[p] === r && data[p + 1] === g && data[p + 2] === b) pixels++;
    return { pixels, widened: scene.widened };
  }, rgb as [number, number, number]);
}

function count(bytes: Uint8Array | Buffer, rgb: Rgb): number {
  let k = 0;
  for (let p = 0; p < bytes.length; p += 4) if (bytes[p] === rgb[0] && bytes[p + 1] === rgb[1] && bytes[p + 2] === rgb[2]) k++;
  return k;
}

/** Pixels in any of the water's blues (the one a picture draws its water in depends on the picture). */
function waterPixels(bytes: Uint8Array | Buffer): number {
  return RIVER_COLOURS.reduce((k, rgb) => k + count(bytes, rgb), 0);
}

/** The shipped graphs that have water the viewer draws (a node with river or lake outputs), by what is in them. */
const WITH_WATER = readdirSync('graphs')
  .filter((f) => f.endsWith('.json'))
  .filter((f) => riverOutputs(parseGraph(readFileSync(`graphs/${f}`, 'utf8'))).length > 0)
  .sort();

async function landDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d') as unknown as { scene: { frameMs: number[] } | null } | null;
    return !!el?.scene && el.scene.frameMs.length > 0 && !!(window as never as { terrainGraph: { viewer: { land: { relief: unknown } } } }).terrainGraph.viewer.land.relief;
  }, undefined, { timeout: 60_000 });
  await settle(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function openRivers(browser: Browser, viewport: { width: number; height: number }, theme: 'dark' | 'light', file = 'rivers-from-the-rain.json') {
  const context = await browser.newContext({ viewport, colorScheme: theme, acceptDownloads: true });
  const s = await openApp(browser, { context });
  await openRecipe(s.page, file);
  await s.page.waitForFunction(() => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('h2[data-viewer-node="biomes"]'));
  return s;
}

describe('rivers and lakes over the viewer', () => {
  it('draws the river and lake cells over the biomes, leaves every other pixel, reads a lake, follows in 3-D and survives a reload', async () => {
    const browser = await launch();
    const s = await openRivers(browser, { width: 1600, height: 1000 }, 'dark');
    try {
      const page = s.page;
      const box = page.locator('tg-viewer input.rivers-on');
      // Drawn from the start: the recipe has rivers and no one turned them off.
      expect(await box.isChecked()).toBe(true);
      expect((await page.locator('tg-viewer .rivers label').textContent())!.trim()).toBe('rivers & lakes');
      const after = await mapBytes(page);
      await box.click();
      await settle(page);
      expect(await box.isChecked()).toBe(false);
      const before = await mapBytes(page);
      expect(waterPixels(before.bytes)).toBe(0);
      await box.click();
      await settle(page);
      expect((await mapBytes(page)).bytes.equals(after.bytes)).toBe(true);
      const graph = await pageGraph(page);
      const n = graph.view.size;
      expect(after.width).toBe(n);
      const engine = createEngine(graph);
      engine.evaluate({ targets: ['rivers'] });
      const rivers = engine.output('rivers', 'rivers')!.data;
      const lakes = engine.output('rivers', 'lakes')!.data;
      const blues = RIVER_COLOURS.map((c) => c.join());
      let riverCells = 0;
      let lakeCells = 0;
      let changedElsewhere = 0;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const p = ((n - 1 - r) * n + c) * 4;
          const rgb = [...after.bytes.subarray(p, p + 3)].join();
          if (rivers[r * n + c] === 1 || lakes[r * n + c] > 0) {
            if (rivers[r * n + c] === 1) riverCells++;
            else lakeCells++;
            expect(blues, `water cell ${c},${r}`).toContain(rgb);
          } else if (rgb !== [...before.bytes.subarray(p, p + 3)].join()) changedElsewhere++;
        }
      }
      expect(riverCells).toBeGreaterThan(100);
      expect(lakeCells).toBeGreaterThan(1000);
      expect(changedElsewhere).toBe(0);
      // Hovering a river cell: the read out still explains the biome, and adds the river's rule.
      const i = rivers.findIndex((v, k) => v === 1 && k % n > 8 && k % n < n - 8 && k / n > 8 && k / n < n - 8);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      const cell = frame.width / n;
      await page.mouse.move(frame.x + ((i % n) + 0.5) * cell, frame.y + (n - 1 - Math.floor(i / n) + 0.5) * cell);
      await settle(page);
      await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), i);
      expect(await page.locator('tg-provenance .answer').getAttribute('data-node')).toBe('biomes');
      const acc = engine.output('rivers', 'accumulation')!.data[i];
      expect((await page.locator('tg-provenance .river-line').textContent())!.replace(/\s+/g, ' ').trim()).toBe(`Flow and rivers river accumulation ${formatValue(acc)} ≥ river area 8 → river`);
      // Hovering a lake cell off the rivers: how deep it is, in the heights' units.
      const l = lakes.findIndex((v, k) => v > 0.01 && rivers[k] === 0 && k % n > 8 && k % n < n - 8);
      await page.mouse.move(frame.x + ((l % n) + 0.5) * cell, frame.y + (n - 1 - Math.floor(l / n) + 0.5) * cell);
      await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), l);
      const filled = engine.output('rivers', 'filled')!.data[l];
      expect((await page.locator('tg-provenance .lake-line').textContent())!.replace(/\s+/g, ' ').trim()).toBe(
        `Flow and rivers lake ${formatValue(lakes[l])} deep lake depth: the hollow filled to its spill point ${formatValue(filled)}`,
      );
      expect(await page.locator('tg-provenance .river-line').textContent()).toMatch(/no river/);
      // A lake shallower than the readout's four decimals says so (it read "lake 0.0000 deep").
      const t = lakes.findIndex((v, k) => v > 0 && v < 1e-4 && rivers[k] === 0 && k % n > 8 && k % n < n - 8);
      expect(t).toBeGreaterThan(-1);
      await page.mouse.move(frame.x + ((t % n) + 0.5) * cell, frame.y + (n - 1 - Math.floor(t / n) + 0.5) * cell);
      await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), t);
      expect(await page.locator('tg-provenance .lake-line').textContent()).toMatch(/lake under 0\.0001 deep/);
      await screenshot(page, 'rivers-map-1600-dark');

      // The 3-D view drapes the same picture: rivers on and off draw different land.
      await page.locator('tg-viewer button.tab-3d').click();
      await landDrawn(page);
      const on3d = (await glPixels(page)).hash;
      // A 256² drape on a 512-px canvas: the water as the map draws it, not widened.
      expect(await drapeWater(page, RIVER_RGB)).toEqual({ pixels: count(after.bytes, RIVER_RGB), widened: false });
      await screenshot(page, 'rivers-3d-1600-dark');
      await box.click();
      await settle(page);
      await landDrawn(page);
      expect((await glPixels(page)).hash).not.toBe(on3d);
      await box.click();
      await settle(page);
      await page.locator('tg-viewer button.tab-map').click();
      await settle(page);

      // A reload keeps the choice: turned off, they stay off.
      await box.click();
      await settle(page);
      await page.reload();
      await waitForPreviews(page);
      expect(await page.locator('tg-viewer input.rivers-on').isChecked()).toBe(false);
      expect(waterPixels((await mapBytes(page)).bytes)).toBe(0);
      // Turned on again: the map is drawn with the rivers after the next reload.
      await page.locator('tg-viewer input.rivers-on').click();
      await settle(page);
      await page.reload();
      await waitForPreviews(page);
      expect(await page.locator('tg-viewer input.rivers-on').isChecked()).toBe(true);
      expect((await mapBytes(page)).bytes.equals(after.bytes)).toBe(true);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await browser.close();
    }
  });

  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`opens every shipped graph with water with its rivers drawn on the map, at ${viewport.width} × ${viewport.height}`, async () => {
      // The rivers recipe, the valleys it carves, the island: found by the nodes in them.
      expect(WITH_WATER.length).toBeGreaterThanOrEqual(3);
      const browser = await launch();
      const s = await openRivers(browser, viewport, 'dark', WITH_WATER[0]);
      try {
        const page = s.page;
        for (const file of WITH_WATER) {
          await openRecipe(page, file);
          await settle(page);
          expect(await page.locator('tg-viewer input.rivers-on').isChecked(), file).toBe(true);
          const { width, bytes } = await mapBytes(page);
          expect(waterPixels(bytes) / (width * width), file).toBeGreaterThan(0.005);
          await screenshot(page, `rivers-open-${file.replace('.json', '')}-${viewport.width}`);
        }
        // A graph without water has no box and draws none.
        await openRecipe(page, 'default.json');
        await settle(page);
        expect(await page.locator('tg-viewer input.rivers-on').count()).toBe(0);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await browser.close();
      }
    });
  }

  for (const [viewport, theme] of [
    [{ width: 1600, height: 1000 }, 'light'],
    [{ width: 1024, height: 700 }, 'dark'],
    [{ width: 1024, height: 700 }, 'light'],
  ] as const) {
    it(`reads at ${viewport.width} × ${viewport.height} in the ${theme} theme, on the map and in 3-D`, async () => {
      const browser = await launch();
      const s = await openRivers(browser, viewport, theme);
      try {
        const page = s.page;
        // Drawn from the start, with nothing clicked.
        expect(await page.locator('tg-viewer input.rivers-on').isChecked()).toBe(true);
        // The map may be smaller than the grid here: the lines are kept, not thinned out.
        const { width, bytes } = await mapBytes(page);
        const blue = count(bytes, RIVER_RGB);
        expect(blue / (width * width)).toBeGreaterThan(0.005);
        // "rivers & lakes" and the zoom button share the cells' row: at 1024 × 700 a spacer's gap
        // pushed the button onto a line of its own, and the map down with it.
        const row = async (sel: string) => (await page.locator(`tg-viewer .bar.view ${sel}`).boundingBox())!;
        expect(Math.abs((await row('button.zoom')).y - (await row('select.size')).y)).toBeLessThan(4);
        expect(Math.abs((await row('.rivers')).y - (await row('select.size')).y)).toBeLessThan(4);
        await screenshot(page, `rivers-map-${viewport.width}-${theme}`);
        await page.locator('tg-viewer button.tab-3d').click();
        await landDrawn(page);
        // On the small canvas the drape's water is widened, so one-cell rivers read in 3-D.
        const drape = await drapeWater(page, RIVER_RGB);
        expect(drape.widened).toBe(viewport.width < 1300);
        if (drape.widened) expect(drape.pixels).toBeGreaterThan(blue * 1.3);
        else expect(drape.pixels).toBe(blue);
        await screenshot(page, `rivers-3d-${viewport.width}-${theme}`);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await browser.close();
      }
    });
  }
});
