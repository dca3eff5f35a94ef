// What a person chose follows what they see: the file name Save offers after an Open is undone
// (it kept offering the opened file's name).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, settle, waitForPreviews } from './harness.ts';

/** Clicks Save and returns the name the download is offered under. */
async function savedName(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('tg-toolbar button', { hasText: /^Save$/ }).click()]);
  return download.suggestedFilename();
}

describe('the name Save offers', () => {
  const app = appPerTest();

  it('goes back to the name from before an Open when the Open is undone, and forward again on redo', async () => {
    const page = app.s.page;
    expect(await savedName(page)).toBe('default.json');
    await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'terrain-peaks.json', mimeType: 'application/json', buffer: readFileSync('graphs/terrain-peaks.json') });
    await waitForPreviews(page);
    expect(await savedName(page)).toBe('terrain-peaks.json');
    await page.keyboard.press('Control+z');
    await waitForPreviews(page);
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { name: string } } } }).terrainGraph.core.graph.name)).toBe(JSON.parse(readFileSync('graphs/default.json', 'utf8')).name);
    expect(await savedName(page)).toBe('default.json');
    await page.keyboard.press('Control+y');
    await settle(page);
    expect(await savedName(page)).toBe('terrain-peaks.json');
  });
});
