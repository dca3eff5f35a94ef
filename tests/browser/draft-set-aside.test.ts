// A draft that no longer reads, met when the tab starts: the editor says which, why and where it
// is kept, and what opened instead; nothing of it is lost. Before, the tab opened the default
// graph (or another draft) without a word, as if the person's work were gone.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_PREFIX, UNREADABLE_PREFIX } from '../../src/editor/files.ts';
import { CURRENT_VERSION } from '../../src/model/migrations.ts';
import { graphText, launch, openApp, screenshot, settle } from './harness.ts';

const TAB = 'fuzz-tab';
/** The tab's own draft, written by a newer build (version 99): a reload of that tab meets it. */
const RECORD = JSON.stringify({
  savedAt: Date.UTC(2026, 11, 5, 23, 40),
  name: 'My valley',
  text: JSON.stringify({ format: 'terrain-graph', version: 99, name: 'My valley', nodes: [], edges: [] }),
});

/** A browser context whose tab holds `record` as its own draft, seeded once before the app's first script. */
async function withDraft(browser: Browser, viewport: { width: number; height: number }, record: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([tab, key, text]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      sessionStorage.setItem('terrain-graph:tab', tab);
      localStorage.setItem(key, text);
    },
    [TAB, `${DRAFT_PREFIX}${TAB}`, record],
  );
  return context;
}

describe('a draft that no longer reads', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    // A spot of empty canvas at each size, to add a node at.
    [1600, 1000, [160, 300]],
    [1024, 700, [280, 560]],
  ])('is named with its problem and where it is kept, and the editor works on at %i × %i', async (width, height, [x, y]) => {
    const context = await withDraft(browser, { width, height }, RECORD);
    const s = await openApp(browser, { context });
    const page = s.page;
    const dialog = page.locator('tg-problems');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    await settle(page);
    await screenshot(page, `draft-set-aside-${width}`);
    await page.screenshot({ path: `tests/screenshots/s23-fuzz-draft-set-aside-${width}.png` });
    expect(await dialog.locator('h2').textContent()).toMatch(/^Your draft "My valley" \(saved .+\) could not be opened$/);
    expect(await dialog.locator('li.problem').allTextContents()).toEqual([
      `$.version the file is version 99, newer than this Terrain Graph reads (up to ${CURRENT_VERSION}): open it with a newer Terrain Graph`,
    ]);
    const kept = await page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), `${UNREADABLE_PREFIX}${TAB}@`);
    expect(kept).toHaveLength(1);
    expect(await dialog.locator('p').textContent()).toBe(
      `1 problem; it is kept as it was in this browser's storage under "${kept[0]}", and a Terrain Graph that reads it takes it back as a draft. Opened instead: default.json.`,
    );
    // Nothing of it is lost: the record as it was, byte for byte.
    expect(await page.evaluate((key) => localStorage.getItem(key), kept[0])).toBe(RECORD);

    // Escape closes the list, and the editor goes on with the graph it opened.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(JSON.parse(await graphText(page)).name).toBe('Start terrain with its climate');
    await page.mouse.dblclick(x, y);
    await page.keyboard.type('terrace');
    await page.keyboard.press('Enter');
    await expect.poll(async () => JSON.parse(await graphText(page)).nodes.length).toBe(17);
    await settle(page);
    await page.screenshot({ path: `tests/screenshots/s23-fuzz-draft-set-aside-${width}-after.png` });
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('names a draft whose view lies past the world the engine counts, which every reload used to hand the worker again', async () => {
    // Before the origin's bound (1e9 views), the viewer's x field took 1e20, the draft kept it,
    // and the engine worker spent itself growing a halo of 262,144² cells: pictures stale, at
    // every reload.
    const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8'));
    doc.view.x = 1e20;
    const record = JSON.stringify({ savedAt: Date.UTC(2026, 11, 5, 22, 0), name: doc.name, text: JSON.stringify(doc) });
    const context = await withDraft(browser, { width: 1600, height: 1000 }, record);
    const s = await openApp(browser, { context });
    const dialog = s.page.locator('tg-problems');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.locator('li.problem').allTextContents()).toEqual(['$.view.x 100000000000000000000 is farther from 0 than an origin may lie (1e+9 views each way)']);
    await dialog.locator('button', { hasText: 'Close' }).click();
    expect(JSON.parse(await graphText(s.page)).view).toEqual({ x: 0, y: 0, size: 256 });
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
