// A game developer's pass over the 3-D view, erosion and rivers (session 32), with the real mouse
// and keyboard at 1600 × 1000 and 1024 × 700: a value typed into the eroded-valleys recipe's
// erosion took seconds to compute while the map and the 3-D land showed the old picture as if
// it were final, and the 3-D view named where its heights came from by ids ("heights of
// water.terrain") that are nowhere on the canvas; a Flow node whose river area no basin reached
// said "constant 0". The picture an edit left behind now says *updating…* until the worker's
// answer replaces it, the 3-D label names titles, and the flow says why it has no river.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { glPixels, params, screenshot, settle, showInViewer, showParams, waitForPreviews, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** Types a value into a param's field on the canvas and presses Enter, as a person does. */
async function typeParam(page: Page, node: string, param: string, value: string): Promise<void> {
  await showParams(page, node);
  const field = page.locator(`tg-node[data-node-id="${node}"] tg-param[name="${param}"] input[type="number"]`);
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

/** The map's corner badge ("coarse 148²", "updating…", "2.0×"), or '' when there is none. */
async function mapBadge(page: Page): Promise<string> {
  const badge = page.locator('tg-map-view .badge');
  return (await badge.count()) ? ((await badge.textContent()) ?? '') : '';
}

/**
 * Watches, at every frame from now until `stop()`, the text of the map's badge and of the 3-D
 * view's badge: what they said while the worker computed is then known however fast it was.
 */
async function watchBadges(page: Page): Promise<{ stop(): Promise<string[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as { badgesSeen: Set<string>; badgesWatching: boolean };
    w.badgesSeen = new Set();
    w.badgesWatching = true;
    const viewer = () => document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!;
    const look = () => {
      if (!w.badgesWatching) return;
      const map = viewer().querySelector('tg-map-view')?.shadowRoot?.querySelector('.badge');
      const land = viewer().querySelector('tg-terrain-3d')?.shadowRoot?.querySelector('.badge');
      if (map?.textContent) w.badgesSeen.add(`map: ${map.textContent}`);
      if (land?.textContent) w.badgesSeen.add(`3-D: ${land.textContent}`);
      requestAnimationFrame(look);
    };
    look();
  });
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as { badgesSeen: Set<string>; badgesWatching: boolean };
        w.badgesWatching = false;
        return [...w.badgesSeen];
      }),
  };
}

/** The 3-D view's top row: its source label's and its badge's text and boxes. */
async function top3d(page: Page) {
  return page.locator('tg-terrain-3d').evaluate((el) => {
    const root = el.shadowRoot!;
    const part = (sel: string) => {
      const e = root.querySelector(sel);
      return e ? { text: e.textContent ?? '', box: e.getBoundingClientRect().toJSON() as { x: number; width: number } } : null;
    };
    return { source: part('.source'), badge: part('.badge') };
  });
}

