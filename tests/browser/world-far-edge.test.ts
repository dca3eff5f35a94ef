// A world whose far edge passes 10⁹ views, with the real mouse and keyboard: a file holding one is
// refused with its JSON path and the bound, the graph shown as it was; a draft holding one (as an
// earlier Terrain Graph made it around a view on the bound) is set aside and kept byte for byte;
// and a view reaching past the bound is offered no world, the note saying why. Before, the file
// opened, and Export → Tiles over its world refused "--region 999999999,…", numbers nobody typed.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DRAFT_PREFIX, UNREADABLE_PREFIX } from '../../src/editor/files.ts';
import { graphText, launch, lightValleys, openApp, openText, settle, showInViewer, waitForPreviews, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';
const SHOTS = 'tests/screenshots';
const FAR = "999999999 + 3 views puts the world's east edge at 1000000002, farther from 0 than a world may reach (1e+9 views each way): move it west, or make it smaller";

/** eroded-valleys.json with a world 3 views wide from 10⁹ − 1 (x): its east edge 10⁹ + 2. */
function farWorldText(): string {
  const doc = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8'));
  return JSON.stringify({ ...doc, world: { x: 999999999, y: -1, size: 3 } });
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/s35-worldedges-${name}.png` });
}

describe('a world whose far edge passes 10⁹ views', () => {
  for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
    it(`in a file opened is refused, its path and the bound named, the graph as it was, at ${width} × ${height}`, async () => {
      await withApp({ viewport: { width, height } }, async (page) => {
        await openText(page, 'eroded-valleys.json', lightValleys());
        await showInViewer(page, 'erosion');
        await page.locator(`${note} button.world-set`).click();
        await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: -1, y: -1, size: 3 });
        await settle(page);
        const before = await graphText(page);
        await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'far.json', mimeType: 'application/json', buffer: Buffer.from(farWorldText()) });
        const dialog = page.locator('tg-problems');
        await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
        await settle(page);
        expect(await dialog.locator('li.problem').allTextContents()).toEqual([`$.world.x ${FAR}`]);
        await shot(page, `file-refused-${width}`);
        await dialog.locator('button', { hasText: 'Close' }).click();
        await expect.poll(() => dialog.count()).toBe(0);
        expect(await graphText(page)).toBe(before);
      });
    }, 180_000);

    it(`offers no world around a view reaching past the bound, and says why, at ${width} × ${height}`, async () => {
      await withApp({ viewport: { width, height } }, async (page) => {
        await openText(page, 'eroded-valleys.json', lightValleys());
        await showInViewer(page, 'erosion');
        const x = page.locator('tg-viewer .bar.view input.x');
        await x.fill('999999999.5');
        await x.press('Enter');
        await settle(page);
        expect(JSON.parse(await graphText(page)).view.x).toBe(999999999.5);
        await expect.poll(() => page.locator(`${note} p`).innerText()).toMatch(/No world holds a view reaching past 10⁹ views from 0: a world, as a build's region, lies within 10⁹ views each way\. Move the view towards 0 to give the graph one\.$/);
        expect(await page.locator(`${note} button.world-set`).count()).toBe(0);
        await waitForPreviews(page);
        await shot(page, `view-past-bound-${width}`);
        // Back within the bound, by the field: a world is offered again, ending on the bound, and taken.
        await x.fill('999999998.5');
        await x.press('Enter');
        await settle(page);
        await page.locator(`${note} button.world-set`).click();
        await expect.poll(async () => JSON.parse(await graphText(page)).world).toEqual({ x: 999999997, y: -1, size: 3 });
      });
    }, 180_000);
  }

  it('in a draft is set aside with its problem, kept byte for byte, and the editor opens another graph', async () => {
    // An earlier Terrain Graph offered, around a view at 10⁹ − 0.5, a world from 10⁹ − 2 to 10⁹ + 1.
    const doc = JSON.parse(farWorldText());
    doc.view = { x: 999999999.5, y: 0, size: 256 };
    doc.world = { x: 999999998, y: -1, size: 3 };
    const record = JSON.stringify({ savedAt: Date.UTC(2026, 11, 6, 21, 0), name: doc.name, text: JSON.stringify(doc) });
    const tab = 'far-edge-tab';
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addInitScript(
        ([t, key, text]) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          sessionStorage.setItem('terrain-graph:tab', t);
          localStorage.setItem(key, text);
        },
        [tab, `${DRAFT_PREFIX}${tab}`, record],
      );
      const s = await openApp(browser, { context });
      const dialog = s.page.locator('tg-problems');
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
      expect(await dialog.locator('li.problem').allTextContents()).toEqual([
        "$.world.x 999999998 + 3 views puts the world's east edge at 1000000001, farther from 0 than a world may reach (1e+9 views each way): move it west, or make it smaller",
      ]);
      const kept = await s.page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), `${UNREADABLE_PREFIX}${tab}@`);
      expect(kept).toHaveLength(1);
      expect(await s.page.evaluate((key) => localStorage.getItem(key), kept[0])).toBe(record);
      await settle(s.page);
      await shot(s.page, 'draft-set-aside-1600');
      await dialog.locator('button', { hasText: 'Close' }).click();
      expect(JSON.parse(await graphText(s.page)).world).toBeUndefined();
      expect(s.errors).toEqual([]);
      await s.close();
    } finally {
      await browser.close();
    }
  }, 180_000);
});
