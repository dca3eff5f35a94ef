// Hostile files in the editor (issue 11): Open, drop and paste refuse what the command line
// refuses, list each problem with where it is, and leave the open graph as it was.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAPH_FILE_LIMITS } from '../../src/model/format.ts';
import { appUrl, graphText, launch, openApp, screenshot, type Session, settle } from './harness.ts';

const DEFAULT = readFileSync('graphs/default.json', 'utf8');

async function open(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: bytes });
}

/** The problems the dialog lists, after it opens; closes it. */
async function listed(page: Page, shot?: string): Promise<{ title: string; items: string[] }> {
  const dialog = page.locator('tg-problems');
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
  if (shot) await screenshot(page, shot);
  const title = (await dialog.locator('h2').textContent()) ?? '';
  const items = await dialog.locator('li.problem').allTextContents();
  await dialog.locator('button', { hasText: 'Close' }).click();
  return { title, items };
}

describe('hostile files in the editor', () => {
  let browser: Browser;
  let s: Session;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(appUrl()).origin });
    s = await openApp(browser, { context });
  });
  afterEach(async () => {
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('lists a key given twice, NaN, UTF-16 and prototype names with where they are, and keeps the graph', async () => {
    const page = s.page;
    const before = await graphText(page);
    await open(page, 'twice.json', Buffer.from(DEFAULT.replace('"share": 0.4,', '"share": 0.1, "share": 0.9,')));
    const twice = await listed(page, 'hostile-open');
    expect(twice.title).toContain('twice.json');
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]).toMatch(/\$\.nodes\[\d+\]\.params\.share.*the key "share" is given twice: at line \d+, column \d+ and at line \d+, column \d+/);

    await open(page, 'nan.json', Buffer.from(DEFAULT.replace('"gain": 0.5', '"gain": NaN')));
    expect((await listed(page)).items[0]).toMatch(/not JSON: NaN is not a JSON value.*\(line \d+, column \d+\)/);

    // UTF-16 without a byte order mark is named (the browser reads it as UTF-8 and gets NULs).
    await open(page, 'utf16.json', Buffer.from(DEFAULT, 'utf16le'));
    expect((await listed(page)).items[0]).toContain('UTF-16');

    // A raw export opened by mistake (sea first: its first Float32 is 0, bytes 00 00 00 00) is
    // binary data, not UTF-16 text.
    await open(page, 'height.out.-0.5_1.f32', Buffer.from(new Float32Array([0, 0, 0.25, 0.5, -0.3, 1]).buffer));
    const raw = await listed(page, 'hostile-raw-export');
    expect(raw.items[0]).toContain('not JSON: the file is binary data (a raw grid?), not a graph file');
    expect(raw.items[0]).not.toContain('UTF-16');

    const doc = JSON.parse(DEFAULT);
    doc.edges.push({ from: 'eros.constructor', to: 'coast.__proto__' }, { from: 'cont.hasOwnProperty', to: 'biomes.toString' });
    await open(page, 'proto.json', Buffer.from(JSON.stringify(doc)));
    const proto = await listed(page);
    expect(proto.items).toHaveLength(2);
    expect(proto.items[0]).toContain('node "eros" (fbm) has no output "constructor"');
    expect(proto.items[1]).toContain('node "cont" (fbm) has no output "hasOwnProperty"');
    for (const item of proto.items) expect(item).not.toMatch(/undefined|reading '/);

    // A byte order mark is fine: UTF-8, and UTF-16 (the browser decodes it by its mark).
    for (const bytes of [Buffer.from(`\uFEFF${DEFAULT}`), Buffer.from(`\uFEFF${DEFAULT}`, 'utf16le')]) {
      await open(page, 'bom.json', bytes);
      await settle(page);
      expect(await page.locator('tg-problems').count()).toBe(0);
      expect(await graphText(page)).toBe(before);
    }
  });

  it('refuses a dropped file over the size limit without reading it', async () => {
    const page = s.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    const before = await graphText(page);
    // The file is made in the page (no 32 MB through the test channel) and dropped on the canvas.
    await page.evaluate((bytes) => {
      const file = new File([new Uint8Array(bytes)], 'huge.json', { type: 'application/json' });
      const data = new DataTransfer();
      data.items.add(file);
      const target = document.querySelector('tg-app')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
    }, GRAPH_FILE_LIMITS.bytes + 1);
    const huge = await listed(page, 'hostile-drop');
    expect(huge.title).toContain('huge.json');
    expect(huge.items).toEqual([expect.stringContaining('the file is 32.1 MB; a graph file may be at most 32 MB')]);
    expect(await graphText(page)).toBe(before);
  });

  it('pastes a graph file as nodes, lists the problems of a bad one, and says so for plain text', async () => {
    const page = s.page;
    const paste = async (text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.mouse.click(1500, 950);
      await page.keyboard.press('Control+v');
    };
    const count = () => page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: unknown[] } } } }).terrainGraph.core.graph.nodes.length);
    const n = await count();
    const before = await graphText(page);

    await paste(DEFAULT.replace('"share": 0.4,', '"share": 0.1, "share": 0.9,'));
    const twice = await listed(page, 'hostile-paste');
    expect(twice.title).toContain('Pasted text could not be opened');
    expect(twice.items[0]).toMatch(/the key "share" is given twice/);
    expect(await graphText(page)).toBe(before);

    await paste('hello');
    await expect.poll(() => page.locator('.toast[data-kind="refused"]').textContent(), { timeout: 15_000 }).toContain('Nothing to paste');
    expect(await graphText(page)).toBe(before);

    await paste(readFileSync('graphs/terrain-cliff.json', 'utf8'));
    const added = JSON.parse(readFileSync('graphs/terrain-cliff.json', 'utf8')).nodes.length;
    await expect.poll(count, { timeout: 15_000 }).toBe(n + added);
    await settle(page);
  });
});
