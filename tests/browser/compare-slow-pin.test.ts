// A compare pin whose picture had not come when another graph opened (a slow engine: a 1024²
// view), driven with the real mouse: the pin said "drawing…", kept asking for the picture of
// the graph it was pinned on, and shows it frozen, named after that graph. It used to stay
// frozen with no picture and no word of why.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appPerTest, screenshot, settle } from './harness.ts';

describe('a compare pin made on a slow engine', () => {
  const app = appPerTest();

  it('shows the picture of the graph it was pinned on when another graph opened before it came', async () => {
    const page = app.s.page;
    const name = JSON.parse(readFileSync('graphs/default.json', 'utf8')).name as string;
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
    // 1024² cells: the whole graph is evaluated again at 16 times the cells, seconds of work.
    await page.locator('tg-viewer select.size').selectOption('1024');
    await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
    await expect(page.locator('tg-viewer .pin-name').textContent()).resolves.toContain('drawing…');
    expect(await page.locator('tg-viewer tg-map-view canvas.pinned').count()).toBe(0);
    // Said in the pin's place on the map too, where the picture will be.
    expect((await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim()).toBe('Biomes · drawing…');
    await screenshot(page, 'compare-slow-pin-drawing');
    await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('climate-atacama.json');
    await settle(page);
    expect(await page.locator('tg-viewer .pin-name').textContent()).toContain(`Biomes of "${name}" · out`);
    // In the pin's place on the map, whole: the name in the bar is cut short at this width.
    const waiting = (await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim();
    if (!(await page.locator('tg-viewer tg-map-view canvas.pinned').count())) expect(waiting).toBe(`Biomes of "${name}" · drawing…`);
    await expect.poll(() => page.locator('tg-viewer tg-map-view canvas.pinned').count(), { timeout: 60_000, interval: 250 }).toBe(1);
    expect((await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim()).toBe(`Biomes of "${name}" · frozen`);
    expect(await page.locator('tg-viewer .pin-name').textContent()).not.toContain('drawing…');
    await screenshot(page, 'compare-slow-pin-arrived');
  });
});
