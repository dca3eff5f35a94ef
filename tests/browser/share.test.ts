// Share as a link in the browser: Share copies a link that opens, in a new tab, to the same
// graph (Save gives the same bytes) for every shipped graph; a damaged link is refused and
// changes nothing; a graph too large for a link offers the file; a link never replaces work
// without asking.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { graphFileText, readGraphFile } from '../../src/editor/files.ts';
import { shareLink } from '../../src/editor/share.ts';
import { appPerSuite, appUrl, graphText, openApp, screenshot, settle, waitForPreviews } from './harness.ts';

/** Saves with the toolbar's Save; a graph with no file of its own (a link's) asks for a name first: Enter takes the one offered. */
async function save(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), saveButton(page, () => page.locator('tg-toolbar button', { hasText: /^Save$/ }).click())]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Presses a Save button with `press`, and Enter in the Save as box if it asks for a name. */
async function saveButton(page: Page, press: () => Promise<void>): Promise<void> {
  let downloaded = false;
  page.once('download', () => (downloaded = true));
  await press();
  const asked = page.locator('tg-ask-dialog input');
  await expect.poll(async () => downloaded || (await asked.count()) > 0).toBe(true);
  if (await asked.count()) await page.keyboard.press('Enter');
}

/** The canonical text of a shipped graph (what Save writes for it). */
function savedText(file: string): string {
  const read = readGraphFile(readFileSync(`graphs/${file}`, 'utf8'), file);
  if (!read.ok) throw new Error(`${file} does not open`);
  return graphFileText(read.graph);
}

/** An edit of the person's: the peaks' seed. */
async function setSeed(page: Page, seed: number): Promise<void> {
  await page.evaluate((v) => (window as never as { terrainGraph: { core: { setParam(id: string, key: string, value: unknown): void } } }).terrainGraph.core.setParam('pv', 'seed', v), seed);
  await settle(page);
}

