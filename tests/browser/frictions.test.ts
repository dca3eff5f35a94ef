// Small frictions people from other node editors trip on, driven with the real mouse and
// keyboard: a saved graph that comes back marked unsaved after a reload, …
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, settle, waitForPreviews } from './harness.ts';

/** The toolbar's unsaved mark: '●' or nothing. */
async function unsavedMark(page: Page): Promise<string> {
  return (await page.locator('tg-toolbar .dirty').textContent())?.trim() ?? '';
}

describe('small frictions', () => {
  const app = appPerTest();

  it('comes back without the unsaved mark after Ctrl+S and a reload, and with it after an edit and a reload', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    expect(download.suggestedFilename()).toBe('default.json');
    expect(await unsavedMark(page)).toBe('');
    await page.reload();
    await waitForPreviews(page);
    // The draft holds the edit (the node is still bypassed) and knows the file has it too.
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { bypass?: boolean } } } }).terrainGraph.core.node('cont')!.bypass)).toBe(true);
    expect(await unsavedMark(page)).toBe('');
    // An edit after the save is unsaved, and stays so through a reload.
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    await page.reload();
    await waitForPreviews(page);
    expect(await unsavedMark(page)).toBe('●');
  });
});
