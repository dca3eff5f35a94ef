// Three frictions a Gaea user met in the viewer, with the real mouse at both window sizes: the
// flow's rivers map drew its sea as "no river", so rivers seemed to end in the middle of nowhere;
// the 3-D orbit reached the horizon within a 60-px drag; and a turn of the wheel over the panel
// slid the histogram, the map's legend, under the sticky map.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import type { Graph } from '../../src/model/graph.ts';
import { DRAINAGE_SEA } from '../../src/render/drainage.ts';
import { ORBIT_MAX_POLAR, orbitTilt } from '../../src/app/terrain-3d/mesh.ts';
import { overlaps, settle, showInViewer, withApp } from './harness.ts';

const SIZES = [
  [1600, 1000],
  [1024, 700],
] as const;
const shot = (name: string) => `tests/screenshots/viewfix-${name}.png`;

async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

/** The viewer showing the Flow node's rivers output of the Rivers from the rain recipe. */
async function showRivers(page: Page): Promise<void> {
  await showInViewer(page, 'rivers');
  await page.locator('tg-viewer select.port').selectOption('rivers');
  await settle(page);
  await expect.poll(() => page.locator('tg-viewer tg-histogram [data-kind="mask"]').count()).toBe(1);
}

for (const [width, height] of SIZES) {
  it(`draws the sea of a flow's rivers map as sea, read at a sea cell under the mouse, with a sea row in the legend, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showRivers(page);
      // A cell of open sea (its 7 × 7 block all sea, as the flow has it) nearest the view's middle.
      const graph = await pageGraph(page);
      const n = graph.view.size;
      const engine = createEngine(graph);
      engine.evaluate({ targets: ['rivers'] });
      const filled = engine.output('rivers', 'filled')!.data;
      const terrain = engine.output('water', 'terrain');
      if (terrain?.type !== 'terrain') throw new Error('no terrain');
      const sea = (r: number, c: number) => !(filled[r * n + c] >= terrain.seaLevel);
      let best = -1;
      let bestD = Infinity;
      for (let r = 3; r < n - 3; r++) {
        for (let c = 3; c < n - 3; c++) {
          let open = true;
          for (let dr = -3; dr <= 3 && open; dr++) for (let dc = -3; dc <= 3 && open; dc++) open = sea(r + dr, c + dc);
          const d = (r - n / 2) ** 2 + (c - n / 2) ** 2;
          if (open && d < bestD) [best, bestD] = [r * n + c, d];
        }
      }
      expect(best, 'the recipe has open sea').toBeGreaterThanOrEqual(0);
      const c = best % n;
      const r = Math.floor(best / n);
      const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
      await page.mouse.move(frame.x + ((c + 0.5) / n) * frame.width, frame.y + ((n - 1 - r + 0.5) / n) * frame.height);
      await page.waitForFunction((at) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-provenance')?.shadowRoot?.querySelector(`.where[data-i="${at}"]`), best);
      expect(await page.locator('tg-provenance .answer').innerText()).toContain('under the sea level, where the rivers end: no river');
      // The map's own pixel at that cell (the canvas under the wind's arrows) is the sea's colour.
      const pixel = await page.locator('tg-map-view canvas.map').evaluate(
        (canvas: HTMLCanvasElement, at) => [...canvas.getContext('2d')!.getImageData(Math.floor(((at.c + 0.5) * canvas.width) / at.n), Math.floor(((at.n - 1 - at.r + 0.5) * canvas.height) / at.n), 1, 1).data.slice(0, 3)],
        { c, r, n },
      );
      expect(pixel).toEqual([...DRAINAGE_SEA]);
      // The legend says so: river, no river and sea, each with its share, in the map's colours.
      const legend = page.locator('tg-viewer tg-histogram [data-kind="mask"]');
      expect(await legend.locator('.row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')))).toEqual(['river', 'no river', 'sea']);
      const swatch = await legend.locator('.row[data-name="sea"] i').evaluate((i) => getComputedStyle(i).backgroundColor);
      expect(swatch).toBe(`rgb(${DRAINAGE_SEA.join(', ')})`);
      await page.screenshot({ path: shot(`rivers-sea-${width}`) });
    });
  }, 180_000);

  it(`keeps the 3-D camera above the land through an upward drag, and tilts a third of the canvas by orbitTilt, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await showInViewer(page, 'water');
      await page.locator('tg-viewer .tab-3d').click();
      const polar = () =>
        page.evaluate(() => {
          const el = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d') as unknown as { scene: { controls: { getPolarAngle(): number } } | null } | null;
          return el?.scene ? el.scene.controls.getPolarAngle() : null;
        });
      await expect.poll(polar).not.toBeNull();
      await settle(page);
      const box = (await page.locator('tg-terrain-3d canvas').boundingBox())!;
      const x = box.x + box.width / 2;
      const drag = async (from: number, to: number) => {
        await page.mouse.move(x, from);
        await page.mouse.down();
        await page.mouse.move(x, to, { steps: 12 });
        await page.mouse.up();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      };
      const home = (await polar())!;
      expect(home).toBeLessThan(ORBIT_MAX_POLAR);
      // 60 px up: the friction's drag, which reached the horizon (0.49π).
      await drag(box.y + box.height * 0.6, box.y + box.height * 0.6 - 60);
      const after60 = (await polar())!;
      expect(after60).toBeGreaterThan(home);
      expect(after60).toBeLessThanOrEqual(ORBIT_MAX_POLAR + 1e-9);
      expect(after60).toBeLessThan(0.4 * Math.PI);
      // The canvas's whole height up: still no lower than the limit, the camera 25° over the land.
      await drag(box.y + box.height - 2, box.y + 2);
      expect(await polar()).toBeCloseTo(ORBIT_MAX_POLAR, 6);
      await page.screenshot({ path: shot(`orbit-lowest-${width}`) });
      // A third of the canvas down from there tilts it by orbitTilt (60°), short of straight down.
      await drag(box.y + box.height * 0.3, box.y + box.height * 0.3 + box.height / 3);
      const tilted = ORBIT_MAX_POLAR - (await polar())!;
      expect(tilted).toBeCloseTo(orbitTilt(box.height / 3, box.height), 1);
      expect(await polar()).toBeGreaterThan(0);
    });
  }, 180_000);

  it(`keeps the histogram, the map's legend, clear of the sticky map when the panel is scrolled with the wheel, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'rivers-from-the-rain.json' }, async (page) => {
      await showRivers(page);
      const panel = (await page.locator('tg-viewer').boundingBox())!;
      // The wheel over the panel below the map.
      await page.mouse.move(panel.x + panel.width / 2, panel.y + panel.height - 30);
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.locator('tg-viewer').evaluate((v) => v.scrollTop)).toBeGreaterThan(0);
      await settle(page);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const map = (await page.locator('tg-map-view .frame').boundingBox())!;
      for (const part of ['[data-kind="mask"]', '.water']) {
        const box = (await page.locator(`tg-viewer tg-histogram ${part}`).boundingBox())!;
        expect(overlaps(box, map), `${part} under the map`).toBe(false);
        expect(box.y, `${part} below the map`).toBeGreaterThanOrEqual(map.y + map.height);
        expect(box.y + box.height, `${part} within the panel`).toBeLessThanOrEqual(panel.y + panel.height);
        // What shows at its middle is the legend itself, nothing over it.
        const hit = await page.evaluate(
          (at) => {
            // The chain of elements at the point, through the shadow roots: a tg-histogram on it.
            const chain: string[] = [];
            let el: Element | null = document.elementFromPoint(at.x, at.y);
            while (el) {
              chain.push(el.tagName);
              const inner: Element | null = el.shadowRoot?.elementFromPoint(at.x, at.y) ?? null;
              if (!inner || inner === el) break;
              el = inner;
            }
            return chain.join(' ');
          },
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(hit, `${part} seen`).toContain('TG-HISTOGRAM');
      }
      await page.screenshot({ path: shot(`scrolled-legend-${width}`) });

      // A terrain's plot in the 3-D tab, whose block is the tallest: whole in the legend's box,
      // lowered to fit rather than cut through its bars.
      await showInViewer(page, 'water');
      await page.locator('tg-viewer .tab-3d').click();
      await settle(page);
      const plot = page.locator('tg-viewer section.histogram tg-histogram .plot canvas');
      const section = page.locator('tg-viewer section.histogram');
      await expect
        .poll(async () => {
          const p = (await plot.boundingBox())!;
          const b = (await section.boundingBox())!;
          return p.y >= b.y && p.y + p.height <= b.y + b.height + 0.5;
        })
        .toBe(true);
      expect((await plot.boundingBox())!.height).toBeGreaterThanOrEqual(36);
      expect(overlaps((await section.boundingBox())!, (await page.locator('tg-terrain-3d canvas').boundingBox())!)).toBe(false);
      await page.screenshot({ path: shot(`legend-3d-${width}`) });
    });
  }, 180_000);
}
