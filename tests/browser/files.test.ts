// Files in the browser: save and open, recipes, an invalid file, a dropped file, the drafts.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, appUrl, graphText, openApp, openRecipe, params, screenshot, settle, showParams, waitForPreviews } from './harness.ts';

const DEFAULT_TEXT = readFileSync('graphs/default.json', 'utf8');

async function save(page: Page): Promise<{ name: string; text: string }> {
  return downloaded(page, () => page.locator('tg-toolbar button', { hasText: /^Save$/ }).click());
}

/** The name and text of the download that `act` starts. */
async function downloaded(page: Page, act: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

async function open(page: Page, name: string, text: string): Promise<void> {
  await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Sets the continent's gain and waits until the tab's draft holds it (400 ms after the edit). */
async function setGainAndAutosave(page: Page, value: string): Promise<void> {
  await showParams(page, 'cont');
  const gain = page.locator('tg-node[data-node-id="cont"] tg-param[name="gain"] input[type="number"]');
  await gain.fill(value);
  await gain.press('Enter');
  await settle(page);
  const saved = (v: string) =>
    Object.keys(localStorage).some((k) => k.startsWith('terrain-graph:draft:') && (JSON.parse(localStorage.getItem(k)!) as { text: string }).text.includes(`"gain": ${v}`));
  await expect.poll(() => page.evaluate(saved, value)).toBe(true);
}

describe('graph files in the editor', () => {
  const app = appPerTest();

  it('saves the shipped default graph unchanged to the same bytes', async () => {
    const saved = await save(app.s.page);
    expect(saved.name).toBe('default.json');
    expect(saved.text).toBe(DEFAULT_TEXT);
  });

  it('opens a saved graph back as the same graph', async () => {
    const page = app.s.page;
    await showParams(page, 'pv');
    const seed = page.locator('tg-node[data-node-id="pv"] tg-param[name="seed"] input[type="number"]');
    await seed.fill('99');
    await seed.press('Enter');
    await settle(page);
    const edited = await graphText(page);
    const saved = await save(page);
    await page.locator('tg-toolbar button', { hasText: 'New' }).click();
    await settle(page);
    expect(await page.locator('tg-node').count()).toBe(0);
    await open(page, saved.name, saved.text);
    await waitForPreviews(page);
    expect(await graphText(page)).toBe(edited);
    expect((await params(page, 'pv')).seed).toBe(99);
    expect(await page.locator('tg-node').count()).toBeGreaterThan(10);
  });

  it('lists the problems of an invalid file and leaves the open graph as it was', async () => {
    const page = app.s.page;
    const before = await graphText(page);
    const broken = DEFAULT_TEXT.replace('"octaves": 4', '"octaves": 40').replace('"from": "cont.out"', '"from": "cont.nope"');
    await open(page, 'broken.json', broken);
    const dialog = page.locator('tg-problems');
    await expect.poll(() => dialog.count()).toBe(1);
    await screenshot(page, 'files-problems');
    const items = await dialog.locator('li.problem').allTextContents();
    expect(items.length).toBe(2);
    expect(items[0]).toContain('$.nodes[0].params.octaves');
    expect(items[0]).toContain('40 is above the maximum 10');
    expect(items[1]).toContain('$.edges[0].from');
    expect(await dialog.locator('h2').textContent()).toContain('broken.json');
    expect(await graphText(page)).toBe(before);
    await dialog.locator('button', { hasText: 'Close' }).click();
    expect(await dialog.count()).toBe(0);
    // Not JSON at all: one problem, with where the syntax breaks.
    await open(page, 'notes.json', '{ "format": ');
    await expect.poll(() => dialog.locator('li.problem').count()).toBe(1);
    expect(await dialog.locator('li.problem').textContent()).toContain('not JSON');
    expect(await graphText(page)).toBe(before);
  });

  it('opens a .json file dropped onto the page', async () => {
    const page = app.s.page;
    const small = JSON.stringify({
      format: 'terrain-graph',
      version: 1,
      name: 'Dropped',
      notes: '',
      view: { x: 0, y: 0, size: 64 },
      nodes: [{ id: 'n', type: 'fbm', title: 'Noise', position: [0, 0], params: { seed: 3, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5 } }],
      edges: [],
    });
    await page.locator('tg-app').evaluate((app, text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      app.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      app.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, small);
    await waitForPreviews(page);
    expect(await page.locator('tg-node').count()).toBe(1);
    expect(await page.locator('tg-toolbar .name').inputValue()).toBe('Dropped');
  });

  it('offers every file of graphs/ as a recipe, and each one saved unchanged gives its own bytes', async () => {
    const page = app.s.page;
    const files = readdirSync('graphs').filter((f) => f.endsWith('.json')).sort();
    const offered = await page.locator('tg-toolbar select[aria-label="Recipes"] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect([...offered].sort()).toEqual(files);
    await page.locator('tg-toolbar button', { hasText: 'New' }).click();
    await settle(page);
    for (const file of files) {
      await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption(file);
      await waitForPreviews(page);
      // A recipe is a template: Save asks for a name (Enter takes the one offered).
      await page.locator('tg-toolbar button', { hasText: /^Save$/ }).click();
      await page.locator('tg-ask-dialog input').waitFor();
      const saved = await downloaded(page, () => page.keyboard.press('Enter'));
      expect(saved.text, file).toBe(readFileSync(`graphs/${file}`, 'utf8'));
    }
  });

  it('restores the autosaved graph on reload', async () => {
    const page = app.s.page;
    await showParams(page, 'cont');
    const gain = page.locator('tg-node[data-node-id="cont"] tg-param[name="gain"] input[type="number"]');
    await gain.fill('0.65');
    await gain.press('Enter');
    await settle(page);
    const edited = await graphText(page);
    await page.reload();
    await waitForPreviews(page);
    expect(await graphText(page)).toBe(edited);
    expect((await params(page, 'cont')).gain).toBe(0.65);
    // Save offers the name the graph was opened as, after the reload too (it offered the
    // graph's title as a file name: start-terrain-with-its-climate.json).
    expect((await save(page)).name).toBe('default.json');
    expect(app.s.errors).toEqual([]);
  });

  it("keeps each tab's edits in a draft of its own, and lists the other tabs' drafts to open", async () => {
    const first = app.s.page;
    await setGainAndAutosave(first, '0.65');
    // A second tab of the same browser (shared local storage) opens on the latest draft, as a copy.
    const second = await openApp(app.browser, { context: app.s.context });
    expect((await params(second.page, 'cont')).gain).toBe(0.65);
    await setGainAndAutosave(second.page, '0.7');
    await first.reload();
    await waitForPreviews(first);
    expect((await params(first, 'cont')).gain).toBe(0.65);
    await second.page.reload();
    await waitForPreviews(second.page);
    expect((await params(second.page, 'cont')).gain).toBe(0.7);

    const drafts = first.locator('tg-toolbar select[aria-label="Drafts"]');
    await drafts.focus();
    await expect.poll(() => drafts.locator('option:not([disabled])').count()).toBe(2); // "Drafts…" and the second tab's
    await screenshot(first, 'files-drafts');
    await drafts.selectOption((await drafts.locator('option').nth(1).getAttribute('value'))!);
    await waitForPreviews(first);
    expect((await params(first, 'cont')).gain).toBe(0.7);
    await first.locator('tg-toolbar button', { hasText: 'Undo' }).click();
    await settle(first);
    expect((await params(first, 'cont')).gain).toBe(0.65);
    expect(second.errors).toEqual([]);
  });

  it('keeps an edited graph as a draft when another is opened over it', async () => {
    const page = app.s.page;
    await setGainAndAutosave(page, '0.65');
    await openRecipe(page, 'terrain-flatlands.json');
    await page.locator('tg-toolbar button', { hasText: 'New' }).click();
    await settle(page);
    const drafts = page.locator('tg-toolbar select[aria-label="Drafts"]');
    await drafts.focus();
    // The edited default graph is kept; the plains, opened and left unedited, are not.
    await expect.poll(() => drafts.locator('option:not([disabled])').count()).toBe(2);
    expect(await drafts.locator('option').nth(1).textContent()).toContain('Start terrain with its climate');
    await drafts.selectOption((await drafts.locator('option').nth(1).getAttribute('value'))!);
    await waitForPreviews(page);
    expect((await params(page, 'cont')).gain).toBe(0.65);
  });

  it('moves a duplicated tab, which starts with the same tab id, to a draft of its own', async () => {
    const first = app.s.page;
    await setGainAndAutosave(first, '0.65');
    const id = await first.evaluate(() => sessionStorage.getItem('terrain-graph:tab'));
    // What "Duplicate tab" does: the new tab starts with a copy of the session storage.
    const copy = await app.s.context.newPage();
    await copy.addInitScript((tabId) => {
      if (sessionStorage.getItem('copied')) return;
      sessionStorage.setItem('terrain-graph:tab', tabId!);
      sessionStorage.setItem('copied', '1');
    }, id);
    await copy.goto(appUrl());
    await waitForPreviews(copy);
    expect((await params(copy, 'cont')).gain).toBe(0.65);
    await expect.poll(() => copy.evaluate(() => sessionStorage.getItem('terrain-graph:tab'))).not.toBe(id);
    await setGainAndAutosave(copy, '0.7');
    await first.reload();
    await waitForPreviews(first);
    expect((await params(first, 'cont')).gain).toBe(0.65);
    await copy.reload();
    await waitForPreviews(copy);
    expect((await params(copy, 'cont')).gain).toBe(0.7);
  });
});
