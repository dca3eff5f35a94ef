// Rough edges a person finds with the real mouse and keyboard: several files dropped at once
// (the first graph opens, the others are named as not opened), and names too long for the
// toolbar, a node's header or a menu (typed ones are capped with a note; a file's long name
// never breaks the layout at 1024 × 700).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAME_LIMITS } from '../../src/editor/names.ts';
import { appPerTest, graphText, screenshot, settle, waitForPreviews } from './harness.ts';

const graph = (name: string, title = 'Noise') =>
  JSON.stringify({
    format: 'terrain-graph',
    version: 3,
    name,
    notes: '',
    view: { x: 0, y: 0, size: 64 },
    nodes: [{ id: 'n', type: 'fbm', title, position: [0, 0], params: { seed: 3, frequency: 2, octaves: 4, lacunarity: 2, gain: 0.5, kind: 'plain' } }],
    edges: [],
  });

/** Drops files on the page as a file manager does (a real OS drag cannot be driven headless). */
async function dropFiles(page: Page, files: { name: string; type: string; text: string }[]): Promise<void> {
  await page.locator('tg-app').evaluate((app, list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: f.type }));
    app.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    app.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

const toast = (page: Page) => page.locator('tg-app .toast');
const graphName = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { name: string } } } }).terrainGraph.core.graph.name);

describe('rough edges', () => {
  const app = appPerTest();

  it('opens the first graph of several files dropped at once, and names the others as not opened', async () => {
    const page = app.s.page;
    await dropFiles(page, [
      { name: 'notes.txt', type: 'text/plain', text: 'hello' },
      { name: 'first.json', type: 'application/json', text: graph('First') },
      { name: 'second.json', type: 'application/json', text: graph('Second') },
    ]);
    await waitForPreviews(page);
    expect(await graphName(page)).toBe('First');
    await expect.poll(() => toast(page).textContent()).toContain('not opened');
    const said = (await toast(page).textContent())!;
    expect(said).toContain('first.json');
    expect(said).toContain('notes.txt');
    expect(said).toContain('second.json');
    await screenshot(page, 'drop-several');
    // None of them a graph: nothing opens, and the note says so.
    const before = await graphText(page);
    await dropFiles(page, [
      { name: 'a.png', type: 'image/png', text: 'x' },
      { name: 'b.txt', type: 'text/plain', text: 'y' },
    ]);
    await expect.poll(() => toast(page).textContent()).toContain('None of the 2 files');
    expect(await graphText(page)).toBe(before);
  });

  it('caps a typed graph name and node title, saying so; undo brings the old name back', async () => {
    const page = app.s.page;
    const long = 'A very long graph name that goes on '.repeat(6);
    const input = page.locator('tg-toolbar input.name');
    await input.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(long);
    await page.keyboard.press('Enter');
    await expect.poll(() => graphName(page)).not.toBe('Start terrain with its climate');
    const name = await graphName(page);
    expect([...name].length).toBeLessThanOrEqual(NAME_LIMITS.graph);
    expect(long.startsWith(name)).toBe(true);
    expect(await toast(page).textContent()).toContain(`at most ${NAME_LIMITS.graph} characters`);
    expect(await input.inputValue()).toBe(name);
    await page.locator('tg-app .canvas').click({ position: { x: 30, y: 30 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => graphName(page)).toBe('Start terrain with its climate');

    // A node's title, renamed by a double-click on it.
    await page.locator('tg-node[data-node-id="cont"] header .title').dblclick();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Continentalness '.repeat(8));
    await page.keyboard.press('Enter');
    const title = await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { title: string } } } }).terrainGraph.core.node('cont')!.title);
    expect([...title].length).toBeLessThanOrEqual(NAME_LIMITS.title);
    expect(await toast(page).textContent()).toContain(`at most ${NAME_LIMITS.title} characters`);
  });

  it('keeps the toolbar on one row and every name inside its box at 1024 × 700 and 1600 × 1000, for a file whose names are very long', async () => {
    const page = app.s.page;
    const name = 'An extremely long graph name that nobody would ever type but a file may hold '.repeat(4);
    const title = 'A node title far longer than any header has room for '.repeat(3);
    await dropFiles(page, [{ name: 'long.json', type: 'application/json', text: graph(name, title) }]);
    await waitForPreviews(page);
    for (const size of [{ width: 1024, height: 700 }, { width: 1600, height: 1000 }]) {
      await page.setViewportSize(size);
      await page.locator('tg-app .canvas').click({ position: { x: 30, y: 30 } });
      await page.keyboard.press('f');
      await settle(page);
      // Select the node: its title shows in the viewer's heading too.
      await page.locator('tg-node[data-node-id="n"] header .title').click();
      await settle(page);
      const bar = (await page.locator('tg-toolbar').boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(40);
      for (const b of await page.locator('tg-toolbar button:visible, tg-toolbar select:visible, tg-toolbar input.name').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right, bottom: r.bottom })))) {
        expect(b.top).toBeGreaterThanOrEqual(bar.y - 0.5);
        expect(b.bottom).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
        expect(b.right).toBeLessThanOrEqual(size.width);
      }
      // Nothing in the page is wider than the window (a long word would make it scroll).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const node = (await page.locator('tg-node[data-node-id="n"]').boundingBox())!;
      const header = (await page.locator('tg-node[data-node-id="n"] header .title').boundingBox())!;
      expect(header.x + header.width).toBeLessThanOrEqual(node.x + node.width + 0.5);
      const viewer = (await page.locator('tg-viewer').boundingBox())!;
      const overflow = await page.locator('tg-viewer').evaluate((el) => {
        const root = el.shadowRoot!;
        const box = el.getBoundingClientRect();
        return [...root.querySelectorAll('h2, h3, header, .heading, .title')].map((e) => e.getBoundingClientRect()).filter((r) => r.width && r.right > box.right + 0.5).length;
      });
      expect(overflow).toBe(0);
      expect(viewer.x + viewer.width).toBeLessThanOrEqual(size.width + 0.5);
      // The node's own menu: its heading is the title, cut to the menu's width.
      await page.locator('tg-node[data-node-id="n"] header .title').click({ button: 'right' });
      const menu = (await page.locator('tg-context-menu').boundingBox())!;
      expect(menu.width).toBeLessThanOrEqual(340);
      await screenshot(page, `long-names-${size.width}`);
      await page.keyboard.press('Escape');
    }
  });
});

