// The slow-evaluation status was made holding its text: a live region that comes with its words
// is not read out by some screen readers (the region must be known, empty, before it changes).
// Now the map and the 3-D land each keep one status, idle and empty while nothing computes, and
// fill it when a slow evaluation starts. The 3-D view's own line ("loading the 3-D view…", then
// "No land to show…" or "computing…") had the same fault: made with the view, holding its text.
// With the real mouse; at 1600 × 1000 and 1024 × 700.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { settle, showInViewer, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';

async function click(page: Page, selector: string): Promise<void> {
  const b = (await page.locator(selector).boundingBox())!;
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

/** The live region inside `host`: there, empty and not display: none before a slow evaluation; the same element, filled, during it; empty after. */
async function keepsItsLiveRegion(page: Page, host: string, shot: string): Promise<void> {
  const live = page.locator(`${host} tg-slow-status [role="status"]`);
  expect(await live.count()).toBe(1);
  const before = await live.elementHandle();
  expect(await before!.evaluate((el) => el.textContent)).toBe('');
  expect(await before!.evaluate((el) => el.checkVisibility())).toBe(true);
  // Idle: nothing seen, no box over the map.
  expect(await page.locator(`${host} tg-slow-status .line`).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/${shot}-idle.png` });

  // A world: its erosion runs for seconds.
  await click(page, 'tg-viewer .grid-note button.world-set');
  await page.locator(`${host} tg-slow-status:not([idle]) .line`).waitFor({ timeout: 30_000 });
  await expect.poll(() => live.textContent()).toMatch(/ on the world /);
  await page.screenshot({ path: `${SHOTS}/${shot}-computing.png` });
  expect(await live.count()).toBe(1);
  const during = await live.elementHandle();
  expect(await before!.evaluate((el, now) => el === now, during)).toBe(true);
  // The time is not said: only what computes.
  expect(await live.textContent()).not.toMatch(/\d\u00a0s/);

  await settle(page);
  expect(await page.locator(`${host} tg-slow-status .line`).count()).toBe(0);
  const after = await live.elementHandle();
  expect(await before!.evaluate((el, now) => el === now, after)).toBe(true);
  expect(await live.textContent()).toBe('');
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`keeps the map's status in the page, empty, before a slow evaluation fills it (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      mkdirSync(SHOTS, { recursive: true });
      await showInViewer(page, 'erosion');
      await keepsItsLiveRegion(page, 'tg-map-view', `s35-hover-map-status-${width}`);
    });
  }, 180_000);
}

it("keeps the 3-D land's status in the page, empty, before a slow evaluation fills it (1024 × 700)", async () => {
  await withApp({ viewport: { width: 1024, height: 700 }, recipe: 'eroded-valleys.json' }, async (page) => {
    mkdirSync(SHOTS, { recursive: true });
    await showInViewer(page, 'erosion');
    await click(page, 'tg-viewer button:has-text("3-D")');
    await page.locator('tg-terrain-3d .exaggeration').waitFor();
    await settle(page);
    await keepsItsLiveRegion(page, 'tg-terrain-3d', 's35-hover-3d-status-1024');
  });
}, 180_000);

/** One frame's look at the 3-D view's own live region (not the slow status's). */
interface RegionSeen {
  /** The 3-D view is in the page. */
  view: boolean;
  /** Its role="status" elements outside the slow status, each numbered once seen (the same element keeps its number). */
  regions: { id: number; text: string }[];
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`keeps the 3-D view's own status in the page, empty, before "loading the 3-D view…" fills it (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      mkdirSync(SHOTS, { recursive: true });
      // three.js comes a moment later than it may on a quick machine, so its loading line shows
      // for some frames (the chunk is the only script asked for once the app runs).
      await page.route('**/*.js', async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.evaluate(() => {
        const w = window as unknown as { regionSeen: RegionSeen[]; regionWatching: boolean };
        w.regionSeen = [];
        w.regionWatching = true;
        const ids = new WeakMap<Element, number>();
        let next = 1;
        const look = () => {
          if (!w.regionWatching) return;
          const view = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d');
          const regions = [...(view?.shadowRoot?.querySelectorAll('[role="status"]') ?? [])].map((el) => {
            if (!ids.has(el)) ids.set(el, next++);
            return { id: ids.get(el)!, text: el.textContent ?? '' };
          });
          w.regionSeen.push({ view: !!view, regions });
          requestAnimationFrame(look);
        };
        look();
      });
      await click(page, 'tg-viewer button.tab-3d');
      await page.locator('tg-terrain-3d .status').filter({ hasText: 'loading the 3-D view…' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/s36-cardplace-3d-loading-${width}.png` });
      // Loaded: the line goes (the land of the default graph's biomes needs no words).
      await expect.poll(() => page.locator('tg-terrain-3d').evaluate((el) => !!(el as unknown as { scene: unknown }).scene)).toBe(true);
      await settle(page);
      await expect.poll(() => page.locator('tg-terrain-3d .status').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/s36-cardplace-3d-loaded-${width}.png` });
      const seen = await page.evaluate(() => {
        const w = window as unknown as { regionSeen: RegionSeen[]; regionWatching: boolean };
        w.regionWatching = false;
        return w.regionSeen.filter((f) => f.view);
      });
      // From the first frame the view shows, one live region, empty; then the same one says the
      // loading, and is never made anew.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0].regions, JSON.stringify(seen.slice(0, 3))).toEqual([{ id: seen[0].regions[0]?.id, text: '' }]);
      const first = seen[0].regions[0].id;
      for (const f of seen) expect(f.regions.map((r) => r.id)).toEqual([first]);
      expect(seen.map((f) => f.regions[0].text)).toContain('loading the 3-D view…');
      // Its region stays, empty.
      expect(seen.at(-1)!.regions[0].text).toBe('');
    });
  }, 180_000);
}
