// What a Gaea / World Machine user's first pass found in the editor's words (session 35), with
// the real mouse and keyboard at 1600 × 1000 and 1024 × 700: a node cut off from its input made
// every node below it say `waits on "water" (input "terrain")`, an id the canvas shows nowhere
// (its title is Water level), and the 3-D view kept a renamed node's old title in "No land to
// show".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dragWire, screenshot, settle, showInViewer, wirePoint, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The words over a node's picture (why it has none), as the canvas shows them. */
async function pictureWords(page: Page, id: string): Promise<string> {
  const words = page.locator(`tg-node[data-node-id="${id}"] tg-preview .message`);
  await words.waitFor();
  return (await words.textContent())!.trim();
}

/** Renames the node with the keyboard: its title clicked, F2, the new title typed, Enter. */
async function rename(page: Page, id: string, title: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await page.keyboard.press('F2');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await settle(page);
}

describe('a node that waits on another names it as the canvas does', () => {
  for (const viewport of SIZES) {
    it(`names the node waited on by its title, on the canvas, in the viewer and the 3-D view, and follows a rename (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        // The wire into Water level cut (clicked, Delete): everything below it waits.
        const cut = await wirePoint(page, 'height.out>water.height');
        await page.mouse.click(cut.x, cut.y);
        await page.keyboard.press('Delete');
        await settle(page);
        await expect.poll(() => pictureWords(page, 'coast')).toBe('waits on "Water level" (input "terrain"), which has no output');
        expect(await pictureWords(page, 'temperature')).toContain('waits on "Land rank" (input "rank")');
        await showInViewer(page, 'coast');
        await expect.poll(() => page.locator('tg-viewer .message').textContent()).toContain('waits on "Water level"');
        await page.locator('tg-viewer .tab-3d').click();
        const land = page.locator('tg-terrain-3d .status');
        await expect.poll(() => land.textContent()).toBe('No land to show: "Coast distance" has no output: waits on "Water level" (input "terrain"), which has no output.');
        await screenshot(page, `newcomer-words-waits-${viewport.width}`);
        // Renamed, each keeps saying the title the canvas shows.
        await rename(page, 'water', 'Sea');
        await expect.poll(() => pictureWords(page, 'coast')).toBe('waits on "Sea" (input "terrain"), which has no output');
        await rename(page, 'coast', 'Shore distance');
        await expect.poll(() => land.textContent()).toBe('No land to show: "Shore distance" has no output: waits on "Sea" (input "terrain"), which has no output.');
        await screenshot(page, `newcomer-words-renamed-${viewport.width}`);
      });
    });
  }
});

describe('the Save as box says what Save will do, not what it did', () => {
  for (const viewport of SIZES) {
    it(`reads "Downloads as <name>.json" under the name being typed, and "Saved as" nowhere before the file is saved (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        await page.keyboard.press('Control+Shift+s');
        const box = page.locator('tg-ask-dialog');
        const note = box.locator('p.note');
        await note.waitFor();
        // Nothing is saved yet: it read "Saved as default.json".
        expect((await note.textContent())!.trim()).toBe('Downloads as default.json');
        await page.keyboard.press('Control+a');
        await page.keyboard.type('my world');
        // The default graph's name is a recipe's, which follows the new file (save-as-name.test.ts).
        await expect.poll(async () => (await note.textContent())!.trim()).toBe('Downloads as my world.json; the graph is named "my world"');
        await screenshot(page, `newcomer-words-save-as-${viewport.width}`);
        const download = page.waitForEvent('download');
        await page.keyboard.press('Enter');
        expect((await download).suggestedFilename()).toBe('my world.json');
      });
    });
  }
});

describe('a wired input whose wire brings nothing through a bypassed node', () => {
  for (const viewport of SIZES) {
    it(`says which bypassed node passes nothing on, not that the input is not wired (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        // A Hydraulic erosion added from the palette (selected alone) and bypassed at once, its own
        // input not wired yet; then wired into Water level.
        const box = (await page.locator('tg-node[data-node-id="moistNoise"]').boundingBox())!;
        await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height + 60);
        await page.keyboard.type('hydraulic');
        await page.keyboard.press('Enter');
        await settle(page);
        await page.keyboard.press('Control+b');
        await settle(page);
        // Every node in sight (the view moved to show the new one and its card), then the wire.
        await page.keyboard.press('Control+a');
        await page.keyboard.press('f');
        await settle(page);
        await dragWire(page, ['hydraulic', 'out'], ['water', 'height']);
        await settle(page);
        const bypassed = await page.evaluate(() =>
          (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string; bypass?: boolean }[] } } } }).terrainGraph.core.graph.nodes.filter((n) => n.bypass).map((n) => n.id),
        );
        expect(bypassed).toEqual(['hydraulic']);
        // It said 'input "height" is not wired', under a wire in plain sight.
        await expect.poll(() => pictureWords(page, 'water')).toBe('input "height": "Hydraulic erosion" is bypassed and passes nothing on');
        expect(await pictureWords(page, 'coast')).toBe('waits on "Water level" (input "terrain"), which has no output');
        await screenshot(page, `newcomer-words-bypassed-${viewport.width}`);
      });
    });
  }
});