describe('a newcomer in the 3-D view with erosion and rivers', () => {
  for (const viewport of SIZES) {
    it(`says updating… over the map and the 3-D land while a typed erosion value computes, gone with the answer (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await showInViewer(page, 'erosion');
        expect(await mapBadge(page)).not.toContain('updating');
        // Droplets that live long: seconds of work here, and whatever the machine, the watch sees
        // every frame drawn meanwhile.
        let watch = await watchBadges(page);
        await typeParam(page, 'erosion', 'lifetime', '200');
        if (await page.locator('tg-map-view .badge').count()) await screenshot(page, `behind-map-${viewport.width}`);
        await settle(page);
        expect(await watch.stop()).toContain('map: updating…');
        expect(await mapBadge(page)).not.toContain('updating');
        expect(await params(page, 'erosion')).toMatchObject({ lifetime: 200 });

        await page.locator('tg-viewer .tab-3d').click();
        await page.locator('tg-terrain-3d button.home').waitFor();
        await settle(page);
        expect((await top3d(page)).badge).toBeNull();
        watch = await watchBadges(page);
        await typeParam(page, 'erosion', 'lifetime', '150');
        if ((await top3d(page)).badge) await screenshot(page, `behind-3d-${viewport.width}`);
        await settle(page);
        expect(await watch.stop()).toContain('3-D: updating…');
        expect((await top3d(page)).badge).toBeNull();
      });
    });

    it(`names the 3-D land's source by titles, beside updating… without overlapping it (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await page.locator('tg-viewer .tab-3d').click();
        await page.locator('tg-terrain-3d button.home').waitFor();
        await showInViewer(page, 'biomes');
        await expect.poll(async () => (await top3d(page)).source?.text).toBe('heights of Water level · terrain');
        // The view moved (the viewer's x typed): the erosion runs again on the new view's grid,
        // upstream of the land, and both labels stand along the top, side by side.
        const watch = await watchBadges(page);
        const x = page.locator('tg-viewer input.x');
        await x.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('0.5');
        await page.keyboard.press('Enter');
        const top = await top3d(page);
        if (top.badge) {
          await screenshot(page, `behind-3d-source-${viewport.width}`);
          expect(top.source?.text).toBe('heights of Water level · terrain');
          expect(top.source!.box.x + top.source!.box.width).toBeLessThanOrEqual(top.badge.box.x);
        }
        await settle(page);
        expect(await watch.stop()).toContain('3-D: updating…');
        expect(await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { view: { x: number } } } } }).terrainGraph.core.graph.view.x)).toBe(0.5);
        expect((await top3d(page)).badge).toBeNull();
        expect((await top3d(page)).source?.text).toBe('heights of Water level · terrain');
      });
    });

    it(`says on a flow's picture with no river why, and the param to lower, whole in its node (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'rivers-from-the-rain.json' }, async (page) => {
        const flow = await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string; type: string }[] } } } }).terrainGraph.core.graph.nodes.find((n) => n.type === 'flow')!.id);
        const caption = page.locator(`tg-node[data-node-id="${flow}"] tg-preview .constant`);
        expect(await caption.count()).toBe(0);
        await typeParam(page, flow, 'riverArea', '100000');
        await settle(page);
        await expect.poll(() => caption.textContent()).toMatch(/^no river: lower river area to \d+$/);
        // Written whole inside the node's picture, however narrow the node.
        const fits = await caption.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const picture = (el.getRootNode() as ShadowRoot).host.getBoundingClientRect();
          return { inside: box.left >= picture.left - 0.5 && box.right <= picture.right + 0.5 && box.top >= picture.top - 0.5 && box.bottom <= picture.bottom + 0.5, cut: el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5 };
        });
        // The viewer, showing the flow's rivers, says it under the map too.
        await expect.poll(() => page.locator('tg-viewer .message.note').textContent()).toBe(await caption.textContent());
        await page.keyboard.press('Escape');
        await screenshot(page, `newcomer-3d-no-river-${viewport.width}`);
        expect(fits).toEqual({ inside: true, cut: false });
        // Lowered to what it names, the rivers come back and the words go.
        const to = /to (\d+)$/.exec((await caption.textContent())!)![1];
        await typeParam(page, flow, 'riverArea', to);
        await settle(page);
        await expect.poll(() => caption.count()).toBe(0);
        expect(await page.locator('tg-viewer .message.note').count()).toBe(0);
      });
    });

    it(`draws an erosion wired after the water level eroded in 3-D, with the water's sea (${viewport.width} × ${viewport.height})`, async () => {
      // The eroded-valleys recipe with its erosion moved after the water level, as a Gaea user
      // wires it (erode the land the sea was decided on), on a 128² view to keep it quick.
      const file = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8'));
      file.view.size = 128;
      file.edges = file.edges.filter((e: { to: string }) => e.to !== 'erosion.height' && e.to !== 'water.height');
      file.edges.push({ from: 'height.out', to: 'water.height' }, { from: 'water.terrain', to: 'erosion.height' });
      await withApp({ viewport }, async (page) => {
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Open…' }).click();
        await (await chooser).setFiles({ name: 'erode-after-water.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
        const wired = () =>
          page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { edges: { from: { node: string }; to: { node: string } }[] } } } }).terrainGraph.core.graph.edges.some((e) => e.from.node === 'water' && e.to.node === 'erosion'));
        await expect.poll(wired).toBe(true);
        await waitForPreviews(page);
        await showInViewer(page, 'erosion');
        await page.locator('tg-viewer .tab-3d').click();
        await page.locator('tg-terrain-3d button.home').waitFor();
        // three.js loaded, the heights in and a frame drawn.
        await page.waitForFunction(() => {
          const el = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d') as unknown as { scene: { frameMs: number[] } | null } | null;
          return !!el?.scene && el.scene.frameMs.length > 0 && !!(window as unknown as { terrainGraph: { viewer: { land: { relief: unknown } } } }).terrainGraph.viewer.land.relief;
        }, undefined, { timeout: 60_000 });
        await settle(page);
        const land = await page.evaluate(() => {
          const tg = (window as unknown as { terrainGraph: { viewer: { land: { relief: { source: unknown; seaLevel: number | null } | null } } } }).terrainGraph;
          const el = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!.querySelector('tg-terrain-3d') as unknown as { scene: { sea: { visible: boolean } } };
          const relief = tg.viewer.land.relief!;
          return { source: relief.source, seaLevel: relief.seaLevel, sea: el.scene.sea.visible };
        });
        await screenshot(page, `newcomer-3d-erosion-sea-${viewport.width}`);
        // It drew the water's terrain (the land before the droplets), labelled so.
        expect(land.source).toEqual({ node: 'erosion', port: 'out' });
        expect(await page.locator('tg-terrain-3d .source').count()).toBe(0);
        expect(land.seaLevel).not.toBeNull();
        expect(land.sea).toBe(true);
      });
    });

    it(`keeps the 3-D view's controls off the land: under its canvas, within its width, the slider 120 px or more (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await page.locator('tg-viewer .tab-3d').click();
        await page.locator('tg-terrain-3d button.home').waitFor();
        await settle(page);
        // The boxes of the controls' parts: the word "height" (its text alone, not the label
        // around the slider), the slider, the value, Reset view; the land's canvas and the labels
        // along its top; and the first thing the panel shows under the 3-D view.
        const boxes = await page.locator('tg-terrain-3d').evaluate((el) => {
          const root = el.shadowRoot!;
          const box = (e: Element | Range | null) => (e ? (e.getBoundingClientRect().toJSON() as { left: number; right: number; top: number; bottom: number; width: number; height: number }) : null);
          const word = document.createRange();
          const text = [...root.querySelector('.hud label')!.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
          word.selectNodeContents(text);
          const reset = root.querySelector<HTMLElement>('.hud button.home')!;
          return {
            canvas: box(root.querySelector('canvas'))!,
            parts: { word: box(word)!, slider: box(root.querySelector('.hud input.exaggeration'))!, value: box(root.querySelector('.hud output'))!, reset: box(reset)! },
            top: [box(root.querySelector('.source')), box(root.querySelector('.badge'))].filter((b) => b !== null),
            below: box(el.nextElementSibling),
            resetCut: reset.scrollWidth > reset.clientWidth,
            fontPx: Math.min(...[root.querySelector('.hud label')!, root.querySelector('.hud output')!, reset].map((e) => parseFloat(getComputedStyle(e).fontSize))),
          };
        });
        await screenshot(page, `newcomer-3d-slider-${viewport.width}`);
        const { canvas, parts, top, below } = boxes;
        // It was 40 px on the 256-px land of a 1024 × 700 window, too short to set a value.
        expect(parts.slider.width).toBeGreaterThanOrEqual(120);
        type Box = typeof canvas;
        const overlap = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
        const named = Object.entries(parts);
        for (const [name, b] of named) {
          // Drawn over the land's near edge they hid about 50 px of the 256-px land at 1024 × 700
          // (two rows), and a row of the zoomed-in land at 1600 × 1000.
          expect(overlap(b, canvas), `${name} off the land`).toBe(false);
          expect(b.left >= canvas.left && b.right <= canvas.right && b.top >= canvas.bottom, `${name} under the land, within its width`).toBe(true);
          for (const t of top) expect(overlap(b, t), `${name} clear of the top row`).toBe(false);
          if (below) expect(overlap(b, below), `${name} clear of what follows`).toBe(false);
        }
        for (let i = 0; i < named.length; i++) for (let j = i + 1; j < named.length; j++) expect(overlap(named[i][1], named[j][1]), `${named[i][0]} and ${named[j][0]}`).toBe(false);
        // Readable and whole: no smaller than the panel's other controls, Reset view not cut.
        expect(boxes.fontPx).toBeGreaterThanOrEqual(11);
        expect(boxes.resetCut).toBe(false);
        // Compact: one row where the land is 512 px wide, two at most on the 256-px land.
        const rows = new Set(named.map(([, b]) => Math.round((b.top + b.bottom) / 2))).size;
        const tall = Math.max(...named.map(([, b]) => b.bottom)) - canvas.bottom;
        if (canvas.width >= 512) expect(rows, 'one row').toBe(1);
        expect(tall, 'room the controls take under the land').toBeLessThanOrEqual(56);
        // A person sets it with the mouse: a press three quarters along raises the land.
        await page.mouse.click(parts.slider.left + parts.slider.width * 0.75, (parts.slider.top + parts.slider.bottom) / 2);
        await expect.poll(() => page.locator('tg-terrain-3d .hud output').textContent()).not.toBe('1.00×');
        expect(parseFloat((await page.locator('tg-terrain-3d .hud output').textContent())!)).toBeGreaterThan(2);
        // Reset view is reached with the mouse too, under the land, and turns it back.
        const before = await glPixels(page);
        await page.mouse.move(canvas.left + canvas.width / 2, canvas.top + canvas.height / 2);
        await page.mouse.down();
        await page.mouse.move(canvas.left + canvas.width / 2 + 60, canvas.top + canvas.height / 2 - 20, { steps: 8 });
        await page.mouse.up();
        await settle(page);
        const turned = await glPixels(page);
        expect(turned.hash).not.toBe(before.hash);
        await page.mouse.click((parts.reset.left + parts.reset.right) / 2, (parts.reset.top + parts.reset.bottom) / 2);
        await settle(page);
        await expect.poll(async () => (await glPixels(page)).hash).toBe(before.hash);
      });
    });
  }
});
