// A compare pin whose picture had not come when another graph opened (a slow engine: a 1024²
// view), driven with the real mouse: the pin said "drawing…", kept asking for the picture of
// the graph it was pinned on, and shows it frozen, named after that graph. It used to stay
// frozen with no picture and no word of why.
//
// The engine is made slow on purpose: the pin's picture requests are held in the page until the
// test lets them go. The test used to count on a 1024² view taking longer than its own clicks,
// and on a loaded machine the picture came first (the pin never said "drawing…", or said it no
// more when read: it failed 2 runs in 6 under three busy processes).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, type Held, holdPinPictures, screenshot, settle } from './harness.ts';

const heldCount = (page: Page) => page.evaluate(() => (window as unknown as { pinPictures: Held }).pinPictures.held.length);
const label = async (page: Page) => (await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim();

describe('a compare pin made on a slow engine', () => {
  const app = appPerTest();

  it('shows the picture of the graph it was pinned on when another graph opened before it came', async () => {
    const page = app.s.page;
    const name = JSON.parse(readFileSync('graphs/default.json', 'utf8')).name as string;
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
    await holdPinPictures(page);
    await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
    await expect.poll(() => page.locator('tg-viewer .pin-name').textContent()).toContain('drawing…');
    // The pin asked for its picture, which has not come.
    expect(await heldCount(page)).toBe(1);
    expect(await page.locator('tg-viewer tg-map-view canvas.pinned').count()).toBe(0);
    // Said in the pin's place on the map too, where the picture will be.
    expect(await label(page)).toBe('Biomes · drawing…');
    await screenshot(page, 'compare-slow-pin-drawing');

    await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('climate-atacama.json');
    await expect.poll(() => page.locator('tg-viewer .pin-name').textContent()).toContain(`Biomes of "${name}" · out`);
    // Not `settle`: the pin's lane is busy until its picture comes, which the test holds.
    await page.waitForFunction(() => !(window as unknown as { terrainGraph: { client: { busy: boolean } } }).terrainGraph.client.busy);
    // In the pin's place on the map, whole: the name in the bar is cut short at this width.
    expect(await label(page)).toBe(`Biomes · drawing… of "${name}"`);
    expect(await page.locator('tg-viewer tg-map-view canvas.pinned').count()).toBe(0);

    // The engine answers: the picture of the graph the pin was made on comes, frozen.
    await page.evaluate(() => (window as unknown as { pinPictures: Held }).pinPictures.release());
    await expect.poll(() => page.locator('tg-viewer tg-map-view canvas.pinned').count(), { timeout: 30_000, interval: 250 }).toBe(1);
    expect(await label(page)).toBe(`Biomes · frozen of "${name}"`);
    expect(await page.locator('tg-viewer .pin-name').textContent()).not.toContain('drawing…');
    await settle(page);
    await screenshot(page, 'compare-slow-pin-arrived');
  });
});