describe('a newcomer at 1024 × 700 and 1600 × 1000, in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`reads a selected node's params at fit and the graph's counts in the status bar (${theme})`, async () => {
      const { launch } = await import('./harness.ts');
      const { openApp } = await import('./harness.ts');
      const browser = await launch();
      try {
        for (const size of [{ width: 1024, height: 700 }, { width: 1600, height: 1000 }]) {
          const context = await browser.newContext({ viewport: size, colorScheme: theme });
          const s = await openApp(browser, { context });
          const page = s.page;
          // The Biomes node at fit: its params card opens under it when it is selected.
          await page.locator('tg-node[data-node-id="biomes"] header .title').click();
          await page.locator('tg-node[data-node-id="biomes"] .params.card tg-param').first().waitFor();
          await settle(page);
          // Every label in the card is at least 10 px tall on screen, whatever the zoom at fit.
          const heights = await page.locator('tg-node[data-node-id="biomes"] .params.card tg-param').evaluateAll((els) =>
            els.map((el) => el.shadowRoot!.querySelector('label')?.getBoundingClientRect().height ?? 99),
          );
          expect(Math.min(...heights), `labels at ${size.width}`).toBeGreaterThanOrEqual(10);
          // And the card stays inside the canvas.
          const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
          const card = (await page.locator('tg-node[data-node-id="biomes"] .params.card').boundingBox())!;
          expect(card.x).toBeGreaterThanOrEqual(canvas.x - 0.5);
          expect(card.x + card.width).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
          // The status bar's counts are on screen: the hints give way on a narrow window.
          const counts = (await page.locator('tg-app .status .right').boundingBox())!;
          expect(counts.x + counts.width).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
          expect(await page.locator('tg-app .status .right').textContent()).toContain('16 nodes');
          await screenshot(page, `newcomer-${theme}-${size.width}`);
          expect(s.errors).toEqual([]);
          await s.close();
        }
      } finally {
        await browser.close();
      }
    });
  }
});
