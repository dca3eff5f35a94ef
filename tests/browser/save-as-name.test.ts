// Save as a new file name renames a graph whose name came with it (session 37: a worldbuilder
// saved the "Climate: Kauai" recipe as rainshadow-continent.json; the header, the pin's label and
// the file's name still said Kauai). With the real mouse and keyboard at 1600 × 1000 and 1024 × 700.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, settle, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The name and text of the download that `act` starts. */
async function downloaded(page: Page, act: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

async function clickOn(page: Page, selector: string, text: RegExp | string): Promise<void> {
  const box = (await page.locator(selector, { hasText: text }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const header = (page: Page) => page.locator('tg-toolbar input.name').inputValue();
const unsaved = async (page: Page) => (await page.locator('tg-toolbar .dirty').textContent())?.trim() ?? '';

/** Save as… clicked, `name` typed over the name offered; the hint under it, then Save clicked. */
async function saveAs(page: Page, name: string, shot?: string): Promise<{ hint: string; file: { name: string; text: string } }> {
  await clickOn(page, 'tg-toolbar button', 'Save as…');
  const field = page.locator('tg-ask-dialog input');
  await field.waitFor();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(name);
  const hint = (await page.locator('tg-ask-dialog p.note').textContent())?.trim() ?? '';
  if (shot) {
    await screenshot(page, shot);
  }
  const file = await downloaded(page, () => clickOn(page, 'tg-ask-dialog button', /^Save$/));
  await settle(page);
  return { hint, file };
}

describe('Save as a new file name', () => {
  for (const viewport of SIZES) {
    it(`names a recipe's graph after the file, in the header, the file, later saves and a pin; one undo step (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport, recipe: 'climate-kauai.json' }, async (page) => {
        expect(await header(page)).toBe('Climate: Kauai');
        const { hint, file } = await saveAs(page, 'rainshadow-continent', `save-as-name-box-${viewport.width}`);
        expect(hint).toBe('Downloads as rainshadow-continent.json; the graph is named "rainshadow-continent"');
        expect(file.name).toBe('rainshadow-continent.json');
        expect(JSON.parse(file.text).name).toBe('rainshadow-continent');
        expect(await header(page)).toBe('rainshadow-continent');
        expect(await unsaved(page)).toBe('');
        await screenshot(page, `save-as-name-saved-${viewport.width}`);
        // A later Save: the same file, the same name.
        const again = await downloaded(page, () => clickOn(page, 'tg-toolbar button', /^Save$/));
        expect([again.name, JSON.parse(again.text).name]).toEqual(['rainshadow-continent.json', 'rainshadow-continent']);
        // One undo step takes the name back (the saved file has the new one: marked unsaved), redo brings it.
        await clickOn(page, 'tg-toolbar button', 'Undo');
        await expect.poll(() => header(page)).toBe('Climate: Kauai');
        expect(await unsaved(page)).toBe('●');
        await clickOn(page, 'tg-toolbar button', 'Redo');
        await expect.poll(() => header(page)).toBe('rainshadow-continent');
        expect(await unsaved(page)).toBe('');
        // A pin left on it when another graph opens is named after it.
        await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
        await clickOn(page, 'tg-viewer button', 'Pin to compare');
        await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('climate-atacama.json');
        await expect.poll(() => page.locator('tg-viewer .pin-name').textContent()).toContain('Biomes of "rainshadow-continent"');
      });
    });
  }

  it('keeps a name the person gave the graph (1600 × 1000)', async () => {
    await withApp({ viewport: SIZES[0], recipe: 'climate-kauai.json' }, async (page) => {
      const name = page.locator('tg-toolbar input.name');
      const box = (await name.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.press('Control+a');
      await page.keyboard.type('My rainshadow');
      await page.keyboard.press('Enter');
      await expect.poll(() => header(page)).toBe('My rainshadow');
      const { hint, file } = await saveAs(page, 'continent');
      expect(hint).toBe('Downloads as continent.json');
      expect([file.name, JSON.parse(file.text).name]).toEqual(['continent.json', 'My rainshadow']);
      expect(await header(page)).toBe('My rainshadow');
    });
  });
});