async function notice(page: Page): Promise<string> {
  const toast = page.locator('tg-app .toast');
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

describe('sharing a graph as a link', () => {
  const app = appPerSuite(async (browser) => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(appUrl()).origin });
    return openApp(browser, { context });
  });

  it('copies a link that opens in a new tab to the same graph, saved to the same bytes', async () => {
    const page = app.s.page;
    await setSeed(page, 4242);
    const before = await save(page);
    await page.locator('tg-toolbar button.share').click();
    const field = page.locator('tg-share-dialog input.link');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/#graph=[A-Za-z0-9_-]+$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'share-dialog');
    await page.locator('tg-share-dialog button', { hasText: 'Close' }).click();

    const tab = await app.s.context.newPage();
    await tab.goto(link);
    await waitForPreviews(tab);
    expect(await save(tab)).toBe(before);
    expect(await notice(tab)).toMatch(/from the link as a draft/);
    // The fragment is dropped once read: a reload keeps the tab's draft.
    expect(new URL(tab.url()).hash).toBe('');
    await tab.close();
  });

  it('opens a link of every shipped graph to that graph, byte for byte', async () => {
    const tab = await app.s.context.newPage();
    try {
      const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));
      let first = true;
      for (const file of files) {
        const made = await shareLink(appUrl(), savedText(file));
        if (!made.ok) throw new Error(`${file}: no link`);
        if (first) await tab.goto(made.url);
        else {
          // Each later link replaces a graph that is now a draft: the question is answered yes.
          await tab.evaluate((url) => (location.hash = new URL(url).hash), made.url);
          await tab.locator('tg-ask-dialog button.confirm').click();
        }
        first = false;
        await tab.waitForFunction((name) => (window as never as { terrainGraph: { core: { graph: { name: string } } } }).terrainGraph.core.graph.name === name, JSON.parse(savedText(file)).name);
        await waitForPreviews(tab);
        expect(await save(tab), file).toBe(savedText(file));
      }
    } finally {
      await tab.close();
    }
  }, 240_000);

  it('refuses a damaged link with a clear message and changes nothing', async () => {
    const page = app.s.page;
    const before = await graphText(page);
    const made = await shareLink(appUrl(), savedText('terrain-cliff.json'));
    if (!made.ok) throw new Error('no link');
    const cut = made.url.slice(0, made.url.length - 40);
    await page.evaluate((url) => (location.hash = new URL(url).hash), cut);
    expect(await notice(page)).toMatch(/could not be read: .*Nothing was opened/);
    await screenshot(page, 'share-damaged');
    expect(await graphText(page)).toBe(before);
    // Not a graph at all, though it unpacks: the file's problem list, and nothing changes.
    const junk = await shareLink(appUrl(), '{"name": 3}');
    if (!junk.ok) throw new Error('no link');
    await page.evaluate((url) => (location.hash = new URL(url).hash), junk.url);
    await page.locator('tg-ask-dialog button.confirm').click();
    await page.locator('tg-problems').waitFor();
    expect(await page.locator('tg-problems h2').textContent()).toMatch(/The link could not be opened/);
    await page.locator('tg-problems button').click();
    expect(await graphText(page)).toBe(before);
  });

  it('asks before a link replaces work, and keeps the work when the person says no', async () => {
    const page = app.s.page;
    await setSeed(page, 777);
    const before = await graphText(page);
    const made = await shareLink(appUrl(), savedText('terrain-peaks.json'));
    if (!made.ok) throw new Error('no link');
    await page.evaluate((url) => (location.hash = new URL(url).hash), made.url);
    const box = page.locator('tg-ask-dialog');
    await expect.poll(() => box.locator('h2').textContent()).toBe('Open the graph from the link?');
    expect(await box.locator('p').textContent()).toMatch(/kept under Drafts/);
    await screenshot(page, 'share-ask');
    // The keys go to the box, not to the canvas behind it: Delete deletes nothing, Escape says no.
    await page.keyboard.press('Delete');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });

  it("keeps the keys in the box: a link's question over Save as takes the focus, Tab goes round its buttons, Escape clears no selection", async () => {
    const page = app.s.page;
    await setSeed(page, 778);
    await page.locator('tg-node[data-node-id="pv"]').click({ position: { x: 30, y: 8 } });
    const selected = () => page.evaluate(() => [...(window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection]);
    expect(await selected()).toEqual(['pv']);
    const before = await graphText(page);
    /** Where the focus is: the tg-app's focused element, and inside the box, its focused control. */
    const focus = () => page.evaluate(() => {
      const inApp = document.querySelector('tg-app')?.shadowRoot?.activeElement;
      const inBox = inApp?.shadowRoot?.activeElement;
      return `${inApp?.localName ?? document.activeElement?.localName}${inBox ? ` > ${inBox.localName}.${inBox.className}` : ''}`;
    });
    const made = await shareLink(appUrl(), savedText('terrain-peaks.json'));
    if (!made.ok) throw new Error('no link');
    const box = page.locator('tg-ask-dialog');
    await page.keyboard.press('Control+Shift+S');
    await expect.poll(focus).toBe('tg-ask-dialog > input.');
    // The link arrives while Save as asks: its question takes the box's place, and the focus.
    await page.evaluate((url) => (location.hash = new URL(url).hash), made.url);
    await expect.poll(() => box.locator('h2').textContent()).toBe('Open the graph from the link?');
    await expect.poll(focus).toBe('tg-ask-dialog > button.confirm');
    // Tab goes round the two buttons, never to the toolbar behind the dimmed page.
    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      await page.keyboard.press('Tab');
      seen.push(await focus());
    }
    expect(seen).toEqual(['tg-ask-dialog > button.cancel', 'tg-ask-dialog > button.confirm', 'tg-ask-dialog > button.cancel']);
    // Escape answers no, and is not the canvas's Escape too (which cleared the selection).
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    expect(await selected()).toEqual(['pv']);
    // A press on the box's text gives the focus to the box itself (it went to the page): Escape still says no.
    await page.evaluate((url) => (location.hash = new URL(url).hash), made.url);
    await box.locator('h2').click();
    await expect.poll(focus).toBe('tg-ask-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    expect(await selected()).toEqual(['pv']);
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });

  it("closes the problem list with Escape without clearing the selection behind it; Ctrl+S under a box saves nothing", async () => {
    const page = app.s.page;
    // Selected through the core: a click on the title of the node the test before selected would rename it.
    await page.evaluate(() => (window as never as { terrainGraph: { core: { select(ids: string[]): void } } }).terrainGraph.core.select(['pv']));
    await page.locator('tg-app .canvas').focus();
    const selected = () => page.evaluate(() => [...(window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection]);
    expect(await selected()).toEqual(['pv']);
    const downloads: string[] = [];
    const count = (d: { suggestedFilename(): string }) => downloads.push(d.suggestedFilename());
    page.on('download', count);
    // A graph that is no graph: its problem list opens over the editor.
    const junk = await shareLink(appUrl(), '{"name": 3}');
    if (!junk.ok) throw new Error('no link');
    await page.evaluate((url) => (location.hash = new URL(url).hash), junk.url);
    const ask = page.locator('tg-ask-dialog');
    const list = page.locator('tg-problems');
    // The tab holds edits of the tests before: the link's question comes first.
    await ask.locator('button.confirm').click();
    await list.waitFor();
    await list.locator('button').focus();
    await page.keyboard.press('Control+s');
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count(), { message: 'the problem list', timeout: 5000 }).toBe(0);
    expect(await selected()).toEqual(['pv']);
    // Under the Save as box too, Ctrl+S is nobody's: no download, and the box stays.
    await page.locator('tg-toolbar button', { hasText: 'Save as…' }).click();
    await ask.locator('input').waitFor();
    await page.keyboard.press('Control+s');
    await page.waitForTimeout(300);
    expect(await ask.count(), 'the Save as box').toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => ask.count(), { message: 'the Save as box, after Escape', timeout: 5000 }).toBe(0);
    expect(downloads).toEqual([]);
    page.off('download', count);
  });

  it('says a graph is too large for a link and offers the file instead', async () => {
    const page = app.s.page;
    // Notes that do not compress: a long made-up text.
    await page.evaluate(() => {
      let seed = 7;
      const words = Array.from({ length: 6000 }, () => (seed = Math.imul(seed, 48271) >>> 0).toString(36)).join(' ');
      const tg = (window as never as { terrainGraph: { core: { graph: { notes: string }; replaceGraph(g: unknown, label: string): void; snapshot(): { notes: string } } } }).terrainGraph;
      const g = tg.core.snapshot();
      g.notes = words;
      tg.core.replaceGraph(g, 'long notes');
    });
    await settle(page);
    await page.locator('tg-toolbar button.share').click();
    const said = page.locator('tg-share-dialog p.large');
    await said.waitFor();
    expect(await said.textContent()).toMatch(/would make a link of [\d,]+ characters; links longer than 16,000/);
    await screenshot(page, 'share-too-large');
    const [download] = await Promise.all([page.waitForEvent('download'), saveButton(page, () => page.locator('tg-share-dialog button.save').click())]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    expect(await page.locator('tg-share-dialog').count()).toBe(0);
  });
});
