// The graph's world (format version 6) through the editor's history, with the real mouse and
// keyboard: a world given with the note's button, a node moved, the world's size changed, a
// hostile file refused, another file opened and that undone, the page reloaded, and every step
// undone and redone: the world and the graph always come back together. Then the note's actions
// at the edges: a view at the far west of the world's coordinates, and the menu at 1024².
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { drag, graphText, lightValleys, openText, screenshot, settle, showInViewer, waitForPreviews, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';

async function graph(page: Page): Promise<{ world?: unknown; nodes: { id: string; position: number[] }[]; view: unknown }> {
  return JSON.parse(await graphText(page));
}

async function key(page: Page, combo: string): Promise<void> {
  await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press(combo);
  await settle(page);
}

async function openFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** eroded-valleys.json with its erosion lowered: the erosion's wear is none of what this file checks. */
const VALLEYS = lightValleys();

/** The default graph with a world, as a file. */
function defaultWithWorld(world: unknown): string {
  const doc = JSON.parse(readFileSync('graphs/default.json', 'utf8'));
  return JSON.stringify({ ...doc, world });
}

it('keeps the world with its graph through undo, a refused and an undone Open, and a reload', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    await openText(page, 'eroded-valleys.json', VALLEYS);
    await showInViewer(page, 'erosion');
    const states = [await graph(page)];
    expect(states[0].world).toBeUndefined();

    // 1. The note's button: a world around the view.
    await page.locator(`${note} button.world-set`).click();
    await expect.poll(async () => (await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    await settle(page);
    states.push(await graph(page));

    // 2. A node moved by its title.
    const title = (await page.locator('tg-node[data-node-id="rank"] header .title').boundingBox())!;
    await drag(page, { x: title.x + 10, y: title.y + 5 }, { x: title.x + 70, y: title.y + 45 });
    await settle(page);
    states.push(await graph(page));
    expect(states[2].nodes).not.toEqual(states[1].nodes);

    // 3. The world's size from the menu.
    await showInViewer(page, 'erosion');
    await page.locator(`${note} select[aria-label="world size"]`).selectOption('2');
    await expect.poll(async () => (await graph(page)).world).toEqual({ x: 0, y: 0, size: 2 });
    await settle(page);
    states.push(await graph(page));

    // A file whose world is no world: refused, its path named, the graph as it was.
    await openFile(page, 'hostile.json', defaultWithWorld('3 × 3'));
    const dialog = page.locator('tg-problems');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    expect((await dialog.locator('li.problem').allTextContents()).join('\n')).toMatch(/\$\.world.*expected \{"x", "y", "size"\} in whole views, got "3 × 3"/);
    await screenshot(page, 'world-history-refused');
    await dialog.locator('button', { hasText: 'Close' }).click();
    expect(await graph(page)).toEqual(states[3]);

    // Another file with its own world, then its Open undone: the world from before comes back.
    await openFile(page, 'elsewhere.json', defaultWithWorld({ x: 2, y: -4, size: 5 }));
    await waitForPreviews(page);
    const opened = await graph(page);
    expect(opened.world).toEqual({ x: 2, y: -4, size: 5 });
    await key(page, 'Control+z');
    await waitForPreviews(page);
    expect(await graph(page)).toEqual(states[3]);

    // The page reloaded: the draft and its history, the world with them.
    await page.waitForTimeout(1000);
    await page.reload();
    await waitForPreviews(page);
    expect(await graph(page)).toEqual(states[3]);
    for (const k of [2, 1, 0]) {
      await key(page, 'Control+z');
      expect(await graph(page), `undo to state ${k}`).toEqual(states[k]);
    }
    for (const k of [1, 2, 3]) {
      await key(page, 'Control+Shift+z');
      expect(await graph(page), `redo to state ${k}`).toEqual(states[k]);
    }
    await key(page, 'Control+Shift+z');
    await waitForPreviews(page);
    expect(await graph(page)).toEqual(opened);
  });
}, 240_000);

for (const [width, height] of [[1600, 1000], [1024, 700]] as const) {
  it(`offers a world it can take at the far west of the coordinates, and at 1024² no size past the cap, at ${width} × ${height}`, async () => {
    await withApp({ viewport: { width, height } }, async (page) => {
      await openText(page, 'eroded-valleys.json', VALLEYS);
      await showInViewer(page, 'erosion');
      // 8 × 8 views chosen at 256 (2049²), then the view at 1024: 8193² would be past the cap.
      const menu = page.locator(`${note} select[aria-label="world size"]`);
      await menu.selectOption('8');
      await page.locator('tg-viewer .bar.view select.size').selectOption('1024');
      // The erosion on the view at 1024² (its params in 256-map cells since format 7: 4 times the steps).
      await settle(page, 180_000);
      const options = await menu.locator('option').evaluateAll((list) => list.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled, (o as HTMLOptionElement).selected]));
      expect(options.filter(([, disabled]) => disabled).map(([v]) => v)).toEqual(['5', '6', '8']);
      expect(options.find(([, , selected]) => selected)?.[0]).toBe('2');
      await expect.poll(() => page.locator(`${note} p`).innerText()).toMatch(/Give the graph a world \(2 × 2 views from \(0, 0\), 2049² cells at this size\)/);
      await screenshot(page, `world-note-1024-${width}`);

      // The view at the far west and south: the world offered starts there, and is taken.
      await page.locator('tg-viewer .bar.view select.size').selectOption('256');
      for (const axis of ['x', 'y']) {
        await page.locator(`tg-viewer .bar.view input.${axis}`).fill('-1000000000');
        await page.locator(`tg-viewer .bar.view input.${axis}`).press('Enter');
        await settle(page);
      }
      expect((await graph(page)).view).toEqual({ x: -1e9, y: -1e9, size: 256 });
      await menu.selectOption('3');
      await page.locator(`${note} button.world-set`).click();
      await expect.poll(async () => (await graph(page)).world).toEqual({ x: -1e9, y: -1e9, size: 3 });
      await waitForPreviews(page);
      await expect.poll(() => page.locator(`${note} p`).innerText(), { timeout: 60_000 }).toMatch(/runs on the graph's whole world \(3 × 3 views from \(−1000000000, −1000000000\), 769² cells at this size\)/);
      await screenshot(page, `world-note-edge-${width}`);
    });
  }, 420_000);
}
