// What a worldbuilder from Azgaar's Fantasy Map Generator and mapgen4 found making a continent
// from a climate recipe (session 37: sea level, wind, a ridge shaped with a curve, the cell
// explanation, pins, undo, a saved file broken by hand, a PNG of the biomes), with the real mouse
// and keyboard at 1600 × 1000 and 1024 × 700.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { emptyCanvas, graphText, screenshot, settle, waitForPreviews, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The 1-based line of the first line of `text` holding `needle`, from the 0-based line `after` on. */
function lineOf(text: string, needle: string, after = 0): number {
  const k = text.split('\n').findIndex((l, n) => n >= after && l.includes(needle));
  if (k < 0) throw new Error(`no line holds ${needle}`);
  return k + 1;
}

describe('the palette', () => {
  for (const viewport of SIZES) {
    it(`finds a ridged fBm noise for "mountain range" (${viewport.width} × ${viewport.height})`, async () => {
      // Azgaar's tool is "Add range", mapgen4 paints mountains: "mountain", "mountains" and
      // "mountain range" read "No node matches."
      await withApp({ viewport }, async (page) => {
        const before = await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: unknown[] } } } }).terrainGraph.core.graph.nodes.length);
        const p = await emptyCanvas(page);
        await page.mouse.dblclick(p.x, p.y);
        await page.locator('tg-node-menu input').waitFor();
        await page.keyboard.type('mountain range');
        await screenshot(page, `newcomer-worldbuilder-mountain-${viewport.width}`);
        const listed = await page.locator('tg-node-menu li:not(.group)').allTextContents();
        expect(listed.map((t) => t.trim())[0]).toBe('fBm noise');
        await page.keyboard.press('Enter');
        await waitForPreviews(page);
        await settle(page);
        const added = await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: { type: string; params: Record<string, unknown> }[] } } } }).terrainGraph.core.graph.nodes.at(-1)!);
        expect(await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: unknown[] } } } }).terrainGraph.core.graph.nodes.length)).toBe(before + 1);
        expect([added.type, added.params.kind]).toEqual(['fbm', 'ridged']);
      });
    });
  }
});

describe('a file broken by hand', () => {
  for (const viewport of SIZES) {
    it(`lists each problem with the line of the file it is on (${viewport.width} × ${viewport.height})`, async () => {
      // The wind's angle typed as "west" and the Land rank node deleted in a text editor: the
      // list said `$.nodes[12].params.angle` and `$.edges[8].to`, and the nodes and wires had to
      // be counted by hand to find them in the text.
      const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
      doc.nodes.find((n: { id: string }) => n.id === 'wind').params.angle = 'west';
      doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      await withApp({ viewport }, async (page) => {
        const before = await graphText(page);
        await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'my-continent.json', mimeType: 'application/json', buffer: Buffer.from(text) });
        const dialog = page.locator('tg-problems');
        await expect.poll(() => dialog.count()).toBe(1);
        await screenshot(page, `newcomer-worldbuilder-lines-${viewport.width}`);
        const items = await dialog.locator('li.problem').allTextContents();
        expect(items).toHaveLength(4);
        expect(items[0]).toMatch(/^line (\d+) \$\.nodes\[\d+\]\.params\.angle wind node/);
        expect(Number(/^line (\d+)/.exec(items[0])![1])).toBe(lineOf(text, '"angle": "west"'));
        const edges = lineOf(text, '"edges"');
        for (const item of items.slice(1)) {
          const [, line, k, end] = /^line (\d+) \$\.edges\[(\d+)\]\.(from|to) (?:no node has the id "rank": )?the wire from .*missing "rank"/.exec(item) ?? [];
          expect(line, item).toBeDefined();
          const edge = doc.edges[Number(k)];
          // Each wire is four lines ({, from, to, }) after the line of "edges".
          expect(Number(line)).toBe(lineOf(text, `"${end}": "${edge[end]}"`, edges + Number(k) * 4 - 1));
        }
        // The line number is on the screen beside the path, inside the box.
        const box = (await dialog.locator('.box').boundingBox())!;
        const first = (await dialog.locator('li.problem .line').first().boundingBox())!;
        expect(first.x).toBeGreaterThanOrEqual(box.x);
        expect(first.x + first.width).toBeLessThanOrEqual(box.x + box.width);
        await dialog.locator('button', { hasText: 'Close' }).click();
        expect(await graphText(page)).toBe(before);
      });
    });
  }
});
